"""A players CSV imported into a division that has its players already (to add clubs, fix a
rating, add a late entry): what the file does not name stays as it was.

- Each player keeps every tag of their .t line that the file does not name: tsh's ``off`` (a
  withdrawn player stays withdrawn), ``p12``, ``board``, ``class``, the director's own marks
  (director.event.roster). A column the file has (``club``, ``team``, ``members``) names that
  tag for every row: its cell is the tag now (empty: none).
- A file without a ``rating`` column keeps each player's rating.
- A file without a ``number`` column, into a division that has pairings, keeps each player's
  number (their pairings and results are by number); a name the division does not have is a
  late entry, numbered after the last, who missed every round already paired
  (director.event.entries.write_missed: no game, as tsh writes it).

A player is the division's by their name (case and spacing aside), else, in a file with
numbers, by their number (a player renamed). Pure of the web: director.files.imports calls it
in the import's transaction.
"""
from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Sequence

from director.event import entries, roster as roster_tags
from director.event.db import DirectorDB
from director.event.model import Player, name_key
from director.event.tournament import pairings, players
from .csv_io import TAG_COLUMNS


def columns(text: str) -> set[str]:
    """The columns a CSV's header row names (as director.files.csv_io reads them)."""
    header = next(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")), [])
    return {h.strip().casefold().replace(" ", "") for h in header}


def merged(db: DirectorDB, name: str, given: Sequence[Player], named: set[str],
           keep_numbers: bool) -> tuple[list[Player], dict[int, list], list[Player]]:
    """The division's players as the file gives them with what it does not name kept: the
    players, each one's tags, and the late entries among them (new names, in a division with
    pairings)."""
    held = players(db, name)
    tags = roster_tags.tags_of(db, name)
    by_name = {name_key(p.name): p for p in held}
    by_number = {p.number: p for p in held}
    played = bool(pairings(db, name))
    numbered = "number" in named
    renumber = keep_numbers and played and not numbered
    last = max((p.number for p in held), default=0)
    out, out_tags, late = [], {}, []
    for player in given:
        old = by_name.get(name_key(player.name)) or (by_number.get(player.number) if numbered else None)
        if renumber:
            if old is None:
                last += 1
            player = replace(player, number=old.number if old else last)
        if old is not None and "rating" not in named:
            player = replace(player, rating=old.rating)
        own = list(tags.get(old.number, ())) if old else []
        for column in TAG_COLUMNS:
            if column in named or old is None:
                own = roster_tags.with_tag(own, column, getattr(player, column) or None)
        out.append(player)
        out_tags[player.number] = own
        if old is None and played:
            late.append(player)
    return out, out_tags, late


def late_entries(db: DirectorDB, name: str, late: Sequence[Player]) -> str:
    """The new players' rounds already paired written as missed (no game); in words."""
    with db.locked() as conn:
        rounds = [r for (r,) in conn.execute("SELECT DISTINCT round FROM pairings WHERE "
                                             "division = ? ORDER BY round", [name])]
    for player in late:
        entries.write_missed(db, name, player.number, rounds, 0)
    if not late or not rounds:
        return ""
    who = ", ".join(f"{p.number} {p.name}" for p in late)
    return (f"; late entries in division {name}: {who} ({entries.rounds_words(rounds)} missed: no "
            "game, as tsh writes them; python -m director back pairs one with a published "
            "round's bye)")
