"""The parts of the live pages, read from the database at one instant: what each server-sent
event carries (director.web.live sends them, director.web.live_patch only what changed).

``PUBLIC``: the public live view's parts (players' phones): ``clock`` (the service's time, for
the page's running clocks), ``event`` (the event and each division's round), ``tiles`` (each
division's tables), ``results`` (each division's round's results), ``standings`` (each
division's standings as HTML the service escaped). ``DIRECTOR``: those and the director's own:
``problems`` (what the standings could not count, and why), ``menu_uses`` (the uses of the
director's menu at each table, as its result of the round carries them) and ``taken_back``
(the results the tables sent again because this director lacked them: restored from a backup)
and ``draw`` (each division's draw and its proposed round, director.web.draw_page).
``corrections`` (public: what each corrected game is now) and ``correction_log`` (the
director's: every correction with its reason) come from director.web.corrected; ``seats``
(public: where each player sits in their division's round, for the phone view's "find my
table", and whether the division is over) from director.web.seats.

``Snapshot(db, config, now)`` computes them; the standings are computed again only after
something but a table's status changed (a status changes no standing, and a venue sends a
dozen a second), and at most every ``STANDINGS_EVERY_S`` while results pour in.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from director.event import corrections, divisions, tournament
from . import corrected, view
from .draw_page import draw_part
from .seats import seats_part
from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.event.model import ModelError
from director.tables.refusal import refused_results
from director.event.standings import render_standings_html
from director.files.rating_report import standings_estimates

PUBLIC = ("clock", "event", "tiles", "results", "standings", "corrections", "seats")
STANDINGS_EVERY_S = 2.0
DIRECTOR = PUBLIC + ("problems", "menu_uses", "correction_log", "taken_back", "draw")


def standings_part(db: DirectorDB, config: DirectorConfig) -> dict:
    """Each division's standings as HTML (with each player's rating estimate under the config's
    ``ratings.system``, marked as one), with what was left out of them; the event's problems."""
    groups = []
    for name in divisions.names(db):
        try:
            table, problems = tournament.standings(db, config.rules, config.tournament, name)
            html = render_standings_html(table, *standings_estimates(db, config, name))
        except ModelError as exc:
            html, problems = "", [f"standings: {exc}"]
        groups.append({"division": name, "html": html, "problems": problems})
    return {"divisions": groups, "problems": tournament.unfiled_results(db) + refused_results(db)}


class Snapshot:
    """``snapshot()``: every part, {name: JSON-able}; ``public(parts)``: the public ones.

    The standings (the costliest part, and the biggest to send) are computed again at most
    every ``STANDINGS_EVERY_S`` while results pour in; ``held_for()`` says how long the ones
    given out may still be behind, for the live pages to look again then. ``clock``: monotonic
    seconds."""

    def __init__(self, db: DirectorDB, config: DirectorConfig, now: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic):
        self.db, self.config, self.now, self.clock = db, config, now, clock
        self.lock = threading.Lock()
        self.standings_changes, self.standings_seen, self.standings = 0, -1, None
        self.standings_at = float("-inf")
        db.listen(self._changed)

    def _changed(self, what: str) -> None:
        if what != "status":
            self.standings_changes += 1

    def _standings(self) -> dict:
        with self.lock:
            changes, now = self.standings_changes, self.clock()
            if self.standings is None or (changes != self.standings_seen
                                          and now - self.standings_at >= STANDINGS_EVERY_S):
                self.standings_seen, self.standings_at = changes, now
                self.standings = standings_part(self.db, self.config)
            return self.standings

    def held_for(self) -> float | None:
        """Seconds until the standings given out may be brought up to date; None: they are."""
        with self.lock:
            if self.standings is None or self.standings_changes == self.standings_seen:
                return None
            return max(0.0, self.standings_at + STANDINGS_EVERY_S - self.clock())

    def __call__(self) -> dict:
        db, wall = self.db, self.now()
        settings, standings = divisions.event_settings(db), self._standings()
        every = corrections.history(db, self.config.tournament)
        fixes = corrected.parts(db, every)
        return {"clock": {"now": wall},
                "event": {"tournament": self.config.tournament, "name": settings.name,
                          "date": settings.date, "divisions": view.division_rounds(db)},
                "tiles": view.tiles(db, wall, every),
                "results": view.round_results(db, every),
                "corrections": fixes[0], "correction_log": fixes[1],
                "standings": [{"division": g["division"], "html": g["html"]}
                              for g in standings["divisions"]],
                "problems": {"event": standings["problems"],
                             "divisions": [{"division": g["division"], "problems": g["problems"]}
                                           for g in standings["divisions"]]},
                "menu_uses": view.round_menu_uses(db),
                "taken_back": view.taken_back(db),
                "seats": seats_part(db, self.config),
                "draw": draw_part(db, self.config)}

    @staticmethod
    def public(parts: dict) -> dict:
        return {name: parts[name] for name in PUBLIC}
