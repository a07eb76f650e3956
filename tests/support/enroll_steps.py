"""Steps of a table enrolled by code against a real director in tests: a fresh one-time code
for a table (``new_code``), and the kiosk's loop passed until the enroller, on its own thread,
is done (``until``)."""
from __future__ import annotations

import time

from director.event.db import DirectorDB
from director.tables import codes

#: How long an enrollment may take on a busy machine before a test gives up.
WAIT_S = 60


def new_code(director, table: str) -> str:
    """A one-time code for ``table`` on ``director`` (bench.rigs.director_process)."""
    with DirectorDB.open(director.db) as db:
        return codes.make(db, table, time.time()).code


def until(k, done, second: float, wait_s: float = WAIT_S) -> float:
    """Pass the loop of kiosk ``k`` (the enroller works on its own thread) until ``done()``,
    moving its clock a tenth of a second a pass from ``second``; the second it got to."""
    deadline = time.monotonic() + wait_s
    while not done():
        assert time.monotonic() < deadline, f"not done; the screen says {k.view}"
        time.sleep(0.05)
        second += 0.1
        k.at(second).step()
    return second
