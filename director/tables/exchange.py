"""The service's end of enrolling a table by code (common.wire.code_exchange has the protocol).

``Exchanges(db, config)`` answers the two requests of the tables' API:

- ``start(raw, now, source, reached)``: a table's first SPAKE2 message for table T; one try of
  T's open code is spent (director.tables.codes), and the answer carries the director's message
  and T's enrollment sealed under the exchange's key (its own key, its PIN's hash, the
  tournament, the rules: director.tables.enroll.sealed_enrollment; and the director's own
  addresses, ``urls``: ``reached``, the address the request came in on, first, then those it
  announces, director.tables.announce.addresses, at its port). The table keeps one of those,
  whoever relayed its start. The exchange waits for its confirmation for
  ``PENDING_S``, in memory;
- ``confirm(raw, now, source)``: the table's confirmation; right, the code is used and the table
  recorded as enrolled; wrong, refused 403 and the exchange still waits (someone who saw its
  id on the Wi-Fi cannot end an honest table's enrollment with one bogus confirmation). An
  exchange is confirmed once: the same confirmation again (a replay) finds no exchange.

Whether the code typed was right shows only at the confirmation (the director cannot tell at the
start: SPAKE2): a table whose code was wrong still sends its confirmation (kiosk.link.enroll),
which does not match, and the log says so (``the code typed at table 7 was wrong``, a warning);
the start's line says a try was spent, not whether it was right.

A bad try costs the guesser, not the table. Each address (``source``) may spend ``TRIES`` of a
code, of its ``codes.TRIES_IN_ALL``: one phone cannot end another table's code. Where an
address has spent its tries the code has ended for it (``ended_at``: the tables page says so, as
the table there does). Starts and
confirmations are each counted per address (``STARTS_*``, ``CONFIRMS_*``: 429 with
Retry-After); a message that is not a point of SPAKE2's group is refused 400 before a try is
spent; at most ``STARTS_AT_ONCE_IN_ALL`` starts are worked on at once and ``MAX_PENDING``
exchanges wait (``PENDING_PER_ADDRESS`` of one address, its oldest dropped first): 503 with
Retry-After over either, nothing spent; and the PIN's slow hash is made once per table
(``_sealed``), not once per start. The per-address counts live in memory: a restart forgets
them (a code's tries in all are in the database). Log lines about one address are bounded
(director.limits.LogLimiter).

Neither ever raises for what a client sent: each answer is a ``Reply`` (HTTP code, JSON body
and, for 429 and 503, the seconds to wait).
"""
from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

from common.wire.code_exchange import (MAX_URLS, TRIES, EnrollmentError, check_table_message,
                                   director_answer, director_url, parse_confirm, parse_start,
                                   same_confirmation)

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.limits import LimitExceeded, LogLimiter, RateLimiter
from . import codes
from .announce import addresses
from .enroll import sealed_enrollment

log = logging.getLogger("director.tables.exchange")
PENDING_S = 120.0               # how long an exchange waits for the table's confirmation
MAX_PENDING = 256               # exchanges waiting at once (each spent a try of some code)
PENDING_PER_ADDRESS = 8         # of those, from one address (its oldest dropped for a new one)
STARTS_AT_ONCE, START_EVERY_S = 10, 6.0         # starts from one address: a burst, then one per
CONFIRMS_AT_ONCE, CONFIRM_EVERY_S = 10, 2.0     # confirmations from one address, likewise
STARTS_AT_ONCE_IN_ALL = 8       # starts worked on at once (each a SPAKE2; a table's first, a scrypt)
BUSY_RETRY_S = 1.0
SEALED_KEPT = 512               # tables whose sealed enrollment (its PIN's hash) is kept


@dataclass(frozen=True)
class Reply:
    code: int
    body: dict
    retry_after: float | None = None


@dataclass(frozen=True)
class _Pending:
    table: str
    code: str
    confirmation: str
    until: float
    source: str


class Exchanges:
    def __init__(self, db: DirectorDB, config: DirectorConfig, *,
                 clock: Callable[[], float] = time.monotonic):
        self.db, self.config, self.clock = db, config, clock
        self._pending: dict[str, _Pending] = {}
        self._spent: dict[tuple[str, str, str], tuple[int, float]] = {}   # (table, code, address)
        self._sealed: OrderedDict[str, dict] = OrderedDict()
        self._lock = threading.Lock()
        # the slow hash on one thread of its own: one at a time, and in one malloc arena (made
        # on the pool's threads, each kept its 16 MiB: sixty starts, 600 MB)
        self._hasher = ThreadPoolExecutor(1, thread_name_prefix="enrollment-hash")
        self._working = threading.BoundedSemaphore(STARTS_AT_ONCE_IN_ALL)
        self.starts = RateLimiter(1 / START_EVERY_S, lambda a: f"too many enrollment starts "
                                  f"from {a}: one every {START_EVERY_S:g} s after {STARTS_AT_ONCE}",
                                  burst=STARTS_AT_ONCE, clock=clock)
        self.confirms = RateLimiter(1 / CONFIRM_EVERY_S, lambda a: f"too many enrollment "
                                    f"confirmations from {a}: one every {CONFIRM_EVERY_S:g} s "
                                    f"after {CONFIRMS_AT_ONCE}", burst=CONFIRMS_AT_ONCE, clock=clock)
        self.logged = LogLimiter(log, clock=clock)      # a phone's 404s: a few lines, not hundreds

    def start(self, raw: bytes, now: float, source: str, reached: tuple[str, int] | None = None
              ) -> Reply:
        """``reached``: (the director's IP address, port) the start came in on (the socket's
        own end), sealed first among the director's addresses."""
        try:
            self.starts.take(source)
        except LimitExceeded as exc:
            return Reply(exc.code, {"error": exc.reason}, exc.retry_after)
        try:
            start = parse_start(raw)
            check_table_message(start.message)
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        if not self._working.acquire(blocking=False):
            return Reply(503, {"error": "the director is busy with other enrollments: try again "
                                        "in a second (nothing was spent)"}, BUSY_RETRY_S)
        try:
            return self._start(start.table, start.message, now, source, reached)
        finally:
            self._working.release()

    def _start(self, table: str, message: bytes, now: float, source: str,
               reached: tuple[str, int] | None) -> Reply:
        with self._lock:
            self._prune(source, now)
            if len(self._pending) >= MAX_PENDING:
                return Reply(503, {"error": f"{MAX_PENDING} enrollments wait for their "
                                            "confirmation: try again in a minute (nothing was "
                                            "spent)"}, PENDING_S / 2)
            try:
                code = codes.open_code(self.db, table, now)
                key = (table, code.code, source)
                spent = self._spent.get(key, (0, 0.0))[0]
                if spent >= TRIES:
                    raise codes.NoCode(f"table {table}'s code: the {TRIES} tries from this address "
                                       f"({source}) are spent: the director makes a new one")
                code = codes.take_try(self.db, table, now)
            except codes.NoCode as exc:
                self.logged.info(source, "enrollment of table %s from %s refused: %s", table,
                                 source, exc)
                return Reply(404, {"error": str(exc)})
            self._spent[key] = (spent + 1, code.expires_wall)
        try:
            answer = director_answer(table, code.code, message, {
                **self._sealed_for(table), "urls": self._urls(reached)})
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        with self._lock:
            self._pending[answer.exchange] = _Pending(table, code.code, answer.confirmation,
                                                      self.clock() + PENDING_S, source)
        left = min(TRIES - spent - 1, code.tries_left)
        self.logged.info(source, "enrollment of table %s from %s: a try of its code, right or "
                         "wrong as its confirmation will show (%d tries left to this address, "
                         "%d in all)", table, source, left, code.tries_left)
        return Reply(200, json.loads(answer.body(left)))

    def confirm(self, raw: bytes, now: float, source: str) -> Reply:
        try:
            self.confirms.take(source)
        except LimitExceeded as exc:
            return Reply(exc.code, {"error": exc.reason}, exc.retry_after)
        try:
            confirm = parse_confirm(raw)
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        with self._lock:
            pending = self._pending.get(confirm.exchange)
            if pending is None or pending.until <= self.clock():
                return Reply(404, {"error": "no such enrollment exchange: it ended, or was "
                                            "confirmed already"})
            if not same_confirmation(confirm.confirm, pending.confirmation):
                self.logged.warning(source, "enrollment of table %s from %s: the code typed at "
                                    "table %s was wrong (its confirmation does not match; or "
                                    "the confirmation is not the table's: the exchange still "
                                    "waits)", pending.table, source, pending.table)
                return Reply(403, {"error": "the confirmation does not match the exchange"})
            del self._pending[confirm.exchange]
        codes.used(self.db, pending.table, pending.code, now, source=source)
        log.info("table %s enrolled by its code from %s: the code was right", pending.table,
                 source)                                                # once a code
        return Reply(200, {"outcome": "enrolled", "table": pending.table})

    def ended_at(self) -> dict[tuple[str, str], list[str]]:
        """(table, code) -> the addresses that spent their ``TRIES`` of it: the code has ended
        there (the table at that address says so), though other addresses may still try it."""
        with self._lock:
            spent = [(key, count) for key, (count, _) in self._spent.items()]
        ended: dict[tuple[str, str], list[str]] = {}
        for (table, code, source), count in spent:
            if count >= TRIES:
                ended.setdefault((table, code), []).append(source)
        return ended

    def _urls(self, reached: tuple[str, int] | None) -> list[str]:
        """The director's own addresses a table is sealed: the one its start came in on, then
        those the service announces (at most ``MAX_URLS``)."""
        try:
            announced = addresses(self.config.host)
        except (OSError, ValueError, ImportError):
            announced = []
        found = ([director_url(*reached)] if reached else []) + [
            director_url(a, self.config.port) for a in announced]
        return list(dict.fromkeys(found))[:MAX_URLS] or [director_url("127.0.0.1", self.config.port)]

    def _sealed_for(self, table: str) -> dict:
        """Table ``table``'s sealed enrollment, its PIN's slow hash made once per table, on the
        hasher's one thread (16 MiB and tens of milliseconds each: sixty starts at once, each
        hashing on a thread of the pool, took the service from 42 to 600 MB)."""
        with self._lock:
            sealed = self._sealed.get(table)
            if sealed is not None:
                self._sealed.move_to_end(table)
                return sealed
        sealed = self._hasher.submit(self._seal, table).result()
        with self._lock:
            self._sealed[table] = sealed
            while len(self._sealed) > SEALED_KEPT:
                self._sealed.popitem(last=False)
        return sealed

    def _seal(self, table: str) -> dict:
        return self._sealed.get(table) or sealed_enrollment(self.config, table)

    def _prune(self, source: str, now_wall: float) -> None:
        """Under the lock: the exchanges past their time dropped, and ``source``'s oldest while
        it has ``PENDING_PER_ADDRESS``; the tries counted of codes past their time forgotten."""
        now = self.clock()
        for exchange in [e for e, p in self._pending.items() if p.until <= now]:
            del self._pending[exchange]
        own = [e for e, p in self._pending.items() if p.source == source]
        for exchange in own[:max(0, len(own) - PENDING_PER_ADDRESS + 1)]:
            del self._pending[exchange]
        if len(self._spent) > MAX_PENDING:
            for key in [k for k, (_, expires) in self._spent.items() if expires <= now_wall]:
                del self._spent[key]
