"""What an imported ``.TOU`` file wrote that the director's results do not say, kept so that the
event's .TOU export writes the file back as it came in: its line ends, its event line (``*N``
for a results-only team file, trailing spaces), each division's line as written (``*BAHRA  2006``,
``*AUS:NZ``), its high-word line (``Tanasak Supaphibunk GRANITES        140``) and each player's
line where ours would differ (a name in Windows-1252, a bye written ``1350`` against oneself,
trailing spaces: director.files.tou.KeptLine). Kept in the event's ``meta`` table under
``tou_layout``; a later .TOU import replaces what it says of its own divisions.

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

KEY = "tou_layout"


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


def store(db: DirectorDB, sections: list[tuple[str, TouSection, dict[int, KeptLine]]]) -> None:
    """Keep what the file's sections (division name, section, its kept lines) wrote."""
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
        conn["meta"].upsert({"key": KEY, "value": json.dumps(layout)}, pk="key")


def load(db: DirectorDB) -> dict:
    with db.locked() as conn:
        row = next(conn.query("SELECT value FROM meta WHERE key = ?", [KEY]), None)
    return json.loads(row["value"]) if row else {}


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
