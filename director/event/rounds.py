"""The tournament's rounds and what each table plays: players and pairings into the database,
each division's current round, starting and ending it, and a table's assignment document.

Every division runs its own rounds. A division's current round is its lowest round with
pairings that has not ended and whose games are not all in imported results (else its last
round with pairings). Tables are numbered across the venue: a (round, table) is one
division's game, so the same table cannot be paired in two divisions in a round.

A table's assignment (docs/sync-protocol.md, kind ``assignment``) names the division, the round,
the table, both players left first, who starts, the round's start and end times, and the
director's corrections of the games the table sent (director.event.corrections.for_assignment:
the table journals and shows them); its ``revision`` grows with every change to that table's
pairing, to its round, or to a correction of its games. When divisions at
different rounds both pair a table in their current rounds, the table gets the game still to be
played in the lowest round (the other follows once that game has a result). It is signed with
the key of the table it is for (``signed_assignment``), never with the tournament key.
"""
from __future__ import annotations

import json
from typing import Iterable

from common.wire.document import DOCUMENT_SCHEMA
from common.wire.signing import sign, table_key

from . import corrections, divisions
from .db import DirectorDB
from .model import NO_OPPONENT, Pairing, Player, name_refusal


class RoundError(ValueError):
    """A round cannot be started, ended or paired as asked: says why."""


def store_players(db: DirectorDB, players: Iterable[Player], *, division: str | None = None) -> int:
    """Replace the players of each division the players name (director.event.model.Player, numbered
    1..n in each as in a .t file); a player without a division is ``division``'s, else the
    event's only one (``A`` in a new event)."""
    by_division: dict[str, list[dict]] = {}
    with db.transaction() as conn:
        default = None
        for p in players:
            bad = name_refusal(p.name)
            if bad:
                raise RoundError(f"player {p.number}: the name {p.name[:40]!r} is {bad}")
            if p.division:
                name = divisions.for_import(db, p.division)
            else:
                default = default or divisions.for_import(db, division)
                name = default
            given = [[tag, getattr(p, tag)] for tag in ("club", "team", "members") if getattr(p, tag)]
            by_division.setdefault(name, []).append(
                {"division": name, "number": p.number, "name": p.name, "rating": p.rating,
                 "tsh_tags": json.dumps(given) if given else None})
        for name, rows in by_division.items():
            numbers = [r["number"] for r in rows]
            if len(set(numbers)) != len(numbers):
                raise RoundError(f"division {name}: two players have the same number")
            divisions.ensure(db, name)
            conn["players"].delete_where("division = ?", [name])
            conn["players"].insert_all(rows, pk=("division", "number"))
    db.changed("players")
    return sum(len(rows) for rows in by_division.values())


def store_pairings(db: DirectorDB, pairings: Iterable[Pairing], *, division: str | None = None) -> int:
    """Replace, in each division the pairings (director.event.model.Pairing) name, its pairings of
    every round they name; a bye is (player, 0) without a table. A pairing without a division is
    ``division``'s, else the event's only one's. Players must be the division's, each paired
    once a round; a table is used once a round across the venue."""
    rows = list(pairings)
    with db.transaction() as conn:
        groups: dict[str, list[Pairing]] = {}
        for pairing in rows:
            name = divisions.resolve(db, pairing.division or division)
            groups.setdefault(name, []).append(pairing)
        revision = db.next_revision() if rows else None
        for name, group in groups.items():
            for round_number in sorted({p.round for p in group}):
                conn["pairings"].delete_where("division = ? AND round = ?", [name, round_number])
        for name, group in groups.items():
            _check_pairings(conn, name, group)
            conn["pairings"].insert_all([{
                "division": name, "round": p.round,
                "table_name": (p.table or None) if p.players[1] != NO_OPPONENT else None,
                "player0": p.players[0], "player1": p.players[1], "first": p.first,
                "revision": revision} for p in group], pk="id")
    db.changed("pairings")
    return len(rows)


def add_player(db: DirectorDB, division: str, player: Player) -> None:
    """A player added to the division after its last (a late entry: director.event.entries),
    its other players as they were. Call inside a transaction."""
    bad = name_refusal(player.name)
    if bad:
        raise RoundError(f"the name {player.name[:40]!r} is {bad}")
    with db.transaction() as conn:
        conn["players"].insert({"division": division, "number": player.number,
                                "name": player.name, "rating": player.rating, "tsh_tags": None},
                               pk=("division", "number"))


def add_pairings(db: DirectorDB, pairings: Iterable[Pairing], *, division: str) -> int:
    """Add pairings to the division's rounds, the pairings they have kept (a missed round's
    pairing against no one: director.event.entries); checked as ``store_pairings`` checks."""
    rows = list(pairings)
    if not rows:
        return 0
    with db.transaction() as conn:
        revision = db.next_revision()
        rounds = sorted({p.round for p in rows})
        held = [Pairing(r["round"], r["table_name"] or "", (r["player0"], r["player1"]), None,
                        division) for r in conn.query(
            f"SELECT * FROM pairings WHERE division = ? AND round IN ({', '.join('?' * len(rounds))})",
            [division, *rounds])]
        _check_pairings(conn, division, held + rows)
        conn["pairings"].insert_all([{
            "division": division, "round": p.round,
            "table_name": (p.table or None) if p.players[1] != NO_OPPONENT else None,
            "player0": p.players[0], "player1": p.players[1], "first": p.first,
            "revision": revision} for p in rows], pk="id")
    db.changed("pairings")
    return len(rows)


def remove_round(db: DirectorDB, division: str, round_number: int) -> int:
    """Take away the division's pairings of a round (a published round taken back before it
    started: director.event.published); the number of pairings taken away."""
    with db.transaction() as conn:
        gone = conn.execute("DELETE FROM pairings WHERE division = ? AND round = ?",
                            [division, round_number]).rowcount
        db.next_revision()
    db.changed("pairings")
    return gone


def _check_pairings(conn, name: str, group: list[Pairing]) -> None:
    known = {r["number"] for r in conn.query("SELECT number FROM players WHERE division = ?", [name])}
    taken = {(r["round"], r["table_name"]): r["division"] for r in conn.query(
        "SELECT round, table_name, division FROM pairings WHERE table_name IS NOT NULL "
        "AND division != ?", [name])}
    seen_tables, seen_players = set(), set()
    for pairing in group:
        where = f"division {name} round {pairing.round}"
        players = [p for p in pairing.players if p != NO_OPPONENT]
        unknown = [p for p in players if p not in known]
        if unknown:
            raise RoundError(f"{where}: no player number {unknown[0]}")
        table = pairing.table if pairing.players[1] != NO_OPPONENT else ""
        if table and (pairing.round, table) in seen_tables:
            raise RoundError(f"{where}: table {table} is paired twice")
        if table and (pairing.round, table) in taken:
            raise RoundError(f"{where}: table {table} is division {taken[(pairing.round, table)]}'s "
                             "in that round (tables are numbered across the venue)")
        twice = [p for p in players if (pairing.round, p) in seen_players]
        if twice:
            raise RoundError(f"{where}: player {twice[0]} is paired twice")
        if table:
            seen_tables.add((pairing.round, table))
        seen_players.update((pairing.round, p) for p in players)


def current_round(db: DirectorDB, division: str | None = None) -> int | None:
    """The division's current round (the event's only division if not given); None before any
    pairing."""
    if not division and not divisions.names(db):
        return None
    name = divisions.resolve(db, division)
    with db.locked() as conn:
        row = next(conn.query(
            "SELECT MIN(p.round) AS r FROM pairings p LEFT JOIN rounds o ON o.division = "
            "p.division AND o.round = p.round WHERE p.division = ? AND o.ended_wall IS NULL AND "
            "NOT EXISTS (SELECT 1 FROM imported_results i WHERE i.division = p.division AND "
            "i.round = p.round AND p.player0 IN (i.player0, i.player1))", [name]))
        if row["r"] is None:
            row = next(conn.query("SELECT MAX(round) AS r FROM pairings WHERE division = ?", [name]))
        return row["r"]


def round_times(db: DirectorDB, round_number: int, division: str | None = None) -> dict:
    name = divisions.resolve(db, division)
    with db.locked() as conn:
        return next(conn.query("SELECT * FROM rounds WHERE division = ? AND round = ?",
                               [name, round_number]),
                    {"division": name, "round": round_number, "started_wall": None,
                     "ended_wall": None, "revision": 0})


def start_round(db: DirectorDB, round_number: int, now_wall: float,
                division: str | None = None) -> dict:
    """Start the division's round now (again: nothing changes); refused without pairings or once
    ended."""
    with db.transaction() as conn:
        name = divisions.resolve(db, division)
        where = f"division {name} round {round_number}"
        if not conn.execute("SELECT 1 FROM pairings WHERE division = ? AND round = ?",
                            [name, round_number]).fetchone():
            raise RoundError(f"{where} has no pairings: import them first")
        times = round_times(db, round_number, name)
        if times["ended_wall"] is not None:
            raise RoundError(f"{where} has already ended")
        if times["started_wall"] is None:
            conn["rounds"].upsert({"division": name, "round": round_number,
                                   "started_wall": now_wall, "ended_wall": None,
                                   "revision": db.next_revision()}, pk=("division", "round"))
    db.changed("rounds")
    return round_times(db, round_number, name)


def end_round(db: DirectorDB, round_number: int, now_wall: float,
              division: str | None = None) -> dict:
    """End the division's started round now (again: nothing changes)."""
    with db.transaction() as conn:
        name = divisions.resolve(db, division)
        times = round_times(db, round_number, name)
        if times["started_wall"] is None:
            raise RoundError(f"division {name} round {round_number} has not started")
        if times["ended_wall"] is None:
            conn["rounds"].upsert({**times, "ended_wall": now_wall,
                                   "revision": db.next_revision()}, pk=("division", "round"))
    db.changed("rounds")
    return round_times(db, round_number, name)


def player_names(db: DirectorDB, division: str) -> dict[int, str]:
    with db.locked() as conn:
        return {r["number"]: r["name"] for r in conn.query(
            "SELECT number, name FROM players WHERE division = ?", [division])}


def table_pairings(db: DirectorDB, table: str) -> list[dict]:
    """The pairing at ``table`` in each division's current round (usually one, or none)."""
    found = []
    for name in divisions.names(db):
        round_number = current_round(db, name)
        with db.locked() as conn:
            found += conn.query("SELECT * FROM pairings WHERE division = ? AND round = ? AND "
                                "table_name = ?", [name, round_number, str(table)])
    return found


def _has_result(db: DirectorDB, pairing: dict, tournament: str) -> bool:
    with db.locked() as conn:
        return bool(conn.execute(
            "SELECT 1 FROM results WHERE tournament = ? AND round = ? AND table_name = ? UNION ALL "
            "SELECT 1 FROM imported_results WHERE division = ? AND round = ? AND ? IN (player0, "
            "player1)", [tournament, pairing["round"], pairing["table_name"], pairing["division"],
                         pairing["round"], pairing["player0"]]).fetchone())


def assignment(db: DirectorDB, table: str, tournament: str, word_list: dict | None = None, *,
               reasons: bool = True) -> dict | None:
    """The table's assignment (unsigned), or None if no division's current round pairs it;
    ``word_list`` (the director's config: ``lexicon`` name and fingerprint, ``rated``) is carried
    when the director names one; ``reasons=False``: each correction's reason left empty (for
    anyone but the table, who shows it on its screen)."""
    candidates = table_pairings(db, table)
    if not candidates:
        return None
    to_play = [p for p in candidates if not _has_result(db, p, tournament)]
    pairing = (min(to_play, key=lambda p: p["round"]) if to_play
               else max(candidates, key=lambda p: p["round"]))
    name, round_number = pairing["division"], pairing["round"]
    names = player_names(db, name)
    times = round_times(db, round_number, name)
    told = corrections.for_table(db, tournament, str(table))
    return {
        "schema": DOCUMENT_SCHEMA, "kind": "assignment", "tournament": tournament,
        "division": name, "round": round_number, "table": str(table),
        "players": [names.get(pairing["player0"], f"#{pairing['player0']}"),
                    names.get(pairing["player1"], f"#{pairing['player1']}")],
        "first": pairing["first"],
        "round_started_wall": times["started_wall"], "round_ended_wall": times["ended_wall"],
        "corrections": [{**corrections.for_assignment(c), **({} if reasons else {"reason": ""})}
                        for c in told],
        "revision": max(pairing["revision"], times["revision"], *(c.revision for c in told)),
        **(word_list or {}),
    }


def signed_assignment(db: DirectorDB, table: str, tournament: str, tournament_key: bytes,
                      word_list: dict | None = None, *, reasons: bool = True) -> dict | None:
    """The table's assignment signed with that table's own key, or None if it has none
    (``reasons``: as ``assignment``'s)."""
    document = assignment(db, table, tournament, word_list, reasons=reasons)
    return None if document is None else sign(document, table_key(tournament_key, document["table"]))


class DivisionMismatch(ValueError):
    """A table's document names another division than the table's pairing, or none where one is
    needed: says which."""


def division_for(db: DirectorDB, round_number: int, table: str, named: str | None, *,
                 needed: bool = True) -> str | None:
    """The division a table's document (result or status) of ``round_number`` belongs to: the
    division of the table's pairing in that round, which a division the document names must be;
    without a pairing, the division it names (one of the event's), or the event's only one.
    ``needed=False`` (a status): a table no pairing places yet, naming no division in an event
    of several, is no division's (None): it waits for its round, heard from all the same."""
    with db.locked() as conn:
        row = next(conn.query("SELECT division FROM pairings WHERE round = ? AND table_name = ?",
                              [round_number, str(table)]), None)
    where = f"round {round_number} table {table}"
    if row is not None:
        if named and named != row["division"]:
            raise DivisionMismatch(f"division: the document is division {named!r}; {where} is "
                                   f"division {row['division']}'s")
        return row["division"]
    known = divisions.names(db)
    if named:
        if known and named not in known:
            raise DivisionMismatch(f"division: {named!r} is none of the event's divisions "
                                   f"({', '.join(known)})")
        return named
    if len(known) > 1 and not needed:
        return None
    if len(known) > 1:
        raise DivisionMismatch(f"division: missing, and {where} has no pairing to tell which of "
                               f"the divisions ({', '.join(known)}) it is")
    return known[0] if known else None
