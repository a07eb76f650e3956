"""The table's screens as one state machine: the current screen, switched by what the screen
asks (the verdict after a ruling, the score correction) or else by the game's phase (setup,
challenge, the rest; a late start's waiting shows the clock screen, with the absent clock).

The judge screen is only ever chosen by the phase ``challenge``: nothing typed can open it.

The director's menu (kiosk.ui.menu.screen) opens over any screen but the failsafe on a long
press of the centre button or F10 (kiosk.ui.menu.pin_prompt); when it closes, the screen for the
game's phase comes back. Button releases go to the door, and to a screen that waits for them
(``released``: the clock screen holds back a centre press that is not urgent until it knows
the press was short); other screens never see them.

Any exception inside a screen (``enter``, ``handle``, ``update``, ``next``, ``view``,
``draw``), or in the loop's tick, switches to the failsafe screen instead of ending the
program; the game and its journal stay as the last accepted command left them, and the
director restarts the screens from there (kiosk.ui.widgets.failsafe).

Drawing: side by side, the clock screen repaints only what changed since the frame it drew
last (the loop then updates only those rectangles of the display); in the ``flat``
orientation each half is turned to face its player (kiosk.ui.clock.flat), but for the director's
screens, drawn across the whole screen (kiosk.ui.touch.reads_across).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from table_input import ButtonPressed, ButtonReleased, KeyTyped
from kiosk.ui.widgets.base import NS, Screen, Table
from kiosk.ui import touch
from kiosk.ui.clock import flat
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.view import ClockView
from kiosk.ui.menu.pin_prompt import DirectorDoor
from kiosk.ui.widgets.failsafe import FailsafeScreen, FailsafeView, draw_failsafe
from kiosk.ui.setup.screen import SetupScreen
from common.game.vocabulary import Phase

if TYPE_CHECKING:                           # the ENROLL screen loads when first opened
    from kiosk.ui.setup.enroll import Enroller, EnrollScreen

log = logging.getLogger(__name__)


def route(table: Table, current: Screen | None) -> Screen:
    """The screen for the game's phase: ``current`` if it is already the right kind. (The judge
    screen and the director's menu load when first shown, not before a table's first frame.)"""
    state = table.state
    if state.phase == Phase.SETUP and state.start_called_ns is None:
        wanted = SetupScreen
    elif state.phase == Phase.CHALLENGE:
        from kiosk.ui.judge.screen import JudgeScreen
        wanted = JudgeScreen
    else:
        wanted = ClockScreen
    return current if type(current) is wanted else wanted(table)


class Machine:
    def __init__(self, table: Table, now_ns: int, *, director_pin_hash: str | None = "",
                 orientation: str = "side", enroller: Enroller | None = None,
                 enrolled: bool = True, enroll_first: bool = False, director_url: str = ""):
        """``enroller``: how the ENROLL screen enrolls the table (None: no such screen);
        ``enrolled``: the table is; ``enroll_first``: open on the ENROLL screen (a table on its
        buttons, never enrolled); ``director_url``: the config's, if it names the director."""
        self.table, self.orientation = table, orientation
        self._drawn = None                  # (screen, view) the surface shows, if drawn whole
        self.door = DirectorDoor(director_pin_hash)
        self.enroller, self.enrolled, self.director_url = enroller, enrolled, director_url
        self.finished = False
        self.restart = False                # finished to start again (a new enrollment)
        self.failures = 0                   # how many times a screen failed
        self._enroll_kind = None            # the ENROLL screen's class, once one was opened
        self._now = now_ns
        self.screen: Screen = FailsafeScreen(table, RuntimeError("the screens did not open"), now_ns)
        try:
            self.screen = self.enroll_screen() if enroll_first and enroller else route(table, None)
            self.screen.enter(now_ns)
        except Exception as exc:            # noqa: BLE001 - any failure shows the failsafe
            self.fail(exc, now_ns)

    def fail(self, error: BaseException, now_ns: int) -> None:
        """Show the failsafe screen for ``error`` (the first failure stays on screen)."""
        self.failures += 1
        if isinstance(self.screen, FailsafeScreen) and self.failures > 1:
            log.debug("failed again while the failsafe shows: %r", error)
            return
        log.error("the %s screen failed; showing the failsafe", type(self.screen).__name__,
                  exc_info=(type(error), error, error.__traceback__))
        self.screen = FailsafeScreen(self.table, error, now_ns)

    def _guarded(self, now_ns: int, action, *args) -> None:
        try:
            action(*args)
        except Exception as exc:            # noqa: BLE001
            self.fail(exc, now_ns)

    def handle(self, item: ButtonPressed | ButtonReleased | KeyTyped, now_ns: int) -> None:
        """One input: the director's door sees every button first (a long centre press opens
        the menu, and so does F10); the screen gets the rest (kiosk.ui.widgets.base.Screen.handle)."""
        if isinstance(item, ButtonReleased) and self.door.released(item, self._hold_ns()):
            self._guarded(now_ns, self.open_director, item.t_ns)
        elif isinstance(item, KeyTyped) and item.key == "Director":
            self._guarded(now_ns, self.open_director, item.t_ns)
        else:
            if isinstance(item, ButtonPressed):
                self.door.pressed(item)
            self._guarded(now_ns, self.screen.handle, item, now_ns)
        self._guarded(now_ns, self._advance, now_ns)

    def update(self, now_ns: int) -> None:
        if self.door.held(now_ns, self._hold_ns()):
            self._guarded(now_ns, self.open_director, now_ns)
        self._guarded(now_ns, self.screen.update, now_ns)
        self._guarded(now_ns, self._advance, now_ns)

    def _hold_ns(self) -> int:
        return round(self.table.settings.long_press_s * NS)

    def open_director(self, t_ns: int) -> None:
        """The director's PIN prompt, unless the menu is open already, locked, or the failsafe
        shows (the director restarts the screens first)."""
        screen = self.screen
        if screen.director_menu or isinstance(screen, FailsafeScreen):
            return
        if self.door.locked(t_ns):
            self.table.say(self.door.locked_message(t_ns), t_ns)
            return
        if self.door.closed:
            if self.enroller is None or self.enrolled:
                self.table.say("no director's PIN at this table yet: it comes with the table's "
                               "enrollment", t_ns)
                return
            self.screen = self.enroll_screen()      # no PIN, not enrolled: enrolling is open
        else:
            from kiosk.ui.menu.screen import DirectorScreen
            self.screen = DirectorScreen(self.table, self.door, t_ns,
                                         enroll=self.enroll_screen if self.enroller else None)
        self.screen.enter(t_ns)

    def enroll_screen(self) -> EnrollScreen:
        """The ENROLL screen (kiosk.ui.setup.enroll, loaded when first opened) for this table."""
        from kiosk.ui.setup.enroll import EnrollScreen
        self._enroll_kind = EnrollScreen
        return EnrollScreen(self.table, self.enroller, table_name=self.table.info.table,
                            url=self.director_url, again=self.enrolled)

    def _advance(self, now_ns: int) -> None:
        enrolling = self._enroll_kind is not None and isinstance(self.screen, self._enroll_kind)
        if enrolling and self.screen.restart:
            self.finished = self.restart = True     # enrolled: the kiosk starts again with it
            return
        for _ in range(3):                      # a screen may hand over at most twice in a row
            chosen = self.screen.next()
            if chosen is self.screen:
                return
            if chosen is None:
                chosen = route(self.table, self.screen)
                if chosen is self.screen:
                    return
            self.screen = chosen
            chosen.enter(now_ns)

    def view(self, now_ns: int):
        self._now = now_ns
        try:
            return self.screen.view(now_ns)
        except Exception as exc:                # noqa: BLE001
            self.fail(exc, now_ns)
            return self.screen.view(now_ns)

    def draw(self, surface, view, *, whole: bool = False):
        """Paint ``view``; the rectangles painted, or None when the whole screen was. Side by
        side, a screen that painted the surface last and can (the clock screen) paints only
        what changed, unless ``whole`` (a fresh surface); flat, each half is turned to face its
        player (kiosk.ui.clock.flat)."""
        drawn, self._drawn = self._drawn, None
        try:
            screen = self.screen
            if touch.drawn(view, self.orientation) == "flat":
                if isinstance(view, ClockView):
                    flat.draw_clock(surface, view)
                else:
                    flat.draw_whole(surface, lambda half, player: screen.draw_upright(half, view, player))
                return None
            dirty = None
            if drawn is not None and drawn[0] is screen and not whole:
                dirty = screen.draw_changes(surface, view, drawn[1])
            else:
                screen.draw(surface, view)
            self._drawn = (screen, view)
            return dirty
        except Exception as exc:                # noqa: BLE001
            failed_in_failsafe = isinstance(self.screen, FailsafeScreen)
            self.fail(exc, self._now)
        try:
            if failed_in_failsafe:
                raise RuntimeError("the failsafe screen could not draw")
            draw_failsafe(surface, self.screen.view(self._now))
        except Exception:                       # noqa: BLE001 - last resort: a plain red screen
            surface.fill((96, 10, 16))
        return None


__all__ = ["Machine", "route", "FailsafeScreen", "FailsafeView"]
