"""The director's web service (Starlette, served by uvicorn): the tables' API of
docs/sync-protocol.md, the director's page and its buttons, and the public live view.

``create_app(db, config, password_hash=...)`` builds the app. Every request passes
director.web.guard first (its limits, and the director's session for every route but its PUBLIC
ones). Routes, by name:

- ``tables.results``, ``tables.status``: ``POST /api/tables/{table}/results`` and ``/status``,
  a signed document, checked and stored by ``director.tables.ingest.receive`` (a body over 1 MiB is
  refused with 413 before more is read); ``tables.assignment``: ``GET
  /api/tables/{table}/assignment``, the table's assignment signed with that table's own key,
  404 when it has none; its corrections' reasons only to the request with the table's proof of
  its key (``X-Table-Proof``, common.wire.signing.table_proof; empty otherwise);
- ``tables.challenge``: ``POST /api/tables/{table}/challenge``, a challenge a table sends to the
  judge station, and ``tables.verdict``: ``GET /api/tables/{table}/verdict``, the station's
  verdict on it, signed with the table's key (404 while there is none);
  ``stations.challenges``: ``GET /api/stations/{station}/challenges``, the challenges open,
  signed with the station's key, to the request with its key's proof (``X-Station-Proof``,
  common.wire.signing.station_proof; 401 without), and ``stations.verdicts``: ``POST
  /api/stations/{station}/verdicts``, the station's verdict (director.tables.challenges);
- ``live``: ``GET /live``, the public live view (no controls), and ``live.events``: ``GET
  /live/events``, its server-sent events (director.web.live);
- ``login``, ``login.post``, ``logout``: director.web.login;
- ``page``: ``GET /``, the director's page; ``events``: ``GET /events``, its server-sent events;
  ``state``: ``GET /api/state``, every part as JSON;
- ``rounds``: ``POST /api/rounds/start`` and ``/api/rounds/end`` (JSON ``{"division": "A",
  "round": N}``; without a division every division at once, each its current round unless a
  round is given): the page's buttons;
- ``import``: ``POST /api/import?kind=KIND&name=FILE&division=NAME&replace=1&as_corrections=1``
  (the file as the body; all but name optional), or JSON ``{"files": [{"name": ..., "data":
  base64}], "division": ..., "replace": false, "as_corrections": false}`` for several files at
  once (a config.tsh and its .t files): the page's import form (director/files/imports.py;
  ``replace``: the division whole, even where the file would remove what it holds;
  ``as_corrections``: a file's scores that differ from a table's result stand as corrections);
- ``corrections``: ``POST /api/corrections`` (JSON: the division, round, table or players, kind,
  scores or who forfeited, and the reason): the director corrects a result
  (director.event.correct), 409 with the reason when it cannot be made;
- ``enroll``: ``POST /api/enroll`` (JSON ``{"table": "7", "minutes": 30}``): a one-time code for
  table 7 (open ``minutes``, 10 without) and its director's PIN (director.tables.codes), shown on
  the page; with ``"stick": true`` (and
  ``"url"`` or ``"serial"`` if need be), table 7's enrollment file for a USB stick instead;
- ``enroll.start``, ``enroll.confirm``: ``POST /api/enroll/start`` and ``/confirm``, a table
  enrolling by its code (director.tables.exchange, common.wire.code_exchange): the tables' API;
- ``export``: ``GET /export/division.t?division=NAME`` (``&encoding=utf-8``),
  ``/export/ratings.TOU`` (the completed rounds; what it leaves out in ``X-Left-Out``),
  ``/export/standings.csv`` (``?division=NAME`` for one), the results to forward (NZASP 11.4)
  ``/export/results.html``, ``results.csv``, ``draw.csv``, ``teams.csv`` (``?division=NAME``),
  ``/export/event.tsh``: the page's downloads (director/files/exports.py);
- ``tables``, ``tables.list``, ``tables.cards``: the tables page, its rows, the printable table
  cards (director.web.tables_page);
- ``draw.*``: ``POST /api/draw/settings``, ``/propose``, ``/swap``, ``/table``, ``/publish``:
  a division's draw and its next round (director.web.draw_page);
- ``standings.print``: ``GET /standings``, the standings to print (director.web.print_pages);
- ``static``: the pages' scripts and styles.

Database work runs in worker threads, so the event loop keeps serving the live pages.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import dataclasses
import datetime as dt
import functools
import logging
import time
import urllib.parse
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from director.event import divisions, rounds
from director.event.correct import Ask, correct
from director.event.corrections import CorrectionError
from director.files import exports, imports
from . import bodies, parts
from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.tables import codes
from director.tables.enroll import EnrollError, pin, stick_file
from director.tables.exchange import Exchanges
from common.wire.code_exchange import CODE_MINUTES, MAX_BODY as ENROLL_BODY
from .guard import Guard, refusal, table_rate
from director.tables import challenges
from director.tables.ingest import body_cap, receive
from director.limits import IMPORT_BODY, LimitExceeded, Slots
import common.wire.schema as schema
from .addresses import service_addresses
from .tables_page import name_conflict, tables_routes
from .draw_page import draw_routes, watch
from .print_pages import print_routes
from .connections import Wires
from .live import Broadcaster
from .login import login_routes, render
from director.event.model import ModelError
from .sessions import LoginThrottle, SessionStore, same_secret
from common.wire.signing import (STATION_PROOF, TABLE_PROOF, station_key, station_proof, table_key,
                                 table_proof)

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("director.web.app")


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


async def json_body(request: Request, kind: type, expected: str):
    """The body as ``kind`` (common.wire.schema: checked as it is parsed; no body is ``{}``), or
    the refusal to answer with (400, naming the field and what it should be)."""
    try:
        return schema.decode(await request.body() or b"{}", kind)
    except schema.SchemaError as exc:
        where = f"{exc.field}: " if exc.field else ""
        return refusal(400, f"expected JSON {expected}: {where}{exc}"[:300])


def uploads_of(raw: bytes) -> tuple[list[imports.Upload], str | None, bool, bool]:
    """The files of a JSON import: ``{"files": [{"name": ..., "data": base64}], "division": ...,
    "replace": false, "as_corrections": false}``."""
    try:
        body = schema.decode(raw, bodies.ImportRequest)
        uploads = [imports.Upload(f.name, base64.b64decode(f.data, validate=True)) for f in body.files]
    except (schema.SchemaError, binascii.Error) as exc:
        where = f"{exc.field}: " if isinstance(exc, schema.SchemaError) and exc.field else ""
        raise imports.FileRefused('expected JSON {"files": [{"name": "a.t", "data": "<base64>"}, '
                                  f'...], "division": "A", "replace": false}}: {where}{exc}'[:300]) from None
    return uploads, body.division, body.replace, body.as_corrections


CORRECTION_SHAPE = ('{"division": "A", "round": 3, "table": "5" (or "players": ["Ann", "Bob"]), '
                    '"kind": "scores", "scores": [405, 380] (or "forfeit": "Bob"), "reason": "..."}')


def ask_of(body: bodies.CorrectionRequest) -> Ask:
    """The page's correction (checked by the schema) as director.event.correct asks it."""
    return Ask(body.round, body.kind, body.reason, division=body.division or None,
               table=body.table or None, players=tuple(body.players or ()),
               scores=tuple(body.scores) if body.scores is not None else None,
               forfeit=body.forfeit or None)


def t_file_name(db: DirectorDB, division: str) -> str:
    """A division's .t file's name as tsh has it: the file config.tsh named (``a.t``), else the
    division's name in lower case (tsh's own files: ``a.t`` for division A)."""
    for known in divisions.divisions(db):
        if known.name == division and known.tsh_file:
            return Path(known.tsh_file).name
    return f"{division.lower()}.t"


def resolve_division(db: DirectorDB, name: str | None) -> str:
    try:
        return divisions.resolve(db, name)
    except ModelError as exc:
        raise imports.FileRefused(str(exc)) from None


def create_app(db: DirectorDB, config: DirectorConfig, *, password_hash: str,
               now: Callable[[], float] = time.time,
               clock: Callable[[], float] = time.monotonic, recompute: bool = True,
               announcement=None) -> Starlette:
    """The service; ``password_hash`` is the director's (director.web.password), ``now`` the wall
    clock, ``clock`` the monotonic one the limits and sessions count by; ``announcement``: the
    service's DNS-SD announcement (director.tables.announce), whose name conflict the page and
    the tables page show. ``recompute=False``
    (never the service's: only the benchmark's baseline, bench/rigs/director_without_readback.py)
    skips reading each result back from its events."""
    sessions, throttle = SessionStore(clock), LoginThrottle(clock)
    snapshot = parts.Snapshot(db, config, now, clock)
    wires = Wires()     # the door's connections, asked by the live pages' budget (issue 39)
    live = Broadcaster(snapshot, {"public": parts.PUBLIC, "director": parts.DIRECTOR},
                       Slots(config.limits.live_per_address, config.limits.live_total,
                             config.limits.live_director),
                       held_for=snapshot.held_for, wires=wires)
    db.listen(live.notify)
    watch(db, config, now)         # the draw's proposals (director.web.draw_page)
    exchanges = Exchanges(db, config, clock=clock)
    addresses = service_addresses(config)

    async def post_document(request: Request) -> Response:
        table, path = request.path_params["table"], request.url.path.rsplit("/", 1)[1]
        try:
            raw, declared = await read_limited(request, body_cap(path))
        except ClientDisconnect:
            return Response(status_code=400)
        reply = await run_in_threadpool(receive, db, table, path, raw, config.key, now(),
                                        rules=config.rules, declared_size=declared,
                                        recompute=recompute)
        headers = {"Connection": "close"} if declared is not None or len(raw) > body_cap(path) else None
        return JSONResponse(reply.body, status_code=reply.code, headers=headers)

    async def get_assignment(request: Request) -> Response:
        table = request.path_params["table"]
        # the corrections' reasons for the table alone, which proves its key (issue 39)
        mine = same_secret(request.headers.get(TABLE_PROOF),
                           table_proof(table_key(config.key, table), table))
        signed = await run_in_threadpool(functools.partial(rounds.signed_assignment, reasons=mine),
                                         db, table, config.tournament, config.key, config.word_list)
        if signed is None:
            return JSONResponse({"error": f"no assignment for table {table} in the current round"},
                                status_code=404)
        return JSONResponse(signed)

    async def post_challenge(request: Request) -> Response:
        table = request.path_params["table"]
        raw, _ = await read_limited(request, challenges.MAX_BODY)
        reply = await run_in_threadpool(challenges.receive_challenge, db, table, raw, config.key, now())
        return JSONResponse(reply.body, status_code=reply.code)

    async def get_verdict(request: Request) -> Response:
        table = request.path_params["table"]
        signed = await run_in_threadpool(challenges.verdict_for, db, table, config.tournament,
                                         config.key)
        if signed is None:
            return JSONResponse({"error": f"no verdict for table {table}"}, status_code=404)
        return JSONResponse(signed)

    async def station_challenges(request: Request) -> Response:
        station = request.path_params["station"]
        proof = station_proof(station_key(config.key, station), station)
        if not same_secret(request.headers.get(STATION_PROOF), proof):
            return refusal(401, f"the challenges open are judge station {station[:20]}'s only: "
                                f"ask with its key's proof ({STATION_PROOF})")
        signed = await run_in_threadpool(challenges.open_challenges, db, station,
                                         config.tournament, config.key, now())
        return JSONResponse(signed)

    async def post_verdict(request: Request) -> Response:
        station = request.path_params["station"]
        raw, _ = await read_limited(request, challenges.MAX_BODY)
        reply = await run_in_threadpool(challenges.receive_verdict, db, station, raw, config.key, now())
        return JSONResponse(reply.body, status_code=reply.code)

    async def round_action(request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("start", "end"):
            return JSONResponse({"error": f"no such action {action!r}: start or end"}, status_code=404)
        body = await json_body(request, bodies.RoundAction, '{"division": "A", "round": N}')
        if isinstance(body, Response):
            return body
        number, division = body.round, body.division
        try:
            done = await run_in_threadpool(round_actions, db, action, division, number, now())
        except (rounds.RoundError, ModelError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return JSONResponse({**(done[0] if len(done) == 1 else {}), "rounds": done})

    async def correct_result(request: Request) -> Response:
        body = await json_body(request, bodies.CorrectionRequest, CORRECTION_SHAPE)
        if isinstance(body, Response):
            return body
        try:
            ask = ask_of(body)
            made = await run_in_threadpool(lambda: correct(
                db, config.rules, config.tournament, ask, now_wall=now(), source="page"))
        except (CorrectionError, ModelError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        except ValueError as exc:
            return refusal(400, f"{exc}: expected JSON {CORRECTION_SHAPE}")
        return JSONResponse({"message": made.words, "id": made.correction.id})

    async def import_upload(request: Request) -> Response:
        params = request.query_params
        raw, declared = await read_limited(request, IMPORT_BODY)
        if declared is not None or len(raw) > IMPORT_BODY:
            return JSONResponse({"error": f"{params.get('name', 'upload')}: over {IMPORT_BODY} bytes"},
                                status_code=413, headers={"Connection": "close"})
        try:
            if request.headers.get("content-type", "").startswith("application/json"):
                uploads, division, replace, as_corrections = uploads_of(raw)
            else:
                uploads = [imports.Upload(params.get("name", "upload"), raw)]
                division = params.get("division") or None
                replace = params.get("replace") in ("1", "true")
                as_corrections = params.get("as_corrections") in ("1", "true")
            options = imports.Options(replace=replace, rules=config.rules,
                                      tournament=config.tournament, as_corrections=as_corrections)
            messages = await run_in_threadpool(lambda: imports.import_files(
                db, uploads, kind=params.get("kind") or None, division=division, options=options))
        except imports.FileRefused as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"message": "\n".join(messages)})

    async def export(request: Request) -> Response:
        what, params = request.path_params["file"], request.query_params
        stem = (config.tournament or "tournament").replace("/", "-")
        division = params.get("division") or None
        left_out: list[str] = []
        try:
            if what == "division.t":
                encoding = params.get("encoding", "iso-8859-1")
                if encoding not in ("iso-8859-1", "utf-8"):
                    return JSONResponse({"error": "encoding: iso-8859-1 or utf-8"}, status_code=400)
                name = await run_in_threadpool(resolve_division, db, division)
                data = await run_in_threadpool(exports.export_t, db, config.rules, config.tournament,
                                               name, encoding)
                filename, media = t_file_name(db, name), f"text/plain; charset={encoding}"
            elif what == "ratings.TOU":
                data = await run_in_threadpool(exports.export_tou, db, config.rules,
                                               config.tournament, dt.date.fromtimestamp(now()),
                                               left_out)
                filename, media = f"{stem}.TOU", "text/plain; charset=us-ascii"
            elif what == "standings.csv":
                data = await run_in_threadpool(exports.export_standings_csv, db, config.rules,
                                               config.tournament, division)
                filename, media = f"{stem} standings.csv", "text/csv; charset=utf-8"
            elif what in exports.RESULTS:
                fmt = exports.RESULTS[what]
                data = await run_in_threadpool(exports.export_results, db, config.rules,
                                               config.tournament, division, fmt)
                filename = f"{stem} {division + ' ' if division else ''}{what}"
                media = f"text/{'html' if fmt == 'html' else 'csv'}; charset=utf-8"
            elif what == "event.tsh":
                data = await run_in_threadpool(exports.export_archive, db, config.rules,
                                               config.tournament)
                filename, media = f"{stem}.tsh", "text/plain; charset=iso-8859-1"
            else:
                return JSONResponse({"error": f"no export {what!r}"}, status_code=404)
        except imports.FileRefused as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        headers = {"Content-Disposition": f"attachment; filename*=UTF-8''{urllib.parse.quote(filename)}"}
        if left_out:            # what the file leaves out (the round in play), in words
            headers["X-Left-Out"] = urllib.parse.quote("; ".join(left_out), safe=" ;:(),.")
        return Response(data, media_type=media, headers=headers)

    async def page(request: Request) -> Response:
        return HTMLResponse(render("index.html", csrf=request.state.session.csrf, live=addresses.live,
                                   **name_conflict(announcement)),
                            headers={"Cache-Control": "no-store"})

    async def live_page(request: Request) -> Response:
        return HTMLResponse(render("live.html"))

    def events(channel: str):
        async def endpoint(request: Request) -> Response:
            session = request.state.session.token if channel == "director" else None
            try:
                stream, first = await live.open(channel, request.client.host if request.client
                                                else "unknown", session,
                                                tuple(request.client) if request.client else None)
            except LimitExceeded as exc:
                return refusal(exc.code, exc.reason, exc.retry_after)
            return StreamingResponse(live.stream(stream, first), media_type="text/event-stream",
                                     headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        return endpoint

    async def enroll_table(request: Request) -> Response:
        expected = '{"table": "7"} (and "stick": true, with "url" or "serial" if need be)'
        body = await json_body(request, bodies.EnrollRequest, expected)
        if isinstance(body, Response):
            return body
        source = request.client.host if request.client else "unknown"
        try:
            if body.stick:
                name, text, code = stick_file(config, body.table, url=body.url or None,
                                              serial=body.serial or None)
                log.info("table %s's USB stick file made from the page (%s)", body.table[:40], source)
                return JSONResponse({"table": body.table, "file_name": name, "file_text": text,
                                     "code": code, "pin": pin(config, body.table)},
                                    headers={"Cache-Control": "no-store"})
            table = body.table
            made_pin = pin(config, table)
        except EnrollError as exc:
            return refusal(400, str(exc))
        made = await run_in_threadpool(lambda: codes.make(db, table, now(),
                                                          minutes=body.minutes or CODE_MINUTES))
        log.info("table %s's enrollment code made from the page (%s)", table[:40], source)
        return JSONResponse({"table": table, "code": made.code, "expires_wall": made.expires_wall,
                             "tries": made.tries_left, "pin": made_pin},
                            headers={"Cache-Control": "no-store"})

    def enrollment(step: str):
        async def endpoint(request: Request) -> Response:
            try:
                raw, declared = await read_limited(request, ENROLL_BODY)
            except ClientDisconnect:
                return Response(status_code=400)
            if declared is not None or len(raw) > ENROLL_BODY:
                return refusal(413, f"body over {ENROLL_BODY} bytes")
            source = request.client.host if request.client else "unknown"
            if step == "start":             # sealed with the address it came in on
                server = request.scope.get("server")
                act = functools.partial(exchanges.start, reached=(
                    (server[0], server[1]) if server and isinstance(server[1], int) else None))
            else:
                act = exchanges.confirm
            reply = await run_in_threadpool(act, raw, now(), source)
            headers = {"Cache-Control": "no-store"}
            if reply.retry_after is not None:
                headers["Retry-After"] = str(max(1, round(reply.retry_after)))
            return JSONResponse(reply.body, status_code=reply.code, headers=headers)
        return endpoint

    async def state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(snapshot))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        live.attach(asyncio.get_running_loop())
        yield
        await live.close()

    routes = [
        Route("/api/tables/{table}/results", post_document, methods=["POST"], name="tables.results"),
        Route("/api/tables/{table}/status", post_document, methods=["POST"], name="tables.status"),
        Route("/api/tables/{table}/assignment", get_assignment, methods=["GET"],
              name="tables.assignment"),
        Route("/api/tables/{table}/challenge", post_challenge, methods=["POST"], name="tables.challenge"),
        Route("/api/tables/{table}/verdict", get_verdict, methods=["GET"], name="tables.verdict"),
        Route("/api/stations/{station}/challenges", station_challenges, methods=["GET"],
              name="stations.challenges"),
        Route("/api/stations/{station}/verdicts", post_verdict, methods=["POST"],
              name="stations.verdicts"),
        Route("/live", live_page, methods=["GET"], name="live"),
        Route("/live/events", events("public"), methods=["GET"], name="live.events"),
        *login_routes(sessions, throttle, password_hash, on_logout=live.end_session),
        Route("/", page, methods=["GET"], name="page"),
        Route("/events", events("director"), methods=["GET"], name="events"),
        Route("/api/state", state, methods=["GET"], name="state"),
        Route("/api/rounds/{action:str}", round_action, methods=["POST"], name="rounds"),
        Route("/api/import", import_upload, methods=["POST"], name="import"),
        Route("/api/corrections", correct_result, methods=["POST"], name="corrections"),
        Route("/api/enroll", enroll_table, methods=["POST"], name="enroll"),
        Route("/api/enroll/start", enrollment("start"), methods=["POST"], name="enroll.start"),
        Route("/api/enroll/confirm", enrollment("confirm"), methods=["POST"], name="enroll.confirm"),
        Route("/export/{file}", export, methods=["GET"], name="export"),
        *tables_routes(db, config, addresses, now, announcement),
        *draw_routes(db, config, now),
        *print_routes(db, config, results_report="/export/results.html"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    table_requests = table_rate(config.limits, clock)     # the guard's and the door's
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(Guard, routes=routes, sessions=sessions, limits=config.limits, clock=clock,
                   table_requests=table_requests)])
    app.state.live, app.state.db, app.state.config = live, db, config
    app.state.table_requests = table_requests
    app.state.wires = wires                             # the door's, director.web.connections
    return app
