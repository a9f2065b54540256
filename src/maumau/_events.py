"""
Events: what an applied action did, for a user interface to show.

`apply` leaves the events of the action it applied in ``state.events``.
Events are public, except the cards in `CardsDrawn`, which a player's view
shows only to the drawer.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from attrs import field, frozen

from ._actions import keep_shared
from ._cards import Card
from ._tags import OMITTED_WHEN_DEFAULT, register_kind

__all__ = [
    "CardPlayed",
    "CardsDrawn",
    "DirectionReversed",
    "Event",
    "HandsPassed",
    "MatchEnded",
    "Passed",
    "PenaltyDrawn",
    "PileRecycled",
    "PlayerResigned",
    "PlaysAgain",
    "RoundEnded",
    "RoundStarted",
    "SuitWished",
    "TurnSkipped",
    "card_played",
    "cards_drawn",
    "event_types",
    "seat_event",
]

_EVENT_TYPES: dict[str, type[Event]] = {}


@frozen
class Event:
    """
    Base class of the public events; subclasses pass ``kind="..."``.

    .. versionadded:: 0.1.0
    """

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, kind: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        register_kind(_EVENT_TYPES, cls, kind, "event")

    def seen_by(self, seat: int | None) -> Event:
        """
        This event as *seat* sees it (``None``: a spectator): itself, unless it shows cards that only some see.

        An event class that carries private cards overrides it (`CardsDrawn`
        shows the cards to the drawer only), so that views, spectators and
        `maumau.Knowledge` all know exactly who saw what.

        .. versionadded:: 0.2.0
        """
        return self


_PLAYED: dict[tuple[int, int, str | None, bool], CardPlayed] = {}
_PLAYED_MORE: dict[tuple[int, int, str | None, bool], CardPlayed] = {}


def card_played(seat: int, card: Card, call: str | None, out_of_turn: bool, more: bool = False) -> CardPlayed:
    """
    The shared `CardPlayed` event for these fields and this very *card* object (keyed as `play_action` is).
    """
    key = (seat, id(card), call, out_of_turn)
    shared = _PLAYED_MORE if more else _PLAYED
    event: CardPlayed | None = shared.get(key)
    if event is None or event.card is not card:
        event = keep_shared(shared, key, CardPlayed(seat, card, call, out_of_turn, more))
    return event


_DRAWN: dict[tuple[int, int], CardsDrawn] = {}


def cards_drawn(seat: int, cards: tuple[Card, ...]) -> CardsDrawn:
    """
    The `CardsDrawn` event of *seat* drawing *cards*; shared when it is one card (keyed as `card_played` is).
    """
    if len(cards) != 1:
        return CardsDrawn(seat, len(cards), cards)
    card = cards[0]
    key = (seat, id(card))
    event = _DRAWN.get(key)
    if event is None or event.cards[0] is not card:  # type: ignore[index]  # a shared one holds its card
        event = keep_shared(_DRAWN, key, CardsDrawn(seat, 1, cards))
    return event


_BY_SEAT: dict[tuple[type[Event], int], Event] = {}

_E = TypeVar("_E", bound=Event)


def seat_event(kind: type[_E], seat: int) -> _E:
    """
    The shared event of class *kind* (`Passed`, `TurnSkipped`) whose one field is *seat*: events are values.
    """
    key = (kind, seat)
    event = _BY_SEAT.get(key)
    if event is None:
        event = _BY_SEAT.setdefault(key, kind(seat))  # type: ignore[call-arg]
    return event  # type: ignore[return-value]


def event_types() -> dict[str, type[Event]]:
    """
    Every event class defined so far, by its ``kind`` tag.
    """
    return dict(_EVENT_TYPES)


@frozen
class RoundStarted(Event, kind="round_started"):
    """
    A round was dealt: who dealt, the starter card, who plays first.
    """

    round: int
    dealer: int
    starter: Card
    first: int | None


@frozen
class CardPlayed(Event, kind="card_played"):
    """
    *seat* played *card*; *call* is what they said; *out_of_turn* marks a jump-in; *more*, that more cards
    follow in the same play (the events of a play of several cards are one `CardPlayed` per card, every one
    but the last with *more*, then what the whole play did).
    """

    seat: int
    card: Card
    call: str | None = None
    out_of_turn: bool = False
    more: bool = field(default=False, metadata={OMITTED_WHEN_DEFAULT: True})


@frozen
class PlaysAgain(Event, kind="plays_again"):
    """
    *seat* plays again in the same turn: a card gave it another turn (*again* is ``"must"`` or ``"may"``).
    """

    seat: int
    again: str


@frozen
class HandsPassed(Event, kind="hands_passed"):
    """
    The players *seats* passed their hands on, each to the next in the list (the last to the first), *times*
    times over.

    *hands* are the hands as passed, by the order of *seats*; in a player's
    view only the hand that player passed is shown (the others are ``None``).
    """

    seats: tuple[int, ...]
    times: int
    hands: tuple[tuple[Card, ...] | None, ...]

    def seen_by(self, seat: int | None) -> Event:
        hands = tuple(hand if each == seat else None for each, hand in zip(self.seats, self.hands, strict=True))
        return self if hands == self.hands else HandsPassed(self.seats, self.times, hands)


@frozen
class CardsDrawn(Event, kind="cards_drawn"):
    """
    *seat* drew *count* cards; *cards* is ``None`` in the views of other seats.
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None = None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.cards is None else CardsDrawn(self.seat, self.count)


@frozen
class PenaltyDrawn(Event, kind="penalty_drawn"):
    """
    *seat* drew *count* penalty cards for *reason* (a missed call, a challenge).
    """

    seat: int
    count: int
    reason: str
    cards: tuple[Card, ...] | None = None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.cards is None else PenaltyDrawn(self.seat, self.count, self.reason)


@frozen
class Passed(Event, kind="passed"):
    """
    *seat* ended the turn without playing.
    """

    seat: int


@frozen
class TurnSkipped(Event, kind="turn_skipped"):
    """
    *seat* missed a turn.
    """

    seat: int


@frozen
class DirectionReversed(Event, kind="direction_reversed"):
    """
    Play now runs in *direction* (+1: seat numbers rising, -1: falling).
    """

    direction: int


@frozen
class SuitWished(Event, kind="suit_wished"):
    """
    *seat* named *suit* for the next card.
    """

    seat: int
    suit: str


@frozen
class PileRecycled(Event, kind="pile_recycled"):
    """
    The discards below the top card were shuffled into a new draw pile of *count* cards.
    """

    count: int


@frozen
class PlayerResigned(Event, kind="player_resigned"):
    """
    *seat* left the match.
    """

    seat: int


@frozen
class RoundEnded(Event, kind="round_ended"):
    """
    Round *round* ended for *reason*; *points* were added to the totals.
    """

    round: int
    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]


@frozen
class MatchEnded(Event, kind="match_ended"):
    """
    The match ended; *winners* share the win.
    """

    winners: tuple[int, ...]
    reason: str
