"""
The games the lobby offers, described for its page: names, option controls, house rules, what the cards do.

``GET /api/variants`` answers with `catalogue`: each game's name as people
write it, its options as the controls the page builds (a check box for a
true-or-false option, a menu for one with choices, a number field with its
range), the game profile's own house rules as check boxes (named in the
table's ``house_rules`` as every house rule is), and what the cards do.
"""

from __future__ import annotations

from typing import Any

from .._card_notes import card_notes
from .._options import Option
from .._profile_rules import profile_house_rules
from ..exceptions import MaumauError
from ..plugins import VariantInfo, load_variant, variant_names, variants
from ..profiles import profile_of

__all__ = ["catalogue", "control"]


def _plain(value: object) -> Any:
    return [list(pair) for pair in value] if isinstance(value, tuple) else value


def control(option: Option) -> dict[str, Any]:
    """
    What the page needs to build *option*'s control: its kind, default, allowed values and what it does.
    """
    kind = {bool: "bool", int: "int", str: "str"}.get(option.kind, "mapping")
    return {
        "name": option.name,
        "doc": option.doc,
        "kind": kind,
        "default": _plain(option.default),
        "choices": None if option.choices is None else [_plain(choice) for choice in option.choices],
        "minimum": option.minimum,
        "maximum": option.maximum,
    }


def _title(name: str) -> str:
    """
    The game's name as people write it: a profile's ``game.name``, a Python variant's docstring before its colon.
    """
    profile = profile_of(name)
    if profile is not None:
        return profile.name
    first = ((load_variant(name).__doc__ or "").strip().splitlines() or [name])[0]
    return first.split(":")[0].strip() or name


def _entry(name: str, info: VariantInfo) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "title": name,
        "summary": info.summary,
        "players": [info.seats.start, info.seats.stop - 1],
        "default_players": info.default_players,
        "options": [option.describe() for option in info.options],
        "controls": [],
        "house_rules": [],
        "rules": [],
    }
    if not info.available:
        return entry
    try:
        own = profile_house_rules(name)
        entry["title"] = _title(name)
        entry["controls"] = [control(option) for option in info.options if option.name not in own]
        entry["house_rules"] = [{"name": rule, "description": text} for rule, text in own.items()]
        entry["rules"] = list(card_notes(name))
    except MaumauError:  # a variant that cannot say more is still listed, with its name
        pass
    return entry


#: The last catalogue, with what it was made from: the games' names and their profiles' digests.
_MADE: dict[tuple[tuple[str, str | None], ...], list[dict[str, Any]]] = {}


def catalogue() -> list[dict[str, Any]]:
    """
    Every installed game, described for the lobby's page, by name.

    Made once for the games installed (a game profile loaded again with another content makes it anew), so
    that the page is answered at once while bots think.
    """
    key = tuple((name, _digest(name)) for name in variant_names())
    found = _MADE.get(key)
    if found is None:
        found = [_entry(name, info) for name, info in variants().items()]
        _MADE.clear()
        _MADE[key] = found
    return found


def _digest(name: str) -> str | None:
    try:
        profile = profile_of(name)
    except MaumauError:  # a broken profile is listed as unavailable, as variants() says
        return "broken"
    return None if profile is None else profile.digest
