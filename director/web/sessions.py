"""The director's sessions on the page, and the failed logins counted against each address.

A session is a random token in a cookie (``SESSION_COOKIE``: HttpOnly, SameSite=Strict) and a
CSRF token of its own that the page sends back with every request that changes something (the
``X-CSRF-Token`` header). Sessions live in the service's memory: a restart, or ``IDLE_S``
without a request, or ``MAX_AGE_S`` in all, logs the director out; at most ``MAX_SESSIONS``
are kept (the oldest goes first). The clock is an argument (monotonic seconds).

``LoginThrottle`` refuses a login (429) from an address after ``FAILURES_AT_ONCE`` wrong
passwords, then lets one more through every ``FAILURE_EVERY_S``: per address only. Wrong
passwords are not counted over the whole network: a dozen phones guessing at once would then
refuse the director's own login, from the laptop or a Pi on the same Wi-Fi, and nobody may
lock the director out. What a crowd of addresses gains is docs/threat-model.md's.
"""
from __future__ import annotations

import hmac
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable

from director.limits import RateLimiter

SESSION_COOKIE = "tablekeeper_session"
LOGIN_COOKIE = "tablekeeper_login"          # the login form's own CSRF token (double submit)
IDLE_S = 12 * 3600.0
MAX_AGE_S = 24 * 3600.0
MAX_SESSIONS = 50
FAILURES_AT_ONCE, FAILURE_EVERY_S = 5, 60.0


@dataclass
class Session:
    token: str          # the cookie's value
    csrf: str           # what the page sends back in X-CSRF-Token
    created: float
    seen: float


def same_secret(given: str | None, expected: str) -> bool:
    """Whether ``given`` is ``expected`` (constant time)."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


class SessionStore:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.sessions: dict[str, Session] = {}
        self.lock = threading.Lock()

    def create(self) -> Session:
        now = self.clock()
        session = Session(secrets.token_urlsafe(32), secrets.token_urlsafe(32), now, now)
        with self.lock:
            while len(self.sessions) >= MAX_SESSIONS:
                del self.sessions[min(self.sessions.values(), key=lambda s: s.seen).token]
            self.sessions[session.token] = session
        return session

    def get(self, token: str | None) -> Session | None:
        """The live session of the cookie ``token``, marked as seen now; None."""
        if not token:
            return None
        now = self.clock()
        with self.lock:
            session = self.sessions.get(token)
            if session is None:
                return None
            if now - session.seen > IDLE_S or now - session.created > MAX_AGE_S:
                del self.sessions[token]
                return None
            session.seen = now
            return session

    def drop(self, token: str) -> None:
        with self.lock:
            self.sessions.pop(token, None)


class LoginThrottle:
    """Wrong passwords counted per address (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.per_address = RateLimiter(
            1 / FAILURE_EVERY_S, lambda a: f"too many wrong passwords from {a}",
            burst=FAILURES_AT_ONCE, clock=clock)

    def attempt(self, address: str) -> None:
        """A login tried from ``address``, counted as wrong before its password is checked (the
        check takes a while, and a hundred tries at once must not all be checked before any
        counts): LimitExceeded (429) when it may not be tried now. ``succeeded`` gives the count
        back for the right password."""
        self.per_address.take(address)

    def succeeded(self, address: str) -> None:
        self.per_address.give_back(address)
