"""The page's import form (the director's session; director.files.imports):

- ``import``: ``POST /api/import?kind=KIND&name=FILE&division=NAME&replace=1&as_corrections=1``
  (the file as the body; all but name optional), or JSON ``{"files": [{"name": ..., "data":
  base64}], "division": ..., "replace": false, "as_corrections": false}`` for several files at
  once (a config.tsh and its .t files). ``replace``: the division whole, even where the file
  would remove what it holds; ``as_corrections``: a file's scores that differ from a table's
  result stand as corrections. Over ``director.limits.IMPORT_BODY`` bytes: 413 naming the file;
  a file refused: 400 with the reason.
"""
from __future__ import annotations

import base64
import binascii

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import common.wire.schema as schema
from director.files import imports
from director.limits import IMPORT_BODY
from .. import bodies
from ..service import service_of
from .base import read_limited


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


def upload_of(raw: bytes, params: QueryParams) -> tuple[list[imports.Upload], str | None, bool, bool]:
    """The file of an import sent as the body itself, its name and options in the query."""
    return ([imports.Upload(params.get("name", "upload"), raw)], params.get("division") or None,
            params.get("replace") in ("1", "true"), params.get("as_corrections") in ("1", "true"))


async def import_upload(request: Request) -> Response:
    params = request.query_params
    raw, declared = await read_limited(request, IMPORT_BODY)
    if declared is not None or len(raw) > IMPORT_BODY:
        return JSONResponse({"error": f"{params.get('name', 'upload')}: over {IMPORT_BODY} bytes"},
                            status_code=413, headers={"Connection": "close"})
    service = service_of(request)
    config = service.config
    try:
        if request.headers.get("content-type", "").startswith("application/json"):
            uploads, division, replace, as_corrections = uploads_of(raw)
        else:
            uploads, division, replace, as_corrections = upload_of(raw, params)
        options = imports.Options(replace=replace, rules=config.rules,
                                  tournament=config.tournament, as_corrections=as_corrections)
        messages = await run_in_threadpool(lambda: imports.import_files(
            service.db, uploads, kind=params.get("kind") or None, division=division, options=options))
    except imports.FileRefused as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return JSONResponse({"message": "\n".join(messages)})


routes = [Route("/api/import", import_upload, methods=["POST"], name="import")]
