"""
Tables kept in SQLite (the standard library's), so that a restart brings every table back with the same links.

One row per table: its id, a save of it (`maumau.Table.to_json`), and
the SHA-256 of each seat's token and of the save key, never the secrets
themselves; and one row per move played since that save, so that a move
costs the server a few hundred bytes, not a whole save (a new save is
written every `CHECKPOINT` moves, or half the moves of the last save when
that is more).  A move is written, and committed, before it is sent to any
page: a move a player saw accepted survives the process being killed.  A
write that fails (the file locked by another process for longer than
*timeout*, a full disk, an I/O error) is rolled back whole and raised as a
`StoreError`; the next write starts afresh.  ``maumau serve --db PATH``
names the file; ``:memory:`` keeps nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from attrs import frozen

from ..exceptions import MaumauError

__all__ = ["CHECKPOINT", "Row", "Store", "StoreError", "digest"]

#: Moves after which a table's whole save is written again, and its moves since the last one dropped (at least).
CHECKPOINT = 100


def digest(secret: str) -> str:
    """
    The SHA-256 of *secret*, as stored and compared; any text may be passed (a forged token included).
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(MaumauError, OSError):
    """
    The store could not write (or open) its database: locked by another process, a full disk, an I/O error,
    a file or folder that may not be written.  Nothing of the failed write was kept.

    .. versionadded:: 0.2.0
    """

    def __init__(self, path: str, doing: str, error: BaseException) -> None:
        super().__init__(f"cannot {doing} the database {path}: {error}")
        self.path = path


@frozen
class Row:
    """
    One stored table: its id, its save, its seats' token digests (``None`` for a bot), its save key's digest, the
    moves played since the save (each an action's JSON), and the digests of the client address and network that
    made it (``""``: not known).
    """

    id: str
    save: str
    tokens: tuple[str | None, ...]
    key: str
    updated: float
    moves: tuple[str, ...] = ()
    owner: tuple[str, str] = ("", "")


class Store:
    """
    The tables of one server in one SQLite file, written from any thread.

    The file is written once when the store opens, so that a database that cannot be written (a read-only file
    or folder, a full disk) is found at the start, not at a player's first move.  *timeout* is how long a write
    waits for another process that holds the file.

    Raises:
        StoreError: the file cannot be opened or written.

    .. versionchanged:: 0.2.0
       *timeout*; a failed write is rolled back and raised as a `StoreError`.
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 5.0) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives the process dying, not power loss
        except sqlite3.Error as error:
            raise StoreError(self.path, "open", error) from None
        self._write(
            "write",
            [
                (
                    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, save TEXT NOT NULL, tokens TEXT NOT NULL,"
                    " key TEXT NOT NULL, updated REAL NOT NULL)",
                    [()],
                ),
                (
                    "CREATE TABLE IF NOT EXISTS moves (id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,"
                    " PRIMARY KEY (id, n))",
                    [()],
                ),
                ("PRAGMA user_version = 1", [()]),  # a write even when the tables are there: is the file writable?
            ],
        )
        with self._lock:
            columns = {name for _, name, *_ in self._db.execute("PRAGMA table_info(tables)").fetchall()}
        if "owner" not in columns:  # a file of an older maumau: its tables have no known maker
            self._write("write", [("ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''", [()])])

    def _write(self, doing: str, statements: Sequence[tuple[str, Sequence[Sequence[Any]]]]) -> None:
        """
        Run *statements* (each with its rows of parameters) as one transaction: all committed, or none and a
        `StoreError`.
        """
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")  # the write lock first: a busy file fails here, nothing done
                for sql, rows in statements:
                    self._db.executemany(sql, rows) if len(rows) > 1 else self._db.execute(sql, rows[0])
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                if self._db.in_transaction:  # SQLite rolls back some failures itself, not all
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise StoreError(self.path, doing, error) from None

    def put(
        self, id: str, save: str, tokens: tuple[str | None, ...], key: str, owner: tuple[str, str] = ("", "")
    ) -> None:
        """
        Write the table *id* (digests of its secrets, never the secrets; *owner*, digests of the address and the
        network that made it), committed when this returns.

        Raises:
            StoreError: it could not be written; the store is as it was.
        """
        self._write(
            "write a table to",
            [
                (
                    "INSERT INTO tables (id, save, tokens, key, updated, owner) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT(id) DO UPDATE SET save = excluded.save, updated = excluded.updated",
                    [(id, save, json.dumps(tokens), key, time.time(), " ".join(owner))],
                ),
                ("DELETE FROM moves WHERE id = ?", [(id,)]),
            ],
        )

    def append(self, id: str, first: int, moves: list[str]) -> None:
        """
        Add the *moves* played since the table's save, numbered from *first*, committed when this returns.

        Raises:
            StoreError: they could not be written; the store is as it was.
        """
        self._write(
            "write a move to",
            [
                (
                    "INSERT OR REPLACE INTO moves (id, n, action) VALUES (?, ?, ?)",
                    [(id, first + number, move) for number, move in enumerate(moves)],
                ),
                ("UPDATE tables SET updated = ? WHERE id = ?", [(time.time(), id)]),
            ],
        )

    def drop(self, id: str) -> None:
        """
        Forget the table *id*.

        Raises:
            StoreError: it could not be written; the store is as it was.
        """
        self._write(
            "drop a table from",
            [("DELETE FROM tables WHERE id = ?", [(id,)]), ("DELETE FROM moves WHERE id = ?", [(id,)])],
        )

    def rows(self) -> Iterator[Row]:
        """
        Every stored table, oldest change first.
        """
        with self._lock:
            found = self._db.execute(
                "SELECT id, save, tokens, key, updated, owner FROM tables ORDER BY updated"
            ).fetchall()
        for id, save, tokens, key, updated, owner in found:
            with self._lock:
                moves = self._db.execute("SELECT action FROM moves WHERE id = ? ORDER BY n", (id,)).fetchall()
            address, _, network = owner.partition(" ")
            yield Row(id, save, tuple(json.loads(tokens)), key, updated, tuple(m for (m,) in moves), (address, network))

    def close(self) -> None:
        with self._lock:
            self._db.close()
