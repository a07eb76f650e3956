"""What an imported ``.TOU`` file wrote that the director's results do not say, kept so that the
event's .TOU export writes the file back as it came in: its line ends, its event line (``*N``
for a results-only team file, trailing spaces), each division's line as written (``*BAHRA  2006``,
``*AUS:NZ``), its high-word line (``Tanasak Supaphibunk GRANITES        140``) and each player's
line where ours would differ (a name in Windows-1252, a bye written ``1350`` against oneself,
trailing spaces: director.files.tou.KeptLine), and whether each division had its own event
line. Kept in the database's ``tou_layout`` (written here only); a later .TOU import replaces
what it says of its own divisions.

A division line names a division of the director's as written where it can (one word of
letters, digits, ``.``, ``-``, ``_``), else with each run of other characters made ``_``
(``BAHRA  2006`` is division ``BAHRA_2006``, ``AUS:NZ`` ``AUS_NZ``); the line itself is written
back as it was.
"""
from __future__ import annotations

import json
import re

from director.event.db import DirectorDB
from director.event.model import ModelError
from .tou import KeptLine, TouDivision, TouSection

def division_name(section: TouSection, source: str) -> str:
    """The director's name for a section's division (see the module's docstring)."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", section.division).strip("_")[:40]
    if not name:
        raise ModelError(f"{source}:{section.line_no}: the division line {section.line!r} names no "
                         "division: import the file naming one (--division NAME; on the page, "
                         "the division box)")
    return name


def decode(data: bytes) -> str:
    """A .TOU file's text: UTF-8 if it reads so, else Windows-1252 as a Windows ratings program
    writes it (``D\\x92Souza`` is D’Souza), else ISO-8859-1."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("iso-8859-1")


def store(db: DirectorDB, sections: list[tuple[str, TouSection, dict[int, KeptLine]]], *,
          event_line_each: bool) -> None:
    """Keep what the file's sections (division name, section, its kept lines) wrote, and whether
    each division had its own event line."""
    layout = load(db)
    first = sections[0][1]
    layout.update(newline=first.newline, event_line=first.event_line, tail=sections[-1][1].tail)
    for name, section, kept in sections:
        layout.setdefault("divisions", {})[name] = {
            "line": section.line, "high_word": section.high_word,
            "kept": {str(n): {"line": k.line, "name": k.name, "trail": k.trail,
                              "blocks": {str(r): b for r, b in k.blocks.items()}}
                     for n, k in kept.items()}}
    with db.transaction() as conn:
        conn["tou_layout"].upsert({"id": 1, "layout": json.dumps(layout),
                                   "event_line_each": 1 if event_line_each else 0}, pk="id")


def load(db: DirectorDB) -> dict:
    with db.locked() as conn:
        row = conn.execute("SELECT layout FROM tou_layout WHERE id = 1").fetchone()
    return json.loads(row[0]) if row else {}


def event_line_each(db: DirectorDB) -> bool:
    """Whether the .TOU imported last gave each division its own event line."""
    with db.locked() as conn:
        row = conn.execute("SELECT event_line_each FROM tou_layout WHERE id = 1").fetchone()
    return bool(row and row[0])


def as_written(layout: dict, division: TouDivision) -> TouDivision:
    """The division with what its imported file wrote (none if no file wrote it)."""
    kept = layout.get("divisions", {}).get(division.name)
    if kept is None:
        return division
    lines = {int(n): KeptLine(_pair(k["line"]), _pair(k["name"]),
                              {int(r): _pair(b) for r, b in k["blocks"].items()}, k["trail"])
             for n, k in kept["kept"].items()}
    return TouDivision(division.name, division.players, division.results, division.rounds,
                       kept["line"], kept["high_word"], lines)


def _pair(value) -> tuple[str, str] | None:
    return tuple(value) if value is not None else None
