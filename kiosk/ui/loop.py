"""The pygame shell around a screen machine: one pass reads pygame's events (keys, and taps
on the screen through kiosk.ui.touch, become inputs on the same queue as the GPIO buttons), hands the queued inputs to the machine in the
order they happened, lets time-driven things happen (``tick``), and redraws only when the
view changed (a running clock changes its face once a second, not every pass).

The machine is the table's (kiosk.ui.machine) or the judge station's (kiosk.ui.judge.failsafe): each
has ``handle``, ``update``, ``view``, ``draw``, ``finished`` and ``fail``. A failure in ``tick``
(the journal refusing a write, say) goes to the machine's failsafe screen (``fail``), so the
loop keeps running; the machines guard their screens the same way.

When to pass (``run``): a pass comes at once when an input arrives, when something time-driven
falls due, and otherwise at least every ``heartbeat_s``; between passes the loop sleeps. The
inputs' queue (``InputQueue``) wakes it the moment a GPIO button's thread puts a press on it
(its command is journaled within a few milliseconds of the edge). What falls due is what
``due(now)`` names (the table's: the running clock's next face, the hold timer's next second,
the next checkpoint); what nobody names (a message that expires, a question's timeout, the
director link's news, the service watchdog) is served by the heartbeat. pygame's own events
(keys, taps) cannot wake a sleeping loop: the loop reads them ``fps`` times a second for
``awake_s`` after an input (someone is at the table, typing a score), then ``idle_fps`` times
a second (the first tap after a quiet spell waits at most that long; taps never charge a
player's time with GPIO buttons, and the kiosk reads keys at ``fps`` always when they are the
buttons, in simulation). Under systemd it says when the first frame is up and feeds the
watchdog from its passes (kiosk.service), so a hung loop gets the kiosk restarted.
"""
from __future__ import annotations

import os
import queue
import select
import time
import weakref
from pathlib import Path
from typing import Callable

import pygame

from table_input import Tapped
from kiosk.ui.touch import NotATap

NS = 1_000_000_000


class InputQueue(queue.Queue):
    """The table's input queue, which the loop can sleep on: every ``put`` (from a GPIO
    button's thread, the keyboard, a tap) also writes a byte to a pipe that ``wait`` selects on,
    as cheap to sleep on as a timer."""

    def __init__(self):
        super().__init__()
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_read, False)
        os.set_blocking(self._wake_write, False)
        self._closer = weakref.finalize(self, _close_all, self._wake_read, self._wake_write)

    def _put(self, item) -> None:           # called holding self.mutex
        super()._put(item)
        if not self._closer.alive:
            return
        try:
            os.write(self._wake_write, b"\0")
        except BlockingIOError:             # the pipe is full: the loop has wakes enough waiting
            pass

    def wait(self, seconds: float) -> bool:
        """Until an input is queued (True at once if one is) or ``seconds`` have passed. (A
        wake left by an input already handled ends one wait early; the pipe is emptied then.)"""
        if not self.empty():
            return True
        if seconds > 0 and select.select([self._wake_read], [], [], seconds)[0]:
            try:
                while os.read(self._wake_read, 4096):
                    pass
            except BlockingIOError:
                pass
        return not self.empty()

    def close(self) -> None:
        """Close the pipe (once; collecting the queue closes it too). Puts still queue."""
        with self.mutex:
            self._closer()


def _close_all(*fds: int) -> None:
    for fd in fds:
        os.close(fd)


class Loop:
    def __init__(self, machine, inputs: InputQueue, keyboard, surface: pygame.Surface, *,
                 tick: Callable[[int], None] | None = None,
                 due: Callable[[int], int | None] | None = None,
                 clock: Callable[[], int] = time.monotonic_ns,
                 screenshot_dir: str | Path | None = None, display: bool = False, touch=None,
                 taps_only: bool = False):
        self.machine, self.inputs, self.keyboard, self.surface = machine, inputs, keyboard, surface
        self.touch = touch              # taps on the screen (kiosk.ui.touch), if any
        self.taps_only = taps_only      # any other input is refused (python -m kiosk demo --touch-only)
        self.tick, self.due, self.clock, self.display = tick, due, clock, display
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        if self.screenshot_dir:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        self.last_view = None
        self.frames = 0                 # how many times the screen was redrawn
        self.passes = 0                 # how many passes ``run`` made
        self.running = True
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
        items = []
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
        """Until the next pass is due, or at once when an input arrives."""
        self.inputs.wait(seconds)

    def next_pass(self, now_ns: int, heartbeat_ns: int) -> int:
        """When the pass after one at ``now_ns`` is due: what ``due`` names, else the heartbeat.
        Something still due when a pass is over was not done (a checkpoint on a full disk): it
        is tried again at the heartbeat, not at once over and over."""
        due = self.due(now_ns) if self.due is not None else None
        if due is None or due <= now_ns:
            return now_ns + heartbeat_ns
        return min(due, now_ns + heartbeat_ns)

    def run(self, fps: int = 30, exit_after_s: float | None = None, service=None, *,
            idle_fps: int = 10, awake_s: float = 10.0, heartbeat_s: float = 0.5) -> None:
        """Pass until stopped (the window closed, ``exit_after_s``): at once on an input, when
        something falls due, at least every ``heartbeat_s``. pygame's events are read ``fps``
        times a second for ``awake_s`` after an input (someone is at the table), ``idle_fps``
        times a second after that. ``service`` (a kiosk.service.ServiceNotifier) hears of the
        first frame and of every pass."""
        awake_ns, heartbeat_ns = round(awake_s * NS), round(heartbeat_s * NS)
        stop_at = None if exit_after_s is None else self.clock() + int(exit_after_s * NS)
        due_at, ready, awake_until = None, False, self.clock() + awake_ns
        while self.running:
            self.pump()
            now = self.clock()
            if not self.inputs.empty():
                due_at, awake_until = None, now + awake_ns
            if due_at is None or now >= due_at:
                self.step()
                self.passes += 1
                now = self.clock()
                due_at = self.next_pass(now, heartbeat_ns)
                if service is not None:
                    service.alive(time.monotonic_ns()) if ready else service.ready(time.monotonic_ns())
                    ready = True
            if stop_at is not None and now >= stop_at:
                break
            poll_ns = NS // (fps if now < awake_until else idle_fps)
            self.wait(min(poll_ns, due_at - now) / NS)
