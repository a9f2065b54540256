"""
Plugin faults: a hook implementation that raises, or a house rule that answers with the wrong kind of value.

House rules come from elsewhere (a server's operator, a player's
settings), so a fault in one must surface as a `PluginError` that names
the plugin and the hook, not as a raw ``AttributeError`` from deep in a
turn, nor as a seat -1 stored in the state.  Both checks cost nothing when
every plugin behaves:

* an exception is caught only at the public entry points, and the plugin
  is found afterwards, from the frames of the traceback (`fault`);
* answers are checked only for hooks that a house rule implements
  (`checked`); the shipped variants and mechanics are trusted.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pluggy

from ._actions import Action
from ._cards import Card
from ._effects import DrawRule, Effect, RoundEnd
from ._state import GameState, MatchResult
from .defaults import KERNEL_NAME
from .exceptions import PluginError, shorten

__all__ = ["checked", "fault"]


def _code_of(function: object) -> types.CodeType | None:
    function = getattr(function, "__func__", function)
    code = getattr(function, "__code__", None)
    return code if isinstance(code, types.CodeType) else None


def fault(pm: pluggy.PluginManager, error: BaseException) -> PluginError | None:
    """
    The `PluginError` for *error* if it was raised inside a hook implementation of *pm*, else ``None``.

    The deepest frame of the traceback that runs a registered hook
    implementation (not a kernel default) names the plugin and the hook;
    the error is chained as the cause.  Runs on the error path only.
    """
    owners: dict[types.CodeType, tuple[str, str]] = {}
    for name in dir(pm.hook):
        if not name.startswith("maumau_"):
            continue
        for impl in getattr(pm.hook, name).get_hookimpls():
            code = _code_of(impl.function)
            if code is not None and impl.plugin_name != KERNEL_NAME:
                owners.setdefault(code, (impl.plugin_name, name))
    found = None
    trace = error.__traceback__
    while trace is not None:
        found = owners.get(trace.tb_frame.f_code, found)
        trace = trace.tb_next
    if found is None:
        return None
    plugin, hook = found
    problem = PluginError(f"raised {type(error).__name__}: {str(error)[:200]}", plugin=plugin, hook=hook)
    problem.__cause__ = error
    return problem


def _seat(result: object, state: GameState, *_: object) -> str | None:
    if type(result) is int and 0 <= result < len(state.players):
        return None
    return f"expected a seat number from 0 to {len(state.players) - 1}"


def _cards(result: object, *args: object) -> str | None:
    if isinstance(result, tuple) and all(isinstance(card, Card) for card in result):
        offered = args[2] if len(args) > 2 else None
        if isinstance(offered, tuple) and not set(result) <= set(offered):
            return "expected some of the cards asked about"
        return None
    return "expected a tuple of cards"


def _followers(result: object, *args: object) -> str | None:
    if result is None:
        return None
    hand = args[3] if len(args) > 3 else ()
    if isinstance(result, tuple) and all(isinstance(card, Card) for card in result):
        return None if isinstance(hand, tuple) and set(result) <= set(hand) else "expected some of the hand's cards"
    return "expected a tuple of cards or None"


def _bool(result: object, *_: object) -> str | None:
    return None if isinstance(result, bool) else "expected True or False"


def _call(result: object, *_: object) -> str | None:
    return None if result is None or isinstance(result, str) else "expected a call's text or None"


def _of(kind: type, optional: bool) -> Callable[..., str | None]:
    def check(result: object, *_: object) -> str | None:
        if isinstance(result, kind) or (optional and result is None):
            return None
        return f"expected {'None or ' if optional else ''}a {kind.__name__}"

    return check


def _points(result: object, state: GameState, *_: object) -> str | None:
    points = tuple(result) if isinstance(result, (tuple, list)) else ()
    if len(points) == len(state.players) and all(type(p) is int for p in points):
        return None
    return "expected one whole number of points per seat"


def _actions(result: object, *_: object) -> str | None:
    if isinstance(result, list) and all(isinstance(action, Action) for actions in result for action in actions):
        return None
    return "expected sequences of actions"


#: What each hook must answer, checked where a house rule implements it.
_CHECKS: dict[str, Callable[..., str | None]] = {
    "maumau_dealer": _seat,
    "maumau_next_seat": _seat,
    "maumau_playable": _cards,
    "maumau_may_decline": _bool,
    "maumau_expected_call": _call,
    "maumau_card_effect": _of(Effect, optional=False),
    "maumau_combine_effects": _of(Effect, optional=False),
    "maumau_play_follows": _followers,
    "maumau_play_may_end": _of(bool, optional=True),
    "maumau_draw_rule": _of(DrawRule, optional=False),
    "maumau_round_over": _of(RoundEnd, optional=True),
    "maumau_draw_shortfall": _of(RoundEnd, optional=True),
    "maumau_match_over": _of(MatchResult, optional=True),
    "maumau_score_round": _points,
    "maumau_actions": _actions,
    "maumau_apply_action": _of(GameState, optional=True),
    "maumau_deal": _of(GameState, optional=False),
    "maumau_starter": _of(GameState, optional=True),
    "maumau_after_draw": _of(GameState, optional=True),
    "maumau_call_missed": _of(GameState, optional=False),
    "maumau_follow_up": _of(GameState, optional=False),
    "maumau_before_action": _of(GameState, optional=False),
    "maumau_turn_ended": _of(GameState, optional=False),
    "maumau_round_ended": _of(GameState, optional=False),
}


def checked(name: str, function: Callable[..., Any], house_rules: tuple[str, ...]) -> Callable[..., Any]:
    """
    *function*, the resolved hook *name*, checking its answer when *house_rules* (plugin names) implement it.

    Unchanged when no house rule implements the hook or nothing is known to check.
    """
    check = _CHECKS.get(name)
    if check is None or not house_rules:
        return function
    plugin = ", ".join(house_rules)

    def call(*args: Any) -> Any:
        result = function(*args)
        problem = check(result, *args)
        if problem is not None:
            raise PluginError(f"returned {shorten(result)}: {problem}", plugin=plugin, hook=name)
        return result

    return call
