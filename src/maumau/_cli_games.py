"""
How the ``maumau`` commands name games, house rules and bots, and ``maumau profile show``.

Every command that takes a variant takes a game profile's file the same way
(a path ending in ``.toml``), with the game's own defaults; a profile's
house rules are chosen by name with ``--house-rule`` as a plugin's are; and
``maumau simulate --bots`` fills the seats from the specs it is given.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from ._narration import plural
from ._own_bots import is_bot_path, register_bot
from .exceptions import MaumauError
from .profiles import Profile, as_toml, load_profile, profile_of

__all__ = ["add_profile_command", "fill_bots", "game_of", "import_from_here", "register_bots", "run_profile"]

#: Exit status for a usage error, as the ``maumau`` command's.
_USAGE_ERROR = 2


def game_of(variant: str, stderr: TextIO) -> str:
    """
    The name *variant* is played under: a profile file is read (its warnings said on *stderr*), else as given.

    Raises:
        ProfileError: the file is no playable profile.
    """
    if not variant.endswith(".toml"):
        return variant
    profile = load_profile(variant)
    for line in profile.warnings:
        print(f"maumau: warning: {line}", file=stderr)
    return profile.id


def import_from_here() -> None:
    """
    Let the command line's import paths (``--bots my_bot:Shedder``) find modules in the current directory.

    ``python -m maumau`` has it on the path; the ``maumau`` script does not, so it is put first, as uvicorn's
    ``--app-dir`` does by default.
    """
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)


def fill_bots(specs: Sequence[str], players: int | None) -> list[str]:
    """
    One bot spec per seat: *specs* repeated in turn until *players* seats are filled (2 seats at least).

    Raises:
        ValueError: more specs than seats.
    """
    seats = players if players is not None else max(len(specs), 2)
    if len(specs) > seats:
        raise ValueError(f"{plural(len(specs), 'bot spec')} for {plural(seats, 'player')}; give one per seat at most")
    return [specs[seat % len(specs)] for seat in range(seats)]


def heading(profile: Profile) -> list[str]:
    """
    What ``maumau profile show`` heads the TOML with, as comments: the game, where it was read, its base, its players.
    """
    data = profile.data
    low, high = data["game"].get("players", (2, 6))
    lines = [f"# {profile.name} ({profile.id}), read from {profile.source}"]
    if "base" in data:
        lines.append(f"# its base {data['base']!r} merged in: every key below is in force")
    lines.append(f"# checked: a playable game for {low} to {high} players, with every option and house rule")
    return lines


def register_bots(given: Sequence[str]) -> list[str]:
    """
    Offer at the tables each bot ``NAME=package.module:Class`` of *given* (``maumau serve --bot``); their names.

    Raises:
        ValueError: an entry is not ``NAME=package.module:Class``, or its bot cannot be made.
    """
    names = []
    import_from_here()
    for entry in given:
        name, equals, spec = entry.partition("=")
        if not equals or not is_bot_path(spec):
            raise ValueError(f"--bot takes NAME=package.module:Class, not {entry!r}")
        register_bot(name, spec)
        names.append(name)
    return names


def add_profile_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """
    ``maumau profile show FILE``: a game profile with its base merged in, checked.
    """
    profile = commands.add_parser(
        "profile",
        help="show a game profile's rules as they are played",
        description="Read a game profile, check it, and show it as it is played.",
    )
    actions = profile.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    show = actions.add_parser(
        "show",
        help="print a profile with its base merged in (TOML), and what it keeps of its base unsaid",
        description="Print a game profile as it is played: its base merged in, every key in force, as TOML that "
        "loads as a profile of its own; warnings about keys of the base it keeps without saying so go to "
        "standard error. Exit status 2 when the profile is refused.",
    )
    show.add_argument("game", metavar="FILE", help="a profile's file (.toml), or an installed profile game's name")


def run_profile(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """
    Run ``maumau profile show``: 0 when the profile is a playable game, 2 when it is refused.
    """
    try:
        found = load_profile(args.game) if args.game.endswith(".toml") else profile_of(args.game)
    except MaumauError as error:
        print(f"maumau: error: {error}", file=stderr)
        return _USAGE_ERROR
    if found is None:
        print(
            f"maumau: error: no game profile {args.game!r}; give a .toml file or a name 'maumau variants' "
            "lists with a game profile: line",
            file=stderr,
        )
        return _USAGE_ERROR
    for line in found.warnings:
        print(f"maumau: warning: {line}", file=stderr)
    print("\n".join(heading(found)), file=stdout)
    print(file=stdout)
    print(as_toml(found.data), end="", file=stdout)
    return 0
