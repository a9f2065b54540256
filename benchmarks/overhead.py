"""
What ``maumau simulate`` costs on top of the bare engine, per match of random bots.

For each player count, the same matches are played twice in one run:

- ``simulate``: `maumau.simulation.simulate` with ``random`` bots in every
  seat, one job, in this process (bots, views, reactions, records, summary);
- bare engine: for the same match numbers and the same deal seeds
  (drawn exactly as `maumau.simulation.play_match` draws them), a loop of
  `maumau.legal_actions` for the seat that must act, a uniform choice other
  than resigning (seeded like that seat's bot), and `maumau.apply`.

Both are timed in CPU seconds (`time.process_time`); each repeat plays
both, one after the other, and the reported ratio is the median over the
repeats of simulate's CPU per match over the bare engine's.  Random bots
act out of turn too (a challenge); the bare loop makes the same random
choices with the same generators, so both play the very same matches, which
is checked by their action counts.

The goal (issue 33): simulate at most `GOAL` times the bare engine.

Run ``nox -s bench -- --overhead`` or ``python benchmarks/overhead.py --matches 100 --repeats 5``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

import maumau
from maumau import Resign
from maumau.simulation import simulate

#: The most simulate may cost per match, as a multiple of the bare engine's.
GOAL = 1.3


def bare_matches(variant: str, players: int, seed: int, matches: int) -> list[int]:
    """
    Play match numbers ``0 .. matches - 1`` with the bare engine; return each match's actions.

    The deal seed and each seat's generator are drawn as `maumau.simulation.play_match` draws them, and each
    seat decides as a `maumau.bots.RandomBot` does (before every move, each other seat with an out-of-turn
    action picks one of them or nothing, at most once between two moves), so these are the very matches
    ``simulate`` plays: the action counts are compared.
    """
    legal_actions = maumau.legal_actions
    apply = maumau.apply
    counts = []
    for number in range(matches):
        rng = random.Random(f"maumau-simulate/{seed}/{number}")
        seats = [(index + number) % players for index in range(players)]  # MatchPlan.seats_of
        choices = {seat: random.Random(rng.getrandbits(63)).choice for seat in seats}
        state = maumau.new_game(variant, players=players, seed=rng.getrandbits(63))
        reacted: set[int] = set()
        actions = 0
        while state.result is None:
            actor = state.pending.seat if state.pending is not None else state.to_move
            reaction = None
            for seat in seats:  # the bots' order in play_match: by spec
                if seat == actor or seat in reacted:
                    continue
                listed = [action for action in legal_actions(state, seat) if not isinstance(action, Resign)]
                if listed:
                    reaction = choices[seat]([None, *listed])
                    if reaction is not None:
                        reacted.add(seat)
                        break
            if reaction is None:
                listed = [action for action in legal_actions(state, actor) if not isinstance(action, Resign)]
                state = apply(state, choices[actor](listed))
                reacted.clear()
            else:
                state = apply(state, reaction)
            actions += 1
        counts.append(actions)
    return counts


def measure(variant: str, players: int, seed: int, matches: int) -> tuple[float, float, int]:
    """
    One repeat: simulate's CPU seconds and the bare engine's for the same *matches* matches, and their actions.

    Raises:
        RuntimeError: the bare engine did not play the matches ``simulate`` played.
    """
    started = time.process_time()
    result = simulate(variant, ["random"] * players, matches=matches, seed=seed)
    simulated = time.process_time() - started
    started = time.process_time()
    counts = bare_matches(variant, players, seed, matches)
    bare = time.process_time() - started
    if counts != [record.actions for record in result.records]:
        raise RuntimeError(f"{variant}, {players} players: the bare engine played other matches than simulate")
    return simulated, bare, sum(counts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="classic", help="the variant to play (default: classic)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="player counts to measure (default: 2 4)"
    )
    parser.add_argument("--matches", type=int, default=100, help="matches per repeat (default: 100)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median ratio is reported (default: 5)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default: 0)")
    args = parser.parse_args(argv)
    print(
        f"maumau {maumau.__version__}: simulate with random bots next to the bare engine, {args.variant}, "
        f"{args.matches} matches x {args.repeats} repeats, CPU seconds"
    )
    print("| players | actions/match | simulate ms/match | bare ms/match | ratio | goal |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for players in args.players:
        simulate(args.variant, ["random"] * players, matches=2, seed=args.seed)  # warm the rules' caches
        runs = [measure(args.variant, players, args.seed, args.matches) for _ in range(args.repeats)]
        ratio = statistics.median(sim / bare for sim, bare, _ in runs)
        sim_ms = statistics.median(sim for sim, _, _ in runs) * 1000 / args.matches
        bare_ms = statistics.median(bare for _, bare, _ in runs) * 1000 / args.matches
        actions = runs[0][2] / args.matches
        print(f"| {players} | {actions:.0f} | {sim_ms:.1f} | {bare_ms:.1f} | {ratio:.2f}x | {GOAL:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
