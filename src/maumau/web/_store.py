"""
Tables kept in SQLite (the standard library's), so that a restart brings every table back with the same links.

One row per table: its id, its save (`maumau.Table.to_json`), and the
SHA-256 of each seat's token and of the save key, never the secrets
themselves.  A row is written, and committed, before the move it holds is
sent to any page: a move a player saw accepted survives the process being
killed.  ``maumau serve --db PATH`` names the file; ``:memory:`` keeps
nothing.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

__all__ = ["Row", "Store", "digest"]


def digest(secret: str) -> str:
    """
    The SHA-256 of *secret*, as stored and compared; any text may be passed (a forged token included).
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@frozen
class Row:
    """
    One stored table: its id, its save, its seats' token digests (``None`` for a bot) and its save key's digest.
    """

    id: str
    save: str
    tokens: tuple[str | None, ...]
    key: str
    updated: float


class Store:
    """
    The tables of one server in one SQLite file, written from any thread.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives the process dying, not power loss
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS tables ("
            " id TEXT PRIMARY KEY, save TEXT NOT NULL, tokens TEXT NOT NULL, key TEXT NOT NULL, updated REAL NOT NULL)"
        )

    def put(self, id: str, save: str, tokens: tuple[str | None, ...], key: str) -> None:
        """
        Write the table *id* (digests of its secrets, never the secrets), committed when this returns.
        """
        with self._lock:
            self._db.execute(
                "INSERT INTO tables (id, save, tokens, key, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET save = excluded.save, updated = excluded.updated",
                (id, save, json.dumps(tokens), key, time.time()),
            )

    def drop(self, id: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM tables WHERE id = ?", (id,))

    def rows(self) -> Iterator[Row]:
        """
        Every stored table, oldest change first.
        """
        with self._lock:
            found = self._db.execute("SELECT id, save, tokens, key, updated FROM tables ORDER BY updated").fetchall()
        for id, save, tokens, key, updated in found:
            yield Row(id, save, tuple(json.loads(tokens)), key, updated)

    def close(self) -> None:
        with self._lock:
            self._db.close()
