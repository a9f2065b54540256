"""
A reference web table: ``maumau serve`` hosts tables of people and bots for any installed variant.

It needs the optional extra: ``pip install 'maumau[web]'`` (Starlette,
uvicorn and websockets).  One process hosts many tables at once; each is a
`maumau.Table`, so the rules, the bots and the reaction windows are the
library's own, and the server only carries views to pages and actions back.
Tables live in memory: a restart ends them, unless they were saved
(``/tables/{id}/save``) and loaded again (``POST /api/tables/load``).

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from ._app import create_app
from ._lobby import Hosted, Lobby, Socket, Watcher

__all__ = ["Hosted", "Lobby", "Socket", "Watcher", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, *, log_level: str = "info") -> None:
    """
    Run the web table with uvicorn until interrupted.

    .. versionadded:: 0.2.0
    """
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level=log_level, ws="auto")
