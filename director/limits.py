"""What one client may ask of the director's service: the limits, and the counters that keep them.

Each limit refuses with its own status and a reason that names it (``LimitExceeded``), and
costs the service little to keep, so that it stays up under all of them at once:

- a request's body: ``body_cap(route)`` bytes (413): the tables' documents 1 MiB
  (``director.tables.ingest.MAX_BODY``), an import 16 MiB, anything else 64 KiB;
- JSON nested deeper than ``MAX_JSON_DEPTH`` (400), found by a scan of the raw bytes before
  anything parses them (``check_json_depth``, ``parse_json``);
- a document carrying more than ``MAX_EVENTS`` events (413, ``check_events``);
- requests per second from one client address (429 with Retry-After): ``RateLimiter``, one
  for the tables' API and one for everything else, each a token bucket per address;
- open live streams (server-sent events) from one address and in all (429, 503): ``Slots``.

The numbers a venue may need to change are ``Limits`` (the config's ``[limits]``); their
defaults fit a venue of 200 tables behind one NAT address, each posting its status every 5 s.
docs/reference.md lists them all.
"""
from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from itertools import accumulate
from typing import Callable

KIB = 1 << 10
MAX_JSON_DEPTH = 32             # a result document is 5 deep
MAX_EVENTS = 2000               # a long game with every correction has a few hundred
PAGE_BODY = 64 * KIB            # the page's requests: a round to start, a login, a table to enroll
IMPORT_BODY = 16 << 20          # an imported .t, .tsh or CSV file, or several (base64 in JSON)
BURST_S = 5.0                   # a bucket holds this many seconds' worth of requests
MAX_ADDRESSES = 10_000          # buckets kept at most; the full ones (idle addresses) go first


@dataclass(frozen=True)
class Limits:
    """The limits a venue may set (the director's config, ``[limits]``)."""
    requests_per_s: float = 20.0            # per address: the page, the public view, the login
    table_requests_per_s: float = 200.0     # per address: the tables' API
    live_per_address: int = 50              # open live streams (/live/events, /events) per address
    live_total: int = 1000                  # open live streams in all


class LimitExceeded(ValueError):
    """A limit refused a request: ``code`` (400, 413, 429, 503), ``reason`` (names the limit),
    ``retry_after`` (seconds, for 429)."""

    def __init__(self, code: int, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.code, self.reason, self.retry_after = code, reason, retry_after


# --- JSON ------------------------------------------------------------------------------------------

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")     # +1 and -1 as signed bytes


def json_depth(raw: bytes) -> int:
    """How deep the arrays and objects of ``raw`` nest (strings skipped), in linear time."""
    steps = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw)).translate(_STEPS)
    return max(accumulate(memoryview(steps).cast("b")), default=0)


def check_json_depth(raw: bytes, limit: int = MAX_JSON_DEPTH) -> None:
    if json_depth(raw) > limit:
        raise LimitExceeded(400, f"JSON nested deeper than {limit} levels")


def parse_json(raw: bytes):
    """``raw`` as JSON once its depth is checked: LimitExceeded (400) or ValueError."""
    check_json_depth(raw)
    return json.loads(raw)


def check_events(document: dict) -> None:
    """A document's events, counted before anything reads them."""
    events = document.get("events")
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise LimitExceeded(413, f"events: {len(events)} in one document; at most {MAX_EVENTS}")


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


# --- open streams ----------------------------------------------------------------------------------

class Slots:
    """Open live streams, counted per client address and in all (used on the event loop)."""

    def __init__(self, per_address: int, total: int):
        self.per_address, self.total = per_address, total
        self.open: dict[str, int] = {}
        self.count = 0

    def acquire(self, address: str) -> None:
        """One more stream for ``address``; LimitExceeded (429 or 503) when it may not have it."""
        if self.open.get(address, 0) >= self.per_address:
            raise LimitExceeded(429, f"too many live streams from {address}: at most "
                                     f"{self.per_address} (limits.live_per_address)", 10.0)
        if self.count >= self.total:
            raise LimitExceeded(503, f"too many live streams: at most {self.total} "
                                     "(limits.live_total)", 10.0)
        self.open[address] = self.open.get(address, 0) + 1
        self.count += 1

    def release(self, address: str) -> None:
        left = self.open.pop(address, 0) - 1
        if left >= 0:
            self.count -= 1
        if left > 0:
            self.open[address] = left
