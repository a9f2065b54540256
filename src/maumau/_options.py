"""
Declared, validated variant options.

A variant declares each option it understands (name, type, default, allowed
values) through the ``maumau_options`` hook; `resolve_options` checks what a
user passed against those declarations, so a typo fails at ``new_game`` with
the list of what is allowed instead of being silently ignored.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from typing import TypeAlias

from attrs import frozen

from ._limits import MAX_INT, MAX_TEXT_LENGTH
from .exceptions import InvalidOptionError, shorten

__all__ = ["Option", "OptionValue", "Options", "parse_option", "resolve_options"]

#: What an option may hold.  A mapping option (player count to a number) is
#: stored as a sorted tuple of pairs so that it stays hashable.
OptionValue: TypeAlias = bool | int | str | tuple[tuple[int, int], ...]


@frozen
class Option:
    """
    The declaration of one variant option.

    Args:
        name: The key users pass in ``options``.
        default: The value when the user passes none.
        doc: One sentence for ``maumau variants`` and the docs.
        choices: The allowed values, if they are a short list.
        minimum: The smallest allowed value of an integer option.
        maximum: The largest allowed value of an integer option.

    .. versionadded:: 0.1.0
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        """
        The Python type the value must have, taken from the default.
        """
        return type(self.default)

    def describe(self) -> str:
        """
        A one-line description: name, type, default and what is allowed.
        """
        allowed = ""
        if self.choices is not None:
            allowed = f", one of {', '.join(map(repr, self.choices))}"
        elif self.minimum is not None or self.maximum is not None:
            allowed = f", {self._range()}"
        if isinstance(self.default, tuple):
            pairs = ", ".join(f"{key}: {value}" for key, value in self.default)
            return f"{self.name} (mapping of int to int, default {{{pairs}}}{allowed}): {self.doc}"
        return f"{self.name} ({self.kind.__name__}, default {self.default!r}{allowed}): {self.doc}"

    def check(self, variant: str, value: object) -> OptionValue:
        """
        Return *value* in its stored form, or raise `InvalidOptionError`.
        """
        if isinstance(self.default, tuple):
            return self._check_mapping(variant, value)
        if type(value) is not self.kind:  # bool is an int: compare exact types
            raise InvalidOptionError(
                variant, self.name, f"expected {self.kind.__name__}, got {type(value).__name__} {shorten(value)}"
            )
        assert isinstance(value, (bool, int, str))
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionError(
                variant, self.name, f"{shorten(value)} is not allowed; allowed: {', '.join(map(repr, self.choices))}"
            )
        if isinstance(value, int) and not isinstance(value, bool) and not self._in_range(value):
            raise InvalidOptionError(variant, self.name, f"{shorten(value)} is out of range; allowed: {self._range()}")
        return value

    def _range(self) -> str:
        """
        The allowed numbers in words: "from 1 to 9", "at least 0", "at most 12".
        """
        if self.minimum is not None and self.maximum is not None:
            return f"from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"at least {self.minimum}"
        return f"at most {self.maximum}"

    def _in_range(self, value: int) -> bool:
        # Beyond MAX_INT a value could be saved but not read back: refused whatever the option's own range.
        if not -MAX_INT < value < MAX_INT:
            return False
        return (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum)

    def _check_mapping(self, variant: str, value: object) -> tuple[tuple[int, int], ...]:
        pairs: Iterable[object]
        if isinstance(value, Mapping):
            pairs = value.items()
        elif isinstance(value, (tuple, list)):
            pairs = value
        else:
            raise InvalidOptionError(variant, self.name, f"expected a mapping of int to int, got {shorten(value)}")
        result: dict[int, int] = {}
        for pair in pairs:
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
                raise InvalidOptionError(variant, self.name, f"expected key-value pairs, got {shorten(pair)}")
            key, number = pair
            # JSON writes mapping keys as strings, and a command line gives strings
            key, number = (int(x) if isinstance(x, str) and x.isascii() and x.isdigit() else x for x in (key, number))
            if type(key) is not int or type(number) is not int:  # bool is an int, 2.5 is not whole
                raise InvalidOptionError(
                    variant, self.name, f"expected whole numbers, got {shorten(key)}: {shorten(number)}"
                )
            result[key] = number
        defaults = dict(self.default)  # type: ignore[arg-type]
        unknown = sorted(set(result) - set(defaults))
        if unknown:
            raise InvalidOptionError(
                variant, self.name, f"no entry {unknown[0]}; allowed keys: {', '.join(map(str, sorted(defaults)))}"
            )
        for key, number in result.items():
            if not self._in_range(number):
                raise InvalidOptionError(
                    variant, self.name, f"{key}: {shorten(number)} is out of range; allowed: {self._range()}"
                )
        return tuple(sorted({**defaults, **result}.items()))


class Options(dict[str, OptionValue]):
    """
    The resolved options of one game: an immutable, hashable mapping, sorted by name.

    A ``dict`` underneath, so that reading an option (which the rules do in
    every turn) is a plain dictionary lookup; every method that would change
    it raises ``TypeError``, and the hash is computed once.

    .. versionadded:: 0.1.0
    """

    __slots__ = ("_hash",)

    def __init__(self, values: Mapping[str, OptionValue] | Iterable[tuple[str, OptionValue]] = ()) -> None:
        items = values.items() if isinstance(values, Mapping) else values
        super().__init__(sorted((str(key), value) for key, value in items))
        self._hash = hash(tuple(super().items()))

    @property
    def pairs(self) -> tuple[tuple[str, OptionValue], ...]:
        """
        The options as sorted ``(name, value)`` pairs.
        """
        return tuple(self.items())

    def __hash__(self) -> int:  # type: ignore[override]
        return self._hash

    def __repr__(self) -> str:
        return f"Options({dict(self)!r})"

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, OptionValue]]]:
        return (Options, (dict(self),))

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("resolved options cannot be changed; pass new ones to maumau.new_game")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]


def resolve_options(variant: str, declared: Iterable[Option], given: Mapping[str, object] | None) -> Options:
    """
    Check *given* against *declared* and fill in defaults.

    Raises:
        InvalidOptionError: an unknown name (the message lists the known ones)
            or a value of the wrong type or out of range.
    """
    by_name = {option.name: option for option in declared}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        if not by_name:
            raise InvalidOptionError(variant, unknown[0], "unknown option; this variant has no options")
        close = difflib.get_close_matches(unknown[0][:MAX_TEXT_LENGTH], list(by_name), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        known = ", ".join(by_name)
        raise InvalidOptionError(
            variant, unknown[0], f"unknown option{hint}; allowed: {known} (`maumau variants` describes each)"
        )
    values = {name: option.default for name, option in by_name.items()}
    for name, value in given.items():
        values[name] = by_name[name].check(variant, value)
    return Options(values)


#: Whole-number pairs, as an option's text gives a mapping: ``3:24, 4:27``.
_PAIRS = re.compile(r"-?\d+\s*:\s*-?\d+(\s*,\s*-?\d+\s*:\s*-?\d+)*")


def parse_option(text: str) -> tuple[str, OptionValue]:
    """
    Read ``name=value`` as a command line or a form gives it: ``true``/``false``
    become a bool, whole numbers an int, ``key:value`` pairs of whole numbers
    separated by commas (``finish=3:24,4:27``) a mapping, anything else
    stays text.

    The variant checks the value itself, so a wrong type or range is
    reported with the variant's own message.  ``maumau play --option`` and
    the web table's create page read options with it.

    >>> parse_option("jack_on_jack=true"), parse_option("hand_size=6"), parse_option("scoring=holders")
    (('jack_on_jack', True), ('hand_size', 6), ('scoring', 'holders'))

    Raises:
        ValueError: *text* has no ``=`` or no name.
    """
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"expected name=value, got {text!r}")
    raw = raw.strip()
    if raw.lower() in ("true", "false"):
        return name, raw.lower() == "true"
    try:
        return name, int(raw)
    except ValueError:
        pass
    if _PAIRS.fullmatch(raw):
        pairs = (pair.split(":") for pair in raw.split(","))
        return name, tuple((int(key), int(value)) for key, value in pairs)
    return name, raw
