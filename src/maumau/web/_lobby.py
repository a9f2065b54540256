"""
The tables a server hosts: each `maumau.Table` with its seats' secret tokens and the pages watching it.

A join link carries its seat's token; whoever holds it plays that seat,
and nobody else can, since the server checks the token on every
connection.  Only the token's SHA-256 is kept (in memory and in the
`Store`), so a stolen database opens no seat.  Bots' seats have no token.
Spectators need none: they see the spectator's view only.  After every
change the server stores the table, then sends each connected page its new
view and the events it has not had yet, and sets a timer for the reaction
window's deadline, when the table decides itself.

A change is accepted only once it is stored: when the store cannot write it
(`StoreError`), the table goes back to what the store holds, the page that
asked is told that the table could not save, and nothing else is sent;
bots try again a little later.

Every method that may run bots, replay a save or write the store is plain
and blocking; the application calls them off the event loop, one request
per table at a time (`Hosted.lock`), so that a table of thinking bots never
holds up another table's pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import math
import secrets
import sys
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from attrs import define, field

from .._actions import Action
from .._house_rules import house_rule_names
from .._options import parse_option
from .._profile_rules import profile_house_rules
from .._serialize import from_json, to_json
from .._table import Seat, Table
from ..bots import acting_seat
from ..exceptions import MaumauError, TableError, UnknownVariantError, shorten
from ..plugins import variant_names
from ._guard import Limits, brief, network_of
from ._render import events_data, render, table_setup
from ._store import CHECKPOINT, Store, StoreError, digest

__all__ = ["CLOSED", "STALE", "UNSAVED", "Hosted", "Lobby", "Socket", "Watcher"]

#: How a refusal of a request made on an old state begins.
STALE = "too late"
#: How a refusal of a move the store could not write begins.
UNSAVED = "the table could not save"
#: The refusal of a request on a table that has closed (idle, or its place given to a person's new table).
CLOSED = "this table has closed: nobody played it for a while, or the server needed its place"
#: Seconds after which bots whose moves could not be stored try again.
RETRY_SECONDS = 2.0
#: How long the bots of a table where no person sits think at a time: about one move, then `Limits.pace_seconds`.
UNATTENDED_THINK = 0.0005


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
    One hosted table: the table, the SHA-256 of each seat's token (``None`` for a bot) and of its save key, the
    pages watching it.

    *secrets* holds the tokens and the key themselves only while the links are being made, right after the
    table is hosted; a table brought back from the store has none.
    """

    id: str
    table: Table
    tokens: tuple[str | None, ...]
    key: str
    watchers: list[Watcher] = field(factory=list)
    timer: asyncio.TimerHandle | None = None
    sending: asyncio.Future[None] | None = None
    secrets: tuple[tuple[str | None, ...], str] | None = None
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    active: float = field(factory=time.monotonic)
    #: The moves of the table's last save in the store (``None``: not stored yet), and all the moves stored.
    saved: int | None = None
    stored: int = 0
    #: The last save stored (compressed) and the actions stored: what the table goes back to when a write fails.
    save: bytes = b""
    committed: tuple[Action, ...] = ()
    #: The digests of the client address and network that made the table (``""``: not known).
    owner: tuple[str, str] = ("", "")
    #: When a page was last open on the table (by the lobby's clock), and whether a person ever moved in it.
    watched: float = field(factory=time.monotonic)
    played: bool = False

    @property
    def unattended(self) -> bool:
        """
        Whether no person sits at the table: bots only.
        """
        return all(token is None for token in self.tokens)

    def admits(self, seat: int, token: str) -> bool:
        """
        Whether *token* is the secret of *seat*, a person's seat.
        """
        if not 0 <= seat < len(self.tokens):
            return False
        expected = self.tokens[seat]
        return expected is not None and hmac.compare_digest(expected, digest(token))

    def opens_save(self, key: str) -> bool:
        """
        Whether *key* is this table's save key.
        """
        return hmac.compare_digest(self.key, digest(key))


class Lobby:
    """
    The tables of one server, by id, within *limits*; kept in *store* when one is given.

    A busy server refuses instead of running out, and no client fills it:
    one client address (and one network: a /24 of IPv4, a /56 of IPv6) may
    have only so many tables at once, fewer of them with no person at the
    table; a table no page is open on for ``limits.unwatched_seconds`` is
    closed, and one nobody moved in for ``limits.idle_seconds`` (finished ones
    ten times sooner).  At the limit of tables, finished tables nobody watches
    are forgotten first, then, for a new table where a person sits, the oldest
    tables nobody plays in (no person has moved, or no person sits); only then
    is a person refused.  A table where no person sits plays at a person's
    pace, only while a page watches it, and stops after
    ``limits.unattended_moves`` moves.
    """

    def __init__(
        self,
        *,
        limit: int | None = None,
        limits: Limits | None = None,
        store: Store | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits if limits is not None else Limits()
        self.limit = limit if limit is not None else self.limits.tables
        self.store = store
        self.clock = clock
        self.tables: dict[str, Hosted] = {}

    # --- making tables ------------------------------------------------------------------

    def create(self, spec: Mapping[str, Any], *, client: str = "") -> Hosted:
        """
        A new table from *spec*: ``variant``, ``seats`` (``[{"name": ..., "bot": level or null}]``),
        and optionally ``options`` (an object, or ``name=value`` lines as ``maumau play --option`` takes them),
        ``house_rules`` (names of the game profile's own house rules and of installed ones), ``seed`` and
        ``reaction_seconds``.

        Nothing *spec* says is ever imported or read from a file: the variant and the house rules are names
        of installed ones.  *client* is the address that asks (see `host`).

        Raises:
            TableError: *spec* is not such an object, or there are too many tables.
            MaumauError: the rules refuse the variant, an option or the seats.
        """
        seats = [_seat(entry) for entry in _field(spec, "seats", list)]
        if len(seats) > 64:
            raise TableError(f"a table has at most 64 seats, not {len(seats)}")
        options = _options(_field(spec, "options", (dict, list), {}))
        house_rules = [_text(rule, "a house rule") for rule in _field(spec, "house_rules", list, [])]
        seed = _field(spec, "seed", int, None)
        reaction = _field(spec, "reaction_seconds", (int, float), None)
        if reaction is not None and not (math.isfinite(reaction) and 0 <= reaction <= 3600):
            raise TableError(f"reaction_seconds must be a number of seconds from 0 to 3600, not {shorten(reaction)}")
        variant = _text(_field(spec, "variant", str), "a variant")
        known = variant_names()
        if variant not in known:  # by name only: a request never makes the server read a file (a profile's path)
            raise UnknownVariantError(variant[:60], known)
        allowed = [*profile_house_rules(variant), *house_rule_names()]  # the game's own, then installed plugins
        for rule in house_rules:  # by name only: a request never makes the server import anything
            if rule not in allowed:
                raise TableError(
                    f"unknown house rule {shorten(rule)}; {variant}'s house rules: {', '.join(allowed) or 'none'}"
                )
        table = Table(
            variant,
            seats,
            seed=seed,
            options=options,
            house_rules=house_rules,
            reaction_seconds=None if reaction is None else float(reaction),
            think_seconds=self._think(seats),
        )
        return self.host(table, client=client)

    def host(self, table: Table, *, client: str = "") -> Hosted:
        """
        Host *table* (a new one or one restored from a save) under a new id, with new tokens; store it.

        *client* is the address that asks: it and its network may have only so many tables at once.

        Raises:
            TableError: the client, its network or the server has too many tables, or a table where no person
                sits has an option above ``limits.unattended_option``.
        """
        owner = (digest(client), digest(network_of(client))) if client else ("", "")
        unattended = all(seat.is_bot for seat in table.seats)
        self._admit(table, owner, unattended)
        self._make_room(person=not unattended)
        table.think_seconds = self._think(table.seats)
        tokens = tuple(None if seat.is_bot else secrets.token_urlsafe(16) for seat in table.seats)
        key = secrets.token_urlsafe(16)
        hosted = Hosted(
            secrets.token_urlsafe(8),
            table,
            tuple(None if token is None else digest(token) for token in tokens),
            digest(key),
            secrets=(tokens, key),
            active=self.clock(),
            owner=owner,
            watched=self.clock(),
        )
        self.tables[hosted.id] = hosted
        try:
            self.persist(hosted)
        except StoreError:
            del self.tables[hosted.id]
            raise
        return hosted

    def links(self, hosted: Hosted, base: str) -> dict[str, Any]:
        """
        The join link of each person's seat, the spectators' link and the save link, under *base*.

        Only right after `host`: the secrets are not kept, only their digests.
        """
        if hosted.secrets is None:
            raise TableError("the links of a table are given once, when it is made")
        tokens, key = hosted.secrets
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
                for number, (seat, token) in enumerate(zip(hosted.table.seats, tokens, strict=True))
            ],
            "watch": f"{prefix}/watch",
            "save": f"{prefix}/save?key={key}",
            "position": f"{prefix}/position?key={key}",
        }

    def persist(self, hosted: Hosted) -> None:
        """
        Write *hosted*'s new moves to the store (when there is one), committed before this returns.

        The moves since the table's last save are added one row each (about 70 bytes of the file); every
        100 moves, or half the moves of the last save when that is more, and when the table is new, its whole
        save is written instead (about 23 KB and 110 bytes a move of its match), so that a long match costs
        a few hundred bytes a move in all, not a save every hundred moves that grows with it.

        Raises:
            StoreError: the store could not write them; the table stays as it is (see `revert`).
        """
        hosted.active = self.clock()
        if self.store is None or hosted.id not in self.tables:
            return
        actions = hosted.table.state.actions
        every = max(CHECKPOINT, (hosted.saved or 0) // 2)  # a save grows with its match: its bytes stay linear
        if hosted.saved is None or len(actions) - hosted.saved >= every or len(actions) < hosted.stored:
            save = hosted.table.to_json()
            self.store.put(hosted.id, save, hosted.tokens, hosted.key, hosted.owner)
            hosted.save = zlib.compress(save.encode("utf-8"), 1)
            hosted.saved = hosted.stored = len(actions)
        elif len(actions) > hosted.stored:
            self.store.append(hosted.id, hosted.stored, [to_json(action) for action in actions[hosted.stored :]])
            hosted.stored = len(actions)
        hosted.committed = actions

    def revert(self, hosted: Hosted) -> None:
        """
        Take *hosted*'s table back to what the store holds of it: its last save and the moves stored since.

        The table a restart would bring back, so that no page is shown a change the store does not have.
        """
        table = Table.from_json(zlib.decompress(hosted.save))
        table.catch_up(hosted.committed[hosted.saved or 0 :])
        table.think_seconds = self._think(table.seats)
        hosted.table = table

    def restore(self) -> int:
        """
        Bring back every table of the store, under its id and with its links; the number brought back.

        A stored table this maumau cannot load (a game no longer installed) is reported and left in the store.
        """
        if self.store is None:
            return 0
        count = 0
        now, wall = self.clock(), time.time()
        for row in self.store.rows():
            try:
                table = Table.from_json(row.save)
                saved = len(table.state.actions)
                table.catch_up([from_json(move, Action) for move in row.moves])
            except MaumauError as error:
                print(f"maumau: table {row.id} not restored: {error}", file=sys.stderr)
                continue
            table.think_seconds = self._think(table.seats)
            since = now - max(0.0, wall - row.updated)  # its last move, as long ago as before the restart
            hosted = Hosted(row.id, table, row.tokens, row.key, active=since, owner=row.owner, watched=since)
            hosted.played = any(row.tokens[action.seat] is not None for action in table.state.actions)
            hosted.saved, hosted.stored = saved, len(table.state.actions)
            hosted.save, hosted.committed = zlib.compress(row.save.encode("utf-8"), 1), table.state.actions
            self.tables[row.id] = hosted
            count += 1
        return count

    def close(self, hosted: Hosted) -> None:
        """
        Forget *hosted*, here and in the store.
        """
        self.tables.pop(hosted.id, None)
        if hosted.timer is not None:
            hosted.timer.cancel()
        if self.store is not None:
            try:
                self.store.drop(hosted.id)
            except StoreError as error:  # forgotten here all the same; a restart brings it back, to expire again
                print(f"maumau: table {hosted.id} not dropped from the store: {error}", file=sys.stderr)

    def expire(self) -> int:
        """
        Close the tables no page was open on for ``limits.unwatched_seconds``, and those nobody moved in for
        ``limits.idle_seconds`` (finished ones, and stopped ones where no person sits, after a tenth of that).
        """
        now = self.clock()
        idle, unwatched = self.limits.idle_seconds, self.limits.unwatched_seconds
        stale = [
            hosted
            for hosted in list(self.tables.values())
            if now - hosted.active > (idle / 10 if self._over(hosted) else idle)
            or (not hosted.watchers and now - hosted.watched > unwatched)
        ]
        for hosted in stale:
            self.close(hosted)
        return len(stale)

    def join(self, hosted: Hosted, watcher: Watcher) -> None:
        """
        A page opens on *hosted*: it is watched (a table where no person sits plays on).
        """
        hosted.watchers.append(watcher)
        hosted.watched = self.clock()
        if hosted.unattended and hosted.timer is None and hosted.id in self.tables:
            self.schedule(hosted)

    def leave(self, hosted: Hosted, watcher: Watcher) -> None:
        """
        A page of *hosted* closes.
        """
        if watcher in hosted.watchers:
            hosted.watchers.remove(watcher)
        hosted.watched = self.clock()

    def _over(self, hosted: Hosted) -> bool:
        """
        Whether *hosted* plays no more: its match is over, or it has no person and played its moves.
        """
        table = hosted.table
        return table.state.is_over or (hosted.unattended and table.version >= self.limits.unattended_moves)

    def _think(self, seats: Sequence[Seat]) -> float:
        return UNATTENDED_THINK if all(seat.is_bot for seat in seats) else self.limits.think_seconds

    def _admit(self, table: Table, owner: tuple[str, str], unattended: bool) -> None:
        """
        Refuse a table its client or network may not have now, or one with no person and an option too large.
        """
        limits = self.limits
        if unattended:
            for name, value in table.state.options.items():
                if isinstance(value, int) and not isinstance(value, bool) and abs(value) > limits.unattended_option:
                    raise TableError(
                        f"a table where no person sits takes options up to {limits.unattended_option}; "
                        f"{name!r} is {shorten(value)}"
                    )
        if owner == ("", ""):
            return
        mine = [hosted for hosted in self.tables.values() if hosted.owner[1] == owner[1]]
        bounds = [(limits.tables_per_client, limits.tables_per_network, "tables")]
        if unattended:
            mine = [hosted for hosted in mine if hosted.unattended]
            bounds = [(limits.unattended_per_client, 2 * limits.unattended_per_client, "tables without a person")]
            if sum(hosted.unattended for hosted in self.tables.values()) >= limits.unattended_tables:
                raise TableError(f"this server hosts {limits.unattended_tables} tables without a person already")
        for per_client, per_network, what in bounds:
            if sum(hosted.owner[0] == owner[0] for hosted in mine) >= per_client:
                raise TableError(f"one address may have {per_client} {what} at once; close one or wait")
            if len(mine) >= per_network:
                raise TableError(f"one network may have {per_network} {what} at once; close one or wait")

    def _make_room(self, *, person: bool = True) -> None:
        """
        At the limit, forget idle tables, then the finished tables nobody watches, then (for a table where a
        person sits) the oldest tables nobody plays in; refuse when that frees nothing.
        """
        if len(self.tables) < self.limit:
            return
        self.expire()
        for hosted in list(self.tables.values()):
            if len(self.tables) < self.limit:
                break
            if self._over(hosted) and not hosted.watchers:
                self.close(hosted)
        if person:
            unplayed = [hosted for hosted in self.tables.values() if hosted.unattended or not hosted.played]
            for hosted in sorted(unplayed, key=lambda hosted: (bool(hosted.watchers), hosted.active)):
                if len(self.tables) < self.limit:
                    break
                self.close(hosted)
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
        if hosted.id not in self.tables:  # closed while its page was open: nothing more is stored, so nothing played
            return CLOSED
        hosted.active = self.clock()
        seen = request.get("version")
        if seen is not None and seen != hosted.table.version:
            return f"{STALE}: the table is at move {hosted.table.version}, the page showed move {shorten(seen)}"
        try:
            if request.get("type") == "act":
                action = from_json(json.dumps(request.get("action")), Action)
                hosted.table.act(watcher.seat, action)
            elif request.get("type") == "decline":
                hosted.table.decline(watcher.seat)
            else:
                return f"unknown request type {shorten(request.get('type'))}; expected 'act' or 'decline'"
        except MaumauError as error:
            return brief(str(error), 120)
        try:
            self.persist(hosted)
        except StoreError:
            self.revert(hosted)
            return f"{UNSAVED}, so this move did not happen; try again in a moment"
        hosted.played = True
        return None

    async def broadcast(self, hosted: Hosted) -> None:
        """
        Send every page of *hosted* its new state at once, drop pages that are gone or do not take it within
        ``limits.send_seconds``, and set the deadline timer.
        """
        watchers = list(hosted.watchers)
        messages = [self.message(hosted, watcher) for watcher in watchers]
        timeout = self.limits.send_seconds
        results = await asyncio.gather(
            *(asyncio.wait_for(w.socket.send_text(m), timeout) for w, m in zip(watchers, messages, strict=True)),
            return_exceptions=True,
        )
        for watcher, result in zip(watchers, results, strict=True):
            if isinstance(result, BaseException):  # closed, or a reader that does not read: it may reconnect
                if watcher in hosted.watchers:
                    hosted.watchers.remove(watcher)
                close = getattr(watcher.socket, "close", None)
                if close is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(close(1013), 1.0)
        self.schedule(hosted)

    def schedule(self, hosted: Hosted) -> None:
        """
        Set *hosted*'s timer for its table's `Table.deadline <maumau.Table.deadline>`: a reaction window
        closing, or bots to go on.
        """
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        deadline = hosted.table.deadline
        if deadline is None:
            return
        delay = max(0.0, deadline - time.monotonic()) + 0.01
        if hosted.unattended:  # nobody to wait for: at a person's pace, while a page watches, up to its moves
            if not hosted.watchers or self._over(hosted):
                return
            delay = max(delay, self.limits.pace_seconds)
        hosted.timer = asyncio.get_running_loop().call_later(delay, self._expire, hosted)

    def _expire(self, hosted: Hosted) -> None:
        hosted.timer = None
        hosted.sending = asyncio.ensure_future(self._advance(hosted))

    async def _advance(self, hosted: Hosted) -> None:
        """
        The reaction window's deadline: the table decides, its bots move (off the event loop), pages are told.
        """
        async with hosted.lock:
            moved = await asyncio.to_thread(self._advanced, hosted)
        if moved is None:  # not stored: the bots try again later
            if hosted.timer is not None:
                hosted.timer.cancel()
            hosted.timer = asyncio.get_running_loop().call_later(RETRY_SECONDS, self._expire, hosted)
        elif moved:
            await self.broadcast(hosted)
        else:
            self.schedule(hosted)

    def _advanced(self, hosted: Hosted) -> bool | None:
        """
        Whether the table moved on; ``None`` when it did but the store could not write it (and it went back).
        """
        if hosted.id not in self.tables:
            return False
        moved = hosted.table.advance()
        if moved:
            try:
                self.persist(hosted)
            except StoreError:
                self.revert(hosted)
                return None
        return moved


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
        raise TableError(f"{name!r} has the wrong type: {shorten(value)}")
    return value


def _options(given: dict[str, Any] | list[Any]) -> dict[str, Any]:
    """
    The options as an object, or as lines of ``name=value`` text read as ``maumau play --option`` reads them.
    """
    if isinstance(given, dict):
        return given
    options = {}
    for line in given:
        try:
            name, value = parse_option(str(line))
        except ValueError as error:
            raise TableError(f"options: {brief(str(error), 120)}") from None
        options[name] = value
    return options


def _text(value: object, what: str) -> str:
    """
    *value*, which must be a short text that UTF-8 can carry (no lone surrogate, no control character).
    """
    if not isinstance(value, str) or not 0 < len(value) <= 100:
        raise TableError(f"{what} is a text of 1 to 100 characters, not {shorten(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise TableError(f"{what} holds a character that is not text: {shorten(value)}") from None
    if any(ord(character) < 32 or 127 <= ord(character) < 160 for character in value):
        raise TableError(f"{what} holds a control character: {shorten(value)}")
    return value


def _seat(entry: object) -> Seat:
    if isinstance(entry, str):
        return Seat(_text(entry, "a seat's name"))
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise TableError(f"a seat is a name or an object with a name, got {shorten(entry)}")
    bot = entry.get("bot") or None
    if bot is not None and bot not in Table.levels():
        raise TableError(f"a seat's bot is one of the levels {', '.join(Table.levels())}, not {shorten(bot)}")
    return Seat(_text(entry["name"], "a seat's name"), None if bot is None else _text(bot, "a bot level"))
