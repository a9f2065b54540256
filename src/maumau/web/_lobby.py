"""
The tables a server hosts: each `maumau.Table` with its seats' secret tokens and the pages watching it.

A join link carries its seat's token; whoever holds it plays that seat,
and nobody else can, since the server checks the token on every
connection.  Bots' seats have no token.  Spectators need none: they see
the spectator's view only.  After every change the server sends each
connected page its new view and the events it has not had yet, and sets a
timer for the reaction window's deadline, when the table decides itself.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
from collections.abc import Mapping
from typing import Any, Protocol

from attrs import define, field

from .._actions import Action
from .._options import parse_option
from .._serialize import from_json
from .._table import Seat, Table
from ..bots import acting_seat
from ..exceptions import MaumauError, TableError, UnknownVariantError
from ..plugins import variant_names
from ._render import events_data, render, table_setup

__all__ = ["STALE", "Hosted", "Lobby", "Socket", "Watcher"]

#: How a refusal of a request made on an old state begins.
STALE = "too late"


class Socket(Protocol):
    """
    What the lobby needs of a websocket: sending text.
    """

    async def send_text(self, data: str) -> None: ...  # pragma: no cover


@define(eq=False)
class Watcher:
    """
    One connected page: its socket, the seat it plays (``None``: a spectator), the events it has had.
    """

    socket: Socket
    seat: int | None
    sent: int = 0


@define(eq=False)
class Hosted:
    """
    One hosted table: the table, each seat's token (``None`` for a bot), the pages watching it.
    """

    id: str
    table: Table
    tokens: tuple[str | None, ...]
    key: str
    watchers: list[Watcher] = field(factory=list)
    timer: asyncio.TimerHandle | None = None
    sending: asyncio.Future[None] | None = None

    def admits(self, seat: int, token: str) -> bool:
        """
        Whether *token* is the secret of *seat*, a person's seat.
        """
        if not 0 <= seat < len(self.tokens):
            return False
        expected = self.tokens[seat]
        return expected is not None and hmac.compare_digest(expected, token)


class Lobby:
    """
    The tables of one server, by id; at most *limit* at once, so a busy server refuses instead of running out.

    A finished table nobody watches is forgotten when room is needed.
    """

    def __init__(self, *, limit: int = 1000) -> None:
        self.limit = limit
        self.tables: dict[str, Hosted] = {}

    # --- making tables ------------------------------------------------------------------

    def create(self, spec: Mapping[str, Any]) -> Hosted:
        """
        A new table from *spec*: ``variant``, ``seats`` (``[{"name": ..., "bot": level or null}]``),
        and optionally ``options`` (an object, or ``name=value`` lines as ``maumau play --option`` takes them),
        ``house_rules`` (``module:attribute`` names), ``seed`` and ``reaction_seconds``.

        Raises:
            TableError: *spec* is not such an object, or there are too many tables.
            MaumauError: the rules refuse the variant, an option or the seats.
        """
        self._make_room()
        seats = [_seat(entry) for entry in _field(spec, "seats", list)]
        options = _options(_field(spec, "options", (dict, list), {}))
        house_rules = [str(rule) for rule in _field(spec, "house_rules", list, [])]
        seed = _field(spec, "seed", int, None)
        reaction = _field(spec, "reaction_seconds", (int, float), None)
        variant = str(_field(spec, "variant", str))
        known = variant_names()
        if variant not in known:  # by name only: a request never makes the server read a file (a profile's path)
            raise UnknownVariantError(variant, known)
        table = Table(
            variant,
            seats,
            seed=seed,
            options=options,
            house_rules=house_rules,
            reaction_seconds=None if reaction is None else float(reaction),
        )
        return self.host(table)

    def host(self, table: Table) -> Hosted:
        """
        Host *table* (a new one or one restored from a save) under a new id, with new tokens.
        """
        self._make_room()
        tokens = tuple(None if seat.is_bot else secrets.token_urlsafe(16) for seat in table.seats)
        hosted = Hosted(secrets.token_urlsafe(8), table, tokens, secrets.token_urlsafe(16))
        self.tables[hosted.id] = hosted
        return hosted

    def links(self, hosted: Hosted, base: str) -> dict[str, Any]:
        """
        The join link of each person's seat, the spectators' link and the save link, under *base*.
        """
        prefix = f"{base.rstrip('/')}/tables/{hosted.id}"
        return {
            "id": hosted.id,
            "seats": [
                {
                    "seat": number,
                    "name": seat.name,
                    "bot": seat.bot,
                    "url": None if token is None else f"{prefix}/play?seat={number}&token={token}",
                }
                for number, (seat, token) in enumerate(zip(hosted.table.seats, hosted.tokens, strict=True))
            ],
            "watch": f"{prefix}/watch",
            "save": f"{prefix}/save?key={hosted.key}",
        }

    def _make_room(self) -> None:
        """
        At the limit, forget the finished tables nobody watches; refuse when that frees nothing.
        """
        if len(self.tables) < self.limit:
            return
        for key, hosted in list(self.tables.items()):
            if hosted.table.state.is_over and not hosted.watchers:
                del self.tables[key]
        if len(self.tables) >= self.limit:
            raise TableError(f"this server hosts {self.limit} tables already; try again later")

    # --- playing ------------------------------------------------------------------------

    def message(self, hosted: Hosted, watcher: Watcher) -> str:
        """
        The state message for *watcher*: its view and the events it has not been sent yet.
        """
        table = hosted.table
        seen = table.spectate() if watcher.seat is None else table.view(watcher.seat)
        events = table.history(watcher.seat, watcher.sent)
        names = tuple(seat.name for seat in table.seats)
        first = watcher.sent
        watcher.sent += len(events)
        deadline = table.deadline
        return json.dumps(
            {
                "type": "state",
                "version": table.version,
                "table": render(seen, waiting=table.waiting_for(), actor=acting_seat(table.state)),
                "events": events_data(events, names, watcher.seat, first),
                "deadline_in": None if deadline is None else max(0.0, deadline - time.monotonic()),
                "setup": table_setup(table) if first == 0 else None,  # the page keeps it from its first message
            },
            ensure_ascii=False,
        )

    def handle(self, hosted: Hosted, watcher: Watcher, request: object) -> str | None:
        """
        Carry out one request of a page: ``{"type": "act", "action": {...}}`` or ``{"type": "decline"}``.

        A request may carry the ``version`` of the state the page showed; when the table has moved on
        since, the request is refused as stale, so that a click never lands on a state its player did not see.

        Returns an error message for the page, or ``None`` when the table changed.
        """
        if watcher.seat is None:
            return "spectators cannot act"
        if not isinstance(request, dict):
            return "a request must be a JSON object"
        seen = request.get("version")
        if seen is not None and seen != hosted.table.version:
            return f"{STALE}: the table is at move {hosted.table.version}, the page showed move {seen}"
        try:
            if request.get("type") == "act":
                action = from_json(json.dumps(request.get("action")), Action)
                hosted.table.act(watcher.seat, action)
            elif request.get("type") == "decline":
                hosted.table.decline(watcher.seat)
            else:
                return f"unknown request type {request.get('type')!r}; expected 'act' or 'decline'"
        except MaumauError as error:
            return str(error)
        return None

    async def broadcast(self, hosted: Hosted) -> None:
        """
        Send every page of *hosted* its new state, forget pages that are gone, and set the deadline timer.
        """
        for watcher in list(hosted.watchers):
            try:
                await watcher.socket.send_text(self.message(hosted, watcher))
            except Exception:  # a page that closed: it reconnects with a fresh watcher
                if watcher in hosted.watchers:
                    hosted.watchers.remove(watcher)
        self._schedule(hosted)

    def _schedule(self, hosted: Hosted) -> None:
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        deadline = hosted.table.deadline
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        hosted.timer = loop.call_later(max(0.0, deadline - time.monotonic()) + 0.01, self._expire, hosted)

    def _expire(self, hosted: Hosted) -> None:
        hosted.timer = None
        if hosted.table.advance():
            hosted.sending = asyncio.ensure_future(self.broadcast(hosted))
        else:
            self._schedule(hosted)


def _field(spec: Mapping[str, Any], name: str, kind: type | tuple[type, ...], *default: Any) -> Any:
    """
    *spec[name]*, which must be of *kind* (or ``null`` where a default is given).
    """
    if not isinstance(spec, Mapping):
        raise TableError("a table is described by a JSON object")
    if name not in spec or (default and spec[name] is None):
        if default:
            return default[0]
        raise TableError(f"a table needs {name!r}")
    value = spec[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise TableError(f"{name!r} has the wrong type: {value!r:.60}")
    return value


def _options(given: dict[str, Any] | list[Any]) -> dict[str, Any]:
    """
    The options as an object, or as lines of ``name=value`` text read as ``maumau play --option`` reads them.
    """
    if isinstance(given, dict):
        return given
    try:
        return dict(parse_option(str(line)) for line in given)
    except ValueError as error:
        raise TableError(f"options: {error}") from None


def _seat(entry: object) -> Seat:
    if isinstance(entry, str):
        return Seat(entry)
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise TableError(f"a seat is a name or an object with a name, got {entry!r:.60}")
    bot = entry.get("bot") or None
    if bot is not None and not isinstance(bot, str):
        raise TableError(f"a seat's bot is a level's name, got {bot!r:.60}")
    return Seat(entry["name"], bot)
