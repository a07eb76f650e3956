"""The tournament as the database holds it, read into director.event.model values, division by
division: players, pairings and every result that counts, and the standings computed from them.

The results that count, per round and player of a division: a table's result document filed
under the division (matched to its players by name), else a result the director imported (a .t
file's past rounds), else the bye of a round that has started (the preset's
``result.forfeit_spread``). A document that names someone who is not a player of the division,
or a second result for a player in a round, is left out and reported in ``problems`` (the page
shows them) rather than silently counted; an imported result that is what a .t file holds of a
table's result (exported, paired by tsh, imported again) is that game, counted once without a
word. Each result keeps its scores as recorded (a file's as written, a table's as the table
recorded them: capped already under a book that records the capped score); the standings apply
the event's spread caps (its tsh config's, else the tournament's rules',
director.event.divisions.counting_rules) when they count them, as tsh does, and the files keep
the scores (director.files.exports).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable

from common.game.rules import Rules

from . import corrections, divisions
from .db import DirectorDB
from .model import NO_OPPONENT, GameResult, ModelError, Pairing, Player, bye, games_from_document, name_key
from .standings import Standing, compute_standings


@dataclass(frozen=True)
class Counted:
    results: list[GameResult]
    problems: list[str]
    corrections: dict = field(default_factory=dict)     # game key -> the correction applied


@dataclass(frozen=True)
class DivisionStandings:
    division: str
    standings: list[Standing]
    problems: list[str]


def players(db: DirectorDB, division: str | None = None) -> list[Player]:
    """The division's players by number; without a division, every division's in turn."""
    where, args = ("WHERE p.division = ?", [division]) if division else ("", [])
    with db.locked() as conn:
        return [Player(r["number"], r["name"], r["rating"] or 0, r["division"],
                       withdrawn=_withdrawn(r["tsh_tags"]), **_named_tags(r["tsh_tags"]))
                for r in conn.query(f"SELECT p.* FROM players p JOIN divisions d ON d.name = "
                                    f"p.division {where} ORDER BY d.position, p.number", args)]


def _withdrawn(tags: str | None) -> bool:
    """Whether a player's tsh tags mark them withdrawn (``off``: tsh pairs and ranks them no more)."""
    return bool(tags) and any(tag == "off" for tag, _ in json.loads(tags))


PLAYER_TAGS = ("club", "team", "members")       # tags a player's values come from (model.Player)


def _named_tags(tags: str | None) -> dict[str, str]:
    """A player's club, team and members, as their tsh tags (or the players' CSV) give them."""
    return {tag: values for tag, values in json.loads(tags) if tag in PLAYER_TAGS} if tags else {}


def pairings(db: DirectorDB, division: str) -> list[Pairing]:
    with db.locked() as conn:
        return [Pairing(r["round"], r["table_name"] or "", (r["player0"], r["player1"] or NO_OPPONENT),
                        r["first"], r["division"])
                for r in conn.query("SELECT * FROM pairings WHERE division = ? ORDER BY round, id",
                                    [division])]


def imported_results(db: DirectorDB, division: str) -> list[GameResult]:
    with db.locked() as conn:
        rows = list(conn.query("SELECT * FROM imported_results WHERE division = ? "
                               "ORDER BY round, id", [division]))
    return [GameResult(r["round"], r["table_name"] or "", (r["player0"], r["player1"]),
                       (r["score0"], r["score1"]), r["first"], r["kind"],
                       winner=r["winner"] if r["kind"] == "forfeit" else None) for r in rows]


def store_imported_results(db: DirectorDB, results: Iterable[GameResult], *,
                           division: str | None = None) -> int:
    """Replace the division's imported results (a whole .t file's)."""
    with db.transaction() as conn:
        name = divisions.resolve(db, division)
        rows = [{"division": name, "round": r.round, "table_name": r.table or None,
                 "player0": r.players[0], "player1": r.players[1], "score0": r.scores[0],
                 "score1": r.scores[1], "first": r.first, "kind": r.kind, "winner": r.winner}
                for r in results]
        conn["imported_results"].delete_where("division = ?", [name])
        conn["imported_results"].insert_all(rows, pk="id")
    db.changed("imported_results")
    return len(rows)


SOURCES = ("tables", "imported", "byes")


def counted_results(db: DirectorDB, rules: Rules, tournament: str,
                    division: str | None = None, *, corrected: bool = True,
                    sources: tuple[str, ...] = SOURCES) -> Counted:
    """The results that count in the division (the event's only one if not given), each as the
    director's latest correction of its game says (director.event.corrections; ``corrected=False``:
    as recorded, for finding the game a correction names); ``sources``: the tables' results, the
    imported ones, the byes of started rounds (all by default)."""
    name = divisions.resolve(db, division)
    roster = players(db, name)
    problems: list[str] = []
    taken: dict[tuple[int, int], GameResult] = {}       # (round, player) -> their result
    out: list[GameResult] = []
    applying = corrections.latest(corrections.history(db, tournament, name)) if corrected else {}
    used: dict = {}

    numbers = {p.number for p in roster}

    def add(result: GameResult, what: str) -> None:
        correction = applying.get(corrections.game_key(result.round, result.players))
        if correction is None:
            count(result, what)
            return
        used[correction.key] = correction
        for each in correction.applied(result):
            count(each, f"{what} (corrected)")

    def count(result: GameResult, what: str) -> None:
        sides = [(result.round, n) for n in result.players if n != NO_OPPONENT]
        strangers = [n for _, n in sides if n not in numbers]
        if strangers:
            problems.append(f"{what}: player {strangers[0]} is not one of the players; not counted")
            return
        clash = [n for r, n in sides if (r, n) in taken]
        if clash and all(as_t(taken[(result.round, n)], n) == as_t(result, n) for n in clash):
            return            # a table's result, as a .t file exported, then paired by tsh, holds it
        if clash:
            problems.append(f"{what}: player {clash[0]} already has a result in round "
                            f"{result.round}; not counted")
            return
        taken.update((side, result) for side in sides)
        out.append(result)

    only = len(divisions.names(db)) == 1           # a result filed before the division existed
    with db.locked() as conn:
        documents = list(conn.query(
            "SELECT tournament, round, table_name, document FROM results WHERE division = ? OR "
            "(division IS NULL AND ?) ORDER BY round, received_wall", [name, only]))
        byes = list(conn.query(
            "SELECT p.round, p.player0 FROM pairings p JOIN rounds o ON o.division = p.division "
            "AND o.round = p.round WHERE p.division = ? AND p.player1 = 0 AND o.started_wall IS "
            "NOT NULL ORDER BY p.round, p.player0", [name]))
    others = sum(1 for d in documents if d["tournament"] != tournament)
    if others:
        problems.append(f"{others} result(s) of another tournament than {tournament!r}: not counted")
    by_name: dict[str, list[Player]] = {}
    for player in roster:
        by_name.setdefault(name_key(player.name), []).append(player)
    for row in documents:
        if row["tournament"] != tournament or "tables" not in sources:
            continue
        what = f"round {row['round']} table {row['table_name']}"
        try:
            document = json.loads(row["document"])
            names = document["players"]          # checked at ingest: two names
            # only the players those names could be: the model's matching, without a scan of all
            candidates = by_name.get(name_key(names[0]), []) + by_name.get(name_key(names[1]), [])
            for result in games_from_document(document, candidates):
                add(result, what)
        except ModelError as exc:
            problems.append(f"{what}: {exc}")
    for result in imported_results(db, name) if "imported" in sources else ():
        add(result, f"imported round {result.round}")
    for row in byes if "byes" in sources else ():
        if (row["round"], row["player0"]) not in taken:
            add(bye(row["round"], row["player0"], rules.result.forfeit_spread), f"round {row['round']} bye")
    for key, correction in applying.items() if sources == SOURCES else ():
        if key not in used and correction.kind != "original":
            problems.append(f"round {key[0]}: correction {correction.id} (players {key[1]} and "
                            f"{key[2]}) is of no result the division holds now; not applied")
    return Counted(out, problems, used)


def as_t(result: GameResult, number: int) -> tuple:
    """What a .t line holds of the player's result: (opponent, own score, theirs), or for a bye
    or forfeit (0, own spread)."""
    side = result.side_of(number)
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        return (NO_OPPONENT, result.spread if side == 0 else -result.spread)
    return (result.players[1 - side], result.scores[side], result.scores[1 - side])


def standings(db: DirectorDB, rules: Rules, tournament: str,
              division: str | None = None) -> tuple[list[Standing], list[str]]:
    """The division's standings now, ranked in the book's order (``result.ranking``), and what was
    left out of them and why."""
    name = divisions.resolve(db, division)
    counted = counted_results(db, rules, tournament, name)
    counting = divisions.counting_rules(db, rules)
    return (compute_standings(players(db, name), counted.results, counting, counting.result.ranking),
            counted.problems)


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
