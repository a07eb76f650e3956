"""A game clock faster than the machine's: ``python -m kiosk demo --speed N`` and a table
driven by a script (``python -m kiosk run --script FILE --speed N``).

At speed 1 it is the machine's monotonic clock, as a kiosk's is; faster, it runs ahead of it,
so a kiosk that continues a store starts its clock at the latest instant the store holds on
this boot (never before: the journal refuses time going back), or at the monotonic clock if
that is later. ``held_clock(store, speed)`` reads that instant once the store is this
process's alone (kiosk.store.writer_lock: a kiosk restarted while the old one still runs waits
for it to be gone) and holds the store while the ``with`` block builds the kiosk: an old
process writing on after the read would have left instants later than the new clock's start,
and the recovery refused them (``... ns is before the game's last instant ... ns on this same
boot``).
"""
from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Callable, Iterator


class FastClock:
    """``start_ns`` at ``origin_ns`` on the machine's clock, then ``speed`` times as fast."""

    def __init__(self, start_ns: int, origin_ns: int, speed: float,
                 real: Callable[[], int] = time.monotonic_ns):
        self.start_ns, self.origin_ns, self.speed, self.real = start_ns, origin_ns, speed, real

    def __call__(self) -> int:
        return self.start_ns + round((self.real() - self.origin_ns) * self.speed)

    def real_s(self, game_ns: int) -> float:
        """How many seconds of real time ``game_ns`` of this clock's time take."""
        return game_ns / self.speed / 1e9


@contextlib.contextmanager
def held_last_instant(store: str) -> Iterator[int | None]:
    """The latest instant the store holds on this boot, if the file exists, read with the
    store's writer lock held, and held on while the ``with`` block builds the kiosk: no other
    process writes an instant after this one (raises kiosk.store.writer_lock.StoreBusy if one
    does not let go)."""
    from kiosk.store import Journal
    from kiosk.store.writer_lock import hold
    if not Path(store).exists():
        yield None
        return
    with hold(store):
        with Journal.open(store) as journal:
            instant = journal.last_instant()
        yield instant


@contextlib.contextmanager
def held_clock(store: str, speed: float) -> Iterator[Callable[[], int]]:
    """The game clock for a kiosk on ``store`` at ``speed``: the machine's monotonic clock at
    speed 1 unless the store is ahead of it, else a ``FastClock`` from the store's last instant
    (see the module's docstring). Build the kiosk inside the ``with`` block."""
    real = time.monotonic_ns
    with held_last_instant(store) as last:
        origin = real()
        start = max(origin, last or origin)
        yield real if speed == 1 and start == origin else FastClock(start, origin, speed, real)
