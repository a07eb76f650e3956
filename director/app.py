"""The director's web service (Starlette, served by uvicorn): the tables' API of
docs/sync-protocol.md, the live page and its buttons.

``create_app(db, config)`` builds the app. Routes:

- ``POST /api/tables/{table}/results`` and ``/status``: a signed document, checked and stored by
  ``director.ingest.receive`` (a body over 1 MiB is refused with 413 before more is read);
- ``GET /api/tables/{table}/assignment``: the table's assignment signed with that table's own
  key, 404 when it has none;
- ``GET /``: the page; ``GET /events``: its server-sent events; ``GET /api/state``: the same
  snapshot as JSON;
- ``POST /api/rounds/start`` and ``/api/rounds/end`` (JSON ``{"division": "A", "round": N}``;
  without a division every division at once, each its current round unless a round is given):
  the page's buttons;
- ``POST /api/import?kind=KIND&name=FILE&division=NAME`` (the file as the body; kind and
  division optional), or JSON ``{"files": [{"name": ..., "data": base64}], "division": ...}``
  for several files at once (a config.tsh and its .t files): the page's import form
  (director/imports.py);
- ``GET /export/division.t?division=NAME`` (``&encoding=utf-8``), ``/export/ratings.TOU``,
  ``/export/standings.csv`` (``?division=NAME`` for one), ``/export/event.tsh``: the page's
  downloads (director/exports.py).

Database work runs in worker threads, so the event loop keeps serving the live page.
"""
from __future__ import annotations

import base64
import binascii
import contextlib
import datetime as dt
import json
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import divisions, exports, imports, rounds, tournament, view
from .config import DirectorConfig
from .db import DirectorDB
from .ingest import MAX_BODY, receive
from .live import Hub
from .model import ModelError
from .refusal import refused_results
from .standings import render_standings_html

STATIC = Path(__file__).resolve().parent / "static"
MAX_UPLOAD = 16 << 20           # an imported .t or CSV file


async def read_limited(request: Request, limit: int) -> tuple[bytes, int | None]:
    """The body, read up to ``limit + 1`` bytes and no further; and the declared length, if
    the client declared one over the limit (then nothing is read)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return b"", int(declared)
    chunks, size = [], 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return b"".join(chunks)[:limit + 1], None


class StandingsCache:
    """The standings part, computed again only after the database changed (every open page
    asks for it after every change)."""

    def __init__(self):
        self.generation, self.part = -1, None
        self.lock = threading.Lock()

    def get(self, db: DirectorDB, config: DirectorConfig) -> dict:
        with self.lock:
            generation = db.generation
            if self.part is None or generation != self.generation:
                self.generation, self.part = generation, standings_part(db, config)
            return self.part


def standings_part(db: DirectorDB, config: DirectorConfig) -> dict:
    """Each division's standings as HTML, with what was left out of them; the event's problems."""
    groups = []
    for name in divisions.names(db):
        try:
            table, problems = tournament.standings(db, config.rules, config.tournament, name)
            html = render_standings_html(table)
        except ModelError as exc:
            html, problems = "", [f"standings: {exc}"]
        groups.append({"division": name, "html": html, "problems": problems})
    return {"divisions": groups, "problems": tournament.unfiled_results(db) + refused_results(db)}


def snapshot(db: DirectorDB, config: DirectorConfig, now: Callable[[], float],
             cache: StandingsCache) -> dict:
    """Everything the page shows, by part (each part is one server-sent event)."""
    settings, wall = divisions.event_settings(db), now()
    return {"clock": {"now": wall},
            "event": {"tournament": config.tournament, "name": settings.name,
                      "date": settings.date, "divisions": view.division_rounds(db)},
            "tiles": view.tiles(db, wall),
            "results": view.round_results(db),
            "standings": cache.get(db, config)}


def round_actions(db: DirectorDB, action: str, division: str | None, number: int | None,
                  now_wall: float) -> list[dict]:
    """Start or end a division's round (its current one unless ``number``), or with no
    division every division's: one that cannot is skipped, unless none can (RoundError)."""
    act = rounds.start_round if action == "start" else rounds.end_round
    if division:
        name = divisions.resolve(db, division)
        target = number if number is not None else rounds.current_round(db, name)
        if target is None:
            raise rounds.RoundError(f"division {name} has no round to {action}: import pairings first")
        return [act(db, target, now_wall, name)]
    done, refused = [], []
    for name in divisions.names(db):
        target = number if number is not None else rounds.current_round(db, name)
        try:
            if target is None:
                raise rounds.RoundError(f"division {name} has no pairings")
            done.append(act(db, target, now_wall, name))
        except rounds.RoundError as exc:
            refused.append(str(exc))
    if not done:
        raise rounds.RoundError("; ".join(refused) or f"no round to {action}: import pairings first")
    return done


def uploads_of(raw: bytes) -> tuple[list[imports.Upload], str | None]:
    """The files of a JSON import: ``{"files": [{"name": ..., "data": base64}], "division": ...}``."""
    try:
        body = json.loads(raw)
        files = body["files"]
        uploads = [imports.Upload(str(f["name"]), base64.b64decode(f["data"], validate=True))
                   for f in files]
        division = body.get("division") or None
    except (ValueError, KeyError, TypeError, binascii.Error):
        raise imports.FileRefused('expected JSON {"files": [{"name": "a.t", "data": "<base64>"}, '
                                  '...], "division": "A"}') from None
    if division is not None and not isinstance(division, str):
        raise imports.FileRefused("division: expected a division's name")
    return uploads, division


def resolve_division(db: DirectorDB, name: str | None) -> str:
    try:
        return divisions.resolve(db, name)
    except ModelError as exc:
        raise imports.FileRefused(str(exc)) from None


def create_app(db: DirectorDB, config: DirectorConfig, *, now: Callable[[], float] = time.time,
               recompute: bool = True) -> Starlette:
    """The app. ``recompute=False`` (never the service's: only the benchmark's baseline,
    bench/rigs/director_without_readback.py) skips reading each result back from its events."""
    hub, cache = Hub(), StandingsCache()
    db.listen(hub.notify)

    def parts() -> dict:
        return snapshot(db, config, now, cache)

    async def post_document(request: Request) -> Response:
        table, path = request.path_params["table"], request.url.path.rsplit("/", 1)[1]
        try:
            raw, declared = await read_limited(request, MAX_BODY)
        except ClientDisconnect:
            return Response(status_code=400)
        reply = await run_in_threadpool(receive, db, table, path, raw, config.key, now(),
                                        rules=config.rules, declared_size=declared,
                                        recompute=recompute)
        headers = {"Connection": "close"} if declared is not None or len(raw) > MAX_BODY else None
        return JSONResponse(reply.body, status_code=reply.code, headers=headers)

    async def get_assignment(request: Request) -> Response:
        table = request.path_params["table"]
        signed = await run_in_threadpool(rounds.signed_assignment, db, table, config.tournament,
                                         config.key)
        if signed is None:
            return JSONResponse({"error": f"no assignment for table {table} in the current round"},
                                status_code=404)
        return JSONResponse(signed)

    async def round_action(request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("start", "end"):
            return JSONResponse({"error": f"no such action {action!r}: start or end"}, status_code=404)
        try:
            body = json.loads(await request.body() or b"{}")
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": 'expected JSON {"division": "A", "round": N}'},
                                status_code=400)
        number, division = body.get("round"), body.get("division")
        if number is not None and type(number) is not int or not isinstance(division, (str, type(None))):
            return JSONResponse({"error": "round: a whole number; division: a division's name"},
                                status_code=400)
        try:
            done = await run_in_threadpool(round_actions, db, action, division, number, now())
        except (rounds.RoundError, ModelError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return JSONResponse({**(done[0] if len(done) == 1 else {}), "rounds": done})

    async def import_upload(request: Request) -> Response:
        params = request.query_params
        raw, declared = await read_limited(request, MAX_UPLOAD)
        if declared is not None or len(raw) > MAX_UPLOAD:
            return JSONResponse({"error": f"{params.get('name', 'upload')}: over {MAX_UPLOAD} bytes"},
                                status_code=413, headers={"Connection": "close"})
        try:
            if request.headers.get("content-type", "").startswith("application/json"):
                uploads, division = uploads_of(raw)
            else:
                uploads = [imports.Upload(params.get("name", "upload"), raw)]
                division = params.get("division") or None
            messages = await run_in_threadpool(lambda: imports.import_files(
                db, uploads, kind=params.get("kind") or None, division=division))
        except imports.FileRefused as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"message": "\n".join(messages)})

    async def export(request: Request) -> Response:
        what, params = request.path_params["file"], request.query_params
        stem = (config.tournament or "tournament").replace("/", "-")
        division = params.get("division") or None
        try:
            if what == "division.t":
                encoding = params.get("encoding", "iso-8859-1")
                if encoding not in ("iso-8859-1", "utf-8"):
                    return JSONResponse({"error": "encoding: iso-8859-1 or utf-8"}, status_code=400)
                name = await run_in_threadpool(resolve_division, db, division)
                data = await run_in_threadpool(exports.export_t, db, config.rules, config.tournament,
                                               name, encoding)
                filename, media = f"{stem} {name}.t", f"text/plain; charset={encoding}"
            elif what == "ratings.TOU":
                data = await run_in_threadpool(exports.export_tou, db, config.rules,
                                               config.tournament, dt.date.fromtimestamp(now()))
                filename, media = f"{stem}.TOU", "text/plain; charset=us-ascii"
            elif what == "standings.csv":
                data = await run_in_threadpool(exports.export_standings_csv, db, config.rules,
                                               config.tournament, division)
                filename, media = f"{stem} standings.csv", "text/csv; charset=utf-8"
            elif what == "event.tsh":
                data = await run_in_threadpool(exports.export_archive, db, config.rules,
                                               config.tournament)
                filename, media = f"{stem}.tsh", "text/plain; charset=iso-8859-1"
            else:
                return JSONResponse({"error": f"no export {what!r}"}, status_code=404)
        except imports.FileRefused as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return Response(data, media_type=media, headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{urllib.parse.quote(filename)}"})

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def events(request: Request) -> Response:
        return StreamingResponse(hub.stream(parts), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(parts))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        import asyncio
        hub.attach(asyncio.get_running_loop())
        yield
        hub.close()

    routes = [
        Route("/api/tables/{table}/results", post_document, methods=["POST"]),
        Route("/api/tables/{table}/status", post_document, methods=["POST"]),
        Route("/api/tables/{table}/assignment", get_assignment, methods=["GET"]),
        Route("/api/rounds/{action:str}", round_action, methods=["POST"]),
        Route("/api/state", state, methods=["GET"]),
        Route("/api/import", import_upload, methods=["POST"]),
        Route("/export/{file}", export, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/", page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub, app.state.db, app.state.config = hub, db, config
    return app
