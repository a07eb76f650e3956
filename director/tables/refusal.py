"""A table's document refused, and the refused results a director has to act on.

``Refused(code, reason)`` is what every check of director.tables.ingest and director.tables.verify raises:
the HTTP status code the table gets and the reason, for people. A refusal is stored as a row of
``rejections`` (director.tables.ingest); a result refused once its signature was checked (a table's
own result that does not match its pairing, the tournament's rules or its own events) keeps its
document there, and ``refused_results`` lists those as problems on the director's page until a
result for that round and table is stored.

``keep_refusal`` writes that row, and keeps the audit from filling the director's disk, whoever
sends (a neighbour on the Wi-Fi posting garbage, a stolen table key signing junk): the same
refusal again within ``REPEAT_WINDOW_S`` of its row is counted on it (``repeats``); beyond
``REFUSAL_ROWS_PER_MINUTE`` new rows a minute, a flood's further refusals are counted on one row
of their own (table ``*``); a table's refused results keep their text for at most
``DOCUMENTS_PER_TABLE`` documents (the rest keep their sha256 and reason).
"""
from __future__ import annotations

import json
from typing import NamedTuple

from director.event.db import DirectorDB

REPEAT_WINDOW_S = 60.0
REFUSAL_ROWS_PER_MINUTE = 120
DOCUMENTS_PER_TABLE = 20
FLOOD_TABLE, FLOOD_REASON = "*", "a flood of refusals: those beyond the minute's rows, counted here"


class Refused(Exception):
    """A document refused: ``code`` (the HTTP status) and ``reason``."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


class Refusal(NamedTuple):
    """One refused document, as its ``rejections`` row keeps it."""
    table_name: str
    path: str
    code: int
    reason: str
    size: int
    source: str
    sha256: str | None = None       # a signed result refused after its signature was checked
    document: str | None = None     # its canonical text


def keep_refusal(db: DirectorDB, refusal: Refusal, now_wall: float) -> bool:
    """The refusal's row written, or counted on a row already there; whether it is a new row."""
    since = now_wall - REPEAT_WINDOW_S
    with db.transaction() as conn:
        same = conn.execute(
            "SELECT id FROM rejections WHERE table_name = ? AND path = ? AND code = ? AND "
            "reason = ? AND sha256 IS ? AND COALESCE(last_wall, received_wall) >= ? "
            "ORDER BY id DESC LIMIT 1", [refusal.table_name, refusal.path, refusal.code,
                                         refusal.reason, refusal.sha256, since]).fetchone()
        flooded = same is None and conn.execute(
            "SELECT COUNT(*) FROM rejections WHERE received_wall >= ?", [since]).fetchone()[0] \
            >= REFUSAL_ROWS_PER_MINUTE
        if flooded:
            refusal = Refusal(FLOOD_TABLE, "*", 429, FLOOD_REASON, 0, refusal.source)
            same = conn.execute(
                "SELECT id FROM rejections WHERE table_name = ? AND reason = ? AND "
                "COALESCE(last_wall, received_wall) >= ? ORDER BY id DESC LIMIT 1",
                [FLOOD_TABLE, FLOOD_REASON, since]).fetchone()
        if same is not None:
            conn.execute("UPDATE rejections SET repeats = COALESCE(repeats, 0) + 1, last_wall = ? "
                         "WHERE id = ?", [now_wall, same[0]])
            return False
        document = refusal.document
        if document is not None and conn.execute(
                "SELECT (SELECT COUNT(*) FROM rejections WHERE sha256 = ?) + ((SELECT COUNT(*) "
                "FROM rejections WHERE table_name = ? AND document IS NOT NULL) >= ?)",
                [refusal.sha256, refusal.table_name, DOCUMENTS_PER_TABLE]).fetchone()[0]:
            document = None                 # kept once already, or the table has kept its share
        conn["rejections"].insert({**refusal._asdict(), "document": document, "repeats": 0,
                                   "received_wall": now_wall, "last_wall": now_wall})
    return True


def refused_results(db: DirectorDB) -> list[str]:
    """The page's problems: each refused result (the last refusal of each document) whose round
    and table have no result stored since."""
    with db.locked() as conn:
        rows = list(conn.query(
            "SELECT r.table_name, r.code, r.reason, COALESCE(r.last_wall, r.received_wall) AS "
            "received_wall, d.document FROM rejections r JOIN "
            "rejections d ON d.id = (SELECT MIN(id) FROM rejections WHERE sha256 = r.sha256) "
            "WHERE r.id IN (SELECT MAX(id) FROM rejections WHERE sha256 IS NOT NULL "
            "GROUP BY sha256) ORDER BY r.id"))
        stored = {(s["tournament"], s["round"], s["table_name"]): s["received_wall"]
                  for s in conn.query("SELECT tournament, round, table_name, received_wall "
                                      "FROM results")}
    problems = []
    for row in rows:
        if row["document"] is None:          # the table had kept its share of refused texts
            problems.append(f"table {row['table_name']}: a result was refused ({row['code']}): "
                            f"{row['reason']} (its document not kept: the table sent too many)")
            continue
        document = json.loads(row["document"])
        ident = (document["tournament"], document["round"], document["table"])
        if stored.get(ident, float("-inf")) > row["received_wall"]:
            continue                        # a result for that game arrived since: it counts
        problems.append(f"round {ident[1]} table {ident[2]}: the table's result was refused "
                        f"({row['code']}): {row['reason']}")
    return problems
