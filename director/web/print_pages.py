"""The pages a director prints (the director's session, as every page of the director's):

- ``standings.print``: ``GET /standings`` (``?division=NAME`` for one), the standings as
  ``python -m director standings --format html`` makes them (director.files.standings_report:
  the event's name and date, each division's round, its order and spread cap, its table), in a
  page of the service's with a Print button, laid out for A4 (static/print.css: the tables'
  heads repeated on every page, a row never split);
  beside the button, the NZASP results report's link when the service has one
  (``results_report``: its address; the report is a page of its own, made elsewhere).

The table cards (``/tables/cards``) are director.web.tables_page's.
"""
from __future__ import annotations

import html

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.event.model import ModelError
from director.files.standings_report import html_body

NO_STORE = {"Cache-Control": "no-store"}


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


def print_routes(db: DirectorDB, config: DirectorConfig,
                 results_report: str | None = None) -> list[Route]:
    async def standings(request: Request) -> Response:
        division = request.query_params.get("division") or None
        try:
            title, body = await run_in_threadpool(html_body, db, config.rules, config.tournament,
                                                  division)
        except ModelError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        return HTMLResponse(standings_page(title, body, results_report), headers=NO_STORE)

    return [Route("/standings", standings, methods=["GET"], name="standings.print")]
