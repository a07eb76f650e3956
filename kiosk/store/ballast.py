"""Room kept in reserve for the journal: a file of a few MB beside the store (``kiosk.sqlite``
has ``kiosk.sqlite.ballast``), given back the first time the file system is full, so that a
game in progress can finish on a full SD card.

``Ballast(store, size_kb).keep()`` makes the file if it is missing or short (its blocks are
allocated, not a sparse file: they count as used space); on a card already too full for it, it
keeps what it can (half the room left, from ``MIN_KB``): a game still has room to end on once the
card fills. ``release()`` deletes it, which frees its blocks at once, with no write needed. ``full(exc)`` says whether an error is the file system
(or SQLite's page limit) being full: SQLite's ``SQLITE_FULL``, "database or disk is full", or
an ``OSError`` with ``ENOSPC``.
"""
from __future__ import annotations

import errno
import logging
import os
import shutil
import sqlite3
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_KB = 4096               # 4 MB: a game's events, and the WAL's growth, several times over
MIN_KB = 16                     # less than this is not worth keeping


def full(exc: BaseException) -> bool:
    """Whether ``exc`` says the file system holding the store (or SQLite's page limit) is full."""
    if isinstance(exc, sqlite3.Error):      # errors the sqlite3 module makes itself carry no code
        return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC


class Ballast:
    def __init__(self, store: str | os.PathLike, size_kb: int = DEFAULT_KB):
        store = Path(store)
        self.path = store.with_name(store.name + ".ballast")
        self.size = int(size_kb) * 1024

    def keep(self) -> bool:
        """Make the file if it is missing or short. False when the file system has no room for
        all of it (it is full, or nearly): then what room it has is kept, half of what is left,
        if that is ``MIN_KB`` or more."""
        if not self.size:
            return True
        if self.path.exists() and self.path.stat().st_size >= self.size:
            return True
        if self._allocate(self.size):
            return True
        room = shutil.disk_usage(self.path.parent).free
        smaller = (room // 2) // 4096 * 4096
        kept = smaller >= MIN_KB * 1024 and self._allocate(smaller)
        log.error("no room for the store's ballast %s (%d KB): the file system is full; %s",
                  self.path, self.size // 1024,
                  f"{smaller // 1024} KB kept instead" if kept else "none kept")
        return False

    def _allocate(self, size: int) -> bool:
        """The file at ``size`` bytes, its blocks allocated; False (no file left) without room."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                os.posix_fallocate(fd, 0, size)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            if not full(exc):
                raise
            self.path.unlink(missing_ok=True)
            return False
        return True

    def release(self) -> bool:
        """Delete the file: True if there was one to give back."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        log.warning("the file system is full: the ballast %s is deleted to give the journal room",
                    self.path)
        return True
