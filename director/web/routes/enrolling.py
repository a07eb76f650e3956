"""Enrolling a table: the tables page's button (the director's session) and a table enrolling
by its code (public: the tables' API, director.web.guard):

- ``enroll``: ``POST /api/enroll`` (JSON ``{"table": "7", "minutes": 30}``): a one-time code for
  table 7 (open ``minutes``, 10 without) and its director's PIN (director.tables.codes), shown
  on the page; with ``"stick": true`` (and ``"url"`` or ``"serial"`` if need be), table 7's
  enrollment file for a USB stick instead (director.tables.enroll);
- ``enroll.start``, ``enroll.confirm``: ``POST /api/enroll/start`` and ``/confirm``, a table
  enrolling by its code (director.tables.exchange, common.wire.code_exchange): a body over
  ``common.wire.code_exchange.MAX_BODY`` is refused 413; a refusal over its rate says when to
  try again (``Retry-After``).
"""
from __future__ import annotations

import functools
import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from common.wire.code_exchange import CODE_MINUTES, MAX_BODY as ENROLL_BODY
from director.tables import codes
from director.tables.enroll import EnrollError, pin, stick_file
from .. import bodies
from ..guard import refusal
from ..service import service_of
from .base import NO_STORE, client_address, json_body, read_limited

log = logging.getLogger("director.web.routes.enrolling")
EXPECTED = '{"table": "7"} (and "stick": true, with "url" or "serial" if need be)'


async def enroll_table(request: Request) -> Response:
    body = await json_body(request, bodies.EnrollRequest, EXPECTED)
    if isinstance(body, Response):
        return body
    service, source = service_of(request), client_address(request)
    config = service.config
    try:
        if body.stick:
            name, text, code = stick_file(config, body.table, url=body.url or None,
                                          serial=body.serial or None)
            log.info("table %s's USB stick file made from the page (%s)", body.table[:40], source)
            return JSONResponse({"table": body.table, "file_name": name, "file_text": text,
                                 "code": code, "pin": pin(config, body.table)}, headers=NO_STORE)
        table = body.table
        made_pin = pin(config, table)
    except EnrollError as exc:
        return refusal(400, str(exc))
    made = await run_in_threadpool(lambda: codes.make(service.db, table, service.now(),
                                                      minutes=body.minutes or CODE_MINUTES))
    log.info("table %s's enrollment code made from the page (%s)", table[:40], source)
    return JSONResponse({"table": table, "code": made.code, "expires_wall": made.expires_wall,
                         "tries": made.tries_left, "pin": made_pin}, headers=NO_STORE)


async def start(request: Request) -> Response:
    """The exchange's first step, sealed with the address it came in on."""
    server = request.scope.get("server")
    reached = (server[0], server[1]) if server and isinstance(server[1], int) else None
    return await exchange_step(request, functools.partial(service_of(request).exchanges.start,
                                                          reached=reached))


async def confirm(request: Request) -> Response:
    return await exchange_step(request, service_of(request).exchanges.confirm)


async def exchange_step(request: Request, act) -> Response:
    """A step of enrolling by code: its body, within its cap, to ``act`` (Exchanges' ``start``
    or ``confirm``), and its reply."""
    try:
        raw, declared = await read_limited(request, ENROLL_BODY)
    except ClientDisconnect:
        return Response(status_code=400)
    if declared is not None or len(raw) > ENROLL_BODY:
        return refusal(413, f"body over {ENROLL_BODY} bytes")
    reply = await run_in_threadpool(act, raw, service_of(request).now(), client_address(request))
    headers = dict(NO_STORE)
    if reply.retry_after is not None:
        headers["Retry-After"] = str(max(1, round(reply.retry_after)))
    return JSONResponse(reply.body, status_code=reply.code, headers=headers)


routes = [
    Route("/api/enroll", enroll_table, methods=["POST"], name="enroll"),
    Route("/api/enroll/start", start, methods=["POST"], name="enroll.start"),
    Route("/api/enroll/confirm", confirm, methods=["POST"], name="enroll.confirm"),
]
