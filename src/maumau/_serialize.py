"""
JSON for states, actions, events, views and records, through cattrs.

Cards travel as their short text (``"7h"``), actions and events as objects
tagged with ``"type"``, options as an object.  A state's rules are not
written: they are rebuilt from the variant's name and the house-rule
plugins given to `from_json`, and the names recorded in the JSON are
checked against them.  Its action log travels as ``"actions"``, so a saved
state still has its record.
"""

from __future__ import annotations

import contextvars
import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from ._actions import Action, Resign, action_types
from ._cards import Card, parse_card
from ._engine import legal_actions
from ._events import Event, event_types
from ._options import Options
from ._slots import TRANSIENT
from ._state import ActionLog, GameRecord, GameState, MatchResult, Pending, PlayerState, RoundResult
from ._view import PlayerView
from .exceptions import MaumauError, RecordError
from .plugins import Rules, load_variant, variant_names

__all__ = ["from_json", "to_json"]

T = TypeVar("T")

_PLUGINS: contextvars.ContextVar[tuple[object, ...]] = contextvars.ContextVar("maumau_plugins", default=())
#: The rules of the state being read, so that the slots of its finished rounds can be typed.
_RULES: contextvars.ContextVar[Rules | None] = contextvars.ContextVar("maumau_rules", default=None)

attrs.resolve_types(GameState, localns={"Rules": Rules})
for _cls in (PlayerState, Pending, RoundResult, MatchResult, GameRecord, PlayerView):
    attrs.resolve_types(_cls, localns={"GameState": GameState})

converter = cattrs.Converter(forbid_extra_keys=True)


def _structure_card(value: object, _: type) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a card is written as text such as '7h', got {value!r}")
    return parse_card(value)


converter.register_unstructure_hook(Card, lambda card: card.code)
converter.register_structure_hook(Card, _structure_card)


def _structure_int(value: object, _: type) -> int:
    # cattrs would call int() on anything: "1", 1.5 and true must not quietly become seat numbers.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _structure_str(value: object, _: type) -> str:
    # cattrs would call str() on anything: {} or 7 must not quietly become a pig's or a call's name.
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(str, _structure_str)


def _unstructure_options(options: Options) -> dict[str, Any]:
    return {
        name: ({str(k): v for k, v in value} if isinstance(value, tuple) else value) for name, value in options.items()
    }


def _structure_options(value: object, _: type) -> Options:
    if not isinstance(value, dict):
        raise ValueError(f"options must be an object, got {value!r}")
    resolved: dict[str, Any] = {}
    for name, item in value.items():
        if isinstance(item, dict):
            resolved[name] = tuple(sorted((int(k), int(v)) for k, v in item.items()))
        elif isinstance(item, (bool, int, str)):
            resolved[name] = item
        else:
            raise ValueError(f"option {name!r} has a value JSON cannot hold here: {item!r}")
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


def _load_all_variants() -> None:
    """
    Import every installed variant so that its action and event classes are known.
    """
    for name in variant_names():
        try:
            load_variant(name)
        except MaumauError:  # pragma: no cover - a broken third-party variant must not break JSON
            continue


def _tagged(base: type, registry: Callable[[], dict[str, type]]) -> None:
    unstructure_fns: dict[type, Callable[[Any], dict[str, Any]]] = {}
    structure_fns: dict[type, Callable[[Any, type], Any]] = {}

    def unstructure(obj: Any) -> dict[str, Any]:
        cls = type(obj)
        fn = unstructure_fns.get(cls)
        if fn is None:
            fn = unstructure_fns[cls] = make_dict_unstructure_fn(cls, converter)
        return {"type": cls.kind, **fn(obj)}

    def structure(value: object, _: type) -> Any:
        if not isinstance(value, dict) or "type" not in value:
            raise ValueError(f"expected an object with a 'type', got {value!r}")
        types = registry()
        kind = value["type"]
        if kind not in types:
            _load_all_variants()
            types = registry()
        if kind not in types:
            raise ValueError(f"unknown {base.__name__.lower()} type {kind!r}; known: {', '.join(sorted(types))}")
        cls = types[kind]
        fn = structure_fns.get(cls)
        if fn is None:
            fn = structure_fns[cls] = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        payload = {k: v for k, v in value.items() if k != "type"}
        return fn(payload, cls)

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


def _unstructure_with_slots(cls: type, skip: tuple[str, ...]) -> Callable[[Any], dict[str, Any]]:
    names = [f.name for f in attrs.fields(cls) if f.name not in skip and f.init]

    def unstructure(obj: Any) -> dict[str, Any]:
        result = {name: converter.unstructure(getattr(obj, name)) for name in names if name != "slots"}
        result["slots"] = _unstructure_slots(obj.slots)
        return result

    return unstructure


_unstructure_state_fields = _unstructure_with_slots(GameState, ("rules", "log"))


def _unstructure_state(state: GameState) -> dict[str, Any]:
    result = _unstructure_state_fields(state)
    result["actions"] = [converter.unstructure(a, Action) for a in state.actions]
    return result


def _structure_fields(cls: type, value: dict[str, Any], skip: tuple[str, ...]) -> dict[str, Any]:
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"{cls.__name__} needs a 'variant' name, got {variant!r}")
    known = {f.name for f in attrs.fields(cls) if f.init} - set(skip)
    extra = sorted(set(value) - known)
    if extra:
        raise ValueError(f"unknown field {extra[0]!r} in {cls.__name__}")
    kwargs: dict[str, Any] = {}
    for field in attrs.fields(cls):
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


def _structure_state(value: object, _: type) -> GameState:
    if not isinstance(value, dict):
        raise ValueError(f"a game state is an object, got {type(value).__name__}")
    value = dict(value)
    actions_raw = value.pop("actions", [])
    events_raw = value.pop("events", [])
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"GameState needs a 'variant' name, got {variant!r}")
    rules = Rules.build(variant, _PLUGINS.get())
    token = _RULES.set(rules)
    try:
        kwargs = _structure_fields(GameState, value, ("rules", "log", "events"))
    finally:
        _RULES.reset(token)
    kwargs["events"] = tuple(converter.structure(e, Event) for e in events_raw)
    if tuple(kwargs.get("house_rules", ())) != rules.house_rule_names:
        raise ValueError(
            f"the state was saved with house rules {list(kwargs.get('house_rules', ()))}, "
            f"but {list(rules.house_rule_names)} were given"
        )
    log: ActionLog = None
    for raw in actions_raw:
        log = (log, converter.structure(raw, Action))
    state = GameState(rules=rules, log=log, **kwargs)
    _check_state(state)
    return state


def _check_state(state: GameState) -> None:
    """
    Refuse a state that no game could reach, so that it fails here, named,
    rather than somewhere in a later turn: options the variant does not
    know, seats that do not exist, cards that are not the variant's deck.
    """
    rules = state.rules
    missing = sorted(set(rules.resolve_options(dict(state.options))) - set(state.options))
    if missing:
        raise ValueError(f"the options lack {', '.join(map(repr, missing))}, which {state.variant!r} needs")
    count = len(state.players)
    if count not in rules.seats(state.options):
        raise ValueError(f"{state.variant!r} is not played by {count} players")
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


def _structure_view(value: object, _: type) -> PlayerView:
    if not isinstance(value, dict):
        raise ValueError(f"a view is an object, got {type(value).__name__}")
    variant = value.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"PlayerView needs a 'variant' name, got {variant!r}")
    token = _RULES.set(Rules.build(variant, _PLUGINS.get()))
    try:
        return PlayerView(**_structure_fields(PlayerView, dict(value), ()))
    finally:
        _RULES.reset(token)


_unstructure_round_fields = make_dict_unstructure_fn(RoundResult, converter)


def _unstructure_round(result: RoundResult) -> dict[str, Any]:
    return {**_unstructure_round_fields(result), "slots": _unstructure_slots(result.slots)}


def _structure_round(value: object, _: type) -> RoundResult:
    if not isinstance(value, dict):
        raise ValueError(f"a round result is an object, got {type(value).__name__}")
    value = dict(value)
    slots = _structure_slots(value.pop("slots", {}), _RULES.get())
    return attrs.evolve(_round_fields(value, RoundResult), slots=slots)


_round_fields = make_dict_structure_fn(RoundResult, converter, _cattrs_forbid_extra_keys=True)

converter.register_unstructure_hook(PlayerView, _unstructure_with_slots(PlayerView, ()))
converter.register_structure_hook(PlayerView, _structure_view)
converter.register_unstructure_hook(RoundResult, _unstructure_round)
converter.register_structure_hook(RoundResult, _structure_round)


def _format_error(error: BaseException, type_: type | None) -> str:
    # Our own hooks say what was wrong ("no card '7x': ..."); keep that rather than cattrs's generic text.
    if isinstance(error, MaumauError) or (isinstance(error, ValueError) and type_ in (bool, int, str, Card)):
        return str(error)
    return format_exception(error, type_)


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(error, format_exception=_format_error))
    return str(error)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """
    JSON text for a state, action, event, view or record.

    .. versionadded:: 0.1.0
    """
    base: type = type(obj)
    for tagged in (Action, Event):
        if isinstance(obj, tagged):
            base = tagged
    return json.dumps(converter.unstructure(obj, base), ensure_ascii=False, indent=indent)


def from_json(text: str | bytes, cls: type[T], *, plugins: Iterable[object] = ()) -> T:
    """
    Read an object of type *cls* (``GameState``, ``Action``, ``PlayerView``,
    ``GameRecord``...) from JSON text.

    *plugins* are the house-rule plugins a saved state or view was played with (their slots are theirs to read).

    Raises:
        RecordError: the text is not JSON, or not a valid *cls*; the message says where.

    .. versionadded:: 0.1.0
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise RecordError(f"not valid JSON: {error}") from None
    token = _PLUGINS.set(tuple(plugins))
    try:
        return converter.structure(data, cls)
    except MaumauError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"cannot read {cls.__name__}: {error}") from error
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
        raise RecordError(f"cannot read {cls.__name__}: {_explain(error)}") from error
    finally:
        _PLUGINS.reset(token)
