"""
JSON Schemas for what `maumau.to_json` writes, generated from the classes themselves.

A server's other components (a client in another language, an API gateway)
can check messages before they reach Python.  The schema follows the
classes' annotations, so it cannot fall behind them; it states the shape
and the limits of `maumau._limits`, while the rules (is this card in the
deck, is this seat's turn) remain `maumau.from_json`'s and the engine's.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs

from ._actions import Action, action_types
from ._cards import Card
from ._events import Event, event_types
from ._limits import FORMAT_VERSION, MAX_ACTIONS, MAX_CARD_TEXT, MAX_INT, MAX_TEXT_LENGTH
from ._options import Options
from ._slots import TRANSIENT
from ._state import GameRecord, GameState, MatchResult, Pending, PlayerState, RoundResult, state_fields
from ._view import PlayerView
from .exceptions import RecordError, shorten
from .plugins import load_all_variants

__all__ = ["json_schema"]

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_INTEGER = {"type": "integer", "minimum": -MAX_INT + 1, "maximum": MAX_INT - 1}
_OPTION_VALUE = {
    "anyOf": [
        {"type": "boolean"},
        _INTEGER,
        {"type": "string", "maxLength": MAX_TEXT_LENGTH},
        {"type": "object", "patternProperties": {"^[0-9]{1,3}$": _INTEGER}, "additionalProperties": False},
    ]
}
#: The fields that JSON leaves out or writes otherwise, per class.
_SKIPPED: dict[type, set[str]] = {GameState: {"rules", "log"}}


class _Schemas:
    """
    One schema under construction: the definitions it refers to by ``$ref``, added as they are met.
    """

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def of(self, kind: Any) -> dict[str, Any]:
        origin = typing.get_origin(kind)
        args = typing.get_args(kind)
        if kind is Any or kind is object:
            return {}
        if kind is type(None) or kind is None:
            return {"type": "null"}
        if kind is bool:
            return {"type": "boolean"}
        if kind is int:
            return dict(_INTEGER)
        if kind is str:
            return {"type": "string", "maxLength": MAX_TEXT_LENGTH}
        if kind is Card:
            return {"type": "string", "minLength": 1, "maxLength": MAX_CARD_TEXT}
        if kind is Options:
            return {"type": "object", "additionalProperties": _OPTION_VALUE}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(arg) for arg in args]}
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                if typing.get_origin(args[0]) is tuple and typing.get_args(args[0])[:1] == (str,):
                    return {"type": "object"}  # slots: a value per slot name, each its owner's to describe
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(arg) for arg in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if isinstance(kind, type) and issubclass(kind, Action):
            return self.tagged(Action, action_types(), kind)
        if isinstance(kind, type) and issubclass(kind, Event):
            return self.tagged(Event, event_types(), kind)
        if isinstance(kind, type) and attrs.has(kind):
            return self.record(kind)
        return {}

    def tagged(self, base: type, registry: dict[str, type], wanted: type) -> dict[str, Any]:
        choices = [cls for cls in registry.values() if issubclass(cls, wanted)]
        refs = [
            self.record(cls, tag=getattr(cls, "kind", None))
            for cls in sorted(choices, key=lambda c: str(getattr(c, "kind", "")))
        ]
        return refs[0] if len(refs) == 1 else {"oneOf": refs}

    def record(self, cls: type, tag: str | None = None) -> dict[str, Any]:
        name = f"{cls.__module__}.{cls.__qualname__}".replace("maumau._", "maumau.").replace("<", "").replace(">", "")
        ref = {"$ref": f"#/$defs/{name}"}
        if name in self.defs:
            return ref
        self.defs[name] = {}  # reserved first: a class may refer to itself
        attrs.resolve_types(cls, localns={"GameState": GameState})
        properties: dict[str, Any] = {}
        required: list[str] = []
        if tag is not None:
            properties["type"] = {"const": tag}
            required.append("type")
        for field in state_fields() if cls is GameState else attrs.fields(cls):
            if not field.init or field.name in _SKIPPED.get(cls, ()) or field.metadata.get(TRANSIENT):
                continue
            properties[field.name] = self.of(field.type)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        if cls is GameState:
            properties["profile"] = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
            properties["actions"] = {"type": "array", "maxItems": MAX_ACTIONS, "items": self.of(Action)}
        if cls is GameRecord:
            properties["actions"]["maxItems"] = MAX_ACTIONS
        if cls in (GameState, GameRecord, PlayerView):
            properties["format"] = {"type": "integer", "minimum": 1, "maximum": FORMAT_VERSION}
        self.defs[name] = {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        return ref


def json_schema(cls: type) -> dict[str, Any]:
    """
    A JSON Schema (draft 2020-12) for the JSON of *cls*: `GameState`, `GameRecord`, `PlayerView`, `Action`
    or one action class, `Event` or one event class.

    Generated from the classes' fields, so it covers every installed
    variant's actions and events, and the limits (``MAX_TEXT_LENGTH``,
    ``MAX_INT``...).  Valid JSON may still be refused by `from_json`: the
    schema knows shapes, not rules.

    Raises:
        RecordError: maumau writes no JSON for *cls*.

    .. versionadded:: 0.2.0
    """
    known = (GameState, GameRecord, PlayerView, PlayerState, Pending, RoundResult, MatchResult)
    if not (isinstance(cls, type) and (cls in known or issubclass(cls, (Action, Event)))):
        raise RecordError(
            f"no JSON schema for {shorten(cls)}: maumau has them for states, records, views, actions and events"
        )
    load_all_variants()  # their actions and events are part of the schema
    schemas = _Schemas()
    top = schemas.of(cls)
    return {"$schema": _DIALECT, "title": f"maumau {cls.__name__}", **top, "$defs": schemas.defs}
