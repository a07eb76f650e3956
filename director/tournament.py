"""The tournament as the database holds it, read into director.model values: players, pairings
and every result that counts, and the standings computed from them.

The results that count, per round and player: a table's result document (matched to the
players by name), else a result the director imported (a .t file's past rounds), else the
bye of a round that has started (the preset's ``result.forfeit_spread``). A document that
names someone who is not a player, or a second result for a player in a round, is left out and
reported in ``problems`` (the page shows them) rather than silently counted.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable

from kiosk.core.rules import Rules

from .db import DirectorDB
from .model import (NO_OPPONENT, GameResult, ModelError, Pairing, Player, bye, game_from_document,
                    name_key)
from .standings import Standing, compute_standings


@dataclass(frozen=True)
class Counted:
    results: list[GameResult]
    problems: list[str]


def players(db: DirectorDB) -> list[Player]:
    with db.locked() as conn:
        return [Player(r["number"], r["name"], r["rating"] or 0, r["division"] or "")
                for r in conn.query("SELECT * FROM players ORDER BY number")]


def pairings(db: DirectorDB) -> list[Pairing]:
    with db.locked() as conn:
        return [Pairing(r["round"], r["table_name"] or "", (r["player0"], r["player1"] or NO_OPPONENT),
                        r["first"])
                for r in conn.query("SELECT * FROM pairings ORDER BY round, id")]


def store_imported_results(db: DirectorDB, results: Iterable[GameResult]) -> int:
    """Replace the imported results (a whole .t file's)."""
    rows = [{"round": r.round, "table_name": r.table or None, "player0": r.players[0],
             "player1": r.players[1], "score0": r.scores[0], "score1": r.scores[1],
             "first": r.first, "kind": r.kind, "winner": r.winner} for r in results]
    with db.transaction() as conn:
        conn["imported_results"].delete_where()
        conn["imported_results"].insert_all(rows, pk="id")
    db.changed("imported_results")
    return len(rows)


def counted_results(db: DirectorDB, rules: Rules, tournament: str) -> Counted:
    roster = players(db)
    problems: list[str] = []
    taken: set[tuple[int, int]] = set()         # (round, player) with a result
    out: list[GameResult] = []

    numbers = {p.number for p in roster}

    def add(result: GameResult, what: str) -> None:
        sides = [(result.round, n) for n in result.players if n != NO_OPPONENT]
        strangers = [n for _, n in sides if n not in numbers]
        if strangers:
            problems.append(f"{what}: player {strangers[0]} is not one of the players; not counted")
            return
        clash = [n for r, n in sides if (r, n) in taken]
        if clash:
            problems.append(f"{what}: player {clash[0]} already has a result in round "
                            f"{result.round}; not counted")
            return
        taken.update(sides)
        out.append(result)

    with db.locked() as conn:
        documents = list(conn.query("SELECT tournament, round, table_name, document FROM results "
                                    "ORDER BY round, received_wall"))
        imported = list(conn.query("SELECT * FROM imported_results ORDER BY round, id"))
        byes = list(conn.query(
            "SELECT p.round, p.player0 FROM pairings p JOIN rounds o ON o.round = p.round "
            "WHERE p.player1 = 0 AND o.started_wall IS NOT NULL ORDER BY p.round, p.player0"))
    others = sum(1 for d in documents if d["tournament"] != tournament)
    if others:
        problems.append(f"{others} result(s) of another tournament than {tournament!r}: not counted")
    by_name: dict[str, list[Player]] = {}
    for player in roster:
        by_name.setdefault(name_key(player.name), []).append(player)
    for row in documents:
        if row["tournament"] != tournament:
            continue
        what = f"round {row['round']} table {row['table_name']}"
        try:
            document = json.loads(row["document"])
            names = document["players"]          # checked at ingest: two names
            # only the players those names could be: the model's matching, without a scan of all
            candidates = by_name.get(name_key(names[0]), []) + by_name.get(name_key(names[1]), [])
            add(game_from_document(document, candidates), what)
        except ModelError as exc:
            problems.append(f"{what}: {exc}")
    for row in imported:
        add(GameResult(row["round"], row["table_name"] or "", (row["player0"], row["player1"]),
                       (row["score0"], row["score1"]), row["first"], row["kind"],
                       winner=row["winner"] if row["kind"] == "forfeit" else None),
            f"imported round {row['round']}")
    for row in byes:
        if (row["round"], row["player0"]) not in taken:
            add(bye(row["round"], row["player0"], rules.result.forfeit_spread), f"round {row['round']} bye")
    return Counted(out, problems)


def standings(db: DirectorDB, rules: Rules, tournament: str) -> tuple[list[Standing], list[str]]:
    """The standings now, and what was left out of them and why."""
    counted = counted_results(db, rules, tournament)
    return compute_standings(players(db), counted.results, rules.result.spread_caps), counted.problems
