"""The public live view, for players' phones (public: it shows, it changes nothing), and the
server-sent events of every live page (director.web.live):

- ``live``: ``GET /live``, the view (templates/live.html: no controls);
- ``live.events``: ``GET /live/events``, its events (the public parts, director.web.parts);
- ``live.wallchart``: ``GET /live/wallchart`` (``?division=NAME``), each division's wall chart
  (director.files.sheets), laid out for a phone: its blocks scroll sideways;
- ``live.prizes``: ``GET /live/prizes``, the prize table of each division whose last round is
  in (director.event.prizes: ``final``); until then, which round it waits for.

Both are made once for every phone until the database changes (director.event.db.DirectorDB.kept):
a crowd at the prize-giving costs one prize table, not one each.

``event_stream`` opens a live page's stream: the director's page's (``/events``, behind the
session: director.web.routes.director_page) too. Open streams are counted per address and in
all (director.limits.Slots): one refused is answered 429 or 503 with its reason.
"""
from __future__ import annotations

import html

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from director.event import divisions, prizes
from director.event.model import ModelError
from director.files import prize_report, sheets
from director.limits import LimitExceeded
from ..guard import refusal
from ..service import service_of
from ..templating import render
from .base import client_address


async def event_stream(request: Request, channel: str, session: str | None = None) -> Response:
    """``channel``'s events (``public`` or ``director``) for the page of ``request``; ``session``:
    the director's session it is opened under (its stream ends with the session)."""
    live = service_of(request).live
    try:
        stream, first = await live.open(channel, client_address(request), session,
                                        tuple(request.client) if request.client else None)
    except LimitExceeded as exc:
        return refusal(exc.code, exc.reason, exc.retry_after)
    return StreamingResponse(live.stream(stream, first), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def page(request: Request) -> Response:
    return HTMLResponse(render("live.html"))


async def events(request: Request) -> Response:
    return await event_stream(request, "public")


def public_page(title: str, what: str, body: str) -> str:
    """A page of the public view's (no controls): ``body`` under the way back to the live view."""
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}: {html.escape(what)}</title>"
            '<link rel="stylesheet" href="/static/director.css">'
            '<link rel="stylesheet" href="/static/sheets.css"></head>\n'
            f'<body class="public sheet-view"><nav class="bar"><a href="/live">the live view</a></nav>'
            f"\n<main>\n{body}\n</main>\n</body></html>\n")


async def wallchart(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    try:
        text = await run_in_threadpool(service.db.kept, ("public-wallchart", division),
                                       lambda _: wallchart_page(service.db, service.config, division))
    except ModelError as exc:
        return HTMLResponse(public_page("Live", "wall chart", f"<p>{html.escape(str(exc))}</p>"),
                            status_code=404)
    return HTMLResponse(text)


def wallchart_page(db, config, division: str | None) -> str:
    title = prize_report.event_title(db, config.tournament)
    body = (f"<h1>{html.escape(title)}: wall chart</h1>\n"
            + sheets.wallchart_html(sheets.charts(db, config, division)))
    return public_page(title, "wall chart", body)


def prizes_body(db, config) -> tuple[str, str]:
    """The public prize table: each division's once its last round is in, else what it waits
    for (a setting the event cannot satisfy shows as not ready: the director's page says why)."""
    event = prize_report.prize_event(config)
    title = prize_report.event_title(db, config.tournament)
    out = [f"<h1>{html.escape(title)}: prizes</h1>"]
    for name in divisions.names(db):
        e = html.escape(name)
        try:
            done, last = prizes.progress(db, event, name)
            if last and done >= last:
                out.append(prize_report.division_html(prizes.load(db, event, name)))
                continue
        except ValueError:              # a prize or draw setting refused: the page says which
            out.append(f"<h2>Division {e}</h2><p>The prize table is not ready yet.</p>")
            continue
        waits = f"round {last}" if last else "its last round"
        out.append(f"<h2>Division {e}</h2><p>The prize table shows here once {waits} is in "
                   f"(after round {done} now).</p>")
    return title, "\n".join(out)


async def prize_table(request: Request) -> Response:
    service = service_of(request)
    text = await run_in_threadpool(service.db.kept, ("public-prizes",),
                                   lambda _: public_page(*prize_page(service.db, service.config)))
    return HTMLResponse(text)


def prize_page(db, config) -> tuple[str, str, str]:
    title, body = prizes_body(db, config)
    return title, "prizes", body


routes = [
    Route("/live", page, methods=["GET"], name="live"),
    Route("/live/events", events, methods=["GET"], name="live.events"),
    Route("/live/wallchart", wallchart, methods=["GET"], name="live.wallchart"),
    Route("/live/prizes", prize_table, methods=["GET"], name="live.prizes"),
]
