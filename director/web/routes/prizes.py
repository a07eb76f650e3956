"""The prize table on the director's page (the director's session):

- ``prizes.print``: ``GET /prizes`` (``?division=NAME`` for one), each division's prize table
  (director.files.prize_report) in a page to print on A4, with its settings' form for each
  division (left off paper): what the director changes there stands over the config's
  ``[prizes]`` for that division (director.event.prizes.choices); a setting the event cannot
  satisfy shows in place of the division's table, naming the key;
- ``prizes.settings``: ``POST /api/prizes/settings``, a division's settings chosen
  (``bodies.PrizeChoice``): refused 409 naming the key when the division's players cannot
  satisfy them (nothing kept);
- ``prizes.forget``: ``POST /api/prizes/forget``, the division's settings the config's again.

The prize table's CSV is director.web.routes.downloads' (``/export/prizes.csv``); the public
view's is director.web.routes.live_view's.
"""
from __future__ import annotations

import html

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.event import divisions, prizes
from director.event.model import ModelError
from director.event.prizes import FIELDS, PrizeError, PrizeSettings
from director.files import prize_report
from .. import bodies
from ..service import service_of
from .base import NO_STORE, json_body
from .print_pages import print_page

COUNTS = (("places", "places", 0), ("class_places", "places in each class", 0),
          ("band_places", "places in each band", 1),
          ("lucky_stiff", "lucky stiff: narrowest losses (0: none)", 0))
SWITCHES = (("high_win", "high win"), ("high_loss", "high loss"), ("high_game", "high game"),
            ("high_combined", "high combined"), ("upset", "biggest upset"),
            ("high_word", "high word"), ("one_each", "one prize each"))


def division_part(db, event, name: str) -> str:
    """A division's prize table, or the refusal of its settings, then its settings' form."""
    e = html.escape
    settings, chosen = prizes.division_settings(db, event, name)
    try:
        body = prize_report.division_html(prizes.load(db, event, name))
    except PrizeError as exc:
        body = (f'<section class="prize-division" data-division="{e(name)}"><h2>Division '
                f'{e(name)}</h2><p class="refused" role="alert">{e(str(exc))}</p></section>')
    return body + settings_form(name, settings, chosen)


def settings_form(name: str, s: PrizeSettings, chosen: str) -> str:
    """The division's settings as a form (static/prizes.js sends it)."""
    e = html.escape
    counts = "".join(
        f'<label>{e(words)} <input type="number" name="{key}" min="{least}" max="50" '
        f'value="{getattr(s, key)}"></label>' for key, words, least in COUNTS)
    bands = ", ".join(b.label for b in s.bands)
    switches = "".join(f'<label><input type="checkbox" name="{key}"'
                       f'{" checked" if getattr(s, key) else ""}> {e(words)}</label>'
                       for key, words in SWITCHES)
    forget = ('<button type="button" class="forget">Back to the config\'s</button>'
              if chosen == "page" else "")
    return (f'<form class="prize-form" data-division="{e(name)}"><h3>Division {e(name)}\'s prizes '
            f'({"set on this page" if chosen == "page" else "as the config sets them"})</h3>'
            f"{counts}<label>rating bands <input name=\"bands\" size=\"28\" value=\"{e(bands)}\" "
            'placeholder="1800+, 1500-1799"></label>'
            f'{switches}<button type="submit">Set</button>{forget}</form>')


def page_body(db, event, division: str | None) -> tuple[str, str]:
    """The event's name and the page's body: every division's part (or the one named)."""
    title = prize_report.event_title(db, event.tournament)
    names = [divisions.resolve(db, division)] if division else divisions.names(db)
    top = ""
    try:
        prizes.check_divisions(event.prizes, divisions.names(db), event.source)
    except PrizeError as exc:
        top = f'<p class="refused" role="alert">{html.escape(str(exc))}</p>'
    if top:
        return title, f"<h1>{html.escape(title)}: prizes</h1>{top}"
    parts = [division_part(db, event, name) for name in names]
    if not parts:
        parts = ["<p>No players yet: import a tsh file or a players CSV on the director's page.</p>"]
    return title, "\n".join([f"<h1>{html.escape(title)}: prizes</h1>", *parts])


async def page(request: Request) -> Response:
    service, division = service_of(request), request.query_params.get("division") or None
    event = prize_report.prize_event(service.config)
    try:
        title, body = await run_in_threadpool(page_body, service.db, event, division)
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    csv = "/export/prizes.csv" + (f"?division={html.escape(division)}" if division else "")
    token = f'<meta name="csrf-token" content="{html.escape(request.state.session.csrf)}">'
    return HTMLResponse(print_page(title, "prizes", body, kind="prizes-print",
                                   bar=f' · <a id="prizes-csv" href="{csv}">CSV</a>',
                                   scripts=("/static/prizes.js",), head=token),
                        headers=NO_STORE)


async def choose(request: Request) -> Response:
    body = await json_body(request, bodies.PrizeChoice, '{"division": "A", "places": 3, ...}')
    if isinstance(body, Response):
        return body
    service = service_of(request)
    values = {name: getattr(body, name) for name in FIELDS if getattr(body, name) is not None}
    event = prize_report.prize_event(service.config)
    try:
        await run_in_threadpool(prizes.choose, service.db, event, body.division, values,
                                service.now())
    except (PrizeError, ModelError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return JSONResponse({"message": f"division {body.division}'s prizes set"})


async def forget(request: Request) -> Response:
    body = await json_body(request, bodies.PrizeForget, '{"division": "A"}')
    if isinstance(body, Response):
        return body
    service = service_of(request)
    try:
        await run_in_threadpool(prizes.forget, service.db, body.division)
    except ModelError as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return JSONResponse({"message": f"division {body.division}'s prizes as the config sets them"})


routes = [Route("/prizes", page, methods=["GET"], name="prizes.print"),
          Route("/api/prizes/settings", choose, methods=["POST"], name="prizes.settings"),
          Route("/api/prizes/forget", forget, methods=["POST"], name="prizes.forget")]
