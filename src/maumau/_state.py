"""
The immutable game state and the records around it.

A `GameState` is a complete snapshot: every card's place, whose turn it is,
what is owed, which decision is pending, the scores, and the seed that
drives every later shuffle.  It never changes; `maumau.apply` returns a new
one.  Equality and hashing cover the position only: the finished rounds, the
action log and the events of the last action ride along for `record` and
user interfaces but do not make two equal positions differ, so search bots
can use states as keys, at the same cost late in a match as early.
"""

from __future__ import annotations

import html
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from attrs import Attribute, evolve, field, fields, frozen, resolve_types

from ._actions import Action
from ._cards import Card
from ._events import Event
from ._options import Options

if TYPE_CHECKING:  # pragma: no cover
    from .plugins import Rules

__all__ = [
    "STATE_FIELD_NAMES",
    "GameRecord",
    "GameState",
    "MatchResult",
    "Pending",
    "PlayerState",
    "RoundResult",
    "copier_for",
    "keep_listing",
    "set_events",
    "set_log",
    "state_changer",
    "state_fields",
]

#: The action log: a cons list ``(earlier, last_action)``, so appending is O(1).
ActionLog: TypeAlias = "tuple[ActionLog, Action] | None"


class _PlayerSlots:
    """
    The slots of a `PlayerState`, in a plain class without a freeze: `with_hand` fills a new one with plain stores
    and then makes it the `PlayerState` it is (the two have one layout).
    """

    __slots__ = ("__weakref__", "hand", "name", "resigned", "score")


@frozen(weakref_slot=False)  # its base holds the slots, a weak reference's among them
class PlayerState(_PlayerSlots):
    """
    One seat: its hand, its match total, and whether it has left the match.

    .. versionadded:: 0.1.0
    """

    name: str
    hand: tuple[Card, ...] = ()
    score: int = 0
    resigned: bool = False


@frozen
class Pending:
    """
    A decision that *seat* must take before play goes on.

    *kind* names the decision: ``"suit"`` (name a suit, answered by
    `ChooseSuit` with one of *choices*) is the kernel's; variants add their
    own kinds through `maumau.mechanics.Choices`.  *amount* carries a number
    the decision needs (spaces to move back, say).  *skip* is what the turn
    still owes once the decision is taken (a card that names a suit and
    skips); *completes_turn* is false for a decision that is not part of a
    turn, so that taking it hands nothing on.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *skip* and *completes_turn*; the suit choice's skip moved from *amount* to *skip*.
    """

    seat: int
    kind: str
    choices: tuple[str, ...] = ()
    amount: int = 0
    skip: int = 0
    completes_turn: bool = True


@frozen
class RoundResult:
    """
    How one round ended: *reason* (``"out"``, ``"blocked"``, ``"stopped"``,
    or a variant's), its *winners*, the *points* each seat got, the hands as
    held, and what the mechanics held in their *slots* as it ended (the
    finishing order of `maumau.mechanics.Placings`, a race board).

    *points* is, by seat, what the round added to each match total
    (`GameState.scores`), whatever the game counts: with a profile's
    ``scoring.mode = "winner_collects"`` the winner's collection (the
    others' hands, less the winner's) and 0 for the rest; with ``"holders"``
    each holder's penalty (their hand's points) and 0 for the winner; with
    ``"rounds"`` 1 for each winner; with ``"minus_hands"`` minus each hand's
    points; with ``"win_lose"`` 1 or -1; with ``"none"`` zeros.  Whether high
    or low totals win is the game's (``maumau rules GAME`` says it).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *placings* became the slot of `maumau.mechanics.Placings`: ``placings.order(result)``.
    """

    round: int
    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    slots: tuple[tuple[str, Any], ...] = ()


@frozen
class MatchResult:
    """
    How the match ended: its *winners* (ties share), the *reason*, the final *totals*.

    .. versionadded:: 0.1.0
    """

    winners: tuple[int, ...]
    reason: str
    totals: tuple[int, ...]


@frozen
class GameRecord:
    """
    Everything needed to rebuild a game: its set-up and its actions.

    `maumau.replay` rebuilds the state from it, checking every step.
    *first_dealer* is the first round's dealer when it was chosen
    (`maumau.new_game`'s *dealer*), ``None`` when the variant chose it;
    *later_decks* are the stacked decks of the rounds after the first.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *first_dealer* and *later_decks*.
    """

    variant: str
    players: tuple[str, ...]
    seed: int
    options: Options = field(factory=Options)
    deck: tuple[Card, ...] | None = None
    house_rules: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    first_dealer: int | None = None
    later_decks: tuple[tuple[Card, ...], ...] = ()
    #: The SHA-256 of the game profile the game was played with (``None`` for a Python variant): a replay
    #: refuses a profile that changed since.
    profile: str | None = None


#: The names of a state's fields as its users know them (`GameState`'s keywords, `evolve_state`'s, the JSON's of
#: format 1), in their order: the set-up's and the standing's own among them.
STATE_FIELD_NAMES = (
    "variant",
    "rules",
    "options",
    "seed",
    "players",
    "draw_pile",
    "discard_pile",
    "dealer",
    "round",
    "to_move",
    "direction",
    "wish",
    "debt",
    "skips",
    "drawn",
    "pending",
    "playing",
    "again",
    "draws",
    "waits",
    "passes",
    "result",
    "shuffles",
    "slots",
    "house_rules",
    "rounds",
    "stacked_deck",
    "first_dealer",
    "later_decks",
    "events",
    "log",
)


@frozen
class _SetUp:
    """
    What a match was set up with, held once per match by all of its states: a state reads it through its
    properties of the same names (`GameState.variant`, ``seed``...).

    Equality covers what the rules go on from (the variant, the seed, the house rules); the stacked decks and
    the first dealer chosen by hand are history, for the record.
    """

    variant: str
    seed: int
    house_rules: tuple[str, ...] = ()
    stacked_deck: tuple[Card, ...] | None = field(default=None, eq=False)
    first_dealer: int | None = field(default=None, eq=False)
    later_decks: tuple[tuple[Card, ...], ...] = field(default=(), eq=False)


@frozen
class _Standing:
    """
    Where the match stands between deals, held once per round by its states (a reshuffle makes a new one): the
    dealer, the round, the draw-pile shuffles so far and, as history outside equality, the rounds finished.
    """

    dealer: int
    round: int
    shuffles: int = 0
    rounds: tuple[RoundResult, ...] = field(default=(), eq=False)


#: The names of the state's fields held in its set-up, and in its standing: read through its properties.
_SET_UP_NAMES = tuple(a.name for a in fields(_SetUp))
_STANDING_NAMES = tuple(a.name for a in fields(_Standing))


class _StateSlots:
    """
    The slots of a `GameState`, in a plain class without a freeze: `replace_fields` fills a new one with plain
    stores and then makes it the `GameState` it is (the two have one layout).
    """

    __slots__ = (
        "__weakref__",
        "_hash",
        "_listed",
        "_set_up",
        "_standing",
        "again",
        "debt",
        "direction",
        "discard_pile",
        "draw_pile",
        "drawn",
        "draws",
        "events",
        "log",
        "memo",
        "options",
        "passes",
        "pending",
        "players",
        "playing",
        "result",
        "rules",
        "skips",
        "slots",
        "to_move",
        "waits",
        "wish",
    )


#: A keyword of `GameState` not given: the set-up's or the standing's own value stays.
_NOT_GIVEN: Any = object()


@frozen(init=False, weakref_slot=False, match_args=False)  # its base holds the slots
class GameState(_StateSlots):
    """
    A complete snapshot of one game; it never changes after creation.

    Cards: ``draw_pile`` runs top first, ``discard_pile`` bottom first (its
    last card is the top card).  Obligations on the seat to move: ``wish``
    (the suit to follow), ``debt`` (cards to draw), ``skips`` (turns to sit
    out, which it may answer), ``drawn`` (the card just drawn by choice,
    which may still be played), ``pending`` (a decision to take first).
    The turn in progress: ``playing`` (the cards of a play of several cards
    put down so far, while its player adds more), ``again`` (the seat plays
    again after a card that gave it another turn: ``"must"`` or ``"may"``)
    and ``draws`` (cards drawn by choice this turn).  ``waits`` counts, by
    seat, the turns each must still sit out (empty when nobody waits).
    ``slots`` holds what mechanics and variants keep beside the cards (open
    challenge windows, placings, pigs and bets), each under the name of its
    `maumau.Slot`.

    The set-up: ``variant`` (its name), ``rules`` (the `maumau.Rules` in
    play), ``options``, ``seed`` (drives every shuffle), ``house_rules`` (the
    house-rule plugins' names), ``stacked_deck`` (a first deal given by
    hand, or ``None``), ``later_decks`` (the stacked deals of rounds 2, 3...)
    and ``first_dealer`` (the first round's dealer, when chosen by hand).
    The table: ``players`` (each seat's name, hand, match total and whether
    it resigned), ``dealer``, ``round`` (from 1), ``to_move`` (``None`` once
    the match is over), ``direction`` (1 or -1), ``passes`` (passes in a row
    with nothing to play or draw, which may block the round), ``shuffles``
    (draw-pile shuffles so far, which seed the next one) and ``result`` (the
    `MatchResult`, once over).  The history: ``rounds`` (a `RoundResult` per
    finished round, with the hands and slots as it ended), ``events`` (what
    the last action did) and the action log behind ``actions`` and
    ``record``.

    Equality and the (cached) hash cover the position: what the rules go on
    from.  The history (finished rounds, the action log, the last action's
    events, a stacked first deal) rides along for records and user
    interfaces.

    A state is small because most of it is shared with the states before
    it: the variant, seed, house rules, stacked deals and first dealer are
    held in one record for the whole match, and the dealer, round, shuffles
    and finished rounds in one that a new round or a reshuffle replaces;
    they are read through properties of their own names, the rest are
    slots.  The constructor, `attrs.evolve`, `maumau.flow.evolve_state`,
    JSON and class patterns take the fields by these names, as
    `STATE_FIELD_NAMES <maumau.flow.STATE_FIELD_NAMES>` lists them.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``challenge``, ``placings`` and ``board`` moved into ``slots``; ``rounds`` is history, outside equality;
       ``playing``, ``again``, ``draws`` and ``waits`` are new.  The set-up and the standing are held apart, and
       the fields are slots (``attrs.fields(GameState)`` lists the slots; the names above are unchanged).
    """

    rules: Rules = field(eq=False, repr=False)
    options: Options
    players: tuple[PlayerState, ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    to_move: int | None
    direction: int = 1
    wish: str | None = None
    debt: int = 0
    skips: int = 0
    drawn: Card | None = None
    pending: Pending | None = None
    playing: tuple[Card, ...] = ()
    again: str | None = None
    draws: int = 0
    waits: tuple[int, ...] = ()
    passes: int = 0
    result: MatchResult | None = None
    slots: tuple[tuple[str, Any], ...] = ()
    _set_up: _SetUp = field(default=None, repr=False)
    _standing: _Standing = field(default=None, repr=False)
    events: tuple[Event, ...] = field(default=(), eq=False)
    log: ActionLog = field(default=None, eq=False, repr=False)
    #: What `maumau.legal_actions` found for the seats other than the one to move, and the call due that a
    #: listing asked: a memo, not part of the value, made when first needed (`memo_of`).
    memo: dict[Any, Any] | None = field(init=False, default=None, eq=False, repr=False)
    #: The state's hash once asked for, and the legal actions of the seat to move once listed (read in place by
    #: `maumau.legal_actions` and `maumau.apply`, kept by `keep_listing`): no part of the value.
    _hash: int | None = field(init=False, default=None, eq=False, repr=False)
    _listed: tuple[Action, ...] | None = field(init=False, default=None, eq=False, repr=False)

    #: A class pattern (``case GameState(variant, rules, ...)``) binds the fields by the names they have always had.
    __match_args__ = STATE_FIELD_NAMES

    def __init__(  # the fields of format 1, by name and in order, as ever
        self,
        variant: str = _NOT_GIVEN,
        rules: Rules = _NOT_GIVEN,
        options: Options = _NOT_GIVEN,
        seed: int = _NOT_GIVEN,
        players: tuple[PlayerState, ...] = _NOT_GIVEN,
        draw_pile: tuple[Card, ...] = _NOT_GIVEN,
        discard_pile: tuple[Card, ...] = _NOT_GIVEN,
        dealer: int = _NOT_GIVEN,
        round: int = _NOT_GIVEN,  # the field's name
        to_move: int | None = _NOT_GIVEN,
        direction: int = 1,
        wish: str | None = None,
        debt: int = 0,
        skips: int = 0,
        drawn: Card | None = None,
        pending: Pending | None = None,
        playing: tuple[Card, ...] = (),
        again: str | None = None,
        draws: int = 0,
        waits: tuple[int, ...] = (),
        passes: int = 0,
        result: MatchResult | None = None,
        shuffles: int = _NOT_GIVEN,
        slots: tuple[tuple[str, Any], ...] = (),
        house_rules: tuple[str, ...] = _NOT_GIVEN,
        rounds: tuple[RoundResult, ...] = _NOT_GIVEN,
        stacked_deck: tuple[Card, ...] | None = _NOT_GIVEN,
        first_dealer: int | None = _NOT_GIVEN,
        later_decks: tuple[tuple[Card, ...], ...] = _NOT_GIVEN,
        events: tuple[Event, ...] = (),
        log: ActionLog = None,
        *,
        set_up: _SetUp | None = None,
        standing: _Standing | None = None,
    ) -> None:
        """
        A state of these fields, the set-up's and the standing's among them by their own names.

        `attrs.evolve` hands over the set-up and the standing whole (*set_up*, *standing*); a field of theirs
        given by name as well wins.
        """
        set_up, standing = _made_records(set_up, standing, locals())  # the keywords: nothing else is local yet
        # Filled as the plain instance of its slots that a copy is filled as (`replace_fields`), then made a state
        # again: the frozen guard refuses stores, and going past it a field at a time costs four times as much.
        made = type(self)
        _set_slot(self, "__class__", _StateSlots)
        new: Any = self
        new.rules, new.options, new.players = rules, options, players
        new.draw_pile, new.discard_pile, new.to_move = draw_pile, discard_pile, to_move
        new.direction, new.wish, new.debt, new.skips = direction, wish, debt, skips
        new.drawn, new.pending, new.playing, new.again = drawn, pending, playing, again
        new.draws, new.waits, new.passes, new.result, new.slots = draws, waits, passes, result, slots
        new._set_up, new._standing, new.events, new.log = set_up, standing, events, log
        new.memo = new._hash = new._listed = None
        new.__class__ = made

    @property
    def variant(self) -> str:
        """
        The variant's name.
        """
        return self._set_up.variant

    @property
    def seed(self) -> int:
        """
        The seed that drives every shuffle.
        """
        return self._set_up.seed

    @property
    def house_rules(self) -> tuple[str, ...]:
        """
        The house-rule plugins' names.
        """
        return self._set_up.house_rules

    @property
    def stacked_deck(self) -> tuple[Card, ...] | None:
        """
        The first deal given by hand, or ``None``.
        """
        return self._set_up.stacked_deck

    @property
    def first_dealer(self) -> int | None:
        """
        The first round's dealer, when chosen by hand.
        """
        return self._set_up.first_dealer

    @property
    def later_decks(self) -> tuple[tuple[Card, ...], ...]:
        """
        The stacked deals of rounds 2, 3...
        """
        return self._set_up.later_decks

    @property
    def dealer(self) -> int:
        """
        The seat that dealt this round.
        """
        return self._standing.dealer

    @property
    def round(self) -> int:
        """
        The round, from 1.
        """
        return self._standing.round

    @property
    def shuffles(self) -> int:
        """
        The draw-pile shuffles so far, which seed the next one.
        """
        return self._standing.shuffles

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """
        A `RoundResult` per finished round, with the hands and slots as it ended.
        """
        return self._standing.rounds

    def __getstate__(self) -> tuple[Any, ...]:
        """
        The state's value and history for `copy.copy`, without what the engine remembers of it (a copy lists and
        hashes afresh).
        """
        return tuple(getattr(self, name) for name in _KEPT)

    def __setstate__(self, kept: tuple[Any, ...]) -> None:
        for name, value in zip(_KEPT, kept, strict=True):
            _set_slot(self, name, value)
        for name in ("memo", "_hash", "_listed"):
            _set_slot(self, name, None)

    @property
    def top(self) -> Card:
        """
        The top card of the discard pile.
        """
        return self.discard_pile[-1]

    @property
    def is_over(self) -> bool:
        """
        Whether the match has ended.
        """
        return self.result is not None

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """
        Every seat's hand, by seat.
        """
        return tuple(player.hand for player in self.players)

    @property
    def scores(self) -> tuple[int, ...]:
        """
        Every seat's match total, by seat.
        """
        return tuple(player.score for player in self.players)

    @property
    def actions(self) -> tuple[Action, ...]:
        """
        The actions applied since `maumau.new_game`, oldest first.
        """
        actions: list[Action] = []
        node = self.log
        while node is not None:
            node, action = node
            actions.append(action)
        return tuple(reversed(actions))

    @property
    def record(self) -> GameRecord:
        """
        The game record (set-up and actions), enough for `maumau.replay`.
        """
        return GameRecord(
            variant=self.variant,
            players=tuple(player.name for player in self.players),
            seed=self.seed,
            options=self.options,
            deck=self.stacked_deck,
            first_dealer=self.first_dealer,
            later_decks=self.later_decks,
            house_rules=self.house_rules,
            actions=self.actions,
            profile=self.rules.profile_digest,
        )

    def seats_not_resigned(self) -> tuple[int, ...]:
        """
        The seats that have not resigned, in seat order.

        This is not "still playing the round": a seat that went out in a game
        played on to placings is still here (``maumau.mechanics.placings.in_play``
        gives the seats still holding cards in the round).

        .. versionadded:: 0.2.0
        """
        players = self.players
        resigned = [*map(_RESIGNED, players)]  # asked of a plugin's hooks at every decision: one pass of C
        if True not in resigned:  # nearly always: every seat
            return _SEATS[len(players)] if len(players) < len(_SEATS) else tuple(range(len(players)))
        return tuple(seat for seat, gone in enumerate(resigned) if not gone)

    def active_seats(self) -> tuple[int, ...]:
        """
        The seats that have not resigned: the older name of `seats_not_resigned`, which says what it holds.

        .. versionchanged:: 0.2.0
           Kept as it was; new code should call `seats_not_resigned`.
        """
        return self.seats_not_resigned()

    def __repr__(self) -> str:
        """
        One line that says where the game stands; `maumau.to_data` gives every field.
        """
        where = "over" if self.result is not None else f"seat {self.to_move} to move"
        return (
            f"<GameState {self.variant}, {len(self.players)} players, round {self.round}, {where}, "
            f"top {self.discard_pile[-1] if self.discard_pile else None}, seed {self.seed}>"
        )

    def __str__(self) -> str:
        """
        The table as a person reads it: the top card and what it asks, then each seat's hand and score.
        """
        top = self.discard_pile[-1] if self.discard_pile else "none"
        asks = [f"suit {self.wish} wished"] if self.wish else []
        asks += [f"{self.debt} to draw"] if self.debt else []
        asks += [f"{self.skips} turns to sit out"] if self.skips else []
        heading = f"{self.variant}, round {self.round}: top card {top}" + (f" ({', '.join(asks)})" if asks else "")
        lines = [heading, f"draw pile: {len(self.draw_pile)} cards, discards: {len(self.discard_pile)}"]
        for seat, player in enumerate(self.players):
            mark = "> " if seat == self.to_move and self.result is None else "  "
            cards = " ".join(str(card) for card in player.hand) or "(no cards)"
            state = ", resigned" if player.resigned else ""
            lines.append(f"{mark}{seat} {player.name} ({player.score} points{state}): {cards}")
        if self.result is not None:
            winners = ", ".join(self.players[seat].name for seat in self.result.winners) or "nobody"
            lines.append(f"the match is over ({self.result.reason}): {winners} won")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """
        The table for a notebook: the top card, each seat's name, hand size and score, and who is to move.
        """
        escape = html.escape
        top = escape(str(self.discard_pile[-1])) if self.discard_pile else "none"
        rows = "".join(
            f"<tr><td>{'&#9654;' if seat == self.to_move and self.result is None else ''}</td>"
            f"<td>{escape(player.name)}</td><td>{len(player.hand)}</td><td>{player.score}</td></tr>"
            for seat, player in enumerate(self.players)
        )
        wish = f", suit {escape(self.wish)} wished" if self.wish else ""
        debt = f", {self.debt} to draw" if self.debt else ""
        over = (
            f"<p>The match is over: {escape(', '.join(self.players[s].name for s in self.result.winners))} won.</p>"
            if self.result is not None
            else ""
        )
        return (
            f"<div class='maumau-state'><p><b>{escape(self.variant)}</b>, round {self.round}: "
            f"top card <b>{top}</b>{wish}{debt}; {len(self.draw_pile)} cards to draw.</p>"
            f"<table><tr><th></th><th>player</th><th>cards</th><th>points</th></tr>{rows}</table>{over}</div>"
        )


def state_fields() -> tuple[Attribute, ...]:  # type: ignore[type-arg]
    """
    The fields of a state as its users know them, in the order of `STATE_FIELD_NAMES`: each the `attrs.Attribute`
    of `GameState`, of its set-up or of its standing that holds it (its type, its default, whether equality
    covers it).

    What `attrs.fields` gave for a `GameState` before the set-up and the
    standing were held apart: JSON reads and writes a state by these.
    """
    global _described
    if _described is None:
        for group in (_SetUp, _Standing):
            resolve_types(group)
        by_name = {a.name: a for cls in (GameState, _SetUp, _Standing) for a in fields(cls)}
        _described = tuple(by_name[name] for name in STATE_FIELD_NAMES)
    return _described


_described: tuple[Attribute, ...] | None = None  # type: ignore[type-arg]


#: The state's value and history, as `copy.copy` keeps it: every field but what the engine remembers.
_KEPT = tuple(a.name for a in fields(GameState) if a.init)
_set_slot = object.__setattr__  # past the frozen guard, for a state being made
_value_hash = GameState.__hash__  # the hash attrs writes, over the fields that make the value
_set_hash = _StateSlots._hash.__set__  # type: ignore[attr-defined]


def _cached_hash(self: GameState) -> int:
    """
    The state's hash, computed once and kept in the state, so that search bots can use states as keys cheaply.
    """
    known = self._hash
    if known is None:
        known = _value_hash(self)
        _set_hash(self, known)
    return known


GameState.__hash__ = _cached_hash  # type: ignore[method-assign,assignment]

#: ``keep_listing(state, listed)``: keep *listed*, the legal actions of the seat to move, in *state*: a memo,
#: set past the frozen guard (one store, as `maumau.legal_actions` does for nearly every state it is asked about).
keep_listing: Callable[[GameState, tuple[Action, ...]], None] = _StateSlots._listed.__set__  # type: ignore[attr-defined]


#: ``set_events(state, events)`` and ``set_log(state, log)``: give a state that `maumau.apply` has just made, and
#: that only maumau's own code has seen, the events and the log of the action that made it: set in place, past
#: the frozen guard, rather than copied once more.
set_events: Callable[[GameState, tuple[Event, ...]], None] = _StateSlots.events.__set__  # type: ignore[attr-defined]
set_log: Callable[[GameState, ActionLog], None] = _StateSlots.log.__set__  # type: ignore[attr-defined]


def _made_records(set_up: _SetUp | None, standing: _Standing | None, given: dict[str, Any]) -> tuple[_SetUp, _Standing]:
    """
    The set-up and the standing of a state made from *given* (`GameState`'s keywords, `_NOT_GIVEN` where left
    out): *set_up* and *standing* with the fields of theirs given, or new ones where a state is made from fields.

    Raises:
        TypeError: a required field is missing, named as `GameState`'s own (never through the private records).
    """
    required = ["rules", "options", "players", "to_move", "draw_pile", "discard_pile"]
    if set_up is None:  # made from its fields, not evolved: the set-up's own are required too
        required += ["variant", "seed"]
    if standing is None:
        required += ["dealer", "round"]
    missing = [name for name in required if given[name] is _NOT_GIVEN]
    if missing:
        raise TypeError(f"GameState() missing required arguments: {', '.join(map(repr, missing))}")
    return _record(_SetUp, set_up, given, _SET_UP_NAMES), _record(_Standing, standing, given, _STANDING_NAMES)


def _record(cls: type[_R], record: _R | None, given: dict[str, Any], names: tuple[str, ...]) -> _R:
    """
    *record* (the set-up or the standing of a state being made) with those of its fields *names* that are
    *given* (not left at `_NOT_GIVEN`), or a new one of them where it has none yet.
    """
    changes = {name: given[name] for name in names if given[name] is not _NOT_GIVEN}
    if record is None:
        return cls(**changes)
    return evolve(record, **changes) if changes else record


_T = TypeVar("_T")
_R = TypeVar("_R", "_SetUp", "_Standing")
_UNCHANGED: Any = object()


def _make_slotted_evolve(cls: type[_T]) -> Callable[..., _T]:
    """
    An `attrs.evolve` for *cls* alone, generated once the way attrs generates ``__init__``.

    `attrs.evolve` walks the class's fields on every call and goes through
    ``__init__``; this one names the fields in its code and fills the new
    instance's slots directly, which makes it several times faster for a class
    as wide as `GameState`, evolved twice by every action.  Same arguments
    (the ``__init__`` names), same result: fields not given are copied, a field
    with a factory and ``init=False`` gets a fresh value, and a cached hash
    starts empty.
    """
    every = fields(cls)  # type: ignore[arg-type]
    init = [a for a in every if a.init]
    params = ", ".join(f"{a.alias}=_unchanged_" for a in init)
    namespace: dict[str, Any] = {"_new_": object.__new__, "_cls_": cls, "_unchanged_": _UNCHANGED}
    lines = [f"def evolve(self, *, {params}):", "    new = _new_(_cls_)"]
    for a in every:
        namespace[f"_set_{a.name}"] = cls.__dict__[a.name].__set__
        if a.init:
            value = f"self.{a.name} if {a.alias} is _unchanged_ else {a.alias}"
        else:
            namespace[f"_factory_{a.name}"] = a.default.factory
            value = f"_factory_{a.name}()"
        lines.append(f"    _set_{a.name}(new, {value})")
    if "_attrs_cached_hash" in getattr(cls, "__slots__", ()):
        namespace["_set_hash_"] = cls.__dict__["_attrs_cached_hash"].__set__
        lines.append("    _set_hash_(new, None)")
    lines.append("    return new")
    exec(compile("\n".join(lines), f"<maumau evolve {cls.__name__}>", "exec"), namespace)
    function: Callable[..., _T] = namespace["evolve"]
    function.__doc__ = f"`attrs.evolve` for `{cls.__name__}`, faster."
    return function


#: The fields a copy of a state carries over one by one (the set-up and the standing are carried whole), and the
#: names that `evolve_state` takes: those and the set-up's and the standing's own.
_CARRIED = tuple(a.name for a in fields(GameState) if a.init and a.name not in ("_set_up", "_standing"))
_NAMES = frozenset((*_CARRIED, *_SET_UP_NAMES, *_STANDING_NAMES))
#: How many copiers (sets of names changed together, in their order) are kept at most: the kernel's steps use a
#: few dozen, and plugins may change any fields; past the bound a copy takes the generic way.
_COPIERS_LIMIT = 512


#: The set-up and the standing: each slot, the class it holds, and that class's fields in order.
_GROUPS = (("_set_up", _SetUp, _SET_UP_NAMES), ("_standing", _Standing, _STANDING_NAMES))


def _copy_source(header: str, names: tuple[str, ...], value: Callable[[str], str]) -> str:
    """
    The code of a copy of a state (``self``) with the fields *names* changed, each to the expression *value*
    gives for its name: a plain store per slot, a set-up or standing made anew where one of its fields changes,
    the memos left empty.
    """
    lines = [header, "    new = _new_(_slots_)"]
    lines += [f"    new.{n} = {value(n)}" if n in names else f"    new.{n} = self.{n}" for n in _CARRIED]
    for slot, cls, members in _GROUPS:
        if any(n in names for n in members):
            given = ", ".join(value(n) if n in names else f"group.{n}" for n in members)
            lines += [f"    group = self.{slot}", f"    new.{slot} = _{cls.__name__}_({given})"]
        else:
            lines.append(f"    new.{slot} = self.{slot}")
    lines += ["    new.memo = new._hash = new._listed = None", "    new.__class__ = _state_", "    return new"]
    return "\n".join(lines)


def _compiled(source: str, title: str) -> Callable[..., GameState]:
    namespace: dict[str, Any] = {"_new_": object.__new__, "_slots_": _StateSlots, "_state_": GameState}
    namespace.update((f"_{cls.__name__}_", cls) for _, cls, _ in _GROUPS)
    exec(compile(source, f"<maumau {title}>", "exec"), namespace)
    function: Callable[..., GameState] = namespace.pop(title.split()[0])
    return function


def _checked(names: tuple[str, ...]) -> tuple[str, ...]:
    unknown = set(names) - _NAMES
    if unknown:
        raise TypeError(f"evolve() got unexpected keyword arguments {sorted(unknown)}")
    return names


def _make_copier(names: tuple[str, ...]) -> Callable[[GameState, dict[str, Any]], GameState]:
    """
    ``copy(state, fields)``: a copy of a state with the fields *names* changed, given in the dict *fields*.
    """
    source = _copy_source("def replace(self, fields):", _checked(names), lambda n: f"fields[{n!r}]")
    return _compiled(source, f"replace {' '.join(names)}")


def state_changer(*names: str) -> Callable[..., GameState]:
    """
    ``change(state, name=value, ...)``: a copy of a state with the fields *names* changed, every one of them given
    as a keyword.

    For a step of the kernel that changes the same fields every time it runs (the hand-over of a turn): its copy
    is generated once for those names, so a call builds no dict and looks nothing up.
    """
    header = f"def change(self, *, {', '.join(_checked(names))}):"
    change = _compiled(_copy_source(header, names, lambda n: n), f"change {' '.join(names)}")
    change.__doc__ = f"A copy of a state with {', '.join(names)} changed."
    return change


class _Copiers(dict[tuple[str, ...], Callable[[GameState, dict[str, Any]], GameState]]):
    """
    The copiers made so far, by the names they change, in their order; a copier asked for the first time is made
    then, up to `_COPIERS_LIMIT` of them, past which a copy takes the generic way.
    """

    def __missing__(self, names: tuple[str, ...]) -> Callable[[GameState, dict[str, Any]], GameState]:
        if len(self) >= _COPIERS_LIMIT:
            return _replaced_generically
        copier = self[names] = _make_copier(names)
        return copier


_COPIERS = _Copiers()
_copy_whole = _make_copier(())
#: ``copier_for(tuple(fields))(state, fields)``: `replace_fields` with the copier found by a C call at the step
#: that copies, for the steps taken at nearly every decision (a play, a draw, the end of a turn).
copier_for: Callable[[tuple[str, ...]], Callable[[GameState, dict[str, Any]], GameState]] = _COPIERS.__getitem__


def replace_fields(state: GameState, fields: dict[str, Any]) -> GameState:
    """
    ``replace_fields(state, {"debt": 0})``: a copy of *state* with *fields* changed.

    The copy is filled as an instance of the state's slots, which has no
    freeze, with a plain store per slot, and then becomes a `GameState`.
    The code of a copy is generated once for each set of names changed
    together (and refused then for a name that is no field), so that a call
    stores each value where it goes and looks up nothing but its copier.
    """
    return _COPIERS[tuple(fields)](state, fields)


def _replaced_generically(state: GameState, fields: dict[str, Any]) -> GameState:
    """
    A copy of *state* with *fields* changed, made without a copier of its own: a whole copy, then each change.
    """
    _checked(tuple(fields))
    new = _copy_whole(state, {})
    for slot, _, members in _GROUPS:
        changes = {name: value for name, value in fields.items() if name in members}
        if changes:
            _set_slot(new, slot, evolve(getattr(state, slot), **changes))
    for name, value in fields.items():
        if name in _CARRIED:
            _set_slot(new, name, value)
    return new


def evolve_state(state: GameState, fields: dict[str, Any] | None = None, /, **changes: Any) -> GameState:
    """
    ``evolve_state(state, **changes)``: `attrs.evolve` for a `GameState`, several times as fast.  The changes may
    also come as one dict, ``evolve_state(state, {"debt": 0})``, which spares matching keyword names on the way in.
    A name that is no field of a state raises ``TypeError``, as `attrs.evolve` does.
    """
    if fields is not None:
        changes = {**fields, **changes} if changes else fields
    return _COPIERS[tuple(changes)](state, changes)  # a copier is made for names that are fields only


#: ``evolve_player(player, **changes)``: `attrs.evolve` for a `PlayerState`, twice as fast.
evolve_player: Callable[..., PlayerState] = _make_slotted_evolve(PlayerState)


def with_hand(players: tuple[PlayerState, ...], seat: int, hand: tuple[Card, ...]) -> tuple[PlayerState, ...]:
    """
    *players* with the one at *seat* holding *hand*, made in one call.

    Every play and every draw changes one hand.  The new `PlayerState` is
    filled as a plain instance of its slots' class and then becomes a
    `PlayerState`: plain stores cost half of what setting each frozen slot
    through its descriptor does.
    """
    player = players[seat]
    new: Any = _new_object(_PlayerSlots)
    new.name = player.name
    new.hand = hand
    new.score = player.score
    new.resigned = player.resigned
    new.__class__ = PlayerState
    changed = list(players)  # a list copy and one store: half the cost of a splice of slices
    changed[seat] = new
    return tuple(changed)


_new_object = object.__new__
#: Whether a player has resigned, read in C.
_RESIGNED = operator.attrgetter("resigned")
#: The seats of a game of each size, made once: ``_SEATS[3] == (0, 1, 2)``.
_SEATS = tuple(tuple(range(size)) for size in range(33))
