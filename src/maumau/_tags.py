"""
Kind tags: how action and event classes are named in JSON and found again.
"""

from __future__ import annotations

from typing import Any

#: Field metadata of an action's or event's field that JSON leaves out while it holds its default: a field added
#: after the format was fixed (``PlayCard.more``), so that what was written before reads and writes as it did.
OMITTED_WHEN_DEFAULT = "maumau.omitted_when_default"


def register_kind(registry: dict[str, Any], cls: Any, kind: str | None, what: str) -> None:
    """
    Record *cls* under its ``kind`` tag in *registry*, refusing a tag another class holds.

    Called from ``__init_subclass__``.  attrs re-creates slotted classes,
    copying the tag, so a class of the same module and name replaces its
    earlier self; the last one created is the real one.
    """
    if kind is not None:
        cls.kind = kind
    elif "kind" not in cls.__dict__:
        return  # an intermediate base class without a tag of its own
    known = registry.get(cls.kind)
    if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
        raise TypeError(f"{what} kind {cls.kind!r} is taken by {known.__qualname__}")
    registry[cls.kind] = cls
