"""
Memory that hostile input leaves behind, measured with tracemalloc: what a server keeps after it is attacked.

Each scenario runs, every object it made is dropped, and what is still
allocated is what the library's caches kept.  Before the limits, 200
actions with a megabyte of card text kept 400 MB and 40,000 games with
different ``target`` options kept 131 MB.

    python benchmarks/retained_memory.py [--games 40000]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import tracemalloc
from collections.abc import Callable

from maumau import Action, MaumauError, Rules, from_json, hookimpl, new_game, parse_card


class _Shout:
    @hookimpl
    def maumau_calls(self) -> tuple[str, ...]:
        return ("Mau",)


def _long_card_texts() -> None:
    for index in range(200):
        text = json.dumps({"type": "play", "seat": 0, "card": f"pink {index}" + "X" * 1_000_000})
        with contextlib.suppress(MaumauError):
            from_json(text, Action)
        with contextlib.suppress(MaumauError):
            parse_card(f"pink {index}" + "X" * 1_000_000)


def _many_targets(games: int) -> Callable[[], None]:
    def run() -> None:
        for target in range(1, games + 1):
            new_game("classic", players=2, seed=target, options={"target": target})

    return run


def _fresh_house_rules() -> None:
    for _ in range(2000):
        Rules.build("classic", [_Shout()])


def _retained(scenario: Callable[[], None]) -> float:
    """
    The megabytes still allocated after *scenario* ran and everything it returned was dropped.
    """
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    scenario()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40_000, help="classic games with distinct targets")
    args = parser.parse_args()
    new_game("classic", players=2, seed=0)  # the variant's modules and first rules, before measuring
    for label, scenario in [
        ("200 actions and 200 cards with 1 MB card text", _long_card_texts),
        (f"{args.games:,} classic games, each with its own target", _many_targets(args.games)),
        ("2,000 rules built with fresh house-rule objects", _fresh_house_rules),
    ]:
        print(f"{label}: {_retained(scenario):.2f} MB retained")


if __name__ == "__main__":
    main()
