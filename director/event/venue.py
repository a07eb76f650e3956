"""The venue's tables as the draw gives them to a division's games, and as the director types them.

A division's **own tables** are the director's choice on the page (director.event.divisions.
tables_choice), else its config's ``[divisions.NAME] tables`` (``Venue.divisions``): its games
are drawn at them and at no other, and no other division's are. A division with none shares the
rest of the venue (``Venue.tables``, the config's ``tournament.tables``; without it the numbers
from 1) with the other divisions that have none, each from its own place in it: after the tables
the divisions before it in the event's order need (a table for every two of their players), so
that which division is drawn first changes no table. Beyond that, a table is never given to a
division's round while another division holds it: its pairings of that round or of its latest
round, or its proposed round (director.event.proposals), so that the proposals of several
divisions never collide and may be published in any order.

- ``tables_for(db, venue, name, round_number, count)``: up to ``count`` tables for the
  division's round, those of its last round first;
- ``check(db, venue, name, round_number, table)``: the table the director typed for a game of
  the division's proposed round, or RoundError saying why it cannot be (not one of the event's
  tables, with the likely one; another division's);
- ``own(db, venue, name)``: the division's own tables and where they were given; ``words``: a
  list of tables as a director writes it (``1-15, 17, A1``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from . import divisions, tournament
from .db import DirectorDB
from .proposals import proposal
from .rounds import RoundError

MOST_TABLES = 999                   # a table number, when the venue's tables are not given


@dataclass(frozen=True)
class Venue:
    """The tables the director's config gives: the venue's (``tournament.tables``; empty: the
    numbers from 1) and each division's own (``[divisions.NAME] tables``)."""
    tables: tuple[str, ...] = ()
    divisions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def _number(table: str) -> int | None:
    return int(table) if re.fullmatch(r"[1-9]\d{0,2}", table) else None


def words(tables: Iterable[str]) -> str:
    """``("1", "2", "3", "5", "A1")`` as a director writes it: ``1-3, 5, A1``."""
    out: list[str] = []
    run: list[int] = []

    def close() -> None:
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
            run.clear()
    for table in tables:
        number = _number(table)
        if number is not None and run and number == run[-1] + 1:
            run.append(number)
            continue
        close()
        if number is not None:
            run.append(number)
        else:
            out.append(table)
    close()
    return ", ".join(out)


def own(db: DirectorDB, venue: Venue, name: str) -> tuple[tuple[str, ...], str]:
    """The division's own tables and where they were given (``page``, ``config``); ``((), "")``
    when it has none (it shares the venue's)."""
    chosen = divisions.tables_choice(db, name)
    if chosen is not None:
        return chosen, "page"
    configured = tuple(venue.divisions.get(name, ()))
    return (configured, "config") if configured else ((), "")


def owners(db: DirectorDB, venue: Venue) -> dict[str, str]:
    """Table -> the division whose own table it is, for every division with tables of its own."""
    found: dict[str, str] = {}
    for name in dict.fromkeys([*divisions.names(db), *venue.divisions]):
        for table in own(db, venue, name)[0]:
            found.setdefault(table, name)
    return found


def held(db: DirectorDB, name: str, round_number: int) -> dict[str, str]:
    """Table -> whose it is, in words, for each table another division holds while division
    ``name`` plays its round ``round_number``: its pairings of that round or of its latest round,
    its proposed round."""
    with db.locked() as conn:
        rows = conn.execute(
            "SELECT p.table_name, p.division, p.round FROM pairings p WHERE p.division != ? AND "
            "p.table_name IS NOT NULL AND (p.round = ? OR p.round = (SELECT MAX(q.round) FROM "
            "pairings q WHERE q.division = p.division))", [name, round_number]).fetchall()
    found = {table: f"division {division}'s in round {number}" for table, division, number in rows}
    for other in divisions.names(db):
        stored = proposal(db, other) if other != name else None
        for table, _, _, _ in (stored or {}).get("pairings", []):
            if table:
                found.setdefault(table, f"proposed for division {other}'s round {stored['round']}")
    return found


def _reserved(db: DirectorDB, venue: Venue, name: str) -> int:
    """How many of the shared tables the divisions before ``name`` (in the event's order, those
    without tables of their own) need: a table for every two of their players."""
    count = 0
    for other in divisions.names(db):
        if other == name:
            return count
        if not own(db, venue, other)[0]:
            count += sum(1 for p in tournament.players(db, other) if not p.withdrawn) // 2
    return count


def _last_round(db: DirectorDB, name: str, round_number: int) -> list[str]:
    with db.locked() as conn:
        found = [r[0] for r in conn.execute(
            "SELECT table_name FROM pairings WHERE division = ? AND round = ? AND table_name IS NOT "
            "NULL", [name, round_number - 1])]
    return sorted(found, key=lambda t: (0, _number(t), "") if _number(t) else (1, 0, t))


def _shared(db: DirectorDB, venue: Venue, name: str, others: Mapping[str, str]) -> list[str]:
    """The shared tables (none another division's own) in the division's order: from its place
    after the divisions before it, then those before its place, should it need more."""
    pool = [t for t in (venue.tables or map(str, range(1, MOST_TABLES + 1))) if t not in others]
    skip = _reserved(db, venue, name)
    division = divisions.find(db, name)
    if not venue.tables and division is not None:
        skip = max(skip, division.table_offset)     # a tsh division's boards after its offset
    return pool[skip:] + pool[:skip]


def tables_for(db: DirectorDB, venue: Venue, name: str, round_number: int, count: int) -> list[str]:
    """Up to ``count`` tables for division ``name``'s round, in order: those of its last round
    first, then its own tables, or the shared ones from its place; none another division
    holds or owns."""
    mine, _ = own(db, venue, name)
    others = {t: d for t, d in owners(db, venue).items() if d != name}
    taken = {**held(db, name, round_number), **others}
    tables = [t for t in _last_round(db, name, round_number)
              if t not in taken and (not mine or t in mine)]
    for table in (mine or _shared(db, venue, name, others)):
        if len(tables) >= count:
            break
        if table not in taken and table not in tables:
            tables.append(table)
    return tables[:count]


def _likely(table: str, known: Iterable[str]) -> str:
    """The table a typo most likely meant, in words ("" when none is plain): a letter O, I or l
    typed for a digit ("1O" is 10), a name typed in small letters ("a1" is A1)."""
    known = set(known)
    for guess in (table.upper(), table.upper().replace("O", "0").replace("I", "1").replace("L", "1")):
        if guess != table and guess in known:
            return f" (did you mean {guess}?)"
    return ""


def check(db: DirectorDB, venue: Venue, name: str, round_number: int, table: str) -> str:
    """``table`` (as typed, spaces at either end dropped) if a game of division ``name``'s round
    ``round_number`` may move there; else RoundError saying why: not one of the event's tables
    (the venue's, every division's own; without them, a number from 1 to 999), not one of the
    division's own when it has some, another division's own, or held by another division."""
    table = str(table).strip()
    if not table:
        raise RoundError("a table is needed")
    mine, source = own(db, venue, name)
    owned = owners(db, venue)
    event = list(dict.fromkeys([*venue.tables, *owned]))
    if event and table not in event:
        raise RoundError(f"table {table!r} is not one of the event's tables ({words(event)})"
                         + _likely(table, event))
    if not event and _number(table) is None:
        raise RoundError(f"table {table!r} is not a table number from 1 to {MOST_TABLES}"
                         + _likely(table, map(str, range(1, MOST_TABLES + 1))))
    if owned.get(table, name) != name:
        other = owned[table]
        raise RoundError(f"table {table} is division {other}'s own (its tables: "
                         f"{words(own(db, venue, other)[0])})")
    if mine and table not in mine:
        where = "on the page" if source == "page" else f"in the config's [divisions.{name}]"
        raise RoundError(f"table {table} is not one of division {name}'s own tables "
                         f"({words(mine)}, given {where})")
    holder = held(db, name, round_number).get(table)
    if holder:
        raise RoundError(f"table {table} is {holder}")
    return table
