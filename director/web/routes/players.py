"""The buttons of players who come and go, on the director's page (the director's session; what
each asks and does is director.web.players_page's):

- ``players.late``: ``POST /api/players/late``, a late entry;
- ``players.withdraw``: ``POST /api/players/withdraw``, a player withdrawn from a round on;
- ``players.back``: ``POST /api/players/back``, a withdrawn or absent player paired again;
- ``players.absent``: ``POST /api/players/absent``, a player absent for one round;
- ``players.noshow``: ``POST /api/players/noshow``, a no-show's forfeit.

A body that is not what its route asks is refused 400 naming the field; a refused change
answers 409 with the reason, and nothing changed.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from director.event.draw import DrawError
from director.event.model import ModelError
from director.event.rounds import RoundError
from .. import bodies
from ..players_page import SHAPES, act
from ..service import service_of
from .base import json_body


async def player_action(request: Request) -> Response:
    """What the route's last part names (``SHAPES``), done."""
    what = request.url.path.rsplit("/", 1)[1]
    body = await json_body(request, bodies.PlayerAction, SHAPES[what])
    if isinstance(body, Response):
        return body
    service = service_of(request)
    try:
        done = await run_in_threadpool(act, service.db, service.config, what, body, service.now())
    except (DrawError, ModelError, RoundError) as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)
    return JSONResponse(done)


routes = [Route(f"/api/players/{what}", player_action, methods=["POST"], name=f"players.{what}")
          for what in SHAPES]
