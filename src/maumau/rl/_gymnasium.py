"""
A Gymnasium environment: one seat of a maumau match against maumau's bots.

The learner's seat observes its view as a vector (`maumau.rl.Observer`) and
acts with an id of the game's `maumau.rl.ActionSpace`; the legal ids are in
``info["action_mask"]`` and in `MaumauGymEnv.action_masks` (the name that
maskable learners such as sb3-contrib's ``MaskablePPO`` call).  The other
seats are bots; a bot that can react is asked when its turn to react comes,
and the learner is asked to react or decline (`maumau.rl.NO_REACTION`) as a
step of its own; a bot with an ``observe`` method is told the events of every
action as its seat saw them.  The match is the episode: at its end the learner gets 1 if
it is among the winners and -1 if not (0 when all or none win).  An illegal
id ends the episode at once with -1 and ``info["illegal"]``, so an agent that
ignores the mask learns to respect it.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._actions import Action
from .._state import GameState
from .._view import events_seen, view
from ..bots import ActionsBot, Bot, ObservingBot, ReactingBot, observes, reacts
from ..plugins import Rules, variant_names
from ._encoder import Masks, StateEncoder
from ._turns import Opponent, Position, Setup, Turn, bot_factory, returns

__all__ = ["MaumauGymEnv", "env_id", "make_registered", "register_envs"]

Observation = npt.NDArray[np.float32]


class MaumauGymEnv(gymnasium.Env[Observation, np.int64]):
    """
    One seat of a maumau match against bots, as a Gymnasium environment; made by `maumau.rl.gymnasium_env`.

    .. versionadded:: 0.2.0
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        variant: str,
        *,
        players: int,
        opponents: Opponent | Sequence[Opponent],
        seat: int = 0,
        options: Mapping[str, object] | None = None,
        plugins: Sequence[object] = (),
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        given = [opponents] * (players - 1) if isinstance(opponents, str) or callable(opponents) else list(opponents)
        if len(given) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, got {len(given)}")
        factories = [bot_factory(opponent, plugins) for opponent in given]  # a bad level fails here, not at reset
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat!r}; seats are 0 to {players - 1}")
        self.setup = Setup(variant, players, options, plugins)
        self.space, self.observer = self.setup.space, self.setup.observer
        self.players = players
        self.seat = seat
        self.factories = factories
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(self.observer.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self.position: Position | None = None
        self.current: Turn | None = None
        self.bots: dict[int, Bot] = {}
        #: By seat: whether its bot reacts and whether it decides from its legal actions alone (`ActionsBot`).
        self._kinds: dict[int, tuple[bool, bool]] = {}
        self._observing: list[tuple[int, Bot]] = []
        self._encoder = StateEncoder(self.observer)
        self._masks: dict[type[np.generic], Masks] = {
            kind: Masks(len(self.space), kind) for kind in (np.int8, np.bool_)
        }
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """
        Deal a new match from *seed* (the bots are seeded from it too) and play up to the learner's first decision.
        """
        super().reset(seed=seed)
        seed = secrets.randbits(63) if seed is None else seed
        seeds = random.Random(seed)
        others = [other for other in range(self.players) if other != self.seat]
        self.bots = {
            other: factory(seeds.randrange(2**63)) for other, factory in zip(others, self.factories, strict=True)
        }
        # What each bot can do, asked once per bot: its decisions then call it without protocol checks.
        self._kinds = {seat: (reacts(bot), isinstance(bot, ActionsBot)) for seat, bot in self.bots.items()}
        self._observing = [(seat, bot) for seat, bot in self.bots.items() if observes(bot)]
        self.steps = 0
        self._play_bots(self.setup.deal(seed))
        return self._observation(), self._info()

    def _play_bots(self, position: Position) -> None:
        """
        Let the bots act until the learner must decide or the match is over.
        """
        asked = position.asked()
        while asked is not None and asked[0] != self.seat:
            seat, reacting, actions = asked
            action = self._decide(position.state, seat, reacting, actions)
            position = self._told(position, position.acted(seat, reacting, action, actions))
            asked = position.asked()
        self.position, self.current = position, None if asked is None else Turn.of(self.space, *asked)

    def _decide(self, state: GameState, seat: int, reacting: bool, actions: Sequence[Action]) -> Action | None:
        """
        What the bot of *seat* does among its legal *actions*, asked to react or not (``None``: no reaction).

        A bot that decides from its legal actions alone (`maumau.bots.ActionsBot`)
        gets them without a view, as `maumau.bots.play_out` gives them.
        """
        bot = self.bots[seat]
        can_react, from_actions = self._kinds[seat]
        if reacting:
            if not can_react:
                return None
            if from_actions:
                return cast(ActionsBot, bot).react_from(seat, actions)
            return cast(ReactingBot, bot).react(view(state, seat))
        if from_actions:
            return cast(ActionsBot, bot).choose_from(seat, actions)
        return bot.choose(view(state, seat))

    def _told(self, before: Position, after: Position) -> Position:
        """
        *after*, once every bot that observes (it has ``observe``, as `maumau.bots.ObservingBot` s do where that
        protocol exists) has been told the events of the action, as its seat saw them.
        """
        if after.state is not before.state:
            for seat, bot in self._observing:
                cast(ObservingBot, bot).observe(events_seen(after.state.events, seat))
        return after

    def _observation(self) -> Observation:
        assert self.position is not None
        return self._encoder.encode(self.position.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """
        The learner's legal ids now, as a boolean array (all ``False`` once the match is over).
        """
        return self._mask(np.bool_)

    def _mask(self, kind: type[np.generic]) -> npt.NDArray[Any]:
        return self._masks[kind].of(() if self.current is None else self.current.ids)

    def _info(self, **extra: Any) -> dict[str, Any]:
        reacting = self.current is not None and self.current.reacting
        return {"action_mask": self._mask(np.int8), "reacting": reacting, **extra}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """
        The learner chooses the action with id *action*; the bots answer.
        """
        assert self.position is not None, "reset() first"
        assert self.current is not None, "the episode is over: reset() first"
        index = int(action)
        if index not in self.current.ids:
            self.current = None
            return self._observation(), -1.0, True, False, self._info(illegal=True)
        self.steps += 1
        self._play_bots(self._told(self.position, self.position.after(self.space, self.current, index)))
        assert self.position is not None
        if self.position.over:
            self.current = None
            return self._observation(), returns(self.position.state)[self.seat], True, False, self._info()
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), 0.0, False, truncated, self._info()

    def render(self) -> str | None:
        return None if self.render_mode is None else self.setup.describe(self.position)


def env_id(variant: str) -> str:
    """
    The Gymnasium id of *variant*: ``maumau/<variant>-v0``, anything but letters, digits and dashes as a dash.
    """
    return f"maumau/{re.sub(r'[^A-Za-z0-9-]+', '-', variant)}-v0"


def make_registered(
    variant: str,
    *,
    players: int | None = None,
    opponents: Opponent | Sequence[Opponent] = "heuristic",
    options: Mapping[str, object] | None = None,
    **rest: Any,
) -> MaumauGymEnv:
    """
    What ``gymnasium.make`` calls for a registered id: *variant* with its default player count and heuristic bots.
    """
    if players is None:
        rules = Rules.build(variant, tuple(rest.get("plugins", ())))
        players = rules.default_players(rules.resolve_options(dict(options) if options is not None else None))
    return MaumauGymEnv(variant, players=players, opponents=opponents, options=options, **rest)


def register_envs() -> tuple[str, ...]:
    """
    Register every installed variant with Gymnasium; the ids registered.
    """
    ids = []
    for variant in variant_names():
        name = env_id(variant)
        ids.append(name)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="maumau.rl._gymnasium:make_registered", kwargs={"variant": variant})
    return tuple(ids)
