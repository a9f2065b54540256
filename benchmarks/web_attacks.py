"""
Attacks on ``maumau serve`` from many loopback addresses, bounded in count and time, with their figures.

Run by ``nox -s browser`` after the load test.  It starts the server on a
free port of 127.0.0.1 (tables in a temporary SQLite file, its log in a
file) and tries, as an anonymous attacker would:

1. **Bots that never stop**: 20 tables of bots only, each made from an
   address of its own (127.2.N.1), asked first with a match target of
   10**15, then with the largest target the server takes, each watched by a
   page that reads.  Meanwhile a person plays a table of two people from
   127.0.0.1; the figures are the person's move to its state (p50, p99), the
   server's CPU and the database's growth a minute over ``--seconds``.
2. **Long echoes**: a page sends a 4,000-digit version, 15 KB of card text and
   a 3,000-character field; the figure is the longest error frame that came back.
3. **Many addresses**: 100 addresses, each in a /24 of its own (127.3.N.1),
   create tables nobody joins until refused; then a person creates one.  The
   server is killed with SIGKILL and started again on the same file, and the
   person creates one more.
4. **Capabilities in the log**: the server's log is read for every seat token
   and save key handed out in the run.

Only addresses of 127.0.0.0/8 are used.  ``--max-tables`` (300) is the
server's cap, small so that the many addresses can reach it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

PERSON = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((PERSON, 0))
        port: int = probe.getsockname()[1]
        return port


def post(port: int, path: str, body: object, source: str = PERSON) -> tuple[int, dict[str, Any]]:
    """
    POST *body* as JSON from the loopback address *source*; the status and the answer.
    """
    assert source.startswith("127."), "loopback only"
    connection = http.client.HTTPConnection(PERSON, port, timeout=30, source_address=(source, 0))
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        connection.close()


def start(port: int, db: Path, log: Path, max_tables: int) -> subprocess.Popen[bytes]:
    argv = ["serve", "--port", str(port), "--db", str(db), "--max-tables", str(max_tables)]
    server = subprocess.Popen(
        [sys.executable, "-c", f"import sys, maumau.cli; sys.exit(maumau.cli.main({argv!r}))"],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    for _ in range(200):
        try:
            socket.create_connection((PERSON, port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


def _ws(link: str) -> str:
    path, _, query = link.partition("?")
    return path.replace("http://", "ws://").rsplit("/", 1)[0] + (f"/ws?{query}" if query else "/ws")


def _cpu(pid: int) -> float:
    """
    The CPU seconds process *pid* has used (0 where /proc is missing).
    """
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _size(db: Path) -> int:
    """
    The database's size with its write-ahead log folded in (a checkpoint), so that the log's reuse is not growth.
    """
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db.stat().st_size


async def watch(url: str, stop: float) -> None:
    """
    A page that watches a table and reads everything, so that the server keeps it.
    """
    try:
        async with websockets.connect(url, max_size=None) as page:
            while time.monotonic() < stop:
                await asyncio.wait_for(page.recv(), timeout=max(0.1, stop - time.monotonic()))
    except (OSError, TimeoutError, websockets.WebSocketException):
        pass


async def person(port: int, stop: float, secrets: list[str]) -> tuple[list[float], int]:
    """
    A person playing both seats of two-person tables, move after move; each move's time to its state, refusals.
    """
    latencies: list[float] = []
    refused = 0
    while time.monotonic() < stop:
        status, links = await asyncio.to_thread(
            post, port, "/api/tables", {"variant": "classic", "seats": ["Ann", "Ben"]}
        )
        if status != 201:
            refused += 1
            await asyncio.sleep(0.5)
            continue
        secrets += [seat["url"].split("token=")[1] for seat in links["seats"]] + [links["save"].split("key=")[1]]
        async with (
            websockets.connect(_ws(links["seats"][0]["url"]), max_size=None) as first,
            websockets.connect(_ws(links["seats"][1]["url"]), max_size=None) as second,
        ):
            pages = [first, second]
            shown = [json.loads(await page.recv()) for page in pages]
            while time.monotonic() < stop and shown[0]["table"]["result"] is None:
                seat = next((n for n in (0, 1) if shown[n]["table"]["actor"] == n), None)
                if seat is None:
                    break
                moves = [entry for entry in shown[seat]["table"]["actions"] if entry["kind"] != "resign"]
                request = {"type": "act", "action": moves[0]["action"], "version": shown[seat]["version"]}
                sent = time.monotonic()
                await pages[seat].send(json.dumps(request))
                for n in (0, 1):
                    while True:
                        message = json.loads(await pages[n].recv())
                        if message["type"] == "error":
                            refused += 1
                            break
                        shown[n] = message
                        if n == seat:
                            latencies.append(time.monotonic() - sent)
                        break
                await asyncio.sleep(0.05)  # a person's pace
    return latencies, refused


def _percentiles(latencies: list[float]) -> str:
    ordered = sorted(latencies) or [0.0]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99:.0f} ms"


async def endless_bots(port: int, seconds: float, pid: int, db: Path, secrets: list[str]) -> str:
    alone, _ = await person(port, time.monotonic() + seconds / 3, secrets)  # the same machine, no bots
    bots = [{"name": f"B{n}", "bot": "random"} for n in range(3)]
    endless = made = 0
    watched = []
    for number in range(20):
        source = f"127.2.{number}.1"
        spec = {"variant": "classic", "seats": bots, "options": {"target": 10**15}}
        status, links = await asyncio.to_thread(post, port, "/api/tables", spec, source)
        if status == 201:
            endless += 1
        else:
            spec["options"] = {"target": 1000}
            status, links = await asyncio.to_thread(post, port, "/api/tables", spec, source)
        if status == 201:
            made += 1
            watched.append(_ws(links["watch"]))
            secrets.append(links["save"].split("key=")[1])
    await asyncio.sleep(1.0)
    size, cpu, started = _size(db), _cpu(pid), time.monotonic()
    stop = started + seconds
    pages = [asyncio.create_task(watch(url, stop)) for url in watched]
    latencies, refused = await person(port, stop, secrets)
    await asyncio.gather(*pages)
    wall = time.monotonic() - started
    grown = (_size(db) - size) / 1024 / 1024 / (wall / 60)
    used = (_cpu(pid) - cpu) / wall * 100
    return (
        f"bots that never stop: {endless} of 20 tables of bots made with a target of 10**15, {made} of 20 made in "
        f"all, each watched; a person's move beside them ({len(latencies)} moves, {refused} refused): "
        f"{_percentiles(latencies)} (alone, before them: {_percentiles(alone)}); server CPU {used:.0f} %; "
        f"database +{grown:.2f} MB a minute over {wall:.0f} s"
    )


def many_addresses(port: int, secrets: list[str]) -> tuple[str, int]:
    made = refused = 0
    for number in range(100):
        source = f"127.3.{number}.1"
        for _ in range(40):
            status, links = post(port, "/api/tables", {"variant": "classic", "seats": ["X", "Y"]}, source)
            if status != 201:
                refused += 1
                break
            made += 1
            secrets += [seat["url"].split("token=")[1] for seat in links["seats"]]
    status, answer = post(port, "/api/tables", {"variant": "classic", "seats": ["Ann", "Ben"]})
    return (
        f"100 addresses in 100 /24s: {made} tables made, {refused} of them refused at the end; "
        f"then a person's create: {status} {answer.get('error', '')[:70]}"
    ), status


async def long_echoes(port: int, secrets: list[str]) -> str:
    status, links = post(port, "/api/tables", {"variant": "classic", "seats": ["Ann", "Ben"]}, "127.4.0.1")
    if status != 201:
        return f"long echoes: no table to try them on ({status})"
    secrets += [seat["url"].split("token=")[1] for seat in links["seats"]] + [links["save"].split("key=")[1]]
    longest = 0
    async with websockets.connect(_ws(links["seats"][0]["url"]), max_size=None) as page:
        await page.recv()
        for request in (
            {"type": "act", "version": int("9" * 4000)},
            {"type": "act", "action": {"type": "play", "seat": 0, "card": "X" * 15_000}},
            {"type": "act", "action": {"type": "draw", "seat": 0, "z" * 3000: 1}},
        ):
            await page.send(json.dumps(request))
            longest = max(longest, len(json.loads(await page.recv()).get("message", "")))
    return f"long echoes: a 4,000-digit version, 15 KB of card text, a 3,000-character field: longest answer {longest}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the person plays beside the bots")
    parser.add_argument("--max-tables", type=int, default=300, help="the server's cap on tables (default: 300)")
    parser.add_argument("--no-bots", action="store_true", help="leave out the bots that never stop")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp())
    db, log = scratch / "tables.db", scratch / "server.log"
    port = free_port()
    server = start(port, db, log, args.max_tables)
    secrets: list[str] = []
    try:
        if not args.no_bots:
            print(asyncio.run(endless_bots(port, args.seconds, server.pid, db, secrets)), flush=True)
        print(asyncio.run(long_echoes(port, secrets)), flush=True)
        line, first = many_addresses(port, secrets)
        print(line, flush=True)
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server = start(port, db, log, args.max_tables)
    try:
        again, answer = post(port, "/api/tables", {"variant": "classic", "seats": ["Ann", "Ben"]})
        print(
            f"after SIGKILL and a restart on the same file, a person's create: {again} {answer.get('error', '')[:70]}"
        )
    finally:
        server.terminate()
        server.wait()
    written = log.read_text(encoding="utf-8", errors="replace")
    found = {secret for secret in secrets if secret in written}
    print(f"capabilities in the log: {len(found)} of {len(set(secrets))} seat tokens and save keys handed out")
    return 0 if first == 201 and again == 201 and not found else 1


if __name__ == "__main__":
    sys.exit(main())
