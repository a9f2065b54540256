"""
Games as data: a game of the Mau-Mau family described in a TOML file, checked strictly, played by everything.

A profile names the pack, the deal, what each special card does, what
answers a debt, the calls, how a round and a match end, and the game's
options and house rules.  Loading one reads data only: nothing is imported
or run.  It is compiled into the hooks a hand-written variant would have,
plus the built-in mechanics its sections name, so a profile game is played
by the terminal, the web table, the bots, simulations and the game-AI
adapters exactly as any variant is.

>>> import maumau
>>> from maumau.profiles import profile_from_text
>>> profile = profile_from_text('''
... format = 1
... [game]
... id = "tiny-eights"
... name = "Tiny Eights"
... players = [2, 4]
... [play]
... wild = "8"
... [special.eight]
... cards = "8"
... choose_suit = true
... ''')
>>> state = maumau.new_game(profile.id, players=2, seed=1)
>>> state.variant
'tiny-eights'

Profiles come from three places: a file (`load_profile`, or a path ending in
``.toml`` wherever a variant's name is asked for: ``maumau play --variant
my-game.toml``, `maumau.new_game`), the games that ship with maumau, and
packages that declare profile files under the entry-point group
``maumau.profiles`` (``name = "package:path/in/package.toml"``), so a third
party ships games without Python.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .._names import folded
from .._plugin_variants import is_plugin_variant, plugin_aliases, plugin_variant_names
from ..exceptions import MaumauError, ProfileError
from ._compile import ProfileVariant
from ._profile import MAX_PROFILE_BYTES, Profile, load_path, read_profile
from ._show import as_toml
from ._validate import schema

__all__ = [
    "MAX_PROFILE_BYTES",
    "PROFILE_GROUP",
    "Profile",
    "ProfileVariant",
    "as_toml",
    "installed_profiles",
    "load_profile",
    "profile_from_text",
    "profile_of",
    "register_profile",
    "schema",
]

#: The entry-point group that installed game profiles register under, as ``name = "package:path/to/game.toml"``.
PROFILE_GROUP = "maumau.profiles"

_LOCK = threading.Lock()
#: Profiles loaded in this process (from files or text), by id and alias.
_REGISTERED: dict[str, Profile] = {}
#: Profiles read from files, by path, modification time and size.
_FILES: dict[tuple[str, int, int], Profile] = {}
#: The variant plugin of each profile, by digest: one per content, shared by every game.
_VARIANTS: dict[str, ProfileVariant] = {}


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=PROFILE_GROUP)}


def _locate(value: str) -> Path:
    """
    The file an entry point's ``package:path`` names, found without importing the package.
    """
    package, _, relative = value.partition(":")
    top, *inner = package.strip().split(".")
    spec = importlib.util.find_spec(top)  # a top-level package is found, not run
    if spec is None or not spec.submodule_search_locations:
        raise ProfileError(value, "(entry point)", f"no package {top!r} is installed")
    return Path(next(iter(spec.submodule_search_locations)), *inner, relative.strip())


@cache
def _shipped() -> dict[str, Path]:
    """
    The game profiles that ship with maumau (``maumau_variants/profiles/*.toml``), by id, found without importing.
    """
    folder = _locate("maumau_variants:profiles")
    return {path.stem: path for path in sorted(folder.glob("*.toml"))} if folder.is_dir() else {}


@cache
def _known() -> Mapping[str, str | Path]:
    """
    Every installed profile by id: maumau's own, then the entry points' (``package:path``), which may not
    replace them.  Made once, as the two it is made of are: every game started by name asks it.
    """
    known: dict[str, str | Path] = {name: ep.value for name, ep in _entry_points().items()}
    known.update(_shipped())
    return MappingProxyType(known)


@cache
def _installed(name: str) -> Profile:
    where = _known()[name]
    profile = load_path(where if isinstance(where, Path) else _locate(where), base_of=_base_of)
    if profile.id != name:
        raise ProfileError(profile.source, "game.id", f"{profile.id!r}, but it is installed as {name!r}")
    return profile


def _base_of(name: str) -> Profile | None:
    return profile_of(name)


def installed_profiles() -> dict[str, Profile]:
    """
    The game profiles installed as packages (maumau's own included), by id, each read and checked.

    Raises:
        ProfileError: an installed profile cannot be read or played.
    """
    return {name: _installed(name) for name in sorted(_known())}


def profile_id(name: str) -> str | None:
    """
    The id of the profile *name* names exactly: an installed profile's id, or a loaded profile's id or alias;
    ``None`` for any other name.  An installed profile is not read.
    """
    loaded = _REGISTERED.get(name)
    if loaded is not None:
        return loaded.id
    return name if name in _known() else None


def installed_names() -> tuple[str, ...]:
    """
    The ids of the installed profiles and of those loaded in this process, without reading any.
    """
    return tuple(sorted(set(_known()) | set(_REGISTERED)))


def profile_of(name: str) -> Profile | None:
    """
    The profile played as *name*: one loaded in this process (by id or alias), else an installed one.
    """
    found = _REGISTERED.get(name)
    if found is not None:
        return found
    if name in _known():
        return _installed(name)
    return None


def variant_of(name: str) -> ProfileVariant | None:
    """
    The variant plugin that plays the profile *name*, or ``None`` when no profile has that name.
    """
    profile = profile_of(name)
    if profile is None:
        return None
    with _LOCK:
        variant = _VARIANTS.get(profile.digest)
        if variant is None:
            variant = _VARIANTS[profile.digest] = ProfileVariant(profile)
    return variant


def register_profile(profile: Profile) -> str:
    """
    Make *profile* playable in this process under its id (and aliases); returns the id.

    A profile loaded again under the same id replaces the one before: games
    already started keep their rules, and a save made with the old content
    is refused when loaded (its digest no longer matches).

    Raises:
        ProfileError: the id or an alias names a game that is installed (a Python plugin or a game profile,
            maumau's own or a package's), in any spelling its name is asked for by, unless *profile* is that
            installed game itself.
    """
    for key, name in _names_of(profile):
        taken = _installed_game_named(name)
        if taken is not None and not (taken in _known() and _installed(taken).digest == profile.digest):
            what = "an installed variant" if name == taken else f"a name of the installed variant {taken!r}"
            raise ProfileError(profile.source, key, f"{name!r} is {what}; choose another id")
    with _LOCK:
        for name in (profile.id, *profile.aliases):
            _REGISTERED[name] = profile
    return profile.id


def _names_of(profile: Profile) -> list[tuple[str, str]]:
    """
    The names *profile* is played under, each with the key path that gives it.
    """
    return [("game.id", profile.id)] + [(f"game.aliases[{at}]", alias) for at, alias in enumerate(profile.aliases)]


def _installed_game_named(name: str) -> str | None:
    """
    The installed variant (plugin or profile, not one loaded in this process) that *name* is asked for by, or
    ``None``: its exact name, the same letters in another spelling (``"ClassicProfile"``), or an alias.
    """
    if name in _known() or is_plugin_variant(name):
        return name
    letters = folded(name)
    by_letters = {folded(installed): installed for installed in (*plugin_variant_names(), *_known())}
    return by_letters.get(letters) or _installed_aliases().get(letters)


def _installed_aliases() -> dict[str, str]:
    """
    Every alias an installed variant declares, folded, to the variant's name (the plugins' first).
    """
    found = plugin_aliases()
    for installed in _known():
        try:
            aliases = _installed(installed).aliases
        except MaumauError:  # a broken package's profile declares nothing
            continue
        for alias in aliases:
            found.setdefault(folded(alias), installed)
    return found


def load_profile(path: str | os.PathLike[str], *, register: bool = True) -> Profile:
    """
    Read the game profile in the file *path*, check it, and (with *register*) make it playable under its id.

    Raises:
        ProfileError: the file cannot be read, is not TOML, or is no playable game: the message names the
            file, the key path and what is allowed.
    """
    try:
        stat = os.stat(path)
        key: tuple[str, int, int] | None = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None  # load_path says why it cannot be read
    profile = _FILES.get(key) if key is not None else None
    if profile is None:  # a file read once is not read again until it changes (matches, table after table)
        profile = load_path(path, base_of=_base_of)
        if key is not None:
            with _LOCK:
                if len(_FILES) >= 64:
                    _FILES.clear()
                _FILES[key] = profile
    if register:
        register_profile(profile)
    return profile


def profile_from_text(text: str, *, source: str = "<text>", register: bool = True) -> Profile:
    """
    Read a game profile from TOML *text*, as `load_profile` reads a file.
    """
    profile = read_profile(text.encode("utf-8"), source, base_of=_base_of)
    if register:
        register_profile(profile)
    return profile


def reference() -> list[tuple[str, str, Any]]:
    """
    Every key a profile may hold, as (key path, description, default) rows, in the schema's order.
    """
    rows: list[tuple[str, str, Any]] = []

    def resolved(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref")
        if ref is None:
            return node
        target: Any = schema()
        for part in ref.removeprefix("#/").split("/"):
            target = target[part]
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}

    def walk(node: dict[str, Any], path: str) -> None:
        node = resolved(node)
        if path:
            rows.append((path, node.get("description", ""), node.get("default")))
        for key, child in node.get("properties", {}).items():
            walk(child, f"{path}.{key}" if path else key)
        items = resolved(node["items"]) if isinstance(node.get("items"), dict) else {}
        if items.get("properties"):  # a list of tables ([[examples]], sources): the keys of each
            for key, child in items["properties"].items():
                walk(child, f"{path}[].{key}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and extra.get("properties"):
            walk({k: v for k, v in extra.items() if k != "description"}, f"{path}.NAME")

    walk(schema(), "")
    return rows
