"""
Environment steps per CPU second: maumau's PettingZoo environment beside RLCard's UNO and PettingZoo's Connect Four.

Why: an RL user meets an engine through its environment, which encodes an
observation and a mask on every step; this compares that level, in one
process and one run.  Every environment runs the same loop: after a reset,
choose an id uniformly among the legal ones (the mask, or RLCard's
``legal_actions``) with a seeded numpy generator, step, read the next
observation, until the episode ends.  Time is CPU time
(`time.process_time`); the environments take turns in each of several
repeats and the ratios are taken repeat by repeat before their median, so
the drift of a shared machine mostly cancels.

``python benchmarks/rl_speed.py --seconds 3 --repeats 3 --variant classic --players 2``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from maumau.rl import pettingzoo_env

Loop = Callable[[float], tuple[int, float]]


def aec_loop(make: Callable[[], object]) -> Loop:
    """
    Random legal play in a PettingZoo AEC environment for about *seconds* of CPU time: (steps, seconds).
    """

    def run(seconds: float) -> tuple[int, float]:
        env = make()
        rng = np.random.default_rng(0)
        steps, started, episode = 0, time.process_time(), 0
        while time.process_time() - started < seconds:
            env.reset(seed=episode)  # type: ignore[attr-defined]
            episode += 1
            for _agent in env.agent_iter():  # type: ignore[attr-defined]
                observation, _, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
                if terminated or truncated:
                    env.step(None)  # type: ignore[attr-defined]
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))  # type: ignore[attr-defined]
                steps += 1
        return steps, time.process_time() - started

    return run


def rlcard_loop() -> Loop:
    """
    Random legal play in RLCard's UNO environment (two players, as it always has).
    """
    import rlcard

    def run(seconds: float) -> tuple[int, float]:
        env = rlcard.make("uno", config={"seed": 0})
        rng = np.random.default_rng(0)
        steps, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(int(rng.choice(list(state["legal_actions"]))))
                steps += 1
        return steps, time.process_time() - started

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per environment per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    from pettingzoo.classic import connect_four_v3

    name = f"maumau {args.variant} {args.players}p (PettingZoo AEC)"
    loops: dict[str, Loop] = {
        name: aec_loop(lambda: pettingzoo_env(args.variant, players=args.players)),
        "RLCard UNO env 2p": rlcard_loop(),
        "PettingZoo connect_four_v3": aec_loop(connect_four_v3.env),
    }
    rates: dict[str, list[float]] = {key: [] for key in loops}
    order = list(loops)
    for repeat in range(args.repeats):
        for key in order[repeat % len(order) :] + order[: repeat % len(order)]:
            steps, seconds = loops[key](args.seconds)
            rates[key].append(steps / seconds)
    print(f"environment steps per CPU second, median of {args.repeats} repeats of {args.seconds:g} s each:")
    for key, values in rates.items():
        ratios = [ours / theirs for ours, theirs in zip(rates[name], values, strict=True)]
        print(f"  {key:<42} {statistics.median(values):>10,.0f}   maumau / this: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
