"""
The profile schema, assembled: the kernel's sections with the keys each mechanic declares.

The kernel declares its own sections in one file, ``kernel.schema.json``; a
mechanic declares its keys in its own module (``maumau_profile_sections``),
beside the rules they configure: a section of its own, or keys it adds to
one of the kernel's (a rank wish's ``wish_rank`` in ``[special.NAME]``).
`assemble` lays the mechanics' fragments over the kernel's schema.

``profile.schema.json``, which ships for editors that read JSON Schema, is
the kernel's schema with the built-in mechanics' keys: a generated file,
which a test compares with `built_in`.  Regenerate it with::

    python -m maumau.profiles > src/maumau/profiles/profile.schema.json
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from ..mechanics import BUILT_IN

__all__ = ["REGENERATE", "assemble", "built_in", "kernel", "text"]

#: The command that writes the shipped ``profile.schema.json`` anew, from a checkout's root.
REGENERATE = "python -m maumau.profiles > src/maumau/profiles/profile.schema.json"


def kernel() -> dict[str, Any]:
    """
    The kernel's own sections of a profile, as JSON Schema, read from the package.
    """
    loaded: dict[str, Any] = json.loads(resources.files(__package__).joinpath("kernel.schema.json").read_text("utf-8"))
    return loaded


def _lay(into: dict[str, Any], fragment: Mapping[str, Any]) -> None:
    """
    Add *fragment*'s keys to *into*: tables merge key by key; a key declared already keeps its first declaration.
    """
    for key, value in fragment.items():
        if key not in into:
            into[key] = copy.deepcopy(value)
        elif isinstance(into[key], dict) and isinstance(value, Mapping):
            _lay(into[key], value)


def assemble(fragments: Iterable[Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """
    The kernel's schema with the sections and keys of *fragments* (``maumau_profile_sections`` answers) laid over it.

    A mechanic's section that the kernel or an earlier mechanic declared
    gains the mechanic's keys; no key declared before is replaced.
    """
    schema = kernel()
    for fragment in fragments:
        _lay(schema["properties"], fragment)
    return schema


def built_in() -> dict[str, Any]:
    """
    The schema of the kernel and the built-in mechanics (`maumau.mechanics.BUILT_IN`): what ships as a file.
    """
    hooks = (getattr(module, "maumau_profile_sections", None) for module in BUILT_IN)
    return assemble(hook() for hook in hooks if hook is not None)


def text(schema: Mapping[str, Any]) -> str:
    """
    *schema* as the shipped file writes it.
    """
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
