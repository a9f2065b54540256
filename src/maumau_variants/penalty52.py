"""
Penalty Mau Mau on 52 cards: starter effects, missed-call challenges, penalty points, lowest total wins.

A house profile of Mau Mau for the 52-card pack, as its documentation page settles it.  Two to six players
on a full 52-card pack; the first dealer is drawn from the seed and the deal
passes clockwise.  Five cards each, dealt singly from the dealer's left; the
starter card acts (a 7 owes the first player 2 cards, an 8 skips them, a
jack lets the dealer name the suit).  On a turn, play one card matching the
top card's suit or rank, or a jack (on anything, jacks too), which names
the suit to follow; only without such a card draw one, which may then be
played or kept.  A 7 makes the next player draw 2 unless they add a 7 (the
debt grows by 2 each time); neither a jack nor an 8 answers it, and drawn
penalty cards end the turn.  An 8 skips the next player.  Say "Mau" with
the second-to-last card and "Mau Mau" with the last: any other player may
challenge a missed call until the next player completes a turn, and the
offender then draws 2 and plays on; unchallenged, the offender wins.  A
correctly called last card wins at once and has no effect.  A required draw
that the cards cannot cover stops the round without a winner.  Cards left in
hand cost A K Q J 10 each, numerals face value; after anyone reaches 100,
the lowest total wins, ties sharing (option ``single_round``: one round only).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from maumau import (
    Card,
    CardPlayed,
    Effect,
    GameState,
    MatchResult,
    Option,
    Pending,
    RoundEnd,
    TurnSkipped,
    french_deck,
    hookimpl,
)
from maumau.flow import best_seats, can_draw, card_effects, emit, evolve_state, matching
from maumau.mechanics import Challenges
from maumau.mechanics.challenges import offenders

#: Points a card left in hand costs; numerals (2 to 10) cost their face value.
FACE_POINTS = {"A": 10, "K": 10, "Q": 10, "J": 10}

#: The match ends after a round in which someone's total reaches this.
TARGET = 100

#: Cards a challenged player draws for a missed call.
CALL_PENALTY = 2

OPTIONS = (
    Option("single_round", False, "a short game: the match ends after one round, lowest penalty points winning"),
)


def card_points(card: Card) -> int:
    """
    What *card* costs its holder at the end of a round.

    >>> card_points(Card("K", "♣")), card_points(Card("7", "♦")), card_points(Card("10", "♠"))
    (10, 7, 10)
    """
    return FACE_POINTS.get(card.rank) or int(card.rank)


def hand_points(hand: Sequence[Card]) -> int:
    """
    What *hand* costs its holder: the sum of its cards' points.

    >>> from maumau import parse_cards
    >>> hand_points(parse_cards("Kc 7d 2s"))
    19
    """
    return sum(card_points(card) for card in hand)


def first_dealer(seed: int, players: int) -> int:
    """
    The dealer of the first round, drawn at random from the game's *seed*.

    A generator of its own (not one of the shuffles) so that the same seed
    gives the same dealer and the same cards whatever else changes.
    """
    return random.Random(f"{seed}/dealer").randrange(players)


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


@hookimpl
def maumau_mechanics() -> Sequence[object]:
    # Any other player may challenge a missed call until the next player completes a turn.
    return (Challenges(closes="turn"),)


@hookimpl
def maumau_seats() -> range:
    return range(2, 7)


@hookimpl
def maumau_deck() -> tuple[Card, ...]:
    return french_deck()


@hookimpl
def maumau_dealer(state: GameState) -> int:
    if state.dealer < 0:
        return first_dealer(state.seed, len(state.players))
    return (state.dealer + 1) % len(state.players)


@hookimpl
def maumau_starter(state: GameState, card: Card) -> GameState | None:
    first = state.to_move
    assert first is not None
    if card.rank == "7":
        return evolve_state(state, debt=2)
    if card.rank == "8":
        return emit(evolve_state(state, to_move=state.rules.next_seat(state, first)), TurnSkipped(first))
    if card.rank == "J":
        # The dealer's naming is a turn of its own: `ChooseSuit` ends it, and play starts left of the dealer.
        dealer = state.dealer
        return evolve_state(state, to_move=dealer, pending=Pending(dealer, "suit", state.rules.suits(state)))
    return None


#: The rank that goes on anything, a jack or a wish included, and names a suit.
WILD = frozenset({"J"})


@hookimpl
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if state.debt:  # neither a jack nor an 8 answers a 7: only another 7
        return tuple(card for card in cards if card.rank == "7")
    return matching(state, cards, WILD)  # the kernel's (the wished suit, else suit or rank), a jack on anything


@hookimpl
def maumau_may_decline(state: GameState) -> bool:
    # Draw only without a legal play; the drawn card may then be kept.  A debt
    # is the exception: the text says the debtor *may* add a 7, else draws.
    return state.drawn is not None or state.debt > 0


@hookimpl
def maumau_calls() -> tuple[str, ...]:
    return ("Mau", "Mau Mau")


@hookimpl
def maumau_expected_call(cards_left: int) -> str | None:  # by the cards left alone: the kernel keeps each answer
    if cards_left == 1:
        return "Mau"
    if cards_left == 0:
        return "Mau Mau"
    return None


#: What the cards do, made once: effects are values, shared by every play.
PLAIN, SEVEN, EIGHT, JACK = Effect(), Effect(draw=2), Effect(skip=1), Effect(choose_suit=True)


@hookimpl
@card_effects(last_card=PLAIN)  # each card by itself, the last card none: the game's table answers
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect:
    if not state.players[seat].hand:
        # The last card has no effect, called or not: a correct call wins at
        # once, and a challenged player plays on from it as from a plain card.
        return PLAIN
    if card.rank == "7":
        return SEVEN
    if card.rank == "8":
        return EIGHT
    if card.rank == "J":
        return JACK
    return PLAIN


@hookimpl
def maumau_draw_shortfall() -> RoundEnd:
    return RoundEnd("stopped")


@hookimpl
def maumau_round_over(state: GameState) -> RoundEnd | None:
    open_calls = offenders(state)
    out = [
        seat
        for seat, player in enumerate(state.players)
        if not player.hand and not player.resigned and seat not in open_calls
    ]
    if len(out) > 1:
        # An offender's window closed when the next player completed a turn by
        # going out with a correct call: that win came at once, the offender's only as the turn completed.
        played = [event.seat for event in state.events if isinstance(event, CardPlayed) and event.seat in out]
        out = played[-1:] or out
    if out:
        return RoundEnd("out", (out[0],))
    if _cannot_draw_as_required(state):
        return RoundEnd("stopped")
    return None


def _cannot_draw_as_required(state: GameState) -> bool:
    """
    Whether the seat to move has no legal play and must draw one card that is not there.
    """
    seat = state.to_move
    if seat is None or state.pending is not None or state.drawn is not None or state.debt or state.skips:
        return False
    if can_draw(state):
        return False
    return not state.rules.playable(state, seat, state.players[seat].hand)


@hookimpl
def maumau_score_round(state: GameState, end: RoundEnd) -> tuple[int, ...]:
    return tuple(
        0 if seat in end.winners or player.resigned else hand_points(player.hand)
        for seat, player in enumerate(state.players)
    )


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    scores = state.scores
    if any(player.resigned for player in state.players):
        return MatchResult(best_seats(state, lowest=True), "resignation", scores)
    if state.rounds and state.options["single_round"]:
        return MatchResult(best_seats(state, lowest=True), "single round", scores)
    if state.rounds and max(scores) >= TARGET:
        return MatchResult(best_seats(state, lowest=True), "target", scores)
    return None


@hookimpl
def maumau_rules_text() -> str:
    return __doc__ or ""
