"""
JSON for states, actions, events, views and records, through cattrs.

Cards travel as their short text (``"7h"``), actions and events as objects
tagged with ``"type"``, options as an object.  A state's rules are not
written: they are rebuilt from the variant's name and the house-rule
plugins given to `from_json`, and the names recorded in the JSON are
checked against them.  Its action log travels as ``"actions"``, so a saved
state still has its record.

The reader is written for hostile input (a game server's clients): its
size, depth and types are checked strictly (`maumau._limits`), no value is
coerced into another type, a saved state is by default rebuilt from its
record and compared, and every failure is a short `RecordError`.
"""

from __future__ import annotations

import contextvars
import json
import re
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from ._actions import Action, Resign, action_types
from ._cards import Card, parse_card
from ._engine import apply, legal_actions, name_problem
from ._events import Event, event_types
from ._games import start_of
from ._limits import (
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_INT,
    MAX_JSON_DEPTH,
    MAX_JSON_LENGTH,
    MAX_LATER_DECKS,
    MAX_TEXT_LENGTH,
)
from ._options import Options
from ._slots import TRANSIENT
from ._state import (
    ActionLog,
    GameRecord,
    GameState,
    MatchResult,
    Pending,
    PlayerState,
    RoundResult,
    evolve_player,
    evolve_state,
    state_fields,
)
from ._tags import OMITTED_WHEN_DEFAULT
from ._view import PlayerView
from .exceptions import IllegalActionError, InvalidActionError, MaumauError, RecordError, shorten
from .plugins import Rules, load_all_variants

__all__ = ["from_data", "from_json", "to_data", "to_json"]

T = TypeVar("T")

_PLUGINS: contextvars.ContextVar[tuple[object, ...]] = contextvars.ContextVar("maumau_plugins", default=())
#: The rules of the state being read, so that the slots of its finished rounds can be typed.
_RULES: contextvars.ContextVar[Rules | None] = contextvars.ContextVar("maumau_rules", default=None)
#: Whether the caller vouches for the saved states being read, so that they need not be replayed.
_TRUSTED: contextvars.ContextVar[bool] = contextvars.ContextVar("maumau_trusted", default=False)
#: The saves that carry a format version: the objects a program stores or sends whole.
_VERSIONED = (GameState, GameRecord, PlayerView)
#: The longest error message: enough to say what and where, never the input itself.
_MESSAGE_LENGTH = 300

attrs.resolve_types(GameState, localns={"Rules": Rules})
for _cls in (PlayerState, Pending, RoundResult, MatchResult, GameRecord, PlayerView):
    attrs.resolve_types(_cls, localns={"GameState": GameState})

converter = cattrs.Converter(forbid_extra_keys=True)


def _structure_card(value: object, _: type) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a card is written as text such as '7h', got {_kind(value)}")
    return parse_card(value)


converter.register_unstructure_hook(Card, lambda card: card.code)
converter.register_structure_hook(Card, _structure_card)


def _structure_int(value: object, _: type) -> int:
    # cattrs would call int() on anything: "1", 1.5 and true must not quietly become seat numbers.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {_kind(value)}")
    if not -MAX_INT < value < MAX_INT:
        raise ValueError("a whole number must lie strictly between -2**63 and 2**63")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {_kind(value)}")
    return value


def _structure_str(value: object, _: type) -> str:
    # cattrs would call str() on anything: {} or 7 must not quietly become a pig's or a call's name.
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {_kind(value)}")
    if len(value) > MAX_TEXT_LENGTH:
        raise ValueError(f"a string has at most {MAX_TEXT_LENGTH} characters here, got {len(value):,}")
    return value


def _kind(value: object) -> str:
    """
    What JSON kind *value* is, and a glimpse of it, for messages: ``a string '7x'``, ``an array``.
    """
    if isinstance(value, (list, tuple)):
        return f"an array of {len(value):,}"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"a string {shorten(value)}"
    return f"a number {shorten(value)}"


def _is_tuple(cls: Any) -> bool:
    return typing.get_origin(cls) is tuple


def _structure_tuple(cls: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    """
    A reader for ``tuple[X, ...]`` or ``tuple[X, Y]`` that takes JSON arrays only.

    cattrs would read any iterable, so that ``"Bob"`` became the players
    ``('B', 'o', 'b')`` and an object its keys.
    """
    args = typing.get_args(cls)
    items = None if len(args) == 2 and args[1] is Ellipsis else args

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"expected an array, got {_kind(value)}")
        if items is not None and len(value) != len(items):
            raise ValueError(f"expected an array of {len(items)}, got {_kind(value)}")
        kinds = items if items is not None else (args[0],) * len(value)
        result = []
        for index, (item, kind) in enumerate(zip(value, kinds, strict=True)):
            try:
                result.append(converter.structure(item, kind))
            except Exception as error:
                raise ValueError(f"item {index}: {_explain(error)}") from error
        return tuple(result)

    return structure


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook_factory(_is_tuple, _structure_tuple)
# Lists, as JSON has them, so that `to_data` gives what `json.loads` of `to_json` gives.
converter.register_unstructure_hook_factory(
    _is_tuple, lambda _: lambda value: [converter.unstructure(v) for v in value]
)

#: A key of a mapping option: a player count, in ASCII digits ('٣' is a digit to Python, not to JSON's readers).
_COUNT = re.compile(r"[0-9]{1,3}")


def _unstructure_options(options: Options) -> dict[str, Any]:
    return {
        name: ({str(k): v for k, v in value} if isinstance(value, tuple) else value) for name, value in options.items()
    }


def _structure_options(value: object, _: type) -> Options:
    if not isinstance(value, dict):
        raise ValueError(f"options must be an object, got {_kind(value)}")
    resolved: dict[str, Any] = {}
    for name, item in value.items():
        name = _structure_str(name, str)
        if isinstance(item, dict):
            pairs = []
            for key, number in item.items():
                if not (isinstance(key, str) and _COUNT.fullmatch(key)):
                    raise ValueError(f"option {shorten(name)}: a key is a player count, got {_kind(key)}")
                try:
                    pairs.append((int(key), _structure_int(number, int)))
                except ValueError as error:
                    raise ValueError(f"option {shorten(name)}, key {key}: {error}") from None
            resolved[name] = tuple(sorted(pairs))
        elif isinstance(item, bool):
            resolved[name] = item
        elif isinstance(item, int):
            resolved[name] = _structure_int(item, int)
        elif isinstance(item, str):
            resolved[name] = _structure_str(item, str)
        else:
            raise ValueError(f"option {shorten(name)} has a value JSON cannot hold here: {_kind(item)}")
    return Options(resolved)


converter.register_unstructure_hook(Options, _unstructure_options)


def _has_transient_fields(cls: Any) -> bool:
    return isinstance(cls, type) and attrs.has(cls) and any(f.metadata.get(TRANSIENT) for f in attrs.fields(cls))


def _unstructure_without_transient(cls: type) -> Callable[[Any], dict[str, Any]]:
    """
    A slot value's fields for JSON, less those kept in memory only (`maumau.Slot` explains them).
    """
    fields_fn: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, converter)
    dropped = {f.name for f in attrs.fields(cls) if f.metadata.get(TRANSIENT)}
    return lambda value: {k: v for k, v in fields_fn(value).items() if k not in dropped}


converter.register_unstructure_hook_factory(_has_transient_fields, _unstructure_without_transient)
converter.register_structure_hook(Options, _structure_options)


@lru_cache(maxsize=64)
def _modules_of(rules: Rules) -> frozenset[str]:
    """
    The modules of a game's plugins (variant, mechanics, house rules), which define its own actions and events.
    """
    return frozenset(
        plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
        for _, plugin in rules.plugin_manager.list_name_plugin()
    )


def _of_game(types: dict[str, type], rules: Rules, base: type) -> dict[str, type]:
    """
    The classes of *types* that a game of *rules* can hold: the kernel's, and those of its plugins' modules.
    """
    modules = _modules_of(rules)
    return {kind: cls for kind, cls in types.items() if cls.__module__ in modules or cls.__module__ == base.__module__}


def _tagged(base: type, registry: Callable[[], dict[str, type]]) -> None:
    unstructure_fns: dict[type, Callable[[Any], dict[str, Any]]] = {}
    structure_fns: dict[type, Callable[[Any, type], Any]] = {}

    def unstructure(obj: Any) -> dict[str, Any]:
        cls = type(obj)
        fn = unstructure_fns.get(cls)
        if fn is None:
            omitted = {
                field.name: override(omit_if_default=True)
                for field in attrs.fields(cls)
                if field.metadata.get(OMITTED_WHEN_DEFAULT)
            }
            fn = unstructure_fns[cls] = make_dict_unstructure_fn(cls, converter, **omitted)  # type: ignore[arg-type]
        return {"type": cls.kind, **fn(obj)}

    def structure(value: object, wanted: type) -> Any:
        if not isinstance(value, dict) or "type" not in value:
            raise ValueError(f"expected an object with a 'type', got {_kind(value)}")
        types = registry()
        kind = value["type"]
        if not isinstance(kind, str):
            raise ValueError(f"a {base.__name__.lower()}'s type is a string, got {_kind(kind)}")
        rules = _RULES.get()
        if rules is not None:  # in a game: only the kinds of its own variant, mechanics and house rules
            types = _of_game(types, rules, base)
        elif kind not in types:
            load_all_variants()
            types = registry()
        if kind not in types:
            game = f" in {rules.variant!r}" if rules is not None else ""
            raise ValueError(
                f"unknown {base.__name__.lower()} type {shorten(kind)}{game}; known: {', '.join(sorted(types))}"
            )
        cls = types[kind]
        if not issubclass(cls, wanted):
            raise ValueError(f"expected {getattr(wanted, 'kind', wanted.__name__)!r}, got {kind!r}")
        fn = structure_fns.get(cls)
        if fn is None:
            fn = structure_fns[cls] = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        payload = {k: v for k, v in value.items() if k != "type"}
        try:
            return fn(payload, cls)
        except cattrs.ClassValidationError as error:
            # An action's fields read, but it refused to be made (a call too long): its own words say why.
            if len(error.exceptions) == 1 and isinstance(error.exceptions[0], InvalidActionError):
                raise error.exceptions[0] from None
            raise

    converter.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, base), unstructure)
    converter.register_structure_hook_func(lambda t: isinstance(t, type) and issubclass(t, base), structure)


_tagged(Action, action_types)
_tagged(Event, event_types)


def _unstructure_slots(slots: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {name: converter.unstructure(value, type(value)) for name, value in slots}


def _structure_slots(value: object, rules: Rules | None) -> tuple[tuple[str, Any], ...]:
    """
    Slots from JSON, each value read as the type its slot declares.
    """
    if not isinstance(value, dict):
        raise ValueError(f"slots must be an object, got {type(value).__name__}")
    slots = []
    for name in sorted(value):
        slot = rules.slot(name) if rules is not None else None
        if slot is None:
            raise ValueError(f"no plugin of this game keeps a slot {name!r}")
        raw = value[name]
        if isinstance(slot.type, type) and attrs.has(slot.type) and not isinstance(raw, dict):
            raise ValueError(f"slot {name!r}: expected an object, got {type(raw).__name__}")
        try:
            slots.append((name, converter.structure(raw, slot.type)))
        except Exception as error:
            raise ValueError(f"slot {name!r}: {_explain(error)}") from error
    return tuple(slots)


def _unstructure_with_slots(
    cls: type,
    skip: tuple[str, ...],
    described: Sequence[attrs.Attribute] | None = None,  # type: ignore[type-arg]
) -> Callable[[Any], dict[str, Any]]:
    names = [f.name for f in (described or attrs.fields(cls)) if f.name not in skip and f.init]

    def unstructure(obj: Any) -> dict[str, Any]:
        result = {name: converter.unstructure(getattr(obj, name)) for name in names if name != "slots"}
        result["slots"] = _unstructure_slots(obj.slots)
        return result

    return unstructure


_unstructure_state_fields = _unstructure_with_slots(GameState, ("rules", "log"), state_fields())


def _unstructure_state(state: GameState) -> dict[str, Any]:
    result = _unstructure_state_fields(state)
    result["actions"] = [converter.unstructure(a, Action) for a in state.actions]
    digest = state.rules.profile_digest
    if digest is not None:  # a game profile's content, which the state must be loaded with
        result["profile"] = digest
    return result


def _structure_fields(
    cls: type,
    value: dict[str, Any],
    skip: tuple[str, ...],
    described: Sequence[attrs.Attribute] | None = None,  # type: ignore[type-arg]
) -> dict[str, Any]:
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"{cls.__name__} needs a 'variant' name, got {variant!r}")
    described = described or attrs.fields(cls)
    known = {f.name for f in described if f.init} - set(skip)
    extra = sorted(set(value) - known)
    if extra:
        raise ValueError(f"unknown field {extra[0]!r} in {cls.__name__}")
    kwargs: dict[str, Any] = {}
    for field in described:
        if field.name in skip or not field.init:
            continue
        if field.name not in value:
            if field.default is attrs.NOTHING:
                raise ValueError(f"{cls.__name__} is missing the field {field.name!r}")
            continue
        raw = value[field.name]
        # Every field is read under the same guard, because cattrs lets a plain
        # Python error (a list where a mapping belongs) through from generated code.
        target: Any = field.type
        try:
            if field.name == "slots":
                kwargs["slots"] = _structure_slots(raw, _RULES.get())
            elif isinstance(target, type) and attrs.has(target) and not isinstance(raw, dict):
                raise ValueError(f"expected an object, got {type(raw).__name__}")
            else:
                kwargs[field.name] = converter.structure(raw, target)
        except Exception as error:
            raise ValueError(f"field {field.name!r}: {_explain(error)}") from error
    return kwargs


def _field(name: str, raw: object, kind: Any) -> Any:
    try:
        return converter.structure(raw, kind)
    except ValueError as error:
        raise ValueError(f"field {name!r}: {error}") from error


def _structure_state(value: object, _: type) -> GameState:
    if not isinstance(value, dict):
        raise ValueError(f"a game state is an object, got {_kind(value)}")
    value = dict(value)
    actions_raw = value.pop("actions", [])
    events_raw = value.pop("events", [])
    for name, raw in (("actions", actions_raw), ("events", events_raw)):
        if not isinstance(raw, list):
            raise ValueError(f"field {name!r}: expected an array, got {_kind(raw)}")
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"GameState needs a 'variant' name, got {variant!r}")
    recorded = value.pop("profile", None)
    if recorded is not None and not (isinstance(recorded, str) and len(recorded) == 64):
        raise ValueError(f"field 'profile': expected a SHA-256 digest in hexadecimal, got {_kind(recorded)}")
    rules = Rules.build(variant, _PLUGINS.get(), _options_of(value))
    changed = rules.profile_mismatch(recorded)
    if changed is not None:
        raise ValueError(changed)
    saved_rules = value.get("house_rules", [])
    if isinstance(saved_rules, (list, tuple)) and all(isinstance(name, str) for name in saved_rules):
        _check_house_rules(tuple(saved_rules), rules)  # first, as the options a house rule adds depend on it
    _check_sizes(value, rules, len(actions_raw))
    rebuilt = None
    token = _RULES.set(rules)
    try:
        kwargs = _structure_fields(GameState, value, ("rules", "log", "events"), state_fields())
        _check_house_rules(tuple(kwargs.get("house_rules", ())), rules)
        if _TRUSTED.get():
            actions = _field("actions", actions_raw, tuple[Action, ...])
        else:
            actions, rebuilt = _replayed(kwargs, rules, actions_raw)
            if len(events_raw) != len(rebuilt.events):  # refused on its length, before any event is read
                raise ValueError("its 'events' is not what its record plays to; edited or damaged")
        kwargs["events"] = _field("events", events_raw, tuple[Event, ...])
    finally:
        _RULES.reset(token)
    log: ActionLog = None
    for action in actions:
        log = (log, action)
    state = GameState(rules=rules, log=log, **kwargs)
    _check_state(state)
    state = _deck_cards(state)  # once checked: every card is the deck's, every seat a seat
    if rebuilt is not None:
        _check_history(state, rebuilt)
    return state


def _deck_cards(state: GameState) -> GameState:
    """
    *state* holding the deck's own card objects, each card in one place, and its drawn card the very last card
    of its drawer's hand, as in play.

    Cards read from text are shared objects, one per card, but which copy of
    a card a play takes from a hand that holds two alike (two packs) is the
    very card listed: the first copy held, but the card just drawn, which is
    the last.  A state read back with shared cards would take the first copy
    where the game took the last, and a game played on from it would part
    from its own record.  The deck's own objects are also those the game's
    table knows.
    """
    spare: dict[Card, list[Card]] = {}
    for card in reversed(state.rules.deck(state.options, len(state.players))):
        spare.setdefault(card, []).append(card)

    def own(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(spare[card].pop() if spare.get(card) else card for card in cards)

    players = tuple(evolve_player(player, hand=own(player.hand)) for player in state.players)
    drawn = state.drawn
    seat = state.to_move
    if drawn is not None and seat is not None and players[seat].hand[-1:] == (drawn,):
        drawn = players[seat].hand[-1]
    return evolve_state(
        state, players=players, draw_pile=own(state.draw_pile), discard_pile=own(state.discard_pile), drawn=drawn
    )


def _check_house_rules(names: tuple[str, ...], rules: Rules) -> None:
    if names != rules.house_rule_names:
        raise ValueError(
            f"the state was saved with house rules {list(names)}, but {list(rules.house_rule_names)} were given"
        )


def _check_sizes(value: dict[str, Any], rules: Rules, actions: int) -> None:
    """
    Refuse a save whose lists are longer than its game allows, on their lengths alone, before any is read.

    Reading costs time for every item, so a hostile save (a million cards
    in the draw pile, a million finished rounds) must fail here: no pile,
    hand, play or stacked deck holds more cards than the game's deck, the
    position holds no more cards than the deck altogether, a list by seat
    has no more entries than there are seats, and every finished round
    ended on an action.  Exact checks (which cards, which seats) follow
    once the save is read.
    """
    options = _options_of(value)
    players = value.get("players")
    if options is None or not isinstance(players, (list, tuple)):
        return  # reading the options or the players refuses the save, before any card is read
    variant = value["variant"]
    seats = len(players)
    _check_setup(rules, variant, options, seats)
    size = len(rules.deck(options, seats))
    hands = [player.get("hand") for player in players if isinstance(player, dict)]
    held = _length(value.get("draw_pile")) + _length(value.get("discard_pile")) + sum(map(_length, hands))
    if held > size:
        raise ValueError(f"the cards are not the {variant!r} deck: it has {size:,} cards, the save holds {held:,}")
    decks = [("'playing'", value.get("playing")), ("'stacked_deck'", value.get("stacked_deck"))]
    decks += [(f"'later_decks': item {index}", deck) for index, deck in enumerate(_items(value.get("later_decks")))]
    for where, deck in decks:
        if _length(deck) > size:
            raise ValueError(
                f"field {where}: at most {size:,} cards, as the {variant!r} deck has; got {_length(deck):,}"
            )
    rounds = _items(value.get("rounds"))
    if len(rounds) > actions:
        raise ValueError(f"field 'rounds': {len(rounds):,} finished rounds, but only {actions:,} actions to end them")
    result = value.get("result")
    by_seat = [("'waits'", value.get("waits"))]
    if isinstance(result, dict):
        by_seat += [(f"'result': field {key!r}", result.get(key)) for key in ("winners", "totals")]
    for index, each in enumerate(rounds):
        if isinstance(each, dict):
            by_seat += [
                (f"'rounds': item {index}: field {key!r}", each.get(key)) for key in ("winners", "points", "hands")
            ]
            if sum(map(_length, _items(each.get("hands")))) > size:
                raise ValueError(
                    f"field 'rounds': item {index}: field 'hands': more cards than the {variant!r} deck's {size:,}"
                )
    for where, entries in by_seat:
        if _length(entries) > seats:
            raise ValueError(f"field {where}: at most one entry per seat, {seats}; got {_length(entries):,}")


def _length(value: object) -> int:
    """
    How many items the array *value* holds; nothing else holds any (reading it refuses it).
    """
    return len(value) if isinstance(value, (list, tuple)) else 0


def _items(value: object) -> list[Any] | tuple[Any, ...]:
    return value if isinstance(value, (list, tuple)) else ()


#: Where `_replayed` puts the events of each step (the deal, then each action), for a table's log to be checked.
_STEPS: contextvars.ContextVar[list[tuple[Event, ...]] | None] = contextvars.ContextVar("maumau_steps", default=None)


def _replayed(kwargs: dict[str, Any], rules: Rules, actions_raw: list[Any]) -> tuple[tuple[Action, ...], GameState]:
    """
    The actions of a saved state, each read and replayed in turn with every action checked, and the state they
    play to: a record that stops replaying is refused at its first action that does not, the rest unread.
    """
    record = GameRecord(
        variant=kwargs["variant"],
        players=tuple(player.name for player in kwargs["players"]),
        seed=kwargs["seed"],
        options=kwargs["options"],
        deck=kwargs.get("stacked_deck"),
        first_dealer=kwargs.get("first_dealer"),
        later_decks=kwargs.get("later_decks", ()),
        house_rules=kwargs.get("house_rules", ()),
        profile=rules.profile_digest,
    )
    steps = _STEPS.get()
    try:
        state = start_of(record, plugins=rules.house_rules)
    except RecordError as error:
        raise ValueError(f"its record does not replay: {error}") from error
    if steps is not None:
        steps.append(state.events)
    actions = []
    for number, raw in enumerate(actions_raw):
        try:
            action = converter.structure(raw, Action)
        except Exception as error:
            raise ValueError(f"field 'actions': item {number}: {_explain(error)}") from error
        try:
            state = apply(state, action)
        except (IllegalActionError, InvalidActionError) as error:
            raise ValueError(
                f"its record does not replay: action {number} ({action}) does not replay: {error}"
            ) from error
        if steps is not None:
            steps.append(state.events)
        actions.append(action)
    return tuple(actions), state


def _check_history(state: GameState, rebuilt: GameState) -> None:
    """
    Refuse a state that is not *rebuilt*, the one its record plays to: a
    card moved by hand, a logged action that contradicts the position, an
    edited score.

    The record (set-up and actions) was replayed with every action checked
    (`_replayed`), and the result is compared field by field, history
    included.  This is what makes a save from an untrusted place safe to
    play on; `from_json`'s *trusted* skips it for storage the program
    controls.
    """
    for field in state_fields():
        if field.name in ("rules", "log"):
            continue
        if getattr(rebuilt, field.name) != getattr(state, field.name):
            raise ValueError(f"its {field.name!r} is not what its record plays to; edited or damaged")


def _check_setup(rules: Rules, variant: str, options: Options, seats: int) -> None:
    """
    Refuse a save whose options or player count no game of *variant* has.
    """
    missing = sorted(set(rules.resolve_options(dict(options))) - set(options))
    if missing:
        raise ValueError(f"the options lack {', '.join(map(repr, missing))}, which {variant!r} needs")
    if seats not in rules.seats(options):
        raise ValueError(f"{variant!r} is not played by {seats} {'player' if seats == 1 else 'players'}")


def _check_state(state: GameState) -> None:
    """
    Refuse a state that no game could reach, so that it fails here, named,
    rather than somewhere in a later turn: options the variant does not
    know, seats that do not exist, cards that are not the variant's deck.
    """
    rules = state.rules
    count = len(state.players)
    _check_setup(rules, state.variant, state.options, count)
    pending = state.pending
    seats = [
        ("to_move", state.to_move),
        ("dealer", state.dealer),
        ("pending seat", None if pending is None else pending.seat),
    ]
    for name, seat in seats:
        if seat is not None and not 0 <= seat < count:
            raise ValueError(f"{name} {seat} is no seat; seats are 0 to {count - 1}")
    if state.direction not in (1, -1):
        raise ValueError(f"direction must be 1 or -1, not {state.direction}")
    amounts = (pending.amount, pending.skip) if pending else (0, 0)
    if min(state.debt, state.skips, state.passes, state.round, state.shuffles, *amounts) < 0:
        raise ValueError("debt, skips, passes, round, shuffles, a pending skip and a pending amount cannot be negative")
    if not state.discard_pile:
        raise ValueError("the discard pile is empty: a game always has a top card")
    if state.wish is not None and state.wish not in rules.suits(state):
        raise ValueError(f"wished suit {state.wish!r} is not a suit of this deck")
    if pending is not None and pending.kind == "suit" and not set(pending.choices) <= set(rules.suits(state)):
        raise ValueError(f"the suits to name, {list(pending.choices)}, are not suits of this deck")
    if state.drawn is not None and state.to_move is not None and state.drawn not in state.players[state.to_move].hand:
        raise ValueError(f"the drawn card {state.drawn} is not in the hand of the seat to move")
    held = Counter(state.draw_pile) + Counter(state.discard_pile)
    for player in state.players:
        held.update(player.hand)
    deck = Counter(rules.deck(state.options, count))
    if held != deck:
        extra, lacking = held - deck, deck - held
        detail = [
            f"{label}: {', '.join(map(str, cards.elements()))}"
            for label, cards in (("not in the deck or twice", extra), ("missing", lacking))
            if cards
        ]
        raise ValueError(f"the cards are not the {state.variant!r} deck ({'; '.join(detail)})")
    problem = rules.check_state(state)
    if problem is not None:
        raise ValueError(problem)
    if pending is not None and pending.seat != state.to_move:
        raise ValueError(f"the pending decision is seat {pending.seat}'s, but seat {state.to_move} is to move")
    _check_playable(state)


def _check_playable(state: GameState) -> None:
    """
    Refuse a state in which the rules cannot go on: one they fail on, or one
    in which nobody may do anything but resign though the match is not over
    (a decision the variant does not know, say).
    """
    try:
        actions = [action for seat in range(len(state.players)) for action in legal_actions(state, seat)]
    except Exception as error:
        raise ValueError(f"the rules cannot go on from this state ({type(error).__name__}: {error})") from error
    if not state.is_over and all(isinstance(action, Resign) for action in actions):
        raise ValueError("nobody could do anything but resign, though the match is not over")


converter.register_unstructure_hook(GameState, _unstructure_state)
converter.register_structure_hook(GameState, _structure_state)


def _options_of(value: dict[str, Any]) -> Options | None:
    """
    The options a saved object names, read early: a game's mechanics may depend on them, and with them the
    kinds of action and event its JSON may hold.  ``None`` when they cannot be read (reading them in turn says why).
    """
    raw = value.get("options")
    if raw is None:
        return None
    try:
        return _structure_options(raw, Options)
    except ValueError:
        return None


def _structure_view(value: object, _: type) -> PlayerView:
    if not isinstance(value, dict):
        raise ValueError(f"a view is an object, got {_kind(value)}")
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"PlayerView needs a 'variant' name, got {variant!r}")
    token = _RULES.set(Rules.build(variant, _PLUGINS.get(), _options_of(value)))
    try:
        fields = _structure_fields(PlayerView, dict(value), ())
    finally:
        _RULES.reset(token)
    _check_names(fields["names"], "names")
    return PlayerView(**fields)


_unstructure_round_fields = make_dict_unstructure_fn(RoundResult, converter)


def _unstructure_round(result: RoundResult) -> dict[str, Any]:
    return {**_unstructure_round_fields(result), "slots": _unstructure_slots(result.slots)}


def _structure_round(value: object, _: type) -> RoundResult:
    if not isinstance(value, dict):
        raise ValueError(f"a round result is an object, got {_kind(value)}")
    value = dict(value)
    slots = _structure_slots(value.pop("slots", {}), _RULES.get())
    return attrs.evolve(_round_fields(value, RoundResult), slots=slots)


_round_fields = make_dict_structure_fn(RoundResult, converter, _cattrs_forbid_extra_keys=True)


def _check_names(names: Iterable[str], field: str) -> None:
    """
    Refuse a player's name that `maumau.new_game` would refuse (a lone surrogate would break the next save).
    """
    for index, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(f"field {field!r}: item {index}: {problem}")


_player_fields = make_dict_structure_fn(PlayerState, converter, _cattrs_forbid_extra_keys=True)


def _structure_player(value: object, _: type) -> PlayerState:
    if not isinstance(value, dict):
        raise ValueError(f"a player is an object, got {_kind(value)}")
    player = _player_fields(value, PlayerState)
    problem = name_problem(player.name)
    if problem is not None:
        raise ValueError(f"field 'name': {problem}")
    return player


converter.register_structure_hook(PlayerState, _structure_player)

_record_fields = make_dict_structure_fn(GameRecord, converter, _cattrs_forbid_extra_keys=True)


def _structure_record(value: object, _: type) -> GameRecord:
    """
    A record, its actions read as its variant's (when the variant is installed: `maumau.replay` says when not).
    """
    if not isinstance(value, dict):
        raise ValueError(f"a record is an object, got {_kind(value)}")
    variant = value.get("variant")
    try:
        rules = Rules.build(variant, _PLUGINS.get(), _options_of(value)) if isinstance(variant, str) else None
    except MaumauError:
        rules = None
    token = _RULES.set(rules)
    try:
        record = _record_fields(value, GameRecord)
    finally:
        _RULES.reset(token)
    _check_names(record.players, "players")
    return record


converter.register_structure_hook(GameRecord, _structure_record)
_unstructure_record_fields = make_dict_unstructure_fn(GameRecord, converter)


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    result: dict[str, Any] = _unstructure_record_fields(record)
    if result.get("profile") is None:  # a Python variant's record reads as it always did
        result.pop("profile", None)
    return result


converter.register_unstructure_hook(GameRecord, _unstructure_record)
converter.register_unstructure_hook(PlayerView, _unstructure_with_slots(PlayerView, ()))
converter.register_structure_hook(PlayerView, _structure_view)
converter.register_unstructure_hook(RoundResult, _unstructure_round)
converter.register_structure_hook(RoundResult, _structure_round)


def _format_error(error: BaseException, type_: type | None) -> str:
    # Our own hooks say what was wrong ("no card '7x': ..."); keep that rather than cattrs's generic text.
    if isinstance(error, (MaumauError, ValueError)):
        return str(error)
    return format_exception(error, type_)


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(error, format_exception=_format_error))
    return str(error)


def _readable(cls: object) -> bool:
    """
    Whether `from_json` reads *cls*: the records, states, views, actions and events, and cards.
    """
    if not isinstance(cls, type):
        return False
    return cls in (GameState, GameRecord, PlayerView, PlayerState, Pending, RoundResult, MatchResult, Card) or (
        issubclass(cls, (Action, Event))
    )


def to_data(obj: object) -> Any:
    """
    Plain data (dicts, lists, strings, numbers) for a state, action, event, view or record: what `to_json` writes.

    For a server that embeds a view in a reply of its own.  A saved state,
    record or view carries its format version under ``"format"``.

    Raises:
        RecordError: *obj* is none of these.

    .. versionadded:: 0.2.0
    """
    if not _readable(type(obj)):
        raise RecordError(
            f"cannot write {type(obj).__name__}: maumau writes states, records, views, actions, events and cards"
        )
    base: type = type(obj)
    for tagged in (Action, Event):
        if isinstance(obj, tagged):
            base = tagged
    data = converter.unstructure(obj, base)
    if isinstance(obj, _VERSIONED):
        data = {"format": FORMAT_VERSION, **data}
    return data


def to_json(obj: object, *, indent: int | None = None) -> str:
    """
    JSON text for a state, action, event, view or record.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A saved state, record or view carries its format version, ``"format": 1``.
    """
    return json.dumps(to_data(obj), ensure_ascii=False, indent=indent)


def _refuse(detail: str) -> RecordError:
    return RecordError(detail if len(detail) <= _MESSAGE_LENGTH else f"{detail[: _MESSAGE_LENGTH - 3]}...")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        twice = next(key for key, count in Counter(key for key, _ in pairs).items() if count > 1)
        raise ValueError(f"the key {shorten(twice)} appears twice in one object")
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(data: Any) -> int:
    """
    How deeply *data* nests arrays and objects, walked a level at a time without recursion (stopping past the limit).

    A level's scalars are skipped by their types alone, at C speed, so that a
    million strings in one array cost a few milliseconds, not a tenth of a second.
    """
    deepest = 0
    level = [data] if isinstance(data, _NESTING) else []
    while level and deepest <= MAX_JSON_DEPTH:
        deepest += 1
        below: list[Any] = []
        for value in level:
            items = value.values() if isinstance(value, dict) else value
            if len(items) > 64 and not any(issubclass(kind, _NESTING) for kind in set(map(type, items))):
                continue  # a long array of scalars (a pile of cards), passed over by the types it holds
            below += [item for item in items if isinstance(item, _NESTING)]
        level = below
    return deepest


#: What nests: JSON's arrays and objects, and tuples in plain data.
_NESTING = (dict, list, tuple)


def parse_json(text: str | bytes) -> Any:
    """
    The data of JSON *text*, refused early when too long or too deep, with duplicate keys, or NaN.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise _refuse(f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_JSON_LENGTH:
        raise _refuse(f"JSON text has at most {MAX_JSON_LENGTH:,} characters, got {len(text):,}")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except RecursionError:
        raise _refuse(f"not valid JSON: nested deeper than {MAX_JSON_DEPTH} levels") from None
    except (ValueError, TypeError) as error:
        raise _refuse(f"not valid JSON: {str(error)[:200]}") from None


def from_data(data: Any, cls: type[T], *, plugins: Iterable[object] = (), trusted: bool = False) -> T:
    """
    Read an object of type *cls* from plain data, as `to_data` gives and ``json.loads`` returns.

    Takes the same arguments and checks as `from_json`.

    .. versionadded:: 0.2.0
    """
    if not _readable(cls):
        raise _refuse(f"cannot read {shorten(cls)}: maumau reads states, records, views, actions, events and cards")
    name = cls.__name__
    if cls in _VERSIONED and isinstance(data, dict):  # lengths first: they cost nothing to check
        data = dict(data)
        version = data.pop("format", 1)
        if type(version) is not int or not 1 <= version <= FORMAT_VERSION:
            raise _refuse(
                f"cannot read {name}: saved in format {shorten(version)}, but this maumau reads formats up to "
                f"{FORMAT_VERSION}; a newer maumau wrote it, or it is damaged"
            )
        actions = data.get("actions")
        if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
            raise _refuse(f"cannot read {name}: at most {MAX_ACTIONS:,} actions, got {len(actions):,}")
        later = data.get("later_decks")
        if isinstance(later, (list, tuple)) and len(later) > MAX_LATER_DECKS:
            raise _refuse(f"cannot read {name}: at most {MAX_LATER_DECKS} later decks, got {len(later):,}")
    if _depth(data) > MAX_JSON_DEPTH:
        raise _refuse(f"cannot read {name}: nested deeper than {MAX_JSON_DEPTH} levels")
    plugins_token = _PLUGINS.set(tuple(plugins))
    trusted_token = _TRUSTED.set(trusted)
    try:
        return converter.structure(data, cls)
    except MaumauError as error:
        if isinstance(error, RecordError):
            raise _refuse(str(error)) from error
        raise _refuse(f"cannot read {name}: {error}") from error
    except RecursionError:
        raise _refuse(f"cannot read {name}: nested too deeply") from None
    except Exception as error:  # cattrs and Python errors from generated code: all are the input's fault
        raise _refuse(f"cannot read {name}: {_explain(error)}") from error
    finally:
        _TRUSTED.reset(trusted_token)
        _PLUGINS.reset(plugins_token)


def read_replayed(data: Any, *, plugins: Iterable[object] = ()) -> tuple[GameState, tuple[tuple[Event, ...], ...]]:
    """
    A saved state read from plain data as `from_data` reads it untrusted, and the events of each step of its
    record's replay: the deal's, then each action's, for a saved table's event log to be checked against.
    """
    steps: list[tuple[Event, ...]] = []
    token = _STEPS.set(steps)
    try:
        state = from_data(data, GameState, plugins=plugins)
    finally:
        _STEPS.reset(token)
    return state, tuple(steps)


def from_json(text: str | bytes, cls: type[T], *, plugins: Iterable[object] = (), trusted: bool = False) -> T:
    """
    Read an object of type *cls* (``GameState``, ``Action``, ``PlayCard``,
    ``PlayerView``, ``GameRecord``...) from JSON text.

    *plugins* are the house-rule plugins a saved state or view was played with (their slots are theirs to read).

    A saved state is rebuilt from its record (`maumau.replay`) and compared
    with what was saved, so that a hand-edited save (a card moved, a score
    changed, an action that contradicts the position) is refused.  Pass
    ``trusted=True`` for saves from storage the program controls, to skip
    the replay (the checks that any reachable state passes still run).
    What a hostile save costs to refuse is bounded: its lists are checked
    on their lengths before any is read (no pile holds more cards than the
    game's deck), and its record is read and replayed one action at a time,
    so it is refused at the first action that does not replay.

    Raises:
        RecordError: the text is not JSON, is too long or too deeply nested
            (``MAX_JSON_LENGTH``, ``MAX_JSON_DEPTH``), repeats a key, holds
            NaN, is of an unknown or newer format, holds a list longer than
            its game allows, or is not a valid *cls*; the message says where.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A saved state is replayed and compared unless *trusted*; limits; format versions.
    """
    return from_data(parse_json(text), cls, plugins=plugins, trusted=trusted)
