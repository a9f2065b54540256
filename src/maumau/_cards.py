"""
Cards and their short text notation.

One `Card` type serves every deck of the Mau-Mau family: a card is a *rank*
and an optional *suit*, both plain strings, so that a variant with its own
deck (coloured pigs, Uno-like colours) needs no new card class.  French
suits are stored as their symbols, which keeps printing cheap and JSON
readable.

Construction and parsing follow one rule, so that every card that can be
made can be saved and read back: `Card` refuses at construction any rank
and suit whose text `parse_card` would read as another card, or not at all.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from attrs import frozen

from ._limits import MAX_CARD_PART, MAX_CARD_TEXT
from .exceptions import InvalidCardError, shorten

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
    "without_card",
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
#: A card without a suit: a word of letters and pluses, or a plus and a number, or both ("Bauer", "+4", "Wild+4").
_BARE = re.compile(r"[A-Za-z][A-Za-z+]*(?:\+\d+)?|\+\d+")
#: A suit other than the French symbols: a colour word, in lowercase letters.
_COLOUR = re.compile(r"[a-z]+")
_SPACE = re.compile(r"\s")
_FRENCH_RANKS_ANY_CASE: Final = frozenset(rank.upper() for rank in FRENCH_RANKS)


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

    def __attrs_post_init__(self) -> None:
        problem = _problem(self.rank, self.suit)
        if problem is not None:
            raise InvalidCardError(f"Card({shorten(self.rank)}, {shorten(self.suit)})", problem)

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


def _problem(rank: object, suit: object) -> str | None:
    """
    Why *rank* and *suit* make no card that could be written and read back, or ``None``.

    The rule `Card` enforces and `parse_card` relies on: a French suit takes
    a French rank; another suit is a lowercase colour word and its rank any
    text without spaces; a card without a suit has a name (`_BARE`) that is
    no French rank or card; and no card's text may read as a French card.
    """
    if not isinstance(rank, str) or not (suit is None or isinstance(suit, str)):
        return "a rank and a suit are text"
    if not 0 < len(rank) <= MAX_CARD_PART or (suit is not None and not 0 < len(suit) <= MAX_CARD_PART):
        return f"a rank and a suit have 1 to {MAX_CARD_PART} characters"
    if suit is None:
        if not _BARE.fullmatch(rank) or rank.upper() in _FRENCH_RANKS_ANY_CASE or _FRENCH.match(rank):
            return (
                "a card without a suit is named by letters and '+', a number after a '+' ('Bauer', '+4', 'Wild+4'),"
                " and is no French rank or card"
            )
        return None
    if suit in _LETTER_OF_SUIT:
        return None if rank in FRENCH_RANKS else f"a French card's rank is one of {', '.join(FRENCH_RANKS)}"
    if not _COLOUR.fullmatch(suit):
        return "a suit is a French suit symbol or a colour word in lowercase letters ('pink')"
    if _SPACE.search(rank) or _FRENCH.match(f"{suit} {rank}"):
        return "a coloured card's rank has no spaces, and its text must not read as a French card"
    if _FRENCH.match(rank):  # 'Joker 3c' is two cards, not a 'joker' card of rank '3c'
        return "a coloured card's rank must not read as a French card; separate two cards with a comma"
    return None


def parse_card(text: str) -> Card:
    """
    Read one card from short text; see `Card.parse`.

    Text longer than ``MAX_CARD_TEXT`` characters is refused unread.

    .. versionadded:: 0.1.0
    """
    if not isinstance(text, str):
        raise InvalidCardError(repr(text)[:MAX_CARD_TEXT], "a card is written as text, e.g. '7h'")
    if len(text) > MAX_CARD_TEXT:
        raise InvalidCardError(text, f"a card's text has at most {MAX_CARD_TEXT} characters, got {len(text):,}")
    return _parse_text(text)


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Card:
    """
    The parser behind `parse_card`, cached: loading a long game reads the same few cards again and again.

    Bounded twice: by its size, and by `parse_card`, which lets no long text in.
    """
    cleaned = text.strip()
    try:
        french = _FRENCH.match(cleaned)
        if french is not None:
            rank, suit = french.groups()
            rank = "10" if rank.upper() == "T" else rank.upper()
            return Card(rank, _SUIT_LETTERS.get(suit.lower(), suit))
        coloured = _COLOURED.match(cleaned)
        if coloured is not None:
            colour, rank = coloured.groups()
            return Card(rank, colour.lower())
        if _BARE.fullmatch(cleaned):
            return Card(cleaned)
    except InvalidCardError as error:  # read, but no card (a lone French rank, an odd colour)
        raise InvalidCardError(text, error.detail) from None
    raise InvalidCardError(
        text, "expected rank then suit ('7h', '10♠', 'Jd'), colour then rank ('pink 5') or a name ('Bauer')"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """
    Read several cards separated by commas or, for French cards, spaces.

    >>> [str(c) for c in parse_cards("7h 10s Jd")]
    ['7♥', '10♠', 'J♦']

    Text that is no card is an error, even when a part of it is one:
    ``"Joker 3c"`` is refused (write ``"Joker, 3c"``).

    Raises:
        InvalidCardError: a part is no card.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``"Joker 3c"`` is an error, no longer a ``joker`` card of rank ``3c``.
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


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """
    *hand* less *card*: that very card when it is held, else the first copy equal to it (which must be in it).
    """
    for index, held in enumerate(hand):  # the very card first: comparing cards by value costs a call each
        if held is card:
            return hand[:index] + hand[index + 1 :]
    index = hand.index(card)  # the first copy, when a deck holds two alike
    return hand[:index] + hand[index + 1 :]
