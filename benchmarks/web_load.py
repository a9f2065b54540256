"""
A bounded load test of ``maumau serve`` on loopback: many tables at once, every move over a websocket.

It starts the server on a free port of 127.0.0.1 (its tables kept in a
temporary SQLite file, as a real server keeps them), creates ``--tables``
tables (the installed variants in turn; two people's seats and one random
bot each), connects one websocket client per person, and lets each client
play as a random bot would: its move when its seat is to act, and in a
reaction window a reaction or "let play go on", at random.  Meanwhile three
spectators connect and never read, and a hostile client floods: it creates
tables as fast as it can and sends frames as fast as it can on a seat of
its own, reconnecting whenever it is closed.  Each table is made from a
loopback address of its own (127.0.N.1), as people's tables come from many
addresses; the flood's all come from 127.0.0.1.  The test stops when every
match is over or after ``--seconds``, whichever comes first, and prints the
tables, the matches finished, those still playing at the bound and those
that stalled (no new state for ``STALLED`` seconds, at any time), the moves
sent, the moves per second (wall
clock, and per CPU second of the server process), the time from sending a
move to seeing the state it made (p50 and p99), the moves that came too
late (two pages of a table answered the same state, and the server refused
the second: the race every real table has), the messages the server asked
a page to send again more slowly (its rate limit; the page waits a moment and
sends it again, as a well-behaved client does), what the flood got (tables
made, creates refused, closes for flooding), the server's memory at rest
and at its peak, and the errors: any other refusal, and failed or dropped
connections of the players.  It exits non-zero when there was any error, a
table stalled, no match finished, or more than one message in a hundred (and
more than ``SLOWED``) was sent again: a slow machine may leave matches
playing at the bound (the bound is a budget, not a speed goal), but every
table must be served all along.  Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import websockets

#: A table that shows no new state for so many seconds, at any time of the test, is stalled: nothing served it.
STALLED = 30.0
#: The messages sent again after a 'slow down' that pass unremarked, however few moves were sent: the pages
#: answer every state they are shown, and a loaded machine shows a page several at once now and then.
SLOWED = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any], source: str = "127.0.0.1") -> dict[str, Any]:
    """
    POST *body* as JSON from the loopback address *source*; the answer, or `urllib.error.HTTPError`.
    """
    assert source.startswith("127."), "loopback only"
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10, source_address=(source, 0))
    try:
        connection.request("POST", parts.path, json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        text = answer.read()
    finally:
        connection.close()
    if answer.status >= 400:
        raise urllib.error.HTTPError(url, answer.status, text.decode(errors="replace"), answer.headers, None)
    result: dict[str, Any] = json.loads(text)
    return result


class Counts:
    """
    What the clients saw, added up.
    """

    def __init__(self, started: float) -> None:
        self.started = started
        self.moves = 0
        self.stale = 0
        self.slowed = 0
        self.refusals: list[str] = []
        self.failures: list[str] = []
        self.finished: set[str] = set()
        self.last_state: dict[str, float] = {}  # when each table last showed one of its pages a state
        self.longest_gap: dict[str, float] = {}  # the longest each table went without showing a state
        self.latencies: list[float] = []
        self.flood_tables = 0
        self.flood_refused = 0
        self.flood_closed = 0


async def client(url: str, table: str, seed: int, counts: Counts, stop: float) -> None:
    """
    One person's page, played at random until the match ends or time is up.
    """
    rng = random.Random(seed)
    sent: tuple[int, float] | None = None  # the version a move was sent on, and when
    last = ""  # the last request sent, sent again when the server dropped it for the rate
    try:
        async with websockets.connect(url, max_size=None) as page:
            while time.monotonic() < stop:
                try:
                    text = await asyncio.wait_for(page.recv(), timeout=max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] == "error":
                    if message["message"].startswith("too late"):
                        counts.stale += 1  # another page moved first: the race a real table has too
                    elif message["message"].startswith("too many messages") and last:
                        # Dropped unread for the page's rate (a loaded machine answers in bursts): wait, send again.
                        counts.slowed += 1
                        await asyncio.sleep(0.25)
                        await page.send(last)
                    else:
                        counts.refusals.append(message["message"])
                    continue
                if sent is not None and message["version"] > sent[0]:
                    counts.latencies.append(time.monotonic() - sent[1])
                    sent = None
                seen = message["table"]
                now = time.monotonic()
                gap = now - counts.last_state.get(table, counts.started)
                counts.longest_gap[table] = max(gap, counts.longest_gap.get(table, 0.0))
                counts.last_state[table] = now
                if seen["result"] is not None:
                    counts.finished.add(table)
                    return
                moves = [entry for entry in seen["actions"] if entry["kind"] != "resign"]
                if seen["actor"] == seen["seat"] and moves:
                    request = {"type": "act", "action": rng.choice(moves)["action"]}
                elif seen["may_decline"]:
                    reactions = [entry for entry in moves if entry["reaction"]]
                    choice = rng.choice([None, *reactions])
                    request = {"type": "decline"} if choice is None else {"type": "act", "action": choice["action"]}
                else:
                    continue
                last = json.dumps({**request, "version": message["version"]})
                await page.send(last)
                sent = (message["version"], time.monotonic())
                counts.moves += 1
    except (OSError, websockets.WebSocketException) as error:
        counts.failures.append(f"{type(error).__name__}: {error}")


async def never_reads(url: str, stop: float) -> None:
    """
    A spectator that connects and then never reads: the server must drop it, not wait for it.
    """
    try:
        async with websockets.connect(url, max_queue=1, max_size=None) as page:
            page.transport.pause_reading()  # type: ignore[attr-defined]
            await asyncio.sleep(max(0.0, stop - time.monotonic()))
    except (OSError, websockets.WebSocketException):
        pass


async def flood(base: str, seat_url: str, counts: Counts, stop: float) -> None:
    """
    A hostile client: creates as fast as it may, and sends frames as fast as it can, reconnecting when closed.
    """
    loop = asyncio.get_running_loop()
    seats = [{"name": "X"}, {"name": "Y"}]

    def create() -> None:
        try:
            post(f"{base}/api/tables", {"variant": "classic", "seats": seats})
            counts.flood_tables += 1
        except urllib.error.HTTPError as error:
            if error.code not in (400, 429):  # too many a minute, or too many at once
                raise
            counts.flood_refused += 1

    async def creates() -> None:
        while time.monotonic() < stop:
            await loop.run_in_executor(None, create)

    async def frames() -> None:
        while time.monotonic() < stop:
            try:
                async with websockets.connect(seat_url, max_size=None) as page:
                    while time.monotonic() < stop:
                        await page.send(json.dumps({"type": "decline"}))
                        await asyncio.sleep(0.001)
            except websockets.ConnectionClosed:
                counts.flood_closed += 1
            await asyncio.sleep(0.05)

    await asyncio.gather(creates(), frames())


def _ws(link: str) -> str:
    path, _, query = link.partition("?")
    return path.replace("http://", "ws://").rsplit("/", 1)[0] + (f"/ws?{query}" if query else "/ws")


async def run(base: str, tables: int, seconds: float, seed: int) -> tuple[Counts, float, list[str]]:
    listed = json.load(urllib.request.urlopen(f"{base}/api/variants", timeout=10))
    names = [variant["name"] for variant in listed["variants"]]
    links = []
    for number in range(tables):
        seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "random"}]
        spec = {"variant": names[number % len(names)], "seats": seats, "seed": seed + number, "reaction_seconds": 5}
        links.append(post(f"{base}/api/tables", spec, f"127.0.{number % 250 + 1}.{number // 250 + 1}"))
    started = time.monotonic()
    counts = Counts(started)
    stop = started + seconds
    jobs = []
    for made in links:
        for seat in made["seats"]:
            if seat["url"] is not None:
                jobs.append(client(_ws(seat["url"]), made["id"], seed + len(jobs), counts, stop))
    hostile = post(f"{base}/api/tables", {"variant": "classic", "seats": [{"name": "X"}, {"name": "Y"}]})
    stopping = asyncio.create_task(asyncio.sleep(0))
    side = [
        *(never_reads(_ws(links[number % len(links)]["watch"]), stop) for number in range(3)),
        flood(base, _ws(hostile["seats"][0]["url"]), counts, stop),
    ]
    others = asyncio.gather(*side)
    await asyncio.gather(*jobs)
    took = time.monotonic() - started
    others.cancel()
    stopping.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await others
    return counts, took, [made["id"] for made in links]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40, help="tables played at once (default: 40)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the longest the test runs (default: 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "tables.db"
    # The players' tables come from addresses of their own (127.0.N.1), the flood's from 127.0.0.1.
    # Its clients play as fast as the server answers: let a page send 100 messages a second (a person sends few).
    argv = ["serve", "--port", str(port), "--db", str(db), "--messages-per-second", "100"]
    server = subprocess.Popen(
        [sys.executable, "-c", f"import sys, maumau.cli; sys.exit(maumau.cli.main({argv!r}))"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    peak = [0]

    async def watched() -> tuple[Counts, float, list[str]]:
        async def sample() -> None:
            while True:
                peak[0] = max(peak[0], _rss(server.pid))
                await asyncio.sleep(0.2)

        sampler = asyncio.create_task(sample())
        try:
            return await run(base, args.tables, args.seconds, args.seed)
        finally:
            sampler.cancel()

    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/variants", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        rest = _rss(server.pid)
        counts, wall, made = asyncio.run(watched())
        ended = time.monotonic()
    finally:
        server.terminate()
        _, _, usage = os.wait4(server.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    errors = len(counts.refusals) + len(counts.failures)
    playing = [table for table in made if table not in counts.finished]
    for table in playing:  # the time since its last state counts too
        gap = ended - counts.last_state.get(table, counts.started)
        counts.longest_gap[table] = max(gap, counts.longest_gap.get(table, 0.0))
    stalled = [table for table in made if counts.longest_gap.get(table, 0.0) > STALLED]
    slowed_too_often = counts.slowed > max(SLOWED, counts.moves // 100)
    latencies = sorted(counts.latencies) or [0.0]
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(
        f"tables: {len(made)}, finished: {len(counts.finished)}, still playing at the bound: "
        f"{len(set(playing) - set(stalled))}, stalled (no state for {STALLED:.0f} s): {len(stalled)}; "
        f"moves sent: {counts.moves} in {wall:.1f} s: "
        f"{counts.moves / wall:.0f} moves/s; "
        f"server {cpu:.1f} CPU s, {counts.moves / max(cpu, 1e-9):.0f} moves per CPU s; "
        f"move to its state: p50 {p50:.0f} ms, p99 {p99:.0f} ms; "
        f"{counts.stale} too late (another page moved first); {counts.slowed} sent again after a 'slow down'; "
        f"errors: {errors} ({len(counts.refusals)} refused, {len(counts.failures)} connections failed)"
    )
    print(
        f"beside them, 3 spectators that never read and a flood: {counts.flood_tables} tables made, "
        f"{counts.flood_refused} creates refused (400 or 429), {counts.flood_closed} closes for flooding; "
        f"server memory: {rest / 1024:.0f} MiB at rest, {peak[0] / 1024:.0f} MiB at its peak"
    )
    for problem in (counts.refusals + counts.failures)[:10]:
        print(f"  {problem}")
    if slowed_too_often:
        print(f"  too many messages sent again: {counts.slowed} of {counts.moves} moves")
    return 1 if errors or stalled or not counts.finished or slowed_too_often else 0


def _rss(pid: int) -> int:
    """
    The resident memory of process *pid* in KiB (0 where /proc is missing).
    """
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
