"""
Computer players that decide from a `PlayerView` alone, at three levels, and the runner that seats them.

A bot gets what its seat may see (`maumau.view`), never the state, so it
cannot peek at other hands or the draw pile.  The view carries the seat's
legal actions; a bot only ever picks one of them, so it works for every
variant, including actions the bot does not know (a variant's bets or pig
moves).

The levels, weakest first (`LEVELS`, `make_bot`): ``random`` (`RandomBot`),
``heuristic`` (`HeuristicBot`) and ``search`` (`maumau.search.SearchBot`).
`BotTable` lets bots act around people until a given seat must decide, out
of turn included, and says what each seat saw; `play_out` runs a game
between bots to its end.

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   `LEVELS`, `make_bot`, `BotTable`, `ObservingBot`, `ActionsBot`, `reacts`, `observes`; the ``search`` level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeGuard, cast, runtime_checkable

from attrs import frozen

from ._actions import Action, Resign
from ._engine import apply, legal_actions
from ._events import Event
from ._policy import acting_seat, choosable, heuristic_choice, heuristic_reaction
from ._state import GameState
from ._view import PlayerView, events_seen, view
from .search import SearchBot

__all__ = [
    "LEVELS",
    "ActionsBot",
    "Bot",
    "BotTable",
    "BotTurns",
    "HeuristicBot",
    "ObservingBot",
    "RandomBot",
    "ReactingBot",
    "acting_seat",
    "make_bot",
    "observes",
    "play_out",
    "react_once",
    "reacts",
]


@runtime_checkable
class Bot(Protocol):
    """
    A computer player: picks one of ``view.legal_actions``.

    `choose` is asked when the bot's seat must act (its turn or a decision
    pending on it), so ``view.legal_actions`` holds more than `Resign`.

    .. versionadded:: 0.1.0
    """

    def choose(self, view: PlayerView) -> Action:
        """
        The action to take, one of ``view.legal_actions``.
        """
        ...  # pragma: no cover


@runtime_checkable
class ReactingBot(Bot, Protocol):
    """
    A bot that may also act out of turn (challenge a missed call, jump in).

    .. versionadded:: 0.1.0
    """

    def react(self, view: PlayerView) -> Action | None:
        """
        An out-of-turn action from ``view.legal_actions``, or ``None`` to let play go on.
        """
        ...  # pragma: no cover


@runtime_checkable
class ObservingBot(Bot, Protocol):
    """
    A bot that wants to see every event of the game, as its seat saw them, not only the views it decides on.

    `BotTable` and `play_out` call `observe` after every action with the
    events of that action (others' draws without their cards).

    .. versionadded:: 0.2.0
    """

    def observe(self, events: Sequence[Event]) -> None:
        """
        Take note of *events*.
        """
        ...  # pragma: no cover


@runtime_checkable
class ActionsBot(Bot, Protocol):
    """
    A bot that decides from its seat and its legal actions alone, so that no view need be built for it.

    `BotTable` and `play_out` (and so `maumau.simulation.simulate`) call
    `choose_from` instead of ``choose`` and, for a `ReactingBot`,
    `react_from` instead of ``react``; building a `PlayerView` costs more
    than such a bot's whole decision.  ``choose(view)`` must give what
    ``choose_from(view.seat, view.legal_actions)`` gives, as `RandomBot`'s does.

    .. versionadded:: 0.2.0
    """

    def choose_from(self, seat: int, actions: Sequence[Action]) -> Action:
        """
        The action to take, one of *actions* (the legal actions of *seat*).
        """
        ...  # pragma: no cover

    def react_from(self, seat: int, actions: Sequence[Action]) -> Action | None:
        """
        An out-of-turn action among *actions*, or ``None`` to let play go on.
        """
        ...  # pragma: no cover


def _choosable(view: PlayerView) -> list[Action]:
    """
    The legal actions a bot considers: all but resigning.
    """
    return choosable(view.legal_actions, view.seat)


class RandomBot:
    """
    Picks uniformly among its legal actions, never resigning.

    Out of turn it does nothing or one of its legal actions, each as likely.
    *seed* makes its choices repeatable.

    .. versionadded:: 0.1.0
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, view: PlayerView) -> Action:
        """
        A uniformly random legal action other than `Resign`.
        """
        return self.choose_from(view.seat, view.legal_actions)

    def react(self, view: PlayerView) -> Action | None:
        """
        ``None`` or an out-of-turn action, uniformly at random.
        """
        return self.react_from(view.seat, view.legal_actions)

    def choose_from(self, seat: int, actions: Sequence[Action]) -> Action:
        """
        A uniformly random one of *actions* other than `Resign`: `choose` without the view (`ActionsBot`).
        """
        return self.rng.choice(choosable(actions, seat))

    def react_from(self, seat: int, actions: Sequence[Action]) -> Action | None:
        """
        ``None`` or one of *actions* other than `Resign`, uniformly at random: `react` without the view.
        """
        options: list[Action | None] = [None]
        options.extend(action for action in actions if not isinstance(action, Resign))
        return self.rng.choice(options)


class HeuristicBot:
    """
    A simple sensible player: plays rather than draws, sheds as many cards as a
    play may hold, says its calls, always challenges a missed call, never resigns.

    In order of preference it challenges a missed call; challenges a play
    (`maumau.mechanics.ChallengePlay`) when the offender still holds at
    least ``SUSPICIOUS_HAND`` (4) cards, a hand that more often than not
    holds a card that should have been played; names the suit it holds most
    of, or the rank (`maumau.mechanics.ChooseRank`); plays a card; draws;
    then passes.  Among plays it prefers a card that follows suit or rank
    (or the wished rank) before a wild one such as a jack, which is kept for
    later; then a card that more cards may follow in the same play
    (``PlayCard.more``), so that it puts down a whole set or run, going on
    with the play for as long as the listing lets it and ending it with the
    due call; then a card of its longest suit, which keeps the next turn
    open.  A card answering a debt or skip counts as a play, and in a turn
    it may decline (``view.again == "may"``) it plays if it can, else passes.
    A variant's own actions it does not know are taken at random: always
    when nothing else is left, otherwise with probability *extra_chance*.
    With probability *forget* it plays without the due call (on the last
    card of a play of several), as people do, so that a table of bots gives
    the others something to challenge.  *seed* breaks ties repeatably.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Plays of several cards, rank wishes and challenges of a play.
    """

    def __init__(self, seed: int | None = None, *, extra_chance: float = 0.25, forget: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.extra_chance = extra_chance
        self.forget = forget

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: PlayerView) -> Action:
        """
        The preferred legal action other than `Resign`.
        """
        return heuristic_choice(
            view, view.seat, _choosable(view), self.rng, extra_chance=self.extra_chance, forget=self.forget
        )

    def react(self, view: PlayerView) -> Action | None:
        """
        Out of turn: challenge when possible, else jump in with a card, else
        sometimes a variant's own action, else nothing.
        """
        return heuristic_reaction(
            view, view.seat, view.legal_actions, self.rng, extra_chance=self.extra_chance, forget=self.forget
        )


def react_once(state: GameState, bots: Mapping[int, Bot], skip: set[int], actor: int | None) -> GameState | None:
    """
    Let each reacting bot (other than *actor* and those in *skip*) act out of
    turn once; the state after the first that does, or ``None``.

    The seat that acted is added to *skip*, so a bot reacts at most once
    between two moves of the seat to act.  A bot is asked, and its view
    built, only when its seat has an out-of-turn action other than resigning.
    """
    reactors = {seat: (bot, _capabilities(bot)[2]) for seat, bot in bots.items() if reacts(bot)}
    return _react_once(state, reactors, skip, actor)


def _react_once(
    state: GameState, reactors: Mapping[int, tuple[ReactingBot, bool]], skip: set[int], actor: int | None
) -> GameState | None:
    """
    `react_once` with the reacting bots picked out, each with whether it is an `ActionsBot`: no protocol checks,
    and a view only for a seat that may act and a bot that reads one.
    """
    for seat, (bot, from_actions) in reactors.items():
        if seat == actor or seat in skip:
            continue
        listed = legal_actions(state, seat)
        if not any(not isinstance(action, Resign) for action in listed):
            continue
        action = cast(ActionsBot, bot).react_from(seat, listed) if from_actions else bot.react(view(state, seat))
        if action is not None:
            skip.add(seat)
            return apply(state, action)
    return None


#: By bot type: whether the type has the methods of a `ReactingBot`, an `ObservingBot` and an `ActionsBot`.
_BY_TYPE: dict[type, tuple[bool, bool, bool]] = {}


def _capabilities(bot: object) -> tuple[bool, bool, bool]:
    """
    Whether *bot* is a `ReactingBot`, an `ObservingBot` and an `ActionsBot`.

    What a bot's type has, it has: that part is looked up once per type.
    Only a type without a method leaves it to the bot itself (an instance
    may have been given the method), with the protocol's own check; this is
    why `BotTable` asks once per bot, never per action.
    """
    return _capability(bot, 0), _capability(bot, 1), _capability(bot, 2)


#: The protocol of each capability, and the methods it needs beside ``choose``.
_PROTOCOLS: tuple[tuple[type, tuple[str, ...]], ...] = (
    (ReactingBot, ("react",)),
    (ObservingBot, ("observe",)),
    (ActionsBot, ("choose_from", "react_from")),
)


def _capability(bot: object, which: int) -> bool:
    """
    The *which* one of `_capabilities`, alone: the protocol's check (slow) only for a bot that has its methods.
    """
    kind = type(bot)
    by_type = _BY_TYPE.get(kind)
    if by_type is None:
        chooses = callable(getattr(kind, "choose", None))
        by_type = _BY_TYPE[kind] = (
            chooses and callable(getattr(kind, "react", None)),
            chooses and callable(getattr(kind, "observe", None)),
            chooses and callable(getattr(kind, "choose_from", None)) and callable(getattr(kind, "react_from", None)),
        )
    if by_type[which]:
        return True
    protocol, needs = _PROTOCOLS[which]
    # A bot without one of the protocol's methods is none of its kind: found without the protocol's check.
    return all(getattr(bot, name, None) is not None for name in ("choose", *needs)) and isinstance(bot, protocol)


def reacts(bot: object) -> TypeGuard[ReactingBot]:
    """
    Whether *bot* may act out of turn (a `ReactingBot`), decided once per bot type where the type decides it.

    .. versionadded:: 0.2.0
    """
    return _capability(bot, 0)


def observes(bot: object) -> TypeGuard[ObservingBot]:
    """
    Whether *bot* wants every event (an `ObservingBot`), decided once per bot type where the type decides it.

    .. versionadded:: 0.2.0
    """
    return _capability(bot, 1)


#: The bot levels by name, weakest first, each a function that makes a bot from a seed.
LEVELS: Mapping[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """
    A bot of *level* (``"random"``, ``"heuristic"`` or ``"search"``; see `LEVELS`), seeded with *seed*.

    Raises:
        ValueError: no level has that name.

    .. versionadded:: 0.2.0
    """
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return factory(seed)


@frozen
class BotTurns:
    """
    Where `BotTable.run_until` stopped: the *state*, and the events each seat saw on the way.

    *seen* holds, by seat, the events of the actions the bots took, as that
    seat saw them (others' draws without their cards).  *waiting* is the
    seat that must decide now: the seat to act (*out_of_turn* false), or the
    seat that was asked for, which may act out of turn before the bot to act
    moves (*out_of_turn* true); ``None`` once the match is over.

    .. versionadded:: 0.2.0
    """

    state: GameState
    seen: tuple[tuple[Event, ...], ...]
    waiting: int | None
    out_of_turn: bool = False


class BotTable:
    """
    Bots at some seats of a game, acting for themselves until a person must decide.

    *bots* maps seats to bots; the other seats are people (or programs) that
    act through the caller.  `run_until` lets the bots play, reactions
    included: before every move each reacting bot (`ReactingBot`) may act
    out of turn, at most once between two moves of the seat to act.  A
    server or a terminal game calls it after each action of its own:

    >>> import maumau
    >>> from maumau.bots import BotTable, HeuristicBot
    >>> state = maumau.new_game("classic", players=3, seed=1)
    >>> table = BotTable({1: HeuristicBot(1), 2: HeuristicBot(2)})
    >>> turns = table.run_until(state, 0)
    >>> turns.waiting, turns.out_of_turn, turns.state.to_move
    (0, False, 0)

    Bots that observe (`ObservingBot`) are told every event as their seat saw
    it, the caller's actions included when `run_until` gets the state just
    after one.  What each bot can do (react, observe, decide without a view:
    `ActionsBot`) is read once, when the table is made; a view is built only
    for a seat that decides, and only for a bot that reads views.

    .. versionadded:: 0.2.0
    """

    def __init__(self, bots: Mapping[int, Bot]) -> None:
        self.bots = dict(bots)
        # What each bot can do is resolved here, once: the loop below checks no protocol.
        capabilities = {seat: _capabilities(bot) for seat, bot in self.bots.items()}
        self._observers = {seat: cast(ObservingBot, bot) for seat, bot in self.bots.items() if capabilities[seat][1]}
        self._reactors = {
            seat: (cast(ReactingBot, bot), capabilities[seat][2])
            for seat, bot in self.bots.items()
            if capabilities[seat][0]
        }
        self._from_actions = {seat: cast(ActionsBot, bot) for seat, bot in self.bots.items() if capabilities[seat][2]}
        self._reacted: set[int] = set()
        self._last: GameState | None = None

    def __repr__(self) -> str:
        return f"BotTable({self.bots!r})"

    def run_until(
        self, state: GameState, seat: int | None = None, *, declined: bool = False, limit: int = 100_000
    ) -> BotTurns:
        """
        Let the bots act on *state* until *seat* must decide (or, with ``None``, to the end of the match).

        *seat* must decide when it is the seat to act, or when it could act
        out of turn before a bot moves (a challenge, a jump-in); with
        *declined*, *seat* has passed up acting out of turn in *state*, so
        the bots go on at least one action before it is asked again.

        Raises:
            ValueError: a seat that must act has no bot, no seat can act in an
                unfinished match, or *limit* actions pass without a stop.
        """
        return self._run(state, seat, declined, limit, [[] for _ in state.players])

    def _run(
        self, state: GameState, seat: int | None, declined: bool, limit: int, seen: list[list[Event]] | None
    ) -> BotTurns:
        """
        `run_until`, keeping the events each seat saw in *seen* unless it is ``None``.
        """
        self._caught_up(state)
        for _ in range(limit):
            if state.result is not None:
                return self._stop(state, seen, None)
            actor = acting_seat(state)
            if actor is None:
                raise ValueError("no seat can act, but the match is not over")
            if seat is not None and seat != actor and not declined and _may_react(state, seat):
                return self._stop(state, seen, seat, out_of_turn=True)
            declined = False
            reaction = _react_once(state, self._reactors, self._reacted, actor)
            if reaction is None:
                if actor == seat:
                    return self._stop(state, seen, seat)
                picker = self._from_actions.get(actor)
                if picker is not None:  # no view to build: the bot decides from its legal actions alone
                    state = apply(state, picker.choose_from(actor, legal_actions(state, actor)))
                else:
                    bot = self.bots.get(actor)
                    if bot is None:
                        raise ValueError(f"seat {actor} must act and has no bot")
                    state = apply(state, bot.choose(view(state, actor)))
                self._reacted.clear()
            else:
                state = reaction
            self._tell(state, seen)
        if seat is None:
            raise ValueError(f"the match did not end within {limit} actions")
        raise ValueError(f"seat {seat} was not asked to decide within {limit} actions")

    def _caught_up(self, state: GameState) -> None:
        """
        Take in the action the caller applied since the last stop: its events, and whether it was a move.
        """
        last, self._last = self._last, state
        if last is None or state is last or state.log is None:
            return
        action = state.log[1]
        if action.seat == acting_seat(last):
            self._reacted.clear()
        self._tell(state, None)

    def _tell(self, state: GameState, seen: list[list[Event]] | None) -> None:
        if seen is not None:
            for seat, kept in enumerate(seen):
                kept.extend(events_seen(state.events, seat))
        for seat, bot in self._observers.items():
            bot.observe(events_seen(state.events, seat))

    def _stop(
        self, state: GameState, seen: list[list[Event]] | None, waiting: int | None, out_of_turn: bool = False
    ) -> BotTurns:
        self._last = state
        return BotTurns(state, tuple(tuple(events) for events in seen or ()), waiting, out_of_turn)


def _may_react(state: GameState, seat: int) -> bool:
    return any(not isinstance(action, Resign) for action in legal_actions(state, seat))


def play_out(state: GameState, bots: Mapping[int, Bot], *, limit: int = 100_000) -> GameState:
    """
    Let *bots* (by seat) play *state* to the end of the match.

    Each bot sees only its own view.  Before every move, bots that can act
    out of turn are asked once whether they want to (a challenge, a jump-in).
    This is `BotTable.run_until` with every seat a bot's.

    Raises:
        ValueError: a seat that must act has no bot, or the match does not end
            within *limit* actions.
    """
    return BotTable(bots)._run(state, None, False, limit, None).state
