"""
House rules named in text: a name installed under the ``maumau.house_rules`` entry points, or ``module:attribute``.

A house rule is any plugin object (`maumau.new_game` takes them in
*plugins*), and objects cannot be written into JSON or typed on a command
line.  Names can.  A package installs house rules by name, as variants are
installed::

    [project.entry-points."maumau.house_rules"]
    nine-reverses = "my_rules:NINE_REVERSES"

and saves, web tables and command lines name them so.  An import path,
``examples.house_rule_nine_reverses:NINE_REVERSES``, names the object that
``from examples.house_rule_nine_reverses import NINE_REVERSES`` would give;
it is imported only where the caller allows it (*imports*): a program's own
code and a command line do, a save and a web request never do.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import types
from collections.abc import Collection

from .exceptions import PluginError, shorten
from .hookspecs import hookimpl

__all__ = ["HOUSE_RULE_GROUP", "check_house_rule", "house_rule_names", "load_house_rule", "plugin_name"]

#: The entry-point group under which packages install house rules by name.
HOUSE_RULE_GROUP = "maumau.house_rules"


def _installed() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=HOUSE_RULE_GROUP)}


def house_rule_names() -> tuple[str, ...]:
    """
    The names of the house rules installed under the ``maumau.house_rules`` entry points, sorted.

    .. versionadded:: 0.2.0
    """
    return tuple(sorted(_installed()))


def load_house_rule(spec: str, *, imports: bool | Collection[str] = True) -> object:
    """
    The plugin object that *spec* names: an installed house rule's name, or ``module:attribute`` (or ``module``).

    The attribute may be dotted (``module:Class.INSTANCE``).  *imports* says
    which import paths may be imported: all (``True``, for a program's own
    code), none (``False``, for names that come from a save or a request), or
    those listed.

    Raises:
        PluginError: no house rule is installed under *spec* and it may not be imported, the module cannot be
            imported or has no such attribute, or it names a class rather than a plugin object.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       Installed names come first; *imports*.
    """
    installed = _installed()
    if spec in installed:
        try:
            found: object = installed[spec].load()
        except Exception as error:  # a broken package: say which
            raise PluginError(f"cannot load house rule {spec!r}: {type(error).__name__}: {error}") from None
        return _instance(spec, found)
    if imports is not True and (imports is False or spec not in imports):
        known = ", ".join(installed) or "none"
        raise PluginError(
            f"unknown house rule {spec[:60]!r}: only installed house rules are loaded by name here (installed: {known})"
        )
    module_name, _, attribute = spec.partition(":")
    if not module_name or (":" in spec and not attribute):
        raise PluginError(f"cannot load house rule {spec!r}: expected module:attribute or an installed name")
    try:
        found = importlib.import_module(module_name)
    except ImportError as error:
        raise PluginError(f"cannot load house rule {spec!r}: {error}") from None
    for part in attribute.split(".") if attribute else ():
        try:
            found = getattr(found, part)
        except AttributeError:
            raise PluginError(f"cannot load house rule {spec!r}: {module_name} has no {attribute!r}") from None
    return _instance(spec, found)


def _instance(spec: str, found: object) -> object:
    if isinstance(found, type):
        raise PluginError(f"house rule {spec!r} names the class {found.__name__}: name an instance of it (or a module)")
    return found


def plugin_name(plugin: object) -> str:
    """
    The name a house-rule plugin is recorded under: its module or class name.
    """
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__.rpartition(".")[2]
    name = getattr(plugin, "name", None)
    if isinstance(name, str):
        return name
    return type(plugin).__name__


def check_house_rule(plugin: object) -> None:
    """
    Refuse a house rule that implements no hook at all (``None``, a string, a class meant to be instantiated).

    Raises:
        PluginError: *plugin* implements no ``maumau_`` hook.
    """
    marker = f"{hookimpl.project_name}_impl"
    if not any(name.startswith("maumau_") and hasattr(getattr(plugin, name, None), marker) for name in dir(plugin)):
        raise PluginError(
            f"a house rule must implement at least one maumau hook, got {shorten(plugin)}", plugin=plugin_name(plugin)
        )
