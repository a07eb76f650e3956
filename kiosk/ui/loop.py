"""The pygame shell around a screen machine: one pass reads pygame's events (keys, and taps
on the screen through kiosk.ui.touch, become inputs on the same queue as the GPIO buttons), hands the queued inputs to the machine in the
order they happened, lets time-driven things happen (``tick``), and redraws only when the
view changed (a running clock changes its face once a second, not every pass).

The machine is the table's (kiosk.ui.machine) or the judge station's (kiosk.ui.guard): each
has ``handle``, ``update``, ``view``, ``draw``, ``finished`` and ``fail``. A failure in ``tick``
(the journal refusing a write, say) goes to the machine's failsafe screen (``fail``), so the
loop keeps running; the machines guard their screens the same way.

Between passes the loop waits on the input queue rather than sleeping: a GPIO press wakes it
at once (its command is journaled within a few milliseconds of the edge), and with no input it
passes ``fps`` times a second. Under systemd it says when the first frame is up and feeds the
watchdog from each pass (kiosk.service), so a hung loop gets the kiosk restarted.
"""
from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Callable

import pygame

from table_input import Tapped
from kiosk.ui.touch import NotATap


class Loop:
    def __init__(self, machine, inputs: queue.Queue, keyboard, surface: pygame.Surface, *,
                 tick: Callable[[int], None] | None = None,
                 clock: Callable[[], int] = time.monotonic_ns,
                 screenshot_dir: str | Path | None = None, display: bool = False, touch=None,
                 taps_only: bool = False):
        self.machine, self.inputs, self.keyboard, self.surface = machine, inputs, keyboard, surface
        self.touch = touch              # taps on the screen (kiosk.ui.touch), if any
        self.taps_only = taps_only      # any other input is refused (python -m kiosk demo --touch-only)
        self.tick, self.clock, self.display = tick, clock, display
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        if self.screenshot_dir:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        self.last_view = None
        self.frames = 0                 # how many times the screen was redrawn
        self.running = True
        self._woken: list = []          # an input that woke the loop early, not yet handled
        self.dirty = None               # what the last redraw painted (None: all of it)

    def pump(self) -> None:
        """Read pygame's events: keys to the inputs queue (stamped now), quit stops the loop."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
                if self.touch is not None:
                    self.touch.feed(event, self.clock(), self.surface.get_size())
            else:
                self.keyboard.feed(event, self.clock())

    def drain(self) -> list:
        """The queued inputs in the order they happened, each tap resolved against the view
        on screen (a tap on nothing, or with no touch screen, is dropped)."""
        items, self._woken = self._woken, []
        while True:
            try:
                items.append(self.inputs.get_nowait())
            except queue.Empty:
                break
        ordered = sorted(items, key=lambda item: item.t_ns)   # stable: same-instant order kept
        return [item for item in map(self._resolved, ordered) if item is not None]

    def _resolved(self, item):
        if not isinstance(item, Tapped):
            if self.taps_only:
                raise NotATap(item)
            return item
        if self.touch is None:
            return None
        return self.touch.resolve(item, self.surface.get_size(), self.last_view)

    def step(self, now_ns: int | None = None) -> bool:
        """One pass; True if the screen was redrawn."""
        items = self.drain()
        now = self.clock() if now_ns is None else now_ns    # read after draining: no input is later
        for item in items:
            self.machine.handle(item, now)
        if self.tick is not None:
            try:
                self.tick(now)
            except Exception as exc:                # noqa: BLE001
                self.machine.fail(exc, now)
        self.machine.update(now)
        if self.machine.finished:
            self.running = False
        view = self.machine.view(now)
        if view == self.last_view:
            return False
        self.last_view = view
        self.dirty = dirty = self.machine.draw(self.surface, view)
        self.frames += 1
        if self.display:
            pygame.display.update(dirty) if dirty is not None else pygame.display.flip()
        if self.screenshot_dir:
            self.save(self.screenshot_dir / f"frame-{self.frames:05d}.png")
        return True

    def save(self, path: str | Path) -> Path:
        pygame.image.save(self.surface, str(path))
        return Path(path)

    def wait(self, seconds: float) -> None:
        """Until the next pass is due, or at once when an input arrives (kept for ``drain``)."""
        if seconds <= 0:
            return
        try:
            self._woken.append(self.inputs.get(timeout=seconds))
        except queue.Empty:
            pass

    def run(self, fps: int = 30, exit_after_s: float | None = None, service=None) -> None:
        """Pass until stopped (the window closed, ``exit_after_s``); ``service`` (a
        kiosk.service.ServiceNotifier) hears of the first frame and of every pass."""
        period_ns = 1_000_000_000 // fps
        stop_at = None if exit_after_s is None else self.clock() + int(exit_after_s * 1e9)
        ready = False
        while self.running:
            started = time.monotonic_ns()
            self.pump()
            self.step()
            if service is not None:
                service.alive(time.monotonic_ns()) if ready else service.ready(time.monotonic_ns())
                ready = True
            if stop_at is not None and self.clock() >= stop_at:
                break
            self.wait((period_ns - (time.monotonic_ns() - started)) / 1e9)
