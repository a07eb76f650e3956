"""gpiozero MockFactory pins whose edges carry their own time, as a Raspberry Pi's do.

On a Pi, lgpio hands gpiozero the kernel's timestamp of each edge (its ``ticks``), and the Python
callback runs later, once lgpio's thread gets the GIL. gpiozero's own MockFactory stamps an edge
when the pin is driven and calls back at once, on the real ``time.monotonic`` clock.

``EdgeFactory(clock)`` is a MockFactory on an explicit clock: its ``ticks()`` are ``clock()``
(nanoseconds, e.g. a test's ``now`` or ``time.monotonic_ns``) in seconds, and its pins'
``drive_low(at_ns=...)`` / ``drive_high(at_ns=...)`` stamp the edge at ``at_ns`` (default: now
on that clock) while the callback runs now. So a test decides exactly how late a callback is,
and a benchmark can stamp an edge when it was due and call back when its thread gets to run.
``callbacks`` (when ``record=True``) is every edge handed to gpiozero: (edge ns, callback ns).
"""
from __future__ import annotations

import time
from typing import Callable

from gpiozero.pins.mock import MockFactory, MockPin
from gpiozero.pins.pi import PiPin

NS = 1_000_000_000


class EdgePin(MockPin):
    """A MockPin whose next edge may be stamped at a given instant (``at_ns``)."""

    def __init__(self, factory, info):
        self._edge_at: int | None = None
        super().__init__(factory, info)

    def drive_low(self, at_ns: int | None = None) -> None:
        self._edge_at = at_ns
        super().drive_low()

    def drive_high(self, at_ns: int | None = None) -> None:
        self._edge_at = at_ns
        super().drive_high()

    def _call_when_changed(self):
        # MockPin passes the time it was driven; hand gpiozero the edge's own time instead, as
        # gpiozero's lgpio pin passes the kernel's timestamp (PiPin._call_when_changed(ticks, state)).
        now = self.factory.clock()
        edge = now if self._edge_at is None else self._edge_at
        if self.factory.record:
            self.factory.callbacks.append((edge, now))
        PiPin._call_when_changed(self, edge / NS, self.state)


class EdgeFactory(MockFactory):
    """MockFactory whose ticks are ``clock()`` in seconds and whose pins are ``EdgePin``s."""

    def __init__(self, clock: Callable[[], int] = time.monotonic_ns, *, record: bool = False):
        self.clock, self.record = clock, record
        self.callbacks: list[tuple[int, int]] = []
        super().__init__(pin_class=EdgePin)

    def ticks(self) -> float:
        return self.clock() / NS

    def ticks_diff(self, later: float, earlier: float) -> float:
        return later - earlier
