"""Receiving one document from a table, whatever carried it (HTTP or the serial line).

``receive(db, table, path, raw, key, now_wall)`` checks the raw bytes a table sent for
``path`` ("results" or "status") as docs/sync-protocol.md says and stores what passes. ``key``
is the tournament key; a document is checked under the key of the table it names
(``kiosk.sync.signing.table_key``), never under the tournament key itself:

- 413 over ``MAX_BODY`` bytes (the HTTP layer passes at most ``MAX_BODY + 1`` bytes), or
  carrying more events than director.limits allows;
- 400 not UTF-8 JSON (or nested deeper than director.limits allows), not a signed document, no
  table named, a field missing or of the wrong type, a result whose events do not match its
  journal hash;
- 401 no signature; 403 a signature that does not match the named table's key: signed with the
  tournament key, with another table's key (a table's key signing for another), forged or altered;
- 422 an unknown ``schema`` version or a ``kind`` that is not the path's;
- 409 the document's table is not the table it was posted for (replayed under another table),
  or its ``division`` is not the division of the table's pairing in that round
  (director.event.rounds.division_for: a document without one is filed under the pairing's division);
- then a result is checked by director.tables.verify: 409 its round and players are not its table's
  pairing, or its rules are not the tournament's; 422 its events do not give its result.

The same result again is a ``duplicate`` before any of these checks (the pairings may have
changed since it was stored). A refusal stores nothing but a row in ``rejections`` and one log
line naming the table and the reason; a result refused by director.tables.verify or the division check
keeps its document in that row (once per document), and the page lists it as a problem
(director.tables.refusal). A result is stored once per (tournament, round, table): a higher revision
``replaced`` the stored one, which goes to ``results_audit``; a lower revision is ``older`` and
kept out (as is a same-revision document with other content, which is audited). A status
replaces the table's previous one, with the time it was received.
"""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from typing import NamedTuple

from kiosk.core.rules import Rules
from kiosk.sync.document import DOCUMENT_SCHEMA, events_of
from kiosk.sync.signing import SignatureError, canonical, signed_with, table_key, verify

from director.event.db import DirectorDB
from director.limits import LimitExceeded, check_events, check_json_depth
from .refusal import Refusal, Refused, keep_refusal
from director.event.rounds import DivisionMismatch, division_for
from .verify import check_result

MAX_BODY = 1 << 20              # 1 MiB
PATHS = {"results": "result", "status": "status"}      # path -> the kind it takes

log = logging.getLogger("director.tables.ingest")


@dataclass(frozen=True)
class Reply:
    """The answer to a table: the HTTP status code and the JSON body (also sent over serial)."""
    code: int
    body: dict = field(default_factory=dict)


def receive(db: DirectorDB, table: str, path: str, raw: bytes, key: bytes, now_wall: float,
            *, rules: Rules, source: str = "http", declared_size: int | None = None,
            recompute: bool = True) -> Reply:
    """Check and store one document a table sent; never raises for anything the table sent.
    ``rules``: the tournament's (a result's must be the same); ``declared_size``: the length a
    sender announced, when the transport read none of it; ``recompute=False``: the benchmark's
    baseline only (director.web.app.create_app), a result's events are not read back."""
    table = str(table)
    size = max(len(raw), declared_size or 0)
    document = None
    try:
        if size > MAX_BODY:
            raise Refused(413, f"body over {MAX_BODY} bytes")
        checked = _check(table, path, raw, key)
        document = checked.document
        if path == "results" and _stored_as_it_is(db, checked):
            return Reply(200, {"outcome": "duplicate", **_ident(document)})
        division = _division(db, document)
        if path == "results":
            check_result(db, rules, document, checked.events, recompute=recompute)
    except Refused as refusal:
        _reject(db, table, path, size, refusal, now_wall, source,
                checked if path == "results" and document is not None else None)
        return Reply(refusal.code, {"error": refusal.reason})
    if path == "results":
        return _store_result(db, checked, division, now_wall, source)
    return _store_status(db, checked, division, now_wall, source)


class Checked(NamedTuple):
    """A signed document that passed ``_check``: the document, its signature, its events (none
    for a status) and its canonical JSON (``text``, written once: it is signed, stored and
    hashed) with that text's SHA-256."""
    document: dict
    signature: str
    events: list
    text: str
    sha256: str


def _ident(document: dict) -> dict:
    return {"tournament": document["tournament"], "round": document["round"],
            "table": document["table"], "revision": document["revision"]}


def _stored_as_it_is(db: DirectorDB, checked: Checked) -> bool:
    """Whether this very result is the one stored for its game (sent again: a duplicate)."""
    document = checked.document
    with db.locked() as conn:
        return conn.execute(
            "SELECT 1 FROM results WHERE tournament = ? AND round = ? AND table_name = ? AND "
            "sha256 = ?", [document["tournament"], document["round"], document["table"],
                           checked.sha256]).fetchone() is not None


def _division(db: DirectorDB, document: dict) -> str | None:
    """The division the document is filed under, checked against the table's pairing."""
    named = _need(document, "division", lambda v: v is None or isinstance(v, str) and len(v) <= 40,
                  "a division's name or null") if "division" in document else None
    try:
        return division_for(db, document["round"], document["table"], named or None)
    except DivisionMismatch as exc:
        raise Refused(409, str(exc)[:200]) from None


def _check(table: str, path: str, raw: bytes, key: bytes) -> Checked:
    """The signed document, its signature and its events (none for a status), each checked."""
    if path not in PATHS:
        raise Refused(400, f"unknown path {path!r}: expected results or status")
    try:
        check_json_depth(raw)                   # director.limits: before anything parses it
        signed = json.loads(raw.decode("utf-8"))
    except LimitExceeded as exc:
        raise Refused(exc.code, exc.reason) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise Refused(400, f"not JSON: {str(exc)[:120]}") from None
    if not isinstance(signed, dict) or not isinstance(signed.get("document"), dict):
        raise Refused(400, 'not a signed document: expected {"document": {...}, "signature": ...}')
    try:
        check_events(signed["document"])        # before the signature reads every event
    except LimitExceeded as exc:
        raise Refused(exc.code, exc.reason) from None
    if "signature" not in signed or signed["signature"] in (None, ""):
        raise Refused(401, "the document carries no signature")
    if not isinstance(signed["signature"], str):
        raise Refused(400, "signature: expected a hex string")
    named = signed["document"].get("table")
    if not isinstance(named, str) or not named:
        raise Refused(400, "table: expected the table's name (a document is checked under its "
                           f"table's key); got {json.dumps(named)[:60]}")
    try:
        text = canonical(signed["document"])
        document = verify(signed, table_key(key, named), text)
    except SignatureError:
        raise Refused(403, _wrong_key(signed, key, named, table)) from None
    except (ValueError, TypeError, RecursionError) as exc:   # a document canonical JSON cannot write
        raise Refused(400, f"the document cannot be checked: {str(exc)[:120]}") from None
    schema = document.get("schema")
    if type(schema) is not int or schema != DOCUMENT_SCHEMA:
        raise Refused(422, f"schema: expected {DOCUMENT_SCHEMA}; got {schema!r}"[:200])
    kind = document.get("kind")
    if kind != PATHS[path]:
        raise Refused(422, f"kind: expected {PATHS[path]!r} at {path}; got {kind!r}"[:200])
    events = _check_result(document) if path == "results" else _check_status(document)
    if document["table"] != table:
        raise Refused(409, f"table: the document is table {document['table']!r}, "
                           f"posted for table {table!r}"[:200])
    return Checked(document, signed["signature"], events, text.decode(),
                   hashlib.sha256(text).hexdigest())


def _printable(name: str) -> str:
    """A table's own words in a reason and a log line: printable, at most 40 characters."""
    return "".join(c if c.isprintable() else "?" for c in name[:40])


def _wrong_key(signed: dict, key: bytes, named: str, posted: str) -> str:
    """Why a signature does not match table ``named``'s key, as far as the director can tell."""
    table, other = _printable(named), _printable(posted)
    if signed_with(signed, key):
        return (f"signed with the tournament key, not table {table}'s own key: the tournament key "
                f"never leaves the director (enroll the table: python -m director enroll {table})")
    if posted != named and signed_with(signed, table_key(key, posted)):
        return (f"table {table}'s document signed with table {other}'s key: a table signs only "
                "its own documents")
    return (f"the signature does not match table {table}'s key: signed with another key, or the "
            "document was altered")


def _need(document: dict, name: str, test, expected: str):
    value = document.get(name, _MISSING)
    if value is _MISSING:
        raise Refused(400, f"{name}: missing (expected {expected})")
    if not test(value):
        raise Refused(400, f"{name}: expected {expected}; got {json.dumps(value)[:60]}")
    return value


_MISSING = object()


INT_LIMIT = 2 ** 31      # every integer the director keeps fits SQLite's INTEGER with room to spare


def _int(value) -> bool:
    return type(value) is int and -INT_LIMIT < value < INT_LIMIT


def _pair(test):
    return lambda v: isinstance(v, list) and len(v) == 2 and all(test(x) for x in v)


def _number(value) -> bool:
    """A finite number small enough for SQLite (an int of 2**63 would overflow its INTEGER)."""
    return type(value) in (int, float) and value == value and abs(value) < 2 ** 53


def _side(value) -> bool:
    return value is None or value in (0, 1) and _int(value)


def _check_result(document: dict) -> list:
    """The result's fields checked for their form; its events read (and checked) by the core."""
    _need(document, "tournament", lambda v: isinstance(v, str), "a text")
    _need(document, "round", lambda v: _int(v) and v >= 1, "a round number >= 1")
    _need(document, "table", lambda v: isinstance(v, str) and v, "a table name")
    _need(document, "game_id", lambda v: isinstance(v, str), "a text")
    _need(document, "revision", lambda v: _int(v) and v >= 1, "a revision number >= 1")
    _need(document, "players", _pair(lambda p: isinstance(p, str)), "two names")
    _need(document, "first", _side, "0, 1 or null")
    _need(document, "rules", lambda v: isinstance(v, dict), "the rules the game was played under")
    result = _need(document, "result", lambda v: isinstance(v, dict), "an object")
    _need(result, "final", _pair(_int), "two scores")
    _need(result, "spread", _int, "an integer")
    _need(result, "winner", _side, "0, 1 or null")
    _need(result, "end", lambda v: v is None or isinstance(v, str), "a text or null")
    _need(result, "forfeit", lambda v: v is None or isinstance(v, dict), "an object or null")
    _need(document, "events", lambda v: isinstance(v, list), "a list of events")
    _need(document, "journal_sha256", lambda v: isinstance(v, str), "a hex digest")
    try:
        return events_of(document)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise Refused(400, f"events: {str(exc)[:160]}") from None


def _check_status(document: dict) -> list:
    _need(document, "tournament", lambda v: isinstance(v, str), "a text")
    _need(document, "round", lambda v: _int(v) and v >= 1, "a round number >= 1")
    _need(document, "table", lambda v: isinstance(v, str) and v, "a table name")
    _need(document, "game_id", lambda v: isinstance(v, str), "a text")
    _need(document, "phase", lambda v: isinstance(v, str), "a text")
    _need(document, "times_ms", _pair(_int), "two times in milliseconds")
    _need(document, "scores", _pair(_int), "two scores")
    _need(document, "sent_wall", _number, "wall-clock seconds")
    return []


def _reject(db: DirectorDB, table: str, path: str, size: int, refusal: Refused, now_wall: float,
            source: str, checked: Checked | None = None) -> None:
    """The refusal kept (director.tables.refusal.keep: a signed result that failed a check after its
    signature, ``checked``, with its text) and logged when it is not a repeat."""
    text, sha = (checked.text, checked.sha256) if checked is not None else (None, None)
    if keep_refusal(db, Refusal(table[:100], str(path)[:20], refusal.code, refusal.reason, size,
                                source, sha, text), now_wall):
        log.warning("table %s: %s refused with %d: %s", table[:100], str(path)[:20], refusal.code,
                    refusal.reason)
        db.changed("rejections")


def _store_result(db: DirectorDB, checked: Checked, division: str | None, now_wall: float,
                  source: str) -> Reply:
    document, signature, text, sha = checked.document, checked.signature, checked.text, checked.sha256
    ident = (document["tournament"], document["round"], document["table"])
    body = {"tournament": ident[0], "round": ident[1], "table": ident[2],
            "revision": document["revision"]}
    with db.transaction() as conn:
        old = next(conn.query("SELECT * FROM results WHERE tournament = ? AND round = ? "
                              "AND table_name = ?", ident), None)
        if old is not None and old["sha256"] == sha:
            return Reply(200, {"outcome": "duplicate", **body})
        if old is not None and old["revision"] >= document["revision"]:
            if old["revision"] == document["revision"]:
                log.warning("table %s: round %d revision %d came again with other content; "
                            "kept the first, audited the other", ident[2], ident[1], old["revision"])
                _audit(conn, {**old, "game_id": document["game_id"], "document": text, "signature": signature, "sha256": sha,
                              "received_wall": now_wall}, "same revision, other content: not applied",
                       old["revision"], now_wall)
            return Reply(200, {"outcome": "older", "stored_revision": old["revision"], **body})
        if old is not None:
            _audit(conn, old, "replaced", document["revision"], now_wall)
        result = document["result"]
        _upsert(conn, "results", {
            "tournament": ident[0], "round": ident[1], "table_name": ident[2],
            "division": division, "game_id": document["game_id"], "revision": document["revision"],
            "player0": document["players"][0], "player1": document["players"][1],
            "first": document["first"], "score0": result["final"][0],
            "score1": result["final"][1], "spread": result["spread"],
            "winner": result["winner"], "end_reason": result["end"], "document": text,
            "signature": signature, "sha256": sha, "received_wall": now_wall, "source": source,
        }, ("tournament", "round", "table_name"))
    db.changed("results")
    return Reply(200, {"outcome": "stored" if old is None else "replaced", **body})


def _upsert(conn, table: str, row: dict, pk: tuple[str, ...]) -> None:
    """``conn[table].upsert(row, pk=pk)`` in one statement: sqlite-utils' upsert looks the table
    up and builds its SQL anew each time, a third of storing a result on this hot path."""
    columns = ", ".join(f'"{name}"' for name in row)
    updates = ", ".join(f'"{name}" = excluded."{name}"' for name in row if name not in pk)
    conn.execute(f'INSERT INTO "{table}" ({columns}) VALUES ({", ".join("?" * len(row))}) '
                 f'ON CONFLICT ({", ".join(pk)}) DO UPDATE SET {updates}', list(row.values()))


def _audit(conn, row: dict, reason: str, by_revision: int, now_wall: float) -> None:
    conn["results_audit"].insert({
        "tournament": row["tournament"], "round": row["round"], "table_name": row["table_name"],
        "game_id": row["game_id"], "revision": row["revision"], "document": row["document"],
        "signature": row["signature"], "sha256": row["sha256"],
        "received_wall": row["received_wall"], "audited_wall": now_wall, "reason": reason,
        "by_revision": by_revision})


def _store_status(db: DirectorDB, checked: Checked, division: str | None, now_wall: float,
                  source: str) -> Reply:
    document = checked.document
    with db.transaction() as conn:
        old = next(conn.query("SELECT sent_wall FROM status WHERE table_name = ?",
                              [document["table"]]), None)
        if old is not None and old["sent_wall"] > document["sent_wall"]:
            return Reply(200, {"outcome": "older"})     # a late retry: the newer status stands
        _upsert(conn, "status", {
            "table_name": document["table"], "tournament": document["tournament"],
            "round": document["round"], "division": division, "game_id": document["game_id"],
            "phase": document["phase"], "document": checked.text,
            "sent_wall": document["sent_wall"], "received_wall": now_wall, "source": source,
        }, ("table_name",))
    db.changed("status")
    return Reply(200, {"outcome": "ok"})
