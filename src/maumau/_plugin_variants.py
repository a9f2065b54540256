"""
The variants installed as Python plugins: the entry points of the group ``maumau.variants``, and loading them.
"""

from __future__ import annotations

import importlib.metadata
from functools import cache

from ._names import folded
from .exceptions import PluginError

__all__ = [
    "ENTRY_POINT_GROUP",
    "is_plugin_variant",
    "load_plugin_variant",
    "plugin_aliases",
    "plugin_variant_names",
]

#: The entry-point group that installed variants register under.
ENTRY_POINT_GROUP = "maumau.variants"


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def is_plugin_variant(name: str) -> bool:
    """
    Whether *name* is the exact name of a variant installed as a Python plugin.
    """
    return name in _entry_points()


def plugin_variant_names() -> tuple[str, ...]:
    """
    The names of the variants installed as Python plugins, sorted.
    """
    return tuple(sorted(_entry_points()))


@cache
def load_plugin_variant(name: str) -> object:
    """
    The plugin module of the variant installed under *name*, imported once.

    Raises:
        PluginError: its entry point fails to import.
    """
    try:
        return _entry_points()[name].load()
    except Exception as error:  # a broken third-party package must not look like maumau's own failure
        raise PluginError(
            f"the variant cannot be loaded ({type(error).__name__}: {str(error)[:120]})", plugin=name
        ) from error


def plugin_aliases() -> dict[str, str]:
    """
    Every alias a Python plugin variant declares (its module's ``ALIASES``), folded (`maumau._names.folded`), to
    the variant's name; the first variant by name keeps an alias two declare, and one that cannot be loaded
    declares none.
    """
    found: dict[str, str] = {}
    for name in plugin_variant_names():
        try:
            plugin = load_plugin_variant(name)
        except PluginError:
            continue
        for alias in getattr(plugin, "ALIASES", ()):
            found.setdefault(folded(str(alias)), name)
    return found
