"""
A game profile's own house rules, named as every other house rule is.

A profile declares house rules (``[house_rules.NAME]``) that are off unless
chosen; a house rule of Python is a plugin named by its installed name or
``package.module:object``.  Both are chosen the same way, by name, with
``--house-rule NAME`` on the command line, in the lobby and in
`maumau.Table`'s *house_rules*: `split_house_rules` turns the profile's own
into the options that switch them on and leaves the rest to be loaded as
plugins.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence

from ._house_rules import house_rule_names
from .exceptions import PluginError, UnknownVariantError
from .plugins import resolve_variant
from .profiles import Profile, load_profile, profile_of

__all__ = ["profile_house_rules", "split_house_rules"]


def profile_house_rules(variant: str) -> Mapping[str, str]:
    """
    The house rules the game profile *variant* declares (a game's name or a ``.toml`` path), with what each does.

    A variant that is no profile declares none.
    """
    profile: Profile | None
    if variant.endswith(".toml"):
        profile = load_profile(variant)
    else:
        try:
            profile = profile_of(resolve_variant(variant))
        except UnknownVariantError:  # said where the game is made, with the names it may have meant
            return {}
    if profile is None:
        return {}
    return {name: str(rule.get("description", name)) for name, rule in profile.data.get("house_rules", {}).items()}


def split_house_rules(variant: str, names: Sequence[str]) -> tuple[dict[str, bool], tuple[str, ...]]:
    """
    *names* split into the options that switch on the profile's own house rules and the plugins' names left.

    Raises:
        PluginError: a name that is neither the game's own house rule, nor an installed one, nor a module.

    >>> split_house_rules("crazy-eights-pagat", ["queens_skip", "my_rules:NINES"])
    ({'queens_skip': True}, ('my_rules:NINES',))
    """
    own = profile_house_rules(variant) if names else {}
    for name in names:
        if name not in own and ":" not in name and name not in house_rule_names() and not _a_module(name):
            ours = ", ".join(own) or "none"
            raise PluginError(
                f"unknown house rule {name[:60]!r}; the game's own: {ours}; installed: "
                f"{', '.join(house_rule_names()) or 'none'}; a plugin of your own is named as module:attribute"
            )
    return {name: True for name in names if name in own}, tuple(name for name in names if name not in own)


def _a_module(name: str) -> bool:
    """
    Whether *name* is a module that can be imported (a plugin may be a whole module), found without running it.
    """
    try:
        return importlib.util.find_spec(name.partition(".")[0]) is not None
    except (ImportError, ValueError):
        return False
