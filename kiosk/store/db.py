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
from pathlib import Path
from typing import Iterator, Self

from common.sqlite_schema import ensure_schema

SCHEMA_VERSION = 3
#: What brings a file at schema N to N + 1 (N: statements run in the open's transaction).
MIGRATIONS = {
    1: ("ALTER TABLE games ADD COLUMN starts INTEGER",),     # 2: who the director has first
    2: ("CREATE TABLE [director_menu] ([id] INTEGER PRIMARY KEY, [game_id] INTEGER NOT NULL "   # 3:
        "REFERENCES [games]([id]), [use] TEXT NOT NULL, [detail] TEXT NOT NULL, [at_ns] INTEGER "
        "NOT NULL, [boot_id] TEXT NOT NULL, [wall] REAL NOT NULL) STRICT",     # the director's
        "CREATE INDEX [idx_director_menu_game_id] ON [director_menu] ([game_id])"),   # menu used
}
BUSY_TIMEOUT_MS = 5000          # another connection (the sync worker) may hold the write lock
BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")


class StoreError(ValueError):
    """The store cannot do what was asked: names the file and what is wrong."""


class UnknownRecord(StoreError, LookupError):
    """No game, document or other record with that id."""


class StorageFull(StoreError):
    """The file system holding the store is full (even with the ballast given back): nothing
    was written."""


def read_boot_id(path: Path = BOOT_ID_FILE) -> str:
    """This boot's id: monotonic clock readings are only comparable within one boot.

    Linux gives a fresh id per boot; elsewhere a random id per process start stands in (every
    restart is then treated like a reboot, which is the safe side).
    """
    try:
        text = path.read_text().strip()
    except OSError:
        text = ""
    if text:
        return text
    import uuid                             # only off Linux: uuid loads platform, 2 ms of a start
    return f"process-{uuid.uuid4()}"


BOOT_ID = read_boot_id()


def wall_time(wall: float | None = None) -> float:
    """The wall time to record: the caller's, or now."""
    return time.time() if wall is None else float(wall)


#: Every table, as the file declares it (the SQL sqlite-utils wrote for the files made before:
#: every kiosk file has the same schema).
_TABLES = {
    "games": """CREATE TABLE "games" (
   "id" INTEGER PRIMARY KEY,
   "table_name" TEXT NOT NULL,
   "round" INTEGER NOT NULL,
   "player0" TEXT NOT NULL,
   "player1" TEXT NOT NULL,
   "preset" TEXT NOT NULL,
   "rules" TEXT NOT NULL,
   "created_wall" REAL NOT NULL,
   "boot_id" TEXT NOT NULL,
   "finished_wall" REAL,
   "closed_wall" REAL,
   "closed_reason" TEXT,
   "starts" INTEGER
) STRICT""",
    "events": """CREATE TABLE "events" (
   "game_id" INTEGER NOT NULL REFERENCES "games"("id"),
   "seq" INTEGER NOT NULL,
   "type" TEXT NOT NULL,
   "body" TEXT NOT NULL,
   "at_ns" INTEGER NOT NULL,
   "boot_id" TEXT NOT NULL,
   "wall" REAL NOT NULL,
   PRIMARY KEY ("game_id", "seq")
) STRICT""",
    "checkpoints": """CREATE TABLE "checkpoints" (
   "game_id" INTEGER PRIMARY KEY NOT NULL REFERENCES "games"("id"),
   "after_seq" INTEGER NOT NULL,
   "running" INTEGER,
   "at_ns" INTEGER NOT NULL,
   "used0_ns" INTEGER NOT NULL,
   "used1_ns" INTEGER NOT NULL,
   "boot_id" TEXT NOT NULL,
   "wall" REAL NOT NULL
) STRICT""",
    "adjudications": """CREATE TABLE "adjudications" (
   "id" INTEGER PRIMARY KEY,
   "game_id" INTEGER REFERENCES "games"("id"),
   "table_name" TEXT NOT NULL,
   "challenger_side" INTEGER,
   "challenger" TEXT NOT NULL,
   "words" TEXT NOT NULL,
   "valid" INTEGER NOT NULL,
   "per_word" TEXT NOT NULL,
   "lexicon" TEXT NOT NULL,
   "lexicon_fingerprint" TEXT NOT NULL,
   "at_ns" INTEGER NOT NULL,
   "boot_id" TEXT NOT NULL,
   "wall" REAL NOT NULL
) STRICT""",
    # every use of the director's menu at the table (kiosk/store/menu_uses.py); schema 3
    "director_menu": """CREATE TABLE "director_menu" (
   "id" INTEGER PRIMARY KEY,
   "game_id" INTEGER NOT NULL REFERENCES "games"("id"),
   "use" TEXT NOT NULL,
   "detail" TEXT NOT NULL,
   "at_ns" INTEGER NOT NULL,
   "boot_id" TEXT NOT NULL,
   "wall" REAL NOT NULL
) STRICT""",
    "outbox": """CREATE TABLE "outbox" (
   "id" INTEGER PRIMARY KEY,
   "kind" TEXT NOT NULL,
   "body" TEXT NOT NULL,
   "created" REAL NOT NULL,
   "attempts" INTEGER NOT NULL,
   "next_attempt" REAL NOT NULL,
   "acked" REAL,
   "last_error" TEXT
) STRICT""",
}

_INDEXES = [
    'CREATE INDEX "idx_adjudications_game_id" ON "adjudications" ("game_id")',
    'CREATE INDEX "idx_director_menu_game_id" ON "director_menu" ("game_id")',
    'CREATE INDEX "idx_outbox_acked_next_attempt" ON "outbox" ("acked", "next_attempt")',
]


def open_database(path: str | os.PathLike) -> sqlite3.Connection:
    """Open (creating if need be) the kiosk database at ``path``, durable and at our schema."""
    path = Path(path)
    if not path.parent.is_dir():
        raise StoreError(f"{path}: the folder {path.parent} does not exist")
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: not a usable SQLite database ({exc})") from None
    try:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path}: not a usable SQLite database ({exc})") from None
        with transaction(conn):
            _migrate(conn)
            ensure_schema(conn, path, version=SCHEMA_VERSION, tables=_TABLES, create=_create_tables,
                          program="kiosk", error=StoreError)
    except BaseException:
        conn.close()
        raise
    return conn


#: Once the disk is full, the WAL is checkpointed every this many pages and then cut back to
#: this size, instead of growing to SQLite's default of 1000 pages (4 MB) before a checkpoint.
SHORT_WAL_PAGES = 16


def keep_wal_small(conn: sqlite3.Connection) -> bool:
    """When the disk is full: copy the WAL into the database and empty it, which gives its room
    back (the WAL holds every version of each page written since the last checkpoint: far more
    than the database grows by), and keep it small from then on. True if it was emptied; False
    if another connection was reading or the copy itself found no room (it is tried again at
    SQLite's next automatic checkpoint)."""
    conn.execute(f"PRAGMA wal_autocheckpoint={SHORT_WAL_PAGES}")
    conn.execute(f"PRAGMA journal_size_limit={SHORT_WAL_PAGES * 4096}")
    try:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.OperationalError:
        return False
    return busy == 0


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a file written at an older schema to ours (``MIGRATIONS``), step by step."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    while found in MIGRATIONS and found < SCHEMA_VERSION:
        for statement in MIGRATIONS[found]:
            conn.execute(statement)
        found += 1
        conn.execute(f"PRAGMA user_version={found}")


def _create_tables(conn: sqlite3.Connection) -> None:
    for sql in [*_TABLES.values(), *_INDEXES]:
        conn.execute(sql)


def rows(conn: sqlite3.Connection, sql: str, params=()) -> list[dict]:
    """The rows of a query, each a dict by column name."""
    cursor = conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row)) for row in cursor]


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One atomic write: ``BEGIN IMMEDIATE`` (take the write lock at once, so a concurrent
    writer makes us wait rather than fail half-way) ... ``COMMIT``; a nested use joins the
    outer transaction through a savepoint (an exception inside it undoes only its writes, and
    goes on to the outer one). Any exception rolls everything back."""
    if conn.in_transaction:
        conn.execute("SAVEPOINT nested")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:         # an error (a full disk) may have ended it already
                conn.execute("ROLLBACK TO nested")
                conn.execute("RELEASE nested")
            raise
        conn.execute("RELEASE nested")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.rollback()
        raise
    try:
        conn.execute("COMMIT")
    except BaseException:
        conn.rollback()
        raise


class Store:
    """A kiosk database file: ``Journal.open(path, **options)`` (or ``Outbox.open``) opens or
    creates it; ``close()`` it, or use it in a ``with``. Stores may share one connection
    (``Outbox(journal.conn, journal.path)``).

    The store speaks SQL to its ``sqlite3`` connection (``conn``) itself. ``db`` is the same
    connection in sqlite-utils' ``Database``, made when first asked for (by tools and tests that
    look into the file): importing sqlite-utils takes some 50 ms, a quarter of a table's start."""

    def __init__(self, conn: sqlite3.Connection, path: Path):
        self.conn, self.path = conn, path
        self._db = None

    @property
    def db(self):
        if self._db is None:
            from sqlite_utils import Database
            self._db = Database(self.conn, execute_plugins=False)
        return self._db

    @classmethod
    def open(cls, path: str | os.PathLike, **options) -> Self:
        path = Path(path)
        conn = open_database(path)
        try:
            return cls(conn, path, **options)
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def transaction(self):
        """Group several writes (an adjudication and its events, say) into one commit."""
        return transaction(self.conn)


def pragmas(conn) -> dict[str, object]:
    """The durability settings in force on a connection (or sqlite-utils' Database over one;
    the store tests check them)."""
    return {name: conn.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "synchronous", "foreign_keys", "user_version")}
