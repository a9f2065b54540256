"""
Speed of the engine under random legal play, on one core.

Plays whole matches: at every decision the seat that must act (the one a
pending decision waits for, else the seat to move) asks `maumau.legal_actions`
and applies one of them chosen uniformly by a seeded generator; resigning
is never chosen, so matches end the way the variant ends them.  A decision
is one ``legal_actions`` plus one ``apply``.

Three passes, so that measuring does not slow what is measured:

1. timed: decisions and rounds per second, nothing else running;
2. memory: one match under `tracemalloc` (its peak), plus the resident
   maximum of the whole process from `resource.getrusage`;
3. hooks: the cost of one pluggy hook call against a plain function call,
   and the hook calls per decision: every question the engine puts to
   `maumau.Rules` (one hook each, counted by wrapping its methods) and
   those that go through pluggy (counted with pluggy's
   ``add_hookcall_monitoring``); the wrappers are removed afterwards.

Run ``python benchmarks/bench.py --help`` or ``nox -s bench -- --all``.
"""

from __future__ import annotations

import argparse
import platform
import random
import resource
import sys
import time
import timeit
import tracemalloc
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import maumau
from maumau import Action, GameState, Resign

#: Matches longer than this are reported as stuck rather than run forever.
MAX_DECISIONS_PER_MATCH = 1_000_000


class StuckError(RuntimeError):
    """
    A match that cannot go on: no action but resigning, or no end in sight.
    """


def acting_seat(state: GameState) -> int | None:
    """
    The seat whose decision the game waits for: a pending decision first, else the seat to move.
    """
    if state.pending is not None:
        return state.pending.seat
    return state.to_move


def choices(state: GameState) -> list[Action]:
    """
    The legal actions of the acting seat, resigning left out.
    """
    seat = acting_seat(state)
    if seat is None:
        return []
    return [action for action in maumau.legal_actions(state, seat) if not isinstance(action, Resign)]


def play_match(variant: str, players: int, seed: int, rng: random.Random) -> tuple[int, int]:
    """
    Play one match to its end; return (decisions, rounds).
    """
    state = maumau.new_game(variant, players=players, seed=seed)
    legal_actions = maumau.legal_actions
    apply = maumau.apply
    choice = rng.choice
    decisions = 0
    while state.result is None:
        seat = state.pending.seat if state.pending is not None else state.to_move
        actions = [action for action in legal_actions(state, seat) if not isinstance(action, Resign)]
        if not actions:
            raise StuckError(f"{variant}, {players} players, seed {seed}: seat {seat} can only resign")
        state = apply(state, choice(actions))
        decisions += 1
        if decisions > MAX_DECISIONS_PER_MATCH:
            raise StuckError(f"{variant}, {players} players, seed {seed}: no end after {decisions} decisions")
    return decisions, len(state.rounds)


def timed_pass(
    variant: str, players: int, seed: int, seconds: float | None, matches: int | None
) -> tuple[int, int, int, float, float]:
    """
    Play matches until *seconds* have passed (finishing the last one) or *matches* are played.

    Returns (matches, decisions, rounds, elapsed seconds, CPU seconds).  On a
    machine shared with other work the CPU time is the steadier measure.
    """
    rng = random.Random(seed)
    played = decisions = rounds = 0
    clock = time.perf_counter
    cpu_start = time.process_time()
    start = clock()
    while True:
        made, finished = play_match(variant, players, seed + played, rng)
        played += 1
        decisions += made
        rounds += finished
        elapsed = clock() - start
        if matches is not None and played >= matches:
            break
        if seconds is not None and elapsed >= seconds:
            break
    return played, decisions, rounds, elapsed, time.process_time() - cpu_start


def memory_pass(variant: str, players: int, seed: int) -> int:
    """
    The tracemalloc peak, in bytes, while playing one match.
    """
    rng = random.Random(seed)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        play_match(variant, players, seed, rng)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def resident_max() -> int:
    """
    The process's maximum resident set size so far, in bytes.
    """
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage if sys.platform == "darwin" else usage * 1024


#: `Rules` methods that are not one hook each: option checking and a cached lookup.
NOT_HOOKS = frozenset({"resolve_options", "suits"})


def hook_counts(variant: str, players: int, seed: int) -> tuple[int, Counter[str], Counter[str]]:
    """
    Play one match with every hook call counted; return (decisions, rule calls, pluggy calls), by hook.

    Rule calls are the engine's questions to `Rules`, one hook each, counted
    by wrapping its methods on the instance.  Pluggy calls are those pluggy
    dispatches, counted by ``add_hookcall_monitoring``; `Rules` answers a
    hook that only the core default implements without pluggy.
    """
    state = maumau.new_game(variant, players=players, seed=seed)
    rules = state.rules
    asked: Counter[str] = Counter()
    dispatched: Counter[str] = Counter()

    def counting(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            asked[name] += 1
            return method(*args, **kwargs)

        return counted

    def before(hook_name: str, hook_impls: Sequence[object], kwargs: Mapping[str, object]) -> None:
        dispatched[hook_name.removeprefix("maumau_")] += 1

    def after(outcome: object, hook_name: str, hook_impls: Sequence[object], kwargs: Mapping[str, object]) -> None:
        pass

    names = [name for name, value in vars(type(rules)).items() if callable(value) and not name.startswith("_")]
    names = [name for name in names if name not in NOT_HOOKS and name != "build"]
    for name in names:
        setattr(rules, name, counting(name, getattr(rules, name)))  # the instance's attribute shadows the method
    undo = rules.plugin_manager.add_hookcall_monitoring(before, after)
    try:
        rng = random.Random(seed)
        decisions = 0
        while state.result is None:
            actions = choices(state)
            if not actions:
                raise StuckError(f"{variant}, {players} players, seed {seed}: the acting seat can only resign")
            state = maumau.apply(state, rng.choice(actions))
            decisions += 1
    finally:
        undo()
        for name in names:
            delattr(rules, name)
    return decisions, asked, dispatched


def hook_cost(variant: str, players: int, seed: int) -> tuple[float, float, float]:
    """
    Nanoseconds per call of the ``can_play`` rule: through `Rules`, through the
    pluggy hook caller, and as the plain implementing function.
    """
    state = maumau.new_game(variant, players=players, seed=seed)
    rules = state.rules
    seat = acting_seat(state)
    assert seat is not None
    card = state.players[seat].hand[0]
    hook = rules.plugin_manager.hook.maumau_can_play
    impl: Callable[..., Any] = hook.get_hookimpls()[-1].function  # the newest plugin: the one asked first

    def best(stmt: Callable[[], object]) -> float:
        timer = timeit.Timer(stmt)
        number, _ = timer.autorange()
        return min(timer.repeat(repeat=5, number=number)) / number * 1e9

    via_rules = best(lambda: rules.can_play(state, seat, card))
    via_hook = best(lambda: hook(state=state, seat=seat, card=card))
    plain = best(lambda: impl(state=state, seat=seat, card=card))
    return via_rules, via_hook, plain


def megabytes(size: int) -> str:
    return f"{size / 1e6:.2f} MB"


def bench(variant: str, players: int, seed: int, seconds: float | None, matches: int | None) -> None:
    print(f"== {variant}, {players} players, seed {seed}")
    played, decisions, rounds, elapsed, cpu = timed_pass(variant, players, seed, seconds, matches)
    print(f"  matches played        {played:>12,}")
    print(f"  decisions             {decisions:>12,}   ({decisions / played:,.0f} per match)")
    print(f"  rounds                {rounds:>12,}   ({rounds / played:,.1f} per match)")
    print(f"  time                  {elapsed:>12.2f} s      (CPU {cpu:.2f} s)")
    print(f"  decisions per second  {decisions / elapsed:>12,.0f}   (per CPU second: {decisions / cpu:,.0f})")
    print(f"  rounds per second     {rounds / elapsed:>12,.1f}   (per CPU second: {rounds / cpu:,.1f})")
    peak = memory_pass(variant, players, seed)
    print(f"  peak memory, 1 match  {megabytes(peak):>12}   (tracemalloc peak)")
    print(f"  resident max          {megabytes(resident_max()):>12}   (getrusage ru_maxrss, whole process)")
    via_rules, via_hook, plain = hook_cost(variant, players, seed)
    print(f"  can_play via Rules    {via_rules:>12,.0f} ns")
    print(f"  can_play hook call    {via_hook:>12,.0f} ns   (pluggy HookCaller)")
    print(f"  can_play plain call   {plain:>12,.0f} ns   (the implementing function)")
    print(f"  pluggy overhead       {via_hook - plain:>12,.0f} ns per hook call")
    counted, asked, dispatched = hook_counts(variant, players, seed)
    total, through = sum(asked.values()), sum(dispatched.values())
    print(f"  hook calls / decision {total / counted:>12.2f}   ({total:,} in the {counted:,} decisions of one match)")
    print(f"    through pluggy      {through / counted:>12.2f}   (the rest answered by the core default directly)")
    print(f"    {'by hook':<22}{'calls':>8}{'pluggy':>8}")
    for name, count in sorted(asked.items(), key=lambda item: (-item[1], item[0])):
        print(f"    {name:<22}{count / counted:>8.2f}{dispatched[name] / counted:>8.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="classic", help="the variant to play (default: classic)")
    parser.add_argument("--all", action="store_true", help="run every installed variant")
    parser.add_argument("--players", type=int, default=4, help="seats (default: 4, or the nearest the variant allows)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--seconds", type=float, default=None, help="play matches for this long (default: 10)")
    amount.add_argument("--matches", type=int, default=None, help="play this many matches instead")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match and of the move choices")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None or args.matches is not None else 10.0

    installed = maumau.variants()
    names = sorted(installed) if args.all else [args.variant]
    print(f"maumau {maumau.__version__}, Python {platform.python_version()}, {platform.machine()}, one core")
    for name in names:
        if name not in installed:
            parser.error(f"unknown variant {name!r}; installed: {', '.join(sorted(installed))}")
        allowed = installed[name].seats
        players = min(max(args.players, allowed.start), allowed.stop - 1)
        bench(name, players, args.seed, seconds, args.matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
