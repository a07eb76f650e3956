"""Steps of a table enrolled by code against a real director in tests: a fresh one-time code
for a table (``new_code``), and the kiosk's loop passed until the enroller, on its own thread,
is done (``until``)."""
from __future__ import annotations

import time

from director.event.db import DirectorDB
from director.tables import codes

from tests.support.wait import WAIT_S, wait_until


def new_code(director, table: str) -> str:
    """A one-time code for ``table`` on ``director`` (either harness: in this process or not)."""
    with DirectorDB.open(director.db_path) as db:
        return codes.make(db, table, time.time()).code


def until(k, done, second: float, wait_s: float = WAIT_S) -> float:
    """Pass the loop of kiosk ``k`` (the enroller works on its own thread) until ``done()``,
    moving its clock a tenth of a second a pass from ``second``; the second it got to."""
    reached = [second]

    def passed() -> bool:
        if done():
            return True
        reached[0] += 0.1
        k.at(reached[0]).step()
        return False
    wait_until(passed, wait_s, lambda: f"not done; the screen says {k.view}", every=0.05)
    return reached[0]
