"""The pygame shell around a screen machine: one pass reads pygame's events (keys become
inputs on the same queue as the GPIO buttons), hands the queued inputs to the machine in the
order they happened, lets time-driven things happen (``tick``), and redraws only when the
view changed (a running clock changes its face once a second, not every pass).

The machine is the table's (kiosk.ui.machine) or the judge station's (kiosk.ui.guard): each
has ``handle``, ``update``, ``view``, ``draw``, ``finished`` and ``fail``. A failure in ``tick``
(the journal refusing a write, say) goes to the machine's failsafe screen (``fail``), so the
loop keeps running; the machines guard their screens the same way.
"""
from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Callable

import pygame


class Loop:
    def __init__(self, machine, inputs: queue.Queue, keyboard, surface: pygame.Surface, *,
                 tick: Callable[[int], None] | None = None,
                 clock: Callable[[], int] = time.monotonic_ns,
                 screenshot_dir: str | Path | None = None, display: bool = False):
        self.machine, self.inputs, self.keyboard, self.surface = machine, inputs, keyboard, surface
        self.tick, self.clock, self.display = tick, clock, display
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        if self.screenshot_dir:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        self.last_view = None
        self.frames = 0                 # how many times the screen was redrawn
        self.running = True

    def pump(self) -> None:
        """Read pygame's events: keys to the inputs queue (stamped now), quit stops the loop."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            else:
                self.keyboard.feed(event, self.clock())

    def drain(self) -> list:
        items = []
        while True:
            try:
                items.append(self.inputs.get_nowait())
            except queue.Empty:
                break
        return sorted(items, key=lambda item: item.t_ns)   # stable: same-instant order kept

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
        self.machine.draw(self.surface, view)
        self.frames += 1
        if self.display:
            pygame.display.flip()
        if self.screenshot_dir:
            self.save(self.screenshot_dir / f"frame-{self.frames:05d}.png")
        return True

    def save(self, path: str | Path) -> Path:
        pygame.image.save(self.surface, str(path))
        return Path(path)

    def run(self, fps: int = 30, exit_after_s: float | None = None) -> None:
        ticker = pygame.time.Clock()
        stop_at = None if exit_after_s is None else self.clock() + int(exit_after_s * 1e9)
        while self.running:
            self.pump()
            self.step()
            if stop_at is not None and self.clock() >= stop_at:
                break
            ticker.tick(fps)
