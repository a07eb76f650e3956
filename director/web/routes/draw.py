"""The draw's buttons on the director's page (the director's session; what each asks and does is
director.web.draw_page's):

- ``draw.settings``: ``POST /api/draw/settings``, a division's draw chosen;
- ``draw.propose``: ``POST /api/draw/propose``, its next round drawn now;
- ``draw.swap``: ``POST /api/draw/swap``, two players of the proposal swapped;
- ``draw.table``: ``POST /api/draw/table``, a player's game moved to another table (one of
  the event's: a typo is refused with the reason, nothing stored);
- ``draw.tables``: ``POST /api/draw/tables``, a division's own tables given;
- ``draw.publish``: ``POST /api/draw/publish``, the proposal published;
- ``draw.takeback``: ``POST /api/draw/takeback``, the published round, not started, taken back
  (it is the proposal again).

A swap or a move with ``"published": true`` repairs the published round, not started, instead.

A body that is not what its route asks is refused 400 naming the field; a refused action
answers 409 with the reason.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .. import bodies
from ..draw_page import SHAPES, act
from .base import json_body, page_action


async def draw_action(request: Request) -> Response:
    """What the route's last part names (``SHAPES``), done."""
    what = request.url.path.rsplit("/", 1)[1]
    kind = bodies.DrawChoice if what == "settings" else bodies.DrawAction
    body = await json_body(request, kind, SHAPES[what])
    if isinstance(body, Response):
        return body
    return await page_action(request, act, what, body)


routes = [Route(f"/api/draw/{what}", draw_action, methods=["POST"], name=f"draw.{what}")
          for what in SHAPES]
