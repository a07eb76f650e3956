"""The event's divisions and its settings, as the database holds them.

A division has a name (one word, as tsh's ``division NAME FILE`` line gives it: ``A``, ``CSW``),
its place in the event (the order it came in), the tsh file it was read from (written back in a
tsh archive) and its table offset: tsh numbers a division's boards from 1, the director numbers
tables across the venue, and a board is ``table - table_offset`` (director.files.imports chooses the
offset when a division's boards would take another division's tables).

The event's settings come from a tsh config (director.files.tsh_config): its name and date (the .TOU
file's event line) and its spread cap, which replaces the preset's ``result.spread_caps`` in the
standings. Names given by a director (``--division a``) match case aside, as tsh's do. The
settings (``event_settings``), each division's draw as the director chose it on the page
(``draw_choices``) and its own tables as the page gave them (``division_tables``:
director.event.venue reads them) are written here only.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass

from common.game.rules import Rules, apply_overrides

from .db import DirectorDB
from .migrate import DEFAULT_DIVISION, NAME
from .model import EventSettings, ModelError

DEFAULT = DEFAULT_DIVISION          # the division of an event that never named one
DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y-%m-%d", "%d.%m.%Y",
                "%d/%m/%Y")


class DivisionError(ModelError):
    """A division that is not the event's, or a name that cannot be one: says which and why."""


@dataclass(frozen=True)
class Division:
    name: str
    position: int
    tsh_file: str | None
    table_offset: int
    tsh_layout: int | None = None       # an imported .t file's layout (director.files.tsh_line)


def check_name(name: str, where: str) -> str:
    """``name`` if it can be a division's name, else a DivisionError naming ``where``."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise DivisionError(f"{where}: a division's name is one word of letters, digits, '.', "
                            f"'-' or '_' (at most 40); got {name!r}")
    return name


def divisions(db: DirectorDB) -> list[Division]:
    with db.locked() as conn:
        return [Division(r["name"], r["position"], r["tsh_file"], r["table_offset"], r["tsh_layout"])
                for r in conn.query("SELECT * FROM divisions ORDER BY position, name")]


def names(db: DirectorDB) -> list[str]:
    return [d.name for d in divisions(db)]


def find(db: DirectorDB, name: str) -> Division | None:
    """The division called ``name`` (case aside), or None."""
    matches = [d for d in divisions(db) if d.name.casefold() == str(name).casefold()]
    exact = [d for d in matches if d.name == name]
    return (exact or matches or [None])[0]


def resolve(db: DirectorDB, name: str | None) -> str:
    """The event's division called ``name`` (case aside); with no name, its only division. A
    DivisionError says which divisions there are when it cannot tell."""
    known = names(db)
    if name:
        found = find(db, name)
        if found is None:
            raise DivisionError(f"no division {name!r}: the event's divisions are "
                                + (", ".join(known) or "none yet (import players first)"))
        return found.name
    if len(known) == 1:
        return known[0]
    if not known:
        raise DivisionError("the event has no division yet: import players first")
    raise DivisionError("the event has several divisions: name one of " + ", ".join(known))


def for_import(db: DirectorDB, name: str | None) -> str:
    """The division a file's players or games go to: ``name`` (spelt as an existing division is,
    case aside), else the event's only division (``A`` in a new event)."""
    if name:
        found = find(db, check_name(name, "division"))
        return found.name if found else name
    known = names(db)
    if len(known) <= 1:
        return known[0] if known else DEFAULT
    raise DivisionError("the event has several divisions (" + ", ".join(known) + "): say which "
                        "one the file is for")


_KEEP = object()


def ensure(db: DirectorDB, name: str, *, tsh_file: str | None = None,
           table_offset: int | None = None, tsh_layout=_KEEP) -> Division:
    """The division ``name``, created after the others if new; ``tsh_file``, ``table_offset``
    and ``tsh_layout`` (None allowed) replace the stored ones when given. Call inside a
    transaction."""
    check_name(name, "division")
    with db.transaction() as conn:
        row = next(conn.query("SELECT * FROM divisions WHERE name = ?", [name]), None)
        if row is None:
            position = conn.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM divisions").fetchone()[0]
            row = {"name": name, "position": position, "tsh_file": None, "table_offset": 0,
                   "tsh_layout": None}
        if tsh_file is not None:
            row["tsh_file"] = tsh_file
        if table_offset is not None:
            row["table_offset"] = table_offset
        if tsh_layout is not _KEEP:
            row["tsh_layout"] = tsh_layout
        conn["divisions"].upsert(row, pk="name")
    return Division(row["name"], row["position"], row["tsh_file"], row["table_offset"],
                    row["tsh_layout"])


def event_settings(db: DirectorDB) -> EventSettings:
    with db.locked() as conn:
        row = conn.execute("SELECT name, date, spread_caps FROM event_settings WHERE id = 1").fetchone()
    name, date, caps = row if row else (None, None, None)
    return EventSettings(name or "", date or "", tuple(json.loads(caps)) if caps else None)


def store_event_settings(db: DirectorDB, settings: EventSettings) -> None:
    """Keep the settings a tsh config gave (a setting it does not give stays as it was)."""
    given = {"name": settings.name or None, "date": settings.date or None,
             "spread_caps": (json.dumps(list(settings.spread_caps))
                             if settings.spread_caps is not None else None)}
    given = {column: value for column, value in given.items() if value}
    if not given:
        return
    with db.transaction() as conn:
        conn.execute(f"INSERT INTO event_settings (id, {', '.join(given)}) VALUES "
                     f"(1, {', '.join('?' * len(given))}) ON CONFLICT (id) DO UPDATE SET "
                     + ", ".join(f"{column} = excluded.{column}" for column in given),
                     list(given.values()))


def counting_rules(db: DirectorDB, rules: Rules) -> Rules:
    """The rules results count under in the standings and the exports: the tournament's, with
    the event's spread caps (from its tsh config) in place of theirs if it has any."""
    caps = event_settings(db).spread_caps
    if caps is None:
        return rules
    return apply_overrides(rules, {"result": {"spread_caps": list(caps)}}, "the event's tsh config")


def event_date(text: str) -> dt.date | None:
    """The date a tsh config's ``event_date`` gives ("April 30, 2022", "2022-04-30"...), or None.
    A range ("April 29-30, 2022") gives its first day."""
    text = re.sub(r"\s+", " ", text.strip())
    text = re.sub(r"^([A-Za-z]+ \d{1,2})\s*[-–]\s*\d{1,2}(, \d{4})$", r"\1\2", text)
    for form in DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
    return None


DRAW_FIELDS = ("system", "king_of_the_hill", "seeding", "rounds", "gibson")


def draw_choice(db: DirectorDB, name: str) -> dict | None:
    """The draw the director chose for the division on the page (director.event.draw's
    DrawSettings' fields as a dict), or None if they chose none (the config's then holds)."""
    with db.locked() as conn:
        row = next(conn.query(f"SELECT {', '.join(DRAW_FIELDS)} FROM draw_choices WHERE "
                              "division = ?", [name]), None)
    return {**row, "gibson": row["gibson"] or 0} if row else None


def choose_draw(db: DirectorDB, name: str, settings: dict) -> None:
    """Keep the division's draw as the director chose it on the page (``settings``: the
    DrawSettings' fields; gibson 0 if not given), in ``draw_choices``."""
    settings = {"gibson": 0, **settings}
    with db.transaction() as conn:
        conn["draw_choices"].upsert({"division": name, **{key: settings[key] for key in DRAW_FIELDS}},
                                    pk="division")
    db.changed("draw")


def tables_choice(db: DirectorDB, name: str) -> tuple[str, ...] | None:
    """The division's own tables as the director gave them on the page, in order; None if they
    gave none (the config's ``[divisions.NAME] tables`` then holds, else the venue's)."""
    with db.locked() as conn:
        row = conn.execute("SELECT tables FROM division_tables WHERE division = ?", [name]).fetchone()
    return tuple(json.loads(row[0])) if row else None


def choose_tables(db: DirectorDB, name: str, tables: tuple[str, ...] | None) -> None:
    """Keep ``tables`` as the division's own (the page's choice, over the config's); None: the
    page's choice dropped."""
    with db.transaction() as conn:
        conn.execute("DELETE FROM division_tables WHERE division = ?", [name])
        if tables is not None:
            conn["division_tables"].insert({"division": name, "tables": json.dumps(list(tables))})
    db.changed("draw")
