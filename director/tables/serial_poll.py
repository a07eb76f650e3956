"""The director's end of the serial link: it polls each table address in turn (docs/sync-protocol.md).

One line (RS-485 multi-drop, or point to point), one director that alone speaks unasked. For each
address in turn the poller sends a POLL and waits up to ``reply_timeout_s`` for the table's answer
(longer while a frame is still arriving):

- DATA: its body is ``path`` (results or status), a newline and the signed document's JSON, as
  HTTP would post it; it goes to ``deliver(table, path, raw)``, which answers ``(code, body)`` as
  over HTTP (director.tables.ingest's ``receive`` does, with a ``Reply``), and the answer goes back in an
  ACK with the DATA's seq. A DATA repeated (same address, seq and bytes: the ACK was lost) is
  answered with the same ACK again and not delivered twice (a 5xx is not remembered: the repeat
  is delivered again). DATA from another address (a late answer) is handled the same way.
- IDLE: the table has nothing to send.
- nothing (lost, or no table there): the next address; the table is asked again next round.

With ``assignment_for(table)`` (a signed assignment or None) a POLL carries the table's
assignment until the table has answered a POLL that carried it, and again when it changes or
``assignment_every_s`` later (a table that restarted gets it back). The table for an address is
the address as text (``"7"``) unless ``tables`` maps it otherwise. ``heard[table]`` is when a
table last answered (wall clock). ``SerialPoller`` runs in its own thread (``start``/``stop``);
when the port fails (a USB adapter pulled out) it says so in the log and, given ``reopen`` (a
function that opens the port again), tries to open it again every second until it is back.

``start_pollers(db, config, ports, addresses, baud)`` is ``python -m director --serial``: one
poller per port, delivering into ``director.tables.ingest.receive`` (source "serial") and carrying each
table's assignment signed with its own key (``director.event.rounds.signed_assignment``).
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

import serial

from common.wire.framing import (ACK, DATA, IDLE, MAX_ADDRESS, MAX_SEQ, MIN_ADDRESS, POLL, Frame,
                                FrameReader, encode)

from director.event import rounds
from .ingest import receive

log = logging.getLogger("director.serial")

PATHS = ("results", "status")
REPLY_TIMEOUT_S = 0.5
GAP_TIMEOUT_S = 0.5
ASSIGNMENT_EVERY_S = 30.0
READ_TIMEOUT_S = 0.02
ERROR_PAUSE_S = 1.0


def parse_addresses(text: str) -> list[int]:
    """``"1-4"``, ``"1,3,7-9"`` -> the addresses, in order, each once; ValueError naming the bad part."""
    addresses: list[int] = []
    for part in str(text).split(","):
        bounds = part.strip().split("-")
        try:
            low, high = int(bounds[0]), int(bounds[-1])
        except ValueError:
            low = high = None
        if len(bounds) > 2 or low is None or not MIN_ADDRESS <= low <= high <= MAX_ADDRESS:
            raise ValueError(f"--addresses: {part.strip()!r} is not an address {MIN_ADDRESS}-"
                             f"{MAX_ADDRESS} or a range such as 1-4 (expected e.g. 1-4 or 1,3,7-9)")
        addresses += [a for a in range(low, high + 1) if a not in addresses]
    return addresses


def open_serial(url: str, baud: int = 115200) -> serial.SerialBase:
    """The director's serial port (a device path or a pyserial URL), 8N1; ValueError naming it."""
    try:
        return serial.serial_for_url(url, baudrate=baud, timeout=READ_TIMEOUT_S, write_timeout=10.0)
    except (serial.SerialException, ValueError, OSError) as exc:
        raise ValueError(f"--serial {url}: cannot open the serial port: {exc}. Check the device "
                         "exists and that this user may use it (the dialout group)") from exc


def reply_of(answer: Any) -> tuple[int, dict]:
    """``(code, body)`` from what ``deliver`` returned: a pair, or an object with code and body."""
    if hasattr(answer, "code"):
        code, body = answer.code, getattr(answer, "body", {})
    else:
        code, body = answer
    return int(code), dict(body or {})


@dataclass(frozen=True)
class _Answered:
    seq: int
    digest: bytes
    ack: bytes                      # the ACK frame on the wire, sent again for a repeat


class SerialPoller:
    def __init__(self, port, addresses: Iterable[int],
                 deliver: Callable[[str, str, bytes], Any], *,
                 tables: Mapping[int, str] | None = None,
                 assignment_for: Callable[[str], dict | None] | None = None,
                 reply_timeout_s: float = REPLY_TIMEOUT_S, gap_timeout_s: float = GAP_TIMEOUT_S,
                 assignment_every_s: float = ASSIGNMENT_EVERY_S,
                 reopen: Callable[[], Any] | None = None, clock: Callable[[], float] = time.time):
        self.addresses = [Frame(POLL, a, 0).address for a in addresses]    # each checked: 1-254
        if not self.addresses:
            raise ValueError("the serial poller needs at least one table address")
        self.port, self.deliver, self.assignment_for, self.clock = port, deliver, assignment_for, clock
        self.reopen, self.reopened = reopen, 0
        self.tables = {a: str((tables or {}).get(a, a)) for a in self.addresses}
        self.reply_timeout_s, self.gap_timeout_s = reply_timeout_s, gap_timeout_s
        self.assignment_every_s = assignment_every_s
        self.reader = FrameReader()
        self.heard: dict[str, float] = {}
        self.polls = self.delivered = self.repeats = self.silent = 0
        self._answered: dict[int, _Answered] = {}
        self._assigned: dict[int, tuple[bytes, float]] = {}   # what the table has, since when
        self._poll_seq = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def table_of(self, address: int) -> str:
        return self.tables.get(address, str(address))

    # -- one poll ----------------------------------------------------------------------------

    def poll(self, address: int) -> str:
        """Poll one address; what came of it: "data", "idle" or "silent"."""
        self._poll_seq = self._poll_seq % MAX_SEQ + 1
        seq, assignment = self._poll_seq, self._assignment_to_send(address)
        self.polls += 1
        self.port.write(encode(Frame(POLL, address, seq, assignment or b"")))
        self.port.flush()
        deadline = time.monotonic() + self.reply_timeout_s
        outcome = None
        while outcome is None and not self._stop.is_set():
            chunk = self.port.read(max(1, self.port.in_waiting))
            for frame in list(self.reader.feed(chunk)):
                answered = self._handle(frame)
                if frame.address == address and (answered == "data" or
                                                  (answered == "idle" and frame.seq == seq)):
                    outcome = answered
            if outcome is None and chunk and self.reader.partial:
                deadline = max(deadline, time.monotonic() + self.gap_timeout_s)
            if outcome is None and time.monotonic() > deadline:
                self.silent += 1
                return "silent"
        if outcome is not None and assignment is not None:
            self._assigned[address] = (assignment, self.clock())
        return outcome or "silent"

    def _handle(self, frame: Frame) -> str | None:
        if frame.address not in self.tables or frame.type not in (DATA, IDLE):
            return None                                     # our own POLL/ACK echoed, a stranger
        self.heard[self.table_of(frame.address)] = self.clock()
        if frame.type == IDLE:
            return "idle"
        digest = hashlib.sha256(frame.body).digest()
        last = self._answered.get(frame.address)
        if last is not None and last.seq == frame.seq and last.digest == digest:
            self.repeats += 1
            ack = last.ack
        else:
            code, body = self._deliver(frame)
            ack = encode(Frame(ACK, frame.address, frame.seq,
                               json.dumps({**body, "code": code}, separators=(",", ":")).encode()))
            if code < 500:
                self._answered[frame.address] = _Answered(frame.seq, digest, ack)
        self.port.write(ack)
        self.port.flush()
        return "data"

    def _deliver(self, frame: Frame) -> tuple[int, dict]:
        table = self.table_of(frame.address)
        path, newline, raw = frame.body.partition(b"\n")
        path = path.decode("ascii", "replace")
        if not newline or path not in PATHS:
            log.warning("table %s (serial address %s): a DATA frame without a path (results or "
                        "status) before its document", table, frame.address)
            return 400, {"error": "a DATA body is a path (results or status), a newline, the document"}
        try:
            code, body = reply_of(self.deliver(table, path, raw))
        except Exception as exc:
            log.exception("table %s: delivering a serial %s document failed", table, path)
            return 500, {"error": f"the director could not take it now: {exc}"}
        if code < 300:
            self.delivered += 1
        return code, body

    def _assignment_to_send(self, address: int) -> bytes | None:
        if self.assignment_for is None:
            return None
        try:
            signed = self.assignment_for(self.table_of(address))
        except Exception:
            log.exception("table %s: the assignment could not be read", self.table_of(address))
            return None
        if signed is None:
            return None
        body = json.dumps(signed, separators=(",", ":"), ensure_ascii=False).encode()
        has = self._assigned.get(address)
        if has is not None and has[0] == body and self.clock() - has[1] < self.assignment_every_s:
            return None
        return body

    # -- the thread ---------------------------------------------------------------------------

    def start(self) -> "SerialPoller":
        self._thread = threading.Thread(target=self.run, name="serial-poller", daemon=True)
        self._thread.start()
        return self

    def run(self) -> None:
        """Poll every address in turn until ``stop``; a failing port is logged and retried."""
        failing = None
        while not self._stop.is_set():
            for address in self.addresses:
                if self._stop.is_set():
                    return
                try:
                    self.poll(address)
                    failing = None
                except Exception as exc:
                    if failing != str(exc):
                        log.exception("serial poller: address %s", address)
                    failing = str(exc)
                    self._stop.wait(ERROR_PAUSE_S)
                    self._reopen()

    def _reopen(self) -> None:
        if self.reopen is None or self._stop.is_set():
            return
        try:
            self.port.close()
        except Exception:                                   # noqa: BLE001 - it is broken already
            pass
        try:
            self.port = self.reopen()
        except Exception as exc:                            # still gone: the next failure retries
            log.warning("serial poller: the port cannot be opened again yet: %s", exc)
            return
        self.reader = FrameReader()
        self.reopened += 1
        log.info("serial poller: the port is open again")

    def stop(self, timeout_s: float = 30.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)


def start_pollers(db, config, ports: Iterable[str], addresses: str | None, baud: int = 115200,
                  **options) -> list[SerialPoller]:
    """A running poller on each port for ``addresses`` ("1-4"), storing through the director's
    ingest into ``db``; ValueError (nothing left open) for a bad address list or port."""
    ports = list(ports)
    if not ports:
        if addresses:
            raise ValueError("--addresses: the tables' addresses on a serial line need --serial PORT")
        return []
    if not addresses:
        raise ValueError("--serial needs --addresses: the tables' addresses on the line, e.g. 1-4")
    wanted = parse_addresses(addresses)

    def deliver(table: str, path: str, raw: bytes):
        return receive(db, table, path, raw, config.key, time.time(), rules=config.rules,
                       source="serial")

    def assignment_for(table: str) -> dict | None:
        return rounds.signed_assignment(db, table, config.tournament, config.key, config.word_list)

    pollers: list[SerialPoller] = []
    try:
        for url in ports:
            pollers.append(SerialPoller(open_serial(url, baud), wanted, deliver,
                                        assignment_for=assignment_for,
                                        reopen=lambda url=url: open_serial(url, baud), **options))
    except BaseException:
        for poller in pollers:
            poller.port.close()
        raise
    return [poller.start() for poller in pollers]


def stop_pollers(pollers: Iterable[SerialPoller]) -> None:
    for poller in pollers:
        poller.stop()
        poller.port.close()
