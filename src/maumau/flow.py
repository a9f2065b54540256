"""
The kernel's steps: playing a card, drawing, ending a turn, shared by the engine and by plugins.

A mechanic or a variant that needs a step the hooks do not describe (a play
out of turn, a penalty after a challenge) builds it from these functions,
so that drawing, recycling and turn order work the same in every game.
Each takes a state and returns a new one.

Two rules hold everywhere:

* Every draw the rules require (a debt, a penalty) goes through
  `draw_cards` with ``required=True``: when the cards run out even after
  recycling, `maumau_draw_shortfall <maumau.hookspecs.maumau_draw_shortfall>`
  may stop the round there and then.
* A turn ends in one place, `complete_turn`: once a play, a draw or a
  decision is done and nothing is pending or drawn, the move passes on
  (`end_turn`).  Hooks return states and never hand the move on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import Any

from attrs import evolve

from ._actions import PlayCard, add_plays
from ._cards import Card, without_card
from ._effects import NO_EFFECT, Effect, RoundEnd
from ._events import (
    DirectionReversed,
    Event,
    HandsPassed,
    PenaltyDrawn,
    PileRecycled,
    PlaysAgain,
    TurnSkipped,
    card_played,
    cards_drawn,
    seat_event,
)
from ._state import (
    STATE_FIELD_NAMES as _STATE_FIELD_NAMES,
)
from ._state import (
    GameState,
    Pending,
    PlayerState,
    copier_for,
    evolve_player,
    evolve_state,
    replace_fields,
    state_changer,
    with_hand,
)
from ._tables import card_effects, per_card
from .exceptions import InvalidCallError

__all__ = [
    "STATE_FIELD_NAMES",
    "RoundStopped",
    "add_plays",
    "best_seats",
    "call_due",
    "can_draw",
    "card_effects",
    "complete_turn",
    "draw_cards",
    "emit",
    "end_turn",
    "evolve_player",
    "evolve_state",
    "forfeit_turn",
    "matching",
    "pass_hands",
    "per_card",
    "play_card",
    "plays",
    "previous_seat",
    "read_call",
    "replace_player",
    "shuffle_order",
    "shuffled",
    "turn_order",
    "walk",
    "with_hand",
    "without_card",
]


#: The names of a state's fields as `maumau.GameState` takes them (its keywords, `attrs.evolve`'s, `evolve_state`'s
#: and JSON's), in order: what ``attrs.fields(GameState)`` named before the set-up and the standing were held
#: apart.  ``attrs.fields(GameState)`` lists the state's slots now.
#:
#: .. versionadded:: 0.2.0
STATE_FIELD_NAMES: tuple[str, ...] = _STATE_FIELD_NAMES


class RoundStopped(Exception):
    """
    A required draw stopped the round (`maumau_draw_shortfall`): carried up to `maumau.apply`, which scores it.

    Raised by `draw_cards` so that no caller has to pass a round end back by
    hand; a plugin never needs to catch it.
    """

    def __init__(self, state: GameState, end: RoundEnd) -> None:
        super().__init__(end.reason)
        self.state = state
        self.end = end


def emit(state: GameState, *events: Event) -> GameState:
    """
    Add *events* to those of the action being applied.
    """
    return evolve_state(state, events=state.events + events)


def replace_player(players: tuple[PlayerState, ...], seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """
    *players* with the one at *seat* replaced.
    """
    changed = list(players)
    changed[seat] = player
    return tuple(changed)


def shuffled(state: GameState, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], GameState]:
    """
    *cards* in an order drawn from the state's seed, and the state that counts the shuffle.

    Each shuffle of a game gets its own generator, seeded by the game's seed
    and the shuffle's number, so the same seed and actions always give the
    same cards, whichever shuffle comes when.
    """
    return shuffle_order(state.seed, state.shuffles, cards), evolve_state(state, shuffles=state.shuffles + 1)


def shuffle_order(seed: int, number: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """
    *cards* in the order of shuffle *number* of the game with *seed*: what `shuffled` returns, without a new state.

    A Fisher-Yates shuffle drawing from a Mersenne Twister seeded with
    ``f"{seed}/{number}"``, the very algorithm of ``random.Random.shuffle``
    written out here, so that a game's deals do not depend on how a Python
    version implements ``shuffle`` (and cost one call per card less).
    """
    if len(cards) < 2:  # nothing to shuffle, and no generator to seed (a tenth of recycled piles)
        return tuple(cards)
    order = list(cards)
    getrandbits = random.Random(f"{seed}/{number}").getrandbits
    for i, bound, width in _swaps(len(order)):
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


@lru_cache(maxsize=256)
def _swaps(length: int) -> tuple[tuple[int, int, int], ...]:
    """
    The steps of a Fisher-Yates shuffle of *length* cards, last place first: each place, the count of places it
    draws its partner from, and the bits a draw takes (``random.Random._randbelow``'s).  The same for every shuffle
    of a pile that long, so worked out once: a deal draws fifty of them.
    """
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def can_draw(state: GameState) -> bool:
    """
    Whether at least one card can be drawn, recycling included.
    """
    return bool(state.draw_pile) or len(state.discard_pile) > 1


def draw_cards(
    state: GameState,
    seat: int,
    count: int,
    *,
    penalty: str | None = None,
    required: bool = False,
    drawn: bool = False,
    **changes: object,
) -> tuple[GameState, tuple[Card, ...]]:
    """
    Move up to *count* cards from the draw pile to *seat*'s hand.

    When the pile runs short, the discards below the top card are shuffled
    into a new pile first.  A *penalty* reason records the draw as a
    `PenaltyDrawn` event.  A *required* draw (a debt, a penalty) that comes
    short even so asks `maumau_draw_shortfall`, which may stop the round
    (`RoundStopped`); otherwise fewer cards are drawn: compare the length of
    the cards returned with *count*.  With *drawn*, the last card drawn
    becomes ``state.drawn`` (a draw by choice, whose card may be played);
    *changes* are further fields to set in the same new state.
    """
    pile = state.draw_pile
    events = state.events
    if len(pile) < count and len(state.discard_pile) > 1:  # recycled in the same new state as the draw
        discards = state.discard_pile
        recycled = shuffle_order(state.seed, state.shuffles, discards[:-1])
        pile = pile + recycled
        changes["shuffles"] = state.shuffles + 1
        changes["discard_pile"] = discards[-1:]
        events = events + (PileRecycled(len(recycled)),)
    cards = pile[:count]
    event: Event = cards_drawn(seat, cards) if penalty is None else PenaltyDrawn(seat, len(cards), penalty, cards)
    if drawn and cards:
        changes["drawn"] = cards[-1]
    changes["draw_pile"] = pile[count:]
    changes["players"] = with_hand(state.players, seat, state.players[seat].hand + cards)
    changes["events"] = events + (event,)
    state = copier_for(tuple(changes))(state, changes)  # checked as evolve_state checks: a caller's changes are in
    if required and len(cards) < count:
        end = state.rules.draw_shortfall(state, seat, count - len(cards))
        if end is not None:
            raise RoundStopped(state, end)
    return state, cards


def walk(state: GameState, seat: int, eligible: Callable[[int], bool]) -> int:
    """
    The first seat after *seat*, in the direction of play, for which *eligible* holds; *seat* itself if none.
    """
    count = len(state.players)
    step = state.direction
    candidate = seat
    for _ in range(count):
        candidate = (candidate + step) % count
        if eligible(candidate):
            return candidate
    return seat


def play_card(
    state: GameState,
    seat: int,
    card: Card,
    call: str | None,
    more: bool = False,
    *,
    slots: tuple[tuple[str, Any], ...] | None = None,
) -> GameState:
    """
    *seat* plays *card* (in turn, or out of turn as a jump-in), saying *call*: to the end of the play and the turn.

    The card goes on the pile and the seat takes the turn.  With *more*,
    more cards follow in the same play (``state.playing`` holds the play so
    far) and nothing else happens yet.  Otherwise the play ends with this
    card: its call is judged once, on the whole play and the hand it leaves
    (`call_due`); the effect of its cards, added up when there are several
    (`maumau_combine_effects`), is applied (debt, direction, wish, turns to
    sit out, draws by other seats, hands passed, another turn); each card's
    follow-up runs; and the turn completes, unless a suit must be named or a
    follow-up asks for a decision first.  The caller has checked that the
    play is legal.

    *slots*, when given, replace the state's slots with the card down: a
    count the game keeps of its plays, set in the play's first new state
    rather than in one of its own before it.

    .. versionchanged:: 0.2.0 *slots*.
    """
    hand = without_card(state.players[seat].hand, card)
    if more:
        return _play_on(state, seat, card, hand, slots)
    changes: dict[str, Any] = {  # the play's last card goes down: the hand, the pile, the turn so far, what it asked
        "players": with_hand(state.players, seat, hand),
        "discard_pile": state.discard_pile + (card,),
        "drawn": None,
        "passes": 0,
        "wish": None,
        "skips": 0,
        "to_move": seat,
        "events": state.events + (card_played(seat, card, call, seat != state.to_move),),
    }
    if state.playing:
        changes["playing"] = ()
    if slots is not None:
        changes["slots"] = slots
    if state.draws or state.again is not None:  # what the turn so far held: rarely anything
        changes["draws"] = 0
        changes["again"] = None
    # A game with calls: the call due, asked of the position the play starts from, judged once the card is down.
    expected = _call_expected(state, seat, card, len(hand)) if state.rules.calls_due else None
    return _play_ended(state, copier_for(tuple(changes))(state, changes), seat, card, call, expected)


def _play_ended(
    start: GameState, state: GameState, seat: int, card: Card, call: str | None, expected: str | None
) -> GameState:
    """
    The play from *start* whose last card, *card*, is down in *state*: the call judged where one was *expected*, the
    effect of the play's cards taken, each card followed up, then a suit to name or the turn completed.
    """
    if expected:
        state = _judge_call(state, start, seat, card, call, expected)
    cards = start.playing + (card,)
    effect = _effect_of(state, seat, cards)
    if effect is not NO_EFFECT or state.debt:  # a card that does something, or one that answers no debt it leaves
        state = _take_effect(state, seat, card, effect, start.skips)
    follow_up = state.rules.follow_up
    if follow_up is not None:
        ranks = state.rules.follow_up_ranks  # those of the only cards it may follow up, or None: any card
        for each in cards:
            if ranks is None or each.rank in ranks:
                state = follow_up(state, seat, each)
    if effect.choose_suit:
        choices = state.rules.suits(state) if effect.suits is None else effect.suits
        return replace_fields(state, {"pending": Pending(seat, "suit", choices, skip=effect.skip)})
    return complete_turn(state, seat, effect.skip)


def _play_on(
    state: GameState, seat: int, card: Card, hand: tuple[Card, ...], slots: tuple[tuple[str, Any], ...] | None
) -> GameState:
    """
    *seat* puts *card* down as part of a play that more cards follow: it lies on the pile, and what the play does
    waits for its last card; with *slots*, the state's slots replaced.
    """
    changes: dict[str, Any] = {
        "players": with_hand(state.players, seat, hand),
        "discard_pile": state.discard_pile + (card,),
        "playing": state.playing + (card,),
        "drawn": None,
        "draws": 0,
        "passes": 0,
        "wish": None,
        "again": None,
        "to_move": seat,
        "events": state.events + (card_played(seat, card, None, seat != state.to_move, True),),
    }
    if slots is not None:
        changes["slots"] = slots
    return replace_fields(state, changes)


def _call_expected(start: GameState, seat: int, card: Card, left: int) -> str | None:
    """
    The call due from *seat* for a play from *start* ending on *card* that leaves *left* cards in hand, if any.
    """
    rules = start.rules
    if rules.call_by_count is None:  # the call due depends on the cards played
        return rules.expected_call(start, seat, left, start.playing + (card,))
    if rules.call_table is not None:  # `Rules.call_by_cards_left`'s table, read here without a call: every play
        return rules.call_table[left]
    # The question `call_due` asks while listing: answered once, when the listing of *start* kept its answer.
    memo = start.memo
    asked: Any = memo.get(-1 - seat, False) if memo is not None else False
    return rules.call_by_cards_left(start, seat, left) if asked is False else asked


def _judge_call(
    state: GameState, start: GameState, seat: int, card: Card, call: str | None, expected: str
) -> GameState:
    """
    *state* after judging *call*, said with a play from *start* whose last card is *card*, where *expected* was
    due: a missed call is the variant's to punish.
    """
    rules = state.rules
    playing = start.playing + (card,)
    ruling = rules.judge_call(state, seat, card, call, expected, playing)
    if ruling is not None and ruling.missed is not None:
        state = rules.call_missed(state, seat, ruling, start)
    return state


def _effect_of(state: GameState, seat: int, cards: tuple[Card, ...]) -> Effect:
    """
    What the play of *cards* does: its one card's effect, or the effects of its cards combined.
    """
    rules = state.rules
    card_effect = rules.card_effect
    if len(cards) == 1:
        if rules.effects_rule is not None:  # the effects are a table per card: read from the game's table
            last = rules.last_table
            same = last.options is state.options and last.players == len(state.players)
            effect = (last.table if same else rules.table(state)).effect(state, seat, cards[0])  # type: ignore[union-attr]
            if effect is not None:
                return effect
        return card_effect(state, seat, cards[0])
    return rules.combine_effects(state, seat, cards, tuple(card_effect(state, seat, each) for each in cards))


def _take_effect(state: GameState, seat: int, card: Card, effect: Effect, owed_skips: int) -> GameState:
    """
    *state* with *effect* of a play ending on *card* applied, but for the turn's end: the debt, the direction,
    the wish, and what goes beyond the next player (`_beyond_the_next`).
    """
    debt = state.debt + effect.draw if effect.draw else 0
    if effect.reverse:
        direction = -state.direction
        state = replace_fields(
            state,
            {
                "debt": debt,
                "direction": direction,
                "wish": effect.wish,
                "events": state.events + (DirectionReversed(direction),),
            },
        )
    elif debt != state.debt or effect.wish is not None:
        state = replace_fields(state, {"debt": debt, "wish": effect.wish})
    if effect.beyond:
        state = _beyond_the_next(state, seat, card, effect, owed_skips)
    return state


def _beyond_the_next(state: GameState, seat: int, card: Card, effect: Effect, owed_skips: int) -> GameState:
    """
    What *effect* does beyond a debt, a skip, a reversal and a wish: turns to sit out (added to *owed_skips*,
    those the play answered), another turn, draws by the previous or every other player, hands passed on.
    """
    changes: dict[str, object] = {}
    if effect.sit_out:
        changes["skips"] = owed_skips + effect.sit_out
    elif effect.again and state.players[seat].hand and not state.debt:
        changes["again"] = effect.again  # another turn, unless the next player owes something first
    if changes:
        state = evolve_state(state, changes)
    reason = f"{card} played"
    if effect.draw_previous:
        previous = previous_seat(state, seat)
        if previous != seat:
            state, _ = draw_cards(state, previous, effect.draw_previous, penalty=reason, required=True)
    if effect.draw_others:
        for other in turn_order(state, seat)[1:]:
            state, _ = draw_cards(state, other, effect.draw_others, penalty=reason, required=True)
    if effect.pass_hands:
        state = pass_hands(state, seat, effect.pass_hands)
    return state


def turn_order(state: GameState, seat: int) -> tuple[int, ...]:
    """
    *seat* and the seats after it, in turn order (`maumau_next_seat`), each once: the players still in the round.

    .. versionadded:: 0.2.0
    """
    next_seat = state.rules.next_seat
    order = [seat]
    following = next_seat(state, seat)
    while following not in order:
        order.append(following)
        following = next_seat(state, following)
    return tuple(order)


def previous_seat(state: GameState, seat: int) -> int:
    """
    The seat that plays before *seat*: the next seat against the direction of play.

    .. versionadded:: 0.2.0
    """
    return state.rules.next_seat(evolve_state(state, direction=-state.direction), seat)


def pass_hands(state: GameState, seat: int, times: int = 1) -> GameState:
    """
    Every player still in the round (`turn_order` from *seat*) passes their hand *times* places on.

    .. versionadded:: 0.2.0
    """
    order = turn_order(state, seat)
    if len(order) < 2:
        return state
    hands = tuple(state.players[each].hand for each in order)
    players = list(state.players)
    for index, hand in enumerate(hands):
        receiver = order[(index + times) % len(order)]
        players[receiver] = evolve_player(players[receiver], hand=hand)
    return evolve_state(state, players=tuple(players), events=state.events + (HandsPassed(order, times, hands),))


def call_due(state: GameState, seat: int, cards: tuple[Card, ...]) -> str | None:
    """
    The call *seat* owes with a play of *cards* from *state* (`maumau_expected_call`), or ``None``.

    The one question about calls, asked the same way while a play is listed
    and when it is carried out: *state* is the position the play's last card
    is played from (the cards before it are on the pile, in an open play),
    so the hand left is the hand less that card.

    .. versionadded:: 0.2.0
    """
    rules = state.rules
    if not rules.calls_due:  # a game with no calls
        return None
    left = len(state.players[seat].hand) - 1
    if rules.call_by_count is not None:  # the call depends on the count of cards left alone
        return rules.call_by_cards_left(state, seat, left) or None
    return rules.expected_call(state, seat, left, cards) or None


def matching(
    state: GameState, cards: Sequence[Card], wild: Collection[str] = (), wild_on_wild: bool = True
) -> tuple[Card, ...]:
    """
    The kernel's matching: those of *cards*, in their order, that may follow the top card.

    Nothing while a debt or a skip is owed (a variant says which cards
    answer them); else a card of the wished suit if a suit is wished, or of
    the top card's suit or rank.  A card whose rank is one of *wild* goes on
    anything, a wish included; with *wild_on_wild* false, never on a wild
    card (no jack on a jack).  The default of `maumau_playable
    <maumau.hookspecs.maumau_playable>`, for variants to extend without
    restating it.

    .. versionadded:: 0.2.0
    """
    if state.debt or state.skips:
        return ()
    found = []  # loops, not comprehensions: a hand is a few cards, and this runs at every decision
    wish = state.wish
    if wild:
        top = state.discard_pile[-1]
        suit, rank = top.suit, top.rank
        barred = not wild_on_wild and rank in wild  # a wild card on a wild card
        for card in cards:
            if card.rank in wild:
                if not barred:
                    found.append(card)
            elif (card.suit == wish) if wish is not None else (card.suit == suit or card.rank == rank):
                found.append(card)
    elif wish is not None:
        for card in cards:
            if card.suit == wish:
                found.append(card)
    else:
        top = state.discard_pile[-1]
        suit, rank = top.suit, top.rank
        for card in cards:
            if card.suit == suit or card.rank == rank:
                found.append(card)
    return tuple(found)


def plays(state: GameState, seat: int, cards: Sequence[Card]) -> list[PlayCard]:
    """
    The legal plays of *cards* by *seat*, as `maumau.legal_actions` lists them.

    With no call due, each card without a call; with a call due, each card
    with the due call, with none, and with every other call of the variant
    (a wrong call is a call missed, for the variant to judge).
    """
    listed: list[PlayCard] = []
    add_plays(state, seat, cards, listed)
    return listed


def complete_turn(state: GameState, seat: int, skip: int = 0) -> GameState:
    """
    *seat*'s step is done: end its turn, passing over *skip* players, unless a decision or a drawn card waits.

    The one rule for when a turn ends.  A decision still to be taken keeps
    the *skip* the turn owes, for when it is taken.  A seat that a card gave
    another turn (``state.again``) keeps the move instead, and the skip is
    void.
    """
    pending = state.pending
    if pending is not None:
        if skip and pending.skip != skip:
            state = evolve_state(state, pending=evolve(pending, skip=skip))
        return state
    if state.drawn is not None:
        return state
    again = state.again
    if again is not None:  # a card gave the seat another turn: the move stays
        return replace_fields(state, {"to_move": seat, "draws": 0, "events": state.events + (PlaysAgain(seat, again),)})
    return end_turn(state, seat, skip)


def end_turn(state: GameState, seat: int, skip: int = 0, **changes: object) -> GameState:
    """
    Hand the move on from *seat*, passing over *skip* players; a debt or an owed skip stays for the next player.

    *changes* are further fields to set on the way, in the same new state
    (a pass's event, say).  Plugins see the new turn in
    `maumau_turn_ended <maumau.hookspecs.maumau_turn_ended>`.  Only
    `complete_turn`, `forfeit_turn` and the kernel's pass, suit choice and resignation call it.
    """
    rules = state.rules
    next_seat = rules.next_seat
    if rules.plain_turn_order:  # the kernel's turn order, worked out here: every turn ends through this line
        players = state.players
        following = (seat + state.direction) % len(players)
        if players[following].resigned:
            following = next_seat(state, seat)
    else:
        following = next_seat(state, seat)
    if skip:
        skipped: list[Event] = []
        for _ in range(skip):
            skipped.append(seat_event(TurnSkipped, following))
            following = next_seat(state, following)
        events = changes.pop("events", state.events)
        changes["events"] = events + tuple(skipped)  # type: ignore[operator]
    waits: tuple[int, ...] = state.waits if not changes else changes.get("waits", state.waits)  # type: ignore[assignment]
    if waits and waits[following]:  # the next player sits this turn out, and maybe the one after
        following = _sit_out(state, following, list(waits), changes)
    if state.draws or state.again is not None:  # what the turn held, rarely anything: gone with it
        changes["again"] = None
        changes["draws"] = 0
    if changes:
        changes["to_move"] = following
        changes["drawn"] = changes["pending"] = None
        state = copier_for(tuple(changes))(state, changes)
    else:  # the usual end of a turn
        state = _hand_on(state, to_move=following, drawn=None, pending=None)
    return state if rules.turn_ended is None else rules.turn_ended(state, seat)


#: The usual end of a turn: the move handed on, nothing drawn or pending.
_hand_on = state_changer("to_move", "drawn", "pending")


def _sit_out(state: GameState, following: int, waits: list[int], changes: dict[str, object]) -> int:
    """
    Pass over the seats from *following* on that still sit out turns (*waits*, by seat), one turn each; the
    seat that plays.  The waits left and the skipped turns' events go into *changes*.
    """
    next_seat = state.rules.next_seat
    events: tuple[Event, ...] = changes.get("events", state.events)  # type: ignore[assignment]
    while waits[following]:
        waits[following] -= 1
        events = events + (seat_event(TurnSkipped, following),)
        following = next_seat(state, following)
    changes["waits"] = tuple(waits) if any(waits) else ()
    changes["events"] = events
    return following


def forfeit_turn(state: GameState, seat: int) -> GameState:
    """
    *seat*'s turn ends without a play: a debt it owes is drawn first (and followed up), then the move passes.

    For a turn a mechanic takes away, such as a play taken back after a challenge.
    """
    if state.debt:
        owed = state.debt
        state, cards = draw_cards(state, seat, owed, required=True, debt=0)
        return complete_turn(state.rules.after_draw(state, seat, cards, True), seat)
    return end_turn(evolve_state(state, skips=0, pending=None, drawn=None), seat)


def read_call(state: GameState, text: str | None) -> str | None:
    """
    The variant's call that typed *text* means ("MAU!", "mau mau"), or ``None`` for no text.

    Case, spaces, hyphens and punctuation do not matter, so "mau-mau",
    "Mau Mau" and "MAUMAU!" are one call.  A `maumau.PlayCard` must carry
    the canonical spelling, which this returns.

    Raises:
        InvalidCallError: *text* is none of the variant's calls.

    .. versionadded:: 0.2.0
    """
    if text is None or not text.strip():
        return None
    calls = state.rules.calls(state.options)
    letters = _letters(text)
    for call in calls:
        if _letters(call) == letters:
            return call
    raise InvalidCallError(text, calls)


def _letters(call: str) -> str:
    return "".join(ch for ch in call.casefold() if ch.isalnum())


def best_seats(state: GameState, *, lowest: bool = False) -> tuple[int, ...]:
    """
    The seats, among those that have not resigned, with the most points (with
    *lowest*, the fewest): the winners of a match, ties sharing.
    """
    remaining = state.active_seats()
    if not remaining:
        return ()
    scores = state.scores
    pick = min if lowest else max
    best = pick(scores[seat] for seat in remaining)
    return tuple(seat for seat in remaining if scores[seat] == best)
