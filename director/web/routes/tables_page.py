"""The tables page's routes (the director's session, as every page of the director's):

- ``tables``: ``GET /tables``, the page (templates/tables.html, static/tables.js): a code for a
  table to enroll, every table and whether it is ready (director.web.tables), refreshed every
  few seconds;
- ``tables.list``: ``GET /api/tables``, what the page shows, as JSON; each table's own
  director's PIN only with ``?pins=1`` (the page's "show PINs" box);
- ``tables.cards``: ``GET /tables/cards``, the printable table cards (director.web.cards); the
  page and the cards warn when their QR code is this machine's own address (127.0.0.1).

The code and the USB stick's file its buttons ask for are director.web.routes.enrolling's.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..cards import cards_page, loopback_warning
from ..service import service_of
from ..tables import card_tables, tables_view
from ..templating import render
from .base import NO_STORE, name_conflict


async def page(request: Request) -> Response:
    service = service_of(request)
    warning = loopback_warning(service.addresses.live)
    return HTMLResponse(render("tables.html", csrf=request.state.session.csrf,
                               tournament=service.config.tournament or "the tournament",
                               live=service.addresses.live, director=service.addresses.lan,
                               cards_warning=warning, cards_warning_hidden="" if warning else "hidden",
                               **name_conflict(service.announcement)),
                        headers=NO_STORE)


async def listing(request: Request) -> Response:
    service, pins = service_of(request), request.query_params.get("pins") == "1"
    return JSONResponse(await run_in_threadpool(
        lambda: tables_view(service.db, service.config, service.now(), pins=pins,
                            ended_at=service.exchanges.ended_at())),
        headers=NO_STORE)


async def cards(request: Request) -> Response:
    service = service_of(request)
    tables = await run_in_threadpool(card_tables, service.db, service.config)
    return HTMLResponse(cards_page(tables, service.addresses.live, service.config.tournament))


routes = [Route("/tables", page, methods=["GET"], name="tables"),
          Route("/api/tables", listing, methods=["GET"], name="tables.list"),
          Route("/tables/cards", cards, methods=["GET"], name="tables.cards")]
