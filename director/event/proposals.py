"""The draw's proposals and the rounds it published, as the database keeps them: each division's
proposed next round (``proposals``, its games in ``proposed_games``) and the round its draw
published last (``published_draws``). Only director.event.next_round writes them, through here.

A proposal reads as a dict: ``round``, ``made_wall``, ``basis`` (a digest of the results it was
drawn from), ``pairings`` (its games in order, then the bye: ``[table, player, player, first]``,
table "" and player 0 for the bye), ``why`` (for each of them in the same order, why the two
meet when they cross score groups or one is a Gibsonized leader, in words; else None) and
``adjusted`` (what the director changed, in words); or,
for a round that could not be drawn, ``round``, ``error`` (why) and ``made_wall``. A published
round reads as ``round``, ``basis`` and ``changed`` (a result it was drawn from changed since).
"""
from __future__ import annotations

import json

from .db import DirectorDB


def proposal(db: DirectorDB, name: str) -> dict | None:
    """The division's proposed round, or None."""
    with db.locked() as conn:
        row = next(conn.query("SELECT * FROM proposals WHERE division = ?", [name]), None)
        games = conn.execute("SELECT table_name, player0, player1, first, why FROM "
                             "proposed_games WHERE division = ? ORDER BY position", [name]).fetchall()
    if row is None:
        return None
    if row["error"] is not None:
        return {"round": row["round"], "error": row["error"], "made_wall": row["made_wall"]}
    out = {"round": row["round"], "made_wall": row["made_wall"],
           "pairings": [[table or "", a, b, first] for table, a, b, first, _ in games],
           "why": [why for *_, why in games],
           "adjusted": json.loads(row["adjusted"] or "[]")}
    if row["basis"] is not None:
        out["basis"] = row["basis"]
    return out


def store_proposal(db: DirectorDB, name: str, made: dict | None) -> None:
    """Keep ``made`` (a proposal as ``proposal`` reads it) as the division's proposed round;
    None: it has none."""
    with db.transaction() as conn:
        conn.execute("DELETE FROM proposed_games WHERE division = ?", [name])
        conn.execute("DELETE FROM proposals WHERE division = ?", [name])
        if made is None:
            return
        failed = "error" in made
        conn["proposals"].insert({
            "division": name, "round": made["round"], "made_wall": made["made_wall"],
            "basis": made.get("basis"), "error": made["error"] if failed else None,
            "adjusted": None if failed else json.dumps(made.get("adjusted", []))})
        games = made.get("pairings", [])
        why = made.get("why") or [None] * len(games)
        conn["proposed_games"].insert_all(
            ({"division": name, "position": i, "table_name": table or None, "player0": a,
              "player1": b, "first": first, "why": reason}
             for i, ((table, a, b, first), reason) in enumerate(zip(games, why))),
            pk=("division", "position"))


def published(db: DirectorDB, name: str) -> dict | None:
    """The round the division's draw published last, or None."""
    with db.locked() as conn:
        row = next(conn.query("SELECT round, basis, changed FROM published_draws WHERE "
                              "division = ?", [name]), None)
    return None if row is None else {**row, "changed": bool(row["changed"])}


def store_published(db: DirectorDB, name: str, drawn: dict) -> None:
    """Keep ``drawn`` (``round``, ``basis``, ``changed``) as the round the draw published last."""
    with db.transaction() as conn:
        conn["published_draws"].upsert({"division": name, "round": drawn["round"],
                                        "basis": drawn["basis"],
                                        "changed": 1 if drawn.get("changed") else 0},
                                       pk="division")
