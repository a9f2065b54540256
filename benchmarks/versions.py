"""
Every shipped game against an earlier maumau (0.2.0 by default): decisions per CPU second, side by side.

Two versions of one package cannot share a process, so each measurement is a
child process that imports maumau from one source tree (``PYTHONPATH``) and
plays whole matches of random legal play for a few CPU seconds, exactly as
``benchmarks/bench.py`` does (the acting seat's `maumau.legal_actions`,
resigning left out, one `maumau.apply` of a seeded choice).  The two versions
take turns, game by game and repeat by repeat, so that both sides of a ratio
are measured moments apart on a shared machine; the ratio shown is the median
of the per-repeat ratios.

The earlier version is a ``git worktree`` of the given commit (by default
`RELEASED`, maumau 0.2.0) made in a temporary folder and removed after, or any
source folder given with ``--against``.
Games that only one version ships are left out.  Run it from the project's
root::

    python benchmarks/versions.py                 # against 0.2.0
    python benchmarks/versions.py --against ../old/src --repeats 7 --seconds 2
    python benchmarks/versions.py --commit HEAD~3 --instructions --variant classic

With ``--instructions`` the table counts work instead of time, which no other
tenant of the machine can move: the machine instructions per decision, with
``valgrind --tool=callgrind`` (which must be installed), and the Python calls
per decision, with `sys.setprofile` (exact; calls into C count too).  Each
comes from two runs of the same seeded play, of *N* and of *2N* decisions
(``--decisions``), as their difference divided by *N*, so that starting
Python, importing maumau and building the rules cancel out (and with the
objects made until then frozen out of the garbage collector's passes, which
would otherwise walk them at random moments).  Instructions
still move by a few percent with where the source tree lies (its path, the
memory layout that follows); the calls repeat exactly.  A game takes some
tens of seconds per version under callgrind.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: The commit of maumau 0.2.0, which has no tag of its own: what the speed of every game is compared with.
RELEASED = "f2b52ec"

#: What the issue asks of every shipped game: this many times its speed in the earlier version.
GOAL = 3.0


def child(variant: str, seconds: float, decisions: int | None = None, calls: bool = False) -> None:
    """
    In a child process: print the source of maumau, and the decisions per CPU second of *variant*.

    With *decisions*, play that many decisions instead (no clock), and with *calls* count the Python calls they make.
    """
    import maumau

    la, apply, resign = maumau.legal_actions, maumau.apply, maumau.Resign
    info = maumau.variants()[variant]
    players = info.default_players or info.seats.start
    rng = random.Random(0)
    seed = 0

    def play(limit: float = float("inf")) -> int:
        nonlocal seed
        state = maumau.new_game(variant, players=players, seed=seed)
        seed += 1
        decisions = 0
        while state.result is None and decisions < limit:
            seat = state.pending.seat if state.pending is not None else state.to_move
            actions = [action for action in la(state, seat) if not isinstance(action, resign)]
            state = apply(state, rng.choice(actions))
            decisions += 1
        return decisions

    play()  # the rules built and the caches warm before the clock starts
    if decisions is not None:
        gc.freeze()  # what import and warm-up made is never collected: a full collection would blur the count
        counted = [0]

        def count(frame: object, event: str, arg: object) -> None:
            if event in ("call", "c_call"):
                counted[0] += 1

        if calls:
            sys.setprofile(count)
        done = 0
        while done < decisions:
            done += play(decisions - done)
        sys.setprofile(None)
        print(json.dumps({"source": maumau.__file__, "players": players, "calls": counted[0] / decisions}))
        return
    start = time.process_time()
    decisions = 0
    while time.process_time() - start < seconds:
        decisions += play()
    rate = decisions / (time.process_time() - start)
    print(json.dumps({"source": maumau.__file__, "players": players, "rate": rate}))


def games(source: Path) -> list[str]:
    """
    The games the maumau in *source* ships, by name.
    """
    code = "import json, maumau; print(json.dumps(sorted(maumau.variants())))"
    found: list[str] = json.loads(_run(source, ["-c", code]))
    return found


def measure(source: Path, variant: str, seconds: float) -> dict[str, object]:
    """
    The decisions per CPU second of *variant* in the maumau of *source*, measured in a child process.
    """
    answer: dict[str, object] = json.loads(_run(source, [__file__, "--child", variant, "--seconds", str(seconds)]))
    if not str(answer["source"]).startswith(str(source)):
        raise RuntimeError(f"the child imported maumau from {answer['source']}, not from {source}")
    return answer


def work(source: Path, variant: str, decisions: int) -> tuple[float, float]:
    """
    The machine instructions (callgrind) and the Python calls per decision of *variant* in the maumau of *source*.
    """
    # First the calls, which also leaves the source's bytecode cached for both runs under callgrind to read.
    answer = json.loads(_run(source, [__file__, "--child", variant, "--decisions", str(decisions), "--calls"]))
    counts = []
    for length in (decisions, 2 * decisions):
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "callgrind.out"
            valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
            _run(source, [__file__, "--child", variant, "--decisions", str(length)], valgrind)
            totals = [line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:"))]
            counts.append(int(totals[0].split()[1]))
    return (counts[1] - counts[0]) / decisions, float(answer["calls"])


def _run(source: Path, args: list[str], prefix: Sequence[str] = ()) -> str:
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"}
    done = subprocess.run([*prefix, sys.executable, *args], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1]


def earlier(commit: str, folder: Path) -> Path:
    """
    A ``git worktree`` of *commit* in *folder*: its source tree.
    """
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit], check=True)
    return folder / "src"


def compare(old: Path, new: Path, names: Sequence[str], seconds: float, repeats: int, label: str) -> None:
    """
    Print, per game, the earlier and the current rate and the median of the per-repeat ratios.
    """
    rates: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in names}
    for repeat in range(repeats):
        for name in names:
            pair = [(old, 0), (new, 1)]
            if repeat % 2:
                pair.reverse()  # the order alternates, so that neither side always runs first
            for source, side in pair:
                rates[name][side].append(float(measure(source, name, seconds)["rate"]))  # type: ignore[arg-type]
    print(f"{'game':<26}{label:>14}{'now':>12}{'ratio':>8}  (median of {repeats} per-repeat ratios)")
    reached = 0
    for name in names:
        before, after = rates[name]
        ratio = statistics.median(a / b for a, b in zip(after, before, strict=True))
        reached += ratio >= GOAL
        mark = "" if ratio >= GOAL else f"  below {GOAL:g}x"
        print(f"{name:<26}{statistics.median(before):>14,.0f}{statistics.median(after):>12,.0f}{ratio:>7.2f}x{mark}")
    print(f"{reached} of {len(names)} games at {GOAL:g}x or more")


def compare_work(old: Path, new: Path, names: Sequence[str], decisions: int, label: str) -> None:
    """
    Print, per game, the instructions and the Python calls per decision of the earlier and the current version.
    """
    print(f"{'game':<26}{'instructions per decision':>38}{'Python calls per decision':>30}")
    print(f"{'':<26}{label:>12}{'now':>12}{'change':>14}{label:>12}{'now':>9}{'change':>9}")
    for name in names:
        (old_instructions, old_calls), (instructions, calls) = work(old, name, decisions), work(new, name, decisions)
        print(
            f"{name:<26}{old_instructions:>12,.0f}{instructions:>12,.0f}{instructions / old_instructions - 1:>+13.1%} "
            f"{old_calls:>11.1f}{calls:>9.1f}{calls / old_calls - 1:>+9.1%}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--commit", default=RELEASED, help=f"the earlier version (default: {RELEASED}, 0.2.0)")
    parser.add_argument("--against", type=Path, help="an earlier version's source folder, instead of --tag")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per game, side and repeat (default: 1)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds of every game and side (default: 5)")
    parser.add_argument("--variant", action="append", help="only this game (may be repeated)")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions and Python calls per decision (valgrind)"
    )
    parser.add_argument("--decisions", type=int, help="with --instructions, decisions per run (default: 5000)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--calls", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seconds, args.decisions, args.calls)
        return 0
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (callgrind), which is not installed")
    new = ROOT / "src"
    with tempfile.TemporaryDirectory() as folder:
        old = args.against.resolve() if args.against else earlier(args.commit, Path(folder) / "earlier")
        try:
            shared = sorted(set(games(old)) & set(games(new)))
            names = [name for name in shared if not args.variant or name in args.variant]
            label = "0.2.0" if args.commit == RELEASED and not args.against else "earlier"
            if args.instructions:
                compare_work(old, new, names, args.decisions or 5000, label)
            else:
                compare(old, new, names, args.seconds, args.repeats, label)
        finally:
            if not args.against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old.parent)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
