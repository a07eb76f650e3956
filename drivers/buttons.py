"""The three arcade buttons (left clock, right clock, centre neutral) read with gpiozero.

A press only enqueues ``ButtonPressed(side, t_ns)`` (table_input), and its release
``ButtonReleased(side, t_ns)``: how long a button was held (the director's long press of the
centre button) is the difference of the two. The UI thread drains the queue and owns all state
(a gpiozero callback runs on lgpio's thread).

Time at the edge: ``t_ns`` is when the edge happened, not when its callback ran (under load the
callback waits for the GIL, about 10 ms at p99). On lgpio, gpiozero hands each pin change the
kernel's timestamp of the edge (its ``ticks``) and keeps it for the device, whose
``active_time``/``inactive_time`` is the time since that edge on the factory's clock
(``ticks_diff(ticks(), edge)``). The callback reads it and charges the press to the loop's clock
``now - (time since the edge)``, so the two clocks need not share a base. A time since the edge
that is negative or longer than ``MAX_EDGE_LAG_NS`` means ticks on another clock: the callback's
own time stands in, as it does for a factory whose pins give no edge time (gpiozero then passes
the time of the callback).

Contact bounce: a press within the debounce time of the last release is bounce and ignored; a
release is reported only after a reported press, so a press is never left without its release
(bounce may make a long hold look short, never a short press look long).

The pin factory is always chosen explicitly: ``lgpio`` on a Raspberry Pi, ``mock`` in tests
(gpiozero's MockFactory). There is no silent fallback: without GPIO, ``pin_factory("lgpio")``
raises ``HardwareError`` saying so, and simulation must be asked for (``--sim``).
"""
from __future__ import annotations

import queue
import time
from typing import Callable, Mapping

from table_input import SIDES, ButtonPressed, ButtonReleased

#: BCM pin numbers used when the config names none (wire each button between the pin and GND).
DEFAULT_PINS = {"left": 17, "right": 27, "centre": 22}
#: A press of the same button within this time of its release is contact bounce, not a press.
DEFAULT_DEBOUNCE_NS = 40_000_000
#: An edge reported longer than this before its callback is not believed (its ticks are on
#: another clock); far beyond any delay of a working kiosk's callback.
MAX_EDGE_LAG_NS = 10_000_000_000
#: Reading the loop's clock around gpiozero's time since the edge takes a few microseconds;
#: longer, the thread was interrupted in between, and the reading is taken again.
MAX_READING_NS = 20_000


class HardwareError(RuntimeError):
    """The buttons cannot be read: no GPIO, a missing library, a pin in use. Never silenced."""


def pin_factory(name: str):
    """The gpiozero pin factory called ``name``: ``lgpio`` (a Pi, also the Pi 5) or ``mock``."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory
        return MockFactory()
    if name == "lgpio":
        try:
            from gpiozero.pins.lgpio import LGPIOFactory
            return LGPIOFactory()
        except Exception as exc:  # ImportError without lgpio; OSError/lgpio.error without a chip
            raise HardwareError(
                f"no GPIO for the buttons (lgpio pin factory: {exc}). On a Raspberry Pi install "
                "lgpio (apt install python3-lgpio, or pip install lgpio); elsewhere run the kiosk "
                "with --sim to simulate the buttons with the keyboard") from exc
    raise HardwareError(f"unknown pin factory {name!r}: use 'lgpio' on a Pi or 'mock' in tests")


def edge_lag_ns(seconds: float | None) -> int:
    """How long before its callback an edge happened, from gpiozero's time since the edge; 0
    (the callback's time stands in) when that is unknown or not believable."""
    if seconds is None:
        return 0
    lag = round(seconds * 1_000_000_000)
    return lag if 0 <= lag <= MAX_EDGE_LAG_NS else 0


class Buttons:
    """The three buttons on their pins; each press puts a ``ButtonPressed`` on ``events``, each
    release of a reported press a ``ButtonReleased``, at the edge's time on ``clock`` (the
    loop's clock).

    ``pins`` maps left/right/centre to a pin (BCM number or a gpiozero pin name). Buttons are
    wired to ground with the internal pull-up, so pressed means low. Each is a gpiozero
    ``DigitalInputDevice`` (a ``Button`` without its hold thread, which would wake ten times a
    second per button: a long press is told from the release's time instead).
    """

    def __init__(self, events: queue.Queue, factory, pins: Mapping[str, int | str] | None = None,
                 *, debounce_ns: int = DEFAULT_DEBOUNCE_NS,
                 clock: Callable[[], int] = time.monotonic_ns):
        from gpiozero import DigitalInputDevice
        from gpiozero.exc import GPIOZeroError

        pins = dict(DEFAULT_PINS if pins is None else pins)
        if sorted(pins) != sorted(SIDES):
            raise HardwareError(f"button pins name exactly {', '.join(SIDES)}; got {sorted(pins)}")
        self.events, self._clock, self._debounce_ns = events, clock, debounce_ns
        self._released_at: dict[str, int] = {}     # the last reported release, per button
        self._down: set[str] = set()                # buttons whose press was reported, not yet released
        self._buttons = {}
        try:
            for side in SIDES:
                button = DigitalInputDevice(pins[side], pull_up=True, pin_factory=factory)
                button.when_activated = self._callback(self.press, side, lambda b=button: b.active_time)
                button.when_deactivated = self._callback(self.release, side,
                                                         lambda b=button: b.inactive_time)
                self._buttons[side] = button
        except GPIOZeroError as exc:
            self.close()
            raise HardwareError(f"cannot use pin {pins[side]!r} for the {side} button: {exc}") from exc

    def _callback(self, record, side: str, since_edge: Callable[[], float | None]):
        """The gpiozero callback: ``record`` the edge at its own time on the loop's clock.
        ``since_edge`` is the device's seconds since its last edge (active or inactive time)."""
        def edge():
            record(side, self._edge_time(since_edge))
        return edge

    def _edge_time(self, since_edge: Callable[[], float | None]) -> int:
        """The last edge's instant on the loop's clock: the loop's clock read on both sides of
        gpiozero's time since the edge, less that time. A reading the thread was interrupted in
        (the two clock readings far apart) is taken again, up to three times."""
        for _ in range(3):
            before = self._clock()
            seconds = since_edge()
            after = self._clock()
            if after - before <= MAX_READING_NS:
                break
        return (before + after) // 2 - edge_lag_ns(seconds)

    def press(self, side: str, t_ns: int) -> None:
        """Record a press (called on the GPIO thread): enqueue it unless it is contact bounce
        (the button is already down, or it was released within the debounce time)."""
        released = self._released_at.get(side)
        if side in self._down or (released is not None and 0 <= t_ns - released < self._debounce_ns):
            return
        self._down.add(side)
        self.events.put(ButtonPressed(side, t_ns, releases=True))

    def release(self, side: str, t_ns: int) -> None:
        """Record a release (called on the GPIO thread): enqueued only after a reported press."""
        if side not in self._down:
            return
        self._down.discard(side)
        self._released_at[side] = t_ns
        self.events.put(ButtonReleased(side, t_ns))

    def close(self) -> None:
        for button in self._buttons.values():
            button.close()
        self._buttons = {}
