"""Players who come and go, on the director's page (director.event.entries): what the page may
ask (``SHAPES``, each a POST of JSON with the session's CSRF token to its route,
director.web.routes.players), and ``act``, which does it and says what was done:

- ``late``: ``{"division": "A", "name": "Dan Wu", "rating": 1500, "missed": "none"}``: a late
  entry, the rounds already paired missed (``none``: no game; ``forfeit``: forfeit losses);
- ``withdraw``: ``{"division": "A", "player": "7", "round": 4, "missed": "none"}``: withdrawn
  from round 4 on (without ``round``: the first not started);
- ``back``: ``{"division": "A", "player": "7", "round": 6}``: paired again;
- ``absent``: ``{"division": "A", "player": "7", "round": 4, "missed": "none"}``: round 4 only;
- ``noshow``: ``{"division": "A", "round": 4, "players": ["7"]}``: the player (or both of a
  game) never came: a forfeit, the book's late forfeit spread (``"undo": true``: one entered
  by mistake taken back).

A player is named by number or name. Who is withdrawn or absent is shown in the draw's part
(director.web.draw_page.draw_part).
"""
from __future__ import annotations

from director.config import DirectorConfig
from director.event import entries
from director.event.db import DirectorDB
from director.event.roster import RosterError
from .draw_page import event_of

SHAPES = {"late": '{"division": "A", "name": "Dan Wu", "rating": 1500, "missed": "none"}',
          "withdraw": '{"division": "A", "player": "7", "round": 4, "missed": "none"}',
          "back": '{"division": "A", "player": "7", "round": 6}',
          "absent": '{"division": "A", "player": "7", "round": 4, "missed": "none"}',
          "noshow": '{"division": "A", "round": 4, "players": ["7"]}'}


def act(db: DirectorDB, config: DirectorConfig, what: str, body, now_wall: float) -> dict:
    """Do what the page asked; ``{"message": what was done, in words}``."""
    event = event_of(config)
    if what == "late":
        if not body.name:
            raise RosterError("name the player who enters")
        done = entries.late_entry(db, event, body.division, body.name, body.rating or 0,
                                  body.missed, now_wall)
    elif what == "noshow":
        if body.round is None or not body.players:
            raise RosterError("name the round and the player who did not come")
        if body.undo:
            done = entries.take_back_no_show(db, event, body.division, body.round,
                                             body.players[0], now_wall)
        else:
            done = entries.no_show(db, event, body.division, body.round, list(body.players),
                                   now_wall)
    else:
        if not body.player:
            raise RosterError("name the player (their number or their name)")
        if what == "withdraw":
            done = entries.withdraw(db, event, body.division, body.player, body.round,
                                    body.missed, now_wall)
        elif what == "back":
            done = entries.come_back(db, event, body.division, body.player, body.round, now_wall)
        else:
            done = entries.absent(db, event, body.division, body.player, body.round,
                                  body.missed, now_wall)
    return {"message": "; ".join(done)}
