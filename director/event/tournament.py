"""The tournament as the database holds it, read into director.event.model values: the players,
pairings and imported results of the event's divisions, and each division's standings as its
loaded view counts them (director.event.counted: what counts, and why a result does not).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from common.game.rules import Rules

from . import counted, divisions
from .counted import SOURCES, Counted, as_t, imported_of, player_of
from .db import DirectorDB
from .model import NO_OPPONENT, GameResult, Pairing, Player
from .standings import Standing

__all__ = ["Counted", "DivisionStandings", "SOURCES", "add_results", "as_t", "counted_results",
           "event_standings", "imported_results", "pairings", "players", "remove_forfeits",
           "remove_results",
           "standings", "store_imported_results", "unfiled_results"]


@dataclass(frozen=True)
class DivisionStandings:
    division: str
    standings: list[Standing]
    problems: list[str]


def players(db: DirectorDB, division: str | None = None) -> list[Player]:
    """The division's players by number; without a division, every division's in turn."""
    where, args = ("WHERE p.division = ?", [division]) if division else ("", [])
    with db.locked() as conn:
        rows = conn.execute(f"SELECT p.division, p.number, p.name, p.rating, p.tsh_tags FROM "
                            f"players p JOIN divisions d ON d.name = p.division {where} ORDER BY "
                            f"d.position, p.number", args).fetchall()
    return [player_of(*row) for row in rows]


def pairings(db: DirectorDB, division: str) -> list[Pairing]:
    with db.locked() as conn:
        return [Pairing(r["round"], r["table_name"] or "", (r["player0"], r["player1"] or NO_OPPONENT),
                        r["first"], r["division"])
                for r in conn.query("SELECT * FROM pairings WHERE division = ? ORDER BY round, id",
                                    [division])]


def imported_results(db: DirectorDB, division: str) -> list[GameResult]:
    with db.locked() as conn:
        rows = conn.execute("SELECT round, table_name, player0, player1, score0, score1, first, "
                            "kind, winner FROM imported_results WHERE division = ? ORDER BY round, "
                            "id", [division]).fetchall()
    return [imported_of(*row) for row in rows]


def store_imported_results(db: DirectorDB, results: Iterable[GameResult], *,
                           division: str | None = None) -> int:
    """Replace the division's imported results (a whole .t file's)."""
    with db.transaction() as conn:
        name = divisions.resolve(db, division)
        rows = [_row(name, r) for r in results]
        conn["imported_results"].delete_where("division = ?", [name])
        conn["imported_results"].insert_all(rows, pk="id")
    db.changed("imported_results")
    return len(rows)


def add_results(db: DirectorDB, results: Iterable[GameResult], *, division: str) -> int:
    """Add results the director enters (a missed round, a no-show's forfeit:
    director.event.entries) to the division's imported ones, which stay."""
    rows = [_row(division, r) for r in results]
    with db.transaction() as conn:
        conn["imported_results"].insert_all(rows, pk="id")
    db.changed("imported_results")
    return len(rows)


def remove_results(db: DirectorDB, division: str, round_number: int, players: Iterable[int]) -> int:
    """Take away the division's imported results of ``round_number`` against no one of
    ``players`` (missed rounds that are played after all)."""
    numbers = list(players)
    if not numbers:
        return 0
    with db.transaction() as conn:
        gone = conn.execute(f"DELETE FROM imported_results WHERE division = ? AND round = ? AND "
                            f"player1 = 0 AND player0 IN ({', '.join('?' * len(numbers))})",
                            [division, round_number, *numbers]).rowcount
    db.changed("imported_results")
    return gone


def remove_forfeits(db: DirectorDB, division: str, round_number: int, player: int) -> int:
    """Take away the forfeits of ``player`` at a table the division's imported results hold in
    the round (a no-show's forfeit entered by mistake: director.event.entries; not a round
    missed, which has no table); how many."""
    with db.transaction() as conn:
        gone = conn.execute("DELETE FROM imported_results WHERE division = ? AND round = ? AND "
                            "kind = 'forfeit' AND ((player1 = 0 AND player0 = ? AND table_name IS NOT "
                            "NULL) OR (player1 != 0 AND ? IN (player0, player1)))",
                            [division, round_number, player, player]).rowcount
    db.changed("imported_results")
    return gone


def _row(name: str, r: GameResult) -> dict:
    return {"division": name, "round": r.round, "table_name": r.table or None,
            "player0": r.players[0], "player1": r.players[1], "score0": r.scores[0],
            "score1": r.scores[1], "first": r.first, "kind": r.kind, "winner": r.winner}


def counted_results(db: DirectorDB, rules: Rules, tournament: str,
                    division: str | None = None, *, corrected: bool = True,
                    sources: tuple[str, ...] = SOURCES) -> Counted:
    """The results that count in the division (the event's only one if not given), each as the
    director's latest correction of its game says (director.event.corrections; ``corrected=False``:
    as recorded, for finding the game a correction names); ``sources``: the tables' results, the
    imported ones, the byes of started rounds (all by default)."""
    view = counted.load(db, rules, tournament, division)
    if corrected and sources == SOURCES:
        return view.counted()
    return view.count(corrected=corrected, sources=sources)


def standings(db: DirectorDB, rules: Rules, tournament: str,
              division: str | None = None) -> tuple[list[Standing], list[str]]:
    """The division's standings now, ranked in the book's order (``result.ranking``), and what was
    left out of them and why."""
    view = counted.load(db, rules, tournament, division)
    return list(view.standings), list(view.problems)


def event_standings(db: DirectorDB, rules: Rules, tournament: str) -> list[DivisionStandings]:
    """Every division's standings, in the event's order."""
    out = []
    for name in divisions.names(db):
        table, problems = standings(db, rules, tournament, name)
        out.append(DivisionStandings(name, table, problems))
    return out


def unfiled_results(db: DirectorDB) -> list[str]:
    """Results no division's standings count: filed under no division while the event has
    several (received before their division's players were imported)."""
    if len(divisions.names(db)) <= 1:
        return []
    with db.locked() as conn:
        rows = list(conn.query("SELECT round, table_name FROM results WHERE division IS NULL"))
    return [f"round {r['round']} table {r['table_name']}: filed under no division; not counted"
            for r in rows]
