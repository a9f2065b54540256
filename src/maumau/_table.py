"""
A table: one match with seats for people and bots, as a game server or a user interface holds it.

The rules are values and functions (`maumau.apply`, `maumau.view`); a
table is the one mutable thing around them.  It keeps the current state,
applies what people send, lets the bots move until a person must decide,
holds a reaction window open for the people who may react, remembers which
events each seat has read, and saves itself as versioned JSON.  Every
public method holds the table's lock, so one table may serve concurrent
requests from many threads.

The reaction policy is written once, in `Table`'s docstring, and the
bot-driving loop lives in one private method, `Table._run_bots`.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from typing import Any

from attrs import frozen

from ._actions import Action, Resign
from ._engine import apply, legal_actions
from ._events import Event
from ._games import new_game
from ._house_rules import load_house_rule
from ._spectator import SpectatorView, spectate
from ._state import GameState
from ._table_json import SeatData, TableData, dump_table, event_text, load_table
from ._view import PlayerView, events_seen, seen_event, view
from .bots import LEVELS, Bot, HeuristicBot, ObservingBot, acting_seat, react_once
from .exceptions import RecordError, TableError

__all__ = ["Seat", "Table"]

#: The bot levels a seat at a table (or in ``maumau play``) may name, each a factory from a seed: the
#: levels of `maumau.bots.LEVELS`, except that the heuristic bot forgets one due call in ten, so that
#: people have calls to challenge.
BOT_LEVELS: dict[str, Callable[[int], Bot]] = {
    **LEVELS,
    "heuristic": lambda seed: HeuristicBot(seed, forget=0.1),
}

#: Bot actions one call may apply before the table gives up: far more than any match takes.
_BOT_LIMIT = 100_000


@frozen
class Seat:
    """
    A seat at a `Table`: a person, or a bot of a level (``"random"``, ``"heuristic"``).

    >>> Seat("Ann"), Seat("Bot 1", bot="heuristic").is_bot
    (Seat(name='Ann', bot=None), True)

    .. versionadded:: 0.2.0
    """

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """
        Whether a bot plays this seat.
        """
        return self.bot is not None


class Table:
    """
    One match at a table of people and bots.

    *seats* are `Seat` records or, for people, plain names.  The other
    arguments are `maumau.new_game`'s; *house_rules* are names of installed
    house rules or ``module:attribute`` paths (see `maumau.load_house_rule`)
    so that a saved table names them too.  *think_seconds* bounds how long
    the bots move for in one call (see `think_seconds`).

    **Who moves when.**  After every change the bots act, each seeing only
    its own view, until a person must decide: the seat to act is a person,
    or a reaction window is open for a person.  People act with `act`, any
    time their seat has a legal action (a challenge or a jump-in out of
    turn included).  When a person is to act, the bots that may react
    (challenge, jump in) are asked first, once each, as in ``maumau play``.

    **Reaction windows.**  Before a bot takes its turn, every person with a
    legal out-of-turn action other than resigning (a challenge, a jump-in)
    is waited for: the bot does not move until each of them has acted or
    let the moment pass with `decline`.  With *reaction_seconds* ``None``
    (the default) the table waits as long as it takes, which suits a
    terminal or a test.  With a number, the window closes that many seconds
    (by *clock*) after it opened: the next call of `advance` (or of any
    method that changes the table) counts the people who have not answered
    as declined, and play goes on.  A server calls `advance` at `deadline`.
    Each new state opens a new window; who declined one is forgotten.

    Raises:
        UnknownVariantError, InvalidOptionError: as `maumau.new_game`.
        TableError: no seat, or an unknown bot level.
        PluginError: a house rule that cannot be loaded.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        variant: str,
        seats: Sequence[Seat | str],
        *,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
        house_rules: Sequence[str] = (),
        reaction_seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        think_seconds: float | None = None,
    ) -> None:
        chosen = tuple(seat if isinstance(seat, Seat) else Seat(seat) for seat in seats)
        if not chosen:
            raise TableError("a table needs at least one seat")
        plugins = [load_house_rule(spec) for spec in house_rules]
        state = new_game(variant, players=[seat.name for seat in chosen], seed=seed, options=options, plugins=plugins)
        self._setup(state, chosen, tuple(house_rules), reaction_seconds, clock)
        self.think_seconds = think_seconds
        self._log.extend(state.events)
        self._run_bots()

    @classmethod
    def around(
        cls,
        state: GameState,
        seats: Sequence[Seat | str],
        *,
        house_rules: Sequence[str] = (),
        reaction_seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> Table:
        """
        A table around a game already under way (*house_rules* naming the plugins *state* was made with).

        Nothing moves yet: the bots act at the first `advance` or `act`.  The event log starts with the
        events of *state*'s last action.

        Raises:
            TableError: the seats do not match the players, or a bot level is unknown.
        """
        chosen = tuple(seat if isinstance(seat, Seat) else Seat(seat) for seat in seats)
        if tuple(seat.name for seat in chosen) != tuple(player.name for player in state.players):
            raise TableError("the seats must name the players of the game, in seat order")
        table = cls.__new__(cls)
        table._setup(state, chosen, tuple(house_rules), reaction_seconds, clock)
        table._log.extend(state.events)
        return table

    def _setup(
        self,
        state: GameState,
        seats: tuple[Seat, ...],
        house_rules: tuple[str, ...],
        reaction_seconds: float | None,
        clock: Callable[[], float],
    ) -> None:
        unknown = sorted({seat.bot for seat in seats if seat.bot is not None and seat.bot not in BOT_LEVELS})
        if unknown:
            raise TableError(f"unknown bot level {unknown[0]!r}; known: {', '.join(sorted(BOT_LEVELS))}")
        if reaction_seconds is not None and not (reaction_seconds >= 0 and math.isfinite(reaction_seconds)):
            raise TableError(f"reaction_seconds must be None or a number of seconds from 0, got {reaction_seconds!r}")
        self._lock = threading.RLock()
        self._state = state
        self._seats = seats
        self._house_rules = house_rules
        self._reaction_seconds = reaction_seconds
        self._clock = clock
        self._bots: dict[int, Bot] = {
            number: BOT_LEVELS[seat.bot](state.seed + number)
            for number, seat in enumerate(seats)
            if seat.bot is not None
        }
        self._log: list[Event] = []
        self._read = [0] * len(seats)
        self._declined: set[int] = set()
        self._opened: float | None = None
        self._reacted: set[int] = set()
        self._version = len(state.actions)
        self._think: float | None = None
        self._behind = False
        self._log_texts: list[str] = []

    # --- reading -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """
        The whole current state, hidden cards included; for the server, never for a player.
        """
        with self._lock:
            return self._state

    @property
    def seats(self) -> tuple[Seat, ...]:
        """
        The seats, in seat order.
        """
        return self._seats

    @property
    def house_rules(self) -> tuple[str, ...]:
        """
        The house rules, as named when the table was made.
        """
        return self._house_rules

    @property
    def version(self) -> int:
        """
        How many actions the match has had; it grows with every change a client should show.
        """
        with self._lock:
            return self._version

    @classmethod
    def levels(cls) -> tuple[str, ...]:
        """
        The bot levels a `Seat` may name.
        """
        return tuple(sorted(BOT_LEVELS))

    def view(self, seat: int) -> PlayerView:
        """
        What *seat* may see now, its legal actions included.
        """
        with self._lock:
            self._check_seat(seat)
            return view(self._state, seat)

    def spectate(self) -> SpectatorView:
        """
        What a spectator may see now: public information only.
        """
        with self._lock:
            return spectate(self._state)

    def read(self, seat: int) -> tuple[Event, ...]:
        """
        The events *seat* has not read yet, as it may see them; they count as read afterwards.
        """
        with self._lock:
            self._check_seat(seat)
            start, self._read[seat] = self._read[seat], len(self._log)
            return tuple(seen_event(event, seat) for event in self._log[start:])

    def history(self, seat: int | None = None, start: int = 0) -> tuple[Event, ...]:
        """
        Every event of the match from number *start* on, as *seat* (``None``: a spectator) may see it.

        Unlike `read`, this marks nothing as read: a client that reloads asks for its whole history.
        """
        with self._lock:
            if seat is not None:
                self._check_seat(seat)
            return tuple(seen_event(event, seat) for event in self._log[start:])

    def waiting_for(self) -> tuple[int, ...]:
        """
        The people whose decision the table is waiting for: the person to act, or those a reaction window holds for.
        """
        with self._lock:
            actor = acting_seat(self._state)
            if actor is None:
                return ()
            if actor not in self._bots:
                return (actor,)
            return self._holding_for(actor)

    @property
    def think_seconds(self) -> float | None:
        """
        How long the bots may move for in one call (`act`, `decline`, `advance`); ``None``: until a person decides.

        A server sets it so that a table of bots answers in bounded time: when the time is up with bots still to
        move, `deadline` is now, and the next `advance` lets them go on.

        .. versionadded:: 0.2.0
        """
        return self._think

    @think_seconds.setter
    def think_seconds(self, seconds: float | None) -> None:
        if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
            raise TableError(f"think_seconds must be None or a positive number of seconds, got {seconds!r}")
        self._think = seconds

    @property
    def deadline(self) -> float | None:
        """
        When (by the table's clock) the open reaction window closes; ``None`` when none is open or it never closes.

        Now, when the bots' time ran out with bots still to move (`think_seconds`).
        """
        with self._lock:
            if self._behind:
                return self._clock()
            actor = acting_seat(self._state)
            if self._reaction_seconds is None or self._opened is None or actor is None or actor not in self._bots:
                return None
            return self._opened + self._reaction_seconds

    # --- changing ------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> None:
        """
        Apply a person's *action* for *seat*, then let the bots move until a person must decide.

        Raises:
            TableError: *seat* does not exist, is a bot's, or *action* is another seat's.
            IllegalActionError: the rules forbid *action* now; the table is unchanged.
        """
        with self._lock:
            self._check_person(seat)
            if action.seat != seat:
                raise TableError(f"seat {seat} cannot act for seat {action.seat}")
            self._apply(action)
            self._run_bots()

    def catch_up(self, actions: Sequence[Action]) -> None:
        """
        Apply *actions* as they were played, the bots' included, without asking the bots for anything.

        How a server brings a table stored at one move up to the moves stored after it: the table then
        stands where it stood, its log told, and its bots go on from there at the next `advance`.

        Raises:
            IllegalActionError: an action the rules refuse at its turn; the table keeps the actions before it.

        .. versionadded:: 0.2.0
        """
        with self._lock:
            for action in actions:
                self._apply(action)

    def decline(self, seat: int) -> None:
        """
        *seat* lets the open reaction window pass: it does not challenge or jump in now.

        Raises:
            TableError: the table is not waiting for a reaction of *seat*.
        """
        with self._lock:
            self._check_person(seat)
            actor = acting_seat(self._state)
            if actor is None or actor not in self._bots or seat not in self._holding_for(actor):
                raise TableError(f"seat {seat} has no reaction window to let pass")
            self._declined.add(seat)
            self._run_bots()

    def advance(self) -> bool:
        """
        Close a reaction window whose time is up and let the bots move; whether anything changed.
        """
        with self._lock:
            before = (self._version, len(self._declined))
            self._run_bots()
            return (self._version, len(self._declined)) != before

    # --- saving ---------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """
        The whole table as versioned JSON: the state, the seats, the bots' random states, who read what.
        """
        with self._lock:
            data = TableData(
                state=self._state,
                seats=tuple(SeatData(seat.name, seat.bot) for seat in self._seats),
                house_rules=self._house_rules,
                reaction_seconds=self._reaction_seconds,
                log=tuple(self._log),
                read=tuple(self._read),
                declined=tuple(sorted(self._declined)),
                reacted=tuple(sorted(self._reacted)),
                bots=tuple((number, _random_state(bot)) for number, bot in sorted(self._bots.items())),
            )
            texts = self._log_texts  # each event written once: the log only grows
            texts.extend(event_text(event) for event in self._log[len(texts) :])
            return dump_table(data, indent=indent, log_texts=texts)

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        *,
        clock: Callable[[], float] = time.monotonic,
        imports: bool | Collection[str] = False,
    ) -> Table:
        """
        A table saved by `to_json`, as it was; an open reaction window opens anew, with its full time.

        The house rules a save names are loaded by their installed names
        (see `maumau.load_house_rule`); a ``module:attribute`` name is
        imported only when *imports* allows it: a save is data, and loading
        one never imports what it says unless the caller says so.

        Raises:
            RecordError: the text is not a saved table of a version this maumau reads, or a part of it is
                damaged: its state (read untrusted, so replayed), its event log (which must be what the
                state's record plays to), a bot's random state; the message says which.
            PluginError: a house rule it names is not installed (or not allowed), or cannot be loaded.
            TableError: it names a bot level this maumau does not have.

        .. versionchanged:: 0.2.0
           *imports*; before, every house rule a save named was imported.
        """
        data = load_table(text, partial(load_house_rule, imports=imports))
        table = cls.__new__(cls)
        seats = tuple(Seat(seat.name, seat.bot) for seat in data.seats)
        table._setup(data.state, seats, data.house_rules, data.reaction_seconds, clock)
        table._log = list(data.log)
        table._read = list(data.read)
        table._declined = set(data.declined)
        table._reacted = set(data.reacted)
        for number, saved in data.bots:
            rng = getattr(table._bots.get(number), "rng", None)
            if isinstance(rng, random.Random) and saved is not None:
                try:
                    rng.setstate(saved)
                except (ValueError, TypeError, OverflowError):  # a state of the right shape that Python refuses
                    raise RecordError(f"saved table: the random state of seat {number}'s bot is damaged") from None
        return table

    # --- inside ---------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self._seats):
            raise TableError(f"there is no seat {seat!r}; seats are 0 to {len(self._seats) - 1}")

    def _check_person(self, seat: int) -> None:
        self._check_seat(seat)
        if seat in self._bots:
            raise TableError(f"seat {seat} ({self._seats[seat].name}) is played by a bot")

    def _apply(self, action: Action) -> None:
        """
        Apply *action* (anyone's); a move of the seat to act, not a reaction, lets every bot react once more.
        """
        moved = action.seat == acting_seat(self._state)
        self._enter(apply(self._state, action), moved=moved)

    def _enter(self, state: GameState, *, moved: bool) -> None:
        """
        Make *state* the current one and keep its events; a new state opens a new reaction window.
        """
        self._state = state
        self._version += 1
        self._log.extend(state.events)
        for seat, bot in self._bots.items():  # a searching bot follows the game through what its seat saw
            if isinstance(bot, ObservingBot):
                bot.observe(events_seen(state.events, seat))
        self._declined.clear()
        self._opened = None
        if moved:
            self._reacted.clear()

    def _holding_for(self, actor: int, *, expire: bool = False) -> tuple[int, ...]:
        """
        The people a reaction window holds the bot *actor* for, opening the window if it is new.

        With *expire*, a window whose time is up holds no one: its silent people count as declined.
        Only the bot loop expires windows, so that reading the table never changes what it shows.
        """
        state = self._state
        holding = tuple(
            seat
            for seat in range(len(self._seats))
            if seat != actor
            and seat not in self._bots
            and seat not in self._declined
            and any(not isinstance(action, Resign) for action in legal_actions(state, seat))
        )
        if not holding:
            return ()
        if self._opened is None:
            self._opened = self._clock()
        if expire and self._reaction_seconds is not None and self._clock() >= self._opened + self._reaction_seconds:
            self._declined.update(holding)
            return ()
        return holding

    def _run_bots(self) -> None:
        """
        Let the bots act until a person must decide or the match is over.

        The only place where the table drives bots.  It is not `maumau.bots.BotTable`, which stops
        for one seat: a table holds a reaction window open for several people at once, until each
        acts or declines or the window's time is up.
        """
        stop = None if self._think is None else self._clock() + self._think
        self._behind = False
        for _ in range(_BOT_LIMIT):
            actor = acting_seat(self._state)
            if actor is None or self._holding_for(actor, expire=True):
                return
            if stop is not None and self._clock() >= stop and actor in self._bots:
                self._behind = True  # the rest at the next advance
                return
            reaction = react_once(self._state, self._bots, self._reacted, actor)
            if reaction is not None:
                self._enter(reaction, moved=False)
                continue
            bot = self._bots.get(actor)
            if bot is None:
                return
            self._apply(bot.choose(view(self._state, actor)))
        raise TableError(f"the bots did not stop within {_BOT_LIMIT} actions")


def _random_state(bot: Bot) -> tuple[Any, ...] | None:
    """
    The bot's random generator state, to save it with the table; ``None`` for a bot without one.
    """
    rng = getattr(bot, "rng", None)
    return rng.getstate() if isinstance(rng, random.Random) else None
