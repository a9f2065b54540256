"""
What the web table checks before it does any work for a request: sizes, rates, origins, and the headers it sends.

A server that faces the open internet must bound every input before it reads
or parses it, and must answer a bad one with a short 4xx (or a websocket close
with a code) rather than a 500 or an echo of what it was sent.  The numbers
are `Limits`, one object the server is made with, so that an operator can
change them (``maumau serve --idle-minutes``) and a test can make them small.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from attrs import define, field, frozen

__all__ = [
    "HideSecrets",
    "Limits",
    "RateLimiter",
    "TooLarge",
    "bounded_json",
    "brief",
    "hide_secrets",
    "network_of",
    "same_origin",
    "security_headers",
]


@frozen
class Limits:
    """
    The bounds a server keeps, every one checked before the work it bounds.

    Args:
        body_bytes: The largest request body (a new table's description).
        save_bytes: The largest save a client may post to be hosted again.
        frame_bytes: The largest websocket message of a seat's page; a
            spectator's page may send none at all.
        messages_per_second: Messages a page may send per second, on
            average; *burst* more may come at once.  A message above the
            rate is dropped unread and answered with an error frame that
            asks the page to slow down.
        burst: See *messages_per_second*.
        dropped: Messages above the rate a page may send before its socket
            is closed (1008, "too many messages"); one more is forgiven
            each second, so only a page that keeps flooding is closed.
        tables: Tables the server hosts at once; when they are all taken, a person's new table takes the place of
            the oldest table nobody plays in.
        creates_per_minute: Tables one client address may create (or load) per minute.
        creates_per_network: Tables one network (a /24 of IPv4, a /56 of IPv6) may create per minute.
        tables_per_client: Tables made by one client address that the server hosts at once.
        tables_per_network: Tables made by one network that the server hosts at once.
        unattended_tables: Tables where no person sits (bots only) that the server hosts at once; one client
            address may have *unattended_per_client* of them, one network twice that.
        unattended_per_client: See *unattended_tables*.
        unattended_moves: Moves after which a table where no person sits stops.
        unattended_option: The largest number an option of a table where no person sits may hold (a match
            target, a count of rounds).
        pace_seconds: A table where no person sits lets its bots think a moment (a few moves) once in so many
            seconds, about as fast as a table page shows moves (half a second each), while a page watches it;
            nobody watching, it stops until a page comes.
        idle_seconds: A table nobody has moved in for so long is closed (finished ones after a tenth of it).
        unwatched_seconds: A table no page has been open on for so long is closed (one nobody ever joined too).
        send_seconds: A page that does not take a message in this time is dropped (it reconnects when it can).
        think_seconds: The time the bots of a table may think for one request before the server answers.
    """

    body_bytes: int = 64 * 1024
    save_bytes: int = 4 * 1024 * 1024
    frame_bytes: int = 16 * 1024
    messages_per_second: float = 10.0
    burst: int = 30
    dropped: int = 60
    tables: int = 1000
    creates_per_minute: int = 30
    creates_per_network: int = 60
    tables_per_client: int = 8
    tables_per_network: int = 24
    unattended_tables: int = 20
    unattended_per_client: int = 2
    unattended_moves: int = 5000
    unattended_option: int = 1000
    pace_seconds: float = 2.0
    idle_seconds: float = 6 * 3600.0
    unwatched_seconds: float = 600.0
    send_seconds: float = 5.0
    think_seconds: float = 2.0


#: The most characters of one word (a run without spaces) that an answer repeats of what it was sent.
QUOTED = 40
_WORD = re.compile(rf"\S{{{QUOTED + 1},}}")


def brief(message: str, limit: int = 160) -> str:
    """
    An error *message* fit to send back: no word longer than `QUOTED` characters, at most *limit* characters.

    A refusal may quote what it refuses (a field's name, a card's text); whatever a request sent, the answer
    repeats at most a few dozen characters of it.
    """
    message = _WORD.sub(lambda found: found.group()[: QUOTED - 1] + "…", message)
    return message if len(message) <= limit else message[: limit - 1] + "…"


#: A URL's query: where a seat's token or a save's key travels, under a name a client may also spell
#: percent-encoded (``%6Bey=``), so a log keeps none of it.
_QUERY = re.compile(r"\?[^\s\"']*")


def hide_secrets(text: str) -> str:
    """
    *text* with the query of every URL in it replaced by ``?…``: a seat's token and a save's key never reach a log,
    whatever their names are spelt as.
    """
    return _QUERY.sub("?…", text) if "?" in text else text


class HideSecrets(logging.Filter):
    """
    A logging filter that takes the seats' tokens and the saves' keys out of a record (uvicorn's access log
    writes every request's path and query), before any handler formats it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_secrets(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_secrets(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def network_of(address: str) -> str:
    """
    The network a client *address* belongs to, as the server counts clients: its /24 for IPv4, its /56 for IPv6
    (an IPv4 address mapped into IPv6 as IPv4); a text that is no address stands for itself.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if isinstance(ip, ipaddress.IPv4Address) else 56
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


class TooLarge(Exception):
    """
    A request body above its bound, noticed while it was being read.
    """


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def bounded_json(text: str | bytes) -> Any:
    """
    *text* parsed as strict JSON: no ``NaN`` or ``Infinity``, and nesting too deep is a `ValueError`, not a crash.
    """
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


@define
class RateLimiter:
    """
    A token bucket per key: *rate* tokens a second up to *burst*; `allow` takes one when there is one.
    """

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, tuple[float, float]] = field(factory=dict)

    def allow(self, key: str) -> bool:
        now = self.clock()
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget the full buckets: they are the default again
            self.buckets = {k: v for k, v in self.buckets.items() if v[0] < self.burst - 1}
        return True


def same_origin(headers: MutableMapping[str, str] | Any) -> bool:
    """
    Whether a request comes from a page of this server: its ``Origin`` (when a browser sent one) names this host.

    A client that is not a browser sends no ``Origin`` and is let through; a browser always sends one on a
    cross-site request and on every websocket.
    """
    origin = headers.get("origin")
    if headers.get("sec-fetch-site") == "cross-site":
        return False
    if origin is None:
        return True
    host = headers.get("host", "")
    try:
        return urlsplit(origin).netloc.lower() == host.lower() and bool(host)
    except ValueError:
        return False


#: The headers of every answer: no inline script, no framing, no sniffing, no referrer (links carry tokens),
#: nothing cached (pages with tokens, views of hands).
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

ASGIApp = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]
]


def security_headers(app: ASGIApp) -> ASGIApp:
    """
    *app* with `SECURITY_HEADERS` added to every HTTP answer.
    """

    async def wrapped(
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in names]
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await app(scope, receive, sending)

    return wrapped
