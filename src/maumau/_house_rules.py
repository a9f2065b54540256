"""
House rules named in text: ``module:attribute``, as a command line or a saved table names them.

A house rule is any plugin object (`maumau.new_game` takes them in
*plugins*), and objects cannot be written into JSON or typed on a command
line.  Their import paths can: ``examples.house_rule_nine_reverses:NINE_REVERSES``
names the object that ``from examples.house_rule_nine_reverses import NINE_REVERSES``
would give.  A bare ``module`` names the module itself, which is a plugin too.
"""

from __future__ import annotations

import importlib

from .exceptions import PluginError

__all__ = ["load_house_rule"]


def load_house_rule(spec: str) -> object:
    """
    The plugin object that *spec* (``module:attribute``, or ``module``) names.

    The attribute may be dotted (``module:Class.INSTANCE``).

    Raises:
        PluginError: the module cannot be imported or has no such attribute.

    .. versionadded:: 0.2.0
    """
    module_name, _, attribute = spec.partition(":")
    if not module_name or (":" in spec and not attribute):
        raise PluginError(f"cannot load house rule {spec!r}: expected module:attribute")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise PluginError(f"cannot load house rule {spec!r}: {error}") from None
    for part in attribute.split(".") if attribute else ():
        try:
            found = getattr(found, part)
        except AttributeError:
            raise PluginError(f"cannot load house rule {spec!r}: {module_name} has no {attribute!r}") from None
    return found
