"""
The packs the family plays with, by name: what ``[deck] preset`` selects.

Each pack is a list of suits, ranks in order (low to high, which runs
follow), and the cards beyond suit and rank.  Card order is fixed, so that a
seed deals the same cards on every machine; the ``uno108`` pack is in the
order of the ``uno`` example package (RLCard's).
"""

from __future__ import annotations

from attrs import frozen

from .._cards import FRENCH_RANKS, FRENCH_SUITS, Card

__all__ = ["PRESETS", "Pack", "build_deck"]


@frozen
class Pack:
    """
    A pack by name: *suits* × *ranks* (each card *copies* times, but *single* ranks once), then *extra* cards.
    """

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    copies: int = 1
    single: tuple[str, ...] = ()
    extra: tuple[tuple[str, int], ...] = ()
    #: Ranks that some suits lack, by suit (Whot!'s gaps).
    missing: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: The extra cards come after each suit's cards (the Uno pack's order), not after them all.
    extra_per_suit: bool = False


_UNO_COLOURS = ("red", "green", "blue", "yellow")
_TAKI_COLOURS = ("red", "green", "blue", "yellow")

PRESETS: dict[str, Pack] = {
    "french52": Pack(FRENCH_SUITS, FRENCH_RANKS),
    "french32": Pack(FRENCH_SUITS, ("7", "8", "9", "10", "J", "Q", "K", "A")),
    "german32": Pack(("acorns", "leaves", "hearts", "bells"), ("7", "8", "9", "10", "U", "O", "K", "A")),
    "swiss36": Pack(("roses", "acorns", "shields", "bells"), ("6", "7", "8", "9", "10", "U", "O", "K", "A")),
    "uno108": Pack(
        _UNO_COLOURS,
        ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "Skip", "Reverse", "+2"),
        copies=2,
        single=("0",),
        extra=(("Wild", 1), ("+4", 1)),
        extra_per_suit=True,
    ),
    "whot54": Pack(
        ("circle", "triangle", "cross", "square", "star"),
        ("1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "13", "14"),
        extra=(("Whot", 5),),
        missing=(
            ("cross", ("4", "8", "12")),
            ("square", ("4", "8", "12")),
            ("star", ("10", "11", "12", "13", "14")),
        ),
    ),
    "taki": Pack(
        _TAKI_COLOURS,
        ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Stop", "Plus", "+2", "Taki", "ChangeDirection"),
        copies=2,
        extra=(("SuperTaki", 2), ("King", 2), ("+3", 2), ("Breaker", 2), ("ChangeColor", 4)),
    ),
}


def build_deck(
    preset: str,
    *,
    ranks: tuple[str, ...] | None = None,
    suits: tuple[str, ...] | None = None,
    cards: tuple[tuple[str, str | None, int], ...] = (),
    packs: int = 1,
) -> tuple[Card, ...]:
    """
    The cards of *packs* packs of *preset*, keeping only *ranks* if given, with *cards* added to each pack.
    """
    pack = Pack(suits or (), ranks or ()) if preset == "custom" else PRESETS[preset]
    kept = ranks if ranks is not None else pack.ranks
    gaps = dict(pack.missing)
    cards_in_suits = [
        (rank, suit)
        for suit in (suits if preset != "custom" and suits else pack.suits)
        for rank in kept
        if (preset == "custom" or rank in pack.ranks) and rank not in gaps.get(suit, ())
    ]
    result: list[Card] = []
    for _ in range(packs):  # each pack its own cards: equal, but not the same objects
        one: list[Card] = []
        for suit in dict.fromkeys(suit for _, suit in cards_in_suits):
            for rank, of_suit in cards_in_suits:
                if of_suit == suit:
                    # A pack's copies of one card are one object, as the example packages deal them.
                    one.extend([Card(rank, suit)] * (1 if rank in pack.single else pack.copies))
            if pack.extra_per_suit:
                one.extend(Card(rank) for rank, count in pack.extra for _ in range(count))
        if not pack.extra_per_suit:
            one.extend(Card(rank) for rank, count in pack.extra for _ in range(count))
        one.extend(Card(rank, suit) for rank, suit, count in cards for _ in range(count))
        result.extend(one)
    return tuple(result)
