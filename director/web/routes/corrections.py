"""The director's corrections from the page (the director's session; director.event.correct):

- ``corrections``: ``POST /api/corrections`` (JSON: the division, round, table or players,
  kind, scores or who forfeited, and the reason, ``CORRECTION_SHAPE``): a result corrected; 409
  with the reason when it cannot be made, 400 when the body is not one.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from director.event.correct import Ask, correct
from director.event.corrections import CorrectionError
from director.event.model import ModelError
from .. import bodies
from ..guard import refusal
from ..service import service_of
from .base import json_body

CORRECTION_SHAPE = ('{"division": "A", "round": 3, "table": "5" (or "players": ["Ann", "Bob"]), '
                    '"kind": "scores", "scores": [405, 380] (or "forfeit": "Bob"), "reason": "..."}')


def ask_of(body: bodies.CorrectionRequest) -> Ask:
    """The page's correction (checked by the schema) as director.event.correct asks it."""
    return Ask(body.round, body.kind, body.reason, division=body.division or None,
               table=body.table or None, players=tuple(body.players or ()),
               scores=tuple(body.scores) if body.scores is not None else None,
               forfeit=body.forfeit or None)


async def correct_result(request: Request) -> Response:
    body = await json_body(request, bodies.CorrectionRequest, CORRECTION_SHAPE)
    if isinstance(body, Response):
        return body
    service = service_of(request)
    config = service.config
    try:
        ask = ask_of(body)
        made = await run_in_threadpool(lambda: correct(
            service.db, config.rules, config.tournament, ask, now_wall=service.now(),
            source="page"))
    except (CorrectionError, ModelError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    except ValueError as exc:
        return refusal(400, f"{exc}: expected JSON {CORRECTION_SHAPE}")
    return JSONResponse({"message": made.words, "id": made.correction.id})


routes = [Route("/api/corrections", correct_result, methods=["POST"], name="corrections")]
