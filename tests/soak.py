"""
A long search for rule bugs: many seeded random matches of every variant, every step checked;
then hostile JSON thrown at every reader.

The test suite plays a few dozen games per variant so that it stays quick;
this plays thousands, on every core, with the conformance kit's checks
(cards conserved, legal actions exactly what ``apply`` accepts, views
leaking nothing, JSON round trips, replay) and out-of-turn actions.  Any
failure names its variant, player count and seed, which
``maumau.testing.random_game`` reproduces.

The hostile profiles (`hostile_profiles`) are game files as a stranger
could write them: shipped profiles with lines deleted, repeated or replaced
by hostile ones (huge numbers, names that hide what they say, cards that
are none), and texts of random nesting, size and keys.  Each must load or
be refused with a `maumau.ProfileError` within a CPU-second, and each game
that loads must play to its end; the outcomes are counted by kind.

The hostile part (`hostile`) reads damaged saves of real games as a game
server's clients could send them: nested too deep, far too large, every
field replaced by a value of every other JSON kind, keys repeated, NaN.
Every reader must load or refuse with a `maumau.RecordError`; anything
else is a failure.  The outcomes are counted by kind of damage.

    python tests/soak.py --games 500          # or: nox -s soak -- --games 500
    python tests/soak.py --games 0            # the hostile parts only
    python tests/soak.py --games 0 --hostile 0 --profiles 2000   # hostile profiles only
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from maumau import (
    MAX_JSON_DEPTH,
    Action,
    Event,
    GameRecord,
    GameState,
    PlayCard,
    PlayerView,
    RecordError,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from maumau.testing import check_endings, random_game

#: Each variant with its player counts and the option sets its matches cycle through, short enough to check every step.
PLANS: dict[str, tuple[range, list[dict[str, Any]]]] = {
    "classic": (
        range(2, 11),
        [
            {"target": 1},
            {"target": 1, "jack_on_jack": True, "pass_the_skip": True, "mau_mau_call": True},
            {"target": 1, "stack_sevens": False, "scoring": "holders", "hand_size": 6},
        ],
    ),
    "penalty-52": (range(2, 7), [{"single_round": True}, {}]),
    "sau-mau-mau": (range(2, 6), [{"races": 1}, {"races": 1, "mau_calls": True}, {}]),
    "ccw-house": (range(2, 7), [{}, {"numbers": 2, "copies": 4, "games": 2}, {"copies": 1, "hand_size": 7}]),
}


def _run(job: tuple[str, int, int, dict[str, Any], bool]) -> str | None:
    variant, players, seed, options, out_of_turn = job
    try:
        random_game(variant, players=players, seed=seed, options=options, out_of_turn=out_of_turn, check_every=1)
    except AssertionError as error:
        return f"{error} (options {options}, out_of_turn={out_of_turn})"
    return None


#: JSON values of every kind, each put in place of every field of a real save.
WRONG_VALUES: tuple[Any, ...] = (None, True, 0, -1, 1.5, 10**30, "", "x", "7h", [], [1], ["x"], {}, {"a": 1})


def _saves(seed: int) -> Iterator[tuple[type, Any]]:
    """
    Real saves of every reader's class, from a short random game of each variant.
    """
    rng = random.Random(seed)
    for variant in sorted(PLANS):
        state = new_game(variant, players=3, seed=seed)
        for _ in range(rng.randrange(40)):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        yield GameState, json.loads(to_json(state))
        yield GameRecord, json.loads(to_json(state.record))
        yield PlayerView, json.loads(to_json(view(state, rng.randrange(3))))
        for action in state.actions[-3:]:
            yield Action, json.loads(to_json(action))
            yield PlayCard, json.loads(to_json(action))
        for event in state.events:
            yield Event, json.loads(to_json(event))


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            yield from _paths(value, (*path, index))


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copy


def _hostile_inputs(seed: int, rng: random.Random) -> Iterator[tuple[str, type, str]]:
    """
    (kind of damage, reader, text) for the saves of one seed.
    """
    for cls, data in _saves(seed):
        paths = list(_paths(data))
        for path in rng.sample(paths, min(len(paths), 12)):
            for value in WRONG_VALUES:
                yield "wrong type", cls, json.dumps(_replaced(data, path, value))
            depth = rng.choice([MAX_JSON_DEPTH, 100, 3000])
            text = json.dumps(_replaced(data, path, "<deep>"))
            yield "deep", cls, text.replace('"<deep>"', "[" * depth + "]" * depth, 1)
            yield "huge", cls, json.dumps(_replaced(data, path, rng.choice(["x" * 1_000_000, [0] * 200_000, 10**4000])))
            yield "nan", cls, json.dumps(_replaced(data, path, float(rng.choice(["nan", "inf", "-inf"]))))
        if isinstance(data, dict) and data:
            key = rng.choice(list(data))
            text = json.dumps(data)
            yield "duplicate key", cls, f"{{{json.dumps(key)}: {json.dumps(data[key])}, {text[1:]}"
        yield "deep", cls, "[" * 100_000 + "]" * 100_000
        yield (
            "huge",
            cls,
            json.dumps({"variant": "classic", "players": ["a", "b"], "seed": 1, "actions": [{}] * 400_000}),
        )


def hostile(seeds: int) -> int:
    """
    Throw hostile JSON at every reader; print the outcomes by kind of damage; return the number of failures.
    """
    outcomes: Counter[tuple[str, str]] = Counter()
    failures: list[str] = []
    start = time.process_time()
    for seed in range(seeds):
        rng = random.Random(seed)
        for damage, cls, text in _hostile_inputs(seed, rng):
            try:
                from_json(text, cls)
            except RecordError as error:
                outcomes[damage, "refused"] += 1
                if len(str(error)) > 400:
                    failures.append(f"{damage} {cls.__name__}: a {len(str(error)):,}-character message")
            except Exception as error:
                outcomes[damage, "FAILED"] += 1
                failures.append(f"{damage} {cls.__name__}: {type(error).__name__}: {str(error)[:200]}")
            else:
                outcomes[damage, "loaded"] += 1
    for damage in sorted({damage for damage, _ in outcomes}):
        counts = ", ".join(f"{outcomes[damage, outcome]:,} {outcome}" for outcome in ("loaded", "refused", "FAILED"))
        print(f"hostile JSON, {damage}: {counts}")
    for failure in failures[:20]:
        print("FAILED", failure)
    total = sum(outcomes.values())
    print(f"{total:,} hostile inputs, {len(failures)} failed, {time.process_time() - start:.0f} CPU s")
    return len(failures)


#: Lines a stranger might put into a profile, each with the kind of damage it counts under.
_HOSTILE_LINES = (
    ("number", "hand_size = {big}"),
    ("number", "packs = {big}"),
    ("number", "players = [2, {big}]"),
    ("number", "max_plays = -{big}"),
    ("text", 'name = "Mau\u202euaM"'),
    ("text", 'description = "x\u200by"'),
    ("text", 'summary = "{long}"'),
    ("cards", 'not_on = "2 3 4 5 6 7 8 9 10 J Q K A"'),
    ("cards", 'cards = "Z♠ 1 Joker 3c"'),
    ("cards", 'wild = "{long}"'),
    ("keys", "[os]"),
    ("keys", "__class__ = 1"),
    ("keys", '"\u0000" = 1'),
    ("base", 'base = "/dev/zero"'),
    ("base", 'base = "{id}"'),
    ("base", 'base = "classic-profile"'),
)


def _nested(rng: random.Random) -> tuple[str, str]:
    """
    A text of random nesting, size and keys: lists, inline tables and dotted keys, shallow or deep.
    """
    depth = rng.choice((1, 5, 31, 32, 33, 100, 2_000, 50_000))
    parts = rng.choice((1, 5, 31, 32, 33, 1_000, 60_000))
    key = ".".join(rng.choice("abk") for _ in range(parts))
    opener, closer = rng.choice((("[", "]"), ("{a = ", "}"), ("{" + key + " = ", "}")))
    depth = min(depth, 400_000 // len(opener))  # the text stays near the bound of a profile's size
    body = opener * depth + "1" + closer * depth
    padding = "# " + "x" * rng.choice((0, 1_000, 200_000, 270_000)) + "\n"
    return "nesting", f"{key} = {body}\n{padding}"


def _damaged_profile(rng: random.Random, index: int, shipped: list[str]) -> tuple[str, str]:
    """
    A shipped profile, renamed, with a few of its lines deleted, repeated or replaced by hostile ones.
    """
    lines = rng.choice(shipped).splitlines()
    lines = [f'id = "soak-{index}"' if line.startswith("id = ") else line for line in lines]
    kind = "lines"
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines))
        change = rng.random()
        if change < 0.3:
            del lines[at]
        elif change < 0.5:
            lines.insert(at, lines[at])
        else:
            kind, line = rng.choice(_HOSTILE_LINES)
            big = rng.choice(("0", "21", "1000000", "10" * 30))
            lines.insert(at, line.format(big=big, long="x" * rng.choice((10, 500, 100_000)), id=f"soak-{index}"))
    return kind, "\n".join(lines) + "\n"


def hostile_profiles(count: int, seed: int = 0) -> int:
    """
    Load *count* hostile profiles; print the outcomes by kind; return the number of failures.

    A failure is an error other than `maumau.ProfileError`, a load that takes more than a CPU-second, or a game
    that loads and does not end.
    """
    from importlib import resources

    from maumau import MaumauError
    from maumau.profiles import profile_from_text

    folder = resources.files("maumau_variants").joinpath("profiles")
    shipped = [item.read_text("utf-8") for item in folder.iterdir() if item.name.endswith(".toml")]
    rng = random.Random(seed)
    outcomes: Counter[tuple[str, str]] = Counter()
    failures: list[str] = []
    start = time.process_time()
    for index in range(count):
        kind, text = _nested(rng) if rng.random() < 0.3 else _damaged_profile(rng, index, shipped)
        began = time.process_time()
        try:
            profile = profile_from_text(text, source=f"soak-{index}.toml")
        except MaumauError:
            outcome = "refused"
        except Exception as error:
            outcome = "FAILED"
            failures.append(f"profile {index} ({kind}): {type(error).__name__}: {str(error)[:200]}")
        else:
            outcome = "loaded"
            try:
                check_endings(profile.id, settings=0, seed=index, max_steps=20_000)
            except MaumauError:
                outcome = "loaded, refused a game"
            except AssertionError as error:
                outcome = "FAILED"
                failures.append(f"profile {index} ({kind}): {str(error)[:200]}")
        if time.process_time() - began > 1 and outcome != "loaded":
            failures.append(f"profile {index} ({kind}): {time.process_time() - began:.1f} CPU s to load")
        outcomes[kind, outcome] += 1
    kinds = sorted({kind for kind, _ in outcomes})
    for kind in kinds:
        found = ", ".join(f"{number:,} {outcome}" for (k, outcome), number in sorted(outcomes.items()) if k == kind)
        print(f"hostile profiles, {kind}: {found}")
    for failure in failures[:20]:
        print("FAILED", failure)
    print(f"{count:,} hostile profiles, {len(failures)} failed, {time.process_time() - start:.0f} CPU s")
    return len(failures)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="matches per variant and player count (default 100)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--variant", choices=sorted(PLANS), action="append", help="only these variants")
    parser.add_argument("--hostile", type=int, default=4, help="seeds of saves to damage (default 4)")
    parser.add_argument("--profiles", type=int, default=300, help="hostile profiles to load (default 300)")
    args = parser.parse_args(argv)
    jobs = [
        (variant, players, seed, sets[seed % len(sets)], seed // len(sets) % 2 == 0)
        for variant in args.variant or sorted(PLANS)
        for counts, sets in [PLANS[variant]]
        for players in counts
        for seed in range(args.first_seed, args.first_seed + args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        failures = [failure for failure in pool.map(_run, jobs, chunksize=8) if failure is not None]
    for failure in failures:
        print("FAILED", failure)
    print(f"{len(jobs)} matches, {len(failures)} failed, {time.perf_counter() - start:.0f} s")
    hostile_failures = hostile(args.hostile) + hostile_profiles(args.profiles, args.first_seed)
    return 1 if failures or hostile_failures else 0


if __name__ == "__main__":
    sys.exit(main())
