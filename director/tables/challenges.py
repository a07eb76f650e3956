"""The venue's judge station linked to the tables, through the director (docs/sync-protocol.md,
"The judge station").

A table whose challenges the station judges (``director.judge_at_station``) sends each challenge
it has open as a ``challenge`` document signed with its own key: which game and turn, the
challenger, the words typed at the table (none if the station's operator is to type them), and
its state: ``open``, then ``withdrawn`` if the players withdrew it, or ``ruled`` once the table
has the station's verdict. The station (``python -m kiosk judge`` with ``director.station``)
reads the challenges open (``open_challenges``, signed with the station's own key,
common.wire.signing.station_key) and sends its one verdict as a ``verdict`` document signed with
its key, naming the challenge it rules on (a verdict without its ``challenge_id`` is refused
400: it is never applied to whatever challenge is open). The director takes it only for a
challenge a table has open: a verdict for a table without one, for a challenge withdrawn or already ruled, or with other words than the table
sent, is refused (409, saying which) and nothing changes. The table reads the verdict back
(``verdict_for``, signed with the table's key) and rules with it as if it had judged.

Each document is taken once. A table's challenge document carries ``seq``, its count of the
challenge documents it signed: the director keeps the last it took from each table
(``taken_once``) and refuses one whose ``seq`` is not above it (409: a document sent again,
as a sniffer on the Wi-Fi would, the "open" of a challenge since withdrawn); the same document
again (the table's own, its answer lost) is answered as before, ``duplicate``, and changes
nothing. A station's verdict is taken once by its challenge (then ruled); the same verdict
again is answered as before. Each answer that takes a document carries the director's receipt
(common.wire.schema_receipt.station_receipt: the document's SHA-256, under the sender's key),
without which neither the table nor the station counts it taken.

A challenge belongs to the table whose key opened it: another table's key can neither change
its words nor mark it withdrawn (409). A table has one challenge open: a new one ends its older
ones (withdrawn), and of its challenges ruled or withdrawn the latest ``KEPT_PER_TABLE`` are
kept. A challenge open longer than ``OPEN_S`` is no longer listed nor ruled on; the station's
list holds at most ``MAX_LISTED``. The list is the station's only: it is given to the request
that carries the station's proof of its key (``X-Station-Proof``,
common.wire.signing.station_proof).

Every refusal is kept in ``rejections`` as a table's are (director.tables.refusal).
"""
from __future__ import annotations

import json
import re

from common.game.judge import MAX_LETTERS
from common.wire.document import DOCUMENT_SCHEMA
from common.wire.schema_receipt import document_sha256, station_receipt
from common.wire.signing import SignatureError, sign, station_key, table_key, verify

from director.event.db import DirectorDB
import common.wire.schema as schema
from .ingest import Reply
from .refusal import Refusal, Refused, keep_refusal

STATES = ("open", "withdrawn", "ruled")
MAX_BODY = 64 << 10         # a challenge or a verdict is a few hundred bytes
MAX_WORDS = 8
OPEN_S = 30 * 60.0          # a challenge open longer is not listed, nor ruled on
KEPT_PER_TABLE = 50         # a table's challenges ruled or withdrawn, kept (the latest)
MAX_LISTED = 200            # challenges on the station's list at most (one a table)
MAX_DEPTH = 4               # a document's nesting: the envelope, the document, its words (3)
WORD = re.compile(rf"[A-Z]{{1,{MAX_LETTERS}}}")
MAX_SEQ = 2 ** 53 - 1       # a challenge document's seq: what JSON carries exactly


def _signed(raw: bytes, key: bytes, kind: str, who: str, name_field: str) -> dict:
    """The document in ``raw`` if it is a signed ``kind`` under ``key``; else Refused."""
    if len(raw) > MAX_BODY:
        raise Refused(413, f"body over {MAX_BODY} bytes")
    try:                    # the protocol's linear parser: no nesting beyond its bound, no regex
        signed = schema.plain_bounded(raw)
    except schema.SchemaError as exc:
        raise Refused(400, str(exc)[:160]) from None
    if not isinstance(signed, dict) or not isinstance(signed.get("document"), dict):
        raise Refused(400, 'not a signed document: expected {"document": {...}, "signature": ...}')
    if _deeper(signed, MAX_DEPTH):
        raise Refused(400, f"nested deeper than a {kind} document ({MAX_DEPTH} levels)")
    document = signed["document"]
    if not signed.get("signature"):
        raise Refused(401, "the document carries no signature")
    if document.get(name_field) != who:
        raise Refused(409, f"{name_field}: the document is {json.dumps(document.get(name_field))[:40]}'s, "
                           f"posted for {who!r}")
    try:
        verify(signed, key)
    except SignatureError:
        raise Refused(403, f"the signature is not {name_field} {who}'s") from None
    if document.get("schema") != DOCUMENT_SCHEMA or document.get("kind") != kind:
        raise Refused(422, f"expected a {kind} document of schema {DOCUMENT_SCHEMA}")
    return document


def _deeper(value, most: int) -> bool:
    """Whether ``value`` (parsed JSON) nests more than ``most`` levels of lists and objects:
    looked at level by level, without recursion (the signature's canonical form recurses)."""
    level = [value]
    for _ in range(most):
        level = [inner for v in level if isinstance(v, (dict, list))
                 for inner in (v.values() if isinstance(v, dict) else v)]
    return any(isinstance(v, (dict, list)) for v in level)


def _need(document: dict, name: str, ok, expected: str):
    value = document.get(name)
    if not ok(value):
        raise Refused(400, f"{name}: expected {expected}; got {json.dumps(value)[:60]}")
    return value


def _words(document: dict) -> list[str]:
    return _need(document, "words", lambda v: isinstance(v, list) and len(v) <= MAX_WORDS and all(
        isinstance(w, str) and WORD.fullmatch(w) for w in v), f"at most {MAX_WORDS} words of "
        f"letters A-Z (at most {MAX_LETTERS} each)")


def _text(value, limit: int = 100) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _keep(db: DirectorDB, who: str, path: str, refusal: Refused, size: int, now_wall: float) -> None:
    if keep_refusal(db, Refusal(who[:100], path, refusal.code, refusal.reason, size, "http", None, None),
                    now_wall):
        db.changed("rejections")


def receive_challenge(db: DirectorDB, table: str, raw: bytes, key: bytes, now_wall: float) -> Reply:
    """A table's challenge, open, withdrawn or ruled: stored by its ``challenge_id``, each
    document taken once (its ``seq`` above the last taken from the table), with its receipt."""
    own_key = table_key(key, table)
    try:
        document = _signed(raw, own_key, "challenge", table, "table")
        row = {
            "id": _need(document, "challenge_id", lambda v: _text(v, 200), "the challenge's id"),
            "tournament": _need(document, "tournament", lambda v: isinstance(v, str) and len(v) <= 100,
                                "the tournament's name"),
            "round": _need(document, "round", lambda v: type(v) is int and 1 <= v <= 999, "a round 1-999"),
            "table_name": table,
            "game_id": _need(document, "game_id", lambda v: _text(v, 200), "the game's id"),
            "player": _need(document, "player", lambda v: v in (0, 1) and type(v) is int, "0 or 1"),
            "turn": _need(document, "turn", lambda v: type(v) is int and 0 <= v <= 1000, "a turn's index"),
            "words": json.dumps(_words(document)),
            "state": _need(document, "state", lambda v: v in STATES, " or ".join(STATES)),
        }
        seq = _need(document, "seq", lambda v: type(v) is int and 1 <= v <= MAX_SEQ,
                    f"the table's count of its challenge documents, 1 to {MAX_SEQ}")
    except Refused as refusal:
        _keep(db, table, "challenge", refusal, len(raw), now_wall)
        return Reply(refusal.code, {"error": refusal.reason})
    sha256 = document_sha256(document)
    receipt = {"challenge_id": row["id"],
               "receipt": station_receipt(own_key, "challenge", table, row["id"], document)}
    try:
        with db.transaction() as conn:
            old = next(conn.query("SELECT * FROM challenges WHERE id = ?", [row["id"]]), None)
            if old is not None and old["table_name"] != table:
                raise Refused(409, f"challenge_id: {row['id'][:60]} is not a challenge of table "
                                   f"{table}: a table's key speaks for its own challenges only")
            if _again(conn, "challenge", table, sha256, seq):
                return Reply(200, {"outcome": "duplicate", **receipt})
            body = _take_challenge(conn, row, old, table, now_wall)
            _taken(conn, "challenge", table, seq, sha256, now_wall)
    except Refused as refusal:
        _keep(db, table, "challenge", refusal, len(raw), now_wall)
        return Reply(refusal.code, {"error": refusal.reason})
    db.changed("challenges")
    return Reply(200, {**body, **receipt})


def _take_challenge(conn, row: dict, old: dict | None, table: str, now_wall: float) -> dict:
    """The challenge document's change (a new challenge, its words or its state), and what the
    answer says of it."""
    if old is None:
        _end_older(conn, table, now_wall)
        conn["challenges"].insert({**row, "opened_wall": now_wall, "updated_wall": now_wall})
    elif old["station"] and row["state"] != "ruled":
        return {"outcome": "ruled", "note": f"judge station {old['station']} had ruled on it"}
    else:
        words = row["words"] if json.loads(row["words"]) else old["words"]
        opened = now_wall if row["state"] == "open" else old["opened_wall"]   # sent again: listed
        conn.execute("UPDATE challenges SET words = ?, state = ?, opened_wall = ?, updated_wall = ? "
                     "WHERE id = ?", [words, row["state"], opened, now_wall, row["id"]])
    return {"outcome": row["state"]}


def _again(conn, kind: str, sender: str, sha256: str, seq: int = 0) -> bool:
    """Whether the document is the one last taken from ``sender`` (a table's challenge, a
    station's verdict) sent again: answered as before, nothing changed. A challenge document
    whose ``seq`` is not above the last taken is refused (409): it was taken, or passed, once."""
    last = next(conn.query("SELECT seq, sha256 FROM taken_once WHERE kind = ? AND sender = ?",
                           [kind, sender]), None)
    if last is None:
        return False
    if last["sha256"] == sha256:
        return True
    if kind == "challenge" and seq <= last["seq"]:
        raise Refused(409, f"seq: table {sender}'s challenge documents are taken once each, in "
                           f"order: the director took {last['seq']} last, not {seq} (a document "
                           f"sent again)")
    return False


def _taken(conn, kind: str, sender: str, seq: int, sha256: str, now_wall: float) -> None:
    conn["taken_once"].upsert({"kind": kind, "sender": sender, "seq": seq, "sha256": sha256,
                               "taken_wall": now_wall}, pk=("kind", "sender"))


def _end_older(conn, table: str, now_wall: float) -> None:
    """Before a table's new challenge: its older ones open are withdrawn (a table has one open),
    and of those ended only the latest ``KEPT_PER_TABLE`` are kept."""
    conn.execute("UPDATE challenges SET state = 'withdrawn', updated_wall = ? WHERE table_name = ? "
                 "AND state = 'open'", [now_wall, table])
    conn.execute("DELETE FROM challenges WHERE table_name = ? AND state != 'open' AND id NOT IN "
                 "(SELECT id FROM challenges WHERE table_name = ? AND state != 'open' ORDER BY "
                 "updated_wall DESC LIMIT ?)", [table, table, KEPT_PER_TABLE - 1])


def open_challenges(db: DirectorDB, station: str, tournament: str, key: bytes,
                    now_wall: float) -> dict:
    """The challenges tables have open (the latest ``MAX_LISTED`` opened in the last
    ``OPEN_S``), for judge station ``station``, signed with its key."""
    with db.locked() as conn:
        rows = list(conn.query("SELECT * FROM challenges WHERE state = 'open' AND station IS NULL "
                               "AND tournament = ? AND opened_wall > ? ORDER BY opened_wall DESC "
                               "LIMIT ?", [tournament, now_wall - OPEN_S, MAX_LISTED]))[::-1]
    document = {"schema": DOCUMENT_SCHEMA, "kind": "challenges", "tournament": tournament,
                "station": station, "challenges": [
                    {"challenge_id": r["id"], "table": r["table_name"], "round": r["round"],
                     "player": r["player"], "words": json.loads(r["words"]),
                     "opened_wall": r["opened_wall"]} for r in rows]}
    return sign(document, station_key(key, station))


def receive_verdict(db: DirectorDB, station: str, raw: bytes, key: bytes, now_wall: float) -> Reply:
    """Judge station ``station``'s one verdict on a challenge a table has open, with its receipt;
    the same verdict again is answered as before."""
    own_key = station_key(key, station)
    try:
        document = _signed(raw, own_key, "verdict", station, "station")
        table = _need(document, "table", lambda v: _text(v, 20), "the table's name")
        wanted = _need(document, "challenge_id", lambda v: _text(v, 200),
                       "the id of the challenge it rules on (the station's list names each)")
        words = _words(document)
        valid = _need(document, "valid", lambda v: isinstance(v, bool), "true or false")
        lexicon = _need(document, "lexicon", lambda v: isinstance(v, str) and len(v) <= 200,
                        "the lexicon's name")
        if not words:
            raise Refused(400, "words: a verdict is on one word or more")
        sha256 = document_sha256(document)
        with db.transaction() as conn:
            rows = list(conn.query("SELECT * FROM challenges WHERE table_name = ? ORDER BY "
                                   "opened_wall DESC", [table]))
            row = next((r for r in rows if r["id"] == wanted), None)
            if row is None:
                raise Refused(409, f"table {table} has no challenge open")
            answer = {"table": table, "challenge_id": row["id"],
                      "receipt": station_receipt(own_key, "verdict", station, row["id"], document)}
            if _again(conn, "verdict", station, sha256):
                return Reply(200, {"outcome": "duplicate", **answer})
            if row["state"] == "withdrawn":
                raise Refused(409, f"the challenge at table {table} was withdrawn")
            if row["state"] == "ruled" or row["station"]:
                raise Refused(409, f"the challenge at table {table} was already ruled")
            if row["opened_wall"] <= now_wall - OPEN_S:
                raise Refused(409, f"the challenge at table {table} was opened over "
                                   f"{OPEN_S / 60:g} minutes ago: the table rules on it itself")
            sent = json.loads(row["words"])
            if sent and sent != words:
                raise Refused(409, f"words: table {table} challenged {' '.join(sent)}, not {' '.join(words)}")
            conn.execute("UPDATE challenges SET words = ?, station = ?, valid = ?, lexicon = ?, "
                         "ruled_wall = ?, updated_wall = ? WHERE id = ?",
                         [json.dumps(words), station, int(valid), lexicon, now_wall, now_wall, row["id"]])
            _taken(conn, "verdict", station, 0, sha256, now_wall)
    except Refused as refusal:
        _keep(db, f"station {station}", "verdict", refusal, len(raw), now_wall)
        return Reply(refusal.code, {"error": refusal.reason})
    db.changed("challenges")
    return Reply(200, {"outcome": "accepted", **answer})


def verdict_for(db: DirectorDB, table: str, tournament: str, key: bytes) -> dict | None:
    """The station's verdict on the table's challenge still open there, signed with the
    table's key; None when it has none."""
    with db.locked() as conn:
        row = next(conn.query("SELECT * FROM challenges WHERE table_name = ? AND tournament = ? "
                              "AND station IS NOT NULL AND state = 'open' ORDER BY ruled_wall DESC",
                              [table, tournament]), None)
    if row is None:
        return None
    document = {"schema": DOCUMENT_SCHEMA, "kind": "verdict", "tournament": tournament,
                "table": table, "challenge_id": row["id"], "words": json.loads(row["words"]),
                "valid": bool(row["valid"]), "station": row["station"], "lexicon": row["lexicon"]}
    return sign(document, table_key(key, table))


def table_challenges(db: DirectorDB) -> dict[str, dict]:
    """Each table's latest challenge at the judge station, for the page's tiles."""
    with db.locked() as conn:
        rows = list(conn.query("SELECT * FROM challenges ORDER BY updated_wall"))
    return {r["table_name"]: {"state": r["state"], "words": json.loads(r["words"]),
                              "station": r["station"], "valid": None if r["valid"] is None else bool(r["valid"]),
                              "round": r["round"]} for r in rows}
