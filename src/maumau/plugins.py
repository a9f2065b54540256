"""
Finding variants and building the rules of one game: the public names, each kept in the module of its concept.

Variants are found through the entry-point group ``maumau.variants`` and
among the game profiles (``maumau._registry``, the registry of games).  A
game's rules are one plugin manager: the kernel's defaults
(`maumau.defaults`), the mechanics the variant opts into, the variant, and
any house-rule plugins for that game; `Rules` (``maumau._rules``) resolves
each hook's chain once into one plain function (``maumau._hook_chains``).
`variants` (``maumau._catalogue``) lists what is installed.
"""

from __future__ import annotations

from ._catalogue import VariantInfo, variants
from ._house_rules import plugin_name
from ._plugin_variants import ENTRY_POINT_GROUP, plugin_variant_names
from ._registry import load_all_variants, load_variant, resolve_variant, variant_names
from ._rules import Rules
from .defaults import KERNEL_NAME

__all__ = [
    "ENTRY_POINT_GROUP",
    "KERNEL_NAME",
    "Rules",
    "VariantInfo",
    "load_all_variants",
    "load_variant",
    "plugin_name",
    "plugin_variant_names",
    "resolve_variant",
    "variant_names",
    "variants",
]
