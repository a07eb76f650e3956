"""One kiosk at a time on a store: the process that plays a game on a store holds an exclusive
lock on a file beside it (``kiosk.sqlite`` has ``kiosk.sqlite.lock``) for as long as its
session is open.

Two processes playing on one journal interleave their instants: a kiosk restarted while the
old one still runs (killed a moment later, or a wrapper killed instead of it) reads the
journal, and the old one writes on after the read. The demo's fast clock, started at the
journal's last instant as read then, could then recover the game at an instant before one the
old process wrote later (``... ns is before the game's last instant ... ns on this same boot``,
exit 2). With the lock, the new process waits for the old one to be gone (the kernel drops an
``flock`` when its process dies, however it dies), and only then reads the journal; after
``wait_s`` it stops with a clear error naming the process that holds the store.

The lock is the process's: ``hold(path)`` again in the same process (the demo holds it while it
reads the journal's last instant and builds the kiosk, whose session holds it too) only counts
one more holder; the file is unlocked when the last lets go. Readers (the tests, the director's
tools looking into a file) take no lock: SQLite keeps them consistent.
"""
from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path

from .db import StoreError

WAIT_S = 10.0                   # how long a new kiosk waits for the old one to be gone
_POLL_S = 0.05


class StoreBusy(StoreError):
    """Another process holds the store: it plays a game on it."""


class _Held:
    def __init__(self, fd: int):
        self.fd, self.count = fd, 1


_held: dict[str, _Held] = {}
_mutex = threading.Lock()


def lock_path(store: str | os.PathLike) -> Path:
    store = Path(store)
    return store.with_name(store.name + ".lock")


class WriterLock:
    """The store's lock, held from ``hold`` until ``release`` (or the ``with`` block's end)."""

    def __init__(self, store: str | os.PathLike):
        self.path = lock_path(store)
        self._key = str(self.path.resolve())
        self._released = False

    def release(self) -> None:
        with _mutex:
            if self._released:
                return
            self._released = True
            held = _held[self._key]
            held.count -= 1
            if held.count == 0:
                del _held[self._key]
                os.close(held.fd)           # closing the file drops the flock

    def __enter__(self) -> "WriterLock":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def hold(store: str | os.PathLike, *, wait_s: float = WAIT_S) -> WriterLock:
    """Hold the store's lock: at once if this process holds it already, else waiting up to
    ``wait_s`` for the process that holds it to let go or die. Raises ``StoreBusy``."""
    lock = WriterLock(store)
    with _mutex:
        held = _held.get(lock._key)
        if held is not None:
            held.count += 1
            return lock
        _held[lock._key] = _Held(_acquire(lock.path, wait_s))
    return lock


def _acquire(path: Path, wait_s: float) -> int:
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise StoreError(f"{path}: cannot open the store's lock file ({exc.strerror})") from None
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                holder = _holder(fd)
                os.close(fd)
                raise StoreBusy(f"{path.with_suffix('')}: in use by another kiosk process"
                                f"{f' (pid {holder})' if holder else ''}: one kiosk at a time "
                                "plays on a store") from None
            time.sleep(_POLL_S)
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _holder(fd: int) -> str:
    """The pid the holder wrote into the lock file, if it did."""
    try:
        return os.pread(fd, 32, 0).decode().strip()
    except (OSError, UnicodeDecodeError):
        return ""
