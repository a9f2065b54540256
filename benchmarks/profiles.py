"""
What a game described as a profile costs next to the same game written as a Python plugin, and what loading costs.

* **speed**: ``classic-profile`` against the ``classic`` plugin, and the
  game-AI libraries' games as profiles against the example packages
  (``crazy-eights-openspiel`` against ``crazy-eights``, ``uno-rlcard``
  against ``uno``, when those are installed), the same matches (same seeds,
  same random choices among the legal actions), in decisions per
  CPU-second; the two alternate, repeat after repeat, and the median of the
  per-repeat ratios is reported (the goal: at least 0.9).
* **loading**: the CPU time to read, check and compile a profile file in a
  fresh process (the goal: well under 50 ms), and again once the decks it
  names have been built.

Run ``python benchmarks/profiles.py`` or ``nox -s bench -- --profiles``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import maumau
from maumau.profiles import load_profile

PROFILE = Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles" / "classic-profile.toml"
#: Each plugin, its profile, the options both are played with, and how many more matches than classic's a repeat
#: plays (the peers' games are one short deal).
PAIRS: tuple[tuple[str, str, dict[str, object], int], ...] = (
    ("classic", "classic-profile", {"target": 60}, 1),
    ("crazy-eights", "crazy-eights-openspiel", {}, 10),
    ("uno", "uno-rlcard", {}, 10),
)


def _play(variant: str, matches: int, players: int, options: dict[str, object]) -> tuple[int, float]:
    """
    Random legal play of *matches* matches; the decisions taken and the CPU seconds they took.
    """
    decisions = 0
    start = time.process_time()
    for seed in range(matches):
        state = maumau.new_game(variant, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while state.result is None:
            actions = maumau.legal_actions(state)
            choices = [action for action in actions if not isinstance(action, maumau.Resign)] or list(actions)
            state = maumau.apply(state, rng.choice(choices))
            decisions += 1
    return decisions, time.process_time() - start


def speed(repeats: int, matches: int, players: int) -> None:
    installed = maumau.plugins.variant_names()
    for plugin, profile, options, more in PAIRS:
        if plugin not in installed:
            print(f"{profile} against {plugin}: {plugin} is not installed (pip install -e examples/{plugin})")
            continue
        count = matches * more
        _play(plugin, 2, players, options)  # warm: rules built, decks made
        _play(profile, 2, players, options)
        ratios: list[float] = []
        rates: dict[str, list[float]] = {plugin: [], profile: []}
        for _ in range(repeats):
            made, plugin_seconds = _play(plugin, count, players, options)
            same, profile_seconds = _play(profile, count, players, options)
            assert made == same, "the same matches must take the same decisions"
            rates[plugin].append(made / plugin_seconds)
            rates[profile].append(same / profile_seconds)
            ratios.append(plugin_seconds / profile_seconds)
        print(f"{profile} against {plugin}, {players} players, {count} matches x {repeats} repeats:")
        for name, values in rates.items():
            print(f"  {name:>22}: {statistics.median(values):>9,.0f} decisions per CPU-second (median)")
        print(f"  speed of the profile game / the plugin's: {statistics.median(ratios):.3f} (goal: at least 0.9)")


_FRESH = """
import time, maumau
from maumau.profiles._profile import load_path
start = time.process_time()
load_path({path!r})
first = time.process_time() - start
start = time.process_time()
load_path({path!r})
print(first * 1000, (time.process_time() - start) * 1000)
"""


def loading(repeats: int) -> None:
    firsts, agains = [], []
    for _ in range(repeats):
        output = subprocess.run(
            [sys.executable, "-c", _FRESH.format(path=str(PROFILE))], capture_output=True, text=True, check=True
        ).stdout.split()
        firsts.append(float(output[0]))
        agains.append(float(output[1]))
    lines = sum(1 for line in PROFILE.read_text("utf-8").splitlines() if line.strip() and not line.startswith("#"))
    print(f"loading {PROFILE.name} ({lines} lines), {repeats} fresh processes:")
    print(f"  first load: {statistics.median(firsts):.1f} ms of CPU (median; goal: well under 50)")
    print(f"  again, its decks made: {statistics.median(agains):.1f} ms of CPU")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    load_profile(PROFILE, register=False)
    speed(args.repeats, args.matches, args.players)
    loading(args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
