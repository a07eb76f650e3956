"""The kiosk's SQLite store (the standard library's sqlite3; sqlite-utils only to look into a
file, ``Store.db``): the game journal with its checkpoints, the adjudication record, and the
outbox of documents for the director.

- journal.py: games and their events, written before the kiosk acts on them; load by replay.
- recovery.py: resume a game after a crash or power cut, clock neutral, by journaling a
  ``Recovered`` event (common/game/rebase.py: its apply step).
- adjudications.py: every word-judge verdict; per-word validity only in the director's export.
- outbox.py: documents waiting for the director, retried with backoff until acknowledged.
- db.py: opening the file (WAL, synchronous=FULL), the declared schema and its version, and
  ``Store``, the open/close/transaction that the journal and the outbox share.
- ballast.py: a few MB kept in reserve beside the store, given back when the disk is full.
"""
from .db import BOOT_ID, SCHEMA_VERSION, StorageFull, StoreError, UnknownRecord
from .journal import Checkpoint, GameRecord, Journal, Mark
from .recovery import RecoveredGame, recover

__all__ = ["BOOT_ID", "SCHEMA_VERSION", "StorageFull", "StoreError", "UnknownRecord", "Checkpoint",
           "GameRecord", "Journal", "Mark", "RecoveredGame", "recover"]
