"""Waiting, in the link tests, for what another thread or process does: a condition polled
until it holds, with a generous timeout (the machine is shared and noisy)."""
from __future__ import annotations

import time

WAIT_S = 30.0


def eventually(check, timeout_s: float = WAIT_S, what: str = "the condition"):
    """Wait (polling) until ``check()`` is truthy; its value. Fails after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout_s} s")
        time.sleep(0.02)
