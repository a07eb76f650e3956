"""The director's web service (Starlette, served by uvicorn): the tables' API of
docs/sync-protocol.md, the live page and its buttons.

``create_app(db, config)`` builds the app. Routes:

- ``POST /api/tables/{table}/results`` and ``/status``: a signed document, checked and stored by
  ``director.ingest.receive`` (a body over 1 MiB is refused with 413 before more is read);
- ``GET /api/tables/{table}/assignment``: the table's assignment signed with that table's own
  key, 404 when it has none;
- ``GET /``: the page; ``GET /events``: its server-sent events; ``GET /api/state``: the same
  snapshot as JSON;
- ``POST /api/rounds/start`` and ``/api/rounds/end`` (JSON ``{"round": N}``, default the
  current round): the page's buttons;
- ``POST /api/import?kind=tsh|players-csv|pairings-csv&name=FILE`` (the file as the body) and
  ``GET /export/division.t`` (``?encoding=utf-8``), ``/export/ratings.TOU``,
  ``/export/standings.csv``: the page's import form and downloads (director/imports.py).

Database work runs in worker threads, so the event loop keeps serving the live page.
"""
from __future__ import annotations

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

from . import imports, rounds, tournament, view
from .config import DirectorConfig
from .db import DirectorDB
from .ingest import MAX_BODY, receive
from .live import Hub
from .model import ModelError
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
                try:
                    table, problems = tournament.standings(db, config.rules, config.tournament)
                    html = render_standings_html(table)
                except ModelError as exc:
                    html, problems = "", [f"standings: {exc}"]
                self.generation, self.part = generation, {"html": html, "problems": problems}
            return self.part


def snapshot(db: DirectorDB, config: DirectorConfig, now: Callable[[], float],
             cache: StandingsCache) -> dict:
    """Everything the page shows, by part (each part is one server-sent event)."""
    info = view.round_info(db)
    wall = now()
    return {"clock": {"now": wall},
            "round": {**info, "tournament": config.tournament},
            "tiles": view.tiles(db, wall),
            "results": view.round_results(db, info["round"]),
            "standings": cache.get(db, config)}


def create_app(db: DirectorDB, config: DirectorConfig, *, now: Callable[[], float] = time.time) -> Starlette:
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
                                        declared_size=declared)
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
            number = body.get("round") if isinstance(body, dict) else None
        except ValueError:
            return JSONResponse({"error": "expected JSON {\"round\": N}"}, status_code=400)
        number = number if number is not None else await run_in_threadpool(rounds.current_round, db)
        if type(number) is not int:
            return JSONResponse({"error": "no round to " + action + ": import pairings first"},
                                status_code=409)
        act = rounds.start_round if action == "start" else rounds.end_round
        try:
            times = await run_in_threadpool(act, db, number, now())
        except rounds.RoundError as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return JSONResponse(times)

    async def import_upload(request: Request) -> Response:
        kind, name = request.query_params.get("kind", ""), request.query_params.get("name", "upload")
        raw, declared = await read_limited(request, MAX_UPLOAD)
        if declared is not None or len(raw) > MAX_UPLOAD:
            return JSONResponse({"error": f"{name}: over {MAX_UPLOAD} bytes"}, status_code=413,
                                headers={"Connection": "close"})
        try:
            message = await run_in_threadpool(imports.import_file, db, kind, name, raw)
        except imports.FileRefused as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"message": message})

    async def export(request: Request) -> Response:
        what = request.path_params["file"]
        stem = (config.tournament or "tournament").replace("/", "-")
        try:
            if what == "division.t":
                encoding = request.query_params.get("encoding", "iso-8859-1")
                if encoding not in ("iso-8859-1", "utf-8"):
                    return JSONResponse({"error": "encoding: iso-8859-1 or utf-8"}, status_code=400)
                data = await run_in_threadpool(imports.export_t, db, config.rules, config.tournament,
                                               encoding)
                filename, media = f"{stem}.t", f"text/plain; charset={encoding}"
            elif what == "ratings.TOU":
                data = await run_in_threadpool(imports.export_tou, db, config.rules,
                                               config.tournament, dt.date.fromtimestamp(now()))
                filename, media = f"{stem}.TOU", "text/plain; charset=us-ascii"
            elif what == "standings.csv":
                data = await run_in_threadpool(imports.export_standings_csv, db, config.rules,
                                               config.tournament)
                filename, media = f"{stem} standings.csv", "text/csv; charset=utf-8"
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
