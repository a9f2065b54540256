"""
Crazy Eights: 52 cards, eights are wild, one deal, the winner scores the cards left in the other hands.

Two to seven players get 5 cards each.  Play a card of the top card's suit
or rank, or an 8 on anything, naming the suit to follow.  Or draw one card,
then play it or pass.  The first player out scores the others' hands: an 8
is worth 50, a picture card 10, an ace 1, any other card its face value.
"""

from __future__ import annotations

from maumau import Card, Effect, GameState, MatchResult, RoundEnd, defaults, french_deck, hookimpl

#: Points of the cards that are not worth their face value.
POINTS = {"8": 50, "K": 10, "Q": 10, "J": 10, "A": 1}


@hookimpl
def maumau_seats() -> range:
    return range(2, 8)


@hookimpl
def maumau_deck() -> tuple[Card, ...]:
    return french_deck()  # all 52 cards


@hookimpl
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    matching = defaults.maumau_playable(state, seat, cards)  # the kernel's: suit, rank or the named suit
    return tuple(card for card in cards if card.rank == "8" or card in matching)  # an 8 goes on anything


@hookimpl
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    if card.rank == "8" and state.players[seat].hand:  # going out, an 8 names nothing
        return Effect(choose_suit=True)
    return None


@hookimpl
def maumau_score_round(state: GameState, end: RoundEnd) -> tuple[int, ...]:
    left = sum(POINTS.get(card.rank) or int(card.rank) for hand in state.hands for card in hand)
    return tuple(left if seat in end.winners else 0 for seat in range(len(state.players)))


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    if not state.rounds:
        return None  # a resignation during the deal: the kernel's default decides
    return MatchResult(state.rounds[-1].winners, "one deal", state.scores)
