"""
The hooks front ends ask: how each mechanic is told, shown, typed and played, answered by the mechanics' modules.

The front ends (the narration, the terminal, the web table, the move reader,
the heuristic bot) name no mechanic.  They ask these hooks, as pytest's
terminal asks ``pytest_report_teststatus`` and ``skipping.py`` answers.
The answers come from the built-in mechanics' modules
(`maumau.mechanics.BUILT_IN`, registered first) and from every module named
under the entry-point group ``maumau.mechanics``, which is how a third
party's mechanic is told and shown like a built-in one::

    [project.entry-points."maumau.mechanics"]
    swap-hands = "swap_hands.mechanic"

The plugin manager is built once, when first asked.  A mechanic's package
that cannot be loaded is left out with a `RuntimeWarning` that names it and
says why, so that the other mechanics and every game still work.
"""

from __future__ import annotations

import importlib.metadata
import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import pluggy

from . import hookspecs
from ._actions import Action
from ._cards import Card
from ._events import Event
from ._grammar import Grammar
from ._status import Status
from .exceptions import PluginError
from .mechanics import BUILT_IN

__all__ = [
    "ENTRY_POINT_GROUP",
    "bot_follows",
    "bot_hint",
    "bot_knows",
    "menu_place",
    "move_names",
    "profile_mechanics",
    "profile_problems",
    "profile_sections",
    "shown_slots",
    "statuses",
    "tell_action",
    "tell_event",
    "tell_move",
]

#: The entry-point group of third parties' mechanic modules.
ENTRY_POINT_GROUP = "maumau.mechanics"


@cache
def _hooks() -> pluggy.HookRelay:
    pm = pluggy.PluginManager("maumau")
    pm.add_hookspecs(hookspecs)
    for module in BUILT_IN:
        pm.register(module)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            pm.register(entry.load(), name=f"{ENTRY_POINT_GROUP}:{entry.name}")
        except Exception as error:  # a broken package must not break every front end: the others still work
            problem = PluginError(f"the mechanic cannot be loaded ({type(error).__name__}: {error})", plugin=entry.name)
            warnings.warn(str(problem), RuntimeWarning, stacklevel=2)
    return pm.hook


def tell_event(event: Event, narrator: Grammar) -> str | None:
    """
    A mechanic's sentence for *event*, or ``None`` when no mechanic tells it.
    """
    told: str | None = _hooks().maumau_tell_event(event=event, narrator=narrator)
    return told


def tell_action(action: Action, narrator: Grammar, seen: Any) -> str | None:
    """
    A mechanic's words for *action* offered in *seen*, or ``None`` when no mechanic tells it.
    """
    told: str | None = _hooks().maumau_tell_action(action=action, narrator=narrator, seen=seen)
    return told


def tell_move(event: Event, narrator: Grammar) -> str | None:
    """
    A mechanic's few words for *event* as a seat's last move, or ``None``.
    """
    told: str | None = _hooks().maumau_tell_move(event=event, narrator=narrator)
    return told


def statuses(seen: Any) -> list[Status]:
    """
    The mechanics' parts of the table's status as *seen* (a seat's view or a spectator's), built-in ones first.
    """
    found: list[Status | None] = _hooks().maumau_status(seen=seen)
    return [status for status in reversed(found) if status is not None]


@cache
def shown_slots() -> frozenset[str]:
    """
    The slots that the mechanics show as `Status` records, which no front end shows again as raw slots.
    """
    return frozenset(name for names in _hooks().maumau_shown_slots() for name in names)


def move_names(action: Action) -> tuple[str, ...] | None:
    """
    A mechanic's names for *action*, or ``None`` when no mechanic names it.
    """
    names: Sequence[str] | None = _hooks().maumau_move_names(action=action)
    return None if names is None else tuple(names)


def menu_place(action: Action) -> int | None:
    """
    Where a mechanic puts *action* in a menu, or ``None``.
    """
    place: int | None = _hooks().maumau_menu_place(action=action)
    return place


@cache
def bot_knows() -> tuple[type[Action], ...]:
    """
    The action types the mechanics hint the heuristic bot about.
    """
    return tuple(kind for kinds in _hooks().maumau_bot_knows() for kind in kinds)


def bot_hint(
    source: Any, seat: int, actions: Sequence[Action], rng: random.Random, *, reacting: bool = False
) -> Action | None:
    """
    A mechanic's pick for the heuristic bot among *actions*, or ``None``.
    """
    hint: Action | None = _hooks().maumau_bot_hint(
        source=source, seat=seat, actions=actions, rng=rng, reacting=reacting
    )
    return hint


def bot_follows(source: Any) -> Callable[[Card], bool] | None:
    """
    Which cards follow the pile plainly when a mechanic binds the next card in *source*, or ``None``.
    """
    follows: Callable[[Card], bool] | None = _hooks().maumau_bot_follows(source=source)
    return follows


def profile_sections() -> list[Mapping[str, Mapping[str, Any]]]:
    """
    The profile sections and keys each mechanic reads, as JSON Schema fragments, in the order mechanics are registered.
    """
    found: list[Mapping[str, Mapping[str, Any]] | None] = _hooks().maumau_profile_sections()
    return [sections for sections in reversed(found) if sections]


def profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[object]:
    """
    The mechanics a profile's *data* asks for, by the mechanics that read its sections.
    """
    found: list[Sequence[object] | None] = _hooks().maumau_profile_mechanics(data=data, deck=deck)
    return [mechanic for mechanics in reversed(found) if mechanics for mechanic in mechanics]


def profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    What the mechanics find wrong with their keys in a profile's *data*.
    """
    found: list[Sequence[tuple[str, str]] | None] = _hooks().maumau_profile_problems(data=data, deck=deck)
    return [problem for problems in reversed(found) if problems for problem in problems]
