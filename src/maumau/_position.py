"""
Positions as text: a game's whole position in a few readable lines, as FEN is for chess.

`to_position` writes a state's position: the game and its options, each
seat's hand and match total, the piles, the top card, whose move it is and
what is pending (a debt, a wished suit, turns to sit out, a decision, what
a mechanic keeps, such as a call open to a challenge).  `from_position`
reads it back, checked as strictly as a save (every card of the pack
exactly as often as the pack holds it), into a state that plays on exactly
as the original: the same legal actions, and the same future given the
same draws, because the draw pile's order, the seed and the count of
shuffles so far are part of the position.

A position has no history: the actions and the finished rounds' details
that led to it are not written (the match totals are).

The notation, one ``key: value`` a line (``#`` starts a comment)::

    maumau position 1
    game: classic
    options: ace_with_another=false hand_size=5 ...
    seat 0 "Ann" (0 points): 7h 8h Jd
    seat 1 "Bob" (12 points): As 9h
    top: 9c
    under the top: 7c 8c
    draw pile: Kd Qs ...
    to move: seat 1
    debt: 4

Cards are written as `maumau.Card.code` gives them, separated by spaces
when all are French cards, by commas otherwise (``pink 5, red +2``); a draw
pile that ends with ``...`` goes on with the rest of the pack in its own
order.  Values after ``key=`` are JSON.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ._bounded import OutOfBounds, read_bounded
from ._cards import Card, parse_cards
from ._games import new_game
from ._limits import MAX_JSON_LENGTH
from ._serialize import from_data, to_data
from ._state import GameState
from .exceptions import MaumauError, RecordError, shorten

__all__ = ["from_position", "read_position_file", "to_position"]

#: The notation's version, written in its first line.
POSITION_VERSION = 1
#: The longest position read: a few dozen lines of cards, far below it.
MAX_POSITION_LENGTH = 65_536
#: The longest line read.
MAX_POSITION_LINE = 8_192
#: The most lines read (seats, slots and later decks included).
MAX_POSITION_LINES = 256

_HEADER = re.compile(r"maumau position (\d+)")
_SEAT = re.compile(r'seat (\d{1,3})(?: ("(?:[^"\\]|\\.)*"))?(?: \(([^)]*)\))?:(.*)')
_KEY = re.compile(r"([A-Za-z_][\w-]*)=")
_TURN = re.compile(r"seat (\d{1,3})")
#: Fields written as a plain number when they are not zero.
_COUNTS = ("debt", "skips", "draws", "passes")
_DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}


# --- writing --------------------------------------------------------------------------------------------


def to_position(state: GameState) -> str:
    """
    The position of *state* as text, which `from_position` reads back.

    Written the same way every time: equal states give equal text.

    >>> import maumau
    >>> state = maumau.new_game("classic", players=2, seed=7)
    >>> text = maumau.to_position(state)
    >>> print(text.splitlines()[7])
    seat 0 "Seat 0" (0 points): 10s 9c Js Qs Ad
    >>> maumau.from_position(text) == state
    True

    .. versionadded:: 0.2.0
    """
    data = to_data(state)
    lines = [f"maumau position {POSITION_VERSION}", f"game: {state.variant}"]
    if state.house_rules:
        lines.append(f"house rules: {', '.join(state.house_rules)}")
    lines.append(f"options: {_pairs(data['options'])}" if data["options"] else "options:")
    lines.append(f"seed: {state.seed}")
    if state.shuffles:
        lines.append(f"shuffles: {state.shuffles}")
    lines += [f"round: {state.round}", f"dealer: {state.dealer}"]
    for seat, player in enumerate(state.players):
        marks = [f"{player.score} points"] + (["resigned"] if player.resigned else [])
        name = json.dumps(player.name, ensure_ascii=False)
        lines.append(f"seat {seat} {name} ({', '.join(marks)}): {_cards(player.hand)}".rstrip())
    lines.append(f"top: {_cards(state.discard_pile[-1:])}")
    if len(state.discard_pile) > 1:
        lines.append(f"under the top: {_cards(state.discard_pile[:-1])}")
    lines.append(f"draw pile: {_cards(state.draw_pile)}".rstrip())
    lines.append("to move: nobody" if state.to_move is None else f"to move: seat {state.to_move}")
    if state.direction != 1:
        lines.append("direction: counterclockwise")
    if state.wish is not None:
        lines.append(f"wish: {state.wish}")
    lines += [f"{name}: {getattr(state, name)}" for name in _COUNTS if getattr(state, name)]
    if state.drawn is not None:
        lines.append(f"drawn: {_cards((state.drawn,))}")
    if state.playing:
        lines.append(f"playing: {_cards(state.playing)}")
    if state.again is not None:
        lines.append(f"again: {state.again}")
    if state.waits:
        lines.append(f"waits: {' '.join(map(str, state.waits))}")
    if data["pending"] is not None:
        lines.append(f"pending: {_pairs(data['pending'])}")
    for name, value in data["slots"].items():
        lines.append(f"slot {name}: {_pairs(value) if isinstance(value, dict) and value else _json(value)}")
    for number, deck in enumerate(state.later_decks, start=2):
        lines.append(f"deck of round {number}: {_cards(deck)}")
    if data["result"] is not None:
        lines.append(f"result: {_pairs(data['result'])}")
    return "\n".join(lines) + "\n"


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _pairs(values: Mapping[str, object]) -> str:
    """
    ``key=value`` pairs, the values in JSON: ``hand_size=5 scoring="winner"``.
    """
    return " ".join(f"{key}={_json(value)}" for key, value in values.items())


def _cards(cards: Sequence[Card]) -> str:
    """
    Cards by their codes: apart by spaces when all are French cards, by commas otherwise (``Joker, 7h``).
    """
    return (" " if all(card.is_french for card in cards) else ", ").join(card.code for card in cards)


# --- reading --------------------------------------------------------------------------------------------


def from_position(text: str, *, plugins: Iterable[object] = ()) -> GameState:
    """
    The state whose position *text* writes (as `to_position` writes it, or by hand).

    Only ``game``, the seats, ``top`` and ``to move`` are required: the
    options default to the game's, the names to its default names, the seed,
    shuffles and counts to 0, the round to 1 and the dealer to seat 0.  The
    cards must be the game's pack exactly (a draw pile that ends with
    ``...`` takes the rest of it), and the position must be one the rules
    can go on from, as a save is checked.  *plugins* are the house rules
    the position names.

    Raises:
        RecordError: the text is too long, a line is no ``key: value`` of
            the notation or is given twice, a card or a value does not read,
            or the position is not one of its game (a card missing or twice,
            a seat that does not exist, a decision of a seat not to move);
            the message names the line or what is wrong.

    .. versionadded:: 0.2.0
    """
    plugins = tuple(plugins)
    fields = _lines(text)
    variant = fields.pop("game", None)
    if variant is None:
        raise RecordError("position: no 'game:' line names the game")
    if variant.endswith(".toml") or "/" in variant or "\\" in variant:  # a text names no file to be read
        raise RecordError(f"position: 'game' names an installed game, not a file: {shorten(variant)}")
    seats = fields.pop("seats")
    if not seats:
        raise RecordError("position: no 'seat N: cards' line gives a hand")
    if sorted(seats) != list(range(len(seats))):
        raise RecordError(f"position: the seats are numbered 0 to {len(seats) - 1}, got {sorted(seats)}")
    options = _pairs_of(fields.pop("options", ""), "options")
    house_rules = [name.strip() for name in fields.pop("house rules", "").split(",") if name.strip()]
    try:
        blank = new_game(variant, players=len(seats), seed=0, options=options, plugins=plugins)
    except MaumauError as error:
        raise RecordError(f"position: {error}") from error
    data: dict[str, Any] = {
        "variant": blank.variant,
        "profile": to_data(blank).get("profile"),  # read as the installed game: a profile's own digest
        "options": to_data(blank)["options"],
        "house_rules": house_rules,
        "seed": _number(fields.pop("seed", "0"), "seed"),
        "shuffles": _number(fields.pop("shuffles", "0"), "shuffles"),
        "round": _number(fields.pop("round", "1"), "round"),
        "dealer": _number(fields.pop("dealer", "0"), "dealer"),
    }
    players = []
    for seat in range(len(seats)):
        name, marks, hand = seats[seat]
        score, resigned = _marks(marks, seat)
        players.append(
            {
                "name": blank.players[seat].name if name is None else name,
                "hand": list(_read_cards(hand, f"seat {seat}")),
                "score": score,
                "resigned": resigned,
            }
        )
    data["players"] = players
    top = _read_cards(_required(fields, "top"), "top")
    if len(top) != 1:
        raise RecordError(f"position: 'top' is one card, got {len(top)}")
    data["discard_pile"] = [*_read_cards(fields.pop("under the top", ""), "under the top"), *top]
    data["to_move"] = _seat_or_nobody(_required(fields, "to move"))
    direction = fields.pop("direction", "clockwise")
    if direction not in _DIRECTIONS:
        raise RecordError(f"position: 'direction' is clockwise or counterclockwise, got {shorten(direction)}")
    data["direction"] = _DIRECTIONS[direction]
    data["wish"] = fields.pop("wish", None)
    for name in _COUNTS:
        data[name] = _number(fields.pop(name, "0"), name)
    drawn = fields.pop("drawn", None)
    data["drawn"] = None if drawn is None else _one_card(drawn, "drawn")
    data["playing"] = list(_read_cards(fields.pop("playing", ""), "playing"))
    data["again"] = fields.pop("again", None)
    data["waits"] = [_number(word, "waits") for word in fields.pop("waits", "").split()]
    pending = fields.pop("pending", None)
    data["pending"] = None if pending is None else _pairs_of(pending, "pending")
    result = fields.pop("result", None)
    data["result"] = None if result is None else _pairs_of(result, "result")
    data["slots"] = {name: _slot_value(value, name) for name, value in fields.pop("slots").items()}
    later = fields.pop("decks")
    data["later_decks"] = [list(_read_cards(later[number], f"deck of round {number}")) for number in sorted(later)]
    if sorted(later) != list(range(2, 2 + len(later))):
        raise RecordError(f"position: the decks of later rounds are numbered from 2 on, got {sorted(later)}")
    draw = fields.pop("draw pile", "")
    unknown = sorted(fields)
    if unknown:
        raise RecordError(f"position: unknown key {shorten(unknown[0])}; the keys are those of docs/guides/positions")
    data["draw_pile"] = _draw_pile(draw, data, blank)
    _check_pack(data, blank)
    try:
        return from_data(data, GameState, plugins=plugins, trusted=True)
    except RecordError as error:
        detail = str(error).removeprefix("cannot read GameState: ")
        raise RecordError(f"position: {detail}") from error


def read_position_file(path: str) -> str:
    """
    The text of the file at *path*, read no further than a position's (or a save's) length allows.

    Raises:
        RecordError: the file is longer than a save may be, or is not UTF-8 text.
        OSError: it cannot be read.
    """
    try:
        data = read_bounded(path, MAX_JSON_LENGTH)
    except OutOfBounds as error:
        raise RecordError(f"{path}: {error} (a save's bound; a position is far shorter)") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def _quoted(text: str, number: int) -> str:
    """
    A seat's name, written as a JSON string.
    """
    try:
        name = json.loads(text)
    except ValueError:
        raise RecordError(f"position line {number}: the seat's name is no quoted text: {shorten(text)}") from None
    if not isinstance(name, str):  # pragma: no cover - the pattern admits quoted text only
        raise RecordError(f"position line {number}: the seat's name is no quoted text")
    return name


def _lines(text: str) -> dict[str, Any]:
    """
    The ``key: value`` lines of *text*, by key; seats, slots and later decks by number or name.
    """
    if not isinstance(text, str):
        raise RecordError(f"position: expected text, got {type(text).__name__}")
    if len(text) > MAX_POSITION_LENGTH:
        raise RecordError(f"position: at most {MAX_POSITION_LENGTH:,} characters, got {len(text):,}")
    lines = text.splitlines()
    if len(lines) > MAX_POSITION_LINES:
        raise RecordError(f"position: at most {MAX_POSITION_LINES} lines, got {len(lines):,}")
    fields: dict[str, Any] = {"seats": {}, "slots": {}, "decks": {}}
    first = True
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_POSITION_LINE:
            raise RecordError(f"position line {number}: at most {MAX_POSITION_LINE:,} characters, got {len(raw):,}")
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.fullmatch(line)
        if header is not None and first:
            if int(header.group(1)) != POSITION_VERSION:
                raise RecordError(
                    f"position line {number}: this maumau reads positions of version {POSITION_VERSION}, "
                    f"got {shorten(header.group(1))}"
                )
            first = False
            continue
        first = False
        seat = _SEAT.fullmatch(line)
        if seat is not None:
            index = int(seat.group(1))
            if index in fields["seats"]:
                raise RecordError(f"position line {number}: seat {index} is given twice")
            shown = None if seat.group(2) is None else _quoted(seat.group(2), number)
            fields["seats"][index] = (shown, seat.group(3) or "", seat.group(4).strip())
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise RecordError(f"position line {number}: expected 'key: value', got {shorten(line)}")
        key, value = key.strip(), value.strip()
        entry: str | int
        if key.startswith("slot "):
            place, entry = fields["slots"], key.removeprefix("slot ").strip()
        elif key.startswith("deck of round ") and key.removeprefix("deck of round ").isdigit():
            place, entry = fields["decks"], int(key.removeprefix("deck of round "))
        else:
            place, entry = fields, key
        if entry in place:
            raise RecordError(f"position line {number}: {shorten(key)} is given twice")
        place[entry] = value
    return fields


def _required(fields: dict[str, Any], key: str) -> str:
    value = fields.pop(key, None)
    if value is None:
        raise RecordError(f"position: no '{key}:' line")
    return str(value)


def _number(text: str, key: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,18}", text.strip()):
        raise RecordError(f"position: {key!r} is a whole number, got {shorten(text)}")
    return int(text)


def _read_cards(text: str, key: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text) if text.strip() else ()
    except MaumauError as error:
        raise RecordError(f"position: {key!r}: {error}") from error


def _one_card(text: str, key: str) -> Card:
    cards = _read_cards(text, key)
    if len(cards) != 1:
        raise RecordError(f"position: {key!r} is one card, got {len(cards)}")
    return cards[0]


def _marks(text: str, seat: int) -> tuple[int, bool]:
    """
    A seat's match total and whether it resigned, from ``12 points, resigned``.
    """
    score, resigned = 0, False
    for mark in (part.strip() for part in text.split(",") if part.strip()):
        points = re.fullmatch(r"(-?[0-9]{1,18}) points?", mark)
        if points is not None:
            score = int(points.group(1))
        elif mark == "resigned":
            resigned = True
        else:
            raise RecordError(f"position: seat {seat}: expected '12 points' or 'resigned', got {shorten(mark)}")
    return score, resigned


def _seat_or_nobody(text: str) -> int | None:
    if text == "nobody":
        return None
    turn = _TURN.fullmatch(text)
    if turn is None:
        raise RecordError(f"position: 'to move' is 'seat N' or 'nobody', got {shorten(text)}")
    return int(turn.group(1))


def _pairs_of(text: str, key: str) -> dict[str, Any]:
    """
    The ``key=value`` pairs of *text*, each value JSON.
    """
    decoder = json.JSONDecoder()
    values: dict[str, Any] = {}
    position = 0
    text = text.strip()
    while position < len(text):
        name = _KEY.match(text, position)
        if name is None:
            raise RecordError(f"position: {key!r}: expected name=value at {shorten(text[position:])}")
        try:
            value, position = decoder.raw_decode(text, name.end())
        except (ValueError, RecursionError):
            raise RecordError(f"position: {key!r}: the value of {name.group(1)!r} is no JSON value") from None
        if name.group(1) in values:
            raise RecordError(f"position: {key!r}: {name.group(1)!r} is given twice")
        values[name.group(1)] = value
        while position < len(text) and text[position] == " ":
            position += 1
    return values


def _slot_value(text: str, name: str) -> Any:
    if _KEY.match(text):
        return _pairs_of(text, f"slot {name}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(f"position: 'slot {name}': expected name=value pairs or a JSON value") from None


def _draw_pile(text: str, data: Mapping[str, Any], blank: GameState) -> list[Card]:
    """
    The draw pile as written; one that ends with ``...`` goes on with the cards of the pack not written
    anywhere else, in the pack's own order (a card written too often is left for the check of the pack to name).
    """
    words = text.rstrip()
    rest = words.endswith("...")
    if rest:
        words = words.removesuffix("...").rstrip().removesuffix(",")
    pile = list(_read_cards(words, "draw pile"))
    if not rest:
        return pile
    left = Counter(blank.rules.deck(blank.options, len(blank.players)))
    left.subtract(pile)
    left.subtract(data["discard_pile"])
    for player in data["players"]:
        left.subtract(player["hand"])
    pile += [card for card in blank.rules.deck(blank.options, len(blank.players)) if _take(left, card)]
    return pile


def _check_pack(data: Mapping[str, Any], blank: GameState) -> None:
    """
    Refuse cards that are not the game's pack, naming each card too many and each card missing.
    """
    held = Counter(data["draw_pile"]) + Counter(data["discard_pile"])
    for player in data["players"]:
        held.update(player["hand"])
    pack = Counter(blank.rules.deck(blank.options, len(blank.players)))
    extra, missing = held - pack, pack - held
    if extra or missing:
        detail = [
            f"{label}: {', '.join(map(str, cards.elements()))}"
            for label, cards in (("not in the pack or too often", extra), ("missing", missing))
            if cards
        ]
        raise RecordError(f"position: the cards are not the {data['variant']!r} pack ({'; '.join(detail)})")


def _take(left: Counter[Card], card: Card) -> bool:
    if left[card] > 0:
        left[card] -= 1
        return True
    return False
