"""The service's end of enrolling a table by code (kiosk.sync.enrollment has the protocol).

``Exchanges(db, config)`` answers the two requests of the tables' API:

- ``start(raw, now, source)``: a table's first SPAKE2 message for table T; one try of T's open
  code is spent (director.tables.codes), and the answer carries the director's message and T's
  enrollment sealed under the exchange's key (its own key, its PIN's hash, the tournament, the
  rules: director.tables.enroll.sealed_enrollment). The exchange waits for its confirmation for
  ``PENDING_S``, in memory;
- ``confirm(raw, now, source)``: the table's confirmation; right, the code is used and the table
  recorded as enrolled; wrong, the exchange ends. An exchange is confirmed once: the same
  confirmation again (a replay) finds no exchange.

Neither ever raises for what a client sent: each answer is a ``Reply`` (HTTP code and JSON body).
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import Callable

from kiosk.sync.enrollment import (EnrollmentError, director_answer, parse_confirm, parse_start,
                                   same_confirmation)

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.limits import LogLimiter
from . import codes
from .enroll import sealed_enrollment

log = logging.getLogger("director.tables.exchange")
PENDING_S = 120.0               # how long an exchange waits for the table's confirmation
MAX_PENDING = 256               # exchanges waiting at once (each spent a try of some code)


@dataclass(frozen=True)
class Reply:
    code: int
    body: dict


@dataclass(frozen=True)
class _Pending:
    table: str
    code: str
    confirmation: str
    until: float


class Exchanges:
    def __init__(self, db: DirectorDB, config: DirectorConfig, *,
                 clock: Callable[[], float] = time.monotonic):
        self.db, self.config, self.clock = db, config, clock
        self._pending: dict[str, _Pending] = {}
        self.logged = LogLimiter(log, clock=clock)      # a phone's 404s: a few lines, not hundreds

    def start(self, raw: bytes, now: float, source: str) -> Reply:
        try:
            start = parse_start(raw)
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        try:
            code = codes.take_try(self.db, start.table, now)
        except codes.NoCode as exc:
            self.logged.info(source, "enrollment of table %s from %s refused: %s", start.table,
                             source, exc)
            return Reply(404, {"error": str(exc)})
        try:
            answer = director_answer(start.table, code.code, start.message,
                                     sealed_enrollment(self.config, start.table))
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        self._prune()
        self._pending[answer.exchange] = _Pending(start.table, code.code, answer.confirmation,
                                                  self.clock() + PENDING_S)
        self.logged.info(source, "enrollment of table %s from %s: an exchange (%d tries of its "
                         "code left)", start.table, source, code.tries_left)
        return Reply(200, json.loads(answer.body(code.tries_left)))

    def confirm(self, raw: bytes, now: float, source: str) -> Reply:
        try:
            confirm = parse_confirm(raw)
        except EnrollmentError as exc:
            return Reply(400, {"error": str(exc)})
        pending = self._pending.pop(confirm.exchange, None)
        if pending is None or pending.until <= self.clock():
            return Reply(404, {"error": "no such enrollment exchange: it ended, or was confirmed "
                                        "already"})
        if not same_confirmation(confirm.confirm, pending.confirmation):
            self.logged.warning(source, "enrollment of table %s from %s: a confirmation that does "
                                "not match", pending.table, source)
            return Reply(403, {"error": "the confirmation does not match the exchange"})
        codes.used(self.db, pending.table, pending.code, now, source=source)
        log.info("table %s enrolled by its code from %s", pending.table, source)   # once a code
        return Reply(200, {"outcome": "enrolled", "table": pending.table})

    def _prune(self) -> None:
        now = self.clock()
        for exchange in [e for e, p in self._pending.items() if p.until <= now]:
            del self._pending[exchange]
        while len(self._pending) >= MAX_PENDING:                     # the oldest first
            del self._pending[next(iter(self._pending))]

