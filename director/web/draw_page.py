"""The draw on the director's page (director.event.next_round): each division's draw chosen,
its next round proposed, adjusted and published. What the page may ask (``SHAPES``, each a POST
of JSON with the session's CSRF token to its route, director.web.routes.draw):

- ``settings``: ``{"division": "A", "system": "swiss", "king_of_the_hill": 1, "seeding":
  "rating", "rounds": 7, "gibson": 3}``: the division's draw, kept over the config's;
- ``propose``: ``{"division": "A"}``: its next round drawn now;
- ``swap``: ``{"division": "A", "players": [3, 8]}``;
- ``table``: ``{"division": "A", "player": 3, "table": "12"}``;
- ``publish``: ``{"division": "A"}``: the proposal becomes the round's pairings, and each
  table's next assignment.

``act`` does it, in words. ``draw_part`` is the page's live ``draw`` part (director.web.parts);
``watch`` draws a proposal again after every change that may call for it
(director.event.next_round.refresh), in a thread of its own.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import msgspec

from director.config import DirectorConfig
from director.event import divisions, next_round
from director.event.db import DirectorDB
from director.event.draw import DrawError, DrawSettings
from director.event.model import ModelError
from director.event.rounds import RoundError

log = logging.getLogger("director.web.draw_page")
SHAPES = {"settings": '{"division": "A", "system": "swiss", "king_of_the_hill": 0, '
                      '"seeding": "rating", "rounds": 0, "gibson": 0}',
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

