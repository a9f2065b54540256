"""
Choosing the mechanics a game plays with: what the variant and its house rules name in `maumau_mechanics`.

The mechanics are registered before the variant, so that the variant can
change what they do; so they are asked of a plugin manager of their own,
holding the variant and the house rules alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import pluggy
from attrs import frozen

from . import hookspecs
from ._options import Options, resolve_options

__all__ = ["MechanicsChoice", "choose_mechanics", "named_mechanics"]


@frozen
class MechanicsChoice:
    """
    The mechanics a game plays with, and how they were chosen.
    """

    #: One plugin object per kind of mechanic, in the order the variant and its house rules name them.
    mechanics: tuple[object, ...]
    #: Whether they depend on the game's options (some ``maumau_mechanics`` takes *options*).
    by_options: bool
    #: The options they were chosen for; ``None`` when they do not depend on them.
    options: Options | None
    #: The plugin manager that asks the variant and its house rules (`named_mechanics`).
    manager: pluggy.PluginManager


def choose_mechanics(
    variant: str, module: object, house_rules: Sequence[object], options: Options | None
) -> MechanicsChoice:
    """
    The mechanics the variant *module* and its *house_rules* opt into, for *options*.

    An implementation that takes *options* gets the game's (or, without
    them, the defaults the variant and its house rules declare).
    """
    pm = pluggy.PluginManager("maumau")
    pm.add_hookspecs(hookspecs)
    pm.register(module, name="variant")
    for index, plugin in enumerate(house_rules):
        pm.register(plugin, name=f"house:{index}")
    by_options = any("options" in impl.argnames for impl in pm.hook.maumau_mechanics.get_hookimpls())
    if by_options and options is None:
        declared = {option.name: option for answer in pm.hook.maumau_options() for option in answer or ()}
        options = resolve_options(variant, tuple(declared.values()), None)
    return MechanicsChoice(named_mechanics(pm, options), by_options, options if by_options else None, pm)


def named_mechanics(pm: pluggy.PluginManager, options: Options | None) -> tuple[object, ...]:
    """
    The mechanics named through *pm* for *options*, one per kind, the variant's first.
    """
    found: dict[type, object] = {}
    for mechanics in reversed(pm.hook.maumau_mechanics(options=options)):
        for mechanic in mechanics:
            found.setdefault(type(mechanic), mechanic)
    return tuple(found.values())
