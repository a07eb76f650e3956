"""Bringing a director's database from an older schema forward, one version at a time, in the
transaction that opens it (director.event.db; common.sqlite_schema runs them).

1 -> 2, divisions: a schema 1 file holds one division. Its players, pairings, imported results
and rounds move to that division, named after the players' ``division`` label when they all
share one (a tsh import named it after the file), else ``A``; the tsh tags kept in ``meta``
move onto the players; results and statuses are filed under it; a bye's pairing loses its table
(a bye takes no table). Nothing else changes: a file written by the previous director opens with
every result, audit row and rejection it had.

2 -> 3, refused results kept: ``rejections`` gains ``sha256`` and ``document`` (empty in the
rows it had: those refusals kept no document).

3 -> 4, repeats counted: ``rejections`` gains ``repeats`` (0 in the rows it had) and
``last_wall`` (their ``received_wall``).

4 -> 5, enrollment by code: the tables ``enrollment_codes`` and ``enrolled`` (empty: the tables
enrolled before by files are known by what they send).

5 -> 6, corrections: the director's ``corrections`` table (empty), and ``divisions`` gains
``tsh_layout`` (NULL: the divisions it had are written as before).

6 -> 7, the judge station: a ``challenges`` table, empty.

7 -> 8, the judge station's documents taken once: a ``taken_once`` table, empty (the first
document of each table and station after it is taken as the first).
"""
from __future__ import annotations

import json
import re
from typing import Callable

from sqlite_utils import Database

DEFAULT_DIVISION = "A"
NAME = re.compile(r"[\w.-]{1,40}")          # a division's name: one word (tsh's `division NAME FILE`)


def migrate_1_to_2(db: Database, tables: dict, indexes: list) -> None:
    labels = {r[0] for r in db.execute("SELECT DISTINCT COALESCE(division, '') FROM players")}
    (label,) = labels if len(labels) == 1 else ("",)
    name = label if NAME.fullmatch(label) else DEFAULT_DIVISION
    extras = db.execute("SELECT value FROM meta WHERE key = 'tsh_extras'").fetchone()
    tags = json.loads(extras[0]) if extras else {}
    for old in ("players", "pairings", "imported_results", "rounds"):
        db.execute(f"ALTER TABLE [{old}] RENAME TO [{old}_v1]")
    for new in ("divisions", "players", "pairings", "imported_results", "rounds"):
        columns, pk, not_null = tables[new]
        db.create_table(new, columns, pk=pk, not_null=not_null)
    db["divisions"].insert({"name": name, "position": 0, "tsh_file": None, "table_offset": 0})
    db["players"].insert_all(
        ({"division": name, "number": r["number"], "name": r["name"], "rating": r["rating"],
          "tsh_tags": json.dumps(tags[str(r["number"])]) if str(r["number"]) in tags else None}
         for r in db.query("SELECT * FROM players_v1")), pk=("division", "number"))
    db.execute("INSERT INTO pairings (id, division, round, table_name, player0, player1, first, "
               "revision) SELECT id, ?, round, CASE WHEN player1 = 0 THEN NULL ELSE table_name "
               "END, player0, player1, first, revision FROM pairings_v1", [name])
    db.execute("INSERT INTO imported_results (id, division, round, table_name, player0, player1, "
               "score0, score1, first, kind, winner) SELECT id, ?, round, table_name, player0, "
               "player1, score0, score1, first, kind, winner FROM imported_results_v1", [name])
    db.execute("INSERT INTO rounds (division, round, started_wall, ended_wall, revision) "
               "SELECT ?, round, started_wall, ended_wall, revision FROM rounds_v1", [name])
    for old in ("players", "pairings", "imported_results", "rounds"):
        db.execute(f"DROP TABLE [{old}_v1]")
    db.execute("DELETE FROM meta WHERE key = 'tsh_extras'")
    for table in ("results", "status"):
        db.execute(f"ALTER TABLE [{table}] ADD COLUMN division TEXT")
        db.execute(f"UPDATE [{table}] SET division = ?", [name])
    _create_indexes(db, indexes)


def _create_indexes(db: Database, indexes: list) -> None:
    """The indexes whose columns the file has by now (a later step adds the others')."""
    for table, columns, unique in indexes:
        if set(columns) <= set(db[table].columns_dict):
            db[table].create_index(columns, unique=unique, if_not_exists=True)


def migrate_2_to_3(db: Database, indexes: list) -> None:
    for column in ("sha256", "document"):
        db.execute(f"ALTER TABLE rejections ADD COLUMN {column} TEXT")
    _create_indexes(db, indexes)


def migrate_3_to_4(db: Database, indexes: list) -> None:
    db.execute("ALTER TABLE rejections ADD COLUMN repeats INTEGER")
    db.execute("ALTER TABLE rejections ADD COLUMN last_wall FLOAT")
    db.execute("UPDATE rejections SET repeats = 0, last_wall = received_wall")
    _create_indexes(db, indexes)


def migrate_4_to_5(db: Database, tables: dict) -> None:
    for name in ("enrollment_codes", "enrolled"):
        columns, pk, not_null = tables[name]
        db.create_table(name, columns, pk=pk, not_null=not_null, if_not_exists=True)


def migrate_5_to_6(db: Database, tables: dict, indexes: list) -> None:
    columns, pk, not_null = tables["corrections"]
    db.create_table("corrections", columns, pk=pk, not_null=not_null, if_not_exists=True)
    if "tsh_layout" not in db["divisions"].columns_dict:   # a schema 1 file's step 2 made it
        db.execute("ALTER TABLE divisions ADD COLUMN tsh_layout INTEGER")
    _create_indexes(db, indexes)


def migrate_6_to_7(db: Database, tables: dict, indexes: list) -> None:
    columns, pk, not_null = tables["challenges"]
    db.create_table("challenges", columns, pk=pk, not_null=not_null, if_not_exists=True)
    _create_indexes(db, indexes)


def migrate_7_to_8(db: Database, tables: dict) -> None:
    columns, pk, not_null = tables["taken_once"]
    db.create_table("taken_once", columns, pk=pk, not_null=not_null, if_not_exists=True)


def migrations(tables: dict, indexes: list) -> dict[int, Callable[[Database], None]]:
    """Each older version's step forward, for common.sqlite_schema.ensure_schema."""
    return {1: lambda db: migrate_1_to_2(db, tables, indexes),
            2: lambda db: migrate_2_to_3(db, indexes),
            3: lambda db: migrate_3_to_4(db, indexes),
            4: lambda db: migrate_4_to_5(db, tables),
            5: lambda db: migrate_5_to_6(db, tables, indexes),
            6: lambda db: migrate_6_to_7(db, tables, indexes),
            7: lambda db: migrate_7_to_8(db, tables)}
