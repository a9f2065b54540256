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

from attrs import evolve

from ._actions import PlayCard, add_plays
from ._cards import Card
from ._effects import RoundEnd
from ._events import (
    DirectionReversed,
    Event,
    PenaltyDrawn,
    PileRecycled,
    TurnSkipped,
    card_played,
    cards_drawn,
    seat_event,
)
from ._state import GameState, Pending, PlayerState, evolve_player, evolve_state, replace_fields, with_hand
from .exceptions import InvalidCallError

__all__ = [
    "RoundStopped",
    "add_plays",
    "best_seats",
    "can_draw",
    "complete_turn",
    "draw_cards",
    "emit",
    "end_turn",
    "evolve_player",
    "evolve_state",
    "forfeit_turn",
    "matching",
    "play_card",
    "plays",
    "read_call",
    "replace_player",
    "shuffle_order",
    "shuffled",
    "walk",
    "with_hand",
    "without_card",
]


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


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """
    *hand* less *card*: that very card when it is held, else the first copy equal to it (which must be in it).
    """
    for index, held in enumerate(hand):  # the very card first: comparing cards by value costs a call each
        if held is card:
            return hand[:index] + hand[index + 1 :]
    index = hand.index(card)  # the first copy, when a deck holds two alike
    return hand[:index] + hand[index + 1 :]


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
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        width = bound.bit_length()
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


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
    state = evolve_state(state, changes)  # checked: a caller's own changes are among them
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


def play_card(state: GameState, seat: int, card: Card, call: str | None) -> GameState:
    """
    *seat* plays *card* (in turn, or out of turn as a jump-in), saying *call*: the whole play, to the end of the turn.

    The card goes on the pile and the seat takes the turn; the call is
    judged, the card's effect applied (debt, direction, wish), its
    follow-up run, and the turn completed, unless a suit must be named or
    the follow-up asks for a decision first.  The caller has checked that
    the play is legal.
    """
    rules = state.rules
    start = state
    hand = without_card(state.players[seat].hand, card)
    state = replace_fields(
        state,
        {
            "players": with_hand(state.players, seat, hand),
            "discard_pile": state.discard_pile + (card,),
            "drawn": None,
            "passes": 0,
            "wish": None,
            "skips": 0,
            "to_move": seat,
            "events": state.events + (card_played(seat, card, call, seat != state.to_move),),
        },
    )
    # Hooks read into locals, then called: the fast way on CPython 3.11 (see `maumau.legal_actions`'s code).
    expected_call, card_effect, follow_up = rules.expected_call, rules.card_effect, rules.follow_up
    expected = expected_call(state, seat, len(hand))
    if expected:  # with no call due the play is listed without one: nothing to judge
        ruling = rules.judge_call(state, seat, card, call, expected)
        if ruling is not None and ruling.missed is not None:
            state = rules.call_missed(state, seat, ruling, start)
    effect = card_effect(state, seat, card)
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
    if follow_up is not None:
        state = follow_up(state, seat, card)
    if effect.choose_suit:
        return replace_fields(state, {"pending": Pending(seat, "suit", rules.suits(state), skip=effect.skip)})
    return complete_turn(state, seat, effect.skip)


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
    the *skip* the turn owes, for when it is taken.
    """
    pending = state.pending
    if pending is not None:
        if skip and pending.skip != skip:
            state = evolve_state(state, pending=evolve(pending, skip=skip))
        return state
    if state.drawn is not None:
        return state
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
    next_seat = rules.next_seat  # read, then called: see play_card
    following = next_seat(state, seat)
    if skip:
        skipped: list[Event] = []
        for _ in range(skip):
            skipped.append(seat_event(TurnSkipped, following))
            following = next_seat(state, following)
        events = changes.pop("events", state.events)
        changes["events"] = events + tuple(skipped)  # type: ignore[operator]
    if changes:
        changes["to_move"] = following
        changes["drawn"] = changes["pending"] = None
        state = evolve_state(state, changes)
    else:  # the usual end of a turn
        state = replace_fields(state, {"to_move": following, "drawn": None, "pending": None})
    return state if rules.turn_ended is None else rules.turn_ended(state, seat)


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
