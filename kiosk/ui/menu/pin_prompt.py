"""The way into the director's menu at the table: the gesture that asks for it, the PIN, and
the lockout after wrong PINs. Pure (no pygame): the screen machine asks it about each input.

The gesture is a long press of the centre button (held ``ui.long_press_s``, default 3 s) on
buttons that report their release (the GPIO buttons: ``ButtonPressed.releases``), or F10 on a
keyboard. A long press opens the PIN prompt as soon as the button has been held long enough
(on the first pass of the loop after that), or at its release if no pass came in between. The
keyboard's button twin reports no releases, so it never makes a long press.

Three wrong PINs in a row lock the menu for a minute; the right PIN resets the count. Both
outlive a power cycle: every try is journaled as a use of the director's menu (wall-clock time
and all), and a kiosk that starts reads the last ones back (``resume``): a lock still running
goes on (for at most a minute from the start, whatever the clock said before), and the wrong
PINs given before it count.

The PIN is checked against its salted hash (``director.pin_hash``, kiosk.pin: the table's own,
which its enrollment brings); with "" the default PIN 0000 opens it, which only a simulated
kiosk is started with (the config refuses it on the buttons); with None (a kiosk on its
buttons that has no PIN yet: not enrolled) nothing opens it (``closed``). ``check`` is the one place a typed PIN is judged, whatever typed it (keys,
the keypad, a touch keyboard).
"""
from __future__ import annotations

import hmac
import logging

from table_input import ButtonPressed, ButtonReleased, Side
from common.game.vocabulary import MenuUse
from kiosk.pin import DEFAULT_PIN, check_hash, verify_pin

log = logging.getLogger(__name__)

NS = 1_000_000_000
ATTEMPTS = 3                # wrong PINs in a row that lock the menu ...
LOCK_NS = 60 * NS           # ... for this long


def mmss(ns: int) -> str:
    seconds = -(-max(0, ns) // NS)           # a lock of 0.2 s left still says 0:01
    return f"{seconds // 60}:{seconds % 60:02d}"


class DirectorDoor:
    def __init__(self, pin_hash: str | None = ""):
        """``pin_hash``: the PIN's hash (kiosk.pin.hash_pin); "" for the default PIN; None for
        none (the menu stays closed)."""
        self.closed = pin_hash is None
        self._hash = check_hash(pin_hash) if pin_hash else None
        self.wrong = 0                          # wrong PINs in a row
        self.locked_until: int | None = None
        self._down: int | None = None           # when the centre button went down, if it is down

    # --- the long press -------------------------------------------------------------------

    def pressed(self, item: ButtonPressed) -> None:
        if item.side == Side.CENTRE and item.releases:
            self._down = item.t_ns

    def released(self, item: ButtonReleased, hold_ns: int) -> bool:
        """True if this release ends a long press of the centre button not yet acted on."""
        if item.side != Side.CENTRE:
            return False
        down, self._down = self._down, None
        return down is not None and item.t_ns - down >= hold_ns

    def held(self, now_ns: int, hold_ns: int) -> bool:
        """True (once per press) when the centre button is still down ``hold_ns`` after it went down."""
        if self._down is not None and now_ns - self._down >= hold_ns:
            self._down = None
            return True
        return False

    # --- the PIN --------------------------------------------------------------------------

    def locked(self, now_ns: int) -> int:
        """How long the menu stays locked (0: not locked)."""
        if self.locked_until is None or now_ns >= self.locked_until:
            return 0
        return self.locked_until - now_ns

    def locked_message(self, now_ns: int) -> str:
        return (f"the director's menu is locked for {mmss(self.locked(now_ns))} "
                f"after {ATTEMPTS} wrong PINs")

    def check(self, digits: str, t_ns: int) -> str:
        """``"open"`` for the right PIN, else why not: ``"wrong"`` or ``"locked"``."""
        if self.locked(t_ns):
            return "locked"
        if self._matches(digits):
            self.wrong, self.locked_until = 0, None
            return "open"
        self.wrong += 1
        if self.wrong >= ATTEMPTS:
            self.wrong, self.locked_until = 0, t_ns + LOCK_NS
            log.warning("director's menu locked after %d wrong PINs", ATTEMPTS)
            return "locked"
        return "wrong"

    def resume(self, uses, now_wall: float, now_ns: int) -> None:
        """The count and the lock as the journaled tries left them (``uses``: the last uses of
        the director's menu, oldest first, each with ``use`` and ``wall``: kiosk.store.menu_uses),
        the kiosk started at ``now_wall`` (wall clock) and ``now_ns`` (its own clock)."""
        wrong, locked_until = 0, None
        for record in uses:
            use, wall = str(record["use"]), float(record["wall"])
            if use == MenuUse.OPENED:
                wrong, locked_until = 0, None
            elif use == MenuUse.WRONG_PIN:
                wrong += 1
            elif use == MenuUse.LOCKED and (locked_until is None or wall >= locked_until):
                wrong, locked_until = 0, wall + LOCK_NS / NS       # the lock's start
        self.wrong = min(wrong, ATTEMPTS - 1)
        if locked_until is not None and now_wall < locked_until:
            left_s = min(LOCK_NS / NS, locked_until - now_wall)     # a clock set back: a minute
            self.locked_until = now_ns + int(left_s * NS)

    def _matches(self, digits: str) -> bool:
        if self.closed:
            return False
        if self._hash is None:
            return hmac.compare_digest(digits.encode(), DEFAULT_PIN.encode())
        return verify_pin(digits, self._hash)

    @property
    def attempts_left(self) -> int:
        return ATTEMPTS - self.wrong
