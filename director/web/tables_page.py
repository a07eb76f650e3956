"""The tables page's routes (the director's session, as every page of the director's):

- ``tables``: ``GET /tables``, the page (templates/tables.html, static/tables.js): a code for a
  table to enroll, every table and whether it is ready (director.web.tables), refreshed every
  few seconds;
- ``tables.list``: ``GET /api/tables``, what the page shows, as JSON; each table's own
  director's PIN only with ``?pins=1`` (the page's "show PINs" box);
- ``tables.cards``: ``GET /tables/cards``, the printable table cards (director.web.cards).
"""
from __future__ import annotations

from typing import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.config import DirectorConfig
from director.event.db import DirectorDB
from .addresses import Addresses
from .cards import cards_page
from .login import render
from .tables import card_tables, tables_view

NO_STORE = {"Cache-Control": "no-store"}


def name_conflict(announcement) -> dict[str, str]:
    """The red banner's values for a page: the name conflict on the network, if the service's
    DNS-SD announcement met one (director.tables.announce), else the banner hidden."""
    words = announcement.conflict if announcement is not None else ""
    return {"name_conflict": words, "name_conflict_hidden": "" if words else "hidden"}


def tables_routes(db: DirectorDB, config: DirectorConfig, addresses: Addresses,
                  now: Callable[[], float], announcement=None) -> list[Route]:
    async def page(request: Request) -> Response:
        return HTMLResponse(render("tables.html", csrf=request.state.session.csrf,
                                   tournament=config.tournament or "the tournament",
                                   live=addresses.live, director=addresses.lan,
                                   **name_conflict(announcement)),
                            headers=NO_STORE)

    async def listing(request: Request) -> Response:
        pins = request.query_params.get("pins") == "1"
        return JSONResponse(await run_in_threadpool(lambda: tables_view(db, config, now(), pins=pins)),
                            headers=NO_STORE)

    async def cards(request: Request) -> Response:
        tables = await run_in_threadpool(card_tables, db, config)
        return HTMLResponse(cards_page(tables, addresses.live, config.tournament))

    return [Route("/tables", page, methods=["GET"], name="tables"),
            Route("/api/tables", listing, methods=["GET"], name="tables.list"),
            Route("/tables/cards", cards, methods=["GET"], name="tables.cards")]
