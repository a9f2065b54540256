"""
Card selectors: which cards a rule is about, written once and read the same way everywhere.

The family's rules name cards in a few ways: by rank ("the 2s"), by card
("the jack of spades"), by suit or colour ("the hearts"), or by a rule of
their own.  Mechanics take any of these and read them with `CardSet.of`,
so a variant writes ``Stacking(cancels="J♥ J♦")`` or ``covered="A"`` and a
test reads the same text.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeAlias

from attrs import field, frozen

from ._cards import Card, parse_card
from .exceptions import InvalidCardError, shorten

__all__ = ["CardSet", "CardSpec", "card_text_problems", "cards_of", "named_cards", "unknown_cards"]

#: What `CardSet.of` reads: a `CardSet`, a `Card`, text, a test on a card, or several of these.
CardSpec: TypeAlias = "CardSet | Card | str | Callable[[Card], bool] | Iterable[CardSpec] | None"

_SUIT_PREFIXES = ("suit:", "colour:", "color:")


def _texts(values: Iterable[str]) -> frozenset[str]:
    return frozenset(values)


def _cards(values: Iterable[Card]) -> frozenset[Card]:
    return frozenset(values)


@frozen
class CardSet:
    """
    A set of cards described by rank, by card, by suit, or by a test: what a rule is about.

    A card belongs to the set when its rank is one of *ranks*, when it is
    one of *cards*, when its suit is one of *suits*, or when *test* says so.
    Read one from text with `CardSet.of`:

    >>> twos = CardSet.of("2")
    >>> Card("2", "♥") in twos, Card("3", "♥") in twos
    (True, False)
    >>> black_jacks = CardSet.of("J♠ J♣")
    >>> Card("J", "♠") in black_jacks, Card("J", "♥") in black_jacks
    (True, False)
    >>> Card("5", "♥") in CardSet.of("suit:♥")
    True

    .. versionadded:: 0.2.0
    """

    ranks: frozenset[str] = field(default=frozenset(), converter=_texts)
    cards: frozenset[Card] = field(default=frozenset(), converter=_cards)
    suits: frozenset[str] = field(default=frozenset(), converter=_texts)
    test: Callable[[Card], bool] | None = field(default=None, eq=False)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        # The ranks first, and the cards only when some are named: a card's hash is a call, a rank's is not.
        if card.rank in self.ranks or (self.cards and card in self.cards) or card.suit in self.suits:
            return True
        return self.test is not None and bool(self.test(card))

    def __bool__(self) -> bool:
        return bool(self.ranks or self.cards or self.suits or self.test is not None)

    def __str__(self) -> str:
        parts = sorted(self.ranks) + sorted(map(str, self.cards)) + [f"suit:{suit}" for suit in sorted(self.suits)]
        if self.test is not None:
            parts.append(getattr(self.test, "__name__", "a test"))
        return " ".join(parts) or "no cards"

    def __or__(self, other: CardSet) -> CardSet:
        tests = [test for test in (self.test, other.test) if test is not None]
        test = tests[0] if len(tests) == 1 else (lambda card: any(t(card) for t in tests)) if tests else None
        return CardSet(self.ranks | other.ranks, self.cards | other.cards, self.suits | other.suits, test)

    @classmethod
    def of(cls, spec: CardSpec) -> CardSet:
        """
        The cards *spec* names.

        *spec* is a `CardSet`; a `Card`; a test (a function of a card); ``None``
        (no card); several of these; or text.  Text names ranks (``"2"``,
        ``"J"``, ``"Whot"``: every card of that rank, whatever its suit),
        cards (``"J♠"``, ``"Jh"``, ``"red +2"``) and suits (``"suit:♥"``,
        ``"colour:red"``), separated by commas, or by spaces where no card
        of the text has one (``"J♠ J♣"``, ``"2 3 K"``).

        Raises:
            InvalidCardError: text that names no rank, card or suit.
        """
        if spec is None:
            return _EMPTY
        if isinstance(spec, CardSet):
            return spec
        if isinstance(spec, Card):
            return cls(cards=(spec,))
        if isinstance(spec, str):
            return _of_text(spec)
        if callable(spec):
            return cls(test=spec)
        result = _EMPTY
        for item in spec:
            result = result | cls.of(item)
        return result


_EMPTY = CardSet()


def _of_text(text: str) -> CardSet:
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if len(parts) == 1 and " " in parts[0]:
        single = _one(parts[0], strict=False)
        parts = [parts[0]] if single is not None else parts[0].split()
    result = _EMPTY
    for part in parts:
        one = _one(part, strict=True)
        assert one is not None
        result = result | one
    return result


def _one(text: str, *, strict: bool) -> CardSet | None:
    """
    The set one word of selector text names: a suit, a card with a suit, or a rank.
    """
    lowered = text.lower()
    for prefix in _SUIT_PREFIXES:
        if lowered.startswith(prefix):
            suit = text[len(prefix) :].strip()
            if not suit:
                raise InvalidCardError(text, "a suit selector names a suit, as 'suit:♥' or 'colour:red'")
            return CardSet(suits=(_suit(suit),))
    try:
        card = parse_card(text)
    except InvalidCardError:
        card = None
    if card is not None and card.suit is not None:
        return CardSet(cards=(card,))
    if " " in text:
        if strict:
            raise InvalidCardError(text, "expected ranks, cards or suits, separated by commas or spaces")
        return None
    if not text or len(text) > 16:
        raise InvalidCardError(shorten(text), "a rank has 1 to 16 characters")
    return CardSet(ranks=(text.upper() if text.upper() in _FRENCH_RANKS else text,))


_FRENCH_RANKS = frozenset({"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"})
_SUIT_NAMES = {"c": "♣", "d": "♦", "h": "♥", "s": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def _suit(text: str) -> str:
    return _SUIT_NAMES.get(text.lower(), text if text in ("♣", "♦", "♥", "♠") else text.lower())


def cards_of(spec: object) -> CardSet:
    """
    The cards a game profile's card text (or list of texts) names.
    """
    if spec is None:
        return CardSet()
    if isinstance(spec, list):
        result = CardSet()
        for item in spec:
            result = result | CardSet.of(item)
        return result
    if not isinstance(spec, (str, CardSet)):
        raise TypeError(f"cards are named by text, not {type(spec).__name__}")  # the schema allows nothing else
    return CardSet.of(spec)


def unknown_cards(path: str, spec: object, deck: Collection[Card]) -> list[tuple[str, str]]:
    """
    The words of a profile's card text *spec* (at key *path*) that name a card the pack *deck* lacks.
    """
    ranks = {card.rank for card in deck}
    problems = []
    for text in spec if isinstance(spec, list) else [spec]:
        if not isinstance(text, str):
            continue
        for word in text.replace(",", " ").split():
            if word in ranks or word.startswith(("suit:", "colour:", "color:")):
                continue
            try:
                card = Card.parse(word)
            except InvalidCardError:
                continue
            if card not in deck:
                problems.append((path, f"{word!r} is not a card of the pack"))
    return problems


def named_cards(path: str, spec: object, deck: Collection[Card]) -> tuple[CardSet | None, list[tuple[str, str]]]:
    """
    The cards a profile's card text *spec* (at key *path*) names, or ``None`` with the problem: text that
    names nothing, or no card of the pack *deck*.
    """
    try:
        chosen = cards_of(spec)
    except InvalidCardError as error:
        return None, [(path, str(error))]
    if spec is not None and not any(card in chosen for card in deck):
        return None, [(path, f"{spec!r} names no card of the pack")]
    return chosen, []


def card_text_problems(path: str, spec: object, deck: Collection[Card]) -> list[tuple[str, str]]:
    """
    Everything wrong with a profile's card text *spec* at key *path*: `unknown_cards`, then `named_cards`.
    """
    if spec is None:
        return []
    return [*unknown_cards(path, spec, deck), *named_cards(path, spec, deck)[1]]
