"""The draw on the director's page (director.event.next_round): each division's draw chosen,
its next round proposed, adjusted and published. Routes (the director's session, as every page's
route; each a POST of JSON with the session's CSRF token, as the page's other buttons send):

- ``draw.settings``: ``POST /api/draw/settings`` ``{"division": "A", "system": "swiss",
  "king_of_the_hill": 1, "seeding": "rating", "rounds": 7}``: the division's draw, kept over
  the config's;
- ``draw.propose``: ``POST /api/draw/propose`` ``{"division": "A"}``: its next round drawn now;
- ``draw.swap``: ``POST /api/draw/swap`` ``{"division": "A", "players": [3, 8]}``;
- ``draw.table``: ``POST /api/draw/table`` ``{"division": "A", "player": 3, "table": "12"}``;
- ``draw.publish``: ``POST /api/draw/publish`` ``{"division": "A"}``: the proposal becomes the
  round's pairings, and each table's next assignment.

A refused action answers 409 with the reason. ``draw_part`` is the page's live ``draw`` part
(director.web.parts); ``watch`` draws a proposal again after every change that may call for it
(director.event.next_round.refresh), in a thread of its own.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import common.wire.schema as schema
from director.config import DirectorConfig
from director.event import divisions, next_round
from director.event.db import DirectorDB
from director.event.draw import DrawError, DrawSettings
from director.event.model import ModelError
from director.event.rounds import RoundError
from . import bodies
from .guard import refusal

log = logging.getLogger("director.web.draw_page")
SHAPES = {"settings": '{"division": "A", "system": "swiss", "king_of_the_hill": 0, '
                      '"seeding": "rating", "rounds": 0}',
          "propose": '{"division": "A"}', "publish": '{"division": "A"}',
          "swap": '{"division": "A", "players": [3, 8]}',
          "table": '{"division": "A", "player": 3, "table": "12"}'}


def event_of(config: DirectorConfig) -> next_round.Event:
    return next_round.Event(config.rules, config.tournament, config.draw, config.tables)


def draw_part(db: DirectorDB, config: DirectorConfig) -> list[dict]:
    """Each division's draw as the page shows it (director.event.next_round.state)."""
    event, out = event_of(config), []
    for name in divisions.names(db):
        try:
            out.append(next_round.state(db, event, name))
        except (DrawError, ModelError, RoundError) as exc:
            out.append({"division": name, "error": str(exc)})
    return out


def watch(db: DirectorDB, config: DirectorConfig, now: Callable[[], float]) -> Callable[[], None]:
    """Refresh the proposals after each change that may call for it, in a thread of its own (a
    table's result is answered without waiting for the draw: drawing a round of 400 players takes
    seconds), once the changes that come within ``next_round.SETTLE_S`` of it have come too (a
    round's results pour in: the draw looks at them together); changes that come while it runs
    make it run once more. Returns the stop."""
    event = event_of(config)
    lock = threading.Lock()
    work = {"running": False, "again": False}

    def run() -> None:
        while True:
            time.sleep(next_round.SETTLE_S)
            with lock:
                work["again"] = False
            try:
                for line in next_round.refresh(db, event, now()):
                    log.info("the draw: %s", line)
            except Exception:           # a thread of its own: say what went wrong, and go on
                log.exception("the draw could not look at the event's changes")
            with lock:
                if not work["again"]:
                    work["running"] = False
                    return

    def changed(what: str) -> None:
        if what not in next_round.TRIGGERS:
            return
        with lock:
            if work["running"]:
                work["again"] = True
                return
            work["running"] = True
        threading.Thread(target=run, name="director-draw", daemon=True).start()

    return db.listen(changed)


def act(db: DirectorDB, config: DirectorConfig, what: str, body, now_wall: float) -> dict:
    """Do what the page asked; a dict of what was done, in words."""
    name = divisions.resolve(db, body.division)
    if what == "settings":
        fields = {k: v for k, v in msgspec.structs.asdict(body).items() if k != "division"}
        DrawSettings(**fields)                  # the fields agree (a Swiss has its rounds...)
        divisions.choose_draw(db, name, fields)
        return {"message": f"division {name}: the draw is {fields['system']}"}
    if what == "propose":
        made = next_round.propose(db, event_of(config), name, now_wall)
        return {"message": f"division {name}: round {made['round']} drawn; check it and publish it"}
    if what == "swap":
        if body.players is None:
            raise RoundError("name the two players to swap")
        next_round.swap(db, name, *body.players)
        return {"message": f"division {name}: players {body.players[0]} and {body.players[1]} swapped"}
    if what == "table":
        if body.player is None or body.table is None:
            raise RoundError("name the player and the table")
        next_round.set_table(db, name, body.player, body.table)
        return {"message": f"division {name}: player {body.player}'s game at table {body.table}"}
    round_number = next_round.proposal(db, name)
    count = next_round.publish(db, name)
    return {"message": f"division {name}: round {round_number['round']} published ({count} "
                       "games and byes): each table has its next game"}


def draw_routes(db: DirectorDB, config: DirectorConfig, now: Callable[[], float]) -> list[Route]:
    def endpoint(what: str):
        kind = bodies.DrawChoice if what == "settings" else bodies.DrawAction

        async def handle(request: Request) -> Response:
            try:
                body = schema.decode(await request.body() or b"{}", kind)
            except schema.SchemaError as exc:
                where = f"{exc.field}: " if exc.field else ""
                return refusal(400, f"expected JSON {SHAPES[what]}: {where}{exc}"[:300])
            try:
                done = await run_in_threadpool(act, db, config, what, body, now())
            except (DrawError, ModelError, RoundError) as exc:
                return JSONResponse({"error": str(exc)}, status_code=409)
            return JSONResponse(done)
        return handle

    return [Route(f"/api/draw/{what}", endpoint(what), methods=["POST"], name=f"draw.{what}")
            for what in SHAPES]
