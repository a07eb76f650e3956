"""The ENROLL screen's worker (kiosk.ui.setup.enroll's ``Enroller``): looking for the director's
service (kiosk.sync.discovery) and enrolling (kiosk.sync.enroll), each on a thread of its own so
that the table's loop keeps passing; ``progress()`` is what the screen reads on each pass.

Whatever goes wrong on the worker's thread ends its work as ``failed`` with a sentence the screen
shows (the volunteer may try again): the screen never waits on a thread that died.

Once enrolled, the enrollment is on the data partition (``path``) and the phase is
``enrolled``: the screen then has the kiosk start again with it.

kiosk.sync.enroll (the exchange's cryptography and SPAKE2, urllib) is loaded on the worker's
thread when there is work: every table makes a worker at start, enrolled or not, and its first
frame need not wait for them.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable

from kiosk.ui.setup.enroll import Progress

log = logging.getLogger(__name__)


class EnrollWorker:
    def __init__(self, path: str, *, interfaces: list[str] | None = None, wait_s: float = 3.0,
                 finder: Callable | None = None):
        self.path, self.interfaces, self.wait_s = path, interfaces, wait_s
        self._finder = finder
        self._lock = threading.Lock()
        self._progress = Progress("idle")
        self._work = threading.Lock()           # one piece of work at a time, in order

    def progress(self) -> Progress:
        with self._lock:
            return self._progress

    def _set(self, progress: Progress) -> None:
        with self._lock:
            self._progress = progress

    def _start(self, work: Callable[[], None]) -> None:
        def run():
            with self._work:
                try:
                    work()
                except Exception as exc:        # noqa: BLE001 - said on the screen, never a stuck one
                    log.exception("enrolling failed")
                    self._set(Progress("failed", f"not enrolled: the table could not go on "
                                       f"({type(exc).__name__}): try again, or call the director",
                                       self.progress().found))
        threading.Thread(target=run, name="enroll", daemon=True).start()

    def find(self) -> None:
        def work():
            found = self.progress().found
            self._set(Progress("finding", "looking for the director's service", found))
            finder = self._finder
            if finder is None:
                from kiosk.sync.discovery import find_directors as finder
            try:
                directors = finder(self.wait_s, interfaces=self.interfaces)
            except OSError as exc:
                self._set(Progress("failed", f"no network to look for the director on ({exc})"))
                return
            found = tuple((d.name, d.url) for d in directors)
            self._set(Progress("found" if found else "idle", "", found))
        self._start(work)

    def by_code(self, url: str, table: str, code: str) -> None:
        found = self.progress().found

        def work():
            self._set(Progress("working", f"table {table}: enrolling with the director at {url}", found))
            from kiosk.sync import enroll
            self._finish(lambda: enroll.by_code(url, table, code), found)
        self._start(work)

    def from_stick(self, table: str) -> None:
        found = self.progress().found

        def work():
            self._set(Progress("working", f"table {table}: reading its file from the USB stick", found))
            from kiosk.sync import enroll
            self._finish(lambda: enroll.from_stick(table), found)
        self._start(work)

    def _finish(self, get: Callable[[], enroll.Enrolled], found) -> None:
        from kiosk.sync import enroll
        try:
            enrolled = get()
            enroll.save(enrolled, self.path)
        except enroll.EnrollFailed as exc:
            self._set(Progress("failed", f"not enrolled: {exc}", found))
            return
        self._set(Progress("enrolled", f"table {enrolled.table} of "
                           f"{enrolled.tournament or 'the tournament'} enrolled {enrolled.how}", found))
