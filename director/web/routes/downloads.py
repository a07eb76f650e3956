"""The page's downloads (the director's session; director.files.exports):

- ``export``: ``GET /export/division.t?division=NAME`` (named as tsh names it, ``t_file_name``),
  ``/export/ratings.TOU`` (the completed rounds, Windows-1252; what it leaves out in
  ``X-Left-Out``), ``/export/standings.csv`` (``?division=NAME`` for one), the results to
  forward (NZASP 11.4) ``/export/results.html``, ``results.csv``, ``draw.csv``, ``teams.csv``
  (``?division=NAME``), ``/export/event.tsh``; the end of the day's (``END_OF_DAY``, the same
  numbers as their printable pages: director.files.prize_report and sheets):
  ``/export/prizes.csv``, ``/export/pairings.csv`` (``&round=N``) and ``/export/wallchart.csv``
  (each ``?division=NAME`` for one). The ``.t`` file and the archive are in the event's tsh
  encoding (ISO-8859-1, else UTF-8: director.files.exports.tsh_encoding; its ``Content-Type``
  says which; ``?encoding=iso-8859-1`` or ``utf-8`` asks for one). Each is an attachment but the
  results page (``results.html``), which the browser shows, to print or to save (named all the
  same); what the director should know of a file is in ``X-Note`` (a UTF-8 ``.t`` file: the line
  tsh's config needs; the names the ``.TOU`` romanises); one that cannot be made is answered 409
  with the reason (a prize setting the event cannot satisfy, naming the key), one that is no
  export 404.
"""
from __future__ import annotations

import datetime as dt
import urllib.parse
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from director.event import divisions
from director.event.db import DirectorDB
from director.event.model import ModelError
from director.event.prizes import PrizeError
from director.files import exports, imports, prize_report, sheets
from ..service import service_of


def t_file_name(db: DirectorDB, division: str) -> str:
    """A division's .t file's name as tsh has it: the file config.tsh named (``a.t``), else the
    division's name in lower case (tsh's own files: ``a.t`` for division A)."""
    for known in divisions.divisions(db):
        if known.name == division and known.tsh_file:
            return Path(known.tsh_file).name
    return exports.default_t_name(division)


def resolve_division(db: DirectorDB, name: str | None) -> str:
    try:
        return divisions.resolve(db, name)
    except ModelError as exc:
        raise imports.FileRefused(str(exc)) from None


async def export(request: Request) -> Response:
    what, params = request.path_params["file"], request.query_params
    service = service_of(request)
    db, config = service.db, service.config
    stem = (config.tournament or "tournament").replace("/", "-")
    division = params.get("division") or None
    asked = params.get("encoding") or None
    if asked not in (None, *exports.ENCODINGS):
        return JSONResponse({"error": "encoding: iso-8859-1 or utf-8 (or none: the event's)"},
                            status_code=400)
    left_out: list[str] = []
    notes: list[str] = []
    try:
        if what in ("division.t", "event.tsh"):
            encoding = asked or await run_in_threadpool(tsh_encoding, service, what, notes)
        if what == "division.t":
            name = await run_in_threadpool(resolve_division, db, division)
            data = await run_in_threadpool(exports.export_t, db, config.rules, config.tournament,
                                           name, encoding)
            filename, media = t_file_name(db, name), f"text/plain; charset={encoding}"
        elif what == "ratings.TOU":
            data = await run_in_threadpool(exports.export_tou, db, config.rules, config.tournament,
                                           dt.date.fromtimestamp(service.now()), left_out, notes)
            filename, media = f"{stem}.TOU", "text/plain; charset=windows-1252"
        elif what == "standings.csv":
            data = await run_in_threadpool(exports.export_standings_csv, db, config.rules,
                                           config.tournament, division)
            filename, media = f"{stem} standings.csv", "text/csv; charset=utf-8"
        elif what in exports.RESULTS:
            fmt = exports.RESULTS[what]
            data = await run_in_threadpool(exports.export_results, db, config.rules,
                                           config.tournament, division, fmt, config.draw)
            filename = f"{stem} {division + ' ' if division else ''}{what}"
            media = f"text/{'html' if fmt == 'html' else 'csv'}; charset=utf-8"
        elif what in END_OF_DAY:
            data = await run_in_threadpool(END_OF_DAY[what], service, division, params.get("round"))
            filename = f"{stem} {division + ' ' if division else ''}{what}"
            media = "text/csv; charset=utf-8"
        elif what == "event.tsh":
            data = await run_in_threadpool(exports.export_archive, db, config.rules,
                                           config.tournament, encoding)
            filename, media = f"{stem}.tsh", f"text/plain; charset={encoding}"
        else:
            return JSONResponse({"error": f"no export {what!r}"}, status_code=404)
    except (imports.FileRefused, PrizeError, ModelError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return Response(data, media_type=media,
                    headers=attachment(filename, left_out, notes, shown=what in PAGES))


def _round(given: str | None) -> int | None:
    if given is None or given == "":
        return None
    if not given.isdigit() or int(given) < 1:
        raise ModelError(f"round: a whole number from 1; got {given!r}")
    return int(given)


END_OF_DAY = {
    "prizes.csv": lambda s, division, _: prize_report.report(
        s.db, prize_report.prize_event(s.config), division, "csv").encode(),
    "pairings.csv": lambda s, division, round_: sheets.pairings_csv(
        sheets.seats(s.db, s.config, division, _round(round_))).encode(),
    "wallchart.csv": lambda s, division, _: sheets.wallchart_csv(
        sheets.charts(s.db, s.config, division)).encode(),
}


PAGES = ("results.html",)           # shown in the browser (a page to print), not saved at once


def tsh_encoding(service, what: str, notes: list[str]) -> str:
    """The event's tsh encoding, and when it is UTF-8 what tsh needs to read ``what``, in
    ``notes``."""
    db, config = service.db, service.config
    encoding = exports.tsh_encoding(db, config.rules, config.tournament)
    if encoding == "utf-8":
        notes.append(exports.utf8_note(db, config.rules, config.tournament,
                                       archive=what == "event.tsh"))
    return encoding


def attachment(filename: str, left_out: list[str], notes: list[str] = (), *,
               shown: bool = False) -> dict[str, str]:
    """A download's headers: its file's name (``shown``: a page the browser shows, saved under
    that name if asked), what the file leaves out (the round in play) and what the director
    should know of it, in words."""
    how = "inline" if shown else "attachment"
    headers = {"Content-Disposition": f"{how}; filename*=UTF-8''{urllib.parse.quote(filename)}"}
    if left_out:
        headers["X-Left-Out"] = urllib.parse.quote("; ".join(left_out), safe=" ;:(),.")
    if notes:
        headers["X-Note"] = urllib.parse.quote("; ".join(notes), safe=" ;:(),.=")
    return headers


routes = [Route("/export/{file}", export, methods=["GET"], name="export")]
