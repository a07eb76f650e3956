"""The public live view, for players' phones (public: it shows, it changes nothing), and the
server-sent events of every live page (director.web.live):

- ``live``: ``GET /live``, the view (templates/live.html: no controls);
- ``live.events``: ``GET /live/events``, its events (the public parts, director.web.parts).

``event_stream`` opens a live page's stream: the director's page's (``/events``, behind the
session: director.web.routes.director_page) too. Open streams are counted per address and in
all (director.limits.Slots): one refused is answered 429 or 503 with its reason.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from director.limits import LimitExceeded
from ..guard import refusal
from ..service import service_of
from ..templating import render
from .base import client_address


async def event_stream(request: Request, channel: str, session: str | None = None) -> Response:
    """``channel``'s events (``public`` or ``director``) for the page of ``request``; ``session``:
    the director's session it is opened under (its stream ends with the session)."""
    live = service_of(request).live
    try:
        stream, first = await live.open(channel, client_address(request), session)
    except LimitExceeded as exc:
        return refusal(exc.code, exc.reason, exc.retry_after)
    return StreamingResponse(live.stream(stream, first), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def page(request: Request) -> Response:
    return HTMLResponse(render("live.html"))


async def events(request: Request) -> Response:
    return await event_stream(request, "public")


routes = [
    Route("/live", page, methods=["GET"], name="live"),
    Route("/live/events", events, methods=["GET"], name="live.events"),
]
