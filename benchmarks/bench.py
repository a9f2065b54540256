"""
Speed of the engine under random legal play, on one core.

Plays whole matches: at every decision the seat that must act (the one a
pending decision waits for, else the seat to move) asks `maumau.legal_actions`
and applies one of them chosen uniformly by a seeded generator; resigning
is never chosen, so matches end the way the variant ends them.  A decision
is one ``legal_actions`` plus one ``apply``.

Separate passes, so that measuring does not slow what is measured:

1. timed: decisions and rounds per second, nothing else running;
2. memory, all with `tracemalloc` and after the timed pass, so that the
   engine's caches (the rules, the shared actions) are warm and not counted:

   - peak of one match: the tracemalloc peak while playing it;
   - bytes per state kept: every state of one match is kept in a list, with
     each state's ``memo`` cleared (it caches the legal actions and is not
     part of the state's value); the traced bytes after, minus those before,
     minus the list itself (``sys.getsizeof``), divided by the number of
     states.  States share what did not change, so this is what one more
     kept state costs, not the size of a state alone;
   - bytes per decision: before each decision ``reset_peak``, then the peak
     during it minus the traced bytes at its start; the median over one
     match.  Memory freed and taken again within a decision counts once, so
     this is the most a decision holds at a time, not all it allocates;

   plus the resident maximum of the whole process from `resource.getrusage`;
3. hooks: the hook calls per decision over one match, by hook: every
   question the engine puts to `maumau.Rules`, counted by wrappers put on
   the instance (see `hook_counts`) and removed afterwards; and the calls
   that pluggy dispatches, counted with pluggy's ``add_hookcall_monitoring``.
   `Rules` compiles each hook's implementations into one plain function when
   it is built, so in play that count is zero unless a plugin uses an
   old-style hookwrapper.

Run ``python benchmarks/bench.py --help`` or ``nox -s bench -- --all``.
"""

from __future__ import annotations

import argparse
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import maumau
from maumau import Action, GameState, Resign
from maumau._memo import forget

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


def step(state: GameState, rng: random.Random, variant: str, players: int, seed: int, decisions: int) -> GameState:
    """
    One decision: the acting seat's legal actions, one of them applied; the match is named if it is stuck.
    """
    actions = choices(state)
    if not actions:
        raise StuckError(f"{variant}, {players} players, seed {seed}: the acting seat can only resign")
    if decisions >= MAX_DECISIONS_PER_MATCH:
        raise StuckError(f"{variant}, {players} players, seed {seed}: no end after {decisions} decisions")
    return maumau.apply(state, rng.choice(actions))


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


def bytes_per_state(variant: str, players: int, seed: int) -> tuple[int, float]:
    """
    Keep every state of one match; return (states kept, traced bytes per state kept).
    """
    rng = random.Random(seed)
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        state = maumau.new_game(variant, players=players, seed=seed)
        kept = [state]
        while state.result is None:
            state = step(state, rng, variant, players, seed, len(kept) - 1)
            forget(kept[-1])  # legal actions and hash, not part of the value: as a new state has
            kept.append(state)
        forget(state)
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return len(kept), (after - before - sys.getsizeof(kept)) / len(kept)


def bytes_per_decision(variant: str, players: int, seed: int) -> float:
    """
    The median over one match of the traced bytes a decision holds at most beyond those held at its start.
    """
    rng = random.Random(seed)
    state = maumau.new_game(variant, players=players, seed=seed)
    sizes: list[int] = []
    tracemalloc.start()
    try:
        while state.result is None:
            tracemalloc.reset_peak()
            start, _ = tracemalloc.get_traced_memory()
            state = step(state, rng, variant, players, seed, len(sizes))
            _, peak = tracemalloc.get_traced_memory()
            sizes.append(peak - start)
    finally:
        tracemalloc.stop()
    return statistics.median(sizes)


def resident_max() -> int:
    """
    The process's maximum resident set size so far, in bytes.
    """
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage if sys.platform == "darwin" else usage * 1024


#: `Rules` methods the engine calls that wrap a compiled hook (or, for ``suits``, the deck's) in a little logic.
RULE_METHODS = ("after_draw", "actions", "starter", "score_round", "check_state", "deck", "calls", "seats", "suits")


def hook_counts(variant: str, players: int, seed: int) -> tuple[int, Counter[str], Counter[str]]:
    """
    Play one match with every hook call counted; return (decisions, calls by hook, pluggy calls by hook).

    Counted on the match's `Rules` instance: each attribute holding a
    compiled hook (``playable``, ``next_seat``, ...) is replaced by a
    counting wrapper, each method in `RULE_METHODS` is shadowed by one, and
    ``rules.hooks`` by a dict of counting wrappers (the way a mechanic asks
    a hook of its own, such as ``window_closed``).  Pipelines nobody
    implements are ``None`` and never called.  Pluggy's dispatches are
    counted by ``add_hookcall_monitoring`` from after ``new_game``.
    Everything is put back afterwards, also on failure.
    """
    state = maumau.new_game(variant, players=players, seed=seed)
    rules = state.rules
    asked: Counter[str] = Counter()
    dispatched: Counter[str] = Counter()

    def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            asked[name] += 1
            return function(*args, **kwargs)

        return counted

    def before(hook_name: str, hook_impls: Sequence[object], kwargs: Mapping[str, object]) -> None:
        dispatched[hook_name.removeprefix("maumau_")] += 1

    def after(outcome: object, hook_name: str, hook_impls: Sequence[object], kwargs: Mapping[str, object]) -> None:
        pass

    hooks = rules.hooks
    compiled = {id(function) for function in hooks.values()}
    functions = {
        name: value
        for name, value in vars(rules).items()
        if not name.startswith("_") and callable(value) and id(value) in compiled
    }
    methods = [name for name in RULE_METHODS if name not in vars(rules)]
    for name, function in functions.items():
        setattr(rules, name, counting(name, function))
    for name in methods:
        setattr(rules, name, counting(name, getattr(rules, name)))  # the instance's attribute shadows the method
    rules.hooks = {name: counting(f"hooks[{name.removeprefix('maumau_')}]", f) for name, f in hooks.items()}
    undo = rules.plugin_manager.add_hookcall_monitoring(before, after)
    try:
        rng = random.Random(seed)
        decisions = 0
        while state.result is None:
            state = step(state, rng, variant, players, seed, decisions)
            decisions += 1
    finally:
        undo()
        rules.hooks = hooks
        for name in methods:
            delattr(rules, name)
        for name, function in functions.items():
            setattr(rules, name, function)
    return decisions, asked, dispatched


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
    states, per_state = bytes_per_state(variant, players, seed)
    print(f"  bytes per state kept  {per_state:>12,.0f}   (all {states:,} states of one match kept, memos cleared)")
    per_decision = bytes_per_decision(variant, players, seed)
    print(f"  bytes per decision    {per_decision:>12,.0f}   (median tracemalloc peak above the start of each)")
    print(f"  resident max          {megabytes(resident_max()):>12}   (getrusage ru_maxrss, whole process)")
    counted, asked, dispatched = hook_counts(variant, players, seed)
    total, through = sum(asked.values()), sum(dispatched.values())
    print(f"  hook calls/decision   {total / counted:>12.2f}   ({total:,} in the {counted:,} decisions of one match)")
    print(f"  pluggy calls/decision {through / counted:>12.2f}   (add_hookcall_monitoring, after new_game)")
    for name, count in sorted(dispatched.items(), key=lambda item: (-item[1], item[0])):
        print(f"    through pluggy: {name:<18}{count / counted:>8.3f}")
    print(f"    {'by hook':<22}{'per decision':>12}{'in the match':>14}")
    for name, count in sorted(asked.items(), key=lambda item: (-item[1], item[0])):
        print(f"    {name:<22}{count / counted:>12.3f}{count:>14,}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="classic", help="the variant to play (default: classic)")
    parser.add_argument("--all", action="store_true", help="run every installed variant")
    parser.add_argument("--players", type=int, default=4, help="seats (default: 4, or the nearest the variant allows)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--seconds", type=float, default=None, help="play matches for this long (default: 10)")
    amount.add_argument("--matches", type=int, default=None, help="play this many matches instead")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match and of the move choices")
    parser.add_argument("--peers", action="store_true", help="instead, compare with RLCard and OpenSpiel (peers.py)")
    args = parser.parse_args(argv)
    if args.peers:
        import peers  # benchmarks/peers.py, beside this file

        return peers.main([] if args.seconds is None else ["--seconds", str(args.seconds)])
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
