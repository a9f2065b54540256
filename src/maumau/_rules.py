"""
The rules of one game: the kernel's defaults, the mechanics, the variant and its house rules, each hook resolved.

`Rules` is the typed facade the engine calls: when it is built, each
hook's chain of implementations is resolved once into one plain Python
function (`maumau._hook_chains`), so a turn costs plain calls, not
pluggy's dispatch.  It is built once per combination and shared by every
state of every game that uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

import pluggy
from attrs import frozen

from . import _faults, defaults, hookspecs
from ._actions import Action
from ._caches import remember
from ._cards import Card
from ._effects import CallRuling, DrawRule, Effect, RoundEnd
from ._hook_chains import asked, chain, trusted
from ._house_rules import check_house_rule, plugin_name
from ._mechanics_choice import choose_mechanics, named_mechanics
from ._options import Option, Options, resolve_options
from ._registry import load_variant
from ._slots import Slot
from ._state import GameState, MatchResult
from ._tables import (
    CallsByCount,
    CardEffects,
    PerCard,
    Table,
    calls_by_count,
    card_effects_rule,
    counted_play,
    follow_up_ranks,
    keeps_unfit_draw,
    per_card_rule,
)
from .defaults import KERNEL_NAME
from .exceptions import MaumauError, PluginError, Reason, shorten

__all__ = [
    "PER_OPTIONS_SIZE",
    "RULES_CACHE",
    "RULES_CACHE_SIZE",
    "Deck",
    "LastAnswer",
    "LastDeck",
    "LastTable",
    "Rules",
]

#: Rules built lately, by variant and house-rule plugin identities.  Bounded,
#: because a server may pass new plugin objects for every game: a state keeps
#: its own `Rules`, so an evicted entry only costs the next game a rebuild.
RULES_CACHE: dict[tuple[Any, ...], Rules] = {}
RULES_CACHE_SIZE = 64
#: How many sets of options one game's rules remember the rules of (`Rules.for_options`).
_OPTIONS_KEPT = 64
#: The most decks, suit lists and call lists one `Rules` keeps, one per distinct set of options.
PER_OPTIONS_SIZE = 32


@frozen
class Deck:
    """
    A game's full deck, and whether its cards are all distinct (worked out once, with the deck).
    """

    cards: tuple[Card, ...]
    distinct: bool


@frozen
class LastDeck:
    """
    The deck asked for last, with the options and player count it was asked for: what a turn reads without a
    call when it is its game's (``options`` is compared by identity, with no hashing).
    """

    options: Options | None
    players: int
    cards: tuple[Card, ...]
    distinct: bool


@frozen
class LastTable:
    """
    The table asked for last, with the options (compared by identity) and player count it was asked for.
    """

    options: Options | None
    players: int
    table: Table | None


_T = TypeVar("_T")


@frozen
class LastAnswer(Generic[_T]):
    """
    The answer to a question of one set of options asked last (the calls, the draw rule), and those options.
    """

    options: Options | None
    value: _T


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
    whether the call due may depend on the cards played, ``calls_due`` whether
    a call may be due at all, ``call_table`` the call due by the cards left,
    kept by count where the hook answers by them alone (else ``None``), and
    ``follow_up_ranks`` the ranks of the only cards ``follow_up`` may change
    the play of (``None``: any card's), ``counted_play`` the function that
    gives the slots a play leaves where ``before_action`` only counts the
    plays of cards and only maumau's own code takes part (else ``None``),
    and ``keeps_unfit_draw`` whether the only step after a draw keeps a
    drawn card that does not fit and ends the turn.  ``house_rules`` holds
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
            check_house_rule(plugin)
        module = load_variant(variant)
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
        choice = choose_mechanics(variant, module, self.house_rules, self.options)
        self.mechanics, self.mechanics_by_options = choice.mechanics, choice.by_options
        self.options, self._mechanics_manager = choice.options, choice.manager
        self.plugin_manager = pm = pluggy.PluginManager("maumau")
        pm.add_hookspecs(hookspecs)
        pm.register(defaults, name=KERNEL_NAME)  # the kernel's defaults first, as pytest's default plugins
        self._collected, self._pipelines = set(hookspecs.COLLECTED), set(hookspecs.PIPELINES)
        for mechanic in self.mechanics:
            extra_specs = getattr(mechanic, "hookspecs", None)
            if extra_specs is not None:  # a mechanic's own hooks, for the variant to implement
                pm.add_hookspecs(extra_specs)
                self._collected.update(getattr(extra_specs, "COLLECTED", ()))
                self._pipelines.update(getattr(extra_specs, "PIPELINES", ()))
            pm.register(mechanic, name=f"mechanic:{type(mechanic).__name__}")
        pm.register(module, name=f"variant:{variant}")
        for plugin, name in zip(self.house_rules, self.house_rule_names, strict=True):
            pm.register(plugin, name=f"house:{name}")
        pm.check_pending()
        hook = pm.hook
        self.hooks: dict[str, Callable[..., Any]] = {
            name: self._resolve(name) for name in dir(hook) if name.startswith("maumau_") and getattr(hook, name).spec
        }
        #: Whether code from outside maumau answers a hook (a third party's variant, a house rule, a plugin given to
        #: `maumau.new_game`): such code may keep a state it is shown, so `maumau.apply` then sets an action's
        #: history in a state of its own rather than in the one its step made, which only maumau's code has seen.
        self.strangers_answer = any(
            not (impl.plugin_name == KERNEL_NAME or trusted(impl)) for name in self.hooks for impl in self._impls(name)
        )
        self._read_set_up()
        self._read_turn()
        self._read_round()
        self._read_declarations()
        self._start_caches()

    def _resolve(self, name: str, argnames: Sequence[str] | None = None) -> Callable[..., Any]:
        """
        The hook *name* as one plain function (of *argnames* alone, when given), naming a faulty house rule.
        """
        kind = "collected" if name in self._collected else "pipeline" if name in self._pipelines else "first"
        caller = getattr(self.plugin_manager.hook, name)
        houses = tuple(impl.plugin_name for impl in caller.get_hookimpls() if impl.plugin_name.startswith("house:"))
        return _faults.checked(name, chain(caller, kind, argnames), houses)

    def _impls(self, name: str) -> list[pluggy.HookImpl]:
        """
        The implementations of the hook *name*, oldest plugin first.
        """
        impls: list[pluggy.HookImpl] = getattr(self.plugin_manager.hook, name).get_hookimpls()
        return impls

    def _read_set_up(self) -> None:
        """
        The hooks of setting a game up, and of the calls and the draw rule, asked once per set of options.
        """
        hooks = self.hooks
        self._seats = hooks["maumau_seats"]
        self._default_players = hooks["maumau_default_players"]
        self._deck = hooks["maumau_deck"]
        self._calls = hooks["maumau_calls"]
        self.dealer: Callable[[GameState], int] = hooks["maumau_dealer"]
        self.deal: Callable[[GameState, tuple[Card, ...]], GameState] = hooks["maumau_deal"]
        self._starter = hooks["maumau_starter"]
        self._draw_rule = hooks["maumau_draw_rule"]
        #: Whether the game draws by the kernel's rule, whatever its options (no plugin implements
        #: `maumau_draw_rule`): one card, which may be played, or the turn passed.  Turns take the short way then.
        self.draws_one = self._kernel_only("maumau_draw_rule")

    def _read_turn(self) -> None:
        """
        The hooks of a turn, and the flags that let a turn skip asking a hook that only the kernel answers.
        """
        hooks = self.hooks
        self.playable: Callable[[GameState, int, tuple[Card, ...]], tuple[Card, ...]] = hooks["maumau_playable"]
        self.refusal: Callable[[GameState, Action], str | tuple[Reason, str] | None] = hooks["maumau_refusal"]
        self.may_decline: Callable[[GameState, int], bool] = hooks["maumau_may_decline"]
        #: Whether only the kernel answers `maumau_may_decline` (always ``True``), so that a turn need not ask.
        self.declines_freely = self._kernel_only("maumau_may_decline")
        #: Whether the seat to move may draw (`maumau_may_draw`); ``None`` when no plugin says, so a turn skips asking.
        self.may_draw: Callable[[GameState, int], bool | None] | None = self._implemented("maumau_may_draw")
        self._read_calls()
        self._read_plays()
        # Pipelines nobody implements are None, so that a turn does not call them at all.
        self.follow_up: Callable[[GameState, int, Card], GameState] | None = self._implemented("maumau_follow_up")
        #: The ranks of the only cards whose play `maumau_follow_up` may change (``None``: any card's), when the
        #: chain is one implementation of maumau's own that says so: a play of another card skips asking.
        self.follow_up_ranks = follow_up_ranks(self._impls("maumau_follow_up"))
        self._after_draw = hooks["maumau_after_draw"]
        #: Whether any plugin follows a draw up (`maumau_after_draw`): when none does, a draw skips asking.
        self.has_after_draw = self._implemented("maumau_after_draw") is not None
        #: Whether the only step after a draw keeps a drawn card that does not fit and ends the turn (a compiled
        #: game profile's ``draw.kept_ends_turn``): the kernel then ends the turn itself, in one new state.
        self.keeps_unfit_draw = keeps_unfit_draw(self._impls("maumau_after_draw"))
        self.draw_shortfall: Callable[[GameState, int, int], RoundEnd | None] = hooks["maumau_draw_shortfall"]
        self.next_seat: Callable[[GameState, int], int] = hooks["maumau_next_seat"]
        #: Whether only the kernel answers `maumau_next_seat` (the next seat in the direction of play that has
        #: not resigned), so that the end of a turn may work it out without a call.
        self.plain_turn_order = self._kernel_only("maumau_next_seat")
        self._actions = hooks["maumau_actions"]
        #: Whether any plugin lists actions of its own: when none does, `maumau.legal_actions` skips asking.
        self.has_actions = self._implemented("maumau_actions") is not None
        self.apply_action: Callable[[GameState, Action], GameState | None] = hooks["maumau_apply_action"]
        self.before_action: Callable[[GameState, Action], GameState] | None = self._implemented("maumau_before_action")
        #: Where the only step before an action counts the plays of cards (a compiled game profile's count): the
        #: function that gives the slots of a state with one more play counted, which a play sets with its card
        #: down; ``None`` otherwise, and wherever code from outside maumau takes part (a call's hooks, given the
        #: state a play starts from, would see the count before the play rather than after it).
        self.counted_play: Callable[[GameState], tuple[tuple[str, Any], ...]] | None = (
            None if self.strangers_answer else counted_play(self._impls("maumau_before_action"))
        )
        self.turn_ended: Callable[[GameState, int], GameState] | None = self._implemented("maumau_turn_ended")

    def _read_calls(self) -> None:
        """
        The hooks of the calls said with a card: which is due, how it is judged, what missing it costs.
        """
        hooks = self.hooks
        #: The call due, or ``None`` or ``""`` for none.
        self.expected_call: Callable[[GameState, int, int, tuple[Card, ...]], str | None] = hooks[
            "maumau_expected_call"
        ]
        #: Whether the call due may depend on the cards played: some implementation of `maumau_expected_call`
        #: takes them.  When none does, a decision asks for the call once rather than once per card, through
        #: ``call_by_count``, the same hook without the cards (``None`` when the call depends on them).
        self.calls_by_card = any("cards" in impl.argnames for impl in self._impls("maumau_expected_call"))
        #: Whether a call may ever be due: some plugin implements `maumau_expected_call`.  When none does (a game
        #: with no calls), a play is listed and carried out without asking which call is due, nor judging one.
        self.calls_due = bool(self._impls("maumau_expected_call"))
        self.call_by_count: Callable[[GameState, int, int], str | None] | None = (
            None if self.calls_by_card else self._resolve("maumau_expected_call", ("state", "seat", "cards_left"))
        )
        #: The call due by the cards left, kept as asked, when every implementation of `maumau_expected_call` is
        #: maumau's own and takes the cards left alone; ``None`` otherwise (``call_by_count`` is asked).
        self.call_table: CallsByCount | None = (
            CallsByCount(self._resolve("maumau_expected_call", ("cards_left",)))
            if calls_by_count(self._impls("maumau_expected_call"))
            else None
        )
        self.judge_call: Callable[
            [GameState, int, Card, str | None, str | None, tuple[Card, ...]], CallRuling | None
        ] = hooks["maumau_judge_call"]
        self.call_missed: Callable[[GameState, int, CallRuling, GameState], GameState] = hooks["maumau_call_missed"]

    def _read_plays(self) -> None:
        """
        The hooks of a play: each card's effect, and the plays of several cards.
        """
        hooks = self.hooks
        self.card_effect: Callable[[GameState, int, Card], Effect] = hooks["maumau_card_effect"]
        #: Which cards may follow a play so far (`maumau_play_follows`); ``None`` when plays are one card each
        #: (no plugin answers it: a wrapper alone, which narrows what others answer, does not count).
        self.play_follows: Callable[[GameState, int, tuple[Card, ...], tuple[Card, ...]], tuple[Card, ...]] | None = (
            self._implemented("maumau_play_follows")
            if any(not impl.wrapper for impl in self._impls("maumau_play_follows"))
            else None
        )
        #: Whether a play may end on its last card (`maumau_play_may_end`); ``None`` when any play may.
        self.play_may_end: Callable[[GameState, int, tuple[Card, ...]], bool | None] | None = self._implemented(
            "maumau_play_may_end"
        )
        self.combine_effects: Callable[[GameState, int, tuple[Card, ...], tuple[Effect, ...]], Effect] = hooks[
            "maumau_combine_effects"
        ]
        #: The rule per card `maumau_playable` comes down to, when the game's tables may answer it (`table`).
        self.playable_rule: PerCard | None = (
            per_card_rule(asked(self.plugin_manager.hook.maumau_playable))
            if self.play_follows is None and self.call_by_count is not None
            else None
        )
        #: The effects per card `maumau_card_effect` comes down to, when the game's tables may answer it.
        self.effects_rule: CardEffects | None = card_effects_rule(asked(self.plugin_manager.hook.maumau_card_effect))

    def _read_round(self) -> None:
        """
        The hooks of the end of a round and of the match, and of checking a loaded state.
        """
        hooks = self.hooks
        self.round_over: Callable[[GameState], RoundEnd | None] = hooks["maumau_round_over"]
        self.round_ended: Callable[[GameState, RoundEnd], GameState] | None = self._implemented("maumau_round_ended")
        self._score_round = hooks["maumau_score_round"]
        self.match_over: Callable[[GameState], MatchResult | None] = hooks["maumau_match_over"]
        self._check_state = hooks["maumau_check_state"]

    def _read_declarations(self) -> None:
        """
        The options and slots every plugin declares.

        Raises:
            PluginError: two plugins declare the same slot.
        """
        declared: dict[str, Option] = {}
        for options in self.hooks["maumau_options"]():
            for option in options:
                declared[option.name] = option
        self.declared_options = tuple(declared.values())
        self.slots: dict[str, Slot[Any]] = {}
        for slots in self.hooks["maumau_slots"]():
            for slot in slots:
                if slot.name in self.slots:
                    raise PluginError(f"two plugins declare the slot {slot.name!r}", hook="maumau_slots")
                self.slots[slot.name] = slot

    def _start_caches(self) -> None:
        """
        The answers kept per set of options (the deck, the suits, the calls, the draw rule), empty.
        """
        #: By options and player count: the deck, and whether its cards are all distinct (worked out once).
        self._decks: dict[tuple[Options, int], Deck] = {}
        self._suits: dict[tuple[Options, int], tuple[str, ...]] = {}
        self._call_words: dict[Options, tuple[str, ...]] = {}
        self._draw_rules: dict[Options, DrawRule] = {}
        #: The draw rule asked for last, with its options: what a turn reads without a call when it is its game's.
        self.last_draw_rule: LastAnswer[DrawRule] = LastAnswer(None, DrawRule())
        #: The deck asked for last, with its options and player count: what a turn reads without a call when it
        #: is its game's.
        self.last_deck = LastDeck(None, 0, (), True)
        self._tables: dict[tuple[Options, int], Table] = {}
        #: The table asked for last, with its options and player count: what a turn reads without a call.
        self.last_table = LastTable(None, 0, None)
        self._last_calls: LastAnswer[tuple[str, ...]] = LastAnswer(None, ())
        #: The options with every default, once resolved, and the rules that sets of options call for.
        self._defaults: Options | None = None
        self._by_options: dict[Options, Rules] = {}

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
        key = (variant, id(load_variant(variant)), tuple(id(p) for p in plugins))
        rules = RULES_CACHE.get(key)
        if rules is None:  # ids stay unique: a cached Rules keeps its plugins alive
            rules = remember(RULES_CACHE, key, cls(variant, plugins), RULES_CACHE_SIZE)
        return rules if options is None else rules.for_options(options)

    def for_options(self, options: Options) -> Rules:
        """
        These rules as a game with *options* plays them: themselves, unless the mechanics depend on the options.

        Rules are shared by every set of options that calls for the same
        mechanics, so a game's target or hand size builds nothing new.
        """
        if not self.mechanics_by_options or options is self.options:
            return self
        if not isinstance(options, Options):  # a plain mapping, as a caller may pass: resolved, not remembered
            return self._built_for(options)
        known = self._by_options.get(options)  # resolved options hash once, so a new game asks a dict
        if known is not None:
            return known
        return remember(self._by_options, options, self._built_for(options), _OPTIONS_KEPT)

    def _built_for(self, options: Options) -> Rules:
        """
        These rules with the mechanics that *options* call for: `for_options` without its memo.
        """
        try:  # options as saved may lack those declared since: the defaults fill them in
            options = self.resolve_options(dict(options))
            mechanics = named_mechanics(self._mechanics_manager, options)
        except MaumauError:  # options that are wrong: whoever reads them says so, with these rules
            return self
        named = tuple(map(repr, mechanics))
        if named == tuple(map(repr, self.mechanics)):
            return self
        key = (self.variant, id(self.variant_plugin), tuple(id(p) for p in self.house_rules), named)
        rules = RULES_CACHE.get(key)
        if rules is None:
            rules = remember(RULES_CACHE, key, Rules(self.variant, self.house_rules, options), RULES_CACHE_SIZE)
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
        if not given:  # the defaults, as most games take them: worked out once, and shared (they are immutable)
            if self._defaults is None:
                self._defaults = resolve_options(self.variant, self.declared_options, None)
            return self._defaults
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
        if last.options is options and last.players == players:  # the same game asks again: no hashing of options
            return last.cards
        key = (options, players)
        known = self._decks.get(key)
        if known is None:
            cards = self._deck(options, players)
            if cards is None:
                raise PluginError(f"variant {self.variant!r} has no deck", hook="maumau_deck")
            deck = tuple(cards)
            # Distinctness is kept with the deck: games of equal options interleaved (many tables, many
            # environments) each miss `last_deck` in turn, and must not hash the whole deck again each time.
            known = remember(self._decks, key, Deck(deck, len(set(deck)) == len(deck)), PER_OPTIONS_SIZE)
        self.last_deck = LastDeck(options, players, known.cards, known.distinct)
        return known.cards

    def table(self, state: GameState) -> Table | None:
        """
        The game of *state* compiled into tables (`maumau._tables`), or ``None`` when its hooks answer at every turn.

        One per set of options and player count, kept with the decks.
        """
        last = self.last_table
        if last.options is state.options and last.players == len(state.players):
            return last.table  # the same game asks again: no hashing of the options
        rule, effects = self.playable_rule, self.effects_rule
        key = (state.options, len(state.players))
        table = None if rule is None and effects is None else self._tables.get(key)
        if table is None and (rule is not None or effects is not None):
            made = Table(rule, self.deck(*key), effects)
            table = remember(self._tables, key, made, PER_OPTIONS_SIZE)
        self.last_table = LastTable(state.options, len(state.players), table)
        return table

    def fits(self, state: GameState, seat: int, card: Card) -> bool:
        """
        Whether *seat* may play *card* now, as `maumau_playable` says of it alone: read from the game's table
        where it holds (`table_fits`), else asked of the hook.
        """
        fits = self.table_fits(state, seat, card)
        return bool(self.playable(state, seat, (card,))) if fits is None else fits

    def table_fits(self, state: GameState, seat: int, card: Card) -> bool | None:
        """
        Whether *seat* may play *card* now, as the game's table says (`table`); ``None`` where no table answers.
        """
        last = self.last_table  # the game's table, read without a call when it is the one asked for last
        same = last.options is state.options and last.players == len(state.players)
        table = last.table if same else self.table(state)
        plays = None if table is None else table.plays(state, seat, (card,))
        return None if plays is None else bool(plays)

    def suits(self, state: GameState) -> tuple[str, ...]:
        """
        The suits of the game's deck, in deck order: what a wish may name.
        """
        key = (state.options, len(state.players))
        suits = self._suits.get(key)
        if suits is None:
            deck = self.deck(*key)
            suits = tuple(dict.fromkeys(c.suit for c in deck if c.suit is not None))
            suits = remember(self._suits, key, suits, PER_OPTIONS_SIZE)
        return suits

    def distinct_cards(self, state: GameState) -> bool:
        """
        Whether no two cards of the game's deck are alike, so that a hand needs no de-duplicating.
        """
        last = self.last_deck
        if last.options is not state.options or last.players != len(state.players):
            self.deck(state.options, len(state.players))
            last = self.last_deck
        return last.distinct

    def calls(self, options: Options) -> tuple[str, ...]:
        """
        The calls a player may say, in canonical spelling.
        """
        last = self._last_calls
        if last.options is options:
            return last.value
        calls = self._call_words.get(options)
        if calls is None:
            calls = remember(self._call_words, options, tuple(self._calls(options)), PER_OPTIONS_SIZE)
        self._last_calls = LastAnswer(options, calls)
        return calls

    def call_by_cards_left(self, state: GameState, seat: int, left: int) -> str | None:
        """
        The call due from *seat* when a play leaves it *left* cards, in a game whose call depends on that count
        alone (``call_by_count`` is set): read from ``call_table`` when maumau's own rules answer, else asked.

        The one reader of a call by count, so that listing a play and carrying it out agree.

        Raises:
            MaumauError: the call due in this game depends on the cards played (``call_by_count`` is ``None``).
        """
        table = self.call_table
        if table is not None:
            return table[left]
        if self.call_by_count is None:
            raise MaumauError(f"the call due in {self.variant!r} depends on the cards played: ask expected_call")
        return self.call_by_count(state, seat, left)

    def draw_rule(self, options: Options) -> DrawRule:
        """
        The game's `maumau.DrawRule` with *options* (`maumau_draw_rule <maumau.hookspecs.maumau_draw_rule>`).
        """
        last = self.last_draw_rule
        if last.options is options:  # the same game asks again: no hashing of the options
            return last.value
        rule = self._draw_rules.get(options)
        if rule is None:
            rule = self._draw_rule(options)
            if not isinstance(rule, DrawRule):
                raise PluginError(f"expected a maumau.DrawRule, got {shorten(rule)}", hook="maumau_draw_rule")
            rule = remember(self._draw_rules, options, rule, PER_OPTIONS_SIZE)
        self.last_draw_rule = LastAnswer(options, rule)
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
