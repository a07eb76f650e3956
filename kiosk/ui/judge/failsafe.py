"""The table's failsafe screen (kiosk.ui.widgets.failsafe) around the shared judge station
(kiosk.ui.judge.station, ``python -m kiosk judge``), which is a screen machine of its own.

Any exception in the station's ``handle``, ``update``, ``view`` or ``draw`` shows "Something
went wrong — call the director" instead of ending the program; the error, with its traceback,
goes to the log only. Nothing is lost: the verdicts already given are in the log. After
``ui.failsafe_ignore_s``, Enter or the centre button restarts the station at the table number;
a failure while the failsafe shows keeps the first one on screen, and a failsafe that cannot
draw leaves a plain red screen.
"""
from __future__ import annotations

import logging

from kiosk.ui.widgets.failsafe import FAIL_BG, FailsafeScreen, FailsafeView, draw_failsafe, restart_words

log = logging.getLogger(__name__)

#: What the station's players read: the verdicts are saved, not the screens' game.
SAVED = "The verdicts given so far are saved. The director restarts the judge."


class StationFailsafe(FailsafeScreen):
    def view(self, now_ns: int) -> FailsafeView:
        return FailsafeView(super().view(now_ns).title, SAVED,
                            restart_words(self.table.settings.keyboard, "the judge",
                                          "the verdicts given so far are kept"))


class GuardedStation:
    """The station, as the loop's machine, with the failsafe in front of it."""

    def __init__(self, station):
        self.station = station
        self.failsafe: StationFailsafe | None = None
        self.failures = 0
        self._now = 0

    @property
    def finished(self) -> bool:
        return self.station.finished

    def fail(self, error: BaseException, now_ns: int) -> None:
        self.failures += 1
        if self.failsafe is not None:
            log.debug("failed again while the failsafe shows: %r", error)
            return
        log.error("the judge station failed; showing the failsafe",
                  exc_info=(type(error), error, error.__traceback__))
        self.failsafe = StationFailsafe(self.station, error, now_ns)

    def _guarded(self, now_ns: int, action, *args) -> None:
        try:
            action(*args)
        except Exception as exc:            # noqa: BLE001 - any failure shows the failsafe
            self.fail(exc, now_ns)

    def handle(self, item, now_ns: int) -> None:
        if self.failsafe is None:
            return self._guarded(now_ns, self.station.handle, item, now_ns)
        self.failsafe.handle(item, now_ns)
        if self.failsafe.restart:
            self.failsafe = None
            self._guarded(now_ns, self.station.restart)

    def update(self, now_ns: int) -> None:
        if self.failsafe is None:
            self._guarded(now_ns, self.station.update, now_ns)

    def view(self, now_ns: int):
        self._now = now_ns
        if self.failsafe is None:
            try:
                return self.station.view(now_ns)
            except Exception as exc:        # noqa: BLE001
                self.fail(exc, now_ns)
        return self.failsafe.view(now_ns)

    def draw(self, surface, view) -> None:
        if not isinstance(view, FailsafeView):
            try:
                self.station.draw(surface, view)
                return
            except Exception as exc:        # noqa: BLE001
                self.fail(exc, self._now)
                view = self.failsafe.view(self._now)
        try:
            draw_failsafe(surface, view)
        except Exception:                   # noqa: BLE001 - last resort: a plain red screen
            surface.fill(FAIL_BG)
