"""
Exceptions raised by maumau.

Every exception derives from `MaumauError`.  As in python-chess, a
malformed input (`InvalidActionError`, `InvalidCardError`, `RecordError`)
is kept apart from a well-formed action that the rules forbid right now
(`IllegalActionError`), which carries a machine-readable `Reason`.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:  # pragma: no cover - only for annotations
    from ._actions import Action

__all__ = [
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidOptionError",
    "MaumauError",
    "NoSuchSeatError",
    "PluginError",
    "ProfileError",
    "Reason",
    "RecordError",
    "TableError",
    "UnknownBotLevelError",
    "UnknownVariantError",
    "shorten",
]


class MaumauError(Exception):
    """
    Base class of every error that maumau raises on purpose.

    .. versionadded:: 0.1.0
    """


@unique
class Reason(StrEnum):
    """
    Why an action is illegal: a stable code a program can branch on.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``PLAY_OPEN`` (a card that does not continue or end a play of several cards, or anything else while one
       is open) and ``CANNOT_FINISH`` (a card a player may not go out on).
    """

    GAME_OVER = "game_over"
    BAD_CALL = "bad_call"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    NO_MATCH = "no_match"
    DEBT_PENDING = "debt_pending"
    SKIP_PENDING = "skip_pending"
    DECISION_PENDING = "decision_pending"
    DRAWN_CARD_ONLY = "drawn_card_only"
    CANNOT_DRAW = "cannot_draw"
    CANNOT_PASS = "cannot_pass"
    NO_DECISION = "no_decision"
    BAD_CHOICE = "bad_choice"
    NO_CHALLENGE = "no_challenge"
    NOT_SUPPORTED = "not_supported"
    PLAY_OPEN = "play_open"
    CANNOT_FINISH = "cannot_finish"


class IllegalActionError(MaumauError, ValueError):
    """
    A well-formed action that the rules forbid in the current state.

    The message names the rule; ``reason`` is a `Reason` code; ``action`` is the
    rejected action.  The state it was applied to is unchanged.

    .. versionadded:: 0.1.0
    """

    def __init__(self, action: Action, reason: Reason, detail: str) -> None:
        super().__init__(f"illegal action '{_cut(str(action), 120)}': {detail}")
        self.action = action
        self.reason = reason
        self.detail = detail


class InvalidActionError(MaumauError, ValueError):
    """
    Something that is not an action at all, whatever the state.

    .. versionadded:: 0.1.0
    """

    def __init__(self, action: object, detail: str) -> None:
        super().__init__(f"invalid action {shorten(action, 120)}: {detail}")
        self.action = action


class InvalidCardError(MaumauError, ValueError):
    """
    Text that names no card.

    .. versionadded:: 0.1.0
    """

    def __init__(self, text: str, detail: str) -> None:
        super().__init__(f"no card {shorten(text)}: {detail}")
        self.text = text
        self.detail = detail


class InvalidCallError(MaumauError, ValueError):
    """
    Typed text that is none of a variant's calls (`maumau.read_call`).

    .. versionadded:: 0.2.0
    """

    def __init__(self, text: str, calls: tuple[str, ...]) -> None:
        known = ", ".join(map(repr, calls)) or "none: this variant has no calls"
        super().__init__(f"no call {shorten(text)}; the calls are {known}")
        self.text = text
        self.calls = calls


def shorten(value: object, limit: int = 40) -> str:
    """
    The repr of *value*, cut to *limit* characters, so that an oversized input never fills an error message.

    An attrs record (an action) is written field by field, each cut, so a
    huge field is never turned into text whole.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        text = f"<a whole number of {value.bit_length():,} bits>"  # its repr alone could take seconds, or fail
    elif attrs.has(type(value)):
        record: Any = type(value)
        parts = ", ".join(f"{f.name}={shorten(getattr(value, f.name))}" for f in attrs.fields(record) if f.repr)
        text = f"{type(value).__name__}({parts})"
    elif isinstance(value, str) and len(value) > limit:
        text = repr(value[:limit])
    else:
        text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-1]}"


class NoSuchSeatError(MaumauError, ValueError):
    """
    A seat number that the game does not have (`maumau.legal_actions`, `maumau.view`).

    A ``ValueError`` too, as these functions raised one before it existed.

    .. versionadded:: 0.2.0
    """

    def __init__(self, seat: object, players: int) -> None:
        super().__init__(f"there is no seat {shorten(seat)}; seats are 0 to {players - 1}")
        self.seat = seat
        self.players = players


def _cut(text: str, limit: int) -> str:
    """
    *text* cut to *limit* characters: a detail that quotes input must not carry all of it.
    """
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


class InvalidOptionError(MaumauError, ValueError):
    """
    An unknown option, a value of the wrong type, or a value not allowed.

    .. versionadded:: 0.1.0
    """

    def __init__(self, variant: str, option: str, detail: str) -> None:
        super().__init__(f"{_cut(variant, 40)}: option {shorten(option)}: {detail}")
        self.variant = variant
        self.option = option


class UnknownVariantError(MaumauError, LookupError):
    """
    No installed variant has that name.

    .. versionadded:: 0.1.0
    """

    def __init__(self, variant: str, known: tuple[str, ...], suggestions: tuple[str, ...] = ()) -> None:
        hint = f"; did you mean {' or '.join(repr(name) for name in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown variant {shorten(variant)}{hint}; known: {', '.join(known) or 'none'}")
        self.variant = variant
        self.known = known
        #: The installed names closest to *variant*, for "did you mean".
        self.suggestions = suggestions


class UnknownBotLevelError(MaumauError, ValueError):
    """
    No bot level has that name (`maumau.bots.LEVELS`), or a bot spec that names one is malformed.

    ``level`` is the name given, ``known`` the levels there are.

    .. versionadded:: 0.2.0
    """

    def __init__(self, level: str, known: tuple[str, ...], detail: str | None = None) -> None:
        super().__init__(detail or f"unknown bot level {shorten(level)}; known: {', '.join(known) or 'none'}")
        self.level = level
        self.known = known


class RecordError(MaumauError, ValueError):
    """
    JSON or a game record that cannot be read, or a record whose actions do not replay.

    .. versionadded:: 0.1.0
    """


class PluginError(MaumauError):
    """
    A plugin that breaks the rules of plugins: a hook answer of the wrong kind, an action nobody applies.

    ``plugin`` names the plugin and ``hook`` the hook, where known.

    .. versionadded:: 0.2.0
    """

    def __init__(self, detail: str, *, plugin: str | None = None, hook: str | None = None) -> None:
        where = " ".join(
            part for part in (f"plugin {plugin!r}" if plugin else "", f"hook {hook}" if hook else "") if part
        )
        super().__init__(f"{where}: {detail}" if where else detail)
        self.plugin = plugin
        self.hook = hook


class ProfileError(MaumauError, ValueError):
    """
    A game profile that cannot be read or played: the file, the key path and what is allowed.

    ``source`` names the file (or ``"<text>"``), ``key`` the key path in it
    (``"special.seven.draw"``).

    .. versionadded:: 0.2.0
    """

    def __init__(self, source: str, key: str, detail: str) -> None:
        super().__init__(f"{_cut(source, 120)}: {_cut(key, 120)}: {detail}")
        self.source = source
        self.key = key


class MissingExtraError(MaumauError, ImportError):
    """
    A part of maumau that needs an optional extra which is not installed; the message says what to install.

    .. versionadded:: 0.2.0
    """

    def __init__(self, what: str, extra: str, error: ImportError) -> None:
        super().__init__(f"{what} needs the {extra} extra: pip install 'maumau[{extra}]' ({error})")
        self.extra = extra


class SimulationError(MaumauError, ValueError):
    """
    A simulation that cannot be run as asked, found before any match is played: an output that cannot be written,
    a missing extra.

    .. versionadded:: 0.2.0
    """


class TableError(MaumauError, ValueError):
    """
    A request a `maumau.Table` refuses whatever the rules say: no such seat, a bot's seat, another seat's action.

    .. versionadded:: 0.2.0
    """
