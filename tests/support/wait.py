"""Waiting, in a test, for what another thread or process does: ``wait_until(predicate)`` polls
until it holds, with a generous timeout (the machine is shared and may be slow: a timeout says
that something did not happen, never how fast it happened; figures are for ``python -m bench``).

The one polling helper of the tests: a loop of their own waits through it, and so do the
harnesses' (the director started, a kiosk's loop passed until its link has news)."""
from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")

#: How long a test waits for something before it fails: a minute, whatever the load.
WAIT_S = 60.0
#: How often the predicate is asked.
EVERY_S = 0.02


def wait_until(predicate: Callable[[], T], timeout: float = WAIT_S,
               what: str | Callable[[], str] = "the condition", every: float = EVERY_S) -> T:
    """``predicate()`` asked every ``every`` seconds until it is truthy; that value. Fails (an
    AssertionError naming ``what``, or what it gives when it is a function, asked then) once
    ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise AssertionError(f"{said}: not within {timeout:g} s")
        time.sleep(every)
