"""
UNO as RLCard plays it: 108 cards in four colours, wilds, skips, reverses, draw two and wild draw four, one deal.

The rules of RLCard's ``uno`` game, written as a maumau variant in a
package of its own.  Two to ten players get 7 cards each (``hand_size``),
dealt seven at a time from seat 0, which plays first.  The starter is
turned from the pile (a wild draw four goes back and the pile is shuffled);
a skip starter skips seat 0, a reverse starter turns play round so that the
last seat begins, a draw two starter makes seat 0 draw 2 (and play), and a
wild starter gets a colour at random.  Play a card of the top card's colour
or of its number or symbol, or a wild, naming a colour; a wild draw four
only when nothing else in the hand can be played.  A player who can play
must; a player who cannot draws one card, and plays it at once if it can be
played, else keeps it and the turn passes.  A skip passes over the next
player, a reverse turns the direction, a draw two or wild draw four makes
the next player draw 2 or 4 at once and lose their turn.  When the draw pile
runs out, the discards below the top card are shuffled into a new one.  The
first player out wins: 1 for the winner, -1 for everybody else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from maumau import (
    Action,
    Card,
    DirectionReversed,
    DrawCards,
    Effect,
    GameState,
    MatchResult,
    Option,
    PlayCard,
    RoundEnd,
    RoundStarted,
    Slot,
    TurnSkipped,
    hookimpl,
)
from maumau.flow import draw_cards, emit, evolve_player, evolve_state, shuffled

__all__ = ["COLOURS", "DRAWN", "OPTIONS", "WILD", "WILD_DRAW_FOUR", "deck"]

#: The colours, in RLCard's order (r, g, b, y): the suits of the deck, which a wild names.
COLOURS = ("red", "green", "blue", "yellow")
WILD = "Wild"
WILD_DRAW_FOUR = "+4"
SKIP, REVERSE, DRAW_TWO = "Skip", "Reverse", "+2"

OPTIONS = (
    Option("hand_size", 7, "cards dealt to each player", minimum=1, maximum=10),
    Option(
        "drawn_card",
        "playable",
        "'playable': a drawn card that can be played is played, as RLCard documents; "
        "'rlcard': only a wild or a card of the top colour is, a wild at a random colour and a wild draw four "
        "as a plain wild, as RLCard 1.2 does",
        choices=("playable", "rlcard"),
    ),
    Option(
        "payoffs",
        "documented",
        "'documented': 1 for the winner, -1 for every other player, as RLCard documents; "
        "'rlcard': 1 for the winner, -1 for the seat numbered one minus the winner's, 0 for the rest, "
        "as RLCard 1.2 computes (the same for two players)",
        choices=("documented", "rlcard"),
    ),
)

#: Whether the card being played is the one just drawn: set for the length of one play, so never seen at rest.
DRAWN: Slot[bool] = Slot("uno", bool, False)

#: What the cards do, made once: an effect is a value, and a new one at every play costs more than the rest of
#: the hook.  A skip and a draw two pass over the next player (who draws in the follow-up), a reverse turns play
#: around, a wild names a colour and a wild draw four passes over the next player too.
PLAIN = Effect()
EFFECTS = {
    SKIP: Effect(skip=1),
    REVERSE: Effect(reverse=True),
    DRAW_TWO: Effect(skip=1),
    WILD: Effect(choose_suit=True),
    WILD_DRAW_FOUR: Effect(choose_suit=True, skip=1),
}


def deck() -> tuple[Card, ...]:
    """
    The 108 cards, in RLCard's order: per colour a 0, two of each of 1 to 9, skip, reverse and draw two, then a
    wild and a wild draw four (four of each in all).

    >>> len(deck()), deck()[:3]
    (108, (Card(rank='0', suit='red'), Card(rank='1', suit='red'), Card(rank='1', suit='red')))
    """
    cards: list[Card] = []
    for colour in COLOURS:
        for number in range(10):
            cards += [Card(str(number), colour)] * (1 if number == 0 else 2)
        for symbol in (SKIP, REVERSE, DRAW_TWO):
            cards += [Card(symbol, colour)] * 2
        cards += [Card(WILD), Card(WILD_DRAW_FOUR)]
    return tuple(cards)


_DECK = deck()


def _random_colour(state: GameState) -> str:
    """
    A colour drawn from the seed, for a wild that RLCard colours at random; the same on every replay.
    """
    return random.Random(f"{state.seed}/colour/{state.shuffles}/{len(state.discard_pile)}").choice(COLOURS)


def _fits(state: GameState, card: Card) -> bool:
    """
    Whether *card* matches the top card: a wild, its colour (the named one after a wild), or its number or symbol.
    """
    if card.rank == WILD:
        return True
    top = state.discard_pile[-1]
    if state.wish is not None:
        return card.suit == state.wish
    return card.suit == top.suit or card.rank == top.rank


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


@hookimpl
def maumau_seats() -> range:
    return range(2, 11)


@hookimpl
def maumau_slots() -> Sequence[Slot[bool]]:
    return (DRAWN,)


@hookimpl
def maumau_deck() -> tuple[Card, ...]:
    return _DECK


@hookimpl
def maumau_dealer(state: GameState) -> int:
    return len(state.players) - 1  # RLCard has no dealer: seat 0 begins


@hookimpl
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState:
    size = state.options["hand_size"]
    assert isinstance(size, int)
    dealt = size * len(state.players)
    players = tuple(
        evolve_player(player, hand=cards[seat * size : (seat + 1) * size]) for seat, player in enumerate(state.players)
    )
    return evolve_state(state, players=players, discard_pile=(cards[dealt],), draw_pile=cards[dealt + 1 :], to_move=0)


@hookimpl
def maumau_starter(state: GameState, card: Card) -> GameState:
    pile = state.draw_pile
    while card.rank == WILD_DRAW_FOUR:  # back into the pile, which is shuffled, and the next card is turned
        reshuffled, state = shuffled(state, (card, *pile))
        card, pile = reshuffled[0], reshuffled[1:]
    state = evolve_state(state, discard_pile=(card,), draw_pile=pile)
    count = len(state.players)
    if card.rank == WILD:
        state = evolve_state(state, wish=_random_colour(state))
    elif card.rank == SKIP:
        state = emit(evolve_state(state, to_move=1 % count), TurnSkipped(0))
    elif card.rank == REVERSE:
        state = emit(evolve_state(state, direction=-1, to_move=count - 1), DirectionReversed(-1))
    elif card.rank == DRAW_TWO:
        state, _ = draw_cards(state, 0, 2, penalty=f"{card} turned up", required=True)  # and seat 0 still plays
    started = RoundStarted(state.round, state.dealer, card, state.to_move)
    return evolve_state(state, events=tuple(e if not isinstance(e, RoundStarted) else started for e in state.events))


@hookimpl
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if state.drawn is not None:  # the card just drawn (the only one in *cards*): played if it can be
        if state.options["drawn_card"] == "rlcard":
            colour = state.wish or state.discard_pile[-1].suit
            return tuple(c for c in cards if c.suit is None or c.suit == colour)
        return tuple(c for c in cards if c.rank == WILD_DRAW_FOUR or _fits(state, c))
    plain = tuple(card for card in cards if card.rank != WILD_DRAW_FOUR and _fits(state, card))
    return plain or tuple(card for card in cards if card.rank == WILD_DRAW_FOUR)  # +4 only when nothing else fits


@hookimpl
def maumau_may_decline() -> bool:
    return False  # a player who can play must


@hookimpl
def maumau_before_action(state: GameState, action: Action) -> GameState | None:
    if isinstance(action, PlayCard) and state.drawn is not None:
        return DRAWN.put(state, True)
    return None


def _as_drawn_by_rlcard(state: GameState, card: Card) -> bool:
    """
    Whether *card* is a wild just drawn under ``drawn_card="rlcard"``: played at a random colour, with no effect.
    """
    return card.suit is None and DRAWN.get(state) and state.options["drawn_card"] == "rlcard"


@hookimpl
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    if not state.players[seat].hand:
        return PLAIN  # the game is over: nothing more happens
    if _as_drawn_by_rlcard(state, card):
        return Effect(wish=_random_colour(state))
    return EFFECTS.get(card.rank, PLAIN)


@hookimpl
def maumau_follow_up(state: GameState, seat: int, card: Card) -> GameState:
    count = {DRAW_TWO: 2, WILD_DRAW_FOUR: 4}.get(card.rank)
    if count and state.players[seat].hand and not _as_drawn_by_rlcard(state, card):
        victim = state.rules.next_seat(state, seat)  # draws at once, and the turn passes over them
        state, _ = draw_cards(state, victim, count, penalty=f"{card} played", required=True)
    return DRAWN.put(state, False) if DRAWN.get(state) else state  # unchanged, the usual case: no new state


@hookimpl
def maumau_after_draw(state: GameState, seat: int, cards: tuple[Card, ...]) -> GameState | None:
    # Not the kernel's DrawRule(then="must_play"): it would leave a card that does not fit for a pass to take, which
    # RLCard does not ask for; a card that fits must be played already, as a player who can play must.
    if cards and not state.rules.playable(state, seat, cards[-1:]):
        return evolve_state(state, drawn=None)  # kept: the turn passes
    return None  # played at once: the only legal action


@hookimpl
def maumau_refusal(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not isinstance(action, DrawCards) or seat != state.to_move or state.drawn is not None or state.pending:
        return None
    if state.rules.playable(state, seat, tuple(dict.fromkeys(state.players[seat].hand))):
        return "a player who can play must: draw only when nothing in the hand can be played"
    return None


@hookimpl
def maumau_score_round(state: GameState, end: RoundEnd) -> tuple[int, ...]:
    count = len(state.players)
    if not end.winners:
        return (0,) * count
    (winner,) = end.winners
    if state.options["payoffs"] == "rlcard":
        payoffs = [0] * count
        payoffs[winner] = 1
        payoffs[
            (1 - winner) % count
        ] = -1  # RLCard's payoffs[1 - winner]: an index that may wrap round, even to the winner
        return tuple(payoffs)
    return tuple(1 if seat == winner else -1 for seat in range(count))


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    if not state.rounds:
        return None  # a resignation during the deal: the kernel's default decides
    return MatchResult(state.rounds[-1].winners, state.rounds[-1].reason, state.scores)
