"""
Matches per second of ``maumau simulate`` with random and heuristic bots: one job, and one job per core.

Every variant's default options, 2 players (``heuristic,random``) and 4
players (``heuristic,heuristic,random,random``); wall-clock time, as a user
waiting for a tournament sees it; and the one-job run's matches per CPU
second (`time.process_time`), which does not depend on what else the
machine is running.  Run ``nox -s bench -- --throughput`` or
``python benchmarks/throughput.py --matches 200``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import maumau
from maumau.simulation import simulate

LINEUPS = (("heuristic", "random"), ("heuristic", "heuristic", "random", "random"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--matches", type=int, default=200, help="matches per variant and line-up (default: 200)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="jobs of the parallel run")
    args = parser.parse_args(argv)
    print(f"matches per second, {args.matches} matches each; parallel: {args.jobs} jobs")
    print("| variant | players | 1 job, per CPU s | 1 job | all cores | same results |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for variant in maumau.variants():
        for lineup in LINEUPS:
            started = time.process_time()
            one = simulate(variant, lineup, matches=args.matches, seed=1)
            cpu = args.matches / (time.process_time() - started)
            many = simulate(variant, lineup, matches=args.matches, seed=1, jobs=args.jobs)
            print(
                f"| {variant} | {len(lineup)} | {cpu:.1f} | {one.matches_per_second:.1f} "
                f"| {many.matches_per_second:.1f} | {'yes' if one == many else 'NO'} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
