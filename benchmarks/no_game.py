"""
Environments with no game in them: what a game-AI library's own machinery and its caller's loop cost per step.

Why: `rl_overhead.py` compares each adapter's step with the engine's, and
part of an adapter's step is not maumau's to make cheaper: the library's
calls around it (PettingZoo's ``agent_iter`` and ``last``, pyspiel's C++
``apply_action`` calling back into Python twice) and the loop that drives it
(a NumPy ``flatnonzero`` of the mask, a random choice).  These environments
do nothing but take turns for a fixed number of steps, with observations,
masks and legal ids of the same sizes as a real game's made once, so their
cost per step is that part alone: a lower bound for any adapter.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

#: Steps of one episode, about a classic match of two players.
LENGTH = 40


def _legal(ids: int) -> list[int]:
    """
    Five legal ids spread over *ids*, as a hand of a few playable cards and the draw would give.
    """
    return sorted({ids * share // 6 + 1 for share in range(5)})


class NoGameAEC(AECEnv[str, dict[str, npt.NDArray[Any]], int | None]):  # type: ignore[misc]
    """
    A PettingZoo AEC environment of *players* agents taking turns for `LENGTH` steps; observing costs nothing.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "no_game_v0", "is_parallelizable": False}

    def __init__(self, players: int, ids: int, numbers: int) -> None:
        super().__init__()
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        mask = np.zeros(ids, np.int8)
        mask[_legal(ids)] = 1
        self.observation = {"observation": np.zeros(numbers, np.float32), "action_mask": mask}
        self.steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.steps = 0

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self.observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.steps += 1
        self.agent_selection = self.agents[self.steps % len(self.agents)]
        if self.steps >= LENGTH:
            self.terminations = dict.fromkeys(self.agents, True)


def openspiel_game(ids: int) -> Any:
    """
    A pyspiel Python game of two players taking turns for `LENGTH` steps among five legal ids of *ids*.
    """
    import pyspiel

    name = "maumau_bench_no_game"
    if name not in pyspiel.registered_names():
        kind = pyspiel.GameType(
            short_name=name,
            long_name="no game",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={"ids": 1},
        )
        terminal = int(pyspiel.PlayerId.TERMINAL)

        # Classes, not closures, are what pyspiel's registry may keep: `_GAMES` holds them until the end.
        class NoGameState(pyspiel.State):  # type: ignore[misc]
            def __init__(self, game: Any, legal: list[int]) -> None:
                super().__init__(game)
                self.legal = legal
                self.steps = 0

            def current_player(self) -> int:
                return self.steps % 2 if self.steps < LENGTH else terminal

            def _legal_actions(self, player: int) -> list[int]:
                return self.legal

            def legal_actions(self, player: int | None = None) -> list[int]:
                return list(self.legal)  # as maumau's state: its own answer, without the round trips through C++

            def _apply_action(self, action: int) -> None:
                self.steps += 1

            def is_terminal(self) -> bool:
                return self.steps >= LENGTH

            def returns(self) -> list[float]:
                return [0.0, 0.0]

        class NoGame(pyspiel.Game):  # type: ignore[misc]
            def __init__(self, params: dict[str, Any] | None = None) -> None:
                count = int((params or {}).get("ids", 1))
                info = pyspiel.GameInfo(
                    num_distinct_actions=count,
                    max_chance_outcomes=0,
                    num_players=2,
                    min_utility=-1.0,
                    max_utility=1.0,
                    utility_sum=0.0,
                    max_game_length=LENGTH,
                )
                super().__init__(kind, info, params or {})
                self.legal = _legal(count)

            def new_initial_state(self) -> NoGameState:
                return NoGameState(self, self.legal)

        _GAMES.append(NoGame)
        pyspiel.register_game(kind, NoGame)
    return pyspiel.load_game(name, {"ids": ids})


#: The registered game classes: OpenSpiel's registry outlives the interpreter, so they are kept alive here.
_GAMES: list[type] = []


class NoGameEnv:
    """
    A Gymnasium-style environment whose episodes last `LENGTH` steps of one seat; stepping costs nothing.

    Not a `gymnasium.Env` subclass: maumau's environment is called directly,
    without Gymnasium's wrappers, and so is this one.
    """

    def __init__(self, ids: int, numbers: int, players: int) -> None:
        mask = np.zeros(ids, np.int8)
        mask[_legal(ids)] = 1
        self.observation = np.zeros(numbers, np.float32)
        self.info = {"action_mask": mask}
        self.length = LENGTH // players  # the learner's share of a match's steps
        self.steps = 0

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self.steps = 0
        return self.observation, self.info

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        self.steps += 1
        return self.observation, 0.0, self.steps >= self.length, False, self.info


class NoGameVectorEnv:
    """
    *matches* `NoGameEnv` s stepped together, their arrays made once: what a vector environment's caller pays.
    """

    def __init__(self, matches: int, ids: int, numbers: int) -> None:
        mask = np.zeros((matches, ids), np.int8)
        mask[:, _legal(ids)] = 1
        self.observations = np.zeros((matches, numbers), np.float32)
        self.rewards = np.zeros(matches)
        self.flags = np.zeros(matches, bool)
        self.infos = {"action_mask": mask}

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        return self.observations, self.infos

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Any, ...]:
        return self.observations, self.rewards, self.flags, self.flags, self.infos
