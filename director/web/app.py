"""The director's web service (Starlette, served by uvicorn): the tables' API of
docs/sync-protocol.md, the director's page and its buttons, and the public live view.

``create_app(db, config, password_hash=...)`` composes it: the service's parts
(director.web.service: the live pages' broadcaster, the enrollments by code, the login's
sessions...), every route of director.web.routes (each module's docstring says its routes, by
name), the pages' scripts and styles (``static``), and the one door every request passes first
(director.web.guard: its limits, and the director's session for every route but its PUBLIC
ones). Database work runs in worker threads, so the event loop keeps serving the live pages.
"""
from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.limits import Slots
from director.tables.announce import Announcement
from director.tables.exchange import Exchanges
from . import parts
from .addresses import service_addresses
from .connections import Wires
from .draw_page import watch
from .guard import Guard, table_rate
from .live import Broadcaster
from .routes import (corrections, director_page, downloads, draw, enrolling, import_files,
                     judge_api, live_view, login, players, print_pages, prizes, round_actions,
                     sheets, tables_api, tables_page)
from .service import Service
from .sessions import LoginThrottle, SessionStore

STATIC = Path(__file__).resolve().parent / "static"
ROUTES: list[BaseRoute] = [
    *tables_api.routes, *judge_api.routes, *live_view.routes, *login.routes,
    *director_page.routes, *round_actions.routes, *import_files.routes, *corrections.routes,
    *enrolling.routes, *downloads.routes, *tables_page.routes, *draw.routes, *players.routes,
    *print_pages.routes, *prizes.routes, *sheets.routes,
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(db: DirectorDB, config: DirectorConfig, *, password_hash: str,
               now: Callable[[], float] = time.time,
               clock: Callable[[], float] = time.monotonic,
               announcement: Announcement | None = None) -> Starlette:
    """The service; ``password_hash`` is the director's (director.web.password), ``now`` the wall
    clock, ``clock`` the monotonic one the limits and sessions count by; ``announcement``: the
    service's DNS-SD announcement (director.tables.announce), whose name conflict the page and
    the tables page show."""
    service = make_service(db, config, password_hash, now, clock, announcement)
    db.listen(service.live.notify)
    watch(db, config, now)         # the draw's proposals (director.web.draw_page)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        service.live.attach(asyncio.get_running_loop())
        yield
        await service.live.close()

    app = Starlette(routes=ROUTES, lifespan=lifespan, middleware=[
        Middleware(Guard, routes=ROUTES, sessions=service.sessions, limits=config.limits,
                   clock=clock, table_requests=service.table_requests)])
    app.state.service = service
    return app


def make_service(db: DirectorDB, config: DirectorConfig, password_hash: str,
                 now: Callable[[], float], clock: Callable[[], float],
                 announcement: Announcement | None) -> Service:
    """The service's parts, each made once for the app."""
    snapshot = parts.Snapshot(db, config, now, clock)
    limits = config.limits
    wires = Wires()     # the door's connections, asked by the live pages' budget (issue 39)
    live = Broadcaster(snapshot, {"public": parts.PUBLIC, "director": parts.DIRECTOR},
                       Slots(limits.live_per_address, limits.live_total, limits.live_director),
                       held_for=snapshot.held_for, wires=wires)
    return Service(db=db, config=config, now=now, clock=clock, live=live, snapshot=snapshot,
                   exchanges=Exchanges(db, config, clock=clock),
                   addresses=service_addresses(config), sessions=SessionStore(clock),
                   throttle=LoginThrottle(clock), password_hash=password_hash,
                   table_requests=table_rate(limits, clock),     # the guard's and the door's
                   announcement=announcement, wires=wires)
