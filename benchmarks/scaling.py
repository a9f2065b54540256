"""
How ``maumau simulate`` scales: matches per wall-second for 1, 2 and 4 jobs, in local processes and on Ray.

The same matches (classic, a heuristic bot against a random one, one round each, the same seed) are played
by every configuration, and every configuration must give the same results as one process; the table
reports the wall time, the matches per wall-second and the speed-up over one local process, with the
machine's cores.  With ``--address`` (a running Ray cluster, such as the two nodes that ``nox -s ray_cluster``
starts on loopback) the Ray rows run on that cluster instead of a private local instance.

Run ``python benchmarks/scaling.py`` (Ray rows only with the ``ray`` extra installed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time

from maumau.simulation import simulate


def run(matches: int, jobs: int, backend: str, address: str | None) -> tuple[float, object]:
    started = time.perf_counter()
    result = simulate(
        "classic",
        ["heuristic", "random"],
        matches=matches,
        seed=7,
        options={"target": 1},
        jobs=jobs,
        backend=backend,
        address=address,
    )
    return time.perf_counter() - started, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--address", help="a running Ray cluster for the Ray rows")
    args = parser.parse_args(argv)
    backends = ["local"] + (["ray"] if importlib.util.find_spec("ray") else [])
    base_seconds, base = run(args.matches, 1, "local", None)
    print(f"{args.matches} matches of classic (one round each); this machine has {os.cpu_count()} cores")
    print(f"{'backend':<8} {'jobs':>4} {'seconds':>8} {'matches/s':>10} {'speed-up':>9}")
    print(f"{'local':<8} {1:>4} {base_seconds:>8.1f} {args.matches / base_seconds:>10.0f} {1.0:>9.2f}")
    for backend in backends:
        for jobs in (1, 2, 4):
            if backend == "local" and jobs == 1:
                continue
            address = args.address if backend == "ray" else None
            seconds, result = run(args.matches, jobs, backend, address)
            if result != base:
                print(f"{backend} with {jobs} jobs gave other results than one process", file=sys.stderr)
                return 1
            where = f"{backend}@" if address else backend
            print(
                f"{where:<8} {jobs:>4} {seconds:>8.1f} {args.matches / seconds:>10.0f} {base_seconds / seconds:>9.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
