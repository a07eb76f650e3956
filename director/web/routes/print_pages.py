"""The pages a director prints (the director's session, as every page of the director's):

- ``standings.print``: ``GET /standings`` (``?division=NAME`` for one), the standings as
  ``python -m director standings --format html`` makes them (director.files.standings_report:
  the event's name and date, each division's round, its order and spread cap, its table), in a
  page of the service's with a Print button, laid out for A4 (static/print.css: the tables'
  heads repeated on every page, a row never split);
  beside the button, the NZASP results report's link (``RESULTS_REPORT``: the page's download
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
from director.files.standings_report import html_body
from ..service import service_of
from .base import NO_STORE

RESULTS_REPORT = "/export/results.html"


def standings_page(title: str, body: str, results_report: str | None = None) -> str:
    """The printable standings: ``body`` (standings_report.html_body's) under a bar with the
    Print button, the way back, and the results report's link if there is one."""
    report = (f' · <a id="results-report" href="{html.escape(results_report)}">the NZASP '
              "results report</a>" if results_report else "")
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}: standings</title>"
            '<link rel="stylesheet" href="/static/print.css">'
            '<script type="module" src="/static/print.js"></script></head>\n<body class="standings-print">'
            '<nav class="bar"><button id="print" type="button">Print</button> (A4) · '
            f'<a href="/">the director\'s page</a>{report}</nav>\n'
            f'<main>\n{body}\n</main>\n</body></html>\n')


async def standings(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    try:
        title, body = await run_in_threadpool(html_body, service.db, service.config.rules,
                                              service.config.tournament, division)
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    return HTMLResponse(standings_page(title, body, RESULTS_REPORT), headers=NO_STORE)


routes = [Route("/standings", standings, methods=["GET"], name="standings.print")]
