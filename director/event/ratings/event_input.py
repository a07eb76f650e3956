"""What a rating estimate takes, read from the director's database: the thin adapter between the
event as stored and the estimate's plain values (director.event.ratings.base), one division at a
time. When the event has one loaded view of a division, this reads from it instead.

- **Entrants**, from the players' file: each player's rating and, as tsh keeps it in a ``.t``
  line, their rated games before the event (the ``lifeg`` tag; not known without one).
- **Games**: the results that count (director.event.tournament.counted_results: the tables',
  the imported, the director's corrections), those played by two players only: a bye, a forfeit
  (a late one: "The game will not, however, count for ratings", ABSP 3.1.4; NZASP 9.3 and 10.4)
  and no game at all are left out. An ABSP overtime forfeit ends a game that was played and is a
  game here, as the .TOU export writes it.
- **Rounds**: the division's rounds as its draw has them, or the last round paired or played
  (a system that rates a long event in segments divides them).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from common.game.rules import Rules

from .. import divisions
from ..db import DirectorDB
from ..model import NO_OPPONENT, Player
from ..tournament import counted_results, pairings, players
from .base import Entrant, Game


@dataclass(frozen=True)
class DivisionInput:
    division: str
    players: list[Player]
    entrants: list[Entrant]          # the players' file's: rating, and games from ``lifeg``
    games: list[Game]
    rounds: int
    problems: list[str]              # results the standings leave out too, and why


def division_input(db: DirectorDB, rules: Rules, tournament: str, division: str | None) -> DivisionInput:
    name = divisions.resolve(db, division)
    roster = players(db, name)
    counted = counted_results(db, rules, tournament, name)
    games = [Game(r.round, r.players, r.winner) for r in counted.results
             if r.kind == "game" and r.players[1] != NO_OPPONENT]
    life = _life_games(db, name)
    entrants = [Entrant(p.number, p.rating, life.get(p.number)) for p in roster]
    drawn = (divisions.draw_choice(db, name) or {}).get("rounds") or 0
    last = max([r.round for r in counted.results] + [p.round for p in pairings(db, name)], default=0)
    return DivisionInput(name, roster, entrants, games, max(drawn, last, 1), counted.problems)


def _life_games(db: DirectorDB, division: str) -> dict[int, int]:
    """Each player's ``lifeg`` tag (their rated games before the event, as tsh keeps it)."""
    with db.locked() as conn:
        rows = list(conn.query("SELECT number, tsh_tags FROM players WHERE division = ?", [division]))
    life = {}
    for row in rows:
        for tag, values in json.loads(row["tsh_tags"]) if row["tsh_tags"] else ():
            words = str(values).split()
            if tag == "lifeg" and words and words[0].isdigit():
                life[row["number"]] = int(words[0])
    return life
