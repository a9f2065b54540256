"""
Features: the fixed-size numbers that describe one player's view, for learning code.

A game-AI library wants a vector of numbers of the same length in every
position of a game.  Each plugin declares its part of that vector with the
``maumau_features`` hook, as a tuple of `Feature` s: a name, a size and a
function that reads the numbers from a `maumau.PlayerView`.  Because a
feature reads only the view, it can never show what the view hides.  The
kernel declares what every Mau-Mau game has (`kernel_features`); a mechanic
or a variant adds its slots (a challenge window, a race board).  What only
some games' turns hold (an open play of several cards, another turn, draws
by choice, turns to sit out) `turn_features` describes, for `maumau.rl` to
add where the game can use it.

Seats in features are *relative*: position 0 is the viewing seat, position
1 the next seat number, and so on, so that a learner sees the same layout
from every seat.  Nothing here needs numpy: `maumau.rl` turns the numbers
into arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import field, frozen

from ._cards import Card

if TYPE_CHECKING:  # the view module needs the engine, which needs the hooks, which need this module
    from ._view import PlayerView

__all__ = ["Feature", "card_counts", "deck_cards", "kernel_features", "one_hot", "relative_seats", "turn_features"]


def _positive(instance: object, attribute: object, value: int) -> None:
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"a feature's size must be a whole number of at least 1, got {value!r}")


@frozen
class Feature:
    """
    One named part of the observation vector: *size* numbers read from a view by *read*.

    *read* gets a `maumau.PlayerView` and returns exactly *size* numbers;
    *doc* says in a few words what they mean, for the layout table of each
    variant.

    .. versionadded:: 0.2.0
    """

    name: str
    size: int = field(validator=_positive)
    read: Callable[[PlayerView], Sequence[float]] = field(eq=False, repr=False)
    doc: str = ""


def one_hot(index: int | None, size: int) -> list[float]:
    """
    *size* zeros with a 1 at *index* (none when *index* is ``None``).

    >>> one_hot(2, 4), one_hot(None, 2)
    ([0.0, 0.0, 1.0, 0.0], [0.0, 0.0])
    """
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def relative_seats(view: PlayerView) -> list[int]:
    """
    The seats in the order features list them: the viewing seat first, then rising seat numbers.
    """
    count = len(view.hand_sizes)
    return [(view.seat + step) % count for step in range(count)]


def card_counts(cards: Sequence[Card], index: dict[Card, int], size: int) -> list[float]:
    """
    How many of each card of the deck *cards* holds, in the deck's order (*index*).
    """
    values = [0.0] * size
    for card in cards:
        values[index[card]] += 1.0
    return values


def deck_cards(deck: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """
    The distinct cards of *deck* and its suits, each in the deck's order: what `kernel_features` is given.
    """
    cards = tuple(dict.fromkeys(deck))
    return cards, tuple(dict.fromkeys(card.suit for card in cards if card.suit is not None))


def kernel_features(players: int, cards: tuple[Card, ...], suits: tuple[str, ...]) -> tuple[Feature, ...]:
    """
    The features every Mau-Mau game has, for *players* seats, the distinct *cards* of the deck and its *suits*.
    """
    index = {card: position for position, card in enumerate(cards)}
    suit_index = {suit: position for position, suit in enumerate(suits)}
    size = len(cards)

    def seat_hot(seat: int | None, view: PlayerView) -> list[float]:
        return one_hot(None if seat is None else (seat - view.seat) % players, players)

    def per_seat(values: Sequence[float], view: PlayerView) -> list[float]:
        return [float(values[seat]) for seat in relative_seats(view)]

    return (
        Feature("hand", size, lambda v: card_counts(v.hand, index, size), "own hand: count of each card of the deck"),
        Feature("top", size, lambda v: one_hot(index[v.top], size), "top card of the discard pile, one-hot"),
        Feature(
            "played",
            size,
            lambda v: card_counts(v.discard_pile, index, size),
            "the discard pile (cards seen played since the pile was last recycled): count of each card",
        ),
        Feature(
            "drawn",
            size,
            lambda v: one_hot(None if v.drawn is None else index[v.drawn], size),
            "own card just drawn, still playable, one-hot",
        ),
        Feature(
            "wish",
            len(suits) or 1,
            lambda v: one_hot(suit_index.get(v.wish) if v.wish is not None else None, len(suits) or 1),
            "wished suit, one-hot over the deck's suits",
        ),
        Feature("debt", 1, lambda v: [float(v.debt)], "cards the player to move must draw"),
        Feature("skips", 1, lambda v: [float(v.skips)], "skips the player to move owes"),
        Feature("draw_pile", 1, lambda v: [float(v.draw_pile_size)], "cards in the draw pile"),
        Feature("direction", 1, lambda v: [float(v.direction)], "+1 rising seat numbers, -1 falling"),
        Feature("hand_sizes", players, lambda v: per_seat(v.hand_sizes, v), "cards in each hand, relative seats"),
        Feature("to_move", players, lambda v: seat_hot(v.to_move, v), "whose turn it is, relative seat one-hot"),
        Feature(
            "deciding",
            players,
            lambda v: seat_hot(None if v.pending is None else v.pending.seat, v),
            "who must take a pending decision (a suit, a variant's choice), relative seat one-hot",
        ),
        Feature(
            "resigned", players, lambda v: per_seat([float(r) for r in v.resigned], v), "who resigned, relative seats"
        ),
        Feature("scores", players, lambda v: per_seat(v.scores, v), "match points, relative seats"),
        Feature("round", 1, lambda v: [float(v.round)], "the round number, 1 first"),
    )


#: The kinds of another turn (``view.again``), in the order the ``again`` feature lists them.
AGAIN = ("must", "may")


def turn_features(
    players: int, cards: tuple[Card, ...], *, playing: bool, again: bool, draws: bool, waits: bool
) -> tuple[Feature, ...]:
    """
    The features of the turn in progress that only some games have: those of the four that are asked for.

    ``view.playing``, ``view.again``, ``view.draws`` and ``view.waits`` stay
    empty in a game whose rules never fill them (most games), so a learner
    gains nothing from them there; `maumau.rl.Observer` adds each only where
    the game can use it, which keeps every other game's observation as it was:
    *playing* where a play may hold several cards and no plugin observes it
    already, *again* where a card may give another turn, *draws* where a turn
    may draw more than one card by choice, *waits* where a card makes the next
    player sit turns out.  *cards* are the distinct cards of the deck.

    .. versionadded:: 0.2.0
    """
    index = {card: position for position, card in enumerate(cards)}
    size = len(cards)
    chosen = []
    if playing:
        chosen.append(
            Feature(
                "playing",
                size,
                lambda v: card_counts(v.playing, index, size),
                "the cards of the play still open: count of each card",
            )
        )
    if again:
        chosen.append(
            Feature(
                "again",
                len(AGAIN),
                lambda v: one_hot(None if v.again is None else AGAIN.index(v.again), len(AGAIN)),
                "the player to move plays again after a card that gave another turn: must, may",
            )
        )
    if draws:
        chosen.append(
            Feature("draws", 1, lambda v: [float(v.draws)], "cards the player to move drew by choice this turn")
        )
    if waits:
        chosen.append(
            Feature(
                "waits",
                players,
                lambda v: [float(v.waits[seat]) if v.waits else 0.0 for seat in relative_seats(v)],
                "turns each seat must still sit out, relative seats",
            )
        )
    return tuple(chosen)
