"""The director's page (the director's session, as every page of the director's):

- ``page``: ``GET /``, the page (templates/index.html, static/director.js): each division's
  round and its buttons, its tables, results and standings, the draw, the corrections, the
  import form and the downloads; the public view's address for the players' phones;
- ``events``: ``GET /events``, its server-sent events (every part, director.web.parts; the
  stream ends with the session);
- ``state``: ``GET /api/state``, every part as JSON.

What its buttons send are the routes of director.web.routes.round_actions, draw, players,
corrections, import_files and downloads.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..service import service_of
from ..templating import render
from .base import NO_STORE, name_conflict
from .live_view import event_stream


async def page(request: Request) -> Response:
    service = service_of(request)
    return HTMLResponse(render("index.html", csrf=request.state.session.csrf,
                               live=service.addresses.live,
                               **name_conflict(service.announcement)),
                        headers=NO_STORE)


async def events(request: Request) -> Response:
    return await event_stream(request, "director", request.state.session.token)


async def state(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(service_of(request).snapshot))


routes = [
    Route("/", page, methods=["GET"], name="page"),
    Route("/events", events, methods=["GET"], name="events"),
    Route("/api/state", state, methods=["GET"], name="state"),
]
