"""
The Starlette application: pages, a small JSON API, and one websocket per open page.

Routes:

* ``GET /``: the page that creates a table.
* ``GET /api/variants``: the installed variants, their player counts and options, and the bot levels.
* ``POST /api/tables``: create a table from JSON (see `Lobby.create`); answers with its links.
* ``POST /api/tables/load``: host a table saved by ``GET /tables/{id}/save?key=...``, with new links.
* ``GET /tables/{id}/play?seat=N&token=T`` and ``GET /tables/{id}/watch``: the table page.
* ``WS /tables/{id}/ws`` (with the page's query): state messages out, ``act``/``decline`` requests in.
"""

from __future__ import annotations

import hmac
import json
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .._table import Table
from ..exceptions import MaumauError
from ..plugins import variants
from ._lobby import Lobby, Watcher

__all__ = ["create_app"]

#: The websocket close code for a page whose link is wrong (an unknown table, a bad token).
REFUSED = 4403


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(files("maumau.web").joinpath("static", name).read_text(encoding="utf-8"))


def create_app(lobby: Lobby | None = None) -> Starlette:
    """
    The web table as an ASGI application; *lobby* holds its tables (a new, empty one by default).

    .. versionadded:: 0.2.0
    """
    tables = lobby if lobby is not None else Lobby()

    async def index(request: Request) -> Response:
        return _page("index.html")

    async def table_page(request: Request) -> Response:
        if request.path_params["id"] not in tables.tables:
            return HTMLResponse("<h1>No such table</h1><p>It may have ended with a server restart.</p>", 404)
        return _page("table.html")

    async def variant_list(request: Request) -> Response:
        found = [
            {
                "name": name,
                "summary": info.summary,
                "players": [info.seats.start, info.seats.stop - 1],
                "options": [option.describe() for option in info.options],
            }
            for name, info in variants().items()
        ]
        return JSONResponse({"variants": found, "levels": list(Table.levels())})

    async def create(request: Request) -> Response:
        try:
            spec: Any = await request.json()
        except ValueError:
            return JSONResponse({"error": "the request body must be JSON"}, 400)
        try:
            hosted = tables.create(spec)
        except MaumauError as error:
            return JSONResponse({"error": str(error)}, 400)
        return JSONResponse(tables.links(hosted, str(request.base_url)), 201)

    async def load(request: Request) -> Response:
        try:
            table = Table.from_json(await request.body())
        except MaumauError as error:
            return JSONResponse({"error": str(error)}, 400)
        return JSONResponse(tables.links(tables.host(table), str(request.base_url)), 201)

    async def save(request: Request) -> Response:
        hosted = tables.tables.get(request.path_params["id"])
        if hosted is None or not hmac.compare_digest(hosted.key, request.query_params.get("key", "")):
            return JSONResponse({"error": "no such table, or a wrong key"}, 404)
        return Response(hosted.table.to_json(), media_type="application/json")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        hosted = tables.tables.get(websocket.path_params["id"])
        seat_text = websocket.query_params.get("seat")
        seat = int(seat_text) if seat_text is not None and seat_text.isdigit() else None
        token = websocket.query_params.get("token", "")
        if hosted is None or (seat_text is not None and (seat is None or not hosted.admits(seat, token))):
            await websocket.send_text(json.dumps({"type": "error", "message": "this link is not valid for this table"}))
            await websocket.close(REFUSED)
            return
        watcher = Watcher(websocket, seat)
        hosted.watchers.append(watcher)
        try:
            await websocket.send_text(tables.message(hosted, watcher))
            while True:
                text = await websocket.receive_text()
                try:
                    request = json.loads(text)
                except ValueError:
                    request = None
                problem = tables.handle(hosted, watcher, request)
                if problem is not None:
                    await websocket.send_text(json.dumps({"type": "error", "message": problem}, ensure_ascii=False))
                    continue
                await tables.broadcast(hosted)
        except WebSocketDisconnect:
            pass
        finally:
            if watcher in hosted.watchers:
                hosted.watchers.remove(watcher)

    routes = [
        Route("/", index),
        Route("/api/variants", variant_list),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/load", load, methods=["POST"]),
        Route("/tables/{id}/play", table_page),
        Route("/tables/{id}/watch", table_page),
        Route("/tables/{id}/save", save),
        WebSocketRoute("/tables/{id}/ws", socket),
        Mount("/static", StaticFiles(packages=[("maumau.web", "static")]), name="static"),
    ]
    return Starlette(routes=routes)
