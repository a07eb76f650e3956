"""The tournament's rounds and what each table plays: players and pairings into the database,
the current round, starting and ending it, and a table's assignment document.

The current round is the lowest round with pairings that has not ended and whose games are
not all in imported results (else the last round with pairings). A table's assignment (docs/sync-protocol.md, kind ``assignment``) names the
round, the table, both players left first, who starts, and the round's start and end times;
its ``revision`` grows with every change to that table's pairing or to the round. It is signed
with the key of the table it is for (``signed_assignment``), never with the tournament key.
"""
from __future__ import annotations

from typing import Iterable

from kiosk.sync.document import DOCUMENT_SCHEMA
from kiosk.sync.signing import sign, table_key

from .db import DirectorDB
from .model import NO_OPPONENT, Pairing, Player


class RoundError(ValueError):
    """A round cannot be started, ended or paired as asked: says why."""


def store_players(db: DirectorDB, players: Iterable[Player]) -> int:
    """Replace the players (director.model.Player, numbered 1..n as in a .t file)."""
    rows = [{"number": p.number, "name": p.name, "rating": p.rating, "division": p.division}
            for p in players]
    numbers = [r["number"] for r in rows]
    if len(set(numbers)) != len(numbers):
        raise RoundError("two players have the same number")
    with db.transaction() as conn:
        conn["players"].delete_where()
        conn["players"].insert_all(rows, pk="number")
    db.changed("players")
    return len(rows)


def store_pairings(db: DirectorDB, pairings: Iterable[Pairing]) -> int:
    """Replace the pairings of every round the given pairings (director.model.Pairing) name;
    a bye is (player, 0) without a table. Players must be known, each paired once a round,
    each table used once a round."""
    rows = list(pairings)
    with db.transaction() as conn:
        known = {r["number"] for r in conn.query("SELECT number FROM players")}
        seen_tables, seen_players = set(), set()
        for pairing in rows:
            where = f"round {pairing.round}"
            players = [p for p in pairing.players if p != NO_OPPONENT]
            unknown = [p for p in players if p not in known]
            if unknown:
                raise RoundError(f"{where}: no player number {unknown[0]}")
            if pairing.table and (pairing.round, pairing.table) in seen_tables:
                raise RoundError(f"{where}: table {pairing.table} is paired twice")
            twice = [p for p in players if (pairing.round, p) in seen_players]
            if twice:
                raise RoundError(f"{where}: player {twice[0]} is paired twice")
            if pairing.table:
                seen_tables.add((pairing.round, pairing.table))
            seen_players.update((pairing.round, p) for p in players)
        revision = db.next_revision()
        for round_number in sorted({p.round for p in rows}):
            conn["pairings"].delete_where("round = ?", [round_number])
        conn["pairings"].insert_all([{
            "round": p.round, "table_name": p.table or None, "player0": p.players[0],
            "player1": p.players[1], "first": p.first, "revision": revision} for p in rows], pk="id")
    db.changed("pairings")
    return len(rows)


def current_round(db: DirectorDB) -> int | None:
    with db.locked() as conn:
        row = next(conn.query(
            "SELECT MIN(p.round) AS r FROM pairings p LEFT JOIN rounds o ON o.round = p.round "
            "WHERE o.ended_wall IS NULL AND NOT EXISTS (SELECT 1 FROM imported_results i "
            "WHERE i.round = p.round AND p.player0 IN (i.player0, i.player1))"))
        if row["r"] is None:
            row = next(conn.query("SELECT MAX(round) AS r FROM pairings"))
        return row["r"]


def round_times(db: DirectorDB, round_number: int) -> dict:
    with db.locked() as conn:
        return next(conn.query("SELECT * FROM rounds WHERE round = ?", [round_number]),
                    {"round": round_number, "started_wall": None, "ended_wall": None, "revision": 0})


def start_round(db: DirectorDB, round_number: int, now_wall: float) -> dict:
    """Start the round now (again: nothing changes); refused without pairings or once ended."""
    with db.transaction() as conn:
        if not conn.execute("SELECT 1 FROM pairings WHERE round = ?", [round_number]).fetchone():
            raise RoundError(f"round {round_number} has no pairings: import them first")
        times = round_times(db, round_number)
        if times["ended_wall"] is not None:
            raise RoundError(f"round {round_number} has already ended")
        if times["started_wall"] is None:
            conn["rounds"].upsert({"round": round_number, "started_wall": now_wall,
                                   "ended_wall": None, "revision": db.next_revision()}, pk="round")
    db.changed("rounds")
    return round_times(db, round_number)


def end_round(db: DirectorDB, round_number: int, now_wall: float) -> dict:
    """End a started round now (again: nothing changes)."""
    with db.transaction() as conn:
        times = round_times(db, round_number)
        if times["started_wall"] is None:
            raise RoundError(f"round {round_number} has not started")
        if times["ended_wall"] is None:
            conn["rounds"].upsert({**times, "ended_wall": now_wall,
                                   "revision": db.next_revision()}, pk="round")
    db.changed("rounds")
    return round_times(db, round_number)


def player_names(db: DirectorDB) -> dict[int, str]:
    with db.locked() as conn:
        return {r["number"]: r["name"] for r in conn.query("SELECT number, name FROM players")}


def assignment(db: DirectorDB, table: str, tournament: str) -> dict | None:
    """The table's assignment in the current round (unsigned), or None if it has none."""
    round_number = current_round(db)
    if round_number is None:
        return None
    with db.locked() as conn:
        pairing = next(conn.query("SELECT * FROM pairings WHERE round = ? AND table_name = ?",
                                  [round_number, str(table)]), None)
    if pairing is None:
        return None
    names = player_names(db)
    times = round_times(db, round_number)
    return {
        "schema": DOCUMENT_SCHEMA, "kind": "assignment", "tournament": tournament,
        "round": round_number, "table": str(table),
        "players": [names.get(pairing["player0"], f"#{pairing['player0']}"),
                    names.get(pairing["player1"], f"#{pairing['player1']}")],
        "first": pairing["first"],
        "round_started_wall": times["started_wall"], "round_ended_wall": times["ended_wall"],
        "revision": max(pairing["revision"], times["revision"]),
    }


def signed_assignment(db: DirectorDB, table: str, tournament: str, tournament_key: bytes) -> dict | None:
    """The table's assignment signed with that table's own key, or None if it has none."""
    document = assignment(db, table, tournament)
    return None if document is None else sign(document, table_key(tournament_key, document["table"]))
