"""The draw on the director's page (director.event.next_round): each division's draw chosen,
its next round proposed, adjusted and published. What the page may ask (``SHAPES``, each a POST
of JSON with the session's CSRF token to its route, director.web.routes.draw):

- ``settings``: ``{"division": "A", "system": "swiss", "king_of_the_hill": 1, "seeding":
  "rating", "rounds": 7, "gibson": 3}``: the division's draw, kept over the config's;
- ``propose``: ``{"division": "A"}``: its next round drawn now;
- ``swap``: ``{"division": "A", "players": [3, 8]}``;
- ``table``: ``{"division": "A", "player": 3, "table": "12"}``: one of the event's tables, the
  division's own when it has some (director.event.venue.check: refused with the reason, nothing
  stored);
- ``tables``: ``{"division": "A", "tables": "1-15"}``: the division's own tables, kept over the
  config's ``[divisions.A]`` (``""``: the page's choice dropped), as ``tournament.tables`` takes
  them; none another division's own;
- ``publish``: ``{"division": "A", "round": 4}``: the proposal becomes the round's pairings,
  and each table's next assignment;
- ``takeback``: ``{"division": "A", "round": 4}``: the published round, not started, is the
  proposal again (director.event.published).

``round`` is the round the page shows (a change of a round published meanwhile is not made, and
the answer says so); ``published: true`` makes a swap or a move in the published round, not
started, instead of the proposal.

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

from director.config import DirectorConfig, expected_tables
from director.event import divisions, entries, next_round, published, venue
from director.event.db import DirectorDB
from director.event.draw import DrawError, DrawSettings
from director.event.model import ModelError
from director.event.rounds import RoundError

log = logging.getLogger("director.web.draw_page")
SHAPES = {"settings": '{"division": "A", "system": "swiss", "king_of_the_hill": 0, '
                      '"seeding": "rating", "rounds": 0, "gibson": 0}',
          "propose": '{"division": "A"}', "publish": '{"division": "A", "round": 4}',
          "swap": '{"division": "A", "players": [3, 8], "round": 4, "published": false}',
          "table": '{"division": "A", "player": 3, "table": "12", "round": 4, "published": false}',
          "takeback": '{"division": "A", "round": 4}',
          "tables": '{"division": "A", "tables": "1-15"}'}


def event_of(config: DirectorConfig) -> next_round.Event:
    return next_round.Event(config.rules, config.tournament, config.draw, config.tables,
                            config.division_tables)


def draw_part(db: DirectorDB, config: DirectorConfig) -> list[dict]:
    """Each division's draw as the page shows it (director.event.next_round.state), its last
    round published and still open to change (director.event.published.shown) and who comes and
    goes (director.event.entries.shown)."""
    event, out = event_of(config), []
    for name in divisions.names(db):
        try:
            out.append({**next_round.state(db, event, name),
                        "published": published.shown(db, name),
                        "players": entries.shown(db, name)})
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
    if what == "takeback":
        round_number = body.round or published.last_published(db, name)
        if round_number is None:
            raise RoundError(f"division {name} has no published round to take back: none is open "
                             "(not started, without results)")
        return {"message": published.take_back(db, event_of(config), name, round_number, now_wall)}
    if what in ("swap", "table") and body.published:
        return {"message": _repair(db, config, name, what, body)}
    if what == "swap":
        if body.players is None:
            raise RoundError("name the two players to swap")
        made = next_round.swap(db, name, *body.players, round_number=body.round)
        return {"message": f"division {name}: players {body.players[0]} and {body.players[1]} "
                           f"swapped in the proposal of round {made['round']}"}
    if what == "table":
        if body.player is None or body.table is None:
            raise RoundError("name the player and the table")
        made = next_round.set_table(db, name, body.player, body.table, event_of(config),
                                    round_number=body.round)
        return {"message": f"division {name}: player {body.player}'s game at table {body.table} "
                           f"in the proposal of round {made['round']}"}
    if what == "tables":
        return own_tables(db, config, name, body.tables or "")
    count = next_round.publish(db, name, event_of(config), now_wall, body.round)
    round_number = next_round.published(db, name)["round"]
    return {"message": f"division {name}: round {round_number} published ({count} "
                       "games and byes): each table has its next game"}


def _repair(db: DirectorDB, config: DirectorConfig, name: str, what: str, body) -> str:
    """A swap or a move in the published round, not started (director.event.published)."""
    round_number = body.round or published.last_published(db, name)
    if round_number is None:
        raise RoundError(f"division {name} has no published round open to change")
    if what == "swap":
        if body.players is None:
            raise RoundError("name the two players to swap")
        return published.swap(db, name, *body.players, round_number)
    if body.player is None or body.table is None:
        raise RoundError("name the player and the table")
    return published.set_table(db, name, body.player, body.table, round_number, event_of(config))


def own_tables(db: DirectorDB, config: DirectorConfig, name: str, text: str) -> dict:
    """The division's own tables as the page gives them (``text`` as ``tournament.tables`` takes
    it; "" drops the page's choice), checked as the config's are: the venue's when it is given,
    none another division's own (RoundError, nothing stored)."""
    if not text.strip():
        divisions.choose_tables(db, name, None)
        mine, source = venue.own(db, event_of(config).venue, name)
        held = f"{venue.words(mine)}, as the config gives them" if mine else "the venue's, shared"
        return {"message": f"division {name}: its tables are {held}"}
    tables = expected_tables(text)
    if not tables:
        raise RoundError(f"tables {text[:40]!r}: expected numbers, ranges (1-15) and names, comma "
                         "or space between")
    outside = [t for t in tables if config.tables and t not in config.tables]
    if outside:
        raise RoundError(f"table {outside[0]} is not one of the venue's tables "
                         f"({venue.words(config.tables)}, tournament.tables)")
    owners = venue.owners(db, event_of(config).venue)
    theirs = [t for t in tables if owners.get(t, name) != name]
    if theirs:
        raise RoundError(f"table {theirs[0]} is division {owners[theirs[0]]}'s own")
    divisions.choose_tables(db, name, tables)
    return {"message": f"division {name}: its own tables are {venue.words(tables)}"}
