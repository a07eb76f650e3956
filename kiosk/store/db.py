"""Opening the kiosk's SQLite file: pragmas, the declared schema and its version, transactions,
and ``Store``, what the journal and the outbox have in common (open, close, ``with``, transaction).

One schema serves the journal, the checkpoints, the adjudications and the outbox, so the kiosk
may keep them in one file or several. Every table is declared explicitly (types, primary keys,
NOT NULL, foreign keys, STRICT) rather than inferred from data, and ``PRAGMA user_version``
carries the schema version: a file written by a newer kiosk is refused, never half-read.

Durability: ``journal_mode=WAL`` (stored in the file) and ``synchronous=FULL`` (per connection,
so set on every open): a committed transaction survives a power cut.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import time
import uuid
from pathlib import Path
from typing import Iterator, Self

from sqlite_utils import Database

from kiosk.store.schema import ensure_schema

SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 5000          # another connection (the sync worker) may hold the write lock
BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")


class StoreError(ValueError):
    """The store cannot do what was asked: names the file and what is wrong."""


class UnknownRecord(StoreError, LookupError):
    """No game, document or other record with that id."""


def read_boot_id(path: Path = BOOT_ID_FILE) -> str:
    """This boot's id: monotonic clock readings are only comparable within one boot.

    Linux gives a fresh id per boot; elsewhere a random id per process start stands in (every
    restart is then treated like a reboot, which is the safe side).
    """
    try:
        text = path.read_text().strip()
    except OSError:
        text = ""
    return text or f"process-{uuid.uuid4()}"


BOOT_ID = read_boot_id()


def wall_time(wall: float | None = None) -> float:
    """The wall time to record: the caller's, or now."""
    return time.time() if wall is None else float(wall)


# name -> (columns, primary key, NOT NULL columns, foreign keys)
_TABLES = {
    "games": (
        {"id": int, "table_name": str, "round": int, "player0": str, "player1": str,
         "preset": str, "rules": str, "created_wall": float, "boot_id": str,
         "finished_wall": float, "closed_wall": float, "closed_reason": str},
        "id",
        {"table_name", "round", "player0", "player1", "preset", "rules", "created_wall", "boot_id"},
        [],
    ),
    "events": (
        {"game_id": int, "seq": int, "type": str, "body": str, "at_ns": int, "boot_id": str,
         "wall": float},
        ("game_id", "seq"),
        {"game_id", "seq", "type", "body", "at_ns", "boot_id", "wall"},
        [("game_id", "games", "id")],
    ),
    "checkpoints": (
        {"game_id": int, "after_seq": int, "running": int, "at_ns": int, "used0_ns": int,
         "used1_ns": int, "boot_id": str, "wall": float},
        "game_id",
        {"game_id", "after_seq", "at_ns", "used0_ns", "used1_ns", "boot_id", "wall"},
        [("game_id", "games", "id")],
    ),
    "adjudications": (
        {"id": int, "game_id": int, "table_name": str, "challenger_side": int, "challenger": str,
         "words": str, "valid": int, "per_word": str, "lexicon": str, "lexicon_fingerprint": str,
         "at_ns": int, "boot_id": str, "wall": float},
        "id",
        {"table_name", "challenger", "words", "valid", "per_word", "lexicon",
         "lexicon_fingerprint", "at_ns", "boot_id", "wall"},
        [("game_id", "games", "id")],
    ),
    "outbox": (
        {"id": int, "kind": str, "body": str, "created": float, "attempts": int,
         "next_attempt": float, "acked": float, "last_error": str},
        "id",
        {"kind", "body", "created", "attempts", "next_attempt"},
        [],
    ),
}

_INDEXES = [
    ("adjudications", ["game_id"]),
    ("outbox", ["acked", "next_attempt"]),
]


def open_database(path: str | os.PathLike) -> Database:
    """Open (creating if need be) the kiosk database at ``path``, durable and at our schema."""
    path = Path(path)
    if not path.parent.is_dir():
        raise StoreError(f"{path}: the folder {path.parent} does not exist")
    try:
        db = Database(sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000,
                                      check_same_thread=False),
                      execute_plugins=False)    # no sqlite-utils plugins: no scan of the installed packages
        db.enable_wal()
        db.execute("PRAGMA synchronous=FULL")
        db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA foreign_keys=ON")
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: not a usable SQLite database ({exc})") from None
    try:
        with transaction(db):
            ensure_schema(db, path, version=SCHEMA_VERSION, tables=_TABLES, create=_create_tables,
                          program="kiosk", error=StoreError)
    except BaseException:
        db.close()
        raise
    return db


def _create_tables(db: Database) -> None:
    for name, (columns, pk, not_null, foreign_keys) in _TABLES.items():
        db.create_table(name, columns, pk=pk, not_null=not_null, foreign_keys=foreign_keys,
                        strict=True)
    for table, columns in _INDEXES:
        db[table].create_index(columns)


@contextlib.contextmanager
def transaction(db: Database) -> Iterator[Database]:
    """One atomic write: ``BEGIN IMMEDIATE`` (take the write lock at once, so a concurrent
    writer makes us wait rather than fail half-way) ... ``COMMIT``; a nested use joins the
    outer transaction through a savepoint (an exception inside it undoes only its writes, and
    goes on to the outer one). Any exception rolls everything back."""
    if db.conn.in_transaction:
        db.conn.execute("SAVEPOINT nested")
        try:
            yield db
        except BaseException:
            if db.conn.in_transaction:      # an error (a full disk) may have ended it already
                db.conn.execute("ROLLBACK TO nested")
                db.conn.execute("RELEASE nested")
            raise
        db.conn.execute("RELEASE nested")
        return
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    try:
        db.conn.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise


class Store:
    """A kiosk database file: ``Journal.open(path, **options)`` (or ``Outbox.open``) opens or
    creates it; ``close()`` it, or use it in a ``with``. Stores may share one connection
    (``Outbox(journal.db, journal.path)``)."""

    def __init__(self, db: Database, path: Path):
        self.db, self.path = db, path

    @classmethod
    def open(cls, path: str | os.PathLike, **options) -> Self:
        path = Path(path)
        db = open_database(path)
        try:
            return cls(db, path, **options)
        except BaseException:
            db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def transaction(self):
        """Group several writes (an adjudication and its events, say) into one commit."""
        return transaction(self.db)


def pragmas(db: Database) -> dict[str, object]:
    """The durability settings in force on this connection (the store tests check them)."""
    return {name: db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "synchronous", "foreign_keys", "user_version")}
