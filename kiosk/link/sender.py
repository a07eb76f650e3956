"""The sync worker: a background thread that carries the outbox to the director over HTTP.

The worker opens its own connection to the kiosk's SQLite file (``Outbox.open`` on the same
path), so it never touches the loop's connection and the loop holds no lock for it. Each pass:

- every signed result that is due (the outbox's backoff) is posted; the director's answer is
  recorded in SQLite: delivered with the director's receipt (common.wire.schema_receipt: signed
  under the table's key, naming the result; acknowledged, never sent again), delivered without
  one or with a false one (``unconfirmed``: whoever answered is not the director, or not only;
  kept, retried with the backoff, the top line says the director did not confirm it), refused
  (4xx: kept with the director's reason, retried at the backoff's cap) or unreachable (retried
  with the backoff).
  All of it is in the file, so pending results survive a reboot and go out after it;
- the live status (common.wire.status) of the game the loop last ``publish``-ed is posted when
  it changed and every ``status_s`` otherwise; it is never queued (only the latest matters);
- every ``poll_s`` the table's assignment is fetched and checked (kiosk.link.http_client); a
  refused one is kept as ``assignment_error``, which the next status carries to the director
  (``assignment_refused``) and the top line shows (``assignment_alert``);
- the director's answer to a status names the results it holds for the table: an acknowledged
  result it lacks (a director restored from a backup, or on a new laptop) is queued again, once
  (``resend_unheld``, kiosk.store.outbox); the tables delete no result.
- a challenge for the judge station (outbox kind ``challenge``, kiosk.link.station_wait) is
  posted like a result, and counts as taken only on the director's receipt for it
  (common.wire.schema_receipt.station_unconfirmed; without it, kept and sent again); the newest
  challenge document supersedes the older ones waiting (kiosk.store.outbox.put_superseding),
  and what became of it is the link's ``challenge_pending``. While the table awaits the
  station's verdict (``await_verdict``) the verdict is asked for every ``VERDICT_POLL_S``.

It is a ``kiosk.link.worker.Link``: the loop publishes the game and reads ``link``, an immutable
``LinkState`` (pending results, when one last reached the director, the director's refusal,
whether it answers, the assignment) that the worker replaces whole: reading it takes no lock
and never waits for the network. ``link_text`` is what the screens say about it.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from kiosk.store.outbox import Outbox
from kiosk.link.http_client import DELIVERED, REFUSED, AssignmentError, DirectorClient
from common.wire import schema
from common.wire.schema import MAX_REFUSAL
from common.wire.schema_receipt import station_unconfirmed, unconfirmed
from common.wire.signing import sign
from kiosk.link.worker import Link, LinkState, Published

log = logging.getLogger(__name__)
RESULT = "result"                   # the outbox's kind for a signed result (kiosk.session)
CHALLENGE = "challenge"             # a challenge sent to the judge station (kiosk.link.station_wait)
PATH_OF = {RESULT: "results", CHALLENGE: "challenge"}
REFUSED_PREFIX = "refused: "
UNCONFIRMED_PREFIX = "unconfirmed: "   # a "stored" without the director's receipt
ASSIGNMENT_REFUSED = "assignment refused: "     # how the link words a refused assignment
VERDICT_POLL_S = 1.0


def link_text(link: LinkState | None) -> str:
    """The screen's words for the link: refusals first (the director's reason, without its HTTP
    code: "the director refused the result: players: ..."; the result stays in the outbox), then
    what waits, then what was sent. A refused assignment is the top line's alert instead
    (``assignment_alert``)."""
    if link is None:
        return ""
    if link.refused:
        return f"the director refused the result: {said_by_director(link.refused)}"
    if link.status_refused:
        return f"the director refused the status: {said_by_director(link.status_refused)}"
    if link.unconfirmed:
        return f"the director did not confirm the result: kept to send again ({link.pending})"
    if link.pending:
        return f"result waiting to send ({link.pending})"
    if link.delivered_wall is not None:
        return "result sent to director"
    if link.reached is False:
        return "director not reached"
    return "director linked" if link.reached else ""


def assignment_alert(link: LinkState | None) -> str:
    """The top line's alert while the director's last assignment is refused (the table keeps
    the one it had): that the director must be called, and why; else ""."""
    if link is None or not link.assignment_error:
        return ""
    why = refusal_words(link.assignment_error)
    return f"call the director: this table refused the director's last assignment ({why})"


def refusal_words(assignment_error: str | None) -> str:
    """Why the link refused the director's assignment ("players[1]: ..."), as the top line's
    alert and the status say it (one line of printable text, whatever an answer held: the
    status's schema takes it); "" if it did not."""
    why = (assignment_error or "").removeprefix(ASSIGNMENT_REFUSED)
    return " ".join("".join(c if c.isprintable() else " " for c in why).split())[:MAX_REFUSAL]


def resend_unheld(outbox: Outbox, held: dict[int, int] | None, tournament: str, table: str,
                  now_wall: float) -> int:
    """The acknowledged results the director says it lacks, queued again (both links call it)."""
    if held is None:
        return 0
    queued = outbox.resend_unheld(RESULT, tournament, table, held, now_wall)
    if queued:
        log.warning("the director lacks %d result(s) it had acknowledged (restored from a "
                    "backup?): sending them again", queued)
    return queued


def held_of(answer) -> dict[int, int] | None:
    """The results a director's answer to a status says it holds for the table (round ->
    revision); None when it says nothing of them (an older director) or is not an answer."""
    try:
        held = schema.convert(answer, schema.Answer).held
    except schema.SchemaError:
        return None
    return None if held is None else {h.round: h.revision for h in held}


def unconfirmed_of(outbox: Outbox) -> str | None:
    """Why the first result still waiting was last answered "stored" without being believed
    (no receipt of the director's, or a false one), if it was; else None."""
    row = outbox.conn.execute(
        "SELECT last_error FROM outbox WHERE acked IS NULL AND kind = ? AND last_error LIKE ? "
        "ORDER BY id LIMIT 1", [RESULT, UNCONFIRMED_PREFIX + "%"]).fetchone()
    return row[0][len(UNCONFIRMED_PREFIX):] if row else None


def challenge_pending(outbox: Outbox) -> str | None:
    """What became of the newest challenge for the judge station: None when the director took
    it (its receipt believed) or there is none; else its last failure as the outbox keeps it
    (``unconfirmed: ...``, ``refused: ...``, why the director was not reached), "" before it
    was tried."""
    newest = outbox.newest(CHALLENGE)
    if newest is None or newest.acked is not None:
        return None
    return newest.last_error or ""


def said_by_director(refusal: str) -> str:
    """The director's reason in a refusal as the link keeps it ("409 players: ...")."""
    code, _, words = refusal.partition(" ")
    return words if code.isdigit() and len(code) == 3 and words else refusal


class Sender(Link):
    """The worker for the kiosk's store at ``path``. ``clock`` is the game's monotonic clock
    (for the status's times), ``wall`` the wall clock (for the outbox's backoff)."""

    def __init__(self, path: str | Path, client: DirectorClient, key: bytes, *,
                 status_s: float = 5.0, poll_s: float = 5.0, idle_s: float = 0.25,
                 base_delay_s: float | None = None, max_delay_s: float | None = None,
                 clock: Callable[[], int] = time.monotonic_ns, wall: Callable[[], float] = time.time):
        self.path, self.client, self.key = Path(path), client, key
        self.status_s, self.poll_s, self.idle_s = status_s, poll_s, idle_s
        self.backoff = {k: v for k, v in (("base_delay_s", base_delay_s),
                                          ("max_delay_s", max_delay_s)) if v is not None}
        self.clock, self.wall = clock, wall
        self.link = LinkState()
        self.posted: list[str] = []     # outcomes of delivered results, for tests and logs
        self._published: Published | None = None
        self._stop, self._wake = threading.Event(), threading.Event()
        self._thread: threading.Thread | None = None
        self._status_sent: tuple[object, float] | None = None   # (state, wall) of the last status
        self._status_retry = 0.0
        self._next_poll = 0.0
        self._awaiting: str | None = None   # the challenge whose verdict the station gives
        self._next_verdict_poll = 0.0

    # --- what the loop calls (never blocks) -------------------------------------------------------

    def await_verdict(self, challenge_id: str | None) -> None:
        """Ask for the judge station's verdict on ``challenge_id`` until told otherwise (None)."""
        if challenge_id != self._awaiting:
            self._awaiting, self._next_verdict_poll = challenge_id, 0.0
            if challenge_id is None:
                self.link = replace(self.link, verdict=None)
            self._wake.set()

    def wake(self) -> None:
        """Send now rather than at the next pass (a result was just locked)."""
        self._wake.set()

    def start(self) -> "Sender":
        self._thread = threading.Thread(target=self._run, name="director-sync", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout_s: float | None = None) -> bool:
        """Ask the worker to stop and wait for it (its request in flight ends by its timeout).
        True if it has stopped."""
        self._stop.set()
        self._wake.set()
        if self._thread is None:
            return True
        self._thread.join(timeout_s if timeout_s is not None else self.client.timeout_s + 5)
        return not self._thread.is_alive()

    # --- the worker -------------------------------------------------------------------------------

    def _run(self) -> None:
        outbox = Outbox.open(self.path, **self.backoff)
        try:
            self._refresh(outbox)
            while not self._stop.is_set():
                try:
                    self.step(outbox)
                except Exception:               # noqa: BLE001 - the link must outlive any one failure
                    log.exception("the director link failed on a pass; it carries on")
                self._wake.wait(self.idle_s)
                self._wake.clear()
        finally:
            outbox.close()

    def step(self, outbox: Outbox) -> None:
        """One pass: due results, the status if due, the assignment if due."""
        self._send_results(outbox)
        if not self._stop.is_set():
            self._send_status(outbox)
        if not self._stop.is_set() and self.wall() >= self._next_poll:
            self._poll_assignment()
        if not self._stop.is_set() and self._awaiting and self.wall() >= self._next_verdict_poll:
            self._poll_verdict()
        self._refresh(outbox)

    def _send_results(self, outbox: Outbox) -> None:
        for doc in outbox.due(self.wall()):
            if doc.kind not in PATH_OF or self._stop.is_set():
                continue
            answer = self.client.post(PATH_OF[doc.kind], doc.body)
            now = self.wall()
            why = self._unconfirmed(doc, answer.body) if answer.kind == DELIVERED else None
            if why is not None:
                outbox.mark_sent_failed(doc.id, now, UNCONFIRMED_PREFIX + why)
                self._reached(True)
                log.warning("%s %s answered %r without the director's receipt (%s): kept, "
                            "sent again", doc.kind, doc.id, answer.reason, why)
            elif answer.kind == DELIVERED:
                outbox.ack(doc.id, now)
                self.posted.append(answer.reason)
                self._reached(True)
                log.info("%s %s delivered: %s", doc.kind, doc.id, answer.reason)
            elif answer.kind == REFUSED:
                outbox.mark_sent_failed(doc.id, now, REFUSED_PREFIX + answer.reason, at_cap=True)
                self._reached(True)
                log.warning("%s %s refused by the director: %s", doc.kind, doc.id, answer.reason)
            else:
                outbox.mark_sent_failed(doc.id, now, answer.reason)
                self._reached(False)
                log.info("%s %s not sent: %s", doc.kind, doc.id, answer.reason)
                return                           # the director is away: the rest can wait too

    def _unconfirmed(self, doc, answer) -> str | None:
        """Why a "delivered" answer to ``doc`` is not believed: no receipt of the director's
        for it, under the table's key (a result's, or a challenge's); None if it is."""
        if doc.kind == CHALLENGE:
            document = doc.body.get("document") if isinstance(doc.body, dict) else None
            return station_unconfirmed(answer, "challenge", self.client.table, document or {},
                                       self.key)
        return unconfirmed(answer, doc.body, self.key)

    def _send_status(self, outbox: Outbox) -> None:
        published, now = self._published, self.wall()
        if published is None or now < self._status_retry:
            return
        last = self._status_sent
        if last is not None and last[0] is published.state and now - last[1] < self.status_s:
            return
        tournament, table = published.round_table
        document = published.status(self.clock(), outbox_pending=outbox.pending(RESULT),
                                    sent_wall=now,
                                    assignment_refused=refusal_words(self.link.assignment_error))
        answer = self.client.post("status", sign(document, self.key))
        self._status_sent = (published.state, now)
        if answer.kind == DELIVERED:
            resend_unheld(outbox, held_of(answer.body), tournament, table, now)
        if answer.kind == DELIVERED or answer.kind == REFUSED:
            refused = answer.reason if answer.kind == REFUSED else None
            if refused and refused != self.link.status_refused:
                log.warning("status refused by the director: %s", refused)
            self.link = replace(self.link, reached=True, status_refused=refused)
        else:
            self._reached(False)
            self._status_retry = now + self.status_s      # not once per pass while it is away

    def _poll_assignment(self) -> None:
        self._next_poll = self.wall() + self.poll_s
        try:
            assignment = self.client.assignment()
        except ConnectionError:
            self._reached(False)
            return
        except AssignmentError as exc:
            log.warning("%s", exc)
            self.link = replace(self.link, assignment_error=str(exc), reached=True)
            return
        self.link = replace(self.link, assignment=assignment, assignment_error=None, reached=True)

    def _poll_verdict(self) -> None:
        self._next_verdict_poll = self.wall() + VERDICT_POLL_S
        try:
            verdict = self.client.verdict()
        except ConnectionError:
            self._reached(False)
            return
        except AssignmentError as exc:
            log.warning("%s", exc)
            return
        if verdict is not None and verdict.get("challenge_id") != self._awaiting:
            verdict = None                      # another challenge's: not this one's
        self.link = replace(self.link, verdict=verdict, reached=True)

    def _reached(self, reached: bool) -> None:
        if self.link.reached is not reached:
            self.link = replace(self.link, reached=reached)

    def _refresh(self, outbox: Outbox) -> None:
        refused = outbox.conn.execute(
            "SELECT last_error FROM outbox WHERE acked IS NULL AND kind = ? AND last_error LIKE ? "
            "ORDER BY id LIMIT 1", [RESULT, REFUSED_PREFIX + "%"]).fetchone()
        link = replace(self.link, pending=outbox.pending(RESULT), delivered_wall=outbox.last_acked(RESULT),
                       refused=refused[0][len(REFUSED_PREFIX):] if refused else None,
                       unconfirmed=unconfirmed_of(outbox), challenge_pending=challenge_pending(outbox))
        if link != self.link:
            self.link = link
