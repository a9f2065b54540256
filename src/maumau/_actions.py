"""
Actions: what a seat may do.

Every action names the seat that takes it, so out-of-turn actions (a
challenge, a jump-in) read the same as turns.  Actions are frozen records
that compare by value; each class has a short ``kind`` tag that JSON uses.
A variant adds its own actions by subclassing `Action` with a new tag.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs
from attrs import field, frozen

from ._cards import Card, without_card
from ._limits import MAX_CALL_LENGTH, MAX_INT, MAX_TEXT_LENGTH
from ._memo import memo_of
from ._tags import OMITTED_WHEN_DEFAULT, register_kind
from .exceptions import InvalidActionError, shorten

if TYPE_CHECKING:  # pragma: no cover - the state holds actions, so it is imported for annotations only
    from ._state import GameState

__all__ = [
    "SHARED_LIMIT",
    "Action",
    "ChooseSuit",
    "DrawCards",
    "Pass",
    "PlayCard",
    "Resign",
    "action_types",
    "add_listed_plays",
    "completable",
    "keep_shared",
    "more_action",
    "play_action",
    "seat_action",
    "suit_actions",
]

_V = TypeVar("_V")


_ACTION_TYPES: dict[str, type[Action]] = {}


@frozen(cache_hash=True)
class Action:
    """
    Base class of every action; *seat* is the seat that acts.

    Subclasses pass ``kind="..."`` in their class statement; the tag names
    the action in JSON and must be unique among installed variants.

    Raises:
        InvalidActionError: a field of the wrong type (a seat ``True``, a
            call ``5``) or too long, as `maumau.apply` would refuse it.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       An action of the wrong field types cannot be made.
    """

    seat: int
    kind: ClassVar[str] = "action"

    def __attrs_post_init__(self) -> None:
        # An action is well-formed from the start, so that one `apply` would refuse for its types (a seat
        # ``True``, a call too long) is never made, and so never compares equal to a listed action.
        problem = check_fields(self)
        if problem is not None:
            raise InvalidActionError(self, problem)

    def __init_subclass__(cls, kind: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        register_kind(_ACTION_TYPES, cls, kind, "action")


#: Per action class: the fields whose type is checked before `apply` reads them, with the type and
#: whether ``None`` is allowed.  Only plain types are checked; a variant's richer fields are its own.
_SHAPES: dict[type[Action], tuple[tuple[str, type, bool], ...]] = {}
_TYPE_WORDS: dict[type, str] = {int: "a whole number", str: "a string", Card: "a Card", bool: "true or false"}


def _shape(cls: type[Action]) -> tuple[tuple[str, type, bool], ...]:
    shape = _SHAPES.get(cls)
    if shape is None:
        try:
            attrs.resolve_types(cls)
        except NameError:  # pragma: no cover - an action made while its module still loads: checked by `apply`
            return ()
        checked = []
        for field in attrs.fields(cls):
            kinds = typing.get_args(field.type) or (field.type,)
            plain = [kind for kind in kinds if kind is not type(None)]
            if len(plain) == 1 and plain[0] in _TYPE_WORDS:
                checked.append((field.name, plain[0], len(kinds) > len(plain)))
        shape = _SHAPES[cls] = tuple(checked)
    return shape


def check_fields(action: Action) -> str | None:
    """
    What is wrong with the types of *action*'s fields, or ``None``.

    Python does not check annotations, and `apply` must not accept an action
    that cannot be saved (a seat ``True``) or crash on one (a call ``5``).
    """
    call = getattr(action, "call", None)
    if isinstance(call, str) and len(call) > MAX_CALL_LENGTH:
        return f"a call has at most {MAX_CALL_LENGTH} characters, got {len(call):,}"
    for name, kind, optional in _shape(type(action)):
        value = getattr(action, name)
        if value is None and optional:
            continue
        if type(value) is not kind and not (kind is Card and isinstance(value, Card)):
            allowed = _TYPE_WORDS[kind] + (" or None" if optional else "")
            return f"{name} must be {allowed}, got {shorten(value)}"
        if isinstance(value, str) and len(value) > MAX_TEXT_LENGTH:
            return f"{name} has at most {MAX_TEXT_LENGTH} characters, got {len(value):,}"
        if isinstance(value, int) and not -MAX_INT < value < MAX_INT:
            return f"{name} lies strictly between -2**63 and 2**63, got {shorten(value)}"
    return None


#: How many values each table of shared values keeps at most: a flood of distinct keys (a server's hostile
#: input) stops being remembered rather than filling memory.
SHARED_LIMIT = 100_000


def keep_shared(shared: dict[Any, _V], key: object, value: _V, limit: int = SHARED_LIMIT) -> _V:
    """
    Remember *value* under *key* in *shared* while there is room (fewer than *limit* entries); return it.

    The tables of shared values are plain dicts, each with this one way in:
    immutable values made once and shared, by a key that is cheap to build,
    because listing actions is the engine's busiest work and a game's actions
    and cards are the same few objects throughout.  (Plain, because the
    interpreter calls ``dict.get`` fastest on a dict itself, not a subclass.)
    """
    if len(shared) < limit:
        shared[key] = value
    return value


_PLAYS: dict[tuple[int, int, str | None], PlayCard] = {}
_MORE: dict[tuple[int, int], PlayCard] = {}


def play_action(seat: int, card: Card, call: str | None = None) -> PlayCard:
    """
    The shared `PlayCard` for *seat*, this very *card* object and *call*.

    Keyed by the card's identity, which needs no hashing; the kept action
    holds the card, so the identity cannot pass to another object.
    """
    key = (seat, id(card), call)
    play: PlayCard | None = _PLAYS.get(key)
    if play is None or play.card is not card:
        play = keep_shared(_PLAYS, key, PlayCard(seat, card, call))
    return play


def more_action(seat: int, card: Card) -> PlayCard:
    """
    The shared `PlayCard` for *seat* and this very *card* with ``more=True``: a card that more cards follow.
    """
    key = (seat, id(card))
    play: PlayCard | None = _MORE.get(key)
    if play is None or play.card is not card:
        play = keep_shared(_MORE, key, PlayCard(seat, card, None, True))
    return play


def add_plays(
    state: GameState, seat: int, cards: Sequence[Card], listed: list[Any], playing: tuple[Card, ...] = ()
) -> None:
    """
    Add the plays of *cards* by *seat* (see `maumau.flow.plays`) to *listed*, each the shared `PlayCard`.

    *playing* is the play of several cards that the cards would continue
    (``state.playing``, or nothing for the first card of a play).  Written
    here, beside the shared plays, because every decision lists some.
    """
    if not cards:
        return
    rules = state.rules
    left = len(state.players[seat].hand) - 1
    if rules.play_follows is not None:  # plays of several cards: each card may open or continue one, or end it
        _add_plays_of_several(state, seat, cards, listed, playing, left)
        return
    if rules.call_by_count is None:  # the call due depends on the card: asked for each
        expected_call = rules.expected_call
        for card in cards:
            _add_closing(state, seat, card, listed, expected_call(state, seat, left, (card,)))
        return
    if rules.calls_due:
        expected = rules.call_by_cards_left(state, seat, left)
        # Where no table answers, the answer is kept for the play to judge by without asking again (`flow.play_card`).
        if rules.call_table is None:
            memo_of(state)[-1 - seat] = expected
    else:  # a game with no calls
        expected = None
    if not expected:
        shared = _PLAYS
        for card in cards:  # `play_action` written out: every decision lists a few plays
            play = shared.get((seat, id(card), None))
            if play is None or play.card is not card:
                play = play_action(seat, card)
            listed.append(play)
        return
    _add_called(state, seat, cards, expected, listed)


def add_listed_plays(state: GameState, seat: int, plays: list[PlayCard], listed: list[Any]) -> None:
    """
    Add *plays*, plays of one card each by *seat* without a call (from the game's table), to *listed* as
    `add_plays` lists them: as they are when no call is due, else each with every call.

    For games whose plays are one card each and whose call due depends on the count of cards left alone
    (``rules.call_by_count``).
    """
    expected = state.rules.call_by_cards_left(state, seat, len(state.players[seat].hand) - 1)
    if state.rules.call_table is None:  # kept for the play to judge by (see `add_plays`)
        memo_of(state)[-1 - seat] = expected
    if not expected:
        listed += plays
        return
    _add_called(state, seat, [play.card for play in plays], expected, listed)


def _add_called(state: GameState, seat: int, cards: Sequence[Card], expected: str, listed: list[Any]) -> None:
    """
    Add the plays of *cards* by *seat* with the call due *expected*: with it, with none and with every other call.
    """
    calls = (expected, None, *(call for call in state.rules.calls(state.options) if call != expected))
    for card in cards:
        for call in calls:
            listed.append(play_action(seat, card, call))


def _add_closing(state: GameState, seat: int, card: Card, listed: list[Any], expected: str | None) -> None:
    """
    Add the plays of *card* that end a play, with *expected* the call due: with it, none and every other call.
    """
    if not expected:
        listed.append(play_action(seat, card))
        return
    listed.append(play_action(seat, card, expected))
    listed.append(play_action(seat, card))
    for call in state.rules.calls(state.options):
        if call != expected:
            listed.append(play_action(seat, card, call))


def _add_plays_of_several(
    state: GameState, seat: int, cards: Sequence[Card], listed: list[Any], playing: tuple[Card, ...], left: int
) -> None:
    """
    Add the plays of *cards* where a play may hold several cards: each with ``more`` when a card of the hand
    could follow it, and as the play's last card (with the call the whole play owes) where a play may end on it.
    """
    rules = state.rules
    follows, may_end, expected_call, call_by_count = (
        rules.play_follows,
        rules.play_may_end,
        rules.expected_call,
        rules.call_by_count,
    )
    assert follows is not None
    hand = state.players[seat].hand
    expected = None if call_by_count is None else rules.call_by_cards_left(state, seat, left)
    for card in cards:
        played = (*playing, card)
        rest = without_card(hand, card)
        if follows(state, seat, played, rest) if may_end is None else completable(state, seat, played, rest):
            listed.append(more_action(seat, card))
        if may_end is None or may_end(state, seat, played):
            due = expected if call_by_count is not None else expected_call(state, seat, left, played)
            if due:
                _add_closing(state, seat, card, listed, due)
            else:
                listed.append(play_action(seat, card))


def completable(state: GameState, seat: int, cards: tuple[Card, ...], hand: tuple[Card, ...]) -> bool:
    """
    Whether a play of *cards* can go on with cards of *hand* and end: some card follows it, and the play may
    end on that card or, from it, go on and end in turn.  A card is offered with ``more`` only then, so that a
    play once opened always has a way to end.
    """
    rules = state.rules
    follows, may_end = rules.play_follows, rules.play_may_end
    assert follows is not None
    followers = follows(state, seat, cards, hand)
    if may_end is None:
        return bool(followers)
    for card in followers:
        played = (*cards, card)
        if may_end(state, seat, played) or completable(state, seat, played, without_card(hand, card)):
            return True
    return False


_BY_SEAT: dict[type[Action], list[Action]] = {}


def seat_action(kind: type[Action], seat: int) -> Action:
    """
    The shared action of class *kind* (`DrawCards`, `Pass`, `Resign`) for *seat*.
    """
    made = _BY_SEAT.setdefault(kind, [])
    if seat >= len(made):
        made.extend(kind(other) for other in range(len(made), seat + 1))
    return made[seat]


_SUITS: dict[tuple[int, tuple[str, ...]], tuple[ChooseSuit, ...]] = {}


def suit_actions(seat: int, suits: tuple[str, ...]) -> tuple[ChooseSuit, ...]:
    """
    The shared `ChooseSuit` actions for *seat*, one per suit of *suits*, in that order.
    """
    actions = _SUITS.get((seat, suits))
    if actions is None:
        actions = keep_shared(_SUITS, (seat, suits), tuple(ChooseSuit(seat, suit) for suit in suits))
    return actions


def action_types() -> dict[str, type[Action]]:
    """
    Every action class defined so far, by its ``kind`` tag.
    """
    return dict(_ACTION_TYPES)


@frozen(cache_hash=True)
class PlayCard(Action, kind="play"):
    """
    Put *card* on the discard pile, saying *call* ("Mau", "Mau-Mau") or nothing.

    In turn it is an ordinary play; out of turn (where a variant allows it)
    it is a jump-in.  With *more*, more cards follow in the same play (a set
    of one rank, a run), each a `PlayCard` of the same seat: the play's
    effects and its call come with its last card, which has no *more*.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *more*.
    """

    card: Card
    call: str | None = None
    more: bool = field(default=False, metadata={OMITTED_WHEN_DEFAULT: True})

    def __str__(self) -> str:
        said = f" saying {shorten(self.call)}" if self.call else ""
        more = ", more to follow" if self.more else ""
        return f"seat {self.seat} plays {self.card}{said}{more}"


@frozen(cache_hash=True)
class DrawCards(Action, kind="draw"):
    """
    Draw from the draw pile: one card, or the whole debt when one is owed.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


@frozen(cache_hash=True)
class Pass(Action, kind="pass"):
    """
    End the turn without playing: after drawing, when a skip is owed, or when
    nothing can be played or drawn.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@frozen(cache_hash=True)
class ChooseSuit(Action, kind="choose_suit"):
    """
    Name the suit (or colour) that the next card must have.

    .. versionadded:: 0.1.0
    """

    suit: str

    def __str__(self) -> str:
        return f"seat {self.seat} names {self.suit}"


@frozen(cache_hash=True)
class Resign(Action, kind="resign"):
    """
    Leave the match; the variant decides who wins what remains.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} resigns"
