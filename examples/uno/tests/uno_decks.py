"""
Stacked decks for the UNO tests.
"""

from __future__ import annotations

from typing import Any

from maumau_uno import deck

from maumau import Card, GameState, new_game, parse_card


def stacked(hands: list[str], starter: str, pile: tuple[str, ...] = (), **options: Any) -> tuple[list[Card], GameState]:
    """
    The deck, top first, that deals *hands* (seat 0 first, a hand at a time), turns *starter* and puts *pile* on
    top of the draw pile, the other cards following in deck order; and the game it deals.
    """
    size = len(hands[0].split(","))
    options.setdefault("hand_size", size)
    top = [parse_card(text) for hand in hands for text in hand.split(",")] + [parse_card(starter)]
    top += [parse_card(text) for text in pile]
    rest = list(deck())
    for card in top:
        rest.remove(card)
    cards = [*top, *rest]
    return cards, new_game("uno", players=len(hands), seed=1, options=options, deck=cards)
