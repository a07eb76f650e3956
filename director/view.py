"""What the director's page shows, read from the database at one wall-clock instant: every
table as a tile, the current round's results, and the round's state. Plain dicts (JSON for the
page's live updates); the page only lays them out.

A tile's ``state``: ``waiting`` (no game under way), ``playing`` (both times shown),
``challenge`` (a challenge in progress), ``overtime``, ``finished`` (the game ended, result not
yet received), ``void`` (the director voided the game at the table) or ``result`` (the result
is in). ``silent`` is true when the round has started
and the table has not been heard from for over ``SILENT_AFTER_S`` seconds. A result says how
many uses of the director's menu at its table it carries (``menu_uses``; director.menu_uses
reads them out).
"""
from __future__ import annotations

import json
import re

from .db import DirectorDB
from .rounds import current_round, player_names, round_times
from kiosk.core.vocabulary import OVER, Phase

SILENT_AFTER_S = 60.0


def table_order(name: str):
    """Tables sort by number (2 before 10), named tables after them."""
    return (0, int(name), "") if re.fullmatch(r"\d+", name) else (1, 0, name)


def tile_state(status: dict | None, has_result: bool, round_number: int | None) -> str:
    if has_result:
        return "result"
    if status is None or (round_number is not None and status["round"] < round_number):
        return "waiting"
    phase, alerts = status["phase"], status.get("alerts") or {}
    if phase in OVER:
        return "finished"
    if phase == Phase.VOID:
        return "void"
    if phase == Phase.CHALLENGE or alerts.get("challenge") is not None:
        return "challenge"
    if phase in (Phase.PLAYING, Phase.OUT):
        return "overtime" if alerts.get("overtime") else "playing"
    return "waiting"


def tiles(db: DirectorDB, now_wall: float) -> list[dict]:
    round_number = current_round(db)
    names = player_names(db)
    started = round_times(db, round_number)["started_wall"] if round_number else None
    with db.locked() as conn:
        pairings = {r["table_name"]: r for r in conn.query(
            "SELECT * FROM pairings WHERE round = ? AND table_name IS NOT NULL", [round_number])}
        statuses = {r["table_name"]: r for r in conn.query("SELECT * FROM status")}
        results = {r["table_name"]: r for r in conn.query(
            "SELECT table_name, score0, score1 FROM results WHERE round = ?", [round_number])}
    out = []
    for table in sorted(set(pairings) | set(statuses) | set(results), key=table_order):
        row = statuses.get(table)
        status = json.loads(row["document"]) if row else None
        pairing = pairings.get(table)
        players = ([names.get(pairing["player0"], "?"), names.get(pairing["player1"], "?")]
                   if pairing else (status or {}).get("players") or ["", ""])
        result = results.get(table)
        state = tile_state(status, result is not None, round_number)
        heard = row["received_wall"] if row else None
        silent = (state != "result" and started is not None
                  and now_wall - (heard if heard is not None else started) > SILENT_AFTER_S)
        out.append({
            "table": table, "state": state, "silent": silent, "players": players,
            "times_ms": status["times_ms"] if status else None,
            "running": status.get("running") if status else None,
            "scores": ([result["score0"], result["score1"]] if result
                       else status["scores"] if status else None),
            "phase": status["phase"] if status else None,
            "alerts": status.get("alerts") if status else None,
            "heard_wall": heard, "status_round": status["round"] if status else None,
        })
    return out


def round_results(db: DirectorDB, round_number: int | None) -> list[dict]:
    with db.locked() as conn:
        rows = list(conn.query(
            "SELECT table_name, player0, player1, score0, score1, spread, winner, end_reason, "
            "revision, received_wall, source, coalesce(json_array_length(document, "
            "'$.director_menu'), 0) AS menu_uses FROM results WHERE round = ?", [round_number]))
    rows.sort(key=lambda r: table_order(r["table_name"]))
    return [{"table": r["table_name"], "players": [r["player0"], r["player1"]],
             "scores": [r["score0"], r["score1"]], "spread": r["spread"], "winner": r["winner"],
             "end": r["end_reason"], "revision": r["revision"], "received_wall": r["received_wall"],
             "menu_uses": r["menu_uses"]}       # director.menu_uses lists them
            for r in rows]


def round_info(db: DirectorDB) -> dict:
    round_number = current_round(db)
    times = round_times(db, round_number) if round_number else {}
    with db.locked() as conn:
        rounds = [r["round"] for r in conn.query("SELECT DISTINCT round FROM pairings ORDER BY round")]
        players = conn["players"].count
    return {"round": round_number, "started_wall": times.get("started_wall"),
            "ended_wall": times.get("ended_wall"), "rounds": rounds, "players": players}
