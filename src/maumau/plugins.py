"""
Finding variants and building the rules of one game.

Variants are found through the entry-point group ``maumau.variants``.  A
game's rules are one plugin manager: the kernel's defaults, the mechanics
the variant opts into, the variant, and any house-rule plugins for that
game.  `Rules` is the typed facade the engine calls: when it is built, each
hook's chain of implementations is resolved once into one plain Python
function (first result, wrappers, collected answers or a pipeline, as the
hook's kind says), so a turn costs plain calls, not pluggy's dispatch.  It
is built once per combination and shared by every state of every game that
uses it.
"""

from __future__ import annotations

import importlib.metadata
import threading
import types
import unicodedata
from collections.abc import Callable, Generator, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

import pluggy
from attrs import frozen

from . import _faults, hookspecs
from ._actions import Action
from ._cards import Card
from ._effects import CallRuling, DrawRule, Effect, RoundEnd
from ._options import Option, Options, resolve_options
from ._slots import Slot
from ._state import GameState, MatchResult
from .exceptions import MaumauError, PluginError, Reason, UnknownVariantError, shorten

__all__ = ["ENTRY_POINT_GROUP", "Rules", "VariantInfo", "plugin_name", "resolve_variant", "variants"]

#: The entry-point group that installed variants register under.
ENTRY_POINT_GROUP = "maumau.variants"


@frozen
class VariantInfo:
    """
    An installed variant: its name, one-line summary, player counts and options.

    A variant whose plugin cannot be loaded (its entry point fails to
    import, or its hooks fail) is listed all the same, with no seats and no
    options, and *problem* saying why; playing it raises `maumau.PluginError`.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *problem*, *default_players*, *sources* and *profile*.
    """

    name: str
    summary: str
    seats: range
    options: tuple[Option, ...]
    problem: str | None = None
    #: The player count a game gets when nobody chooses one (``None`` for a variant that is unavailable).
    default_players: int | None = None
    #: Where the rules come from, each as "title <url>" (a game profile's sources).
    sources: tuple[str, ...] = ()
    #: The game profile the variant is read from (a path), or ``None`` for a Python plugin.
    profile: str | None = None

    @property
    def available(self) -> bool:
        """
        Whether the variant can be played.
        """
        return self.problem is None


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


@cache
def _load_plugin_variant(name: str) -> object:
    try:
        return _entry_points()[name].load()
    except Exception as error:  # a broken third-party package must not look like maumau's own failure
        raise PluginError(
            f"the variant cannot be loaded ({type(error).__name__}: {str(error)[:120]})", plugin=name
        ) from error


def _load_variant(name: str) -> object:
    """
    The plugin of the variant *name*: a Python plugin's module, or the plugin that plays a game profile.
    """
    if name in _entry_points():
        return _load_plugin_variant(name)
    from . import profiles  # profiles compile into plugins of this module's kind: imported when first asked

    variant = profiles.variant_of(name)
    if variant is None:
        resolved = resolve_variant(name)
        return _load_plugin_variant(resolved) if resolved in _entry_points() else profiles.variant_of(resolved)
    return variant


def _folded(name: str) -> str:
    """
    *name* as variant names are compared when not spelled exactly: letters and digits only, in one case, with
    no accents (``"Prší"`` is ``"prsi"``).
    """
    plain = unicodedata.normalize("NFKD", name[:200].casefold())
    return "".join(character for character in plain if character.isalnum() and not unicodedata.combining(character))


def _aliases() -> dict[str, str]:
    """
    Every alias an installed variant declares (a plugin's ``ALIASES``, a profile's ``game.aliases``), folded.
    """
    from . import profiles

    found: dict[str, str] = {}
    for name in sorted(_entry_points()):
        try:
            plugin = _load_plugin_variant(name)
        except PluginError:
            continue
        for alias in getattr(plugin, "ALIASES", ()):
            found.setdefault(_folded(str(alias)), name)
    for name in profiles.installed_names():
        try:
            profile = profiles.profile_of(name)
        except MaumauError:
            continue
        for alias in profile.aliases if profile is not None else ():
            found.setdefault(_folded(alias), name)
    return found


def resolve_variant(name: str) -> str:
    """
    The installed variant's name that *name* means.

    Its exact name; else a name with the same letters and digits in any
    case and punctuation (``"Classic"``, ``"penalty52"``); else an alias
    the variant declares (a Python plugin's module attribute ``ALIASES``,
    a game profile's ``game.aliases``).

    Raises:
        UnknownVariantError: nothing installed is meant; it names the closest names ("did you mean").

    .. versionadded:: 0.2.0
    """
    known = variant_names()
    if name in known:
        return name
    from . import profiles

    if profiles.profile_of(name) is not None:  # a loaded profile's id or alias
        return name
    folded = _folded(name)
    by_letters = {_folded(known_name): known_name for known_name in known}
    found = by_letters.get(folded) or _aliases().get(folded)
    if found is not None:
        return found
    import difflib

    close = difflib.get_close_matches(folded, list(by_letters), n=2, cutoff=0.6)
    raise UnknownVariantError(name, known, tuple(by_letters[match] for match in close))


def plugin_variant_names() -> tuple[str, ...]:
    """
    The names of the variants installed as Python plugins, sorted.
    """
    return tuple(sorted(_entry_points()))


def variant_names() -> tuple[str, ...]:
    """
    The names of the installed variants, sorted: Python plugins and game profiles.
    """
    from . import profiles

    return tuple(sorted(set(_entry_points()) | set(profiles.installed_names())))


def load_variant(name: str) -> object:
    """
    The plugin module of the installed variant *name*.

    Raises:
        UnknownVariantError: no installed variant has that name.
    """
    return _load_variant(name)


def load_all_variants() -> None:
    """
    Import every installed variant that can be imported, so that its action and event classes are known.
    """
    for name in plugin_variant_names():  # a game profile's actions and events are its mechanics', maumau's own
        try:
            _load_variant(name)
        except MaumauError:  # a broken variant is listed as unavailable; its classes stay unknown
            continue


def variants() -> dict[str, VariantInfo]:
    """
    The installed variants, by name: Python plugins (the ``maumau.variants`` entry points) and game profiles
    (`maumau.profiles`: installed, and loaded in this process).

    .. versionadded:: 0.1.0
    """
    result = {}
    for name in variant_names():
        try:
            rules = Rules.build(name)
            module = _load_variant(name)
            summary = ((module.__doc__ or "").strip() or name).splitlines()[0]
            options = rules.resolve_options(None)
            seats, default_players = rules.seats(options), rules.default_players(options)
            profile = getattr(module, "profile", None)
            sources = profile.sources if profile is not None else ()
            where = profile.source if profile is not None else None
            info = VariantInfo(
                name,
                summary,
                seats,
                rules.declared_options,
                default_players=default_players,
                sources=sources,
                profile=where,
            )
        except MaumauError as error:
            info = VariantInfo(name, "unavailable", range(0), (), problem=str(error))
        result[name] = info
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
_RULES_CACHE: dict[tuple[Any, ...], Rules] = {}
_RULES_CACHE_SIZE = 64
#: The most decks, suit lists and call lists one `Rules` keeps, one per distinct set of options.
_PER_OPTIONS_SIZE = 32
#: Guards every insertion into these caches: games run in threads share them.
_CACHE_LOCK = threading.Lock()

_K = TypeVar("_K")
_V = TypeVar("_V")


def _remember(cache: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """
    Keep *value* under *key* in *cache*, the oldest entries making room; return the value kept.

    Called only when a lookup missed, so a hit costs one dictionary lookup
    and no lock.  If another thread kept a value first, that one is returned
    (and shared), so every caller gets the same object.
    """
    with _CACHE_LOCK:
        kept = cache.get(key)
        if kept is not None:
            return kept
        while len(cache) >= limit:
            del cache[next(iter(cache))]
        cache[key] = value
        return value


#: The name the kernel's defaults (the bodies in `maumau.hookspecs`) are registered under.
KERNEL_NAME = "maumau.kernel"


def _kernel_plugin() -> object:
    """
    A plugin holding the kernel's defaults, each a copy of its specification's body marked ``trylast``.
    """
    plugin = types.SimpleNamespace()
    mark = hookspecs.hookimpl(trylast=True)
    for name, spec in hookspecs.KERNEL_DEFAULTS.items():
        default = types.FunctionType(spec.__code__, spec.__globals__, name, spec.__defaults__, spec.__closure__)
        default.__doc__ = spec.__doc__
        setattr(plugin, name, mark(default))
    return plugin


_KERNEL = _kernel_plugin()


#: The packages whose plugins are checked with mypy's strict mode here, so that their annotations can be trusted.
_TRUSTED = ("maumau.", "maumau_variants.")


def _trusted(impl: pluggy.HookImpl) -> bool:
    """
    Whether *impl* is one of maumau's own implementations (not the kernel's defaults, nor a house rule's).
    """
    module = getattr(impl.function, "__module__", "") or ""
    return module.startswith(_TRUSTED) and not impl.plugin_name.startswith("house:")


def _always_answers(impl: pluggy.HookImpl) -> bool:
    """
    Whether *impl* is one of maumau's own implementations whose return annotation excludes ``None``.

    A first-result chain stops at the first answer that is not ``None``, so
    the implementations below one that always answers are never asked, and
    the chain may end with it (a variant's `maumau_playable` then is the hook
    itself, one call less at every decision).  Only maumau's own plugins are
    taken at their word: they are type-checked with mypy's strict mode; a
    third party's annotation might not hold.
    """
    function = impl.function
    module = getattr(function, "__module__", "") or ""
    if impl.plugin_name == KERNEL_NAME or not module.startswith(_TRUSTED):
        return False
    annotation = getattr(function, "__annotations__", {}).get("return")
    if not isinstance(annotation, str) or not annotation:
        return False
    return "None" not in annotation and "Optional" not in annotation and "Any" not in annotation


def _compile(caller: pluggy.HookCaller, kind: str, argnames: Sequence[str] | None = None) -> Callable[..., Any]:
    """
    The chain of *caller*'s implementations as one plain function taking the spec's arguments in order.

    *kind* is ``"first"``, ``"collected"`` or ``"pipeline"``.  The code is
    generated once, the way attrs writes ``__init__``: each implementation is
    called with the arguments it accepts, in pluggy's order.  *argnames*,
    some of the spec's arguments that every implementation makes do with,
    makes a function of those alone.
    """
    assert caller.spec is not None
    if argnames is None:
        argnames = caller.spec.argnames
    impls = caller.get_hookimpls()  # oldest plugin first; pluggy calls them newest first
    if any(impl.hookwrapper for impl in impls) or (kind != "first" and any(impl.wrapper for impl in impls)):
        if kind == "pipeline":
            raise PluginError("a pipeline hook cannot be wrapped", hook=caller.name)
        return _through_pluggy(caller, argnames, kind)
    plain = [impl for impl in reversed(impls) if not impl.wrapper]
    wrappers = [impl for impl in reversed(impls) if impl.wrapper]
    if kind == "first":
        answering = next((index for index, impl in enumerate(plain) if _always_answers(impl)), None)
        if answering is not None:  # the plugins below one that always answers are never asked
            plain = plain[: answering + 1]
    if kind == "first" and len(plain) == 1 and not wrappers and tuple(plain[0].argnames) == tuple(argnames):
        return plain[0].function  # nothing to chain: the one implementation is the hook
    namespace: dict[str, Any] = {"PluginError": PluginError}
    params = ", ".join(argnames)
    lines = [f"def {caller.name}({params}):"]

    def call(index: int, impl: pluggy.HookImpl) -> str:
        namespace[f"f{index}"] = impl.function
        return f"f{index}({', '.join(impl.argnames)})"

    if kind == "first":
        for index, impl in enumerate(plain):
            if index == len(plain) - 1:  # the last answer is the hook's, None or not
                lines.append(f"    return {call(index, impl)}")
            else:
                lines += [f"    r = {call(index, impl)}", "    if r is not None:", "        return r"]
        if not plain:
            lines.append("    return None")
    elif kind == "collected":
        lines.append("    results = []")
        for index, impl in enumerate(reversed(plain)):
            lines += [f"    r = {call(index, impl)}", "    if r is not None:", "        results.append(r)"]
        lines.append("    return results")
    else:
        if not argnames or argnames[0] != "state":
            raise PluginError("a pipeline hook's first argument must be 'state'", hook=caller.name)
        for index, impl in enumerate(reversed(plain)):
            lines += [f"    r = {call(index, impl)}", "    if r is not None:", "        state = r"]
        lines.append("    return state")
    exec(compile("\n".join(lines), f"<maumau hook {caller.name}>", "exec"), namespace)
    function: Callable[..., Any] = namespace[caller.name]
    for wrapper in reversed(wrappers):  # the innermost wrapper first
        function = _wrapped(caller.name, argnames, wrapper, function)
    return function


def _wrapped(
    name: str, argnames: Sequence[str], wrapper: pluggy.HookImpl, inner: Callable[..., Any]
) -> Callable[..., Any]:
    """
    *inner* inside a new-style pluggy wrapper: the wrapper's ``yield`` receives *inner*'s answer (or its error).
    """
    picks = [argnames.index(arg) for arg in wrapper.argnames]
    function: Callable[..., Any] = wrapper.function

    def call(*args: Any) -> Any:
        generator: Generator[None, Any, Any] = function(*[args[i] for i in picks])
        try:
            next(generator)
        except StopIteration:
            raise PluginError("a wrapper must yield once", plugin=wrapper.plugin_name, hook=name) from None
        try:
            result = inner(*args)
        except BaseException as error:  # the wrapper may handle it, as pluggy lets it
            try:
                generator.throw(error)
            except StopIteration as stop:
                return stop.value
            raise PluginError("a wrapper must return once", plugin=wrapper.plugin_name, hook=name) from error
        try:
            generator.send(result)
        except StopIteration as stop:
            return stop.value
        raise PluginError("a wrapper must yield only once", plugin=wrapper.plugin_name, hook=name)

    return call


def _through_pluggy(caller: pluggy.HookCaller, argnames: Sequence[str], kind: str) -> Callable[..., Any]:
    """
    *caller* itself, for hooks with old-style wrappers: slower, but exactly pluggy's semantics.
    """

    def call(*args: Any) -> Any:
        result = caller(**dict(zip(argnames, args, strict=True)))
        return list(reversed(result)) if kind == "collected" else result

    return call


class Rules:
    """
    The rules of one variant plus its mechanics and house rules, with every hook resolved to one plain function.

    Get one with `Rules.build`; states carry theirs, so `maumau.apply` needs
    nothing but the state.  Its methods take the hook's arguments in the
    specification's order.

    Plugins call the resolved hooks through it (``state.rules.next_seat(state,
    seat)``).  Besides the methods below, each of these attributes is the
    resolved hook of the same name with the ``maumau_`` prefix, called with
    the specification's arguments in order: ``dealer``, ``deal``,
    ``playable``, ``refusal``, ``may_decline``, ``expected_call``,
    ``judge_call``, ``call_missed``, ``card_effect``, ``combine_effects``,
    ``draw_shortfall``, ``next_seat``, ``apply_action``, ``round_over`` and
    ``match_over``; and ``follow_up``, ``before_action``, ``turn_ended``,
    ``round_ended``, ``play_follows`` and ``play_may_end``, which are
    ``None`` when no plugin implements them.  ``calls_by_card`` tells
    whether the call due may depend on the cards played.  ``house_rules`` holds
    the house-rule plugins, ``house_rule_names`` their names, ``slots`` the
    declared `maumau.Slot` objects by name, and ``hooks`` every resolved hook
    by its full name.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Hooks are resolved once when the rules are built; ``can_play`` became ``playable``.
    """

    def __init__(self, variant: str, house_rules: Sequence[object] = (), options: Options | None = None) -> None:
        self.variant = variant
        self.house_rules = tuple(house_rules)
        self.house_rule_names = tuple(plugin_name(p) for p in house_rules)
        #: The options the mechanics were chosen for, when they depend on them (``None``: they do not, or the
        #: defaults).
        self.options = options
        for plugin in self.house_rules:
            _check_house_rule(plugin)
        module = _load_variant(variant)
        #: The plugin the variant is played through (a module, or the plugin of a game profile).
        self.variant_plugin = module
        #: The SHA-256 of the game profile the variant was read from; ``None`` for a Python plugin.
        self.profile_digest: str | None = getattr(module, "profile_digest", None)
        try:
            self._build(variant, module)
        except MaumauError:
            raise
        except pluggy.PluginValidationError as error:  # a hook no spec knows, or arguments the spec does not have
            raise PluginError(str(error).split(" in plugin ")[0], plugin=plugin_name(error.plugin)) from error
        except Exception as error:
            problem = self.fault(error)
            if problem is None:
                raise
            raise problem from error

    def _build(self, variant: str, module: object) -> None:
        """
        Register the plugins and resolve every hook; apart from `__init__` so that a plugin's fault is named.
        """
        self.plugin_manager = pluggy.PluginManager("maumau")
        self.mechanics, self.mechanics_by_options, self.options, self._mechanics_manager = _mechanics_of(
            variant, module, self.house_rules, self.options
        )
        pm = self.plugin_manager
        pm.add_hookspecs(hookspecs)
        pm.register(_KERNEL, name=KERNEL_NAME)
        collected, pipelines = set(hookspecs.COLLECTED), set(hookspecs.PIPELINES)
        for mechanic in self.mechanics:
            extra_specs = getattr(mechanic, "hookspecs", None)
            if extra_specs is not None:  # a mechanic's own hooks, for the variant to implement
                pm.add_hookspecs(extra_specs)
                collected.update(getattr(extra_specs, "COLLECTED", ()))
                pipelines.update(getattr(extra_specs, "PIPELINES", ()))
            pm.register(mechanic, name=f"mechanic:{type(mechanic).__name__}")
        pm.register(module, name=f"variant:{variant}")
        for plugin, name in zip(self.house_rules, self.house_rule_names, strict=True):
            pm.register(plugin, name=f"house:{name}")
        pm.check_pending()
        hook = pm.hook

        def resolve(name: str, argnames: Sequence[str] | None = None) -> Callable[..., Any]:
            kind = "collected" if name in collected else "pipeline" if name in pipelines else "first"
            caller = getattr(hook, name)
            houses = tuple(impl.plugin_name for impl in caller.get_hookimpls() if impl.plugin_name.startswith("house:"))
            return _faults.checked(name, _compile(caller, kind, argnames), houses)

        self.hooks: dict[str, Callable[..., Any]] = {
            name: resolve(name) for name in dir(hook) if name.startswith("maumau_") and getattr(hook, name).spec
        }
        hooks = self.hooks
        self._seats = hooks["maumau_seats"]
        self._default_players = hooks["maumau_default_players"]
        self._deck = hooks["maumau_deck"]
        self._calls = hooks["maumau_calls"]
        self.dealer: Callable[[GameState], int] = hooks["maumau_dealer"]
        self.deal: Callable[[GameState, tuple[Card, ...]], GameState] = hooks["maumau_deal"]
        self._starter = hooks["maumau_starter"]
        self.playable: Callable[[GameState, int, tuple[Card, ...]], tuple[Card, ...]] = hooks["maumau_playable"]
        self.refusal: Callable[[GameState, Action], str | tuple[Reason, str] | None] = hooks["maumau_refusal"]
        self.may_decline: Callable[[GameState, int], bool] = hooks["maumau_may_decline"]
        #: Whether only the kernel answers `maumau_may_decline` (always ``True``), so that a turn need not ask.
        self.declines_freely = self._kernel_only("maumau_may_decline")
        #: Whether the seat to move may draw (`maumau_may_draw`); ``None`` when no plugin says, so a turn skips asking.
        self.may_draw: Callable[[GameState, int], bool | None] | None = self._implemented("maumau_may_draw")
        #: The call due, or ``None`` or ``""`` for none.
        self.expected_call: Callable[[GameState, int, int, tuple[Card, ...]], str | None] = hooks[
            "maumau_expected_call"
        ]
        #: Whether the call due may depend on the cards played: some implementation of `maumau_expected_call`
        #: takes them.  When none does, a decision asks for the call once rather than once per card, through
        #: ``call_by_count``, the same hook without the cards (``None`` when the call depends on them).
        self.calls_by_card = any("cards" in impl.argnames for impl in hook.maumau_expected_call.get_hookimpls())
        self.call_by_count: Callable[[GameState, int, int], str | None] | None = (
            None if self.calls_by_card else resolve("maumau_expected_call", ("state", "seat", "cards_left"))
        )
        self.judge_call: Callable[
            [GameState, int, Card, str | None, str | None, tuple[Card, ...]], CallRuling | None
        ] = hooks["maumau_judge_call"]
        self.call_missed: Callable[[GameState, int, CallRuling, GameState], GameState] = hooks["maumau_call_missed"]
        self.card_effect: Callable[[GameState, int, Card], Effect] = hooks["maumau_card_effect"]
        #: Whether only maumau's own plugins answer `maumau_card_effect`: questions that keep nothing of the state
        #: they are asked with, so that a play may finish the state it made where it lies.
        self.pure_effects = all(
            impl.plugin_name == KERNEL_NAME or _trusted(impl) for impl in hook.maumau_card_effect.get_hookimpls()
        )
        #: Which cards may follow a play so far (`maumau_play_follows`); ``None`` when plays are one card each
        #: (no plugin answers it: a wrapper alone, which narrows what others answer, does not count).
        self.play_follows: Callable[[GameState, int, tuple[Card, ...], tuple[Card, ...]], tuple[Card, ...]] | None = (
            self._implemented("maumau_play_follows")
            if any(not impl.wrapper for impl in hook.maumau_play_follows.get_hookimpls())
            else None
        )
        #: Whether a play may end on its last card (`maumau_play_may_end`); ``None`` when any play may.
        self.play_may_end: Callable[[GameState, int, tuple[Card, ...]], bool | None] | None = self._implemented(
            "maumau_play_may_end"
        )
        self.combine_effects: Callable[[GameState, int, tuple[Card, ...], tuple[Effect, ...]], Effect] = hooks[
            "maumau_combine_effects"
        ]
        self._draw_rule = hooks["maumau_draw_rule"]
        #: Whether the game draws by the kernel's rule, whatever its options (no plugin implements
        #: `maumau_draw_rule`): one card, which may be played, or the turn passed.  Turns take the short way then.
        self.draws_one = self._kernel_only("maumau_draw_rule")
        # Pipelines nobody implements are None, so that a turn does not call them at all.
        self.follow_up: Callable[[GameState, int, Card], GameState] | None = self._implemented("maumau_follow_up")
        self._after_draw = hooks["maumau_after_draw"]
        #: Whether any plugin follows a draw up (`maumau_after_draw`): when none does, a draw skips asking.
        self.has_after_draw = self._implemented("maumau_after_draw") is not None
        self.draw_shortfall: Callable[[GameState, int, int], RoundEnd | None] = hooks["maumau_draw_shortfall"]
        self.next_seat: Callable[[GameState, int], int] = hooks["maumau_next_seat"]
        #: Whether only the kernel answers `maumau_next_seat` (the next seat in the direction of play that has
        #: not resigned), so that the end of a turn may work it out without a call.
        self.plain_turn_order = self._kernel_only("maumau_next_seat")
        self._actions = hooks["maumau_actions"]
        self.apply_action: Callable[[GameState, Action], GameState | None] = hooks["maumau_apply_action"]
        self.before_action: Callable[[GameState, Action], GameState] | None = self._implemented("maumau_before_action")
        self.turn_ended: Callable[[GameState, int], GameState] | None = self._implemented("maumau_turn_ended")
        self.round_over: Callable[[GameState], RoundEnd | None] = hooks["maumau_round_over"]
        self.round_ended: Callable[[GameState, RoundEnd], GameState] | None = self._implemented("maumau_round_ended")
        self._score_round = hooks["maumau_score_round"]
        self.match_over: Callable[[GameState], MatchResult | None] = hooks["maumau_match_over"]
        self._check_state = hooks["maumau_check_state"]
        #: Whether any plugin lists actions of its own: when none does, `maumau.legal_actions` skips asking.
        self.has_actions = self._implemented("maumau_actions") is not None
        declared: dict[str, Option] = {}
        for options in hooks["maumau_options"]():
            for option in options:
                declared[option.name] = option
        self.declared_options = tuple(declared.values())
        self.slots: dict[str, Slot[Any]] = {}
        for slots in hooks["maumau_slots"]():
            for slot in slots:
                if slot.name in self.slots:
                    raise PluginError(f"two plugins declare the slot {slot.name!r}", hook="maumau_slots")
                self.slots[slot.name] = slot
        #: By options and player count: the deck, and whether its cards are all distinct (worked out once).
        self._decks: dict[tuple[Options, int], tuple[tuple[Card, ...], bool]] = {}
        self._suits: dict[tuple[Options, int], tuple[str, ...]] = {}
        self._call_words: dict[Options, tuple[str, ...]] = {}
        self._draw_rules: dict[Options, DrawRule] = {}
        self._last_draw_rule: tuple[Options | None, DrawRule] = (None, DrawRule())
        #: The deck asked for last, with its options, player count and whether its cards are all different: what a
        #: turn reads without a call when it is its game's.
        self.last_deck: tuple[Options | None, int, tuple[Card, ...], bool] = (None, 0, (), True)
        self._last_calls: tuple[Options | None, tuple[str, ...]] = (None, ())

    def _kernel_only(self, name: str) -> bool:
        """
        Whether no plugin but the kernel's defaults implements the hook *name*.
        """
        return all(impl.plugin_name == KERNEL_NAME for impl in getattr(self.plugin_manager.hook, name).get_hookimpls())

    def _implemented(self, name: str) -> Callable[..., Any] | None:
        """
        The resolved hook *name*, or ``None`` when no plugin implements it.
        """
        return self.hooks[name] if getattr(self.plugin_manager.hook, name).get_hookimpls() else None

    @classmethod
    def build(cls, variant: str, house_rules: Iterable[object] = (), options: Options | None = None) -> Rules:
        """
        The rules for *variant* with *house_rules* registered on top, cached.

        *options*, a game's resolved options, matter only to a variant (or a
        house rule) whose mechanics depend on them (its ``maumau_mechanics``
        takes *options*): its rules are then built for those options, and
        without them for its defaults.

        Raises:
            UnknownVariantError: no installed variant has that name.
        """
        plugins = tuple(house_rules)
        # The variant's plugin is part of the key: a game profile loaded again under its id is a new plugin.
        key = (variant, id(_load_variant(variant)), tuple(id(p) for p in plugins))
        rules = _RULES_CACHE.get(key)
        if rules is None:  # ids stay unique: a cached Rules keeps its plugins alive
            rules = _remember(_RULES_CACHE, key, cls(variant, plugins), _RULES_CACHE_SIZE)
        return rules if options is None else rules.for_options(options)

    def for_options(self, options: Options) -> Rules:
        """
        These rules as a game with *options* plays them: themselves, unless the mechanics depend on the options.

        Rules are shared by every set of options that calls for the same
        mechanics, so a game's target or hand size builds nothing new.
        """
        if not self.mechanics_by_options or options is self.options:
            return self
        try:  # options as saved may lack those declared since: the defaults fill them in
            options = self.resolve_options(dict(options))
            mechanics = _named_mechanics(self._mechanics_manager, options)
        except MaumauError:  # options that are wrong: whoever reads them says so, with these rules
            return self
        named = tuple(map(repr, mechanics))
        if named == tuple(map(repr, self.mechanics)):
            return self
        key = (self.variant, id(self.variant_plugin), tuple(id(p) for p in self.house_rules), named)
        rules = _RULES_CACHE.get(key)
        if rules is None:
            rules = _remember(_RULES_CACHE, key, Rules(self.variant, self.house_rules, options), _RULES_CACHE_SIZE)
        return rules

    def profile_mismatch(self, recorded: str | None) -> str | None:
        """
        Why a save or record made with the game profile of digest *recorded* does not go with these rules, or
        ``None`` when it does (the same profile, or a Python variant then and now).

        .. versionadded:: 0.2.0
        """
        current, variant = self.profile_digest, self.variant
        if recorded == current:
            return None
        if recorded is None:
            return f"the record was played with the Python variant {variant!r}, but {variant!r} is now a game profile"
        if current is None:
            return f"the record was played with a game profile {variant!r}, but {variant!r} is now a Python variant"
        return (
            f"the record was played with the game profile {variant!r} of content {recorded[:12]}, but that profile "
            f"has changed (now {current[:12]}): load the profile it was played with"
        )

    def fault(self, error: BaseException) -> PluginError | None:
        """
        The `maumau.PluginError` naming the plugin and hook whose implementation raised *error*, or ``None``.

        The public entry points (`maumau.apply`, `maumau.legal_actions`,
        `maumau.new_game`, `maumau.view`...) ask this when something other
        than a `maumau.MaumauError` escapes, so that catching costs nothing
        while every plugin behaves.
        """
        pm = getattr(self, "plugin_manager", None)
        return None if pm is None else _faults.fault(pm, error)

    def __repr__(self) -> str:
        extra = f" + {', '.join(self.house_rule_names)}" if self.house_rule_names else ""
        return f"<Rules {self.variant}{extra}>"

    # set-up

    def resolve_options(self, given: dict[str, object] | None) -> Options:
        """
        *given* options checked against the declared ones, with the defaults of the others filled in.

        Raises:
            InvalidOptionError: an unknown option, or a value not allowed.
        """
        return resolve_options(self.variant, self.declared_options, given)

    def seats(self, options: Options) -> range:
        """
        The player counts the variant allows with *options*.
        """
        seats = self._seats(options)
        if not isinstance(seats, range):
            raise PluginError(f"expected a range of player counts, got {seats!r}", hook="maumau_seats")
        return seats

    def default_players(self, options: Options) -> int:
        """
        The player count a game of the variant gets with *options* when nobody chooses one.
        """
        seats = self.seats(options)
        players = self._default_players(options, seats)
        if type(players) is not int or players not in seats:
            raise PluginError(
                f"expected one of the player counts {seats.start} to {seats.stop - 1}, got {players!r}",
                hook="maumau_default_players",
            )
        return players

    def deck(self, options: Options, players: int) -> tuple[Card, ...]:
        """
        The full deck for *options* and *players*, in the variant's order; remembered for a few sets of options.
        """
        last = self.last_deck
        if last[0] is options and last[1] == players:  # the same game asks again: no hashing of the options
            return last[2]
        key = (options, players)
        known = self._decks.get(key)
        if known is None:
            cards = self._deck(options, players)
            if cards is None:
                raise PluginError(f"variant {self.variant!r} has no deck", hook="maumau_deck")
            deck = tuple(cards)
            # Distinctness is kept with the deck: games of equal options interleaved (many tables, many
            # environments) each miss `last_deck` in turn, and must not hash the whole deck again each time.
            known = _remember(self._decks, key, (deck, len(set(deck)) == len(deck)), _PER_OPTIONS_SIZE)
        self.last_deck = (options, players, *known)
        return known[0]

    def suits(self, state: GameState) -> tuple[str, ...]:
        """
        The suits of the game's deck, in deck order: what a wish may name.
        """
        key = (state.options, len(state.players))
        suits = self._suits.get(key)
        if suits is None:
            deck = self.deck(*key)
            suits = tuple(dict.fromkeys(c.suit for c in deck if c.suit is not None))
            suits = _remember(self._suits, key, suits, _PER_OPTIONS_SIZE)
        return suits

    def distinct_cards(self, state: GameState) -> bool:
        """
        Whether no two cards of the game's deck are alike, so that a hand needs no de-duplicating.
        """
        last = self.last_deck
        if last[0] is not state.options or last[1] != len(state.players):
            self.deck(state.options, len(state.players))
            last = self.last_deck
        return last[3]

    def calls(self, options: Options) -> tuple[str, ...]:
        """
        The calls a player may say, in canonical spelling.
        """
        last = self._last_calls
        if last[0] is options:
            return last[1]
        calls = self._call_words.get(options)
        if calls is None:
            calls = _remember(self._call_words, options, tuple(self._calls(options)), _PER_OPTIONS_SIZE)
        self._last_calls = (options, calls)
        return calls

    def draw_rule(self, options: Options) -> DrawRule:
        """
        The game's `maumau.DrawRule` with *options* (`maumau_draw_rule <maumau.hookspecs.maumau_draw_rule>`).
        """
        last = self._last_draw_rule
        if last[0] is options:  # the same game asks again: no hashing of the options
            return last[1]
        rule = self._draw_rules.get(options)
        if rule is None:
            rule = self._draw_rule(options)
            if not isinstance(rule, DrawRule):
                raise PluginError(f"expected a maumau.DrawRule, got {shorten(rule)}", hook="maumau_draw_rule")
            rule = _remember(self._draw_rules, options, rule, _PER_OPTIONS_SIZE)
        self._last_draw_rule = (options, rule)
        return rule

    def starter(self, state: GameState, card: Card) -> GameState:
        """
        *state* after the starter *card*'s effect (`maumau_starter <maumau.hookspecs.maumau_starter>`).
        """
        started: GameState = self._starter(state, card) or state
        return started

    # the turn

    def after_draw(self, state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState:
        """
        *state* after *seat* drew *cards* (`maumau_after_draw <maumau.hookspecs.maumau_after_draw>`).
        """
        after: GameState = self._after_draw(state, seat, cards, forced) or state
        return after

    def actions(self, state: GameState, seat: int) -> list[Action]:
        """
        The plugins' own actions for *seat* (`maumau_actions <maumau.hookspecs.maumau_actions>`), in one list.
        """
        return [action for actions in self._actions(state, seat) for action in actions]

    # rounds and the match

    def score_round(self, state: GameState, end: RoundEnd) -> tuple[int, ...]:
        """
        The points of each seat for the round that *end* ends.
        """
        return tuple(self._score_round(state, end))

    def check_state(self, state: GameState) -> str | None:
        """
        The first plugin's reason why *state* could not be reached, or ``None``.
        """
        return next(iter(self._check_state(state)), None)

    def slot(self, name: str) -> Slot[Any] | None:
        """
        The slot declared under *name*, or ``None``.
        """
        return self.slots.get(name)


def _check_house_rule(plugin: object) -> None:
    """
    Refuse a house rule that implements no hook at all (``None``, a string, a class meant to be instantiated).
    """
    marker = f"{hookspecs.hookimpl.project_name}_impl"
    if not any(name.startswith("maumau_") and hasattr(getattr(plugin, name, None), marker) for name in dir(plugin)):
        raise PluginError(
            f"a house rule must implement at least one maumau hook, got {shorten(plugin)}", plugin=plugin_name(plugin)
        )


def _mechanics_of(
    variant: str, module: object, house_rules: Sequence[object], options: Options | None
) -> tuple[tuple[object, ...], bool, Options | None, pluggy.PluginManager]:
    """
    The mechanics the variant and its house rules opt into, one per kind, in the order they name them, whether
    they depend on the game's options, the options they were chosen for (``None`` when they do not depend), and
    the plugin manager that asks them (`_named_mechanics`).

    Asked of a plugin manager of their own, because the mechanics must be
    registered before the variant, so that the variant can change them.  An
    implementation that takes *options* gets the game's (or, without them,
    the defaults the variant and its house rules declare).
    """
    pm = pluggy.PluginManager("maumau")
    pm.add_hookspecs(hookspecs)
    pm.register(module, name="variant")
    for index, plugin in enumerate(house_rules):
        pm.register(plugin, name=f"house:{index}")
    by_options = any("options" in impl.argnames for impl in pm.hook.maumau_mechanics.get_hookimpls())
    if by_options and options is None:
        declared = {option.name: option for answer in pm.hook.maumau_options() for option in answer or ()}
        options = resolve_options(variant, tuple(declared.values()), None)
    return _named_mechanics(pm, options), by_options, options if by_options else None, pm


def _named_mechanics(pm: pluggy.PluginManager, options: Options | None) -> tuple[object, ...]:
    """
    The mechanics named through *pm* for *options*, one per kind, the variant's first.
    """
    found: dict[type, object] = {}
    for mechanics in reversed(pm.hook.maumau_mechanics(options=options)):
        for mechanic in mechanics:
            found.setdefault(type(mechanic), mechanic)
    return tuple(found.values())
