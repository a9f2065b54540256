"""
Calibrate Sau Mau Mau's finish spaces: where half the races end at the finish.

The rulebook puts the laurel wreath on "the number space that matches the
number of players" but does not say where those spaces are.  RULINGS.md
settles it: the option ``finish`` maps the player count to a track space,
with defaults chosen so that, with the library's own heuristic bots
(`maumau.bots.HeuristicBot` at every seat), about half of all races end at
the finish (end A, a pig arrives) and half by an empty hand (end B).

For each player count this script plays whole matches (four races each)
with a candidate finish and counts how the races ended; a race that ends
both ways at once counts for the finish.  The share of finishes falls as
the finish moves away, so a bisection over whole spaces finds the space
where it crosses one half; every candidate is played with the same seeds
(common random numbers), which keeps the comparison between neighbours
fair.  It prints the measurements around the crossing and the resulting
default, ready to paste into ``maumau_variants/sau_mau_mau.py``.

Reproduce the shipped defaults (about a minute and a half on one core)::

    python benchmarks/finish_calibration.py --matches 200 --seed 2024

``--check`` measures the current defaults instead of searching.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence

import maumau
from maumau.bots import Bot, HeuristicBot, play_out
from maumau_variants.sau_mau_mau import DEFAULT_FINISH

VARIANT = "sau-mau-mau"
#: Race ends that count as "at the finish": a pig arrived (with or without an empty hand).
FINISH_REASONS = frozenset({"finish", "finish_and_out"})


def race_ends(players: int, finish: int, matches: int, seed: int) -> Counter[str]:
    """
    How the races of *matches* heuristic-bot matches ended, by reason, with the finish on space *finish*.
    """
    ends: Counter[str] = Counter()
    for number in range(matches):
        game_seed = seed * 1_000_003 + number
        state = maumau.new_game(VARIANT, players=players, seed=game_seed, options={"finish": {players: finish}})
        bots: dict[int, Bot] = {seat: HeuristicBot(seed=game_seed * 10 + seat) for seat in range(players)}
        state = play_out(state, bots)
        ends.update(result.reason for result in state.rounds)
    return ends


def finish_share(ends: Counter[str]) -> float:
    """
    The share of races that ended at the finish.
    """
    total = sum(ends.values())
    return sum(count for reason, count in ends.items() if reason in FINISH_REASONS) / total if total else 0.0


def calibrate(players: int, matches: int, seed: int, low: int, high: int) -> tuple[int, dict[int, Counter[str]]]:
    """
    The finish space whose share of finishes is closest to one half, and every measurement made.

    Bisects on the first space whose share is at most one half, then picks
    it or the space before it, whichever is closer to one half.
    """
    measured: dict[int, Counter[str]] = {}

    def share(finish: int) -> float:
        if finish not in measured:
            measured[finish] = race_ends(players, finish, matches, seed)
        return finish_share(measured[finish])

    lo, hi = low, high
    while lo < hi:
        middle = (lo + hi) // 2
        if share(middle) > 0.5:
            lo = middle + 1
        else:
            hi = middle
    candidates = [space for space in (lo - 1, lo) if low <= space <= high]
    best = min(candidates, key=lambda space: (abs(share(space) - 0.5), space))
    for space in (best - 1, best + 1):  # the neighbours, for the table
        if low <= space <= high:
            share(space)
    return best, measured


def describe(ends: Counter[str]) -> str:
    total = sum(ends.values())
    parts = ", ".join(f"{reason} {count}" for reason, count in sorted(ends.items()))
    return f"{finish_share(ends):6.1%} at the finish of {total} races ({parts})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5], help="player counts (default: 2 to 5)")
    parser.add_argument("--matches", type=int, default=200, help="matches per measured finish (4 races each)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the first match")
    parser.add_argument("--low", type=int, default=5, help="nearest finish space tried")
    parser.add_argument("--high", type=int, default=60, help="farthest finish space tried")
    parser.add_argument("--check", action="store_true", help="measure the current defaults, search nothing")
    args = parser.parse_args(argv)

    defaults = dict(DEFAULT_FINISH)
    chosen: dict[int, int] = {}
    for players in args.players:
        start = time.perf_counter()
        if args.check:
            ends = race_ends(players, defaults[players], args.matches, args.seed)
            print(f"{players} players, finish {defaults[players]:2d}: {describe(ends)}")
            continue
        best, measured = calibrate(players, args.matches, args.seed, args.low, args.high)
        chosen[players] = best
        print(f"{players} players ({time.perf_counter() - start:.0f} s):")
        for space in sorted(measured):
            mark = "  <- chosen" if space == best else ""
            print(f"  finish {space:2d}: {describe(measured[space])}{mark}")
        sys.stdout.flush()
    if chosen:
        print(f"DEFAULT_FINISH = {tuple(sorted(chosen.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
