"""The director's SQLite database (sqlite-utils): players, pairings, rounds, results and their
audit trail, each table's latest status, and every refused document.

Plain SQLite tables (no STRICT, no extensions), declared with their types and keys, so the file
opens as it is in Datasette or the sqlite3 shell. ``PRAGMA user_version`` carries the schema
version; a file from a newer director is refused, one from an older director is brought forward
(director/event/migrate.py). WAL, so readers (the page, Datasette) never
block the writer; ``synchronous=FULL``, so that a commit is on the disk before the table is
told its result is stored: a power cut loses nothing the director acknowledged (the kiosk's
store is FULL too; tests/security/test_power_cut.py cuts the power under it). ``DirectorDB`` owns one connection shared by the web app and the serial
poller: every use holds its lock, ``changed()`` tells listeners (the page's live updates)
what moved, and ``kept()`` keeps what was read from the file until the file changes (the
divisions as counted, director.event.counted). Each thing the event keeps has a table of its
own (``TABLES``), written through one module.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path
from typing import Callable, Hashable, Iterator, TypeVar

from sqlite_utils import Database

from common.sqlite_schema import ensure_schema

from .migrate import migrations

SCHEMA_VERSION = 12            # 2: divisions; 3: refused results kept; 4: a refusal's repeats
                               # counted; 5: tables enrolled by code; 6: the director's
                               # corrections, a tsh file's layout; 7: the judge station's
                               # challenges; 8: what counting needs in the results' columns, and
                               # a table for each thing ``meta`` held; 9: the judge station's
                               # documents taken once; 10: the prize table's settings chosen on
                               # the page; 11: each division's own tables as the page gives them;
                               # 12: the draw's Gibsonization and why a proposed pair crosses
                               # score groups (older files are brought forward by
                               # director.event.migrate)
BUSY_TIMEOUT_MS = 5000
T = TypeVar("T")


class DirectorDBError(ValueError):
    """The database cannot be opened or used: names the file and what is wrong."""


# name -> (columns, primary key, NOT NULL columns)
TABLES: dict[str, tuple[dict, str | tuple, set]] = {
    # the event's settings as a tsh config (or a .TOU's event line) gave them: its name and date
    # as written, its spread caps (JSON: per round, the last for later rounds; NULL: the
    # preset's). One row (id 1), written by director.event.divisions
    "event_settings": ({"id": int, "name": str, "date": str, "spread_caps": str}, "id", {"id"}),
    # the assignments' counter, which tells a table its assignment changed (``next_revision``).
    # One row (id 1)
    "assignments_revision": ({"id": int, "revision": int}, "id", {"id", "revision"}),
    # the lines of the imported tsh config (JSON), written back in a tsh archive. One row (id 1),
    # written by director.files.imports
    "tsh_config": ({"id": int, "lines": str}, "id", {"id", "lines"}),
    # what an imported .TOU file wrote that the results do not say (JSON: its line ends, event
    # line, division and player lines), and whether each division had its event line. One row
    # (id 1), written by director.files.tou_layout
    "tou_layout": ({"id": int, "layout": str, "event_line_each": int}, "id", {"id", "layout"}),
    # each division's draw as the director chose it on the page (director.event.draw's
    # DrawSettings; gibson NULL: 0), written by director.event.divisions
    "draw_choices": ({"division": str, "system": str, "king_of_the_hill": int, "seeding": str,
                      "rounds": int, "gibson": int}, "division",
                     {"division", "system", "king_of_the_hill", "seeding", "rounds"}),
    # each division's own tables as the director gave them on the page (JSON: the tables in
    # order), over the config's ``[divisions.NAME] tables``, written by director.event.divisions
    "division_tables": ({"division": str, "tables": str}, "division", {"division", "tables"}),
    # each division's proposed next round (director.event.next_round; no table is told of it):
    # its round, when it was drawn, a digest of the results it was drawn from (``basis``), what
    # the director changed in it (JSON: a list of words), or why it could not be drawn (``error``)
    "proposals": ({"division": str, "round": int, "made_wall": float, "basis": str,
                   "adjusted": str, "error": str}, "division", {"division", "round", "made_wall"}),
    # a proposal's games in order, then its bye: the table (NULL for the bye), the players
    # (player1 0: the bye), who starts (0, 1; NULL for the bye) and why the two meet, in words,
    # when they cross score groups or one is a Gibsonized leader (NULL otherwise)
    "proposed_games": ({"division": str, "position": int, "table_name": str, "player0": int,
                        "player1": int, "first": int, "why": str}, ("division", "position"),
                       {"division", "position", "player0", "player1"}),
    # each division's prize table settings as the director chose them on the page
    # (director.event.prizes.choices: JSON of director.event.prizes.settings' FIELDS), over the
    # config's [prizes]
    "prize_choices": ({"division": str, "settings": str, "chosen_wall": float}, "division",
                      {"division", "settings", "chosen_wall"}),
    # the round each division's draw published last, the digest of the results it was drawn from,
    # and whether one of them changed since (``changed`` 1), written by director.event.next_round
    "published_draws": ({"division": str, "round": int, "basis": str, "changed": int}, "division",
                        {"division", "round", "basis", "changed"}),
    # the event's divisions in the order they came; a tsh board is table - table_offset;
    # tsh_layout: how the imported .t file laid its names and ratings out (28: tsh's %-22s %5s,
    # the column where a rating ends; 0: one space after the name; NULL: tsh's, as we write;
    # director.files.tsh_line)
    "divisions": ({"name": str, "position": int, "tsh_file": str, "table_offset": int,
                   "tsh_layout": int},
                  "name", {"name", "position", "table_offset"}),
    # a division's players by their tsh number (1-based, the line in the .t file); tsh_tags: the
    # other tags of their .t line, kept verbatim (JSON [[tag, values], ...])
    "players": ({"division": str, "number": int, "name": str, "rating": int, "tsh_tags": str},
                ("division", "number"), {"division", "number", "name"}),
    # who plays whom where: player1 0 is a bye (table NULL); first 0/1 or NULL (players decide).
    # Tables are the venue's: a (round, table) is one division's game
    "pairings": ({"id": int, "division": str, "round": int, "table_name": str, "player0": int,
                  "player1": int, "first": int, "revision": int},
                 "id", {"division", "round", "player0", "revision"}),
    # results the director imported (a .t file's past rounds): player1 0 for a bye or forfeit
    "imported_results": ({"id": int, "division": str, "round": int, "table_name": str,
                          "player0": int, "player1": int, "score0": int, "score1": int,
                          "first": int, "kind": str, "winner": int},
                         "id", {"division", "round", "player0", "player1", "score0", "score1",
                                "kind"}),
    "rounds": ({"division": str, "round": int, "started_wall": float, "ended_wall": float,
                "revision": int},
               ("division", "round"), {"division", "round", "revision"}),
    # one row per game, (tournament, round, table): the latest revision received, filed under
    # the division of the table's pairing (director.event.rounds.division_for). Its columns
    # from player0 to bonus1 are what the document says of the game (director.event.model.
    # TableResult: the names as the table gave them, the final scores in their order, why a
    # player forfeited, each one's spread when both did, the bonus words): what the standings
    # count, so that no document is read again once stored
    "results": ({"tournament": str, "round": int, "table_name": str, "division": str,
                 "game_id": str, "revision": int, "player0": str, "player1": str, "first": int,
                 "score0": int, "score1": int, "spread": int, "winner": int, "end_reason": str,
                 "forfeit": str, "forfeit_each": int, "bonus0": int, "bonus1": int,
                 "document": str, "signature": str, "sha256": str, "received_wall": float,
                 "source": str},
                ("tournament", "round", "table_name"),
                {"tournament", "round", "table_name", "game_id", "revision", "player0", "player1",
                 "score0", "score1", "spread", "document", "signature", "sha256",
                 "received_wall", "source"}),
    # what a result replaced, or a same-revision document that differed from the stored one
    "results_audit": ({"id": int, "tournament": str, "round": int, "table_name": str,
                       "game_id": str, "revision": int, "document": str, "signature": str,
                       "sha256": str, "received_wall": float, "audited_wall": float,
                       "reason": str, "by_revision": int},
                      "id", {"tournament", "round", "table_name", "revision", "document",
                             "signature", "sha256", "received_wall", "audited_wall", "reason"}),
    # the director's corrections of a game's result (director.event.corrections): append only,
    # the latest of a game (division, round, player0 < player1, or player1 0 for a bye) stands;
    # kind "scores" (score0, score1 as the players' in that order), "forfeit" (winner: 0 or 1,
    # the margin the preset's), "void" (no game for either) or "original" (the table's or the
    # file's result again); original: what counted before (JSON), revision: the assignments'
    # counter, which tells the table its assignment changed
    "corrections": ({"id": int, "tournament": str, "division": str, "round": int,
                     "player0": int, "player1": int, "table_name": str, "kind": str,
                     "score0": int, "score1": int, "winner": int, "reason": str, "wall": float,
                     "source": str, "original": str, "revision": int},
                    "id", {"tournament", "division", "round", "player0", "player1", "kind",
                           "reason", "wall", "source", "original", "revision"}),
    # a table's one-time enrollment code (director.tables.codes): the latest made for it; state
    # open, used, ended (its tries spent) or replaced; tries_left: exchanges it still allows
    "enrollment_codes": ({"table_name": str, "code": str, "made_wall": float, "expires_wall": float,
                          "tries_left": int, "state": str, "ended_wall": float},
                         "table_name", {"table_name", "code", "made_wall", "expires_wall",
                                        "tries_left", "state"}),
    # each table enrolled: when, how (code: at the table over the network; stick: a file for a
    # USB stick; files: key file and config lines by hand) and from where (an address or "")
    "enrolled": ({"table_name": str, "enrolled_wall": float, "how": str, "source": str},
                 "table_name", {"table_name", "enrolled_wall", "how", "source"}),
    # each table's latest live status
    "status": ({"table_name": str, "tournament": str, "round": int, "division": str,
                "game_id": str, "phase": str, "document": str, "sent_wall": float,
                "received_wall": float, "source": str},
               "table_name", {"table_name", "document", "received_wall", "source"}),
    # every refused document: a table's signed result refused by a check after its signature
    # (director.tables.verify) keeps its canonical text in ``document``, once (``sha256`` names it)
    # (``document``); the same refusal again soon after is counted on its row (``repeats``,
    # ``last_wall``), and so is a flood's excess (director.tables.ingest.REFUSAL_ROWS_PER_MINUTE)
    "rejections": ({"id": int, "table_name": str, "path": str, "code": int, "reason": str,
                    "size": int, "received_wall": float, "source": str, "sha256": str,
                    "document": str, "repeats": int, "last_wall": float},
                   "id", {"table_name", "path", "code", "reason", "size", "received_wall",
                          "source"}),
    # the challenges tables send to the venue's judge station (director.tables.challenges): one per
    # challenge, its words, its state (open, withdrawn, ruled at the table) and the station's
    # verdict once one ruled on it
    "challenges": ({"id": str, "tournament": str, "round": int, "table_name": str, "game_id": str,
                    "player": int, "turn": int, "words": str, "state": str, "opened_wall": float,
                    "updated_wall": float, "station": str, "valid": int, "lexicon": str,
                    "ruled_wall": float},
                   "id", {"id", "tournament", "round", "table_name", "game_id", "player", "turn",
                          "words", "state", "opened_wall", "updated_wall"}),
    # the last of the judge station's documents taken from each sender (director.tables.challenges):
    # a table's challenge document (kind "challenge", its seq) and a station's verdict (kind
    # "verdict", seq 0), with its SHA-256: the same again is answered as before, an older refused
    "taken_once": ({"kind": str, "sender": str, "seq": int, "sha256": str, "taken_wall": float},
                   ("kind", "sender"), {"kind", "sender", "seq", "sha256", "taken_wall"}),
}

INDEXES = [         # (table, columns, unique[, name: else sqlite-utils' idx_TABLE_COLUMNS])
    ("challenges", ["table_name", "state"], False),
    ("pairings", ["round", "table_name"], True),
    ("pairings", ["division", "round", "player0"], False),
    ("imported_results", ["division", "round"], False),
    ("results", ["division", "round"], False),
    # what counting reads of the results (director.event.counted), so that it never reads a
    # page of their documents
    ("results", ["division", "round", "received_wall", "revision", "tournament", "sha256",
                 "table_name", "player0", "player1", "first", "score0", "score1", "winner",
                 "end_reason", "forfeit", "forfeit_each", "bonus0", "bonus1"], False,
     "idx_results_counting"),
    ("results_audit", ["tournament", "round", "table_name"], False),
    ("corrections", ["division", "round", "player0", "player1"], False),
    ("corrections", ["tournament", "table_name"], False),
    ("rejections", ["received_wall"], False),
    ("rejections", ["sha256"], False),
    ("rejections", ["table_name", "path", "code"], False),
]


class DirectorDB:
    """The open database: ``db`` (a sqlite_utils Database), ``path``; use it under
    ``with director_db.transaction():`` (holds the lock, BEGIN IMMEDIATE ... COMMIT) or
    ``with director_db.locked():`` for reads. Listeners registered with ``listen`` are
    called as ``listener(what)`` after a change ("results", "status", "pairings", ...)."""

    def __init__(self, db: Database, path: Path):
        self.db, self.path = db, path
        self.lock = threading.RLock()
        self._listeners: list[Callable[[str], None]] = []
        self.generation = 0             # grows with every change(): what was read before is stale
        self._kept: dict[Hashable, object] = {}         # kept(): values read from the file as it is
        self._before: dict[Hashable, object] = {}       # kept()'s values of the file as it was
        self._kept_of: tuple[int, int] | None = None    # (our changes, others' commits) they are of

    @classmethod
    def open(cls, path: str | os.PathLike) -> "DirectorDB":
        return cls(open_database(path), Path(path))

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def __enter__(self) -> "DirectorDB":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextlib.contextmanager
    def locked(self) -> Iterator[Database]:
        with self.lock:
            yield self.db

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Database]:
        with self.lock:
            if self.db.conn.in_transaction:      # joined by an outer transaction
                yield self.db
                return
            self.db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.conn.rollback()
                raise
            self.db.conn.execute("COMMIT")

    def listen(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener(what)`` after each change; returns a function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def changed(self, what: str) -> None:
        self.generation += 1
        for listener in list(self._listeners):
            listener(what)

    def next_revision(self) -> int:
        """A counter that grows with every change to pairings or rounds (assignment revisions)."""
        with self.transaction() as db:
            row = db.execute("SELECT revision FROM assignments_revision WHERE id = 1").fetchone()
            value = row[0] + 1 if row else 1
            db.execute("INSERT INTO assignments_revision (id, revision) VALUES (1, ?) "
                       "ON CONFLICT (id) DO UPDATE SET revision = excluded.revision", [value])
            return value

    def kept(self, key: Hashable, compute: Callable[[T | None], T]) -> T:
        """The value ``compute`` read from the file for ``key``, read again only once the file
        changed: by this connection (``total_changes``: every row it inserted, updated or
        deleted) or by another's commit (``PRAGMA data_version``: a command run beside the
        service). ``compute(before)`` is given the value it read last, to keep what of it is
        still so: None at first, and after another connection's commit (what it wrote may be
        anything). Inside a transaction nothing is kept: what it read may yet be
        rolled back. For values of the file alone (director.event.counted's loaded views)."""
        with self.lock:
            conn = self.db.conn
            if conn.in_transaction:
                return compute(None)
            now = (conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0])
            if now != self._kept_of:
                ours = self._kept_of is not None and now[1] == self._kept_of[1]
                self._before = {**self._before, **self._kept} if ours else {}
                self._kept, self._kept_of = {}, now
            if key not in self._kept:
                self._kept[key] = compute(self._before.get(key))
            return self._kept[key]

    def count(self, table: str) -> int:
        with self.locked() as db:
            return db[table].count


def open_database(path: str | os.PathLike) -> Database:
    """Open (creating if need be) the director's database at ``path``, in WAL mode."""
    path = Path(path)
    if not path.parent.is_dir():
        raise DirectorDBError(f"{path}: the folder {path.parent} does not exist")
    try:
        db = Database(sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000,
                                      check_same_thread=False, isolation_level=None))
        db.enable_wal()
        db.execute("PRAGMA synchronous=FULL")       # every commit on the disk before it is answered
        db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _ensure_schema(db, path)
    except sqlite3.DatabaseError as exc:
        raise DirectorDBError(f"{path}: not a usable SQLite database ({exc})") from None
    return db


def _create_tables(db: Database) -> None:
    for name, (columns, pk, not_null) in TABLES.items():
        db.create_table(name, columns, pk=pk, not_null=not_null)
    for table, columns, unique, *name in INDEXES:
        db[table].create_index(columns, index_name=name[0] if name else None, unique=unique)


def _ensure_schema(db: Database, path: Path) -> None:
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        ensure_schema(db, path, version=SCHEMA_VERSION, tables=TABLES, create=_create_tables,
                      program="director", error=DirectorDBError,
                      migrations=migrations(TABLES, INDEXES))
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.execute("COMMIT")
