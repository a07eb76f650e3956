"""Spoken times on a long press of a player's own button (ABSP Appendix 1), told apart from a
clock press the way the director's long press of the centre button is (kiosk.ui.menu.pin_prompt).
Pure (no pygame): the clock screen asks it about each press and release.

Only when ``ui.speak_hold_s`` is set (off by default) and only for buttons that report their
release (the GPIO buttons): a player's press is then held back until the button comes up. A
short press is then handed back at the moment it went down, so the time charged is the same as
without the feature; a press held ``speak_hold_s`` or longer asks for both times to be spoken
(as soon as it has been held that long) and never reaches the clock.
"""
from __future__ import annotations

from dataclasses import dataclass

from table_input import PLAYER_SIDES, ButtonPressed, ButtonReleased



@dataclass
class _Held:
    press: ButtonPressed
    spoken: bool = False


class SpeakPress:
    def __init__(self, hold_ns: int):
        self.hold_ns = hold_ns
        self._held: dict[str, _Held] = {}

    def takes(self, item: ButtonPressed) -> bool:
        """True if the press is held back here (a player's button that will report its release)."""
        if self.hold_ns <= 0 or item.side not in PLAYER_SIDES or not item.releases:
            return False
        self._held[item.side] = _Held(item)
        return True

    def due(self, now_ns: int) -> bool:
        """True (once per press) when a held player's button has been down ``hold_ns``."""
        for held in self._held.values():
            if not held.spoken and now_ns - held.press.t_ns >= self.hold_ns:
                held.spoken = True
                return True
        return False

    def released(self, item: ButtonReleased) -> tuple[ButtonPressed | None, bool]:
        """(the short press to act on now, at its own time, or None; whether to speak now: a
        long press whose release came before the loop saw it held long enough)."""
        held = self._held.pop(item.side, None)
        if held is None or held.spoken:
            return None, False
        if item.t_ns - held.press.t_ns >= self.hold_ns:
            return None, True
        return held.press, False
