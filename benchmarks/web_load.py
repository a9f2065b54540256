"""
A bounded load test of ``maumau serve`` on loopback: many tables at once, every move over a websocket.

It starts the server on a free port of 127.0.0.1, creates ``--tables``
tables (the installed variants in turn; two people's seats and one random
bot each), connects one websocket client per person, and lets each client
play as a random bot would: its move when its seat is to act, and in a
reaction window a reaction or "let play go on", at random.  It stops when
every match is over or after ``--seconds``, whichever comes first, and
prints the tables, the matches finished, the moves sent, the moves per
second (wall clock, and per CPU second of the server process), the moves
that came too late (two pages of a table answered the same state, and the
server refused the second: the race every real table has), and the errors:
any other refusal, and failed or dropped connections.  It exits non-zero
when there was any error.  Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


class Counts:
    """
    What the clients saw, added up.
    """

    def __init__(self) -> None:
        self.moves = 0
        self.stale = 0
        self.refusals: list[str] = []
        self.failures: list[str] = []
        self.finished: set[str] = set()


async def client(url: str, table: str, seed: int, counts: Counts, stop: float) -> None:
    """
    One person's page, played at random until the match ends or time is up.
    """
    rng = random.Random(seed)
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
                    else:
                        counts.refusals.append(message["message"])
                    continue
                seen = message["table"]
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
                await page.send(json.dumps({**request, "version": message["version"]}))
                counts.moves += 1
    except (OSError, websockets.WebSocketException) as error:
        counts.failures.append(f"{type(error).__name__}: {error}")


async def run(base: str, tables: int, seconds: float, seed: int) -> tuple[Counts, float, int]:
    listed = json.load(urllib.request.urlopen(f"{base}/api/variants", timeout=10))
    names = [variant["name"] for variant in listed["variants"]]
    links = []
    for number in range(tables):
        seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "random"}]
        spec = {"variant": names[number % len(names)], "seats": seats, "seed": seed + number, "reaction_seconds": 5}
        links.append(post(f"{base}/api/tables", spec))
    counts = Counts()
    started = time.monotonic()
    stop = started + seconds
    jobs = []
    for made in links:
        for seat in made["seats"]:
            if seat["url"] is not None:
                path, _, query = seat["url"].partition("?")
                url = path.replace("http://", "ws://").rsplit("/", 1)[0] + f"/ws?{query}"
                jobs.append(client(url, made["id"], seed + len(jobs), counts, stop))
    await asyncio.gather(*jobs)
    return counts, time.monotonic() - started, len(links)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40, help="tables played at once (default: 40)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the longest the test runs (default: 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", f"import sys, maumau.cli; sys.exit(maumau.cli.main(['serve', '--port', '{port}']))"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/variants", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        counts, wall, made = asyncio.run(run(base, args.tables, args.seconds, args.seed))
    finally:
        server.terminate()
        _, _, usage = os.wait4(server.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    errors = len(counts.refusals) + len(counts.failures)
    print(
        f"tables: {made}, finished: {len(counts.finished)}, moves sent: {counts.moves} in {wall:.1f} s: "
        f"{counts.moves / wall:.0f} moves/s; "
        f"server {cpu:.1f} CPU s, {counts.moves / max(cpu, 1e-9):.0f} moves per CPU s; "
        f"{counts.stale} too late (another page moved first); "
        f"errors: {errors} ({len(counts.refusals)} refused, {len(counts.failures)} connections failed)"
    )
    for problem in (counts.refusals + counts.failures)[:10]:
        print(f"  {problem}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
