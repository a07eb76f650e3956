"""The kiosk's end of the serial link: it answers the director's polls (docs/sync-protocol.md, Serial).

On a shared RS-485 line a table speaks only when the director polls its address. To a POLL for
its address the table answers, in this order:

- the DATA it sent last, same seq, if the director has not acknowledged it yet (the DATA or its
  ACK was lost on the line; the director answers a repeat with the same ACK);
- else DATA with the next signed result due in the outbox (kiosk.store.outbox);
- else DATA with its live status, if a ``status`` provider was given and the last status went out
  ``status_every_s`` or more ago (the provider returns a signed status document, or None);
- else IDLE (seq = the POLL's).

An ACK for its address with the DATA's seq settles it: a 2xx answer with the director's receipt
(common.wire.schema_receipt, signed under the table's ``key`` and naming the result) acknowledges
the result in the outbox (never sent again); a 2xx without it (or without a ``key`` to check it
with) keeps the result, offered again with the outbox's backoff, as the HTTP link does; any other
answer records the director's reason with the outbox's backoff (the result is offered again when
due). A POLL whose body carries the table's signed
assignment hands it to ``on_assignment`` once checked as over HTTP: signed under the table's own
``key``, of kind assignment, for this ``table`` (the address as text unless named), the
protocol's (kiosk.link.assignment.check); anything
else is logged and kept in ``assignment_error``. Frames for other addresses, and the other
tables' answers on a shared line, are ignored.

``SerialLink`` opens its own connection to the outbox's SQLite file, so it never waits for or
blocks the clock loop's connection, and runs in a thread of its own (``start``/``stop``). The
port is anything with ``read() -> bytes`` (waiting briefly) and ``write(bytes)``, such as
``drivers.serial_port.SerialPort``.

For the kiosk's loop it stands where the HTTP worker (``kiosk.link.sender.Sender``) stands: both
are a ``kiosk.link.worker.Link``, with the same calls, none of which waits: ``publish`` hands it
the game, whose status (``common.wire.status``, signed with ``key``) it sends at a poll when the
game changed or ``status_every_s`` passed; ``link`` is a ``LinkState`` snapshot (results pending,
when one was last acknowledged, the director's refusal, whether the director polls, the checked
assignment) that the thread replaces whole; ``stop()`` says whether the thread has stopped.
"""
from __future__ import annotations

import logging
import random
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from kiosk.store.outbox import Outbox
from kiosk.link.assignment import AssignmentFormatError, check
from common.wire.framing import ACK, DATA, IDLE, MAX_SEQ, POLL, Frame, FrameReader, encode
from common.wire import schema
from common.wire.schema_receipt import unconfirmed
from kiosk.link.sender import (RESULT, UNCONFIRMED_PREFIX, held_of, refusal_words, resend_unheld,
                               unconfirmed_of)
from kiosk.link.worker import Link, LinkState, Published
from common.wire.signing import SignatureError, sign, verify, wire

log = logging.getLogger(__name__)

#: outbox kind -> the path the director files it under; other kinds (unsigned results) stay put
PATHS = {"result": "results"}
STATUS_EVERY_S = 5.0
ERROR_PAUSE_S = 1.0
SILENT_S = 15.0         # no poll for this long: the director is not reached
REFRESH_S = 1.0         # the link snapshot is renewed at least this often
STOP_S = 30.0           # how long ``stop`` waits for the thread


class Port(Protocol):
    def read(self) -> bytes: ...
    def write(self, data: bytes) -> None: ...


def data_body(path: str, signed: dict) -> bytes:
    """A DATA frame's body: the path, a newline, the signed document's JSON as HTTP would post it
    (keys sorted, no spaces: the document is sent as the text it signed, whose signature the
    director checks over the bytes themselves, director.tables.ingest)."""
    return path.encode() + b"\n" + wire(signed)


@dataclass(frozen=True)
class InFlight:
    """The DATA sent and not yet acknowledged: resent as it is until its ACK comes."""
    seq: int
    wire: bytes
    path: str
    doc_id: int | None              # the outbox document; None for a status
    signed: dict | None = None      # the signed result, whose receipt the ACK must carry


class SerialLink(Link):
    def __init__(self, port: Port, address: int, outbox_path: str | Path, *,
                 status: Callable[[float], dict | None] | None = None,
                 on_assignment: Callable[[dict], None] | None = None, key: bytes | None = None,
                 table: str | None = None, status_every_s: float = STATUS_EVERY_S,
                 clock: Callable[[], float] = time.time,
                 game_clock: Callable[[], int] = time.monotonic_ns):
        Frame(POLL, address, 0)                          # checks the address: 1-254
        if on_assignment is not None and not key:
            raise ValueError("serial link: an assignment cannot be checked without the table's key")
        self.key, self.table = key, str(address if table is None else table)
        self.port, self.address, self.clock = port, address, clock
        self.outbox = Outbox.open(outbox_path)           # a connection of its own
        self.on_assignment, self.status_every_s, self.game_clock = on_assignment, status_every_s, game_clock
        self.status = status if status is not None else self._published_status if key else None
        self.reader = FrameReader()
        self.in_flight: InFlight | None = None
        self._seq = random.randint(1, MAX_SEQ)           # a restart does not reuse the last seq
        self._status_wall: float | None = None
        self.polls = self.sent = self.resent = self.acked = self.refused = self.unconfirmed = 0
        self.last_poll_wall: float | None = None
        self.error: str | None = None
        self.assignment_error: str | None = None
        self.link = LinkState()
        self._published: Published | None = None
        self._status_state = None               # the published state the last status was made of
        self._refused: str | None = None
        self._assignment_doc: dict | None = None
        self._refreshed, self._dirty = 0.0, True
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the protocol: one frame in, at most one frame out ----------------------------------

    def handle(self, frame: Frame, now_wall: float) -> bytes | None:
        """The answer to ``frame`` (its bytes on the wire), or None."""
        if frame.address != self.address:
            return None
        if frame.type == POLL:
            self.polls += 1
            self.last_poll_wall = now_wall
            if frame.body:
                self._assignment(frame.body)
            return self._answer_poll(frame, now_wall)
        if frame.type == ACK:
            self._settle(frame, now_wall)
        return None                                       # DATA/IDLE: another table's words

    def _answer_poll(self, poll: Frame, now_wall: float) -> bytes:
        if self.in_flight is not None:
            self.resent += 1
            return self.in_flight.wire
        doc = next((d for d in self.outbox.due(now_wall) if d.kind in PATHS), None)
        if doc is not None:
            return self._send(PATHS[doc.kind], doc.body, doc.id, doc.body)
        if self.status is not None and self._status_due(now_wall):
            self._status_wall = now_wall
            try:
                signed = self.status(now_wall)
            except Exception:                              # the provider's fault: say so, go on
                log.exception("serial link: the status provider failed")
                signed = None
            if signed is not None:
                return self._send("status", signed, None)
        return encode(Frame(IDLE, self.address, poll.seq))

    def _status_due(self, now_wall: float) -> bool:
        published = self._published
        return (self._status_wall is None or now_wall - self._status_wall >= self.status_every_s
                or (published is not None and published.state is not self._status_state))

    def _published_status(self, now_wall: float) -> dict | None:
        """The signed status of the game last published, or None before the first."""
        published = self._published
        if published is None:
            return None
        document = published.status(self.game_clock(), outbox_pending=self.outbox.pending(RESULT),
                                    sent_wall=now_wall,
                                    assignment_refused=refusal_words(self.assignment_error))
        self._status_state = published.state
        return sign(document, self.key)

    def _send(self, path: str, signed: dict, doc_id: int | None, result: dict | None = None) -> bytes:
        self._seq = self._seq % MAX_SEQ + 1
        wire = encode(Frame(DATA, self.address, self._seq, data_body(path, signed)))
        self.in_flight = InFlight(self._seq, wire, path, doc_id, result)
        self.sent += 1
        return wire

    def _settle(self, ack: Frame, now_wall: float) -> None:
        flight = self.in_flight
        if flight is None or ack.seq != flight.seq:
            return                                        # a repeated ACK of a settled DATA
        self.in_flight, self._dirty = None, True
        try:
            answer = schema.plain_bounded(ack.body)       # linear, bounded: no RecursionError
            code = answer["code"]
        except (UnicodeDecodeError, ValueError, KeyError, TypeError):
            answer, code = {}, None
        ok = isinstance(code, int) and 200 <= code < 300
        if flight.doc_id is None:
            if not ok:
                log.warning("serial link: the director refused a status: %s", answer)
            elif self._published is not None:
                resend_unheld(self.outbox, held_of(answer), self._published.round_table[0],
                              self.table, now_wall)
            return
        why = (unconfirmed(answer, flight.signed, self.key) if self.key else
               "no table key to check the director's receipt with") if ok else None
        if ok and why is not None:
            self.unconfirmed += 1
            log.warning("serial link: outbox document %s answered %s without the director's "
                        "receipt (%s): kept, sent again", flight.doc_id, code, why)
            self.outbox.mark_sent_failed(flight.doc_id, now_wall, UNCONFIRMED_PREFIX + why)
            return
        if ok:
            self.acked += 1
            self._refused = None
            self.outbox.ack(flight.doc_id, now_wall)
            return
        self.refused += 1
        said = str(answer.get('error', '') if isinstance(answer, dict) else '')[:300]
        reason = f"refused: {code} {' '.join(''.join(c if c.isprintable() else ' ' for c in said).split())}"
        self._refused = reason.strip()[len("refused: "):]
        log.warning("serial link: the director refused outbox document %s: %s", flight.doc_id, reason)
        self.outbox.mark_sent_failed(flight.doc_id, now_wall, reason.strip(), at_cap=True)

    def _assignment(self, body: bytes) -> None:
        if not self.key:
            return                                        # it cannot be checked: not believed
        try:
            document = verify(schema.plain_bounded(body), self.key)
            if document.get("kind") != "assignment":
                raise SignatureError(f"its kind is {document.get('kind')!r}")
            if str(document.get("table")) != self.table:
                raise SignatureError(f"it is for table {document.get('table')!r}, not {self.table!r}")
            check(document)
        except AssignmentFormatError as exc:
            self.assignment_error, self._dirty = str(exc), True
            log.warning("serial link: %s", self.assignment_error)
            return
        except (UnicodeDecodeError, ValueError) as exc:    # SignatureError is a ValueError
            self.assignment_error, self._dirty = f"assignment refused: {exc}", True
            log.warning("serial link: %s", self.assignment_error)
            return
        self.assignment_error, self._assignment_doc, self._dirty = None, document, True
        if self.on_assignment is None:
            return
        try:
            self.on_assignment(document)
        except Exception:
            log.exception("serial link: the assignment handler failed")

    # -- what the kiosk's loop calls (never waits) -------------------------------------------

    def wake(self) -> None:
        """Nothing to do: on a polled line the table speaks when the director asks (a game
        published goes out at the next poll)."""

    def refresh(self, now_wall: float) -> LinkState:
        """Renew ``link`` from the outbox and what the line said (on the link's thread)."""
        reached = None if self.last_poll_wall is None else now_wall - self.last_poll_wall < SILENT_S
        self.link = LinkState(pending=self.outbox.pending(RESULT),
                         delivered_wall=self.outbox.last_acked(RESULT), refused=self._refused,
                         reached=reached, assignment=self._assignment_doc,
                         assignment_error=self.assignment_error,
                         unconfirmed=unconfirmed_of(self.outbox))
        self._refreshed, self._dirty = now_wall, False
        return self.link

    # -- the thread ---------------------------------------------------------------------------

    def start(self) -> "SerialLink":
        self._thread = threading.Thread(target=self.run, name=f"serial-link-{self.address}",
                                        daemon=True)
        self._thread.start()
        return self

    def run(self) -> None:
        """Read, answer, until ``stop``. A failing port or store is logged and retried, never
        the end of the thread."""
        while not self._stop.is_set():
            try:
                chunk = self.port.read()
                for frame in self.reader.feed(chunk):
                    reply = self.handle(frame, self.clock())
                    if reply is not None:
                        self.port.write(reply)
                now = self.clock()
                if self._dirty or now - self._refreshed >= REFRESH_S:
                    self.refresh(now)
                self.error = None
            except Exception as exc:
                if self.error != str(exc):
                    log.exception("serial link %s", self.address)
                self.error = str(exc)
                self._stop.wait(ERROR_PAUSE_S)

    def stop(self, timeout_s: float | None = None) -> bool:
        """Stop the thread (it notices within one read timeout) and close the outbox; True if
        the thread has stopped (waited for ``STOP_S`` unless told)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(STOP_S if timeout_s is None else timeout_s)
            if self._thread.is_alive():
                return False
        self.outbox.close()
        return True
