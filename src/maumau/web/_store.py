"""
Tables kept in SQLite (the standard library's), so that a restart brings every table back with the same links.

One row per table: its id, a save of it (`maumau.Table.to_json`), and
the SHA-256 of each seat's token and of the save key, never the secrets
themselves; and one row per move played since that save, so that a move
costs the server a few hundred bytes, not a whole save (a new save is
written every `CHECKPOINT` moves).  A move is written, and committed, before
it is sent to any page: a move a player saw accepted survives the process
being killed.  ``maumau serve --db PATH`` names the file; ``:memory:``
keeps nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator

from attrs import frozen

__all__ = ["CHECKPOINT", "Row", "Store", "digest"]

#: Moves after which a table's whole save is written again, and its moves since the last one dropped.
CHECKPOINT = 100


def digest(secret: str) -> str:
    """
    The SHA-256 of *secret*, as stored and compared; any text may be passed (a forged token included).
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@frozen
class Row:
    """
    One stored table: its id, its save, its seats' token digests (``None`` for a bot), its save key's digest, and
    the moves played since the save (each an action's JSON).
    """

    id: str
    save: str
    tokens: tuple[str | None, ...]
    key: str
    updated: float
    moves: tuple[str, ...] = ()


class Store:
    """
    The tables of one server in one SQLite file, written from any thread.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives the process dying, not power loss
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS tables ("
            " id TEXT PRIMARY KEY, save TEXT NOT NULL, tokens TEXT NOT NULL, key TEXT NOT NULL, updated REAL NOT NULL)"
        )
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS moves (id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,"
            " PRIMARY KEY (id, n))"
        )

    def put(self, id: str, save: str, tokens: tuple[str | None, ...], key: str) -> None:
        """
        Write the table *id* (digests of its secrets, never the secrets), committed when this returns.
        """
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, save, tokens, key, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET save = excluded.save, updated = excluded.updated",
                (id, save, json.dumps(tokens), key, time.time()),
            )
            self._db.execute("DELETE FROM moves WHERE id = ?", (id,))
            self._db.execute("COMMIT")

    def append(self, id: str, first: int, moves: list[str]) -> None:
        """
        Add the *moves* played since the table's save, numbered from *first*, committed when this returns.
        """
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT OR REPLACE INTO moves (id, n, action) VALUES (?, ?, ?)",
                [(id, first + number, move) for number, move in enumerate(moves)],
            )
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), id))
            self._db.execute("COMMIT")

    def drop(self, id: str) -> None:
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM tables WHERE id = ?", (id,))
            self._db.execute("DELETE FROM moves WHERE id = ?", (id,))
            self._db.execute("COMMIT")

    def rows(self) -> Iterator[Row]:
        """
        Every stored table, oldest change first.
        """
        with self._lock:
            found = self._db.execute("SELECT id, save, tokens, key, updated FROM tables ORDER BY updated").fetchall()
        for id, save, tokens, key, updated in found:
            with self._lock:
                moves = self._db.execute("SELECT action FROM moves WHERE id = ? ORDER BY n", (id,)).fetchall()
            yield Row(id, save, tuple(json.loads(tokens)), key, updated, tuple(move for (move,) in moves))

    def close(self) -> None:
        with self._lock:
            self._db.close()
