"""
A PettingZoo AEC environment: every seat of a maumau match is an agent.

Agents are named ``"seat_0"``, ``"seat_1"``, …; each observes a dict of its
view as a vector (``"observation"``, `maumau.rl.Observer`) and its
legal-action mask (``"action_mask"``, all zeros unless it is the agent to
act), and acts with an id of the game's `maumau.rl.ActionSpace`.  Out-of-turn
reactions are decisions of their own (`maumau.rl` explains the order): the
agent asked may react or choose `maumau.rl.NO_REACTION`.  Resigning is
never offered.  The match is the episode; at its end each winner gets 1 and
every other seat -1 (0 to all when all or none win).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ._encoder import Masks, StateEncoder
from ._turns import Position, Setup, Turn, returns

__all__ = ["MaumauAECEnv"]

ObsDict = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    """
    The PettingZoo agent of *seat*.
    """
    return f"seat_{seat}"


class MaumauAECEnv(AECEnv[str, ObsDict, int | None]):  # type: ignore[misc]
    """
    A maumau match as a PettingZoo AEC environment; made by `maumau.rl.pettingzoo_env`.

    .. versionadded:: 0.2.0
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "maumau_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: str,
        *,
        players: int,
        options: Mapping[str, object] | None = None,
        plugins: Sequence[object] = (),
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.setup = Setup(variant, players, options, plugins)
        self.space, self.observer = self.setup.space, self.setup.observer
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(self.observer.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(len(self.space),), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: spaces.Discrete(len(self.space)) for agent in self.possible_agents}
        self.position: Position | None = None
        self.current: Turn | None = None
        self._encoder = StateEncoder(self.observer)
        self._masks = Masks(len(self.space), np.int8)
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """
        Deal a new match, from *seed* if given.
        """
        position = self.setup.deal(secrets.randbits(63) if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self._enter(position)

    def _enter(self, position: Position) -> None:
        self.position = position
        current = self.current = position.turn(self.space)
        if current is not None:
            agent = self.agent_selection = self.possible_agents[current.seat]
            self.infos[agent] = {"reacting": current.reacting}

    def observe(self, agent: str) -> ObsDict:
        assert self.position is not None, "reset() first"
        seat = self._seats[agent]
        current = self.current
        ids = current.ids if current is not None and current.seat == seat else ()
        return {"observation": self._encoder.encode(self.position.state, seat), "action_mask": self._masks.of(ids)}

    def step(self, action: int | None) -> None:
        """
        The agent to act chooses the action with id *action*.

        Raises:
            ValueError: *action* is not legal now (the environment stays as it was).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.position is not None
        assert self.current is not None
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        position = self.position.after(self.space, self.current, int(action))
        self._cumulative_rewards[agent] = 0.0
        # The step's rewards are all 0 but at the end, which pays once (every later step is an agent's dead step):
        # the dictionary made at the deal stands for every step until then, and the paying step makes its own.
        self.steps += 1
        self._enter(position)
        if position.over:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for seat, paid in enumerate(returns(position.state)):
                self.rewards[agent_name(seat)] = paid
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        return None if self.render_mode is None else self.setup.describe(self.position)

    def close(self) -> None:
        pass
