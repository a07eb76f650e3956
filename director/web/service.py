"""What every route of the director's service reads: the service's parts, built once by
director.web.app.create_app and kept in the app's state (``app.state.service``, Starlette's
place for it). A handler asks ``service_of(request)`` for them; none is built or kept elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from starlette.requests import Request

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.limits import RateLimiter
from director.tables.announce import Announcement
from director.tables.exchange import Exchanges
from .addresses import Addresses
from .connections import Wires
from .live import Broadcaster
from .parts import Snapshot
from .sessions import LoginThrottle, SessionStore


@dataclass(frozen=True)
class Service:
    """The service's parts. ``now``: the wall clock; ``clock``: the monotonic one the limits and
    sessions count by; ``live``: the live pages' broadcaster (the public view's and the
    director's page's events), ``snapshot`` the parts it sends (the page's state too);
    ``exchanges``: tables enrolling by code; ``sessions``, ``throttle``, ``password_hash``: the
    director's login; ``table_requests``: the tables' API's requests per address, the guard's
    and the door's at the socket (director.web.connections); ``announcement``: the service's
    DNS-SD announcement, whose name conflict the pages show."""
    db: DirectorDB
    config: DirectorConfig
    now: Callable[[], float]
    clock: Callable[[], float]
    live: Broadcaster
    snapshot: Snapshot
    exchanges: Exchanges
    addresses: Addresses
    sessions: SessionStore
    throttle: LoginThrottle
    password_hash: str
    table_requests: RateLimiter
    announcement: Announcement | None = None
    wires: Wires | None = None          # the door's connections (director.web.connections)


def service_of(request: Request) -> Service:
    """The service's parts, for a handler of ``request``."""
    return request.app.state.service
