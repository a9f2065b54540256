"""
Moves by name: what a player types for an action in a terminal (``7h``, ``draw``, ``pass``, ``mau 7h``).

A name is short, lowercase and the same in every variant: a card by its
code (``7h``, ``10s``, ``green 2``) or as printed (``7♥``); a call before the
card it goes with (``mau 7h``, ``mau-mau 7h``); ``draw``, ``pass``,
``resign``; a suit by its letter, symbol or name (``h``, ``♥``, ``hearts``);
``challenge`` (with the offender's seat when there are several); and a
variant's own actions by their kind and fields (``bet pink``).  A plain
card names the play without a call, so a player may miss a call on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card

__all__ = ["find_move", "move_names"]

_SUIT_NAMES = {
    CLUBS: ("c", "clubs", "club"),
    DIAMONDS: ("d", "diamonds", "diamond"),
    HEARTS: ("h", "hearts", "heart"),
    SPADES: ("s", "spades", "spade"),
}


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _card_names(card: Card) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_normal(name) for name in (card.code, str(card))))


def _call_names(call: str) -> tuple[str, ...]:
    spoken = _normal(call)
    return tuple(dict.fromkeys((spoken, spoken.replace(" ", "-"), spoken.replace("-", " "), spoken.replace(" ", ""))))


def move_names(action: Action) -> tuple[str, ...]:
    """
    The names a player may type for *action*, the shortest first.

    >>> from maumau import Card, PlayCard
    >>> move_names(PlayCard(0, Card.parse("7h"), "Mau"))
    ('mau 7h', 'mau 7♥')
    """
    if isinstance(action, PlayCard):
        cards = _card_names(action.card)
        if action.call is None:
            return cards
        return tuple(f"{call} {card}" for call in _call_names(action.call) for card in cards)
    if isinstance(action, DrawCards):
        return ("draw", "d")
    if isinstance(action, Pass):
        return ("pass", "p")
    if isinstance(action, Resign):
        return ("resign",)
    if isinstance(action, ChooseSuit):
        suits = (*_SUIT_NAMES.get(action.suit, ()), _normal(action.suit))
        return tuple(dict.fromkeys((*suits, *(f"suit {suit}" for suit in suits))))
    if isinstance(action, Challenge):
        return ("challenge", f"challenge {action.offender}")
    values = [_normal(str(getattr(action, field.name))) for field in attrs.fields(type(action)) if field.name != "seat"]
    kind = _normal(action.kind.replace("_", " "))
    return tuple(dict.fromkeys((" ".join([kind, *values]), " ".join([action.kind, *values]))))


def find_move(text: str, moves: Sequence[Action]) -> Action | None:
    """
    The one move of *moves* that *text* names, or ``None`` when it names none or several.
    """
    wanted = _normal(text)
    found = [move for move in moves if wanted in move_names(move)]
    if len(found) > 1:  # "challenge" with two offenders: only the seat tells them apart
        found = [move for move in found if move_names(move)[0] == wanted]
    return found[0] if len(found) == 1 else None
