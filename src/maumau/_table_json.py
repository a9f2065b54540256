"""
The save format of a `maumau.Table`: a JSON object with its own format name and version.

A saved table outlives the code that wrote it (a server restarts, a player
keeps a file), so the format says what it is and which version it is, and
the reader refuses what it cannot read instead of guessing.  The game state
inside is written and read by `maumau.to_data` and `maumau.from_data`, so it
follows the state's own format; this module adds what a table knows beyond
the state:

.. code-block:: json

   {"format": "maumau.table", "version": 1,
    "seats": [{"name": "Ann", "bot": null}, {"name": "Bot 1", "bot": "heuristic"}],
    "house_rules": ["module:attribute"], "reaction_seconds": 15.0,
    "read": [12, 0], "declined": [], "reacted": [],
    "bots": [{"seat": 1, "random": [3, [...], null]}],
    "log": [{"type": "round_started", ...}, ...],
    "state": {...}}

``read`` counts the events of ``log`` each seat has read; ``bots`` holds
each bot's random generator, so a restored table plays on as it would have.

Version history: 1 (maumau 0.2.0), the first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from ._events import Event
from ._limits import MAX_PLAYERS
from ._serialize import from_data, parse_json, read_replayed, to_data
from ._state import GameState
from .exceptions import RecordError

__all__ = ["TABLE_FORMAT", "TABLE_VERSION", "SeatData", "TableData", "dump_table", "load_table"]

#: The ``format`` field of a saved table.
TABLE_FORMAT = "maumau.table"
#: The version this maumau writes; it reads this one only.
TABLE_VERSION = 1
#: The length of the state list of Python's Mersenne Twister, as ``random.Random.getstate()`` gives it.
_TWISTER_WORDS = 625
#: The version of ``random.Random.getstate()``'s state, the one this Python writes and reads.
_RANDOM_VERSION = 3


@frozen
class SeatData:
    """
    A saved seat: a name and a bot level, ``None`` for a person.
    """

    name: str
    bot: str | None


@frozen
class TableData:
    """
    Everything a saved table holds.
    """

    state: GameState
    seats: tuple[SeatData, ...]
    house_rules: tuple[str, ...]
    reaction_seconds: float | None
    log: tuple[Event, ...]
    read: tuple[int, ...]
    declined: tuple[int, ...]
    reacted: tuple[int, ...]
    bots: tuple[tuple[int, tuple[Any, ...] | None], ...]


def event_text(event: Event) -> str:
    """
    The JSON text of one *event* of a table's log, as `dump_table` writes it.
    """
    return json.dumps(to_data(event), ensure_ascii=False)


def dump_table(data: TableData, *, indent: int | None = None, log_texts: Sequence[str] | None = None) -> str:
    """
    The JSON text of *data*.

    *log_texts* are the log's events as `event_text` wrote them, kept by a table as its log grows: a table saved
    after every move then writes each event once, not once per save.
    """
    document: dict[str, Any] = {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in data.seats],
        "house_rules": list(data.house_rules),
        "reaction_seconds": data.reaction_seconds,
        "read": list(data.read),
        "declined": list(data.declined),
        "reacted": list(data.reacted),
        "bots": [{"seat": seat, "random": state} for seat, state in data.bots],
    }
    if log_texts is None or indent is not None:
        document["log"] = [to_data(event) for event in data.log]
        document["state"] = to_data(data.state)
        return json.dumps(document, ensure_ascii=False, indent=indent)
    assert len(log_texts) == len(data.log)
    head = json.dumps(document, ensure_ascii=False)[:-1]  # the object without its closing brace
    state = json.dumps(to_data(data.state), ensure_ascii=False)
    return f'{head}, "log": [{", ".join(log_texts)}], "state": {state}}}'


def load_table(text: str | bytes, load_plugin: Callable[[str], object]) -> TableData:
    """
    Read a saved table; *load_plugin* turns a house rule's name into its plugin.

    Raises:
        RecordError: not JSON, not a saved table, another version, or a part that is wrong; the message says which.
    """
    document = parse_json(text)  # bounded as every save is: length, depth, duplicate keys, NaN
    if not isinstance(document, dict) or document.get("format") != TABLE_FORMAT:
        raise RecordError(f"not a saved table: expected an object with format {TABLE_FORMAT!r}")
    version = document.get("version")
    if version != TABLE_VERSION:
        raise RecordError(f"saved table version {version!r} cannot be read; this maumau reads version {TABLE_VERSION}")
    entries = _list(document, "seats")
    if len(entries) > MAX_PLAYERS:  # every list is refused on its length before its entries are read
        raise RecordError(f"saved table: at most {MAX_PLAYERS} seats, got {len(entries):,}")
    seats = tuple(_seat(entry, number) for number, entry in enumerate(entries))
    house_rules = tuple(_text(rule, "house_rules") for rule in _list(document, "house_rules"))
    reaction = document.get("reaction_seconds")
    if reaction is not None and (not isinstance(reaction, (int, float)) or isinstance(reaction, bool) or reaction < 0):
        raise RecordError(f"saved table: reaction_seconds must be null or a number of at least 0, got {reaction!r}")
    plugins = [load_plugin(rule) for rule in house_rules]
    state, steps = read_replayed(document.get("state"), plugins=plugins)
    if tuple(seat.name for seat in seats) != tuple(player.name for player in state.players):
        raise RecordError("saved table: its seats do not match the players of its state")
    log = _log(_list(document, "log"), steps)
    read = _numbers(document, "read", len(log) + 1, len(seats))
    if len(read) != len(seats):
        raise RecordError(f"saved table: read has {len(read)} entries for {len(seats)} seats")
    entries = _list(document, "bots")
    if len(entries) > len(seats):
        raise RecordError("saved table: the bots saved do not match the bot seats")
    bots = tuple(_bot(entry, seats) for entry in entries)
    if sorted(seat for seat, _ in bots) != [number for number, seat in enumerate(seats) if seat.bot is not None]:
        raise RecordError("saved table: the bots saved do not match the bot seats")
    return TableData(
        state=state,
        seats=seats,
        house_rules=house_rules,
        reaction_seconds=None if reaction is None else float(reaction),
        log=log,
        read=read,
        declined=_numbers(document, "declined", len(seats), len(seats)),
        reacted=_numbers(document, "reacted", len(seats), len(seats)),
        bots=bots,
    )


def _log(saved: list[Any], steps: tuple[tuple[Event, ...], ...]) -> tuple[Event, ...]:
    """
    The table's event log, which must be the events its state's record played to, from the deal or (for a table
    made around a game under way) from some action on: checked on its length before any event is read.
    """
    played: tuple[Event, ...] = ()
    if not saved:  # a table made around a state that carried no events, before anything happened at it
        return played
    for events in reversed(steps):  # the logs that could be saved, from the shortest: the last action's events
        played = events + played
        if len(played) == len(saved):
            if tuple(from_data(event, Event) for event in saved) == played:
                return played
            break
        if len(played) > len(saved):
            break
    raise RecordError("saved table: its event log is not what its record plays to; edited or damaged")


def _list(document: dict[str, Any], key: str) -> list[Any]:
    value = document.get(key)
    if not isinstance(value, list):
        raise RecordError(f"saved table: {key} must be a list, got {value!r:.60}")
    return value


def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"saved table: {key} must hold text, got {value!r:.60}")
    return value


def _numbers(document: dict[str, Any], key: str, stop: int, seats: int) -> tuple[int, ...]:
    values = _list(document, key)
    if len(values) > seats:  # at most one entry per seat
        raise RecordError(f"saved table: {key} has {len(values):,} entries for {seats} seats")
    for value in values:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < stop:
            raise RecordError(f"saved table: {key} holds {value!r:.60}; expected whole numbers from 0 to {stop - 1}")
    return tuple(values)


def _seat(entry: object, number: int) -> SeatData:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise RecordError(f"saved table: seat {number} must be an object with a name, got {entry!r:.60}")
    bot = entry.get("bot")
    if bot is not None and not isinstance(bot, str):
        raise RecordError(f"saved table: seat {number}'s bot must be null or a level's name, got {bot!r:.60}")
    return SeatData(entry["name"], bot)


def _bot(entry: object, seats: tuple[SeatData, ...]) -> tuple[int, tuple[Any, ...] | None]:
    if not isinstance(entry, dict):
        raise RecordError(f"saved table: a bot must be an object with seat and random, got {entry!r:.60}")
    seat = entry.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
        raise RecordError(f"saved table: a bot's seat must be a seat number, got {seat!r:.60}")
    saved = entry.get("random")
    if saved is None:
        return seat, None
    if (
        not isinstance(saved, list)
        or len(saved) != 3
        or type(saved[0]) is not int
        or saved[0] != _RANDOM_VERSION
        or not isinstance(saved[1], list)
        or len(saved[1]) != _TWISTER_WORDS
        or not all(type(word) is int and 0 <= word < 2**32 for word in saved[1])
        or saved[1][-1] >= _TWISTER_WORDS  # the position in the words, at most 624
        or not (saved[2] is None or isinstance(saved[2], float))
    ):
        raise RecordError(f"saved table: the random state of seat {seat}'s bot is damaged")
    return seat, (saved[0], tuple(saved[1]), saved[2])
