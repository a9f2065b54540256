"""
Checking a profile against the JSON Schema that ships with maumau, with errors that name the key path.

The schema (the kernel's sections with each mechanic's keys, assembled by
`maumau.profiles._schema`; for editors, ``profile.schema.json``) is the one
statement of what a profile may hold: the loader checks it here, the
reference page is generated from it, and an editor that reads JSON Schema
checks a profile while it is written.  This reads the part of JSON Schema the schema uses (types,
properties, required keys, enumerations, ranges, lengths, patterns,
``oneOf`` and local ``$ref``), so loading a profile needs nothing beyond
the standard library.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from .._front import profile_sections
from ._schema import assemble

__all__ = ["check", "check_section", "schema"]


#: The most entries of a list or table, or characters of a text, where the schema gives no bound of its own.
_MOST = 10_000


@cache
def schema() -> dict[str, Any]:
    """
    The profile schema, assembled once: the kernel's sections with the keys the installed mechanics declare.
    """
    return assemble(profile_sections())  # a mechanic's own keys, declared beside its rules


@cache
def _pattern(text: str) -> re.Pattern[str]:
    """
    The schema's pattern *text* as JSON Schema reads it: ``$`` is the end of the text, not a line break before it.
    """
    if text.endswith("$") and not text.endswith("\\$"):
        text = text[:-1] + "\\Z"
    return re.compile(text)


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


_TYPES = {
    "object": (dict, "a table"),
    "array": (list, "a list"),
    "string": (str, "a text"),
    "integer": (int, "a whole number"),
    "boolean": (bool, "true or false"),
}


def _path(parts: tuple[str | int, ...]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(the profile)"


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (str, int, bool)) else _kind(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if ref is None:
        return node
    target: Any = schema()
    for part in ref.removeprefix("#/").split("/"):
        target = target[part]
    merged = dict(target)
    merged.update({key: value for key, value in node.items() if key != "$ref"})
    return merged


def _errors(value: object, node: dict[str, Any], at: tuple[str | int, ...]) -> Iterator[tuple[str, str]]:
    """
    What is wrong with *value* against *node*, as (key path, problem) pairs: the first problem of each path.
    """
    node = _resolve(node)
    if "oneOf" in node:
        options = node["oneOf"]
        if not any(next(_errors(value, option, at), None) is None for option in options):
            kinds = " or ".join(_TYPES[_resolve(option)["type"]][1] for option in options)
            yield _path(at), f"expected {kinds}, got {_shown(value)}"
        return
    kind = node.get("type")
    if kind is not None:
        python, words = _TYPES[kind]
        if not isinstance(value, python) or (kind == "integer" and isinstance(value, bool)):
            yield _path(at), f"expected {words}, got {_shown(value)}"
            return
    if "enum" in node and value not in node["enum"]:
        allowed = ", ".join(json.dumps(choice, ensure_ascii=False) for choice in node["enum"])
        yield _path(at), f"{_shown(value)} is not allowed; allowed: {allowed}"
        return
    if isinstance(value, str):
        if len(value) > node.get("maxLength", _MOST):
            yield _path(at), f"too long: at most {node.get('maxLength', _MOST)} characters"
        elif "pattern" in node and not _pattern(node["pattern"]).search(value):
            yield _path(at), f"{_shown(value)} does not have the allowed form ({node['pattern']})"
    elif isinstance(value, int) and not isinstance(value, bool):
        if "minimum" in node and value < node["minimum"]:
            yield _path(at), f"{value} is too small; the least allowed is {node['minimum']}"
        if "maximum" in node and value > node["maximum"]:
            yield _path(at), f"{value} is too large; the most allowed is {node['maximum']}"
    elif isinstance(value, list):
        yield from _list_errors(value, node, at)
    elif isinstance(value, dict):
        yield from _table_errors(value, node, at)


def _list_errors(value: list[Any], node: dict[str, Any], at: tuple[str | int, ...]) -> Iterator[tuple[str, str]]:
    if len(value) > node.get("maxItems", _MOST):
        yield _path(at), f"too many entries: at most {node.get('maxItems', _MOST)}"
        return
    if len(value) < node.get("minItems", 0):
        yield _path(at), f"too few entries: at least {node['minItems']}"
        return
    if node.get("uniqueItems") and len({json.dumps(item, sort_keys=True) for item in value}) < len(value):
        yield _path(at), "an entry is given twice"
    items = node.get("items")
    if items is not None:
        for index, item in enumerate(value):
            yield from _errors(item, items, (*at, index))


def _table_errors(value: dict[str, Any], node: dict[str, Any], at: tuple[str | int, ...]) -> Iterator[tuple[str, str]]:
    if len(value) > node.get("maxProperties", _MOST):
        yield _path(at), f"too many entries: at most {node.get('maxProperties', _MOST)}"
        return
    for key in node.get("required", ()):
        if key not in value:
            yield _path((*at, key)), "missing; it is required"
    properties: dict[str, Any] = node.get("properties", {})
    patterns: dict[str, Any] = node.get("patternProperties", {})
    names = node.get("propertyNames")
    extra = node.get("additionalProperties", True)
    for key, item in value.items():
        if names is not None:
            problem = next(_errors(key, names, (*at, key)), None)
            if problem is not None:
                yield _path((*at, key)), f"the name {problem[1]}"
                continue
        if key in properties:
            yield from _errors(item, properties[key], (*at, key))
            continue
        pattern = next((sub for text, sub in patterns.items() if _pattern(text).search(key)), None)
        if pattern is not None:
            yield from _errors(item, pattern, (*at, key))
        elif extra is False:
            known = ", ".join(properties) or "none"
            yield _path((*at, key)), f"unknown key; allowed: {known}"
        elif isinstance(extra, dict):
            yield from _errors(item, extra, (*at, key))


def check(data: object, at: tuple[str | int, ...] = ()) -> list[tuple[str, str]]:
    """
    Every problem of *data* against the profile schema, as (key path, problem) pairs, in document order.
    """
    return list(_errors(data, schema(), at))


def check_section(data: dict[str, Any], key: str) -> list[tuple[str, str]]:
    """
    The problems of the section *key* of *data* alone (an unknown section is a problem too).
    """
    properties = schema()["properties"]
    if key not in properties:
        return [(key, f"unknown key; allowed: {', '.join(properties)}")]
    if key not in data:
        return []
    return list(_errors(data[key], properties[key], (key,)))
