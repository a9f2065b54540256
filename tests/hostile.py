"""
A corpus of hostile game profiles: what a stranger could hand `maumau.new_game` as a file.

Each case writes its files into a folder and names the file to load, with
what must follow: a `maumau.MaumauError` whose message holds a given text,
or (for a case that is allowed) a game that plays to its end.
``tests/test_hostile_profiles.py`` checks every case;

    python tests/hostile.py                   # every case in a child process: outcome, time and peak memory

measures each one in a child process with 2 GiB of address space and
prints the table of the docs' security section (``docs/guides/profiles.md``).
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

import maumau
from maumau import MaumauError
from maumau.testing import check_endings

#: The most actions a game of the corpus may take to end.
MAX_STEPS = 20_000


def game(game_id: str, extra: str = "", name: str = "Hostile") -> str:
    """
    A small playable profile with the id *game_id*, and *extra* TOML after its ``[game]`` section.
    """
    return f'format = 1\n[game]\nid = "{game_id}"\nname = "{name}"\n{extra}'


@attrs.frozen
class Case:
    """
    One hostile profile: *build* writes it into a folder and returns the path to load; *refused* is a text
    the error must hold, or ``None`` for a profile that must give a game that ends.
    """

    name: str
    build: Callable[[Path], Path]
    refused: str | None


def _file(name: str, text: str | bytes) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, "utf-8")
        return path

    return build


def _files(first: str, files: dict[str, str]) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        for name, text in files.items():
            (folder / name).write_text(text, "utf-8")
        return folder / first

    return build


def _link(name: str, target: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / name
        path.symlink_to(target)
        return path

    return build


def _fifo(folder: Path) -> Path:
    path = folder / "fifo.toml"
    os.mkfifo(path)
    return path


def _base_fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe.toml")
    return _file("on-pipe.toml", 'base = "pipe.toml"\n' + game("on-pipe"))(folder)


def _base_zero(folder: Path) -> Path:
    (folder / "zero.toml").symlink_to("/dev/zero")
    return _file("on-zero.toml", 'base = "zero.toml"\n' + game("on-zero"))(folder)


def _link_loop(folder: Path) -> Path:
    (folder / "a.toml").symlink_to(folder / "b.toml")
    (folder / "b.toml").symlink_to(folder / "a.toml")
    return folder / "a.toml"


def _chain(depth: int) -> Callable[[Path], Path]:
    files = {"chain0.toml": game("chain-zero")}
    for level in range(1, depth + 1):
        files[f"chain{level}.toml"] = f'base = "chain{level - 1}.toml"\n[game]\nid = "chain-{level}"\nname = "C"\n'
    return _files(f"chain{depth}.toml", files)


ALL_RANKS = '"2 3 4 5 6 7 8 9 10 J Q K A"'
_BIDI = "Mau\u202euaM\u200b"
_DOTTED = "a" + ".a" * 60_000 + " = 1\n"
_VALUES = ", ".join(f'"v{v}"' for v in range(20))
_OPTIONS = "".join(
    f'[options.o{n}]\ndescription = "o"\ndefault = "v0"\nchoices = [{_VALUES}]\n'
    + "".join(f'when.v{v} = {{ deal = {{ hand_size = {1 + v % 6} }}, play = {{ wild = "J" }} }}\n' for v in range(20))
    for n in range(30)
)


def _nested_keys(levels: int) -> str:
    key = ".".join("k" * levels)
    value = "1"
    for _ in range(levels):
        value = f"{{ {key} = {value} }}"
    return value


def _added(name: str, extra: str, refused: str | None) -> Case:
    """
    The case *name*: a small game with *extra* TOML after its ``[game]`` section.
    """
    game_id = "-".join(re.findall("[a-z]+", name.lower()))[:40].strip("-")
    return Case(name, _file(f"{game_id}.toml", game(game_id) + extra), refused)


def _specials(count: int) -> str:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return "".join(f'[special.s{n}]\ncards = "{ranks[n % 13]}{"♠♥♦♣"[n // 13 % 4]}"\ndraw = 2\n' for n in range(count))


def _changes(options: int, values: int, specials: int) -> str:
    """
    *options* options of *values* values each, every value changing each of *specials* special cards its own way.
    """
    text = ""
    for option in range(options):
        listed = ", ".join(f'"v{value}"' for value in range(values))
        text += f'[options.o{option}]\ndescription = "o"\ndefault = "v0"\nchoices = [{listed}]\n'
        for value in range(values):
            at = option * values + value
            cards = ", ".join(f"s{n} = {{ draw = {1 + at // 4 ** (n % 8) % 4} }}" for n in range(specials))
            text += f"when.v{value} = {{ special = {{ {cards} }} }}\n"
    return text


def _random_bytes(size: int) -> bytes:
    return random.Random(size).randbytes(size)


#: Every case, named as in the table.
CASES: tuple[Case, ...] = (
    # files that are not what they seem
    _added("a 300 KB file", "# " + "x" * 300_000, "bytes; at most 262144 are allowed"),
    Case("a link to /dev/zero", _link("zero.toml", "/dev/zero"), "a character device, not a regular file"),
    Case("a base that is a link to /dev/zero", _base_zero, "a character device, not a regular file"),
    Case("a FIFO nobody writes", _fifo, "a FIFO (named pipe), not a regular file"),
    Case("a base that is a FIFO", _base_fifo, "a FIFO (named pipe), not a regular file"),
    Case("a directory", lambda folder: (folder / "dir.toml").mkdir() or folder / "dir.toml", "a directory"),
    Case("a link to a link to itself", _link_loop, "cannot be read"),
    Case("a link to a missing file", _link("gone.toml", "/nonexistent/gone.toml"), "cannot be read"),
    Case("an empty file", _file("empty.toml", ""), "missing; it is required"),
    Case("256 KB of random bytes", _file("noise.toml", _random_bytes(250_000)), "not UTF-8"),
    _added("a NUL byte", "\x00", "not valid TOML"),
    # bases
    Case(
        "a base that names itself", _files("self.toml", {"self.toml": 'base = "self.toml"\n' + game("self")}), "4 deep"
    ),
    Case(
        "a cycle of bases",
        _files(
            "a.toml", {"a.toml": 'base = "b.toml"\n' + game("cyc-a"), "b.toml": 'base = "a.toml"\n' + game("cyc-b")}
        ),
        "4 deep",
    ),
    Case("30 bases deep", _chain(30), "bases go at most 4 deep"),
    Case("4 bases deep", _chain(4), None),
    Case("/etc/passwd as base", _file("passwd.toml", 'base = "/etc/passwd.toml"\n' + game("pw")), "cannot be read"),
    Case("/etc/passwd as base, by a link", _link("passwd.toml", "/etc/passwd"), "not valid TOML"),
    Case("a base that is a Python plugin", _file("plugin.toml", 'base = "classic"\n' + game("plug")), "no installed"),
    Case("a base of 300 characters", _file("long.toml", f'base = "{"x" * 300}"\n' + game("lb")), "no installed"),
    # nesting and keys
    Case("arrays nested 2,000 deep", _file("arr.toml", "a = " + "[" * 2000 + "]" * 2000), "nested more than 32"),
    Case("arrays nested 100,000 deep", _file("arr.toml", "a = " + "[" * 100_000 + "]" * 100_000), "nested more"),
    Case(
        "inline tables nested 20,000 deep", _file("tab.toml", "a = " + "{b = " * 20_000 + "1" + "}" * 20_000), "nested"
    ),
    Case("a dotted key of 60,000 parts", _file("dot.toml", _DOTTED), "more than 32 dotted parts"),
    Case(
        "32 dotted parts in each of 32 nested tables",
        _file("deep.toml", "a = " + _nested_keys(31)),
        "nested",
    ),
    Case("a table header of 40 parts", _file("hdr.toml", "[" + ".".join(["h"] * 40) + "]\n"), "dotted parts"),
    _added("a key of 250,000 characters", "k" * 250_000 + " = 1\n", "unknown key"),
    Case("a text of 250,000 characters", _file("txt.toml", game("txt", name="n" * 250_000)), "too long"),
    _added("100,000 numbers in a list", "[deck]\nranks = [" + "1," * 100_000 + "]\n", "at most"),
    Case(
        "10,000 tables",
        _file("tables.toml", game("tbl") + "".join(f"[special.s{n}]\n" for n in range(10_000))),
        "at most",
    ),
    _added("a key given twice", "[deal]\nhand_size = 5\nhand_size = 6\n", "line 7"),
    _added("module names as keys", "[os]\nsystem = 'rm -rf /'\n[__import__]\n", "unknown key"),
    _added("a whole number of 100 digits", "[deal]\nhand_size = " + "9" * 100 + "\n", "too large"),
    _added("nan and inf as counts", "[deck]\npacks = nan\n", "expected a whole number"),
    _added("a date as a count", "[deck]\npacks = 1979-05-27\n", "expected a whole number"),
    # names that pose or hide
    Case("a shipped game's id", _file("shipped.toml", game("mau-mau")), "'mau-mau' is an installed variant"),
    Case("a shipped game's id as an alias", _file("alias.toml", game("al", 'aliases = ["uno-rlcard"]\n')), "installed"),
    Case("a Python variant's id spelt otherwise", _file("spelt.toml", game("classicprofile")), "installed variant"),
    Case("confusable letters in the id", _file("cyr.toml", game("\u0441lassic")), "does not have the allowed form"),
    Case("an id with a line break after it", _file("nl.toml", game("fresh\\n")), "game.id: holds U+000A"),
    Case(
        "a name with a right-to-left override", _file("bidi.toml", game("bidi", name=_BIDI)), "RIGHT-TO-LEFT OVERRIDE"
    ),
    _added(
        "an option's description with a zero-width space",
        '[options.x]\ndescription = "x\u200by"\ndefault = true\n',
        "ZERO WIDTH SPACE",
    ),
    Case("a name with an escape sequence", _file("esc.toml", game("esc", name="\\u001b[31mred")), "U+001B"),
    # games too big or that cannot end
    _added("10**9 cards a hand", "[deal]\nhand_size = 1000000000\n", "too large"),
    _added("a million packs", "[deck]\npacks = 1000000\n", "too large"),
    Case(
        "20 players of 20 cards",
        _file("many.toml", game("many", "players = [2, 20]\n") + "[deal]\nhand_size = 20\n"),
        "need",
    ),
    _added(
        "no card may be the last one (forbidden)",
        f'[finish]\nnot_on = {ALL_RANKS}\ninstead = "forbidden"\n',
        "no card may be the last card of a hand",
    ),
    _added(
        "no card may be the last one (draw)",
        f'[finish]\nnot_on = {ALL_RANKS}\ninstead = "draw"\n',
        "no card may be the last card of a hand",
    ),
    Case(
        "an option that bars every last card",
        _file(
            "optlast.toml",
            game("optlast")
            + '[options.hard]\ndescription = "h"\ndefault = false\n'
            + f"when.true = {{ finish = {{ not_on = {ALL_RANKS} }} }}\n",
        ),
        "options.hard.when.true: finish.not_on: no card may be the last card",
    ),
    Case(
        "no card may be the last one, with a cap on plays",
        _file("capped.toml", game("capped") + f"[finish]\nnot_on = {ALL_RANKS}\n[round]\nmax_plays = 200\n"),
        None,
    ),
    _added(
        "30 options of 20 values each",
        _OPTIONS,
        "600 option values and house rules change the game; a profile has at most 100",
    ),
    _added("25,000 keys", "".join(f"k{n}=1\n" for n in range(25_000)), "too many entries: at most"),
    _added("87,000 empty tables in a list", "x = [" + "{}," * 87_000 + "]\n", "unknown key"),
    _added(
        "100 option values, each changing 40 special cards",
        "[deck]\npacks = 4\n" + _specials(40) + _changes(5, 20, 40),
        None,
    ),
    Case("a plain game", _file("plain.toml", game("plain")), None),
)


def outcome(path: Path) -> str:
    """
    What loading *path* gives: ``"refused: ..."`` with the error, or ``"a game that ends"`` (played by
    `maumau.testing.check_endings`).

    Raises:
        AssertionError: the game did not end in `MAX_STEPS` actions.
    """
    try:
        state = maumau.new_game(str(path), players=2, seed=0)
    except MaumauError as error:
        return f"refused: {error}"
    check_endings(state.variant, settings=0, max_steps=MAX_STEPS)
    return "a game that ends"


_CHILD = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
sys.path.insert(0, {tests!r})
import hostile
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start, wall = time.process_time(), time.perf_counter()
try:
    result = hostile.outcome(__import__("pathlib").Path({path!r}))
except BaseException as error:
    result = f"FAILED: {{type(error).__name__}}: {{str(error)[:80]}}"
seconds, wall = time.process_time() - start, time.perf_counter() - wall
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{{seconds:.2f}}\\t{{wall:.2f}}\\t{{(peak - before) / 1024:.1f}}\\t{{peak / 1024:.0f}}\\t{{result}}")
"""


def measure() -> None:
    """
    Print each case's outcome, CPU and wall time, and peak memory (beyond the process's with maumau imported, and
    in all), as a Markdown table.
    """
    import subprocess
    import tempfile

    tests = str(Path(__file__).parent)
    print("| profile | outcome | CPU s | wall s | more MB | peak MB |")
    print("|---|---|---:|---:|---:|---:|")
    for case in CASES:
        with tempfile.TemporaryDirectory() as folder:
            path = case.build(Path(folder))
            code = _CHILD.format(tests=tests, path=str(path))
            try:
                done = subprocess.run(
                    [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
                )
                line = done.stdout.strip() or f"-\t-\t-\t-\tFAILED: {done.stderr.strip().splitlines()[-1:]}"
            except subprocess.TimeoutExpired:
                line = "-\t>60\t-\t-\tFAILED: no answer in 60 s"
        seconds, wall, more, peak, result = line.split("\t", 4)
        result = result.replace(folder + "/", "").replace("|", "\\|")
        result = result if len(result) <= 110 else result[:107] + "..."
        print(f"| {case.name} | {result} | {seconds} | {wall} | {more} | {peak} |")


if __name__ == "__main__":
    measure()
