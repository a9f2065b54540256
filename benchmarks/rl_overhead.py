"""
What each game-AI adapter of `maumau.rl` costs per step, next to the bare engine.

Why: a search (IS-MCTS) or a learner steps an adapter millions of times, so
the adapter's own work (encoding ids, masks, observations, whose decision it
is) should stay a small part of a step.  Every loop plays whole matches of
one variant from seeds 0, 1, 2, ... with uniformly random legal choices
(a seeded `random.Random`), for about ``--seconds`` of CPU time each:

* **engine**: `maumau.bots.acting_seat`, `maumau.legal_actions` (without
  resigning), a random choice, `maumau.apply`: the floor;
* **OpenSpiel**: ``state.legal_actions()``, a random choice,
  ``state.apply_action()`` on the registered game (no observation read,
  as in a rollout);
* **PettingZoo**: ``env.last()`` (the observation and its mask), a random id
  of the mask, ``env.step()``;
* **Gymnasium**: ``env.step()`` with a random id of ``info["action_mask"]``,
  the other seats played by `maumau.bots.RandomBot` s inside the
  environment; every decision of the match counts as a step, the bots'
  too, so that the step is the same unit as the engine's;
* **Gymnasium vector**: the same, 16 matches stepped together by
  `maumau.rl.gymnasium_vector_env`, the random ids of all of them drawn
  at once from ``info["action_mask"]`` (one NumPy expression); and beside
  it Gymnasium's own ``SyncVectorEnv`` of 16 single environments, played
  the same way;
* beside them, the environments of two other libraries as their users
  meet them (`peers.py` describes both): **RLCard UNO env**,
  ``rlcard.make("uno")`` (2 players, its observation array built every
  step), and OpenSpiel's own C++ **crazy_eights** (the players given),
  random legal play: a step of theirs, against maumau's engine step.

Time is CPU time (`time.process_time`).  The loops take turns in each of
several repeats, and each adapter's ratio to the engine (CPU per step over
the engine's CPU per step) is taken repeat by repeat before the median, so
the drift of a shared machine mostly cancels.  The goals: OpenSpiel at most
1.3, PettingZoo and Gymnasium at most 1.5; ``--check`` exits with 1 when
one is missed.

``python benchmarks/rl_overhead.py --variant classic --players 2 --seconds 2 --repeats 5``
or ``nox -s bench -- --adapters`` (which installs the libraries).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from peers import Contender, openspiel_contender, rlcard_env_contender

from maumau import Action, Resign, apply, legal_actions, new_game
from maumau.bots import RandomBot, acting_seat
from maumau.rl import gymnasium_env, gymnasium_vector_env, pettingzoo_env, register_openspiel_games

#: A loop plays for about the seconds given and returns (steps, CPU seconds).
Loop = Callable[[float], tuple[int, float]]

#: How many matches the Gymnasium vector environment steps at once.
VECTOR_MATCHES = 16
#: The most each adapter may cost per step, as a multiple of the engine's.
GOALS = {"OpenSpiel": 1.3, "PettingZoo": 1.5, "Gymnasium": 1.5, f"Gymnasium vector, {VECTOR_MATCHES}": 1.5}


def engine_loop(variant: str, players: int) -> Loop:
    """
    The bare engine: whose decision, its legal actions, a random choice, apply.
    """

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            state = new_game(variant, players=players, seed=seed)
            seed += 1
            seat = acting_seat(state)
            while seat is not None:
                choices = [action for action in legal_actions(state, seat) if type(action) is not Resign]
                state = apply(state, rng.choice(choices))
                steps += 1
                seat = acting_seat(state)
        return steps, time.process_time() - started

    return run


def openspiel_loop(variant: str, players: int) -> Loop:
    """
    The registered OpenSpiel game: legal actions, a random choice, apply_action, as a rollout does.
    """
    import pyspiel

    register_openspiel_games()
    game = pyspiel.load_game("maumau_" + variant.replace("-", "_"), {"players": players})

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_initial_state()
            state.apply_action(seed)
            seed += 1
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, time.process_time() - started

    return run


def pettingzoo_loop(variant: str, players: int) -> Loop:
    """
    The PettingZoo AEC environment: each agent's observation and mask, a random legal id, step.
    """

    def run(seconds: float) -> tuple[int, float]:
        env = pettingzoo_env(variant, players=players)
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps, time.process_time() - started

    return run


class CountingBot(RandomBot):
    """
    A random bot that counts its decisions, so that the Gymnasium loop counts every decision of a match.

    It decides from its legal actions (`maumau.bots.ActionsBot`), as `RandomBot` does, so the environment asks
    ``choose_from`` and ``react_from``, and builds no view for it.
    """

    decisions = 0

    def choose_from(self, seat: int, actions: Sequence[Action]) -> Action:
        CountingBot.decisions += 1
        return super().choose_from(seat, actions)

    def react_from(self, seat: int, actions: Sequence[Action]) -> Action | None:
        CountingBot.decisions += 1
        return super().react_from(seat, actions)


def gymnasium_loop(variant: str, players: int) -> Loop:
    """
    The Gymnasium environment, seat 0 against random bots: a random legal id, step; every decision counts.
    """

    def run(seconds: float) -> tuple[int, float]:
        env = gymnasium_env(variant, players=players, opponents=CountingBot)
        rng = random.Random(0)
        CountingBot.decisions = 0
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            _, info = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                _, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
                steps += 1
                done = terminated or truncated
        return steps + CountingBot.decisions, time.process_time() - started

    return run


def gymnasium_vector_loop(variant: str, players: int, matches: int = VECTOR_MATCHES, sync: bool = False) -> Loop:
    """
    The Gymnasium vector environment, *matches* at once, seat 0 of each against random bots: every decision counts.

    With *sync*, Gymnasium's own `gymnasium.vector.SyncVectorEnv` of as many single environments instead.
    """

    def make() -> gymnasium.vector.VectorEnv[Any, Any, Any]:
        if sync:
            return gymnasium.vector.SyncVectorEnv(
                [lambda: gymnasium_env(variant, players=players, opponents=CountingBot)] * matches
            )
        return gymnasium_vector_env(variant, num_envs=matches, players=players, opponents=CountingBot)

    def run(seconds: float) -> tuple[int, float]:
        envs = make()
        rng = np.random.default_rng(0)
        CountingBot.decisions = 0
        steps, started = 0, time.process_time()
        _, info = envs.reset(seed=0)
        decided = matches  # the matches whose action counts: NextStep deals an ended match again instead
        while time.process_time() - started < seconds:
            masks = info["action_mask"]
            _, _, terminated, truncated, info = envs.step(np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))
            steps += decided
            decided = matches - int(np.count_nonzero(terminated | truncated))
        return steps + CountingBot.decisions, time.process_time() - started

    return run


def peer_loop(make: Callable[[], Contender | None]) -> Loop | None:
    """
    A peer library's environment, as `peers.py` plays it; ``None`` when the library is missing.
    """
    contender = make()
    if contender is None:
        return None
    play = contender.play

    def run(seconds: float) -> tuple[int, float]:
        steps, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            steps += play()
        return steps, time.process_time() - started

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="exit with 1 when an adapter misses its goal")
    args = parser.parse_args()

    loops: dict[str, Loop] = {
        "engine": engine_loop(args.variant, args.players),
        "OpenSpiel": openspiel_loop(args.variant, args.players),
        "PettingZoo": pettingzoo_loop(args.variant, args.players),
        "Gymnasium": gymnasium_loop(args.variant, args.players),
        f"Gymnasium vector, {VECTOR_MATCHES}": gymnasium_vector_loop(args.variant, args.players),
        f"Gymnasium SyncVectorEnv, {VECTOR_MATCHES}": gymnasium_vector_loop(args.variant, args.players, sync=True),
    }
    peers = {
        "RLCard UNO env 2p": peer_loop(lambda: rlcard_env_contender(0)),
        f"OpenSpiel crazy_eights {args.players}p": peer_loop(lambda: openspiel_contender(args.players, 0)),
    }
    loops.update({key: loop for key, loop in peers.items() if loop is not None})
    per_step: dict[str, list[float]] = {key: [] for key in loops}
    order = list(loops)
    for repeat in range(args.repeats):
        for key in order[repeat % len(order) :] + order[: repeat % len(order)]:
            steps, seconds = loops[key](args.seconds)
            per_step[key].append(seconds / steps)
    print(
        f"{args.variant}, {args.players} players: CPU per step, median of {args.repeats} repeats "
        f"of {args.seconds:g} s each"
    )
    print(f"  {'':<28} {'µs/step':>9} {'× engine':>9} {'goal':>6}   ratios by repeat")
    missed = []
    for key, values in per_step.items():
        ratios = [ours / engine for ours, engine in zip(values, per_step["engine"], strict=True)]
        ratio = statistics.median(ratios)
        goal = GOALS.get(key)
        shown = " ".join(f"{each:.2f}" for each in ratios)
        print(
            f"  {key:<28} {statistics.median(values) * 1e6:>9.1f} {ratio:>9.2f} "
            f"{'' if goal is None else f'{goal:.1f}':>6}   {shown}"
        )
        if goal is not None and ratio > goal:
            missed.append(key)
    if args.check and missed:
        print(f"over the goal: {', '.join(missed)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
