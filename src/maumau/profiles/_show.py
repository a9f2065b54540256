"""
A profile's rules as they are played: its data with its base merged in, written back as TOML.

``maumau profile show FILE`` prints what `as_toml` writes, so that what a
base brings along is in sight; `tomllib` reads the text back to the same
data, and it loads as a profile of its own (without ``base``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["as_toml"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: A table of at most this many plain values is written on one line, ``points = { J = 20, A = 11 }``.
_INLINE_KEYS = 8


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else "nan" if math.isnan(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's basic string's
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"no TOML for {type(value).__name__}")


def _inline(value: object, depth: int) -> bool:
    """
    Whether *value*, at *depth* tables down, is written after its key rather than as a table of its own.

    Sections and their entries (``[special.seven]``) are tables, as profiles are written; deeper tables of
    plain values are written on one line.
    """
    if not isinstance(value, Mapping):
        return True
    return depth >= 2 and len(value) <= _INLINE_KEYS and not any(isinstance(v, Mapping) for v in value.values())


#: The keys that head a profile, before its sections.
_FIRST = ("format", "base", "drop")


def _table(data: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    items = sorted(data.items(), key=lambda item: _FIRST.index(item[0]) if item[0] in _FIRST else len(_FIRST))
    plain = [(k, v) for k, v in items if _inline(v, len(path))]
    nested = [(k, v) for k, v in items if not _inline(v, len(path))]
    if path and (plain or not nested):
        lines.append("")
        lines.append(f"[{'.'.join(map(_key, path))}]")
    lines.extend(f"{_key(key)} = {_value(value)}" for key, value in plain)
    for key, value in nested:
        _table(value, (*path, key), lines)


def as_toml(data: Mapping[str, Any]) -> str:
    """
    *data* (a profile's, see `maumau.profiles.Profile.data`) as TOML text that reads back to it.

    .. versionadded:: 0.2.0
    """
    lines: list[str] = []
    _table(data, (), lines)
    return "\n".join(lines).lstrip("\n") + "\n"
