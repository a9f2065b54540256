"""
Crazy Eights as OpenSpiel plays it: 52 cards (104 from six players), eights wild, draw up to five, one deal.

The rules of OpenSpiel's ``crazy_eights`` game, written as a maumau variant
in a package of its own, with its parameters as options.  Two to fifteen
players; from six on, two 52-card packs.  A random seat deals 5 cards each
(7 to each of two players), one at a time from the seat after the dealer,
and turns a starter that is not an 8 (an 8 goes to the bottom of the draw
pile).  Play a card of the top card's suit or rank, or an 8 on anything,
which names the suit to follow.  Or draw a card, and again, up to
``max_draw_cards`` cards in a turn; after each draw any card of the hand may
be played, and once the limit is drawn, or the draw pile is empty, passing
is allowed too.  With ``use_special_cards`` a queen skips the next player,
an ace reverses the direction, and a 2 makes the next player draw 2 unless
they answer with any 2 (the debt grows by 2); a special starter acts as if
the dealer had played it.  The draw pile is not refilled unless
``reshuffle``.  The game ends when a hand is empty, after ``max_turns`` card
plays, or when the draw pile is empty and the players passed one more time
in a row than there are players.  Every player then scores minus their hand:
50 for an 8, 10 for a J, Q, K or A, the face value for the rest.

The drawing is the kernel's draw rule, ``DrawRule(limit=max_draw_cards,
play="hand")``, counted in ``state.draws``; ``maumau_may_draw`` only stops
the kernel from refilling an empty pile from the discards, which OpenSpiel
does not do without ``reshuffle``.  What OpenSpiel counts beyond that (card
plays, passes in a row, the debt of 2s) is the public slot `TURN`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import frozen

from maumau import (
    Action,
    Card,
    ChooseSuit,
    DirectionReversed,
    DrawCards,
    DrawRule,
    Effect,
    Event,
    GameState,
    MatchResult,
    Option,
    Options,
    Pass,
    PileRecycled,
    PlayCard,
    RoundEnd,
    RoundStarted,
    Slot,
    TurnSkipped,
    french_deck,
    hookimpl,
)
from maumau.flow import best_seats, evolve_player, evolve_state, shuffled

__all__ = ["OPTIONS", "TURN", "Turn", "card_points", "hand_points", "hand_size"]

OPTIONS = (
    Option("max_draw_cards", 5, "cards a player may draw in one turn before passing is allowed", minimum=1),
    Option("max_turns", 100, "card plays after which the game ends", minimum=1),
    Option("reshuffle", False, "the discards below the top card become the draw pile when it runs out"),
    Option("use_special_cards", False, "a queen skips, an ace reverses, a 2 makes the next player draw 2"),
    Option(
        "scoring",
        "face",
        "'face': a card below the jack costs its face value, as OpenSpiel documents; "
        "'openspiel': its card number plus 2, as OpenSpiel 2.0 computes",
        choices=("face", "openspiel"),
    ),
)

#: OpenSpiel's rank and suit order, which its card numbers (rank * 4 + suit) follow.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("♣", "♦", "♥", "♠")


@frozen
class Turn:
    """
    What OpenSpiel counts beside the cards (the cards drawn this turn are the kernel's ``state.draws``).

    *plays* is the card plays so far (for ``max_turns``), *passes* the
    passes in a row while the draw pile was empty, and *owed* the debt of 2s
    as played, before it is cut to the cards there are to draw.
    """

    plays: int = 0
    passes: int = 0
    owed: int = 0

    def __str__(self) -> str:
        return f"{self.plays} cards played, {self.passes} passes in a row"


#: The variant's slot: public, as OpenSpiel's observations show the counts to everyone.
TURN: Slot[Turn] = Slot("crazy-eights", Turn, Turn())

#: What the cards do, made once: an effect is a value, and a new one at every play costs more than the rest of
#: the hook.  An 8 names the suit to follow; with ``use_special_cards``, a queen skips, an ace reverses, a 2
#: makes the next player draw 2.
PLAIN = Effect()
NAMES_A_SUIT = Effect(choose_suit=True)
SPECIAL = {"Q": Effect(skip=1), "A": Effect(reverse=True), "2": Effect(draw=2)}


def hand_size(players: int) -> int:
    """
    Cards dealt to each player: 7 to each of two, else 5.
    """
    return 7 if players == 2 else 5


def card_points(card: Card, scoring: str = "face") -> int:
    """
    What *card* costs its holder at the end.

    >>> card_points(Card("8", "♠")), card_points(Card("A", "♣")), card_points(Card("7", "♠"))
    (50, 10, 7)
    >>> card_points(Card("7", "♠"), "openspiel")  # OpenSpiel 2.0 adds its card number, 5 * 4 + 3, to 2
    25
    """
    if card.rank == "8":
        return 50
    if card.rank in ("J", "Q", "K", "A"):
        return 10
    if scoring == "openspiel":
        assert card.suit is not None
        return RANKS.index(card.rank) * 4 + SUITS.index(card.suit) + 2
    return int(card.rank)


def hand_points(hand: Sequence[Card], scoring: str = "face") -> int:
    """
    What *hand* costs its holder at the end.
    """
    return sum(card_points(card, scoring) for card in hand)


def _stock(state: GameState) -> int:
    """
    Cards left to draw as OpenSpiel counts them: the draw pile, refilled at once from the discards with ``reshuffle``.
    """
    if state.draw_pile or not state.options["reshuffle"]:
        return len(state.draw_pile)
    return len(state.discard_pile) - 1


def _restock(state: GameState) -> GameState:
    """
    With ``reshuffle``, an empty draw pile is refilled from the discards below the top card at once, as OpenSpiel
    does, not only when someone draws.
    """
    if state.draw_pile or not state.options["reshuffle"] or len(state.discard_pile) < 2:
        return state
    cards, state = shuffled(state, state.discard_pile[:-1])
    events = (*state.events, PileRecycled(len(cards)))
    return evolve_state(state, draw_pile=cards, discard_pile=state.discard_pile[-1:], events=events)


def _limit(options: Options, name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


def _count(state: GameState, turn: Turn) -> GameState:
    """
    *state* with the counts *turn*: *state* itself where they are the counts it holds.

    A `Turn` made outright, not evolved: this runs before every action, and ``attrs.evolve`` costs three times
    as much for a class of three fields.
    """
    return state if turn == TURN.get(state) else TURN.put(state, turn)


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


@hookimpl
def maumau_seats() -> range:
    return range(2, 16)


@hookimpl
def maumau_default_players() -> int:
    return 5  # OpenSpiel's default


@hookimpl
def maumau_slots() -> Sequence[Slot[Turn]]:
    return (TURN,)


@hookimpl
def maumau_deck(players: int) -> tuple[Card, ...]:
    return french_deck(RANKS, copies=2 if players > 5 else 1)


@hookimpl
def maumau_dealer(state: GameState) -> int:
    return random.Random(f"{state.seed}/dealer").randrange(len(state.players))  # OpenSpiel's first chance node


@hookimpl
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState:
    count = len(state.players)
    first = (state.dealer + 1) % count
    dealt = hand_size(count) * count
    players = tuple(
        evolve_player(player, hand=cards[(seat - first) % count : dealt : count])
        for seat, player in enumerate(state.players)
    )
    return evolve_state(
        state, players=players, discard_pile=(cards[dealt],), draw_pile=cards[dealt + 1 :], to_move=first
    )


@hookimpl
def maumau_starter(state: GameState, card: Card) -> GameState:
    pile, buried = state.draw_pile, []
    while card.rank == "8":  # an 8 may not start: it goes to the bottom, and the next card is turned
        buried.append(card)
        card, pile = pile[0], pile[1:]
    count, dealer = len(state.players), state.dealer
    changes: dict[str, object] = {}
    after: tuple[Event, ...] = ()
    if state.options["use_special_cards"]:  # a special starter acts as if the dealer had played it
        if card.rank == "Q":
            changes["to_move"] = (dealer + 2) % count
            after = (TurnSkipped((dealer + 1) % count),)
        elif card.rank == "A":
            changes.update(direction=-1, to_move=(dealer - 1) % count)
            after = (DirectionReversed(-1),)
        elif card.rank == "2":
            changes["debt"] = 2
    first = changes.get("to_move", state.to_move)
    assert isinstance(first, int)
    started = RoundStarted(state.round, dealer, card, first)
    return evolve_state(
        state,
        discard_pile=(card,),
        draw_pile=pile + tuple(buried),
        events=(*state.events[:-1], started, *after),
        **changes,
    )


@hookimpl
def maumau_draw_rule(options: Options) -> DrawRule:
    # After each draw the whole hand is playable, and another card may be drawn up to the limit; then a pass.
    return DrawRule(limit=_limit(options, "max_draw_cards"), play="hand")


@hookimpl
def maumau_playable(state: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if state.debt:  # any 2 answers a 2, whatever its suit
        return tuple(card for card in cards if card.rank == "2")
    top = state.discard_pile[-1]
    suit = state.wish or top.suit
    return tuple(card for card in cards if card.rank == "8" or card.suit == suit or card.rank == top.rank)


@hookimpl
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    if not state.players[seat].hand:
        return PLAIN  # the game is over: an 8 names nothing
    if card.rank == "8":
        return NAMES_A_SUIT
    if not state.options["use_special_cards"]:
        return PLAIN
    if card.rank == "2" and not _stock(state):  # with nothing to draw, a 2 is a plain card
        return PLAIN
    return SPECIAL.get(card.rank, PLAIN)


@hookimpl
def maumau_before_action(state: GameState, action: Action) -> GameState:
    turn = TURN.get(state)
    if isinstance(action, PlayCard):
        return _count(state, Turn(turn.plays + 1, 0, turn.owed))
    if isinstance(action, Pass):
        return _count(state, Turn(turn.plays, 0 if state.draw_pile else turn.passes + 1, turn.owed))
    if isinstance(action, DrawCards):
        if state.debt:  # the debt as owed; without reshuffle, only what the pile holds can be drawn
            owed = state.debt
            if not state.options["reshuffle"]:
                state = evolve_state(state, debt=min(owed, len(state.draw_pile)))
            return _count(state, Turn(turn.plays, 0, owed))
        return _count(state, Turn(turn.plays, 0, turn.owed))
    if isinstance(action, ChooseSuit):
        return _count(state, Turn(turn.plays, 0, turn.owed))
    return state


@hookimpl
def maumau_follow_up(state: GameState) -> GameState:
    return _restock(state)


@hookimpl
def maumau_after_draw(state: GameState, cards: tuple[Card, ...], forced: bool) -> GameState:
    state = _restock(state)
    if forced:  # the debt is paid; the pile running out on its very last card counts as a pass
        turn = TURN.get(state)
        passes = 1 if not state.draw_pile and len(cards) == turn.owed else 0
        return _count(state, Turn(turn.plays, passes, 0))
    return state  # drawn by choice: the draw rule says what follows


@hookimpl
def maumau_may_draw(state: GameState) -> bool | None:
    # An empty draw pile is not refilled from the discards (the kernel would recycle them): pass instead of drawing.
    return None if state.draw_pile else False


@hookimpl
def maumau_turn_ended(state: GameState) -> GameState | None:
    # Passes in a row are OpenSpiel's count, in the slot: the kernel's own count must not block the round first.
    return evolve_state(state, passes=0) if state.passes else None


@hookimpl
def maumau_refusal(state: GameState, action: Action) -> str | None:
    # The kernel's words for a refused draw or pass after a draw speak of the drawn card only; these name the limit.
    if action.seat != state.to_move or state.debt or state.pending is not None:
        return None
    limit = _limit(state.options, "max_draw_cards")
    if isinstance(action, DrawCards):
        if not state.draw_pile:
            return "the draw pile is empty: play or pass"
        if state.draws >= limit:
            return f"{limit} cards drawn this turn, the most allowed: play or pass"
    if isinstance(action, Pass) and state.draw_pile and state.draws < limit:
        return "passing is allowed only once max_draw_cards cards are drawn or the draw pile is empty"
    return None


@hookimpl
def maumau_round_over(state: GameState) -> RoundEnd | None:
    turn = TURN.get(state)
    if turn.plays >= _limit(state.options, "max_turns") and all(player.hand for player in state.players):
        return RoundEnd("max plays")
    if turn.passes > len(state.active_seats()):
        return RoundEnd("blocked")
    return None


@hookimpl
def maumau_score_round(state: GameState) -> tuple[int, ...]:
    scoring = state.options["scoring"]
    assert isinstance(scoring, str)
    return tuple(-hand_points(player.hand, scoring) for player in state.players)


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    if not state.rounds:
        return None  # a resignation during the deal: the kernel's default decides
    return MatchResult(best_seats(state), state.rounds[-1].reason, state.scores)
