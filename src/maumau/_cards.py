"""
Cards and their short text notation.

One `Card` type serves every deck of the Mau-Mau family: a card is a *rank*
and an optional *suit*, both plain strings, so that a variant with its own
deck (coloured pigs, Uno-like colours) needs no new card class.  French
suits are stored as their symbols, which keeps printing cheap and JSON
readable.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from attrs import frozen

from .exceptions import InvalidCardError

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "FRENCH_RANKS",
    "FRENCH_SUITS",
    "HEARTS",
    "SPADES",
    "Card",
    "french_deck",
    "parse_card",
    "parse_cards",
]

CLUBS: Final = "♣"
DIAMONDS: Final = "♦"
HEARTS: Final = "♥"
SPADES: Final = "♠"

#: The four French suits, in the order decks are built.
FRENCH_SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)
#: French ranks from low to high.
FRENCH_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_SUIT_LETTERS: Final = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
_LETTER_OF_SUIT: Final = {symbol: letter for letter, symbol in _SUIT_LETTERS.items()}
_FRENCH = re.compile(r"^(10|[2-9]|[jqkat])\s*([cdhs♣♦♥♠])$", re.IGNORECASE)
_COLOURED = re.compile(r"^([a-z]+)\s+(\S+)$", re.IGNORECASE)
_BARE = re.compile(r"^([A-Za-z][A-Za-z+]*|\+\d+)$")


@frozen(cache_hash=True)
class Card:
    """
    A playing card: a *rank* and, for most cards, a *suit*.

    French cards use the ranks in ``FRENCH_RANKS`` and the suit symbols in
    ``FRENCH_SUITS``; other decks use colour words as suits (``"pink"``,
    ``"red"``) and their own ranks (``"X"``, ``"+2"``, ``"Skip"``).  A card
    without a suit (Sau Mau Mau's *Bauer*) has ``suit=None``.

    Cards compare and hash by value: two copies of the same card are equal,
    which is what rules about "an identical card" need.

    >>> Card.parse("10s")
    Card(rank='10', suit='♠')
    >>> str(Card("J", HEARTS)), Card("J", HEARTS).code
    ('J♥', 'Jh')
    >>> str(Card.parse("pink +2")), str(Card.parse("Bauer"))
    ('pink +2', 'Bauer')

    .. versionadded:: 0.1.0
    """

    rank: str
    suit: str | None = None

    @classmethod
    def parse(cls, text: str) -> Card:
        """
        Read a card from its short text: ``"7h"``, ``"10♠"``, ``"Jd"``,
        ``"pink 5"``, ``"Bauer"``.

        Raises:
            InvalidCardError: *text* is no card in any notation.
        """
        return parse_card(text)

    @property
    def code(self) -> str:
        """
        The ASCII short text of the card (``"7h"``), the form used in JSON.
        """
        letter = _LETTER_OF_SUIT.get(self.suit) if self.suit is not None else None
        if letter is not None:
            return f"{self.rank}{letter}"
        return str(self)

    @property
    def is_french(self) -> bool:
        """
        Whether this is a card of the standard French pack.
        """
        return self.suit in _LETTER_OF_SUIT

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank
        if self.suit in _LETTER_OF_SUIT:
            return f"{self.rank}{self.suit}"
        return f"{self.suit} {self.rank}"


def parse_card(text: str) -> Card:
    """
    Read one card from short text; see `Card.parse`.

    .. versionadded:: 0.1.0
    """
    if not isinstance(text, str):
        raise InvalidCardError(repr(text), "a card is written as text, e.g. '7h'")
    return _parse_text(text)


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Card:
    """
    The parser behind `parse_card`, cached: loading a long game reads the same few cards again and again.
    """
    cleaned = text.strip()
    french = _FRENCH.match(cleaned)
    if french is not None:
        rank, suit = french.groups()
        rank = "10" if rank.upper() == "T" else rank.upper()
        return Card(rank, _SUIT_LETTERS.get(suit.lower(), suit))
    coloured = _COLOURED.match(cleaned)
    if coloured is not None:
        colour, rank = coloured.groups()
        return Card(rank, colour.lower())
    if _BARE.match(cleaned) and cleaned.upper() not in {r.upper() for r in FRENCH_RANKS}:
        return Card(cleaned)
    raise InvalidCardError(
        text, "expected rank then suit ('7h', '10♠', 'Jd'), colour then rank ('pink 5') or a name ('Bauer')"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """
    Read several cards separated by commas or, for French cards, spaces.

    >>> [str(c) for c in parse_cards("7h 10s Jd")]
    ['7♥', '10♠', 'J♦']

    .. versionadded:: 0.1.0
    """
    parts = [p for p in re.split(r"\s*,\s*", text.strip()) if p]
    if len(parts) == 1 and " " in parts[0] and all(_FRENCH.match(p) for p in parts[0].split()):
        parts = parts[0].split()
    return tuple(parse_card(p) for p in parts)


def french_deck(ranks: tuple[str, ...] = FRENCH_RANKS, copies: int = 1) -> tuple[Card, ...]:
    """
    A French pack with the given ranks in every suit, *copies* times over.

    >>> len(french_deck(("7", "8", "9", "10", "J", "Q", "K", "A")))
    32

    .. versionadded:: 0.1.0
    """
    return tuple(Card(rank, suit) for _ in range(copies) for suit in FRENCH_SUITS for rank in ranks)
