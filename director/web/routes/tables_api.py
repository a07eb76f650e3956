"""The tables' API (docs/sync-protocol.md; public: each document is taken under its table's
signature only, director.web.guard):

- ``tables.results``, ``tables.status``: ``POST /api/tables/{table}/results`` and ``/status``,
  a signed document, checked and stored by ``director.tables.ingest.receive`` (a body over its
  cap, ``director.tables.ingest.body_cap``, is refused with 413 before more is read, and the
  connection closed after the answer);
- ``tables.assignment``: ``GET /api/tables/{table}/assignment``, the table's assignment signed
  with that table's own key, 404 when it has none; its corrections' reasons only to the request
  with the table's proof of its key (``X-Table-Proof``, common.wire.signing.table_proof; empty
  otherwise).

The judge station's relay of a table's challenges is director.web.routes.judge_api's; a table
enrolling by its code, director.web.routes.enrolling's.
"""
from __future__ import annotations

import functools

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from director.event import rounds
from common.wire.signing import TABLE_PROOF, table_key, table_proof
from director.tables.ingest import body_cap, receive
from ..service import service_of
from ..sessions import same_secret
from .base import read_limited


async def post_document(request: Request) -> Response:
    """A result or a status (the path's last part says which)."""
    service = service_of(request)
    table, path = request.path_params["table"], request.url.path.rsplit("/", 1)[1]
    try:
        raw, declared = await read_limited(request, body_cap(path))
    except ClientDisconnect:
        return Response(status_code=400)
    config = service.config
    reply = await run_in_threadpool(receive, service.db, table, path, raw, config.key,
                                    service.now(), rules=config.rules, declared_size=declared)
    headers = {"Connection": "close"} if declared is not None or len(raw) > body_cap(path) else None
    return JSONResponse(reply.body, status_code=reply.code, headers=headers)


async def assignment(request: Request) -> Response:
    service, table = service_of(request), request.path_params["table"]
    config = service.config
    # the corrections' reasons for the table alone, which proves its key (issue 39)
    mine = same_secret(request.headers.get(TABLE_PROOF),
                       table_proof(table_key(config.key, table), table))
    signed = await run_in_threadpool(functools.partial(rounds.signed_assignment, reasons=mine),
                                     service.db, table, config.tournament, config.key,
                                     config.word_list)
    if signed is None:
        return JSONResponse({"error": f"no assignment for table {table} in the current round"},
                            status_code=404)
    return JSONResponse(signed)


routes = [
    Route("/api/tables/{table}/results", post_document, methods=["POST"], name="tables.results"),
    Route("/api/tables/{table}/status", post_document, methods=["POST"], name="tables.status"),
    Route("/api/tables/{table}/assignment", assignment, methods=["GET"], name="tables.assignment"),
]
