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

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .. import bodies
from ..players_page import SHAPES, act
from .base import json_body, page_action


async def player_action(request: Request) -> Response:
    """What the route's last part names (``SHAPES``), done."""
    what = request.url.path.rsplit("/", 1)[1]
    body = await json_body(request, bodies.PlayerAction, SHAPES[what])
    if isinstance(body, Response):
        return body
    return await page_action(request, act, what, body)


routes = [Route(f"/api/players/{what}", player_action, methods=["POST"], name=f"players.{what}")
          for what in SHAPES]
