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

`MaumauVectorEnv` steps many such matches together, writing each match's
numbers straight into the rows of the batch.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .._actions import Action
from .._limits import MAX_SEED
from .._state import GameState
from .._view import events_seen, view
from ..bots import ActionsBot, Bot, ObservingBot, ReactingBot, observes, reacts
from ..plugins import Rules, variant_names
from ..profiles import load_profile
from ._encoder import Masks, StateEncoder
from ._turns import Chooser, Opponent, Position, Setup, Turn, bot_factory, returns

__all__ = ["MaumauGymEnv", "MaumauVectorEnv", "env_id", "make_registered", "make_registered_vector", "register_envs"]

Observation = npt.NDArray[np.float32]
#: A batch of observations, one row per match.
Observations = npt.NDArray[np.float32]


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
        #: By seat, each bot's ``choose_from``, when every bot decides from its actions and none observes.
        self._choosers: dict[int, Chooser] | None = None
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

        Without a seed the match's seed is drawn from the environment's
        generator (``np_random``), so that the matches after a seeded reset are
        the same from run to run, as Gymnasium asks.
        """
        super().reset(seed=seed)
        self._restart(seed)
        return self._observation(), self._info()

    def _restart(self, seed: int | None) -> None:
        """
        `reset` without its observation and info: deal from *seed*, or from one drawn from ``np_random``.
        """
        if seed is None:
            seed = int(self.np_random.integers(2**63, dtype=np.int64))
        seeds = random.Random(seed)
        others = [other for other in range(self.players) if other != self.seat]
        self.bots = {
            other: factory(seeds.randrange(2**63)) for other, factory in zip(others, self.factories, strict=True)
        }
        # What each bot can do, asked once per bot: its decisions then call it without protocol checks.  (A type
        # that has the protocol's methods answers for its bots at once: the protocol's own check takes longer than
        # many a decision, and the bots are made anew at every deal.)
        self._kinds = {
            seat: (reacts(bot), issubclass(type(bot), ActionsBot) or isinstance(bot, ActionsBot))
            for seat, bot in self.bots.items()
        }
        self._observing = [(seat, bot) for seat, bot in self.bots.items() if observes(bot)]
        direct = not self._observing and all(from_actions for _, from_actions in self._kinds.values())
        bots = self.bots.items()
        self._choosers = {seat: cast(ActionsBot, bot).choose_from for seat, bot in bots} if direct else None
        self.steps = 0
        self._play_bots(self.setup.deal(seed))

    def _play_bots(self, position: Position) -> None:
        """
        Let the bots act until the learner must decide or the match is over.
        """
        if self._choosers is not None and not position.state.rules.has_actions:
            # Nobody reacts, nobody is told: the bots choose from their actions, and no position is made per decision.
            position = position.moved(self.seat, self._choosers)
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
        reward, terminated, truncated, illegal = self._act(action)
        return self._observation(), reward, terminated, truncated, self._info(illegal=True) if illegal else self._info()

    def _act(self, action: np.int64 | int) -> tuple[float, bool, bool, bool]:
        """
        `step` without its observation and info: the reward, whether the match ended, was cut, or *action* was illegal.
        """
        assert self.position is not None, "reset() first"
        assert self.current is not None, "the episode is over: reset() first"
        index = int(action)
        if index not in self.current.ids:
            self.current = None
            return -1.0, True, False, True
        self.steps += 1
        self._play_bots(self._told(self.position, self.position.after(self.space, self.current, index)))
        assert self.position is not None
        if self.position.over:
            self.current = None
            return returns(self.position.state)[self.seat], True, False, False
        return 0.0, False, self.max_steps is not None and self.steps >= self.max_steps, False

    def render(self) -> str | None:
        return None if self.render_mode is None else self.setup.describe(self.position)


class MaumauVectorEnv(gymnasium.vector.VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """
    Many matches of one seat against bots, stepped together; made by `maumau.rl.gymnasium_vector_env`.

    What `gymnasium.vector.SyncVectorEnv` of `MaumauGymEnv` s gives, with
    the numbers written straight into the batch: no observation, mask or
    info dictionary is made per match, so a step costs about a fifth less
    than through ``SyncVectorEnv``.

    .. versionadded:: 0.2.0
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        variant: str,
        *,
        num_envs: int,
        players: int,
        opponents: Opponent | Sequence[Opponent],
        seat: int = 0,
        options: Mapping[str, object] | None = None,
        plugins: Sequence[object] = (),
        max_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
    ) -> None:
        if not _whole(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        num_envs = int(num_envs)
        mode = AutoresetMode(autoreset_mode)
        if mode is AutoresetMode.DISABLED:
            raise ValueError("autoreset_mode must be 'NextStep' or 'SameStep': matches here always start again")
        self.envs = [
            MaumauGymEnv(
                variant,
                players=players,
                opponents=opponents,
                seat=seat,
                options=options,
                plugins=plugins,
                max_steps=max_steps,
                render_mode=render_mode,
            )
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.space, self.observer = first.space, first.observer
        self.render_mode = render_mode
        self.autoreset_mode = mode
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        #: By match: whether it ended at the last step and starts again at this one (``NextStep``).
        self._ended = [False] * num_envs

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """
        Deal the matches again: match *i* from ``seed + i``, or from ``seed[i]``; without a seed, as each last left off.

        ``options={"reset_mask": mask}`` deals again only the matches whose
        entry of the boolean *mask* is true, as Gymnasium's vector
        environments do; the others go on where they are.

        Raises:
            ValueError: a seed that is not a whole number from 0 to ``2**63 - 1``, not one seed per match, or a
                reset mask that is not one boolean per match (no match is dealt again).
        """
        count = self.num_envs
        mask = self._reset_mask(options)
        one = seed is None or _whole(seed)
        if one:
            first = None if seed is None else int(cast(int, seed))
            seeds: list[object] = [None if first is None else first + number for number in range(count)]
        elif isinstance(seed, Sequence) and not isinstance(seed, (str, bytes)) and len(seed) == count:
            seeds = list(seed)
        else:
            raise ValueError(f"reset() needs one seed, or one seed for each of the {count} matches, got {seed!r}")
        for each in seeds:  # checked whole before any match is dealt again
            if each is not None and not (_whole(each) and 0 <= cast(int, each) < MAX_SEED):
                raise ValueError(f"a seed is a whole number from 0 to 2**63 - 1, got {each!r} in {seed!r}")
        if one:
            super().reset(seed=None if seed is None else int(cast(int, seed)))
        for number, (env, each) in enumerate(zip(self.envs, seeds, strict=True)):
            if mask[number]:
                env.reset(seed=None if each is None else int(cast(int, each)))
                self._ended[number] = False
        return self._batch()

    def _reset_mask(self, options: Mapping[str, Any] | None) -> list[bool]:
        """
        Which matches ``reset(options=...)`` deals again: all, or those of its ``"reset_mask"``.
        """
        if options is None or "reset_mask" not in options:
            return [True] * self.num_envs
        given = options["reset_mask"]
        mask = np.asarray(given)
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise ValueError(f"reset_mask must be {self.num_envs} booleans, one per match, got {given!r}")
        return [bool(each) for each in mask]

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """
        Match *i* plays the learner's action id ``actions[i]``, then its bots; a match that ended starts again.

        With ``NextStep`` (the default) a match that ended at the last step is
        dealt again now, its action ignored; with ``SameStep`` it is dealt
        again at once, its last observation and info in ``infos["final_obs"]``
        and ``infos["final_info"]``.  An illegal id ends the match with -1 and
        ``infos["illegal"]``, as in `MaumauGymEnv`.
        """
        # Checked whole before any match moves, so that a bad batch leaves every match as it was.
        try:
            chosen = np.asarray(actions).tolist()
        except ValueError:  # a ragged list
            chosen = None
        if not isinstance(chosen, list) or len(chosen) != self.num_envs:
            raise ValueError(f"step() needs one action id for each of the {self.num_envs} matches, got {actions!r}")
        if not all(type(each) is int or (type(each) is float and each.is_integer()) or _whole(each) for each in chosen):
            raise ValueError(f"step() needs whole numbers as action ids, got {actions!r}")
        count = self.num_envs
        rewards = np.zeros(count)
        terminated = np.zeros(count, dtype=np.bool_)
        truncated = np.zeros(count, dtype=np.bool_)
        illegal: list[int] = []
        finals: dict[str, Any] = {}
        ended, same_step = self._ended, self.autoreset_mode is AutoresetMode.SAME_STEP
        for number, env in enumerate(self.envs):
            if ended[number]:
                env._restart(None)
                ended[number] = False
                continue
            reward, done, cut, wrong = env._act(chosen[number])
            rewards[number], terminated[number], truncated[number] = reward, done, cut
            if wrong and not same_step:  # with SameStep the match is already the next one: only its final info says so
                illegal.append(number)
            if done or cut:
                if same_step:
                    info = env._info(illegal=True) if wrong else env._info()
                    finals = self._add_info(finals, {"final_obs": env._observation(), "final_info": info}, number)
                    env._restart(None)
                else:
                    ended[number] = True
        observations, infos = self._batch()
        if illegal:
            infos["illegal"] = marked = np.zeros(count, dtype=np.bool_)
            marked[illegal] = True
            infos["_illegal"] = marked.copy()
        infos.update(finals)
        return observations, rewards, terminated, truncated, infos

    def _batch(self) -> tuple[Observations, dict[str, Any]]:
        """
        Every match's observation and legal ids now, as the rows of one array each.
        """
        count = self.num_envs
        observations = np.empty((count, self.observer.size), dtype=np.float32)
        reacting = np.zeros(count, dtype=np.bool_)
        rows: list[int] = []
        columns: list[int] = []
        for number, env in enumerate(self.envs):
            assert env.position is not None, "reset() first"
            observations[number] = env._encoder.vector(env.position.state, env.seat)
            current = env.current
            if current is not None:
                ids = current.ids
                columns.extend(ids)
                rows.extend([number] * len(ids))
                reacting[number] = current.reacting
        masks = np.zeros((count, len(self.space)), dtype=np.int8)
        masks[rows, columns] = 1
        every = np.ones(count, dtype=np.bool_)
        infos = {"action_mask": masks, "_action_mask": every, "reacting": reacting, "_reacting": every.copy()}
        return observations, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """
        Each match's legal ids now, a row of booleans each (all ``False`` for a match that is over).
        """
        return np.stack([env.action_masks() for env in self.envs])

    def render(self) -> tuple[str, ...] | None:
        """
        One line about each match, with ``render_mode="ansi"``.
        """
        if self.render_mode is None:
            return None
        return tuple(env.render() or "" for env in self.envs)


def _whole(value: object) -> bool:
    """
    Whether *value* is a whole number as an id, a seed or a count is: a Python or NumPy integer, not a boolean.
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


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
    players = _players(variant, players, options, rest)
    return MaumauGymEnv(variant, players=players, opponents=opponents, options=options, **rest)


def make_registered_vector(
    variant: str,
    *,
    num_envs: int = 1,
    players: int | None = None,
    opponents: Opponent | Sequence[Opponent] = "heuristic",
    options: Mapping[str, object] | None = None,
    **rest: Any,
) -> MaumauVectorEnv:
    """
    What ``gymnasium.make_vec`` calls for a registered id: `make_registered` for *num_envs* matches at once.
    """
    players = _players(variant, players, options, rest)
    return MaumauVectorEnv(variant, num_envs=num_envs, players=players, opponents=opponents, options=options, **rest)


def _players(variant: str, players: int | None, options: Mapping[str, object] | None, rest: Mapping[str, Any]) -> int:
    """
    *players*, or when not given the default player count of *variant* with its *options*.
    """
    if players is not None:
        return players
    name = load_profile(variant).id if variant.endswith(".toml") else variant  # a profile's file: its game
    rules = Rules.build(name, tuple(rest.get("plugins", ())))
    return rules.default_players(rules.resolve_options(dict(options) if options is not None else None))


def register_envs(files: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """
    Register every installed variant with Gymnasium, and the profiles in *files* (by id) made from their file;
    the ids registered.
    """
    files = files or {}
    ids = []
    for variant in sorted({*variant_names(), *files}):
        name = env_id(variant)
        ids.append(name)
        if variant in files:
            gymnasium.registry.pop(name, None)  # the file may say another game than the one registered before
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point="maumau.rl._gymnasium:make_registered",
                vector_entry_point="maumau.rl._gymnasium:make_registered_vector",
                kwargs={"variant": files.get(variant, variant)},
            )
    return tuple(ids)
