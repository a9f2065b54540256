"""
A long search for rule bugs: many seeded random matches of every variant, every step checked.

The test suite plays a few dozen games per variant so that it stays quick;
this plays thousands, on every core, with the conformance kit's checks
(cards conserved, legal actions exactly what ``apply`` accepts, views
leaking nothing, JSON round trips, replay) and out-of-turn actions.  Any
failure names its variant, player count and seed, which
``maumau.testing.random_game`` reproduces.

    python tests/soak.py --games 500          # or: nox -s soak -- --games 500
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from maumau.testing import random_game

#: Each variant with its player counts and the option sets its matches cycle through, short enough to check every step.
PLANS: dict[str, tuple[range, list[dict[str, Any]]]] = {
    "classic": (
        range(2, 11),
        [
            {"target": 1},
            {"target": 1, "jack_on_jack": True, "pass_the_skip": True, "mau_mau_call": True},
            {"target": 1, "stack_sevens": False, "scoring": "holders", "hand_size": 6},
        ],
    ),
    "penalty-52": (range(2, 7), [{"single_round": True}, {}]),
    "sau-mau-mau": (range(2, 6), [{"races": 1}, {"races": 1, "mau_calls": True}, {}]),
    "ccw-house": (range(2, 7), [{}, {"numbers": 2, "copies": 4, "games": 2}, {"copies": 1, "hand_size": 7}]),
}


def _run(job: tuple[str, int, int, dict[str, Any], bool]) -> str | None:
    variant, players, seed, options, out_of_turn = job
    try:
        random_game(variant, players=players, seed=seed, options=options, out_of_turn=out_of_turn, check_every=1)
    except AssertionError as error:
        return f"{error} (options {options}, out_of_turn={out_of_turn})"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="matches per variant and player count (default 100)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--variant", choices=sorted(PLANS), action="append", help="only these variants")
    args = parser.parse_args(argv)
    jobs = [
        (variant, players, seed, sets[seed % len(sets)], seed // len(sets) % 2 == 0)
        for variant in args.variant or sorted(PLANS)
        for counts, sets in [PLANS[variant]]
        for players in counts
        for seed in range(args.first_seed, args.first_seed + args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        failures = [failure for failure in pool.map(_run, jobs, chunksize=8) if failure is not None]
    for failure in failures:
        print("FAILED", failure)
    print(f"{len(jobs)} matches, {len(failures)} failed, {time.perf_counter() - start:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
