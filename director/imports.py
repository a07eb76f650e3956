"""The page's imports and downloads: a tsh ``.t`` file or CSV files into the database, and the
database out as a ``.t`` file, a ``.TOU`` file or the standings as CSV.

Imports (``import_file``), each all or nothing:

- ``tsh``: a ``.t`` division file (UTF-8 if it reads as UTF-8, else ISO-8859-1 as tsh writes
  it): its players, every round's pairings and the results it holds replace what was there;
- ``players-csv``: the players (director.csv_io's columns);
- ``pairings-csv``: the pairings of the rounds the file names (players by number or name).

A game paired without a table gets the next free table number of its round, so every game has a
table to assign. A file that cannot be imported raises FileRefused naming the file, the line
and what was wrong; nothing is stored then.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

from kiosk.core.rules import Rules

from . import csv_io, tsh, tou
from .db import DirectorDB
from .model import NO_OPPONENT, ModelError, Pairing
from .rounds import RoundError, store_pairings, store_players
from .standings import standings_csv
from .tournament import counted_results, pairings, players, standings, store_imported_results

KINDS = ("tsh", "players-csv", "pairings-csv")


class FileRefused(ValueError):
    """A file the director cannot import, or data an export cannot hold: says why."""


def decode(data: bytes, name: str, *, fallback: str | None) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if fallback:
            return data.decode(fallback)
        raise FileRefused(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start}); "
                            "save the file as CSV UTF-8") from None


def with_tables(given: list[Pairing]) -> list[Pairing]:
    """Games without a table get the next free table number of their round."""
    used: dict[int, set[str]] = {}
    for p in given:
        if p.table:
            used.setdefault(p.round, set()).add(p.table)
    out = []
    for p in given:
        if not p.table and p.players[1] != NO_OPPONENT:
            taken = used.setdefault(p.round, set())
            number = 1
            while str(number) in taken:
                number += 1
            taken.add(str(number))
            p = replace(p, table=str(number))
        out.append(p)
    return out


def import_file(db: DirectorDB, kind: str, name: str, data: bytes) -> str:
    """Import one file; returns what was imported, in words."""
    if kind not in KINDS:
        raise FileRefused(f"kind: expected one of {', '.join(KINDS)}; got {kind!r}")
    try:
        with db.transaction() as conn:
            if kind == "tsh":
                division = tsh.parse_t(decode(data, name, fallback=tsh.ENCODING), source=name,
                                       division=Path(name).stem)
                store_players(db, division.players)
                conn["pairings"].delete_where()
                store_pairings(db, with_tables(list(division.pairings)))
                store_imported_results(db, division.results)
                conn["meta"].upsert({"key": "tsh_extras", "value": json.dumps(
                    {str(n): list(tags) for n, tags in division.extras.items()})}, pk="key")
                rounds = len({p.round for p in division.pairings})
                return (f"{name}: {len(division.players)} players, {rounds} rounds of pairings, "
                        f"{len(division.results)} results")
            text = decode(data, name, fallback=None)
            if kind == "players-csv":
                count = store_players(db, csv_io.parse_players_csv(text, source=name))
                return f"{name}: {count} players"
            given = with_tables(csv_io.parse_pairings_csv(text, players(db), source=name))
            count = store_pairings(db, given)
            return f"{name}: {count} pairings for round(s) " + ", ".join(
                str(r) for r in sorted({p.round for p in given}))
    except (ModelError, RoundError) as exc:
        raise FileRefused(str(exc)) from None


def export_t(db: DirectorDB, rules: Rules, tournament: str, encoding: str = tsh.ENCODING) -> bytes:
    """The division as a tsh .t file: players, pairings and every counted result."""
    with db.locked() as conn:
        row = next(conn.query("SELECT value FROM meta WHERE key = 'tsh_extras'"), None)
    extras = {int(n): [tuple(t) for t in tags] for n, tags in json.loads(row["value"]).items()} if row else {}
    known = {p.number for p in players(db)}
    try:
        text = tsh.format_t(players(db), pairings(db), counted_results(db, rules, tournament).results,
                            extras={n: tags for n, tags in extras.items() if n in known})
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise FileRefused(f"{text[exc.start:exc.end]!r} (line {text.count(chr(10), 0, exc.start) + 1}) "
                            f"cannot be written in {encoding}: download with ?encoding=utf-8 and "
                            "tell tsh the file is UTF-8") from None
    except (ModelError, LookupError) as exc:
        raise FileRefused(f".t export: {exc}") from None


def export_tou(db: DirectorDB, rules: Rules, tournament: str, date: dt.date) -> bytes:
    """The results as a .TOU file for the ratings (one division)."""
    roster = players(db)
    division = (roster[0].division if roster else "") or "A"
    try:
        text = tou.format_tou(tournament or "Tournament", date, [
            tou.TouDivision(division, roster, counted_results(db, rules, tournament).results)])
    except ModelError as exc:
        raise FileRefused(f".TOU export: {exc}") from None
    return text.encode("ascii")


def export_standings_csv(db: DirectorDB, rules: Rules, tournament: str) -> bytes:
    table, _ = standings(db, rules, tournament)
    return standings_csv(table).encode("utf-8")
