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

7 -> 8, counting from columns, and a table for each thing ``meta`` held: ``results`` gains
``forfeit``, ``forfeit_each``, ``bonus0`` and ``bonus1``, and every row's columns from player0
to bonus1 are written from its document, read this once (director.event.model.TableResult: what
the standings counted from the document is now in the row; a document that cannot be read as a
result keeps the columns it had). ``meta``'s keys move to their tables, and ``meta`` goes:
``event_name``, ``event_date`` and ``spread_caps`` to ``event_settings``; ``revision`` to
``assignments_revision``; ``tsh_config`` to ``tsh_config``; ``tou_layout`` and
``tou_event_line_each`` to ``tou_layout``; each ``draw.DIVISION`` to ``draw_choices``, each
``proposal.DIVISION`` to ``proposals`` and ``proposed_games``, each ``drawn.DIVISION`` to
``published_draws``.

8 -> 9, the judge station's documents taken once: a ``taken_once`` table, empty (the first
document of each table and station after it is taken as the first).

9 -> 10, the prize table: a ``prize_choices`` table, empty (the config's ``[prizes]`` holds until
the director chooses on the page).

10 -> 11, each division's own tables: a ``division_tables`` table, empty (the config's
``[divisions.NAME] tables``, else the venue's, as before).

11 -> 12, the draw's Gibsonization and its reasons: ``draw_choices`` gains ``gibson`` (NULL: none,
as before) and ``proposed_games`` gains ``why`` (NULL: a pair within its score group; a proposal
made before says no more than it did).
"""
from __future__ import annotations

import json
import re
from typing import Callable

from sqlite_utils import Database

from .model import ModelError, table_result_of

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
    for table, columns, unique, *name in indexes:
        if set(columns) <= set(db[table].columns_dict):
            db[table].create_index(columns, index_name=name[0] if name else None, unique=unique,
                                   if_not_exists=True)


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


COUNTING = ("player0", "player1", "first", "score0", "score1", "winner", "end_reason", "forfeit",
            "forfeit_each", "bonus0", "bonus1")     # the results' columns a document gives
METAS = ("event_settings", "assignments_revision", "tsh_config", "tou_layout", "draw_choices",
         "proposals", "proposed_games", "published_draws")


def migrate_7_to_8(db: Database, tables: dict, indexes: list) -> None:
    for column, kind in (("forfeit", "TEXT"), ("forfeit_each", "INTEGER"), ("bonus0", "INTEGER"),
                         ("bonus1", "INTEGER")):
        if column not in db["results"].columns_dict:     # an older file's step 2 made them
            db.execute(f"ALTER TABLE results ADD COLUMN {column} {kind}")
    db.execute("UPDATE results SET bonus0 = COALESCE(bonus0, 0), bonus1 = COALESCE(bonus1, 0)")
    rows = db.execute("SELECT tournament, round, table_name, document FROM results").fetchall()
    for tournament, round_, table, text in rows:
        try:
            columns = table_result_of(json.loads(text)).columns()
        except (ModelError, ValueError, TypeError, AttributeError):
            continue                    # not a result's document: its columns stay as they were
        db.execute(f"UPDATE results SET {', '.join(f'{c} = ?' for c in COUNTING)} WHERE "
                   "tournament = ? AND round = ? AND table_name = ?",
                   [columns[c] for c in COUNTING] + [tournament, round_, table])
    for name in METAS:
        columns, pk, not_null = tables[name]
        db.create_table(name, columns, pk=pk, not_null=not_null, if_not_exists=True)
    if "meta" in db.table_names():
        _meta_forward(db, dict(db.execute("SELECT key, value FROM meta").fetchall()))
        db.execute("DROP TABLE meta")
    _create_indexes(db, indexes)


def _meta_forward(db: Database, meta: dict[str, str]) -> None:
    """Each key ``meta`` held into its table (see the module's docstring)."""
    if any(meta.get(k) for k in ("event_name", "event_date", "spread_caps")):
        db["event_settings"].insert({"id": 1, "name": meta.get("event_name") or None,
                                     "date": meta.get("event_date") or None,
                                     "spread_caps": meta.get("spread_caps") or None})
    if meta.get("revision"):
        db["assignments_revision"].insert({"id": 1, "revision": int(meta["revision"])})
    if meta.get("tsh_config"):
        db["tsh_config"].insert({"id": 1, "lines": meta["tsh_config"]})
    if meta.get("tou_layout") or meta.get("tou_event_line_each"):
        db["tou_layout"].insert({"id": 1, "layout": meta.get("tou_layout") or "{}",
                                 "event_line_each": 1 if meta.get("tou_event_line_each") else 0})
    for key, value in meta.items():
        kind, _, division = key.partition(".")
        if not division:
            continue
        stored = json.loads(value)
        if kind == "draw":
            db["draw_choices"].insert({"division": division, **stored})
        elif kind == "drawn":
            db["published_draws"].insert({"division": division, "round": stored["round"],
                                          "basis": stored["basis"],
                                          "changed": 1 if stored.get("changed") else 0})
        elif kind == "proposal":
            db["proposals"].insert({"division": division, "round": stored["round"],
                                    "made_wall": stored["made_wall"], "basis": stored.get("basis"),
                                    "adjusted": json.dumps(stored.get("adjusted", [])),
                                    "error": stored.get("error")})
            db["proposed_games"].insert_all(
                {"division": division, "position": i, "table_name": table or None,
                 "player0": a, "player1": b, "first": first}
                for i, (table, a, b, first) in enumerate(stored.get("pairings", [])))


def migrate_8_to_9(db: Database, tables: dict) -> None:
    columns, pk, not_null = tables["taken_once"]
    db.create_table("taken_once", columns, pk=pk, not_null=not_null, if_not_exists=True)


def migrate_9_to_10(db: Database, tables: dict) -> None:
    columns, pk, not_null = tables["prize_choices"]
    db.create_table("prize_choices", columns, pk=pk, not_null=not_null, if_not_exists=True)


def migrate_10_to_11(db: Database, tables: dict) -> None:
    columns, pk, not_null = tables["division_tables"]
    db.create_table("division_tables", columns, pk=pk, not_null=not_null, if_not_exists=True)


def migrate_11_to_12(db: Database) -> None:
    for table, column, kind in (("draw_choices", "gibson", "INTEGER"),
                                ("proposed_games", "why", "TEXT")):
        if column not in db[table].columns_dict:     # an older file's step 8 made it
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")


def migrations(tables: dict, indexes: list) -> dict[int, Callable[[Database], None]]:
    """Each older version's step forward, for common.sqlite_schema.ensure_schema."""
    return {1: lambda db: migrate_1_to_2(db, tables, indexes),
            2: lambda db: migrate_2_to_3(db, indexes),
            3: lambda db: migrate_3_to_4(db, indexes),
            4: lambda db: migrate_4_to_5(db, tables),
            5: lambda db: migrate_5_to_6(db, tables, indexes),
            6: lambda db: migrate_6_to_7(db, tables, indexes),
            7: lambda db: migrate_7_to_8(db, tables, indexes),
            8: lambda db: migrate_8_to_9(db, tables),
            9: lambda db: migrate_9_to_10(db, tables),
            10: lambda db: migrate_10_to_11(db, tables),
            11: migrate_11_to_12}
