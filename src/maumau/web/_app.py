"""
The Starlette application: pages, a small JSON API, and one websocket per open page.

Routes:

* ``GET /``: the page that creates a table.
* ``GET /api/variants``: the installed variants, their names, player counts, option controls, house rules and
  what their cards do (`maumau.web._catalogue`), the bot levels, the installed house rules.
* ``POST /api/tables``: create a table from JSON (see `Lobby.create`); answers with its links.
* ``POST /api/tables/load``: host a table saved by ``GET /tables/{id}/save?key=...``, with new links.
* ``GET /tables/{id}/position?key=...``: where the table stands, as a position's text (`maumau.to_position`), for
  the holder of the save key (it shows every hand, as the save does).
* ``GET /tables/{id}/play?seat=N&token=T`` and ``GET /tables/{id}/watch``: the table page.
* ``WS /tables/{id}/ws`` (with the page's query): state messages out, ``act``/``decline`` requests in.

Every input is bounded before any work is done for it (`Limits`), a
state-changing request must come from this server's own pages (its
``Origin``) as JSON, and every bad input is answered with a 4xx, or a
websocket close with a code and a short reason, never with a 500 or an echo
of what was sent.  Bots, replays and loads run off the event loop, one
request per table at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .._house_rules import house_rule_names
from .._position import to_position
from .._table import Table
from ..exceptions import MaumauError
from ._catalogue import catalogue
from ._guard import Limits, RateLimiter, TooLarge, bounded_json, brief, network_of, same_origin, security_headers
from ._lobby import Hosted, Lobby, Watcher
from ._store import StoreError

__all__ = ["create_app"]

#: The websocket close code for a page whose link is wrong (an unknown table, a bad token) or a foreign origin.
REFUSED = 4403
#: Close codes of RFC 6455: data of a kind the server does not take, a policy broken, a message too big.
UNSUPPORTED, POLICY, TOO_BIG = 1003, 1008, 1009
#: The answer to a message above a page's rate, which is dropped unread.
_SLOW_DOWN = json.dumps({"type": "error", "message": "too many messages: this one was dropped, slow down"})

#: The answer to a new table that the store could not write.
UNSTORED = "the server could not save the table, so it was not made; try again in a moment"

#: A small icon, for the browsers that ask for /favicon.ico whatever the page says.
_ICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="3" y="1" width="10" height="14" rx="2" '
    b'fill="#fff" stroke="#1b5e20"/><text x="8" y="11" font-size="8" text-anchor="middle" fill="#c62828">'
    b"&#9829;</text></svg>"
)


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(files("maumau.web").joinpath("static", name).read_text(encoding="utf-8"))


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status)


async def _body(request: Request, limit: int) -> bytes:
    """
    The request's body, read only up to *limit* bytes: a longer one is refused before it is all read.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > limit:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _seat_of(text: str | None) -> int | bool | None:
    """
    The seat a page's query names: ``None`` for a spectator, ``False`` for no seat number at all.
    """
    if text is None:
        return None
    if not (text.isascii() and text.isdecimal() and len(text) <= 3):
        return False
    return int(text)


def create_app(lobby: Lobby | None = None, *, limits: Limits | None = None) -> Any:
    """
    The web table as an ASGI application; *lobby* holds its tables (a new, empty one by default).

    *limits* bound what the server takes (the lobby's own when not given).
    A lobby with a store brings back its stored tables first.

    .. versionadded:: 0.2.0
    """
    tables = lobby if lobby is not None else Lobby(limits=limits)
    bounds = limits if limits is not None else tables.limits
    creates = RateLimiter(bounds.creates_per_minute / 60.0, bounds.creates_per_minute)
    network_creates = RateLimiter(bounds.creates_per_network / 60.0, bounds.creates_per_network)
    tables.restore()

    def client_of(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    def checked(request: Request) -> Response | None:
        """
        A refusal for a state-changing request that is not JSON from this server's own pages, or too frequent.
        """
        if not same_origin(request.headers):
            return _refuse(403, "requests must come from this server's own pages")
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return _refuse(415, "the request body must be JSON (Content-Type: application/json)")
        if not creates.allow(client_of(request)):
            return _refuse(429, f"at most {bounds.creates_per_minute} tables a minute; try again shortly")
        if not network_creates.allow(network_of(client_of(request))):
            return _refuse(
                429, f"at most {bounds.creates_per_network} tables a minute from one network; try again shortly"
            )
        return None

    async def index(request: Request) -> Response:
        return _page("index.html")

    async def icon(request: Request) -> Response:
        found = files("maumau.web").joinpath("static", "favicon.svg")
        body = found.read_bytes() if found.is_file() else _ICON
        return Response(body, media_type="image/svg+xml")

    async def table_page(request: Request) -> Response:
        if request.path_params["id"] not in tables.tables:
            return HTMLResponse("<h1>No such table</h1><p>It may have ended, or closed after a long pause.</p>", 404)
        return _page("table.html")

    async def variant_list(request: Request) -> Response:
        found = await asyncio.to_thread(catalogue)  # names, option controls, house rules, what the cards do
        return JSONResponse({"variants": found, "levels": list(Table.levels()), "house_rules": house_rule_names()})

    async def create(request: Request) -> Response:
        refused = checked(request)
        if refused is not None:
            return refused
        try:
            spec = bounded_json(await _body(request, bounds.body_bytes))
        except TooLarge:
            return _refuse(413, f"a table's description has at most {bounds.body_bytes} bytes")
        except ValueError:
            return _refuse(400, "the request body must be JSON")
        try:
            hosted = await asyncio.to_thread(tables.create, spec, client=client_of(request))  # off the event loop
        except StoreError:
            return _refuse(503, UNSTORED)
        except MaumauError as error:
            return _refuse(400, brief(str(error), 300))
        tables.schedule(hosted)  # bots with moves left go on at once
        return JSONResponse(tables.links(hosted, str(request.base_url)), 201)

    async def load(request: Request) -> Response:
        refused = checked(request)
        if refused is not None:
            return refused
        try:
            text = await _body(request, bounds.save_bytes)
        except TooLarge:
            return _refuse(413, f"a save has at most {bounds.save_bytes} bytes")

        def hosted() -> Hosted:
            # installed house rules only: nothing a save says is imported
            return tables.host(Table.from_json(text), client=client_of(request))

        try:
            made = await asyncio.to_thread(hosted)  # a replay: off the event loop
        except StoreError:
            return _refuse(503, UNSTORED)
        except MaumauError as error:
            return _refuse(400, brief(str(error), 300))
        tables.schedule(made)
        return JSONResponse(tables.links(made, str(request.base_url)), 201)

    async def save(request: Request) -> Response:
        hosted = tables.tables.get(request.path_params["id"])
        if hosted is None or not hosted.opens_save(request.query_params.get("key", "")):
            return _refuse(404, "no such table, or a wrong key")
        async with hosted.lock:
            text = await asyncio.to_thread(hosted.table.to_json)
        return Response(text, media_type="application/json")

    async def position(request: Request) -> Response:
        # Every hand and the draw pile's order, as the save shows them: for the holder of the save key alone.
        hosted = tables.tables.get(request.path_params["id"])
        if hosted is None or not hosted.opens_save(request.query_params.get("key", "")):
            return _refuse(404, "no such table, or a wrong key")
        async with hosted.lock:
            text = to_position(hosted.table.state)
        return PlainTextResponse(text)

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(REFUSED, "pages of other sites may not open a table")
            return
        await websocket.accept()
        hosted = tables.tables.get(websocket.path_params["id"])
        seat = _seat_of(websocket.query_params.get("seat"))
        token = websocket.query_params.get("token", "")
        if hosted is None or seat is False or (seat is not None and not hosted.admits(int(seat), token)):
            await websocket.send_text(json.dumps({"type": "error", "message": "this link is not valid for this table"}))
            await websocket.close(REFUSED)
            return
        watcher = Watcher(websocket, None if seat is None else int(seat))
        tables.join(hosted, watcher)
        speaking = RateLimiter(bounds.messages_per_second, bounds.burst)
        dropping = RateLimiter(1.0, bounds.dropped)
        try:
            async with hosted.lock:  # the table as stored: never a move whose write is still under way
                first = tables.message(hosted, watcher)
            await asyncio.wait_for(websocket.send_text(first), bounds.send_seconds)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    await websocket.close(UNSUPPORTED, "text messages only")
                    break
                if watcher.seat is None:
                    await websocket.close(POLICY, "spectators send nothing")
                    break
                if len(text) > bounds.frame_bytes:
                    await websocket.close(TOO_BIG, f"a message has at most {bounds.frame_bytes} bytes")
                    break
                if not speaking.allow(""):
                    if not dropping.allow(""):
                        await websocket.close(POLICY, "too many messages")
                        break
                    await asyncio.wait_for(websocket.send_text(_SLOW_DOWN), bounds.send_seconds)
                    continue
                problem = await _handled(hosted, watcher, text)
                if problem is not None:
                    error = {"type": "error", "message": problem}
                    await asyncio.wait_for(websocket.send_text(json.dumps(error)), bounds.send_seconds)
                    continue
                await tables.broadcast(hosted)
        except (WebSocketDisconnect, TimeoutError, RuntimeError):
            pass
        finally:
            tables.leave(hosted, watcher)
            if websocket.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()

    async def _handled(hosted: Hosted, watcher: Watcher, text: str) -> str | None:
        try:
            request = bounded_json(text)
        except ValueError:
            return "a request must be a JSON object"
        async with hosted.lock:  # one request per table at a time, its bots off the event loop
            return await asyncio.to_thread(tables.handle, hosted, watcher, request)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def sweep() -> None:
            while True:
                await asyncio.sleep(60)
                tables.expire()

        for hosted in list(tables.tables.values()):  # restored tables: reaction windows and bots go on
            tables.schedule(hosted)
        task = asyncio.create_task(sweep())
        try:
            yield
        finally:
            task.cancel()

    routes = [
        Route("/", index),
        Route("/favicon.ico", icon),
        Route("/api/variants", variant_list),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/load", load, methods=["POST"]),
        Route("/tables/{id}/play", table_page),
        Route("/tables/{id}/watch", table_page),
        Route("/tables/{id}/save", save),
        Route("/tables/{id}/position", position),
        WebSocketRoute("/tables/{id}/ws", socket),
        Mount("/static", StaticFiles(packages=[("maumau.web", "static")]), name="static"),
    ]
    return security_headers(Starlette(routes=routes, lifespan=lifespan))
