"""The page's round buttons (the director's session):

- ``rounds``: ``POST /api/rounds/start`` and ``/api/rounds/end`` (JSON ``{"division": "A",
  "round": N}``): a division's round (its current one unless a round is given) started or
  ended; without a division every division at once, each its current round unless a round is
  given (one that cannot is skipped, unless none can: 409 with the reasons).
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from director.event import divisions, rounds
from director.event.db import DirectorDB
from director.event.model import ModelError
from .. import bodies
from ..service import service_of
from .base import json_body


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


async def round_action(request: Request) -> Response:
    action = request.path_params["action"]
    if action not in ("start", "end"):
        return JSONResponse({"error": f"no such action {action!r}: start or end"}, status_code=404)
    body = await json_body(request, bodies.RoundAction, '{"division": "A", "round": N}')
    if isinstance(body, Response):
        return body
    service = service_of(request)
    try:
        done = await run_in_threadpool(round_actions, service.db, action, body.division,
                                       body.round, service.now())
    except (rounds.RoundError, ModelError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return JSONResponse({**(done[0] if len(done) == 1 else {}), "rounds": done})


routes = [Route("/api/rounds/{action:str}", round_action, methods=["POST"], name="rounds")]
