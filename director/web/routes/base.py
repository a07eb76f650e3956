"""What the route modules share (Datasette's views/base.py): the body read within a limit, a
JSON body checked by the protocol's schema, the client's address, and the answers' common
headers and values."""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import common.wire.schema as schema
from director.event.draw import DrawError
from director.event.model import ModelError
from director.event.rounds import RoundError
from director.tables.announce import Announcement
from ..guard import refusal
from ..service import service_of

NO_STORE = {"Cache-Control": "no-store"}


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


async def json_body(request: Request, kind: type, expected: str):
    """The body as ``kind`` (common.wire.schema: checked as it is parsed; no body is ``{}``), or
    the refusal to answer with (400, naming the field and what it should be)."""
    try:
        return schema.decode(await request.body() or b"{}", kind)
    except schema.SchemaError as exc:
        where = f"{exc.field}: " if exc.field else ""
        return refusal(400, f"expected JSON {expected}: {where}{exc}"[:300])


async def page_action(request: Request, act, what: str, body) -> Response:
    """A page's button done: ``act(db, config, what, body, now)``'s answer, or 409 with the
    reason when the event refuses it (nothing changed)."""
    service = service_of(request)
    try:
        done = await run_in_threadpool(act, service.db, service.config, what, body, service.now())
    except (DrawError, ModelError, RoundError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return JSONResponse(done)


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def name_conflict(announcement: Announcement | None) -> dict[str, str]:
    """The red banner's values for a page: the name conflict on the network, if the service's
    DNS-SD announcement met one (director.tables.announce), else the banner hidden."""
    words = announcement.conflict if announcement is not None else ""
    return {"name_conflict": words, "name_conflict_hidden": "" if words else "hidden"}

