"""The ENROLL screen's worker (kiosk.ui.setup.enroll's ``Enroller``): looking for the director's
service (kiosk.link.discovery) and enrolling (kiosk.link.enroll), each on a thread of its own so
that the table's loop keeps passing; ``progress()`` is what the screen reads on each pass, a
``Progress`` (defined here, with the worker that makes it: the screen imports it from here).

Whatever goes wrong on the worker's thread ends its work as ``failed`` with a sentence the screen
shows (the volunteer may try again): the screen never waits on a thread that died.

Once enrolled, the enrollment is on the data partition (``path``) and the phase is
``enrolled``: the screen then has the kiosk start again with it.

kiosk.link.enroll (the exchange's cryptography and SPAKE2, urllib) is loaded on the worker's
thread when there is work: every table makes a worker at start, enrolled or not, and its first
frame need not wait for them.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable

from common.game.frozen import value

log = logging.getLogger(__name__)


@value
class Progress:
    """What the enroller is doing: ``phase`` (idle, finding, found, working, enrolled, failed),
    a sentence for the volunteer, and the directors found (name, url)."""
    phase: str
    text: str = ""
    found: tuple[tuple[str, str], ...] = ()


class EnrollWorker:
    def __init__(self, path: str, *, interfaces: list[str] | None = None, wait_s: float = 3.0,
                 finder: Callable | None = None):
        self.path, self.interfaces, self.wait_s = path, interfaces, wait_s
        self._finder = finder
        self._lock = threading.Lock()
        self._progress: Progress | None = None     # idle
        self._work = threading.Lock()           # one piece of work at a time, in order

    def progress(self) -> Progress:
        with self._lock:
            return self._progress or Progress("idle")

    def _set(self, phase: str, *details) -> None:
        """The progress now: ``Progress(phase, *details)``."""
        with self._lock:
            self._progress = Progress(phase, *details)

    def _start(self, work: Callable[[], None]) -> None:
        def run():
            with self._work:
                try:
                    work()
                except Exception as exc:        # noqa: BLE001 - said on the screen, never a stuck one
                    log.exception("enrolling failed")
                    self._set("failed", f"not enrolled: the table could not go on "
                              f"({type(exc).__name__}): try again, or call the director",
                              self.progress().found)
        threading.Thread(target=run, name="enroll", daemon=True).start()

    def find(self) -> None:
        def work():
            found = self.progress().found
            self._set("finding", "looking for the director's service", found)
            finder = self._finder
            if finder is None:
                from kiosk.link.discovery import find_directors as finder
            try:
                directors = finder(self.wait_s, interfaces=self.interfaces)
            except OSError as exc:
                self._set("failed", f"no network to look for the director on ({exc})")
                return
            found = tuple((d.name, d.url) for d in directors)
            self._set("found" if found else "idle", "", found)
        self._start(work)

    def by_code(self, url: str, table: str, code: str) -> None:
        found = self.progress().found

        def work():
            self._set("working", f"table {table}: enrolling with the director at {url}", found)
            from kiosk.link import enroll
            self._finish(lambda: enroll.by_code(url, table, code), found)
        self._start(work)

    def from_stick(self, table: str, code: str) -> None:
        found = self.progress().found

        def work():
            self._set("working", f"table {table}: reading its file from the USB stick", found)
            from kiosk.link import enroll
            self._finish(lambda: enroll.from_stick(table, code), found)
        self._start(work)

    def _finish(self, get: Callable[[], enroll.Enrolled], found) -> None:
        from kiosk.link import enroll
        try:
            enrolled = get()
            enroll.save(enrolled, self.path)
        except enroll.EnrollFailed as exc:
            self._set("failed", f"not enrolled: {exc}", found)
            return
        self._set("enrolled", f"table {enrolled.table} of "
                  f"{enrolled.tournament or 'the tournament'} enrolled {enrolled.how}", found)
