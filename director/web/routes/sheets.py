"""The sheets a director pins up (the director's session), each a page to print
(director.files.sheets):

- ``pairings.print``: ``GET /pairings`` (``?division=NAME``, ``?round=N``; without them every
  division's round in play): the round's pairings by player name (name, table, opponent, who
  starts), then by table, on A4 in type large enough to read on a wall from a metre;
- ``wallchart.print``: ``GET /wallchart`` (``?division=NAME``): each division's wall chart on A4
  landscape (static/wallchart.css), its rounds in blocks as wide as a page holds with every
  name whole, over as many pages as it needs.

Their CSV files are director.web.routes.downloads' (``/export/pairings.csv``,
``/export/wallchart.csv``); the public view's wall chart is director.web.routes.live_view's.
"""
from __future__ import annotations

import html

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.event.model import ModelError
from director.files import sheets
from director.files.prize_report import event_title
from ..service import service_of
from .base import NO_STORE
from .print_pages import print_page


def round_asked(request: Request) -> int | None:
    """``?round=N``: a round from 1, None without it; ModelError for anything else."""
    given = request.query_params.get("round")
    if not given:
        return None
    if not given.isdigit() or int(given) < 1:
        raise ModelError(f"round: a whole number from 1; got {given!r}")
    return int(given)


def _query(**given) -> str:
    shown = "&".join(f"{k}={html.escape(str(v))}" for k, v in given.items() if v)
    return f"?{shown}" if shown else ""


async def pairings(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    try:
        number = round_asked(request)
        made = await run_in_threadpool(sheets.seats, service.db, service.config, division, number)
        title = await run_in_threadpool(event_title, service.db, service.config.tournament)
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    body = f"<h1>{html.escape(title)}: pairings</h1>\n" + sheets.pairings_html(made)
    csv = "/export/pairings.csv" + _query(division=division, round=number)
    return HTMLResponse(print_page(title, "pairings", body, kind="pairings-print",
                                   bar=f' · <a id="pairings-csv" href="{csv}">CSV</a>'),
                        headers=NO_STORE)


async def wallchart(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    try:
        made = await run_in_threadpool(sheets.charts, service.db, service.config, division)
        title = await run_in_threadpool(event_title, service.db, service.config.tournament)
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    body = f"<h1>{html.escape(title)}: wall chart</h1>\n" + sheets.wallchart_html(made)
    csv = "/export/wallchart.csv" + _query(division=division)
    return HTMLResponse(print_page(title, "wall chart", body, kind="wallchart-print",
                                   bar=f' · <a id="wallchart-csv" href="{csv}">CSV</a> (A4 landscape)',
                                   styles=("/static/wallchart.css",)),
                        headers=NO_STORE)


routes = [Route("/pairings", pairings, methods=["GET"], name="pairings.print"),
          Route("/wallchart", wallchart, methods=["GET"], name="wallchart.print")]
