"""What one client may ask of the director's service: the limits, and the counters that keep them.

Each limit refuses with its own status and a reason that names it (``LimitExceeded``), and
costs the service little to keep, so that it stays up under all of them at once:

- a request's body: ``body_cap(route)`` bytes (413): a table's result ``RESULT_BODY`` (what a
  real game can hold), its status 1 MiB (``director.tables.ingest.MAX_BODY``), an import
  16 MiB, anything else 64 KiB; what a body
  may hold is the protocol's one schema's to say (common.wire.schema), checked before anything
  else reads it;
- requests per second from one client address (429 with Retry-After): ``RateLimiter``, one
  for the tables' API and one for everything else, each a token bucket per address; a request
  the tables' API refuses counts more against its sender (``refusal_cost``: one request more,
  and one more per ``REFUSED_BYTES`` it sent), so a phone posting bodies to be refused is slowed
  to one or two a second, and while its address is in debt (``debt_s``) the door refuses its
  connections unread (director.web.connections); tables at other addresses keep their allowance;
- open live streams (server-sent events): the public view's per address and in all (429,
  503), below the total, so that the director's own page always has its ``live_director``
  streams: ``Slots``;
- log lines about one client address: ``LogLimiter``, a few a second (a phone's 404s must not
  write hundreds of lines a second), the lines dropped counted in the next one that is written;
  the same for a library's lines of one message (uvicorn's, ``keep_lines_of``), a few a minute;
- connections: per address and in all, and how long a request may take to send its headers and
  its body (``connections_*``, ``*_timeout_s``: director.web.connections keeps them at the
  socket).

The numbers a venue may need to change are ``Limits`` (the config's ``[limits]``); their
defaults fit a venue of 200 tables behind one NAT address, each posting its status every 5 s.
docs/reference.md lists them all.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

KIB = 1 << 10
PAGE_BODY = 64 * KIB            # the page's requests: a round to start, a login, a table to enroll
IMPORT_BODY = 16 << 20          # an imported .t, .tsh or CSV file, or several (base64 in JSON)
RESULT_BODY = 256 * KIB         # a table's result: a game of 150 turns, a challenge on each, is
                                # 105 KiB (1000 events, MAX_EVENTS, about 140 KiB); 1 MiB before
LIVE_BUFFER = 8 << 20           # what the live pages may hold together, queued or unread on their
                                # connections (director.web.live: a page over its share is dropped)
REFUSED_BYTES = 2 * KIB         # a refused request costs its sender one request more per these bytes
BURST_S = 5.0                   # a bucket holds this many seconds' worth of requests
MAX_ADDRESSES = 10_000          # buckets kept at most; the full ones (idle addresses) go first


@dataclass(frozen=True)
class Limits:
    """The limits a venue may set (the director's config, ``[limits]``)."""
    requests_per_s: float = 20.0            # per address: the page, the public view, the login
    table_requests_per_s: float = 200.0     # per address: the tables' API
    live_per_address: int = 50              # open public live streams (/live/events) per address
    live_total: int = 1000                  # open live streams in all, the director's included
    live_director: int = 20                 # of those, kept for the director's own page (/events)
    connections_per_address: int = 512      # open connections from one address
    connections_total: int = 4096           # open connections in all (the unit's file limit above it)
    header_timeout_s: float = 10.0          # from a connection (or its last answer) to a request's headers
    body_timeout_s: float = 30.0            # from a request's headers to the end of its body


class LimitExceeded(ValueError):
    """A limit refused a request: ``code`` (400, 413, 429, 503), ``reason`` (names the limit),
    ``retry_after`` (seconds, for 429)."""

    def __init__(self, code: int, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.code, self.reason, self.retry_after = code, reason, retry_after


# --- requests per second ---------------------------------------------------------------------------

class RateLimiter:
    """A token bucket per client address: ``rate`` a second, ``burst`` at once (default
    ``rate * BURST_S``). ``take`` spends a token; ``check`` only looks. Thread-safe; the clock is
    an argument (monotonic seconds). ``reason(address)`` words the refusal."""

    def __init__(self, rate: float, reason: Callable[[str], str], *, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.rate, self.reason, self.clock = float(rate), reason, clock
        self.capacity = max(1.0, self.rate * BURST_S if burst is None else burst)
        self.buckets: dict[str, tuple[float, float]] = {}       # address -> (tokens, when)
        self.lock = threading.Lock()

    def take(self, address: str) -> None:
        """One request from ``address``; LimitExceeded (429) when its bucket is empty."""
        self._tokens(address, spend=True)

    def check(self, address: str) -> None:
        """LimitExceeded (429) when ``address``'s bucket is empty; spends nothing."""
        self._tokens(address, spend=False)

    def charge(self, address: str, requests: float) -> None:
        """``requests`` more spent by ``address`` (a refused body's cost, ``refusal_cost``): its
        bucket may go below empty, down to minus its capacity, and refills at ``rate``."""
        now = self.clock()
        with self.lock:
            tokens, when = self.buckets.get(address, (self.capacity, now))
            tokens = min(self.capacity, tokens + max(0.0, now - when) * self.rate)
            self.buckets[address] = (max(-self.capacity, tokens - requests), now)

    def debt_s(self, address: str) -> float:
        """Seconds until ``address`` may send a request again, when it is in debt (its bucket
        below empty: only ``charge`` takes it there, for refused requests); 0.0 when it is not.
        Spends nothing and keeps nothing."""
        now = self.clock()
        with self.lock:
            held = self.buckets.get(address)
        if held is None:
            return 0.0
        tokens, when = held
        tokens = min(self.capacity, tokens + max(0.0, now - when) * self.rate)
        return 0.0 if tokens >= 0.0 else (1.0 - tokens) / self.rate

    def give_back(self, address: str) -> None:
        """The token ``take`` spent, given back (a login whose password was right)."""
        with self.lock:
            if address in self.buckets:
                tokens, when = self.buckets[address]
                self.buckets[address] = (min(self.capacity, tokens + 1.0), when)

    def _tokens(self, address: str, spend: bool) -> None:
        now = self.clock()
        with self.lock:
            tokens, when = self.buckets.get(address, (self.capacity, now))
            tokens = min(self.capacity, tokens + max(0.0, now - when) * self.rate)
            if tokens < 1.0:
                self.buckets[address] = (tokens, now)
                raise LimitExceeded(429, self.reason(address), (1.0 - tokens) / self.rate)
            self.buckets[address] = (tokens - spend, now)
            if len(self.buckets) > MAX_ADDRESSES:
                self._forget_idle(now)

    def _forget_idle(self, now: float) -> None:
        for address, (tokens, when) in list(self.buckets.items()):
            if tokens + max(0.0, now - when) * self.rate >= self.capacity:
                del self.buckets[address]


def refusal_cost(size: int) -> float:
    """What a request the tables' API refused costs its sender beyond the request itself: one
    request more, and one more per ``REFUSED_BYTES`` of body it sent (a refused 256 KiB
    result: 129, besides the request itself: at the default rate, an address posting them is
    held to about one every 0.65 s; a refused 1 MiB body costs half the allowance)."""
    return 1.0 + size // REFUSED_BYTES


# --- log lines -------------------------------------------------------------------------------------

LOG_LINES_PER_S = 1.0           # lines about one address, after a burst of
LOG_LINES_AT_ONCE = 10
LOG_LINES_TOTAL_PER_S = 20.0    # lines about every address together, after a burst of
LOG_LINES_TOTAL_AT_ONCE = 100
LIBRARY_LINES_PER_S = 5 / 60    # a library's lines of one message (uvicorn's), after a burst of
LIBRARY_LINES_AT_ONCE = 5
KEY_CHARS = 200                 # of a library's message, its key


class LogLimiter(logging.Filter):
    """A logger's lines bounded per key: ``at_once`` about one key then ``per_s`` a second, and
    (``total``) ``LOG_LINES_TOTAL_*`` for every key together; a line over either is dropped and
    counted, and the next line written about that key says how many were not. Thread-safe; the
    clock is an argument.

    Two uses: the lines we write about a client address (``info``, ``warning``: a phone's 404s
    must not write hundreds of lines a second), ``LOG_LINES_*``; and, as a filter on a library's
    logger (``keep_lines_of``: uvicorn's "Invalid HTTP request received." once per garbage
    connection), the lines it writes, each message its own key, ``LIBRARY_LINES_*``."""

    def __init__(self, logger: logging.Logger, *, at_once: int = LOG_LINES_AT_ONCE,
                 per_s: float = LOG_LINES_PER_S, total: bool = True,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.logger = logger
        self.per_key = RateLimiter(per_s, str, burst=at_once, clock=clock)
        self.total = RateLimiter(LOG_LINES_TOTAL_PER_S, str, burst=LOG_LINES_TOTAL_AT_ONCE,
                                 clock=clock) if total else None
        self.dropped: dict[str, int] = {}
        self.lock = threading.Lock()

    def admit(self, key: str) -> int | None:
        """None when a line about ``key`` is over the limit now (it is counted); else the lines
        about ``key`` dropped since the last one written."""
        with self.lock:
            try:
                self.per_key.take(key)
                if self.total is not None:
                    self.total.take("")
            except LimitExceeded:
                if key in self.dropped or len(self.dropped) < MAX_ADDRESSES:
                    self.dropped[key] = self.dropped.get(key, 0) + 1
                return None
            return self.dropped.pop(key, 0)

    def info(self, address: str, message: str, *args) -> bool:
        return self.log(logging.INFO, address, message, *args)

    def warning(self, address: str, message: str, *args) -> bool:
        return self.log(logging.WARNING, address, message, *args)

    def log(self, level: int, address: str, message: str, *args) -> bool:
        """The line, unless ``address`` or everyone is over the limit (then counted); whether
        it was written."""
        if not self.logger.isEnabledFor(level):
            return False
        dropped = self.admit(address)
        if dropped is None:
            return False
        if dropped:
            message += " (and %d more lines about %s not written before it: over the log's limit)"
            args = (*args, dropped, address)
        self.logger.log(level, message, *args)
        return True

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the logger this filters writes ``record`` (its message, unformatted, the
        key); the first let through after some were not says how many."""
        dropped = self.admit(str(record.msg)[:KEY_CHARS])
        if dropped is None:
            return False
        if dropped:
            record.msg = f"{record.msg} (and {dropped} more like it, not logged)"
        return True


def keep_lines_of(logger: logging.Logger, *, clock: Callable[[], float] = time.monotonic
                  ) -> LogLimiter:
    """``logger``'s own lines (a library's) held to ``LIBRARY_LINES_AT_ONCE`` of each message,
    then ``LIBRARY_LINES_PER_S`` a second: the filter, added to it."""
    limiter = LogLimiter(logger, at_once=LIBRARY_LINES_AT_ONCE, per_s=LIBRARY_LINES_PER_S,
                         total=False, clock=clock)
    logger.addFilter(limiter)
    return limiter


# --- open streams ----------------------------------------------------------------------------------

class Slots:
    """Open live streams (used on the event loop): the public view's counted per client address
    and in all, at most ``total - director`` of them; the director's page's (channel
    ``director``, behind the director's session) in a reserve of their own, which no crowd on
    the public view can take."""

    def __init__(self, per_address: int, total: int, director: int = 0):
        self.per_address, self.total = per_address, total
        self.director = min(director, total)
        self.public_total = total - self.director
        self.open: dict[str, int] = {}
        self.count = self.director_count = 0

    def acquire(self, address: str, channel: str = "public") -> None:
        """One more stream for ``address`` on ``channel``; LimitExceeded (429 or 503) when it may
        not have it."""
        if channel == "director":
            if self.director_count >= self.director:
                raise LimitExceeded(503, f"too many of the director's live pages: at most "
                                         f"{self.director} (limits.live_director)", 10.0)
            self.director_count += 1
            return
        if self.open.get(address, 0) >= self.per_address:
            raise LimitExceeded(429, f"too many live streams from {address}: at most "
                                     f"{self.per_address} (limits.live_per_address)", 10.0)
        if self.count >= self.public_total:
            raise LimitExceeded(503, f"too many live streams: at most {self.public_total} on the "
                                     "public view (limits.live_total less limits.live_director)", 10.0)
        self.open[address] = self.open.get(address, 0) + 1
        self.count += 1

    def release(self, address: str, channel: str = "public") -> None:
        if channel == "director":
            self.director_count = max(0, self.director_count - 1)
            return
        left = self.open.pop(address, 0) - 1
        if left >= 0:
            self.count -= 1
        if left > 0:
            self.open[address] = left
