"""
A reference web table: ``maumau serve`` hosts tables of people and bots for any installed variant.

It needs the optional extra: ``pip install 'maumau[web]'`` (Starlette,
uvicorn and websockets).  One process hosts many tables at once; each is a
`maumau.Table`, so the rules, the bots and the reaction windows are the
library's own, and the server only carries views to pages and actions back.
Tables are kept in a SQLite file (`maumau.web.Store`), so that a restart brings every
table back with the same links; the server bounds every input (`maumau.web.Limits`)
and may face the open internet.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import sys

from ._app import create_app
from ._guard import Limits
from ._lobby import Hosted, Lobby, Socket, Watcher
from ._store import Row, Store

__all__ = ["Hosted", "Limits", "Lobby", "Row", "Socket", "Store", "Watcher", "create_app", "serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    log_level: str = "info",
    db: str = ":memory:",
    limits: Limits | None = None,
) -> None:
    """
    Run the web table with uvicorn until interrupted, its tables kept in the SQLite file *db*.

    .. versionadded:: 0.2.0
    """
    import uvicorn

    # Bots think in threads: the event loop gets the interpreter back within a millisecond, not five, so that
    # other tables' pages are answered while they think.
    sys.setswitchinterval(0.001)
    bounds = limits if limits is not None else Limits()
    lobby = Lobby(limits=bounds, store=Store(db))
    uvicorn.run(
        create_app(lobby),
        host=host,
        port=port,
        log_level=log_level,
        ws="auto",
        ws_max_size=bounds.frame_bytes + 1024,  # a bigger frame is refused before it is read whole
        h11_max_incomplete_event_size=64 * 1024,
        server_header=False,
    )
