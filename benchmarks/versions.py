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
"""

from __future__ import annotations

import argparse
import json
import os
import random
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


def child(variant: str, seconds: float) -> None:
    """
    In a child process: print the source of maumau, and the decisions per CPU second of *variant*.
    """
    import maumau

    la, apply, resign = maumau.legal_actions, maumau.apply, maumau.Resign
    info = maumau.variants()[variant]
    players = info.default_players or info.seats.start
    rng = random.Random(0)
    seed = 0

    def play() -> int:
        nonlocal seed
        state = maumau.new_game(variant, players=players, seed=seed)
        seed += 1
        decisions = 0
        while state.result is None:
            seat = state.pending.seat if state.pending is not None else state.to_move
            actions = [action for action in la(state, seat) if not isinstance(action, resign)]
            state = apply(state, rng.choice(actions))
            decisions += 1
        return decisions

    play()  # the rules built and the caches warm before the clock starts
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


def _run(source: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, check=True)
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--commit", default=RELEASED, help=f"the earlier version (default: {RELEASED}, 0.2.0)")
    parser.add_argument("--against", type=Path, help="an earlier version's source folder, instead of --tag")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per game, side and repeat (default: 1)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds of every game and side (default: 5)")
    parser.add_argument("--variant", action="append", help="only this game (may be repeated)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seconds)
        return 0
    new = ROOT / "src"
    with tempfile.TemporaryDirectory() as folder:
        old = args.against.resolve() if args.against else earlier(args.commit, Path(folder) / "earlier")
        try:
            shared = sorted(set(games(old)) & set(games(new)))
            names = [name for name in shared if not args.variant or name in args.variant]
            label = "0.2.0" if args.commit == RELEASED and not args.against else "earlier"
            compare(old, new, names, args.seconds, args.repeats, label)
        finally:
            if not args.against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old.parent)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
