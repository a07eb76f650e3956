"""The pages a director prints (the director's session, as every page of the director's), made
by ``print_page`` (the prize table's and the sheets' too: director.web.routes.prizes, sheets):

- ``standings.print``: ``GET /standings`` (``?division=NAME`` for one), the standings as
  ``python -m director standings --format html`` makes them (director.files.standings_report:
  the event's name and date, each division's round, its order and spread cap, its table), in a
  page of the service's with a Print button, laid out for A4 (static/print.css: the tables'
  heads repeated on every page, a row never split), with each player's rating estimate when the
  config names the system (``ratings.system``, director.files.rating_report); beside the button, the NZASP results report's link (``RESULTS_REPORT``: the page's download
  of it, director.web.routes.downloads; the report is a page of its own).

The table cards (``/tables/cards``) are director.web.routes.tables_page's.
"""
from __future__ import annotations

import html

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.event.model import ModelError
from director.files.rating_report import standings_estimates
from director.files.standings_report import html_body
from ..service import service_of
from .base import NO_STORE

RESULTS_REPORT = "/export/results.html"


def print_page(title: str, what: str, body: str, *, kind: str, bar: str = "",
               styles: tuple[str, ...] = (), scripts: tuple[str, ...] = (),
               head: str = "") -> str:
    """A page to print: ``body`` under a bar with the Print button, the way back to the
    director's page and ``bar`` (more links, HTML), laid out by static/print.css (A4 portrait)
    and ``styles`` after it (the wall chart's A4 landscape); ``kind`` names the body's class
    (``standings-print``...); ``head``: more of the head (the page's CSRF token)."""
    links = "".join(f'<link rel="stylesheet" href="{html.escape(s)}">'
                    for s in ("/static/print.css", "/static/sheets.css", *styles))
    code = "".join(f'<script type="module" src="{html.escape(s)}"></script>'
                   for s in ("/static/print.js", *scripts))
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"{head}<title>{html.escape(title)}: {html.escape(what)}</title>{links}{code}</head>\n"
            f'<body class="{kind}">'
            '<nav class="bar"><button id="print" type="button">Print</button> (A4) · '
            f'<a href="/">the director\'s page</a>{bar}</nav>\n'
            f'<main>\n{body}\n</main>\n</body></html>\n')


def standings_page(title: str, body: str, results_report: str | None = None) -> str:
    """The printable standings: ``body`` (standings_report.html_body's) under a bar with the
    Print button, the way back, and the results report's link if there is one."""
    report = (f' · <a id="results-report" href="{html.escape(results_report)}">the NZASP '
              "results report</a>" if results_report else "")
    return print_page(title, "standings", body, kind="standings-print", bar=report)


async def standings(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    try:
        title, body = await run_in_threadpool(
            html_body, service.db, service.config.rules, service.config.tournament, division,
            lambda name: standings_estimates(service.db, service.config, name))
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    return HTMLResponse(standings_page(title, body, RESULTS_REPORT), headers=NO_STORE)


routes = [Route("/standings", standings, methods=["GET"], name="standings.print")]
