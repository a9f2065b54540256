"""
How strong the search bot is: ``search`` against ``heuristic`` in 2-player matches of every variant.

Two passes:

1. strength: ``maumau.simulation.simulate`` plays *matches* matches per
   variant, the search bot and the heuristic bot swapping seats every
   match, and reports the search bot's win rate with its 95 % (Wilson)
   interval.  A win shared by both counts half.  Matches are made one round
   long (one deal, one race, one game) with the options below, so that each
   match is an independent trial of playing one round well; the bots play
   the variants' rules unchanged.
2. cost: a few matches in this process, timing every decision the search
   bot searched (more than one candidate) in CPU seconds (`time.process_time`):
   mean, 95th percentile and maximum, and the decisions per second.

Run ``nox -s strength`` (``-- --matches 400 --jobs 2``); it prints a
Markdown table for ``docs/guides/bots.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import maumau
from maumau.bots import HeuristicBot, play_out
from maumau.search import DEFAULT_BUDGET, SearchBot
from maumau.simulation import simulate

#: One-round matches of each variant: one deal, one race, one game.
ONE_ROUND: dict[str, dict[str, object]] = {
    "classic": {"target": 1},
    "penalty-52": {"single_round": True},
    "sau-mau-mau": {"races": 1},
    "ccw-house": {"games": 1},
}


class _TimedSearch(SearchBot):
    """
    A search bot that keeps the CPU time of each decision it searched.
    """

    def __init__(self, seed: int, budget: int, times: list[float]) -> None:
        super().__init__(seed, budget=budget)
        self.times = times

    def _search(self, view: Any, candidates: Any) -> Any:
        started = time.process_time()
        chosen = super()._search(view, candidates)
        if len(candidates) > 1:
            self.times.append(time.process_time() - started)
        return chosen


def cost(variant: str, budget: int, matches: int) -> dict[str, float]:
    """
    The CPU time per searched decision over *matches* matches against the heuristic bot.
    """
    times: list[float] = []
    for number in range(matches):
        state = maumau.new_game(variant, players=2, seed=10_000 + number, options=ONE_ROUND[variant])
        seat = number % 2
        play_out(state, {seat: _TimedSearch(number, budget, times), 1 - seat: HeuristicBot(number)})
    times.sort()
    return {
        "decisions": len(times),
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
        "decisions_per_second": len(times) / sum(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--matches", type=int, default=400, help="matches per variant (default: 400)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="the search budget in actions")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default: 1)")
    parser.add_argument("--timed", type=int, default=20, help="matches per variant for the cost pass (default: 20)")
    parser.add_argument("--variant", action="append", default=None, help="only this variant (repeatable)")
    parser.add_argument("--json", type=Path, default=None, help="also save the results as JSON")
    args = parser.parse_args(argv)
    chosen = args.variant or list(ONE_ROUND)
    rows = []
    print(f"search:{args.budget} against heuristic, 2 players, {args.matches} one-round matches per variant")
    for variant in chosen:
        result = simulate(
            variant,
            [f"search:{args.budget}", "heuristic"],
            matches=args.matches,
            seed=args.seed,
            options=ONE_ROUND[variant],
            jobs=args.jobs,
        )
        search = result.results[0]
        timing = cost(variant, args.budget, args.timed)
        row = {
            "variant": variant,
            "matches": search.matches,
            "wins": search.wins,
            "win_rate": search.win_rate,
            "low": search.low,
            "high": search.high,
            "verdict": "above" if search.low > 0.5 else "below" if search.high < 0.5 else "undecided",
            "wall_seconds": result.seconds,
            **timing,
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print()
    print(
        "| variant | matches | search wins | win rate | 95 % interval | vs. 50 % | ms per decision (mean / p95 / max) |"
    )
    print("| --- | ---: | ---: | ---: | --- | --- | --- |")
    for row in rows:
        print(
            f"| {row['variant']} | {row['matches']} | {row['wins']:g} | {row['win_rate']:.1%} "
            f"| {row['low']:.1%} – {row['high']:.1%} | {row['verdict']} "
            f"| {row['mean_ms']:.0f} / {row['p95_ms']:.0f} / {row['max_ms']:.0f} |"
        )
    if args.json is not None:
        args.json.write_text(json.dumps({"budget": args.budget, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
