"""A SQLite file's declared schema and its version, checked or created on open: one home for what
the kiosk's store and the director's database both do.

``PRAGMA user_version`` carries the schema version. A file at our version must hold every
declared table; a file from a newer program is refused, never half-read; a file at an older
version is brought forward by the caller's ``migrations`` (version n -> n + 1, each in turn) and is
refused if one is missing; a file that is neither empty nor ours is refused; an empty file is
created at our version by the caller's ``create``.
Each refusal raises the caller's own error class, naming the file and what is wrong.
The caller holds the transaction (so creating the tables and setting the version is one commit).

Only the standard library: the director imports it too. ``db`` is anything that ``execute``s
SQL: the kiosk's ``sqlite3`` connection, or the director's sqlite-utils ``Database``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Collection, Mapping


def table_names(db) -> list[str]:
    return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def ensure_schema(db, path: Path, *, version: int, tables: Collection[str],
                  create: Callable[[Any], None], program: str, error: type[Exception],
                  migrations: Mapping[int, Callable[[Any], None]] | None = None) -> None:
    """Check that ``db`` is at schema ``version`` with every one of ``tables``, or create it
    there with ``create(db)`` if it is empty. ``program`` names the writer in refusals ("kiosk",
    "director"); ``error`` is the exception raised. ``migrations[n](db)`` rewrites a file of
    schema n as schema n + 1."""
    found = db.execute("PRAGMA user_version").fetchone()[0]
    while 0 < found < version and found in (migrations or {}):
        migrations[found](db)
        found += 1
        db.execute(f"PRAGMA user_version={found}")
    if found == version:
        missing = sorted(set(tables) - set(table_names(db)))
        if missing:
            raise error(f"{path}: schema {found} but the table {missing[0]!r} is missing")
        return
    if found > version:
        raise error(f"{path}: written by a newer {program} (schema {found}); "
                    f"this one reads schema {version}")
    if found != 0 or table_names(db):
        raise error(f"{path}: schema {found} with tables {table_names(db)}: "
                    f"not a {program} database this version can read")
    create(db)
    db.execute(f"PRAGMA user_version={version}")
