"""The demo's players on a touch screen alone (``python -m kiosk demo --touch-only``): what they
would press and type (kiosk.demo.players) becomes taps on the screen, each where the view on
screen shows that button or key (kiosk.ui.touch.where), one tap a pass of the loop, so each
tap meets the screen the previous one left (a ``?`` brings up the letters, say). The loop
resolves the taps against the same view, as it does a finger's; nothing else reaches it.
"""
from __future__ import annotations

from collections import deque

from table_input import ButtonPressed, KeyTyped, Tapped
from kiosk.ui import touch


class NothingToTap(RuntimeError):
    """The screen shows no button or key for what a player meant to do."""


class Fingers:
    def __init__(self, size: tuple[int, int], *, orientation: str = "side"):
        self.size, self.orientation = size, orientation
        self.pending: deque[ButtonPressed | KeyTyped] = deque()
        self.taps = 0                   # taps made so far

    @property
    def busy(self) -> bool:
        """Taps still to make for what the players decided last."""
        return bool(self.pending)

    def plan(self, inputs: list[ButtonPressed | KeyTyped]) -> None:
        self.pending.extend(inputs)

    def tap(self, view, now_ns: int) -> Tapped | None:
        """The next tap, at ``now_ns``, where ``view`` (the screen as it is) takes it; None when
        there is nothing to tap."""
        if not self.pending:
            return None
        item = self.pending.popleft()
        wanted = ("button", item.side) if isinstance(item, ButtonPressed) else ("key", item.key)
        point = touch.where(self.size, view, wanted, sim=True, orientation=self.orientation)
        if point is None:
            raise NothingToTap(f"the screen shows no {wanted[0]} {wanted[1]!r} to tap "
                               f"(it shows {type(view).__name__})")
        self.taps += 1
        return Tapped(point[0], point[1], now_ns)
