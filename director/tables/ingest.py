"""Receiving one document from a table, whatever carried it (HTTP or the serial line).

``receive(db, table, path, raw, key, now_wall)`` checks the raw bytes a table sent for
``path`` ("results" or "status") as docs/sync-protocol.md says and stores what passes. Before
anything else reads them, the bytes are parsed and checked in one linear pass against the one
schema of the protocol's documents (common.wire.schema: every field's type, range, length and
vocabulary). ``key`` is the tournament key; a document is checked under the key of the table it
names (``common.wire.signing.table_key``), never under the tournament key itself:

- 413 over ``body_cap(path)`` bytes: a result over ``director.limits.RESULT_BODY`` (what a
  real game can hold), a status over ``MAX_BODY`` (the HTTP layer passes at most the cap + 1
  bytes), or carrying more events than the schema allows;
- 400 not UTF-8 JSON, not a signed document, a field missing, unknown, of the wrong type, out
  of its range or too long (the reason names the field: ``alerts: Expected `object`, got
  `array```), a result whose events do not match its journal hash;
- 401 no signature; 403 a signature that does not match the named table's key: signed with the
  tournament key, with another table's key (a table's key signing for another), forged or altered;
- 422 an unknown ``schema`` version or a ``kind`` that is not the path's;
- 409 the document's table is not the table it was posted for (replayed under another table),
  or its ``division`` is not the division of the table's pairing in that round
  (director.event.rounds.division_for: a document without one is filed under the pairing's
  division; a result of a table no pairing places, naming none in an event of several
  divisions, is refused, while such a status is taken as no division's: a table enrolled before
  any round is drawn is heard from, waiting for its round);
- then a result is checked by director.tables.verify: 409 its round has not started, or its
  round and players are not its table's pairing, or its rules are not the tournament's; 422 its
  events do not give its result; and 409 unless its revision is the next of its game: 1 when
  none is stored, else the stored revision + 1 (a stolen table key cannot post revision 2**31
  and keep every honest revision out).

A result stored (``stored``, ``replaced``) or held already (``duplicate``) is answered with the
director's receipt (``receipt``, common.wire.schema_receipt: the game id, revision and SHA-256 of
the result, signed under the table's key): the table counts it stored on that alone.
The same result again (the stored one, or one it replaced) is a ``duplicate`` before any of
these checks (the pairings may have changed since it was stored). A refusal stores nothing but a
row in ``rejections`` and one log line naming the table and the reason; a result refused after
its signature was checked keeps its document in that row (once per document), and the page
lists it as a problem (director.tables.refusal). A result is stored once per (tournament,
round, table): the next revision ``replaced`` the stored one, which goes to ``results_audit``;
what the document says of the game is kept in the row's columns too (director.event.model.
TableResult), which the standings count (director.event.counted) without reading it again.
A status replaces the table's previous one: the director orders them by when it received them,
never by the table's clock; the answer to a status names the results the director holds for the
table (``held``: round and revision), so that a table can send again what a director restored
from a backup lacks (kiosk.link.sender).
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from typing import NamedTuple

from common.game.events import EventFormatError
from common.game.rules import Rules
import common.wire.schema as schema
from common.wire.document import events_of
from common.wire.schema_receipt import receipt
from common.wire.signing import signs, table_key

from director.event.db import DirectorDB
from director.event.model import table_result_of
from director.limits import RESULT_BODY
from .refusal import Refusal, Refused, keep_refusal
from director.event.rounds import DivisionMismatch, division_for
from .verify import check_result

MAX_BODY = 1 << 20              # 1 MiB: a status (and the most the HTTP layer reads of any)
BODY_CAPS = {"results": RESULT_BODY, "status": MAX_BODY}    # path -> its bound (413 over it)
PATHS = {"results": "result", "status": "status"}      # path -> the kind it takes
AGAIN = " (sent again)"         # a result's source, when the table sent it again to a director that lacked it

log = logging.getLogger("director.tables.ingest")


@dataclass(frozen=True)
class Reply:
    """The answer to a table: the HTTP status code and the JSON body (also sent over serial)."""
    code: int
    body: dict = field(default_factory=dict)


def receive(db: DirectorDB, table: str, path: str, raw: bytes, key: bytes, now_wall: float,
            *, rules: Rules, source: str = "http", declared_size: int | None = None) -> Reply:
    """Check and store one document a table sent; never raises for anything the table sent.
    ``rules``: the tournament's (a result's must be the same); ``declared_size``: the length a
    sender announced, when the transport read none of it."""
    table = str(table)
    size = max(len(raw), declared_size or 0)
    cap = body_cap(path)
    checked = None
    try:
        if size > cap:
            raise Refused(413, f"body over {cap} bytes" + (RESULT_WHY if path == "results" else ""))
        checked = _check(table, path, raw, key)
        document = checked.document
        if path == "results" and _held_already(db, checked):
            return _receipted(Reply(200, {"outcome": "duplicate", **_ident(document)}), checked, key)
        division = _division(db, document, needed=path == "results")
        if path == "results":
            check_result(db, rules, document, checked.events)
            return _receipted(_store_result(db, checked, division, now_wall, source), checked, key)
    except Refused as refusal:
        _reject(db, table, path, size, refusal, now_wall, source,
                checked if path == "results" else None)
        return Reply(refusal.code, {"error": refusal.reason})
    return _store_status(db, checked, division, now_wall, source)


def _receipted(reply: Reply, checked: Checked, key: bytes) -> Reply:
    """A result's 200 with the director's receipt (common.wire.schema_receipt): the result it
    holds, signed under the table's own key; a table counts its result stored on nothing less."""
    document = checked.document
    return Reply(reply.code, {**reply.body, "receipt": receipt(
        table_key(key, document["table"]), document["table"], document, checked.sha256)})


RESULT_WHY = ": more than a whole game's result holds (director.limits.RESULT_BODY)"


def body_cap(path: str) -> int:
    """The most bytes a document posted at ``path`` may have: a result's, what a real game can
    hold (director.limits.RESULT_BODY); any other's, ``MAX_BODY``."""
    return BODY_CAPS.get(path, MAX_BODY)


class Checked(NamedTuple):
    """A signed document that passed ``_check``: the document, its signature, its events (none
    for a status) and its canonical JSON (``text``, written once: it is signed, stored and
    hashed) with that text's SHA-256; ``again``: sent again to a director that lacked it."""
    document: dict
    signature: str
    events: list
    text: str
    sha256: str
    again: bool = False


def _ident(document: dict) -> dict:
    return {"tournament": document["tournament"], "round": document["round"],
            "table": document["table"], "revision": document["revision"]}


def _held_already(db: DirectorDB, checked: Checked) -> bool:
    """Whether this very result is the one stored for its game, or one the stored one replaced
    (sent again: a duplicate)."""
    document = checked.document
    ident = [document["tournament"], document["round"], document["table"], checked.sha256]
    with db.locked() as conn:
        return conn.execute(
            "SELECT 1 FROM results WHERE tournament = ? AND round = ? AND table_name = ? AND "
            "sha256 = ? UNION ALL SELECT 1 FROM results_audit WHERE tournament = ? AND round = ? "
            "AND table_name = ? AND sha256 = ? AND reason = 'replaced'", ident * 2).fetchone() is not None


def _division(db: DirectorDB, document: dict, *, needed: bool) -> str | None:
    """The division the document is filed under, checked against the table's pairing; a status
    (``needed`` False) of a table no pairing places yet is no division's (it waits for its round)."""
    try:
        return division_for(db, document["round"], document["table"], document.get("division"),
                            needed=needed)
    except DivisionMismatch as exc:
        raise Refused(409, str(exc)[:200]) from None


def _schema_refusal(error: schema.SchemaError) -> Refused:
    """The schema's word on the bytes, as a reason (printable and short: it quotes the sender)."""
    where = error.field
    if where == "events" and "length <=" in str(error):
        return Refused(413, f"events: more than {schema.MAX_EVENTS} in one document")
    return Refused(400, _printable(f"{where}: {error}" if where else str(error), 300))


def _check(table: str, path: str, raw: bytes, key: bytes) -> Checked:
    """The signed document, its signature and its events (none for a status), each checked,
    the cheap checks first so that a refused body costs little more than its reading: the
    envelope (the document left unread, ``msgspec.Raw``), the document's head (schema, kind and
    table, the rest skipped), then the signature over what was sent (``_signed_text``), the
    table it names against the table it was posted for, and only then the whole body against
    the schema (common.wire.schema) and the events read by the core."""
    if path not in PATHS:
        raise Refused(400, f"unknown path {path!r}: expected results or status")
    try:
        envelope = schema.decode(raw, schema.Envelope)
        if not envelope.signature:
            raise Refused(401, "the document carries no signature")
        head = schema.decode(envelope.document, schema.Head)
        if head.schema != schema.SCHEMA_VERSION:
            raise Refused(422, f"schema: expected {schema.SCHEMA_VERSION}; got {head.schema!r}"[:200])
        if head.kind != PATHS[path]:
            raise Refused(422, f"kind: expected {PATHS[path]!r} at {path}; got {head.kind!r}"[:200])
        if head.table is None:
            raise Refused(400, "table: Object missing required field `table`")
    except schema.SchemaError as exc:
        if exc.path == "$" and "signature" in str(exc) and "missing" in str(exc):
            raise Refused(401, "the document carries no signature") from None
        raise _schema_refusal(exc) from None
    named, sent = head.table, bytes(envelope.document)
    text = _signed_text(sent, envelope.signature, key, named, table)
    if named != table:
        raise Refused(409, f"table: the document is table {named!r}, "
                           f"posted for table {table!r}"[:200])
    try:
        schema.decode(raw, schema.SIGNED[head.kind])
    except schema.SchemaError as exc:
        raise _schema_refusal(exc) from None
    document = schema.plain(text)
    events = _events(document) if path == "results" else []
    return Checked(document, envelope.signature, events, text.decode(),
                   hashlib.sha256(text).hexdigest(), envelope.again)


def _signed_text(sent: bytes, signature: str, key: bytes, named: str, posted: str) -> bytes:
    """The document's text as sent, when it carries table ``named``'s signature; else Refused
    403. Nothing is built from the bytes and nothing is written again: a table sends its document
    as the very text it signed (common.wire.signing.wire: keys sorted, no spaces), so a body whose
    document is any other text is refused whatever it holds, at the cost of its reading."""
    if signs(signature, table_key(key, named), sent):
        return sent
    raise Refused(403, _wrong_key(sent, signature, key, named, posted))


def _events(document: dict) -> list:
    """A result's events read by the core (their form already checked by the schema), and their
    journal hash checked."""
    try:
        return events_of(document)
    except (EventFormatError, ValueError, TypeError, KeyError) as exc:
        raise Refused(400, f"events: {str(exc)[:160]}") from None


def _printable(name: str, most: int = 40) -> str:
    """A table's own words in a reason and a log line: printable, at most ``most`` characters."""
    return "".join(c if c.isprintable() else "?" for c in name[:most])


def _wrong_key(text: bytes, signature: str, key: bytes, named: str, posted: str) -> str:
    """Why a signature does not match table ``named``'s key, as far as the director can tell
    (each key tried over the text as sent: nothing is written again)."""
    table, other = _printable(named), _printable(posted)
    if signs(signature, key, text):
        return (f"signed with the tournament key, not table {table}'s own key: the tournament key "
                f"never leaves the director (enroll the table: python -m director enroll {table})")
    if posted != named and signs(signature, table_key(key, posted), text):
        return (f"table {table}'s document signed with table {other}'s key: a table signs only "
                "its own documents")
    return (f"the signature does not match table {table}'s key: signed with another key, the "
            "document altered, or not sent as the text it signed (keys sorted, no spaces)")


def _reject(db: DirectorDB, table: str, path: str, size: int, refusal: Refused, now_wall: float,
            source: str, checked: Checked | None = None) -> None:
    """The refusal kept (director.tables.refusal.keep: a signed result that failed a check after its
    signature, ``checked``, with its text) and logged when it is not a repeat."""
    text, sha = (checked.text, checked.sha256) if checked is not None else (None, None)
    if keep_refusal(db, Refusal(_printable(table[:100]), str(path)[:20], refusal.code,
                                refusal.reason, size, source, sha, text), now_wall):
        log.warning("table %s: %s refused with %d: %s", _printable(table), str(path)[:20],
                    refusal.code, refusal.reason)
        db.changed("rejections")


def _revision_refused(old: dict | None, document: dict) -> Refused:
    where = f"round {document['round']} table {document['table']}"
    if old is None:
        return Refused(409, f"revision: the director holds no result of {where}; it takes "
                            f"revision 1 first, not {document['revision']}")
    if old["revision"] == document["revision"]:
        return Refused(409, f"revision: revision {old['revision']} of {where} is stored with "
                            "other content; a change is the next revision")
    return Refused(409, f"revision: the director holds revision {old['revision']} of {where}; "
                        f"it takes revision {old['revision'] + 1} next, not {document['revision']}")


def _store_result(db: DirectorDB, checked: Checked, division: str | None, now_wall: float,
                  source: str) -> Reply:
    """The result stored as its game's next revision (Refused otherwise, audited by the caller)."""
    document, signature, text, sha = checked.document, checked.signature, checked.text, checked.sha256
    ident = (document["tournament"], document["round"], document["table"])
    body = {"tournament": ident[0], "round": ident[1], "table": ident[2],
            "revision": document["revision"]}
    with db.transaction() as conn:
        old = next(conn.query("SELECT * FROM results WHERE tournament = ? AND round = ? "
                              "AND table_name = ?", ident), None)
        if old is not None and old["sha256"] == sha:
            return Reply(200, {"outcome": "duplicate", **body})
        if document["revision"] != (1 if old is None else old["revision"] + 1):
            raise _revision_refused(old, document)
        if old is not None:
            _audit(conn, old, "replaced", document["revision"], now_wall)
        _upsert(conn, "results", {
            "tournament": ident[0], "division": division, "game_id": document["game_id"],
            "revision": document["revision"], **table_result_of(document).columns(),
            "spread": document["result"]["spread"], "document": text, "signature": signature,
            "sha256": sha, "received_wall": now_wall,
            "source": source + (AGAIN if checked.again else ""),
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


def held(db: DirectorDB, tournament: str, table: str) -> list[dict]:
    """The results the director holds for ``table`` in ``tournament``: round and revision."""
    with db.locked() as conn:
        return [{"round": r, "revision": v} for r, v in conn.execute(
            "SELECT round, revision FROM results WHERE tournament = ? AND table_name = ? "
            "ORDER BY round", [tournament, table])]


def _store_status(db: DirectorDB, checked: Checked, division: str | None, now_wall: float,
                  source: str) -> Reply:
    """The status stored in the place of the table's previous one: the last received stands,
    whatever the table's clock said (``sent_wall`` is kept, never compared)."""
    document = checked.document
    with db.transaction() as conn:
        _upsert(conn, "status", {
            "table_name": document["table"], "tournament": document["tournament"],
            "round": document["round"], "division": division, "game_id": document["game_id"],
            "phase": document["phase"], "document": checked.text,
            "sent_wall": document["sent_wall"], "received_wall": now_wall, "source": source,
        }, ("table_name",))
    db.changed("status")
    return Reply(200, {"outcome": "ok", "held": held(db, document["tournament"], document["table"])})
