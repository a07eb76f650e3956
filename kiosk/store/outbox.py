"""The outbox: documents (results, status) waiting to reach the director, kept in SQLite.

A document stays until the director acknowledges it (or, a judge station's challenge, until a
later one of its kind supersedes it: ``put_superseding``). Sending is the sync worker's job; the
outbox only says what is due and remembers failures: after the n-th failed attempt the next is
due ``min(cap, base * 2**(n-1))`` seconds later (1, 2, 4 ... 60 s by default). Everything is
on disk, so pending documents survive a reboot. Times are wall-clock seconds passed in by the
caller; a retry time implausibly far ahead (the wall clock was set back, as when a Pi without
a real-time clock gets its time from the network) is treated as due rather than waited for.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from common.game.frozen import value

from .db import Store, StoreError, UnknownRecord, rows

BASE_DELAY_S = 1.0
MAX_DELAY_S = 60.0


@value
class Document:
    id: int
    kind: str                       # result, status, ...
    body: Any                       # the JSON document, parsed
    created: float
    attempts: int                   # failed sends so far
    next_attempt: float
    acked: float | None
    last_error: str | None


class Outbox(Store):
    """Documents for the director. ``Outbox.open(path)`` (the backoff's base and cap as
    keywords); may share the journal's file, or its connection (``Outbox(journal.conn, path)``)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, base_delay_s: float = BASE_DELAY_S,
                 max_delay_s: float = MAX_DELAY_S):
        if not 0 < base_delay_s <= max_delay_s:
            raise StoreError(f"outbox backoff: need 0 < base ({base_delay_s}) <= cap ({max_delay_s})")
        super().__init__(conn, path)
        self.base_delay_s, self.max_delay_s = base_delay_s, max_delay_s

    def put(self, kind: str, body: Any, now_wall: float) -> int:
        """Queue a JSON document (a dict or list); it is due at once. Returns its id."""
        text = self._text(kind, body)
        with self.transaction():
            return self.conn.execute(
                "INSERT INTO outbox (kind, body, created, attempts, next_attempt) VALUES (?, ?, ?, 0, ?)",
                [kind, text, float(now_wall), float(now_wall)]).lastrowid

    def put_superseding(self, kind: str, body: Any, now_wall: float) -> int:
        """Queue a document that says all the waiting documents of ``kind`` said (a judge
        station's challenge: its newest state): those are superseded, done without being sent
        (acknowledged, ``last_error`` says by which), in the same transaction, so that none of
        them goes after it. Returns its id."""
        text = self._text(kind, body)
        with self.transaction():
            doc_id = self.conn.execute(
                "INSERT INTO outbox (kind, body, created, attempts, next_attempt) VALUES (?, ?, ?, 0, ?)",
                [kind, text, float(now_wall), float(now_wall)]).lastrowid
            self.conn.execute("UPDATE outbox SET acked = ?, last_error = ? WHERE kind = ? AND "
                              "acked IS NULL AND id < ?",
                              [float(now_wall), f"superseded by document {doc_id}", kind, doc_id])
        return doc_id

    def newest(self, kind: str) -> Document | None:
        """The latest document of ``kind`` queued, sent or not; None if there is none."""
        found = rows(self.conn, "SELECT * FROM outbox WHERE kind = ? ORDER BY id DESC LIMIT 1", [kind])
        return _document(found[0]) if found else None

    def last_seq(self, kind: str) -> int:
        """The largest ``seq`` of the signed documents of ``kind`` queued (0 if none has one):
        a judge station's challenges count their documents with it."""
        largest = self.conn.execute(
            "SELECT max(json_extract(body, '$.document.seq')) FROM outbox WHERE kind = ?",
            [kind]).fetchone()[0]
        return largest if isinstance(largest, int) else 0

    def replace(self, doc_id: int, kind: str, body: Any) -> None:
        """Put ``body`` of ``kind`` in the place of a waiting document (an unsigned result once
        the table has its key): due at once."""
        text = self._text(kind, body)
        with self.transaction():
            self.get(doc_id)
            self.conn.execute("UPDATE outbox SET kind = ?, body = ?, attempts = 0, last_error = NULL "
                              "WHERE id = ?", [kind, text, doc_id])

    def unacknowledged(self, kind: str) -> list[Document]:
        """The documents of ``kind`` the director has not acknowledged, oldest first."""
        return [_document(row) for row in rows(
            self.conn, "SELECT * FROM outbox WHERE acked IS NULL AND kind = ? ORDER BY id", [kind])]

    def due(self, now_wall: float, limit: int | None = None) -> list[Document]:
        """Unacknowledged documents to send now, oldest first."""
        sql = ("SELECT * FROM outbox WHERE acked IS NULL AND (next_attempt <= ? OR next_attempt > ?) "
               "ORDER BY id")
        params: list = [now_wall, now_wall + self.max_delay_s]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        return [_document(row) for row in rows(self.conn, sql, params)]

    def _text(self, kind: str, body: Any) -> str:
        if not isinstance(kind, str) or not kind.strip():
            raise StoreError(f"{self.path}: a document needs a kind (result, status ...), not {kind!r}")
        if not isinstance(body, (dict, list)):
            raise StoreError(f"{self.path}: a {kind} document is a JSON object or list, "
                             f"not {type(body).__name__}")
        try:
            return json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"{self.path}: the {kind} document is not JSON: {exc}") from None

    def get(self, doc_id: int) -> Document:
        found = rows(self.conn, "SELECT * FROM outbox WHERE id = ?", [doc_id])
        if not found:
            raise UnknownRecord(f"{self.path}: there is no outbox document {doc_id!r}")
        return _document(found[0])

    def delay_after(self, attempts: int) -> float:
        """Seconds to wait after the ``attempts``-th failure in a row."""
        return min(self.max_delay_s, self.base_delay_s * 2.0 ** min(attempts - 1, 62))

    def mark_sent_failed(self, doc_id: int, now_wall: float, error: str | None = None, *,
                         at_cap: bool = False) -> float | None:
        """Record a failed send; return when the next attempt is due (``at_cap``: the cap's
        delay, for a document the director refused). A document already acknowledged (through
        another link) stays acknowledged: returns None."""
        with self.transaction():
            doc = self.get(doc_id)
            if doc.acked is not None:
                return None
            attempts = doc.attempts + 1
            delay = self.max_delay_s if at_cap else self.delay_after(attempts)
            next_attempt = float(now_wall) + delay
            self.conn.execute("UPDATE outbox SET attempts = ?, next_attempt = ?, last_error = ? "
                              "WHERE id = ?", [attempts, next_attempt, error, doc_id])
        return next_attempt

    def ack(self, doc_id: int, now_wall: float) -> None:
        """The director has the document: it is never sent again. Acknowledging twice is fine
        (the first time is kept)."""
        with self.transaction():
            if self.get(doc_id).acked is None:
                self.conn.execute("UPDATE outbox SET acked = ? WHERE id = ?", [float(now_wall), doc_id])

    def pending(self, kind: str | None = None) -> int:
        """How many documents (of ``kind``, if given) the director has not acknowledged yet
        (for the status line)."""
        if kind is None:
            return self.conn.execute("SELECT count(*) FROM outbox WHERE acked IS NULL").fetchone()[0]
        return self.conn.execute("SELECT count(*) FROM outbox WHERE acked IS NULL AND kind = ?",
                                 [kind]).fetchone()[0]

    def delivered(self, kind: str, game_id: str) -> bool:
        """Whether the director has acknowledged the ``kind`` document of game ``game_id`` (the
        ``game_id`` of the document a signed body carries): False while it waits or was
        refused, and if there is none."""
        count, acked = self.conn.execute(
            "SELECT count(*), count(acked) FROM outbox WHERE kind = ? "
            "AND json_extract(body, '$.document.game_id') = ?", [kind, game_id]).fetchone()
        return count > 0 and acked == count

    def count(self, game_id: str, kinds: tuple[str, ...]) -> int:
        """How many revisions of game ``game_id``'s documents of ``kinds`` have been queued, sent
        or not (one sent again to a director that lacked it is the same revision)."""
        marks = ", ".join("?" * len(kinds))
        return self.conn.execute(
            f"SELECT count(DISTINCT json_extract(body, '$.document.revision')) FROM outbox "
            f"WHERE kind IN ({marks}) AND json_extract(body, '$.document.game_id') = ?",
            [*kinds, game_id]).fetchone()[0]

    def resend_unheld(self, kind: str, tournament: str, table: str, held: dict[int, int],
                      now_wall: float) -> int:
        """Queue again, once, each acknowledged ``kind`` document of ``table`` in ``tournament``
        whose round the director says it holds at a lower revision or not at all (``held``:
        round -> revision, from its answer to a status): a director restored from a backup, or
        moved to a new laptop, gets back what it had acknowledged. Nothing is deleted: each goes
        in as a new document marked ``"again": true`` beside its signature (the director says
        so on its page), revisions in order, unless the same already waits. Returns how many
        were queued."""
        acked = self.conn.execute(
            "SELECT body, json_extract(body, '$.document.round') AS round, "
            "json_extract(body, '$.document.revision') AS revision FROM outbox WHERE kind = ? "
            "AND acked IS NOT NULL AND json_extract(body, '$.document.tournament') = ? AND "
            "json_extract(body, '$.document.table') = ? ORDER BY round, revision, id",
            [kind, tournament, str(table)]).fetchall()
        lacking = [self._text(kind, {**json.loads(body), "again": True})
                   for body, round_number, revision in acked
                   if isinstance(round_number, int) and isinstance(revision, int)
                   and revision > held.get(round_number, 0)]
        queued = 0
        with self.transaction():
            for body in dict.fromkeys(lacking):
                if self.conn.execute("SELECT 1 FROM outbox WHERE kind = ? AND body = ? AND acked "
                                     "IS NULL", [kind, body]).fetchone() is None:
                    self.conn.execute("INSERT INTO outbox (kind, body, created, attempts, "
                                      "next_attempt) VALUES (?, ?, ?, 0, ?)",
                                      [kind, body, float(now_wall), float(now_wall)])
                    queued += 1
        return queued

    def last_acked(self, kind: str) -> float | None:
        """When the director last acknowledged a document of ``kind`` (wall-clock), if ever."""
        return self.conn.execute("SELECT max(acked) FROM outbox WHERE kind = ?", [kind]).fetchone()[0]


def _document(row: dict) -> Document:
    return Document(id=row["id"], kind=row["kind"], body=json.loads(row["body"]),
                    created=row["created"], attempts=row["attempts"],
                    next_attempt=row["next_attempt"], acked=row["acked"],
                    last_error=row["last_error"])
