"""What the director's page shows, read from the database at one wall-clock instant, division by
division: each division's round and its state, its tables as tiles and its round's results.
Plain dicts (JSON for the page's live updates); the page only lays them out. A part that is per
division is a list of ``{"division": name, ...}`` groups in the event's order; tables heard from
that no division's current round pairs come last, in a group whose division is None.

A tile's ``state``: ``waiting`` (no game under way), ``playing`` (both times shown),
``challenge`` (a challenge in progress), ``overtime``, ``finished`` (the game ended, result not
yet received), ``void`` (the director voided the game at the table) or ``result`` (the result
is in). ``silent`` is true when the round has started
and the table has not been heard from for over ``SILENT_AFTER_S`` seconds.

``round_menu_uses``: the uses of the director's menu at each table that a result of the round
carries (director.tables.menu_uses reads them out), for the director's page only.
"""
from __future__ import annotations

import json
import re

from director.event import divisions
from director.event.db import DirectorDB
from director.tables.ingest import AGAIN
from . import corrected
from director.tables.challenges import table_challenges
from director.tables.menu_uses import menu_uses
from director.event.rounds import current_round, player_names, round_times
from common.game.vocabulary import OVER, Phase

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


def judge_note(challenge: dict | None, round_number: int | None) -> str | None:
    """What a tile says of its table's challenge at the judge station, while one is open there
    (director.tables.challenges.table_challenges gives it)."""
    if challenge is None or challenge["state"] != "open" or challenge["round"] != round_number:
        return None
    words = " ".join(challenge["words"])
    if challenge["station"] is None:
        return f"at the judge station: waiting{f' ({words})' if words else ''}"
    verdict = "acceptable" if challenge["valid"] else "not acceptable"
    return f"judge station {challenge['station']}: {words} {verdict}, on its way to the table"


def _tile(table: str, pairing: dict | None, row: dict | None, result: dict | None,
          round_number: int | None, started: float | None, names: dict, now_wall: float,
          challenge: dict | None = None) -> dict:
    status = json.loads(row["document"]) if row else None
    players = ([names.get(pairing["player0"], "?"), names.get(pairing["player1"], "?")]
               if pairing else (status or {}).get("players") or ["", ""])
    state = tile_state(status, result is not None, round_number)
    heard = row["received_wall"] if row else None
    silent = (state != "result" and started is not None
              and now_wall - (heard if heard is not None else started) > SILENT_AFTER_S)
    return {
        "table": table, "state": state, "silent": silent, "players": players,
        "times_ms": status["times_ms"] if status else None,
        "running": status.get("running") if status else None,
        "scores": ([result["score0"], result["score1"]] if result
                   else status["scores"] if status else None),
        "phase": status["phase"] if status else None,
        "alerts": status.get("alerts") if status else None,
        "heard_wall": heard, "status_round": status["round"] if status else None,
        "judge": judge_note(challenge, round_number),
    }


def _results_of(conn, name: str, round_number: int | None, only: bool) -> list[dict]:
    return list(conn.query(
        "SELECT table_name, player0, player1, score0, score1, spread, winner, end_reason, revision, "
        "received_wall, source, json_extract(document, '$.director_menu') AS director_menu "
        "FROM results WHERE round = ? AND (division = ? OR (division IS NULL AND ?))",
        [round_number, name, only]))


def _each_round(db: DirectorDB):
    """Each division's name, current round and its results' rows, by table."""
    known = divisions.names(db)
    for name in known:
        round_number = current_round(db, name)
        with db.locked() as conn:
            rows = _results_of(conn, name, round_number, len(known) == 1)
        yield name, round_number, sorted(rows, key=lambda r: table_order(r["table_name"]))


def tiles(db: DirectorDB, now_wall: float, fixes: list | None = None) -> list[dict]:
    """Each division's tables in its current round, then the other tables heard from; a result
    the director corrected (one of ``fixes``, the tournament's corrections) shows its corrected
    scores (director.web.corrected)."""
    with db.locked() as conn:
        statuses = {r["table_name"]: r for r in conn.query("SELECT * FROM status")}
    at_station = table_challenges(db)
    known = divisions.names(db)
    groups, shown = [], set()
    for name in known:
        round_number = current_round(db, name)
        started = round_times(db, round_number, name)["started_wall"] if round_number else None
        names = player_names(db, name)
        with db.locked() as conn:
            pairings = {r["table_name"]: r for r in conn.query(
                "SELECT * FROM pairings WHERE division = ? AND round = ? AND table_name IS NOT "
                "NULL", [name, round_number])}
            results = {r["table_name"]: r for r in _results_of(conn, name, round_number,
                                                                len(known) == 1)}
        tables = sorted(set(pairings) | set(results), key=table_order)
        shown.update(tables)
        fixed = corrected.by_table(fixes or [], name, round_number)
        groups.append({"division": name, "round": round_number, "tiles": [
            _corrected_tile(_tile(t, pairings.get(t), statuses.get(t), results.get(t), round_number,
                                  started, names, now_wall, at_station.get(t)), fixed.get(t), names)
            for t in tables]})
    others = sorted(set(statuses) - shown, key=table_order)
    if others:
        groups.append({"division": None, "round": None, "tiles": [
            _tile(t, None, statuses[t], None, None, None, {}, now_wall) for t in others]})
    return groups


def _corrected_tile(tile: dict, correction, names: dict) -> dict:
    if correction is None or tile["state"] != "result":
        return tile
    row = corrected.round_row(correction, {"scores": tile["scores"]}, names)
    return {**tile, "scores": row["scores"], "corrected": correction.kind}


def round_results(db: DirectorDB, fixes: list | None = None) -> list[dict]:
    """Each division's results of its current round, by table; a result the director corrected
    as corrected, with what the table recorded (director.web.corrected.round_row)."""
    out = []
    for name, round_number, rows in _each_round(db):
        fixed = corrected.by_table(fixes or [], name, round_number)
        names = player_names(db, name) if fixed else {}
        shown = []
        for r in rows:
            row = {"table": r["table_name"], "players": [r["player0"], r["player1"]],
                   "scores": [r["score0"], r["score1"]], "spread": r["spread"],
                   "winner": r["winner"], "end": r["end_reason"], "revision": r["revision"],
                   "received_wall": r["received_wall"]}
            correction = fixed.get(r["table_name"])
            shown.append(corrected.round_row(correction, row, names) if correction else row)
        out.append({"division": name, "round": round_number, "rows": shown})
    return out


def round_menu_uses(db: DirectorDB) -> list[dict]:
    """Each division's tables whose result of its current round carries uses of the director's
    menu: ``{"division": name, "tables": {table: director.tables.menu_uses.MenuUses as a dict}}``."""
    return [{"division": name, "tables": {
        r["table_name"]: menu_uses({"director_menu": json.loads(r["director_menu"])}).to_dict()
        for r in rows if r["director_menu"] not in (None, "[]")}}
        for name, _, rows in _each_round(db)]


def division_rounds(db: DirectorDB) -> list[dict]:
    """Each division's current round and its state, its rounds, players and tables."""
    out = []
    for division in divisions.divisions(db):
        name = division.name
        round_number = current_round(db, name)
        times = round_times(db, round_number, name) if round_number else {}
        with db.locked() as conn:
            rounds = [r["round"] for r in conn.query(
                "SELECT DISTINCT round FROM pairings WHERE division = ? ORDER BY round", [name])]
            players = conn.execute("SELECT COUNT(*) FROM players WHERE division = ?",
                                   [name]).fetchone()[0]
        out.append({"division": name, "round": round_number,
                    "started_wall": times.get("started_wall"), "ended_wall": times.get("ended_wall"),
                    "rounds": rounds, "players": players, "table_offset": division.table_offset})
    return out


def taken_back(db: DirectorDB) -> list[str]:
    """The results the tables sent again because this director lacked them (restored from a
    backup, or on a new laptop: kiosk.link.sender), each once, by table and round."""
    with db.locked() as conn:
        rows = conn.execute("SELECT table_name, round, revision, source FROM results WHERE source "
                            "LIKE ? ORDER BY table_name, round", [f"%{AGAIN}"]).fetchall()
    rows.sort(key=lambda r: (table_order(r[0]), r[1]))
    return [f"table {table}: round {round_number} (revision {revision}) taken back from the "
            f"table, which had it acknowledged ({source.removesuffix(AGAIN)})"
            for table, round_number, revision, source in rows]
