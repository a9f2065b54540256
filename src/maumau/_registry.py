"""
The registry of games: every installed game by name, Python plugin variants and game profiles alike, and their aliases.

Finding a game by name (`maumau.new_game` with ``"switch"``, ``"Prší"`` or
a profile's file) asks this module alone; it sits above the Python
plugins' entry points (`maumau._plugin_variants`) and the game profiles
(`maumau.profiles`), and below the rules built from what it finds.
"""

from __future__ import annotations

import difflib

from . import profiles
from ._names import folded
from ._plugin_variants import is_plugin_variant, load_plugin_variant, plugin_aliases, plugin_variant_names
from .exceptions import MaumauError, UnknownVariantError

__all__ = ["find_game", "load_all_variants", "load_variant", "resolve_variant", "variant_names"]


def variant_names() -> tuple[str, ...]:
    """
    The names of the installed variants, sorted: Python plugins and game profiles.
    """
    return tuple(sorted(set(plugin_variant_names()) | set(profiles.installed_names())))


def load_variant(name: str) -> object:
    """
    The plugin of the variant *name*: a Python plugin's module, or the plugin that plays a game profile.

    Raises:
        UnknownVariantError: no installed variant has that name.
        PluginError: the variant's package fails to import.
    """
    if is_plugin_variant(name):
        return load_plugin_variant(name)
    variant = profiles.variant_of(name)
    if variant is None:
        resolved = resolve_variant(name)
        return load_plugin_variant(resolved) if is_plugin_variant(resolved) else profiles.variant_of(resolved)
    return variant


def load_all_variants() -> None:
    """
    Import every installed variant that can be imported, so that its action and event classes are known.
    """
    for name in plugin_variant_names():  # a game profile's actions and events are its mechanics', maumau's own
        try:
            load_variant(name)
        except MaumauError:  # a broken variant is listed as unavailable; its classes stay unknown
            continue


def find_game(variant: str) -> str:
    """
    The installed name of the game *variant* means: a game profile's file (``.toml``), read and registered under
    its id, or a name as `resolve_variant` reads it.

    Raises:
        UnknownVariantError: nothing installed is meant.
        ProfileError: the profile's file cannot be read or is no playable game.
    """
    if variant.endswith(".toml"):  # a game profile's file: read, then played by its id
        return profiles.load_profile(variant).id
    return resolve_variant(variant)  # "Classic", "penalty52", an alias: played under the installed name


def resolve_variant(name: str) -> str:
    """
    The installed variant's name that *name* means.

    Its exact name; else a name with the same letters and digits in any
    case and punctuation (``"Classic"``, ``"penalty52"``); else an alias
    the variant declares (a Python plugin's module attribute ``ALIASES``,
    a game profile's ``game.aliases``).

    Raises:
        UnknownVariantError: nothing installed is meant; it names the closest names ("did you mean").

    .. versionadded:: 0.2.0
    """
    if is_plugin_variant(name):  # an installed plugin's name: nearly always, asked at every game's start
        return name
    exact = profiles.profile_id(name)  # a profile's id, or a loaded profile's alias: played under its id
    if exact is not None:
        return exact
    known = variant_names()
    letters = folded(name)
    by_letters = {folded(known_name): known_name for known_name in known}
    found = by_letters.get(letters) or _aliases().get(letters)
    if found is not None:
        return found
    close = difflib.get_close_matches(letters, list(by_letters), n=2, cutoff=0.6)
    raise UnknownVariantError(name, known, tuple(by_letters[match] for match in close))


def _aliases() -> dict[str, str]:
    """
    Every alias an installed variant declares (a plugin's ``ALIASES``, a profile's ``game.aliases``), folded.
    """
    found = plugin_aliases()
    for name in profiles.installed_names():
        try:
            profile = profiles.profile_of(name)
        except MaumauError:
            continue
        for alias in profile.aliases if profile is not None else ():
            found.setdefault(folded(alias), name)
    return found
