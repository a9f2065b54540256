"""
The web table's store when its database fails: a move counts only once it is stored (``nox -s web``).

Each failure the store may meet, as a test: the file locked by another
process for longer than the store waits, a full disk (``RLIMIT_FSIZE`` in a
process of its own), an I/O error at the commit; then the server killed
with SIGKILL after each, and started again: nothing a page was told is
accepted is missing (``tests/store_faults.py``, which also prints the
figures).
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette.testclient", reason="the web table's tests run in `nox -s web`")

import maumau
import store_faults
from maumau.bots import acting_seat
from maumau.web import Hosted, Lobby, Store, StoreError, Watcher
from maumau.web._lobby import UNSAVED

SPEC = {"variant": "classic", "seats": ["Ann", "Ben"], "seed": 7}


class Page:
    """
    A page's socket that the lobby never writes to in these tests.
    """

    async def send_text(self, data: str) -> None:  # pragma: no cover - not called
        raise AssertionError("nothing is sent here")


def move(lobby: Lobby, hosted: Hosted) -> str | None:
    """
    The first legal move of the seat to act, asked as its page asks; the lobby's answer.
    """
    seat = acting_seat(hosted.table.state)
    assert seat is not None
    action = next(a for a in maumau.legal_actions(hosted.table.state, seat) if not isinstance(a, maumau.Resign))
    request = {"type": "act", "action": json.loads(maumau.to_json(action)), "version": hosted.table.version}
    return lobby.handle(hosted, Watcher(Page(), seat), request)


def stored_version(path: Path) -> int:
    """
    The version of the only table a new lobby brings back from the file at *path*.
    """
    store = Store(path)
    lobby = Lobby(store=store)
    lobby.restore()
    store.close()
    (hosted,) = lobby.tables.values()
    return hosted.table.version


@contextmanager
def held(path: Path) -> Iterator[None]:
    """
    Another connection (as another process would) holding the database's write lock.
    """
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


class TestAWriteThatFails:
    def test_is_rolled_back_and_the_next_write_works(self, tmp_path: Path) -> None:
        store = Store(tmp_path / "tables.db", timeout=0.05)
        store.put("t", "{}", (None,), "k")
        with held(tmp_path / "tables.db"), pytest.raises(StoreError, match="database is locked"):
            store.append("t", 0, ["a", "b"])
        store.append("t", 0, ["c"])
        (row,) = store.rows()
        assert row.moves == ("c",)

    def test_a_commit_that_fails_leaves_no_transaction_open(self, tmp_path: Path) -> None:
        store = Store(tmp_path / "tables.db")
        store.put("t", "{}", (None,), "k")
        store._db = store_faults._Failing(store._db)  # type: ignore[assignment]
        with pytest.raises(StoreError, match="disk I/O error"):
            store.drop("t")
        store._db = store._db.connection  # type: ignore[attr-defined]
        store.append("t", 0, ["a"])
        assert [row.moves for row in store.rows()] == [("a",)]


class TestAMoveIsAcceptedOnlyOnceStored:
    def test_a_locked_database_refuses_the_move_and_the_table_stays_where_it_was(self, tmp_path: Path) -> None:
        lobby = Lobby(store=Store(tmp_path / "tables.db", timeout=0.05))
        hosted = lobby.create(SPEC)
        assert move(lobby, hosted) is None
        before = hosted.table.version, hosted.table.to_json()
        with held(tmp_path / "tables.db"):
            answer = move(lobby, hosted)
        assert answer is not None
        assert answer.startswith(UNSAVED)
        assert (hosted.table.version, hosted.table.to_json()) == before
        assert move(lobby, hosted) is None
        assert stored_version(tmp_path / "tables.db") == hosted.table.version

    def test_an_io_error_at_the_commit_refuses_the_move(self, tmp_path: Path) -> None:
        store = Store(tmp_path / "tables.db")
        lobby = Lobby(store=store)
        hosted = lobby.create(SPEC)
        version = hosted.table.version
        store._db = store_faults._Failing(store._db)  # type: ignore[assignment]
        answer = move(lobby, hosted)
        store._db = store._db.connection  # type: ignore[attr-defined]
        assert answer is not None
        assert answer.startswith(UNSAVED)
        assert hosted.table.version == version
        assert move(lobby, hosted) is None
        assert stored_version(tmp_path / "tables.db") == version + 1

    def test_a_full_disk_refuses_the_move(self, tmp_path: Path) -> None:
        script = textwrap.dedent(
            f"""
            import json, resource, sys
            sys.path.insert(0, {str(Path(__file__).parent)!r})
            from test_web_store import SPEC, move
            from maumau.web import Lobby, Store
            lobby = Lobby(store=Store({str(tmp_path / "tables.db")!r}))
            hosted = lobby.create(SPEC)
            limit = resource.getrlimit(resource.RLIMIT_FSIZE)
            resource.setrlimit(resource.RLIMIT_FSIZE, (1, limit[1]))  # not one byte more: the disk is full
            full = move(lobby, hosted), hosted.table.version
            resource.setrlimit(resource.RLIMIT_FSIZE, limit)
            print(json.dumps([full, [move(lobby, hosted), hosted.table.version]]))
            """
        )
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        (refused, version), (accepted, after) = json.loads(done.stdout)
        assert refused.startswith(UNSAVED)
        assert version == 0
        assert accepted is None
        assert after == 1
        assert stored_version(tmp_path / "tables.db") == 1

    def test_a_table_the_store_cannot_write_is_not_made(self, tmp_path: Path) -> None:
        lobby = Lobby(store=Store(tmp_path / "tables.db", timeout=0.05))
        with held(tmp_path / "tables.db"), pytest.raises(StoreError):
            lobby.create(SPEC)
        assert lobby.tables == {}


@pytest.mark.parametrize("fault", ["lock", "disk", "io"])
def test_nothing_a_page_was_told_is_accepted_is_missing_after_sigkill(fault: str, tmp_path: Path) -> None:
    pytest.importorskip("websockets.sync.client")
    result = store_faults.run(fault, tmp_path)
    kinds = [kind for kind, _ in result["told"]]
    assert kinds[store_faults.FAULT_AT - 1] == "error", result
    assert result["told"][store_faults.FAULT_AT - 1][1].startswith(UNSAVED)
    assert result["accepted"] == store_faults.MOVES
    assert result["restored"] == result["shown"] == result["accepted"], result


def _refused(db: str, limit: int | None = None, *extra: str) -> subprocess.CompletedProcess[str]:
    def fill() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    command = "import sys, maumau.cli; sys.exit(maumau.cli.main(['serve', '--port', '9', '--db', *sys.argv[1:]]))"
    return subprocess.run(
        [sys.executable, "-c", command, db, *extra], capture_output=True, text=True, timeout=60, preexec_fn=fill
    )


class TestServeRefusesADatabaseItCannotWrite:
    def test_a_folder_that_does_not_exist(self, tmp_path: Path) -> None:
        done = _refused(str(tmp_path / "nowhere" / "tables.db"))
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1
        assert done.stderr.startswith("maumau: error: cannot open the database")

    def test_a_full_disk(self, tmp_path: Path) -> None:
        Store(tmp_path / "tables.db").close()  # there, with its tables: only writing fails
        size = (tmp_path / "tables.db").stat().st_size
        done = _refused(str(tmp_path / "tables.db"), limit=size)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1
        assert "tables.db" in done.stderr

    @pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only file all the same")
    def test_a_read_only_file(self, tmp_path: Path) -> None:
        Store(tmp_path / "tables.db").close()
        (tmp_path / "tables.db").chmod(0o444)
        tmp_path.chmod(0o555)
        try:
            done = _refused(str(tmp_path / "tables.db"))
        finally:
            tmp_path.chmod(0o755)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1
        assert "tables.db" in done.stderr


def test_a_long_match_is_saved_whole_ever_more_seldom(tmp_path: Path) -> None:
    """
    A save grows with its match: it is written every 100 moves, or every half of the moves it holds when that is
    more, so that what a move costs the file stays a few hundred bytes however long the match.
    """
    lobby = Lobby(store=Store(tmp_path / "tables.db"))
    bots = [{"name": name, "bot": "random"} for name in ("A", "B", "C")]
    hosted = lobby.create({"variant": "classic", "seats": bots, "seed": 5, "options": {"target": 1000}})
    saves = [hosted.saved]
    while hosted.table.version < 900 and not hosted.table.state.is_over:
        hosted.table.advance()
        lobby.persist(hosted)
        if hosted.saved != saves[-1]:
            saves.append(hosted.saved)
    starts = [saved or 0 for saved in saves]
    gaps = [later - earlier for earlier, later in itertools.pairwise(starts)]
    assert all(later - earlier >= max(100, earlier // 2) for earlier, later in itertools.pairwise(starts))
    assert any(gap > 100 for gap in gaps)


def test_serve_refuses_no_tables_per_address(tmp_path: Path) -> None:
    done = _refused(str(tmp_path / "tables.db"), None, "--tables-per-address", "0")
    assert done.returncode == 2
    assert "--tables-per-address must be more than 0" in done.stderr


def test_a_table_that_is_over_writes_nothing_more(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.db")
    lobby = Lobby(store=store)
    bots = [maumau.Seat("A", "random"), maumau.Seat("B", "random")]
    hosted = lobby.host(maumau.Table("classic", bots, seed=1))  # played to its end when it was made
    assert hosted.table.state.is_over
    (before,) = store.rows()
    hosted.table.advance()
    lobby.persist(hosted)
    assert list(store.rows()) == [before]
