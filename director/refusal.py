"""A table's document refused, and the refused results a director has to act on.

``Refused(code, reason)`` is what every check of director.ingest and director.verify raises:
the HTTP status code the table gets and the reason, for people. A refusal is stored as a row of
``rejections`` (director.ingest); a result refused once its signature was checked (a table's
own result that does not match its pairing, the tournament's rules or its own events) keeps its
document there, and ``refused_results`` lists those as problems on the director's page until a
result for that round and table is stored.
"""
from __future__ import annotations

import json

from .db import DirectorDB


class Refused(Exception):
    """A document refused: ``code`` (the HTTP status) and ``reason``."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


def refused_results(db: DirectorDB) -> list[str]:
    """The page's problems: each refused result (the last refusal of each document) whose round
    and table have no result stored since."""
    with db.locked() as conn:
        rows = list(conn.query(
            "SELECT r.code, r.reason, r.received_wall, d.document FROM rejections r JOIN "
            "rejections d ON d.id = (SELECT MIN(id) FROM rejections WHERE sha256 = r.sha256) "
            "WHERE r.id IN (SELECT MAX(id) FROM rejections WHERE sha256 IS NOT NULL "
            "GROUP BY sha256) ORDER BY r.id"))
        stored = {(s["tournament"], s["round"], s["table_name"]): s["received_wall"]
                  for s in conn.query("SELECT tournament, round, table_name, received_wall "
                                      "FROM results")}
    problems = []
    for row in rows:
        document = json.loads(row["document"])
        ident = (document["tournament"], document["round"], document["table"])
        if stored.get(ident, float("-inf")) > row["received_wall"]:
            continue                        # a result for that game arrived since: it counts
        problems.append(f"round {ident[1]} table {ident[2]}: the table's result was refused "
                        f"({row['code']}): {row['reason']}")
    return problems
