"""
A web table whose database fails under it: a move at a time, the pages told what was accepted, then SIGKILL.

``python tests/store_faults.py lock|disk|io`` plays one table of two people
on ``maumau serve`` (a process of its own, on a loopback port): three
moves, then a fault, a move tried during it, the fault gone, then moves
until seven were accepted; then the server is killed with SIGKILL and
started again on the same file.  It prints the moves the pages were told
were accepted, the moves the restarted server restored, and what the page
got for the move tried during the fault.  ``tests/test_web_store.py`` runs
the same and checks that nothing accepted is missing.

The faults: ``lock``, another process holds the database (``BEGIN
EXCLUSIVE``) for longer than the server waits; ``disk``, the server's
process may write no more bytes to a file (``RLIMIT_FSIZE``, as a full disk
answers); ``io``, every statement the server's database connection runs
fails at its commit as SQLite fails on an I/O error (``disk I/O error``).  The server
process engages its fault on SIGUSR1 and ends it on SIGUSR2.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Moves the pages must be told were accepted before the server is killed.
MOVES = 7
#: The move (counted from 1) that is tried while the fault holds.
FAULT_AT = 4
#: How long the server's database waits for a lock, in the server this script starts.
LOCK_WAIT = 1.0
#: How long the other process holds the database: longer than the server waits.
LOCK_HELD = float(os.environ.get("LOCK_HELD", "1.6"))


class _Failing:
    """
    A database connection whose commits fail as SQLite's do on an I/O error, the transaction left open.
    """

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.split()[0].upper() == "COMMIT":  # the transaction stays open, as SQLite may leave it
            raise sqlite3.OperationalError("disk I/O error")
        return self.connection.execute(sql, *args)


def serve(db: str, port: int) -> None:  # pragma: no cover - the server's process
    """
    The server process: a lobby on *db* at *port*; SIGUSR1 engages the fault named by ``FAULT``, SIGUSR2 ends it.
    """
    import inspect
    import resource

    import uvicorn

    from maumau.web import Lobby, Store, create_app

    waits = "timeout" in inspect.signature(Store).parameters  # the store before it took a timeout waits 5 s
    store = Store(db, timeout=LOCK_WAIT) if waits else Store(db)
    fault = os.environ.get("FAULT", "")
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)

    def engage(signum: int, frame: object) -> None:
        if fault == "disk":
            resource.setrlimit(resource.RLIMIT_FSIZE, (1, limit[1]))  # no byte more: the disk is full
        elif fault == "io":
            store._db = _Failing(store._db)  # type: ignore[assignment]

    def end(signum: int, frame: object) -> None:
        if fault == "disk":
            resource.setrlimit(resource.RLIMIT_FSIZE, limit)
        elif fault == "io" and isinstance(store._db, _Failing):
            store._db = store._db.connection

    signal.signal(signal.SIGUSR1, engage)
    signal.signal(signal.SIGUSR2, end)
    uvicorn.run(create_app(Lobby(store=store)), host="127.0.0.1", port=port, log_level="critical")


def free_port() -> int:
    """
    A loopback port nobody listens on.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def started(
    command: str, port: int, env: dict[str, str] | None = None, log: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """
    The Python *command* in a process of its own, once it answers on *port*: the process and its URL.

    Its output (both streams) goes to the file *log*, when one is given.
    """
    import httpx2 as httpx

    out = subprocess.DEVNULL if log is None else log.open("ab")
    server = subprocess.Popen([sys.executable, "-c", command], env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            httpx.get(f"{base}/api/variants", timeout=1)
            return server, base
        except (httpx.TransportError, OSError):
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


def _start(db: Path, fault: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import store_faults; "
    command += f"store_faults.serve({str(db)!r}, {port})"
    return started(command, port, {**os.environ, "FAULT": fault})


def _move(base: str, path: str, shown: list[int]) -> tuple[str, Any]:
    """
    One move by the seat of *path* that has something to do: ``("accepted", version)``, ``("error", message)``,
    or ``("closed", code)`` when the socket closed without an answer.
    """
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with connect(base.replace("http://", "ws://") + path, open_timeout=30) as page:
        first = json.loads(page.recv(timeout=30))
        shown.append(first["version"])
        action = first["table"]["actions"][0]["action"]
        page.send(json.dumps({"type": "act", "action": action, "version": first["version"]}))
        try:
            answer = json.loads(page.recv(timeout=30))
        except ConnectionClosed as closed:
            return "closed", closed.rcvd.code if closed.rcvd is not None else None
    if answer["type"] == "error":
        return "error", answer["message"]
    shown.append(answer["version"])
    return "accepted", answer["version"]


def _seat_to_act(base: str, paths: list[str], shown: list[int]) -> str:
    from websockets.sync.client import connect

    for path in paths:
        with connect(base.replace("http://", "ws://") + path, open_timeout=30) as page:
            first = json.loads(page.recv(timeout=30))
        shown.append(first["version"])
        if any(entry["action"]["type"] != "resign" for entry in first["table"]["actions"]):
            return path
    raise RuntimeError("nobody has a move")


def run(fault: str, directory: Path) -> dict[str, Any]:
    """
    The table played through *fault*: what the pages were told, what came back after SIGKILL.
    """
    import httpx2 as httpx

    db = directory / f"{fault}.db"
    server, base = _start(db, fault)
    told: list[tuple[str, Any]] = []
    shown: list[int] = []
    accepted = 0
    try:
        links = httpx.post(
            f"{base}/api/tables", json={"variant": "classic", "seats": ["Ann", "Ben"], "seed": 7}, timeout=30
        ).json()
        paths = ["/tables/" + seat["url"].split("/tables/", 1)[1].replace("/play?", "/ws?") for seat in links["seats"]]
        tries = 0
        while accepted < MOVES and tries < 3 * MOVES:
            tries += 1
            during = len(told) == FAULT_AT - 1
            release: Callable[[], None] = lambda: None  # noqa: E731
            if during:
                release = _engage(fault, server, db)
            try:
                outcome = _move(base, _seat_to_act(base, paths, shown), shown)
            finally:
                release()
            told.append(outcome)
            if outcome[0] == "accepted":
                accepted = max(accepted, outcome[1])
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server, base = _start(db, "")
    try:
        from websockets.sync.client import connect

        with connect(base.replace("http://", "ws://") + paths[0], open_timeout=30) as page:
            restored = json.loads(page.recv(timeout=30))["version"]
    finally:
        server.terminate()
        server.wait()
    return {"fault": fault, "told": told, "accepted": accepted, "shown": max(shown), "restored": restored}


def _engage(fault: str, server: subprocess.Popen[bytes], db: Path) -> Callable[[], None]:
    """
    Start *fault*; the function that ends it.
    """
    if fault == "lock":
        holder = subprocess.Popen(
            [
                sys.executable,
                "-c",
                f"import sqlite3, time; c = sqlite3.connect({str(db)!r}, isolation_level=None); "
                "c.execute('BEGIN EXCLUSIVE'); print('held', flush=True); "
                f"time.sleep({LOCK_HELD}); c.execute('ROLLBACK')",
            ],
            stdout=subprocess.PIPE,
        )
        assert holder.stdout is not None
        holder.stdout.readline()  # the lock is held
        return lambda: _ended(holder)
    server.send_signal(signal.SIGUSR1)
    time.sleep(0.2)
    return lambda: _signalled(server, signal.SIGUSR2)


def _ended(holder: subprocess.Popen[bytes]) -> None:
    holder.wait()


def _signalled(server: subprocess.Popen[bytes], signum: int) -> None:
    server.send_signal(signum)
    time.sleep(0.2)  # the server's handler has run


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for name in sys.argv[1:] or ["lock", "disk", "io"]:
            result = run(name, Path(scratch))
            during = result["told"][FAULT_AT - 1]
            print(
                f"{name}: {result['accepted']} moves accepted, {result['shown']} shown, {result['restored']} restored "
                "after SIGKILL; "
                f"the move during the fault: {during[0]} {str(during[1])[:80]!r}; "
                f"all: {[kind for kind, _ in result['told']]}"
            )
