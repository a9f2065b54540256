"""
What the browser gets: a seat's view or the spectator's as plain JSON, with sentences for actions and events.

The page draws only what it is sent.  A card carries its code (the form
used in JSON, ``"7h"``), its text (``"7♥"``) and a colour class, so the
page can draw a French suit or a colour deck's colour alike.  Each legal
action carries a sentence for its button and its own JSON, which the page
sends back unchanged to take it.  The sentences are `maumau.Narrator`'s,
the same the terminal prints: the seat's own moves in the second person.

A play of several cards is one action per card: a card that more cards
follow is listed with ``more``, and while the play is open, ``playing``
holds its cards so far and only the cards that may follow are listed.  The
page clicks them one at a time, as a player would.

A slot's value is drawn as a board when its class has a method
``__maumau_board__()`` (see `board_data`): sau-mau-mau's race board does,
and so may any other game's, without the page knowing the game.  Any other
slot a game shows is sent as its text.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from .._actions import Action, ChooseSuit, PlayCard, Resign
from .._card_notes import rule_lines
from .._cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card
from .._events import (
    CardPlayed,
    CardsDrawn,
    Event,
    Passed,
    PenaltyDrawn,
    PlayerResigned,
    SuitWished,
    TurnSkipped,
)
from .._front import tell_move
from .._narration import Narrator, cards_word, plural
from .._options import Option
from .._serialize import to_json
from .._spectator import SpectatorView
from .._state import RoundResult
from .._table import Table
from .._view import PlayerView

__all__ = [
    "action_text",
    "board_data",
    "card_data",
    "event_data",
    "event_text",
    "events_data",
    "match_goal",
    "render",
    "suit_data",
    "table_setup",
]

#: The colour class of each French suit: a four-colour pack, so that no two suits look alike.
_SUIT_COLOURS = {HEARTS: "red", DIAMONDS: "blue", CLUBS: "green", SPADES: "black"}
#: The French suits' names, for a button that names a suit.
_SUIT_NAMES = {HEARTS: "hearts", DIAMONDS: "diamonds", CLUBS: "clubs", SPADES: "spades"}
#: A colour class a board may ask for: a short lowercase word.
_COLOUR_CLASS = re.compile(r"[a-z][a-z0-9-]{0,23}")
#: The most rows, cells in a row and notes a board may send, and the longest text of each.
_BOARD_LIMITS = {"rows": 24, "cells": 120, "notes": 24, "text": 200}

#: Options whose whole number counts the parts of a match, by the singular of their name.
_MATCH_PARTS = {"races": "race", "games": "game", "rounds": "round", "deals": "deal", "hands": "hand"}
#: What a ``target`` option's description says a 0 means: "0 means 100 points per player", "0: one deal".
_TARGET_ZERO = re.compile(r"\b0(?: means|:| plays)\s+([^;,.()]+)")
_PER_PLAYER = re.compile(r"(\d+) points per player")


@functools.lru_cache(maxsize=4096)
def card_data(card: Card) -> dict[str, str | bool]:
    """
    A card for the page: its code, its text and its colour class.

    The same card gets the same dictionary (a page sends hundreds a second): read it, never change it.
    """
    suit = card.suit or ""
    return {
        "code": card.code,
        "text": str(card),
        "rank": card.rank,
        "suit": suit,
        "french": card.is_french,
        "colour": _SUIT_COLOURS.get(suit, suit or "none"),
    }


def suit_data(suit: str) -> dict[str, str]:
    """
    A suit for a button: its symbol (or a colour deck's colour), its name and its colour class.
    """
    return {"symbol": suit, "name": _SUIT_NAMES.get(suit, suit), "colour": _SUIT_COLOURS.get(suit, suit)}


def action_text(action: Action, names: Sequence[str], seen: PlayerView | None = None) -> str:
    """
    The button's sentence for *action*, without the seat that takes it: ``play 7♥ and say 'Mau'``.
    """
    return Narrator(names, None if seen is None else seen.seat).action(action, seen)


def event_text(event: Event, names: Sequence[str], seat: int | None = None) -> str:
    """
    One line of the event log, told to *seat* (``None``: a spectator).
    """
    return Narrator(names, seat).event(event)


def _move(event: Event, narrator: Narrator) -> dict[str, Any] | None:
    """
    What *event* shows beside its seat as the seat's last move, or ``None`` when it is no move of a seat.
    """
    if isinstance(event, CardPlayed):
        return {
            "text": "jumped in" if event.out_of_turn else "played",
            "card": card_data(event.card),
            "more": event.more,
            "said": event.call,
        }
    if isinstance(event, (CardsDrawn, PenaltyDrawn)):
        penalty = " penalty" if isinstance(event, PenaltyDrawn) else ""
        return {"text": f"drew {cards_word(event.count, penalty)}" if event.count else "could not draw"}
    if isinstance(event, Passed):
        return {"text": "passed"}
    if isinstance(event, TurnSkipped):
        return {"text": "skipped"}
    if isinstance(event, SuitWished):
        return {"text": "wished", "suit": suit_data(event.suit)}
    if isinstance(event, PlayerResigned):
        return {"text": "resigned"}
    told = tell_move(event, narrator)  # a mechanic's move: "wished for 7s", "challenged Ann"
    return None if told is None else {"text": told}


def event_data(event: Event, narrator: Narrator, number: int) -> dict[str, Any]:
    """
    One event for the page: its number in the log, its sentence, its kind, its seat, and the move it shows.

    The page writes the sentence into the log and the move beside the seat
    (the card played, "drew 2 cards", "passed"), so that each seat's last
    move stays on the table; it paces the moves of the others, so that they
    can be followed.
    """
    seat = getattr(event, "seat", None)
    return {
        "n": number,
        "text": narrator.event(event),
        "kind": event.kind,
        "seat": seat if isinstance(seat, int) else None,
        "move": _move(event, narrator),
    }


def events_data(events: Sequence[Event], names: Sequence[str], seat: int | None, first: int) -> list[dict[str, Any]]:
    """
    *events* for the page of *seat* (``None``: a spectator), numbered in the log from *first* on (`event_data`).
    """
    narrator = Narrator(names, seat)
    return [event_data(event, narrator, first + n) for n, event in enumerate(events)]


# --- boards -------------------------------------------------------------------------------------


def _text(value: object) -> str:
    return str(value)[: _BOARD_LIMITS["text"]]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _colour(value: object) -> str | None:
    return value if isinstance(value, str) and _COLOUR_CLASS.fullmatch(value) else None


def _items(value: object, limit: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        return []
    return list(value[: _BOARD_LIMITS[limit]])


def board_data(value: object, narrator: Narrator) -> dict[str, Any] | None:
    """
    A slot's value drawn as a board, when its class draws itself; ``None`` for any other value.

    A board's class has a method ``__maumau_board__()`` that returns a mapping of plain values:

    * ``title``: a line above the board;
    * ``rows``: each a mapping with ``label``, ``cells`` (a list of short texts, ``""`` for an empty
      cell), ``marked`` (the indices of cells to highlight, such as a finish), ``value`` (a text after
      the row) and ``colour`` (a colour class for the row, such as ``"pink"``);
    * ``notes``: each a mapping with ``text``, ``colour`` and ``faded`` (a note that counts for
      nothing yet), shown in a line under the rows after ``notes_title``.

    Every key may be left out.  Texts that name "seat N" show the seat's name ("you" for the page's own seat);
    a row's label begins with a capital.
    A method that fails or returns anything else leaves the value shown as its text.
    """
    draw = getattr(type(value), "__maumau_board__", None)
    if draw is None:
        return None
    try:
        raw = draw(value)
    except Exception:  # a game's board must never break the page: its text is shown instead
        return None
    if not isinstance(raw, Mapping):
        return None
    rows = []
    for row in _items(raw.get("rows"), "rows"):
        if not isinstance(row, Mapping):
            continue
        cells = [_text(cell) for cell in _items(row.get("cells"), "cells")]
        marked = [index for index in _items(row.get("marked"), "cells") if isinstance(index, int)]
        rows.append(
            {
                "label": _capitalised(narrator.of_seats(_text(row.get("label", "")))),
                "cells": cells,
                "marked": marked,
                "value": narrator.of_seats(_text(row.get("value", ""))),
                "colour": _colour(row.get("colour")),
            }
        )
    notes = [
        {
            "text": narrator.of_seats(_text(note.get("text", ""))),
            "colour": _colour(note.get("colour")),
            "faded": bool(note.get("faded", False)),
        }
        for note in _items(raw.get("notes"), "notes")
        if isinstance(note, Mapping)
    ]
    return {
        "title": narrator.of_seats(_text(raw.get("title", ""))),
        "rows": rows,
        "notes_title": _text(raw.get("notes_title", "")),
        "notes": notes,
    }


# --- the match ----------------------------------------------------------------------------------


def match_goal(options: Mapping[str, object], declared: Sequence[Option], players: int) -> str | None:
    """
    What ends the match, in a few words, as the game's options say it: "to 300 points", "4 races", "one deal".

    Read from the options a game declares: a count of races, games or rounds;
    ``single_round``; a ``target`` of points, where the option's own
    description says what a 0 means ("0 means 100 points per player").
    ``None`` when the options say nothing about it.
    """
    docs = {option.name: option.doc for option in declared}
    for name, singular in _MATCH_PARTS.items():
        count = options.get(name)
        if name in docs and isinstance(count, int) and not isinstance(count, bool):
            return plural(count, singular)
    if options.get("single_round") is True:
        return "one round"
    target = options.get("target")
    if "target" not in docs or not isinstance(target, int) or isinstance(target, bool):
        return None
    if target > 0:
        return f"to {target} points"
    zero = _TARGET_ZERO.search(docs["target"])
    if zero is None:
        return None
    meaning = zero.group(1).strip()
    per_player = _PER_PLAYER.fullmatch(meaning)
    return f"to {int(per_player.group(1)) * players} points" if per_player else meaning


def table_setup(table: Table) -> dict[str, Any]:
    """
    How *table* was set up, for the page's "new match" (a new table with the same settings) and its heading.

    The seed is left out, so that a new match deals anew.
    """
    state = table.state
    return {
        "variant": state.variant,
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in table.seats],
        "options": {
            name: [list(pair) for pair in value] if isinstance(value, tuple) else value
            for name, value in state.options.items()
        },
        "house_rules": list(table.house_rules),
        "reaction_seconds": table._reaction_seconds,  # not public on Table; this package is its own
        "goal": match_goal(state.options, state.rules.declared_options, len(state.players)),
        "rules": list(rule_lines(state.variant, state.options, len(state.players))),  # what the cards do
    }


def _style(style: str) -> str:
    """
    A status's style as a class the page knows: ``"call"``, ``"warn"`` or ``""``.
    """
    return style if style in ("call", "warn") else ""


def _summary(number: int | None, reason: str, winners: tuple[int, ...], points: tuple[int, ...]) -> dict[str, Any]:
    """
    A round's or the match's summary: its reason, winners and points (or totals).
    """
    return {"round": number, "reason": reason.replace("_", " "), "winners": list(winners), "points": list(points)}


def _round(result: RoundResult, last: bool) -> dict[str, Any]:
    """
    A finished round: its summary, and for the *last* one the hands as held when it ended (public once it is
    over); ``None`` for the others, which the page does not show.
    """
    hands = [[card_data(card) for card in hand] for hand in result.hands] if last else None
    return {**_summary(result.round, result.reason, result.winners, result.points), "hands": hands}


def _actions_data(seen: PlayerView, narrator: Narrator, actor: int | None) -> list[dict[str, Any]]:
    """
    The moves *seen* offers, as buttons: each with its number, its words and what the page draws it with.
    """
    actions = []
    for number, action in enumerate(seen.legal_actions):
        play = action if isinstance(action, PlayCard) else None
        actions.append(
            {
                "id": number,
                "kind": action.kind,
                "text": narrator.action(action, seen),
                "card": None if play is None else play.card.code,
                "call": None if play is None else play.call,
                "more": play is not None and play.more,
                "suit": suit_data(action.suit) if isinstance(action, ChooseSuit) else None,
                "reaction": actor != seen.seat and not isinstance(action, Resign),
                "action": json.loads(to_json(action)),
            }
        )
    return actions


def _slots_data(seen: PlayerView | SpectatorView, narrator: Narrator) -> tuple[list[Any], list[list[str]]]:
    """
    A variant's own slots (the mechanics' are in the status): the boards that draw themselves, and the rest as text.
    """
    boards = []
    slots = []
    for name, value in narrator.slots(seen):
        drawn = board_data(value, narrator)
        if drawn is not None:
            boards.append(drawn)
        else:
            slots.append([name.replace("_", " "), narrator.of_seats(str(value))])
    return boards, slots


def _seat_data(seen: PlayerView | SpectatorView, actor: int | None) -> dict[str, Any]:
    """
    What only a seat's page gets: its hand, the card it drew and its moves (``None`` and none for a spectator).
    """
    if not isinstance(seen, PlayerView):
        return {"seat": None, "hand": None, "drawn": None, "actions": []}
    narrator = Narrator(seen.names, seen.seat)
    return {
        "seat": seen.seat,
        "hand": [card_data(card) for card in seen.hand],
        "drawn": None if seen.drawn is None else card_data(seen.drawn),
        "actions": _actions_data(seen, narrator, actor),
    }


def render(seen: PlayerView | SpectatorView, *, waiting: tuple[int, ...], actor: int | None) -> dict[str, Any]:
    """
    The table as *seen* (a seat's view or the spectator's), ready for ``json.dumps``.

    *waiting* are the people the table waits for and *actor* the seat to act: a waited-for seat that is not
    to act is in a reaction window, and may let it pass.  ``status`` holds the mechanics' parts of the table
    (`maumau.Status`: a wished rank, a call open to a challenge), each with its label, its words for this
    page's seat and its style (``"call"``, ``"warn"`` or ``""``).
    """
    mine = _seat_data(seen, actor)
    seat = mine["seat"]
    narrator = Narrator(seen.names, seat)
    boards, slots = _slots_data(seen, narrator)
    result = seen.result
    status = narrator.status(seen)
    pending = seen.pending
    return {
        "variant": seen.variant,
        "seat": seat,
        "names": list(seen.names),
        "hand": mine["hand"],
        "drawn": mine["drawn"],
        "hand_sizes": list(seen.hand_sizes),
        "top": card_data(seen.top),
        "discards": len(seen.discard_pile),
        "draw_pile": seen.draw_pile_size,
        "round": seen.round,
        "to_move": seen.to_move,
        "direction": seen.direction,
        "wish": None if seen.wish is None else suit_data(seen.wish),
        "debt": seen.debt,
        "skips": seen.skips,
        "playing": [card_data(card) for card in seen.playing],
        "again": seen.again,
        "waits": list(seen.waits),
        "status": [{"label": record.label, "text": record.text, "style": _style(record.style)} for record in status],
        "pending": None
        if pending is None
        else {"seat": pending.seat, "kind": pending.kind.replace("_", " "), "amount": pending.amount},
        "resigned": list(seen.resigned),
        "scores": list(seen.scores),
        "rounds": [_round(r, n == len(seen.rounds) - 1) for n, r in enumerate(seen.rounds)],
        "result": None if result is None else _summary(None, result.reason, result.winners, result.totals),
        "boards": boards,
        "placed": [seat for record in status for seat in record.finished],
        "slots": slots,
        "actions": mine["actions"],
        "waiting": list(waiting),
        "actor": actor,
        "may_decline": seat is not None and seat in waiting and seat != actor,
    }
