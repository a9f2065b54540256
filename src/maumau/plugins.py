"""
Finding variants and building the rules of one game.

Variants are found through the entry-point group ``maumau.variants``.  A
game's rules are one plugin manager: the core defaults, the variant, and any
house-rule plugins for that game.  `Rules` is the typed facade the engine
calls (never ``pm.hook`` directly); it is built once per combination and
shared by every state of every game that uses it.
"""

from __future__ import annotations

import importlib.metadata
import types
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, cast

import pluggy
from attrs import frozen

from . import hookspecs
from ._actions import Action
from ._cards import Card
from ._effects import CALL_OK, NO_EFFECT, CallRuling, Effect, RoundEnd
from ._options import Option, Options, resolve_options
from ._state import ChallengeWindow, GameState, MatchResult
from .exceptions import UnknownVariantError

__all__ = ["ENTRY_POINT_GROUP", "Rules", "VariantInfo", "plugin_name", "variants"]

#: The entry-point group that installed variants register under.
ENTRY_POINT_GROUP = "maumau.variants"


@frozen
class VariantInfo:
    """
    An installed variant: its name, one-line summary, player counts and options.

    .. versionadded:: 0.1.0
    """

    name: str
    summary: str
    seats: range
    options: tuple[Option, ...]


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


@cache
def _load_variant(name: str) -> object:
    entry_points = _entry_points()
    if name not in entry_points:
        raise UnknownVariantError(name, tuple(sorted(entry_points)))
    return entry_points[name].load()


def variants() -> dict[str, VariantInfo]:
    """
    The installed variants, by name, found through the ``maumau.variants`` entry points.

    .. versionadded:: 0.1.0
    """
    result = {}
    for name in sorted(_entry_points()):
        rules = Rules.build(name)
        options = rules.declared_options
        module = _load_variant(name)
        summary = (module.__doc__ or name).strip().splitlines()[0]
        result[name] = VariantInfo(name, summary, rules.seats(rules.resolve_options(None)), options)
    return result


def plugin_name(plugin: object) -> str:
    """
    The name a house-rule plugin is recorded under: its module or class name.
    """
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__.rpartition(".")[2]
    name = getattr(plugin, "name", None)
    if isinstance(name, str):
        return name
    return type(plugin).__name__


#: Rules built lately, by variant and house-rule plugin identities.  Bounded,
#: because a server may pass new plugin objects for every game: a state keeps
#: its own `Rules`, so an evicted entry only costs the next game a rebuild.
_RULES_CACHE: dict[tuple[str, tuple[int, ...]], Rules] = {}
_RULES_CACHE_SIZE = 64

#: The name the core's defaults (`maumau._defaults`) are registered under.
DEFAULTS_NAME = "maumau.defaults"


def _turn_hook(caller: pluggy.HookCaller) -> Callable[..., Any]:
    """
    *caller*, or the core default itself when no plugin implements the hook.

    The hooks of a turn run several times for every action, and pluggy's
    dispatch costs ten times what a default like "may always decline" does.
    When the default is the hook's only implementation, what pluggy would
    return is known, so it is called directly with the arguments it
    accepts.  Pluggy's call monitoring and tracing do not see such calls;
    the plugin manager of a `Rules` is complete once built, so the choice
    made here stays right.
    """
    impls = caller.get_hookimpls()
    if len(impls) != 1 or impls[0].plugin_name != DEFAULTS_NAME or impls[0].hookwrapper or impls[0].wrapper:
        return caller
    function, argnames = impls[0].function, impls[0].argnames
    if caller.spec is not None and caller.spec.opts.get("firstresult"):

        def first_result(**kwargs: object) -> object:
            return function(*[kwargs[name] for name in argnames])

        return first_result

    def all_results(**kwargs: object) -> list[object]:
        result = function(*[kwargs[name] for name in argnames])
        return [] if result is None else [result]

    return all_results


class Rules:
    """
    The rules of one variant plus house rules: a typed facade over pluggy.

    Get one with `Rules.build`; states carry theirs, so `maumau.apply` needs
    nothing but the state.

    .. versionadded:: 0.1.0
    """

    def __init__(self, variant: str, house_rules: Sequence[object] = ()) -> None:
        from . import _defaults

        self.variant = variant
        self.house_rules = tuple(house_rules)
        self.house_rule_names = tuple(plugin_name(p) for p in house_rules)
        pm = pluggy.PluginManager("maumau")
        pm.add_hookspecs(hookspecs)
        pm.register(_defaults, name=DEFAULTS_NAME)
        pm.register(_load_variant(variant), name=f"variant:{variant}")
        for plugin, name in zip(house_rules, self.house_rule_names, strict=True):
            pm.register(plugin, name=f"house:{name}")
        pm.check_pending()
        self.plugin_manager = pm
        hook = pm.hook
        # the hooks of every turn, each called through pluggy or, when only the core default implements it, directly
        self._can_play = _turn_hook(hook.maumau_can_play)
        self._card_effect = _turn_hook(hook.maumau_card_effect)
        self._next_seat = _turn_hook(hook.maumau_next_seat)
        self._round_over = _turn_hook(hook.maumau_round_over)
        self._expected_call = _turn_hook(hook.maumau_expected_call)
        self._judge_call = _turn_hook(hook.maumau_judge_call)
        self._may_decline = _turn_hook(hook.maumau_may_decline)
        self._extra_actions = _turn_hook(hook.maumau_extra_actions)
        self._follow_up = _turn_hook(hook.maumau_follow_up)
        self._after_draw = _turn_hook(hook.maumau_after_draw)
        declared: dict[str, Option] = {}
        for options in reversed(hook.maumau_options()):  # results come newest plugin first
            for option in options:
                declared[option.name] = option
        self.declared_options = tuple(declared.values())
        self._decks: dict[tuple[Options, int], tuple[Card, ...]] = {}
        self._suits: dict[tuple[Options, int], tuple[str, ...]] = {}

    @classmethod
    def build(cls, variant: str, house_rules: Iterable[object] = ()) -> Rules:
        """
        The rules for *variant* with *house_rules* registered on top, cached.

        Raises:
            UnknownVariantError: no installed variant has that name.
        """
        plugins = tuple(house_rules)
        key = (variant, tuple(id(p) for p in plugins))
        rules = _RULES_CACHE.get(key)
        if rules is None:  # ids stay unique: a cached Rules keeps its plugins alive
            if len(_RULES_CACHE) >= _RULES_CACHE_SIZE:
                del _RULES_CACHE[next(iter(_RULES_CACHE))]
            rules = _RULES_CACHE[key] = cls(variant, plugins)
        return rules

    def __repr__(self) -> str:
        extra = f" + {', '.join(self.house_rule_names)}" if self.house_rule_names else ""
        return f"<Rules {self.variant}{extra}>"

    # set-up

    def resolve_options(self, given: dict[str, object] | None) -> Options:
        return resolve_options(self.variant, self.declared_options, given)

    def seats(self, options: Options) -> range:
        return cast(range, self.plugin_manager.hook.maumau_seats(options=options))

    def deck(self, options: Options, players: int) -> tuple[Card, ...]:
        key = (options, players)
        deck = self._decks.get(key)
        if deck is None:
            deck = self._decks[key] = tuple(self.plugin_manager.hook.maumau_deck(options=options, players=players))
        return deck

    def suits(self, state: GameState) -> tuple[str, ...]:
        """
        The suits of the game's deck, in deck order: what a wish may name.
        """
        key = (state.options, len(state.players))
        suits = self._suits.get(key)
        if suits is None:
            deck = self.deck(*key)
            suits = self._suits[key] = tuple(dict.fromkeys(c.suit for c in deck if c.suit is not None))
        return suits

    def dealer(self, state: GameState) -> int:
        return cast(int, self.plugin_manager.hook.maumau_dealer(state=state))

    def deal(self, state: GameState, cards: tuple[Card, ...]) -> GameState:
        return cast(GameState, self.plugin_manager.hook.maumau_deal(state=state, cards=cards))

    def starter(self, state: GameState, card: Card) -> GameState | None:
        return cast("GameState | None", self.plugin_manager.hook.maumau_starter(state=state, card=card))

    # the turn

    def can_play(self, state: GameState, seat: int, card: Card) -> bool:
        return bool(self._can_play(state=state, seat=seat, card=card))

    def refusal(self, state: GameState, seat: int, card: Card) -> str | None:
        return cast("str | None", self.plugin_manager.hook.maumau_refusal(state=state, seat=seat, card=card))

    def may_decline(self, state: GameState, seat: int) -> bool:
        return bool(self._may_decline(state=state, seat=seat))

    def expected_call(self, state: GameState, seat: int, cards_left: int) -> str | None:
        return cast("str | None", self._expected_call(state=state, seat=seat, cards_left=cards_left)) or None

    def judge_call(self, state: GameState, seat: int, card: Card, call: str | None, expected: str | None) -> CallRuling:
        ruling = self._judge_call(state=state, seat=seat, card=card, call=call, expected=expected)
        return cast(CallRuling, ruling or CALL_OK)

    def card_effect(self, state: GameState, seat: int, card: Card) -> Effect:
        return cast(Effect, self._card_effect(state=state, seat=seat, card=card) or NO_EFFECT)

    def follow_up(self, state: GameState, seat: int, card: Card) -> GameState:
        return cast(GameState, self._follow_up(state=state, seat=seat, card=card) or state)

    def after_draw(self, state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState:
        return cast(GameState, self._after_draw(state=state, seat=seat, cards=cards, forced=forced))

    def draw_shortfall(self, state: GameState, seat: int, missing: int) -> RoundEnd | None:
        return cast(
            "RoundEnd | None", self.plugin_manager.hook.maumau_draw_shortfall(state=state, seat=seat, missing=missing)
        )

    def next_seat(self, state: GameState, seat: int) -> int:
        return cast(int, self._next_seat(state=state, seat=seat))

    def extra_actions(self, state: GameState, seat: int) -> list[Action]:
        return [action for actions in self._extra_actions(state=state, seat=seat) for action in actions]

    def apply_action(self, state: GameState, action: Action) -> GameState | None:
        return cast("GameState | None", self.plugin_manager.hook.maumau_apply_action(state=state, action=action))

    # calls and challenges

    def challenge(self, state: GameState, seat: int, window: ChallengeWindow) -> GameState | None:
        return cast(
            "GameState | None", self.plugin_manager.hook.maumau_challenge(state=state, seat=seat, window=window)
        )

    def window_closed(self, state: GameState, window: ChallengeWindow) -> GameState:
        return cast(GameState, self.plugin_manager.hook.maumau_window_closed(state=state, window=window) or state)

    # rounds and the match

    def round_over(self, state: GameState) -> RoundEnd | None:
        return cast("RoundEnd | None", self._round_over(state=state))

    def score_round(self, state: GameState, end: RoundEnd) -> tuple[int, ...]:
        return tuple(self.plugin_manager.hook.maumau_score_round(state=state, end=end))

    def match_over(self, state: GameState) -> MatchResult | None:
        return cast("MatchResult | None", self.plugin_manager.hook.maumau_match_over(state=state))

    # views and serialization

    def view_board(self, state: GameState, seat: int) -> Any:
        if state.board is None:
            return None
        return self.plugin_manager.hook.maumau_view_board(state=state, seat=seat)

    def board_type(self) -> type | None:
        return cast("type | None", self.plugin_manager.hook.maumau_board_type())

    def check_state(self, state: GameState) -> str | None:
        return cast("str | None", self.plugin_manager.hook.maumau_check_state(state=state))
