"""The director's door at the socket: how many connections an address and everyone may hold
open, and how long a request may take to arrive, kept before any request is read.

uvicorn serves the app with its own settings where it has them (``server_config``: the
keep-alive timeout between requests, the most a request's headers may hold, the listening
backlog; no access log line per request unless asked). uvicorn has no timeout for a request that
never finishes its headers or its body, nor a cap on the connections of one address: a phone on
the Wi-Fi holding thousands of sockets each promising a body it never sends would hold the
service. ``DoorProtocol``, uvicorn's own HTTP/1.1 protocol (h11) with a watch on each connection
(uvicorn takes a protocol class as its ``http`` setting), adds them:

- a request's headers must arrive within ``limits.header_timeout_s`` of the connection, or of
  the last answer on it (408, then closed); its body within ``limits.body_timeout_s`` of its
  headers (closed);
- an address holds at most ``limits.connections_per_address`` connections and everyone at most
  ``limits.connections_total``. When one more comes, the oldest connection still waiting for
  its request's headers or body (of that address, or of anyone's) is closed to make room: an
  honest request takes milliseconds, so it is never the oldest waiting, and a slow sender cannot
  keep an honest one out. When none is waiting, the new connection is answered 429 (its
  address's) or 503 (everyone's) and closed;
- a connection from an address in debt to the tables' API (its refused documents charged
  beyond its allowance of ``limits.table_requests_per_s``: director.limits ``refusal_cost``,
  director.web.guard), when it opens or when an answer on it ends, is held unread for
  ``HOLD_S`` at most (less when the debt is paid sooner), then answered 429 and closed:
  nothing it sent is read, parsed or checked, and a sender posting again as soon as it is
  answered is slowed to a few requests a second. A held connection is one waiting for its
  request (closed first to make room). An address merely at its rate, not in debt, is the
  guard's to answer 429 (it reads the request's headers, never its body).

The service's socket is bound before anything says it is up (``listening_socket``): a port in
use (a second director on this machine) or an address not this machine's is a ``ListenError``
in words, which ``python -m director`` prints as its one line (status 2).

- a request whose body is not declared by its ``Content-Length`` (``Transfer-Encoding``:
  chunked) is answered 411 and closed as soon as its headers are read, before a byte of its
  body is parsed (``DoorConnection``): no table, station, kiosk or browser of the page sends
  one, and h11 parsed a chunk at a time, each appended to the body uvicorn kept so far, so that
  80 KB sent in 2-byte chunks cost 300 ms of the service's CPU (and in 100-byte chunks 10 ms,
  against 2-3 ms for the same 80 KB of escaped quotes sent with its length).

A request answered and streams open (the live pages) are the app's: their limits are
director.limits' (requests per second, live slots). Connections closed by the door are counted
and logged once a minute at most, however many (``Counts``): the log never grows by a line per
connection.
"""
from __future__ import annotations

import asyncio
import errno
import json
import logging
import resource
import socket
from typing import Callable

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from director.limits import Limits, RateLimiter, keep_lines_of

log = logging.getLogger("director.web.connections")

KEEP_ALIVE_S = 5                # uvicorn's timeout_keep_alive: an idle connection between requests
MAX_HEADERS = 16 * 1024         # uvicorn's h11_max_incomplete_event_size: a request's headers
BACKLOG = 2048                  # connections the kernel queues before they are accepted
SPARE_FILES = 256               # open files besides the connections: the database, logs, serial lines
REPORT_EVERY_S = 60.0
HOLD_S = 0.25                   # the longest a connection from an address in debt is held unread
HEADERS, BODY, HELD = "headers", "body", "held"


def refusal_bytes(code: int, reason: str, error: str, retry_after: float | None = None) -> bytes:
    body = json.dumps({"error": error}).encode()
    retry = "" if retry_after is None else f"retry-after: {max(1, round(retry_after))}\r\n"
    return (f"HTTP/1.1 {code} {reason}\r\ncontent-type: application/json\r\nconnection: close\r\n"
            f"{retry}content-length: {len(body)}\r\n\r\n").encode() + body


class Counts:
    """What the door closed or refused, logged at most once every ``REPORT_EVERY_S``."""

    def __init__(self, loop_of: Callable[[], asyncio.AbstractEventLoop]):
        self.loop_of = loop_of
        self.counts: dict[str, int] = {}
        self.scheduled = False

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        if not self.scheduled:
            self.scheduled = True
            self.loop_of().call_later(REPORT_EVERY_S, self.report)

    def report(self) -> None:
        self.scheduled = False
        if self.counts:
            log.warning("in the last minute the door %s",
                        "; ".join(f"{what}: {n}" for what, n in sorted(self.counts.items())))
            self.counts = {}


class Wires:
    """The connections the door let in, by their client's (address, port) as the app's scope
    names it: how many bytes each holds that its reader has not taken yet (its transport's write
    buffer: what the kernel's buffers could not take), that buffer held to a bound (a write past
    it waits for the reader: uvicorn's flow control), and cutting one (its transport aborted,
    those bytes let go). The live pages ask it (director.web.live.Unsent)."""

    def __init__(self):
        self.open: dict[tuple, "DoorProtocol"] = {}

    def add(self, connection: "DoorProtocol") -> None:
        if connection.client:
            self.open[tuple(connection.client)] = connection

    def remove(self, connection: "DoorProtocol") -> None:
        if connection.client and self.open.get(tuple(connection.client)) is connection:
            del self.open[tuple(connection.client)]

    def unsent(self, client: tuple | None) -> int:
        connection = self.open.get(client) if client else None
        return 0 if connection is None else connection.unsent()

    def hold_to(self, client: tuple | None, high: int) -> None:
        connection = self.open.get(client) if client else None
        if connection is not None:
            connection.hold_to(high)

    def cut(self, client: tuple | None, why: str) -> None:
        connection = self.open.get(client) if client else None
        if connection is not None:
            connection.cut(why)


class Door:
    """The open connections of one server, per address and in all, and those waiting for their
    request (oldest first, to make room); ``rates``: the tables' API's requests per address
    (director.web.guard.table_rate, the guard's own), if the door refuses those over it;
    ``wires``: where the connections it lets in are found by their client (``Wires``)."""

    def __init__(self, limits: Limits, rates: RateLimiter | None = None,
                 wires: Wires | None = None):
        self.limits, self.rates, self.wires = limits, rates, wires or Wires()
        self.per_address: dict[str, int] = {}
        self.total = 0
        self.waiting: dict["DoorProtocol", None] = {}
        self.waiting_at: dict[str, dict["DoorProtocol", None]] = {}
        self.counts = Counts(asyncio.get_event_loop)

    def admit(self, connection: "DoorProtocol") -> bytes | None:
        """Count ``connection`` in, making room if need be; the answer that refuses it, if it
        may not come in."""
        address = connection.address
        if self.per_address.get(address, 0) >= self.limits.connections_per_address:
            if not self._make_room(self.waiting_at.get(address, {}),
                                   "closed to make room for the same address"):
                self.counts.add("refused (connections_per_address)")
                return refusal_bytes(429, "Too Many Requests", f"too many connections from "
                                     f"{address}: at most {self.limits.connections_per_address} "
                                     "(limits.connections_per_address)")
        if self.total >= self.limits.connections_total:
            if not self._make_room(self.waiting, "closed to make room"):
                self.counts.add("refused (connections_total)")
                return refusal_bytes(503, "Service Unavailable", "too many connections: at most "
                                     f"{self.limits.connections_total} (limits.connections_total)")
        self.per_address[address] = self.per_address.get(address, 0) + 1
        self.total += 1
        connection.admitted = True
        self.wires.add(connection)
        return None

    def in_debt(self, address: str) -> float:
        """Seconds until ``address``, in debt for its refused documents, may send the tables'
        API a request again; 0.0: it is not in debt."""
        return 0.0 if self.rates is None else self.rates.debt_s(address)

    def _make_room(self, waiting: dict, why: str) -> bool:
        oldest = next(iter(waiting), None)
        if oldest is None:
            return False
        self.counts.add(f"{why} (the oldest waiting for a request)")
        oldest.close_now()
        return True

    def wait(self, connection: "DoorProtocol") -> None:
        self.waiting[connection] = None
        self.waiting_at.setdefault(connection.address, {})[connection] = None

    def served(self, connection: "DoorProtocol") -> None:
        self.waiting.pop(connection, None)
        mine = self.waiting_at.get(connection.address)
        if mine is not None:
            mine.pop(connection, None)
            if not mine:
                del self.waiting_at[connection.address]

    def leave(self, connection: "DoorProtocol") -> None:
        self.served(connection)
        self.wires.remove(connection)
        if connection.admitted:
            connection.admitted = False
            self.total -= 1
            left = self.per_address.get(connection.address, 1) - 1
            if left:
                self.per_address[connection.address] = left
            else:
                self.per_address.pop(connection.address, None)


class DoorConnection(h11.Connection):
    """h11's server end of a connection that goes no further than the headers of a request whose
    body is not declared by its length (a ``Transfer-Encoding``): it says ``PAUSED`` (uvicorn
    stops reading, parses nothing more and starts no app) and ``unmeasured`` is set, for the
    door to answer 411."""

    def __init__(self, max_incomplete_event_size: int):
        super().__init__(h11.SERVER, max_incomplete_event_size=max_incomplete_event_size)
        self.unmeasured = False

    def next_event(self):
        if self.unmeasured:
            return h11.PAUSED
        event = super().next_event()
        if isinstance(event, h11.Request) and any(name == b"transfer-encoding"
                                                  for name, _ in event.headers):
            self.unmeasured = True          # h11 gives header names in lower case
            return h11.PAUSED
        return event


class DoorProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the door's watch (``door``: set on a subclass made by
    ``server_config``)."""

    door: Door

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.conn = DoorConnection(MAX_HEADERS)         # server_config sets uvicorn's the same
        self.address, self.admitted = "unknown", False
        self.phase: str | None = None
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.address = self.client[0] if self.client else "unknown"
        refused = self.door.admit(self)
        if refused is not None:
            transport.write(refused)
            transport.close()
            return
        wait = self.door.in_debt(self.address)
        if wait > 0.0:
            self._hold(wait)
            return
        self._follow()

    def _hold(self, wait: float) -> None:
        """An address in debt: nothing it sends is read (its bytes stay in the kernel's buffer)
        for ``wait`` seconds (``HOLD_S`` at most), then a 429 and the connection closed."""
        self.transport.pause_reading()
        self.phase = HELD
        self.door.wait(self)
        self.deadline = self.loop.call_later(min(wait, HOLD_S), self._refuse_held)

    def _refuse_held(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        self.door.counts.add("refused unread: in debt for refused documents")
        self.transport.write(refusal_bytes(
            429, "Too Many Requests", f"{self.door.rates.reason(self.address)}, its refused "
            "documents counted against it (director.limits.refusal_cost)",
            self.door.in_debt(self.address)))
        self.close_now()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.unmeasured:
            self._refuse_unmeasured()
            return
        self._follow()

    def _refuse_unmeasured(self) -> None:
        if self.transport.is_closing():
            return
        self.door.counts.add("refused: a body without its Content-Length (Transfer-Encoding)")
        self.transport.write(refusal_bytes(
            411, "Length Required", "a request's body is sent with its Content-Length, not in "
            "chunks (Transfer-Encoding): the tables, the stations and the page all send it so"))
        self.close_now()

    def on_response_complete(self) -> None:
        wait = self.door.in_debt(self.address)
        if wait > 0.0 and not self.transport.is_closing():
            self._hold(wait)                # the next request, pipelined or not, left unread
            return
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc) -> None:
        self._watch(None)
        self.door.leave(self)
        super().connection_lost(exc)

    def _follow(self) -> None:
        """Watch the connection as h11 sees the request: its headers or its body still to come,
        or neither (the app has it, or the connection ends)."""
        if not self.admitted or self.transport.is_closing():
            return
        state = self.conn.their_state
        if state is h11.IDLE and (self.cycle is None or self.cycle.response_complete):
            self._watch(HEADERS)
        elif state is h11.SEND_BODY and self.cycle is not None and not self.cycle.response_complete:
            self._watch(BODY)
        else:
            self._watch(None)

    def _watch(self, phase: str | None) -> None:
        if phase == self.phase:
            return
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.phase = phase
        if phase is None:
            self.door.served(self)
            return
        self.door.wait(self)
        limits = self.door.limits
        wait = limits.header_timeout_s if phase == HEADERS else limits.body_timeout_s
        self.deadline = self.loop.call_later(wait, self._timed_out)

    def _timed_out(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        limits = self.door.limits
        if self.phase == HEADERS:
            self.door.counts.add("closed: headers not in time (limits.header_timeout_s)")
            if self.conn.our_state is h11.IDLE or self.conn.our_state is h11.DONE:
                self.transport.write(refusal_bytes(408, "Request Timeout", "the request's headers "
                                                   f"did not arrive within {limits.header_timeout_s:g} s "
                                                   "(limits.header_timeout_s)"))
        else:
            self.door.counts.add("closed: body not in time (limits.body_timeout_s)")
        self.close_now()

    def unsent(self) -> int:
        """Bytes written to the connection that its reader has not taken (nor the kernel's
        buffers): what it holds of the service's memory."""
        return 0 if self.transport is None else self.transport.get_write_buffer_size()

    def hold_to(self, high: int) -> None:
        """Writes to the connection wait once ``high`` bytes are unread (a live page's share),
        and the kernel's send buffer for it is held to as much (a reader that takes nothing
        makes the writes wait at once, rather than once the kernel's buffer has grown)."""
        self.transport.set_write_buffer_limits(high=high)
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, high)

    def cut(self, why: str) -> None:
        """End the connection at once, what it holds unsent let go (a live reader that took
        nothing, director.web.live)."""
        self.door.counts.add(f"cut: {why}")
        self.door.leave(self)
        self.transport.abort()

    def close_now(self) -> None:
        """Close the connection; it leaves the door's counts at once (the room it made is there
        for the next connection, not when the transport says it is lost)."""
        self.door.leave(self)
        self.transport.close()


def quiet_logs() -> None:
    """uvicorn's own warnings held to five of each message at once, then five a minute
    (director.limits ``keep_lines_of``: its "Invalid HTTP request received." once per garbage
    connection)."""
    keep_lines_of(logging.getLogger("uvicorn.error"))


def allow_open_files(limits: Limits) -> Limits:
    """Raise the soft limit of open files above the connections the door lets in; where the
    hard limit is lower, the door lets in fewer (said in the log)."""
    wanted = limits.connections_total + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    if soft != resource.RLIM_INFINITY and soft < wanted:
        fewer = max(16, soft - SPARE_FILES)
        log.warning("open files are limited to %d (LimitNOFILE): at most %d connections, not %d",
                    soft, fewer, limits.connections_total)
        from dataclasses import replace
        return replace(limits, connections_total=fewer)
    return limits


def server_config(app, limits: Limits, *, access_log: bool = False, **settings) -> uvicorn.Config:
    """uvicorn's settings for the director's service, the door in its HTTP protocol: the
    service's and the tests' alike (``app``: director.web.app's, whose tables' API rate the
    door keeps too). ``settings``: host, port, log_level..."""
    door = Door(limits, app.state.service.table_requests, app.state.service.wires)
    protocol = type("DirectorDoorProtocol", (DoorProtocol,), {"door": door})
    config = uvicorn.Config(app, http=protocol, timeout_keep_alive=KEEP_ALIVE_S,
                            h11_max_incomplete_event_size=MAX_HEADERS, backlog=BACKLOG,
                            access_log=access_log, **settings)
    config.door = door
    return config


class ListenError(OSError):
    """The service cannot listen where its config says: why, in words, and what to do."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` for uvicorn to serve on (``Server.run(sockets=...)``),
    bound before the service says where it is; ListenError in words when it cannot be. It is
    made as TCP by name (``IPPROTO_TCP``), so that each connection it accepts is too and asyncio
    turns Nagle's delay off for it: made with protocol 0 it was not, and a table's or a page's
    request on a kept-alive connection was answered some 40 ms late."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ListenError(f"cannot listen on {host}:{port}: {_why_not(exc, host, port)}") from None
    return sock


def _why_not(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (f"the port is in use (another director, or another service, listens on port "
                f"{port}): stop it, or give this one another port (--port, service.port)")
    if exc.errno == errno.EACCES:
        return (f"port {port} needs the administrator's rights: give a port from 1024 "
                "(--port, service.port; 8080 is the usual)")
    if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
        return (f"{host} is not an address of this machine (--host, service.host: 127.0.0.1 for "
                "this machine only, 0.0.0.0 for the venue's network)")
    return exc.strerror or str(exc)
