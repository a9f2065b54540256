"""
Who decides next, when out-of-turn reactions are decisions of their own.

Game-AI libraries ask one player at a time.  In maumau a seat may act out of
turn (challenge a missed call, jump in with an identical card), so a
`Position` walks the seats the way `maumau.bots.play_out` asks its bots:
before each move of the seat that must act, every other seat that has an
out-of-turn action is asked in turn, starting after the actor, to react or
to decline (`maumau.rl.NO_REACTION`).  A seat that reacted is not asked
again until the actor has moved; a seat that declined is asked again only
after something has happened.  Resigning is never offered.

A turn may hold several decisions of the same seat: each card of a play
of several cards (``PlayCard.more``), another turn that a card gave
(``state.again``), a draw after a draw; each is a decision of its own, and
the other seats may react before each, as before any move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from .._actions import Action, Resign
from .._engine import apply, legal_actions
from .._games import new_game
from .._state import GameState
from ..bots import LEVELS, Bot, acting_seat
from ..exceptions import UnknownBotLevelError
from ..simulation import parse_bot
from ._spaces import NO_REACTION, ActionSpace, Observer

__all__ = ["BotFactory", "Chooser", "Opponent", "Position", "Setup", "Turn", "bot_factory", "returns"]

#: Makes a bot from a seed: a bot class such as `maumau.bots.HeuristicBot` is one.
BotFactory = Callable[[int], Bot]
#: An opponent as an environment takes it: a `BotFactory`, or a bot spec as ``maumau simulate --bots`` takes
#: one: a level of `maumau.bots.LEVELS` (``"heuristic"``), and for ``search`` optionally a budget (``"search:400"``).
Opponent = BotFactory | str
#: Chooses *seat*'s action among its legal actions: an `maumau.bots.ActionsBot`'s ``choose_from``.
Chooser = Callable[[int, Sequence[Action]], Action]


def bot_factory(opponent: Opponent, plugins: Sequence[object] = ()) -> BotFactory:
    """
    The bot factory *opponent* names: itself, or for a bot spec one that makes the spec's bot from a seed.

    A search bot gets the house-rule *plugins*, to sample states with.

    Raises:
        UnknownBotLevelError: *opponent* is a spec of no level, or a malformed one (a bad search budget).
    """
    if not isinstance(opponent, str):
        return opponent
    level = opponent.partition(":")[0]
    if level not in LEVELS:
        raise UnknownBotLevelError(level, tuple(LEVELS))
    try:
        parse_bot(opponent, 0, plugins)
    except ValueError as error:
        raise UnknownBotLevelError(level, tuple(LEVELS), str(error)) from None
    return functools.partial(parse_bot, opponent, plugins=plugins)


class Setup:
    """
    What an environment plays: a variant, its player count, options and house rules, with its encodings.

    Raises:
        MaumauError: as `maumau.new_game` does, for a bad variant, player count or option.
    """

    def __init__(
        self, variant: str, players: int, options: Mapping[str, object] | None, plugins: Sequence[object]
    ) -> None:
        self.variant = variant
        self.players = players
        self.options = dict(options) if options is not None else None
        self.plugins = tuple(plugins)
        sample = self.deal(0).state
        self.space = ActionSpace.of(sample)
        self.observer = Observer.of(sample)

    def deal(self, seed: int) -> Position:
        """
        A new match from *seed*.
        """
        return Position(
            new_game(self.variant, players=self.players, options=self.options, plugins=self.plugins, seed=seed)
        )

    @staticmethod
    def describe(position: Position | None) -> str | None:
        """
        One line about the game, for an environment's ``render``.
        """
        if position is None:
            return None
        state = position.state
        return f"{state.variant}, round {state.round}, top {state.top}, to move: seat {state.to_move}"


class Position(NamedTuple):
    """
    A game state with the bookkeeping of reactions: who has reacted or declined since when.

    A named tuple, as `Turn` is: one of each is made at every step.
    """

    state: GameState
    #: Seats that reacted since the actor last moved.
    reacted: frozenset[int] = frozenset()
    #: Seats that declined to react since the last action.
    declined: frozenset[int] = frozenset()

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def actor(self) -> int | None:
        """
        The seat that must act (a turn or a pending decision), ``None`` once the match is over.
        """
        return acting_seat(self.state)

    def reactor(self, actor: int | None = None) -> int | None:
        """
        The next seat to ask whether it reacts, or ``None`` when the actor (*actor*, if already known) is to act.
        """
        state = self.state
        if not state.rules.has_actions:  # no plugin lists actions: nobody acts out of turn
            return None
        if actor is None:
            actor = self.actor()
            if actor is None:
                return None
        count = len(state.players)
        for step in range(1, count):
            seat = (actor + step) % count
            if seat not in self.reacted and seat not in self.declined and _playable(legal_actions(state, seat)):
                return seat
        return None

    def asked(self) -> tuple[int, bool, tuple[Action, ...]] | None:
        """
        The seat asked now, whether it is asked to react, and its legal actions; ``None`` once the match is over.

        The actions are the engine's listing (`maumau.legal_actions`, which
        may hold resigning, never offered here): a bot chooses among them, and
        `acted` checks its choice against them.
        """
        state = self.state
        acting = _acting(state)
        if acting is None:
            return None
        actor, actions = acting
        reactor = self.reactor(actor) if state.rules.has_actions else None
        if reactor is None:
            return actor, False, actions
        return reactor, True, legal_actions(state, reactor)

    def turn(self, space: ActionSpace) -> Turn | None:
        """
        Who is asked now and what they may choose, ``None`` once the match is over.
        """
        state = self.state
        if state.result is not None:
            return None
        # `asked` written out, the ids worked out as the actions are sifted: OpenSpiel's searches run this each step.
        pending = state.pending
        actor = pending.seat if pending is not None else state.to_move
        ids: tuple[int, ...] = ()
        if actor is not None:
            ids, actions = space.choices(legal_actions(state, actor), actor)
        if not ids:
            actor = acting_seat(state)
            if actor is None:
                return None
            ids, actions = space.choices(legal_actions(state, actor), actor)
        reactor = self.reactor(actor) if state.rules.has_actions else None
        if reactor is None:
            return _new(Turn, (actor, False, ids, actions))  # `Turn(...)`, without the call of its __new__
        return Turn.of(space, reactor, True, legal_actions(state, reactor))

    def after(self, space: ActionSpace, turn: Turn, index: int) -> Position:
        """
        The position after the seat of *turn* (this position's) chooses id *index*.

        Raises:
            ValueError: *index* is not one of the turn's ids (the position stays as it was).
        """
        try:
            action = turn.actions[turn.ids.index(index)]
        except ValueError:
            raise ValueError(
                f"action id {index!r} is not legal for seat {turn.seat} now; legal ids: {list(turn.ids)}"
            ) from None
        if action is not None and not turn.reacting:  # `_acted` written out for a move, nearly every step
            return _new(Position, (apply(self.state, action), _NOBODY, _NOBODY))
        return self._acted(turn.seat, turn.reacting, action)

    def acted(
        self, seat: int, reacting: bool, action: Action | None, legal: Sequence[Action] | None = None
    ) -> Position:
        """
        The position after *seat*, asked now (`asked`), takes *action*: ``None`` declines to react.

        The way for a bot, which chooses among actions, not ids.  *legal* are
        the actions `asked` listed for the seat, if at hand: the check is then
        made against them instead of a new listing.

        Raises:
            ValueError: *action* is not one *seat* may take now (resigning never is; the position stays as it was).
        """
        if action is None and not reacting:
            raise ValueError(f"seat {seat} must act: only a seat asked to react may decline")
        if action is not None:
            action = _listed(seat, action, legal_actions(self.state, seat) if legal is None else legal)
        return self._acted(seat, reacting, action)

    def moved(self, seat: int, choosers: Mapping[int, Chooser]) -> Position:
        """
        The position once the other seats have chosen with *choosers* up to *seat*'s decision or the match's end.

        For a game in which nobody acts out of turn (no plugin lists
        actions), where this is what a loop of `asked` and `acted` gives,
        without a position made at every decision: the Gymnasium
        environment's bots decide most of a match.

        Raises:
            ValueError: a chooser chose an action its seat may not take now (as `acted`).
        """
        state = self.state
        assert not state.rules.has_actions, "a game with out-of-turn actions asks and reacts: use asked and acted"
        acting = _acting(state)
        while acting is not None and acting[0] != seat:
            actor, actions = acting
            state = apply(state, _listed(actor, choosers[actor](actor, actions), actions))
            acting = _acting(state)
        return self if state is self.state else _new(Position, (state, _NOBODY, _NOBODY))

    def _acted(self, seat: int, reacting: bool, action: Action | None) -> Position:
        if action is None:
            return Position(self.state, self.reacted, self.declined | {seat})
        state = apply(self.state, action)  # the very action the engine listed: applied without a search
        if reacting:
            return Position(state, self.reacted | {seat}, _NOBODY)
        return _new(Position, (state, _NOBODY, _NOBODY))  # `Position(state)` without its keywords: every step


class Turn(NamedTuple):
    """
    One decision: the *seat* asked, whether it is asked to *react* out of turn, and the legal *ids*.

    *actions* are the actions of the ids, in the same order, as the engine
    listed them (``None`` for `NO_REACTION`).
    """

    seat: int
    reacting: bool
    ids: tuple[int, ...]
    actions: tuple[Action | None, ...]

    @staticmethod
    def of(space: ActionSpace, seat: int, reacting: bool, actions: Sequence[Action]) -> Turn:
        """
        The decision of *seat* among *actions*, resigning left out: their ids, and `NO_REACTION` when reacting.
        """
        ids, kept = space.choices(actions, seat)
        if reacting:
            return Turn(seat, True, (NO_REACTION, *ids), (None, *kept))
        return _new(Turn, (seat, False, ids, kept))  # `Turn(...)`, without the call of its __new__


#: No seat; and making a named tuple from a tuple, without the Python call of its ``__new__``.
_NOBODY: frozenset[int] = frozenset()
_new = tuple.__new__


def _acting(state: GameState) -> tuple[int, tuple[Action, ...]] | None:
    """
    The seat that must act in *state* and its legal actions, ``None`` once the match is over.

    `maumau.bots.acting_seat` written out for the seat it nearly always
    finds, whose actions are wanted anyway.
    """
    if state.result is not None:
        return None
    pending = state.pending
    actor = pending.seat if pending is not None else state.to_move
    actions = () if actor is None else legal_actions(state, actor)
    if actor is None or not _playable(actions):
        actor = acting_seat(state)
        if actor is None:
            return None
        actions = legal_actions(state, actor)
    return actor, actions


def _listed(seat: int, action: Action, legal: Sequence[Action]) -> Action:
    """
    *action*, as *legal* (*seat*'s listing) holds it: the listed object itself, applied without a search.

    Raises:
        ValueError: *action* is not listed, or resigns (which no environment offers).
    """
    if type(action) is not Resign:
        for listed in legal:  # the very object first: a bot chooses one of the listing's, and `==` costs a call
            if listed is action:
                return listed
        for listed in legal:
            if listed == action:
                return listed
    raise ValueError(f"{action} is not an action seat {seat} may take now")


def _playable(actions: Sequence[Action]) -> bool:
    """
    Whether *actions* hold one that is not resigning, which no environment offers.
    """
    for action in actions:  # noqa: SIM110 (a loop: `any` of a generator costs more, and this runs at every step)
        if type(action) is not Resign:
            return True
    return False


def returns(state: GameState) -> list[float]:
    """
    What the match pays each seat at its end: 1 to each winner and -1 to the others, 0 to all if all won or none did.
    """
    count = len(state.players)
    if state.result is None:
        return [0.0] * count
    winners = set(state.result.winners)
    if not winners or len(winners) == count:
        return [0.0] * count
    return [1.0 if seat in winners else -1.0 for seat in range(count)]
