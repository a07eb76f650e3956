"""Files into the director's database, for the page's import form and ``python -m director
import`` alike: tsh files, ``.TOU`` files and CSV files, several at once, all or nothing.

What a file is (``kind_of``, unless the caller says):

- ``tsh``: a ``.t`` division file: the division (named by the caller, else after the file:
  ``b.t`` is division ``b``) gets its players, every round's pairings and the results it holds,
  in place of what it had; the players' other tags (``class``, ``rtime``, ``off``...) are kept;
- ``tsh-config``: a ``config.tsh`` or a tsh archive (``.tsh``): every division its ``division
  NAME FILE`` lines name, each read as a ``.t`` from inside the archive, else from the files
  imported with it, else (the command line) from beside the config; and the event's name, date
  and spread cap (director.files.tsh_config);
- ``tou``: a ``.TOU`` file (director.files.tou): a division per section, named as the file names
  it (or by the caller, for a file of one division), its players, pairings and results; the
  event's name and date from its ``*M`` line; a bye the book's forfeit spread (``bye_spread``);
- ``players-csv``, ``pairings-csv``: director.files.csv_io's columns (a ``division`` column, else the
  division the caller names, else the event's only one). A players CSV into a division that has
  its players keeps what it does not name: each player's other tags (``off`` too), a rating
  without a rating column, their numbers once the division is paired; a new name then is a late
  entry (director.files.players_again). A .t file again keeps the director's own marks of its
  players (director.event.roster).

A division's file must agree with the results the tables sent for its games: where it differs it
is refused listing each difference, unless the caller asks for its scores to stand as corrections
(``as_corrections``: director.files.conflicts).

Nothing half-imported: a division's file replaces the division whole. A file that would remove
players, pairings or results the division holds (an empty ``.t`` onto a division that has played,
a file of another event...) is refused naming the file and what it would remove
(director.files.removal), unless the caller asks to ``replace`` the division whole; then its
players, pairings and imported results are the file's, and nothing else of it stays. A players
CSV that would remove a player who has a pairing or a result is refused alike.

tsh numbers each division's boards from 1; the director numbers tables across the venue. A
division first imported with boards that another division's tables already take in the same
round has its boards moved after that division's tables (its ``table_offset``: board 1 becomes
table 14 when the other division has tables 1 to 13), and keeps that offset for its next files.
A bye or forfeit takes no table. A game still to be played without a table gets the round's
next free table. Files are UTF-8 if they read as UTF-8, else ISO-8859-1 as tsh writes them (a
.TOU file Windows-1252, as a Windows ratings program writes it: director.files.tou_layout). A
file that cannot be imported raises FileRefused naming the file, the line and what was wrong;
the database is then as it was.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Callable, Iterable, Sequence

from common.game.rules import Rules

from . import conflicts, csv_io, players_again, tou, tou_layout, tsh
from director.event import divisions, roster
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, EventSettings, ModelError, Pairing, name_key
from director.event.rounds import RoundError, store_pairings, store_players
from director.event.tournament import imported_results, pairings, players, store_imported_results
from .beside import DIVISION_FILE, OutsideTheFolder, plain_t_name
from .removal import count, removal
from .tsh_config import TshConfig, is_config, parse_config

KINDS = ("tsh", "tsh-config", "tou", "players-csv", "pairings-csv")
BYE_SPREAD = 50         # a .TOU bye's spread when the caller gives no book's (most books' 50)


class FileRefused(ValueError):
    """A file the director cannot import, or data an export cannot hold: says why."""


@dataclass(frozen=True)
class Upload:
    """One file to import: its name (as the director named it, or its path) and its bytes."""
    name: str
    data: bytes


#: (config's name, file it names) -> its bytes, None if missing; OutsideTheFolder if not its to read
Beside = Callable[[str, str], "bytes | None"]


def decode(data: bytes, name: str, *, fallback: str | None) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if fallback:
            return data.decode(fallback)
        raise FileRefused(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start}); "
                          "save the file as CSV UTF-8") from None


def kind_of(upload: Upload) -> str:
    """What a file is, by its name and its first line."""
    suffix = PurePath(upload.name).suffix.lower()
    text = upload.data[:4096].decode("utf-8", errors="replace")
    if suffix == ".t":
        return "tsh"
    if suffix == ".tou" or re.match(r"\*[MN]\d\d\.\d\d\.\d{4}", text.lstrip("\ufeff")):
        return "tou"
    if suffix == ".tsh" or (suffix != ".csv" and is_config(text)):
        return "tsh-config"
    first = text.lstrip("\ufeff").splitlines()[0] if text.strip() else ""
    header = {h.strip().casefold().replace(" ", "") for h in first.split(",")}
    if {"round", "player1"} <= header:
        return "pairings-csv"
    if "name" in header:
        return "players-csv"
    raise FileRefused(f"{upload.name}: cannot tell what the file is: a tsh .t or .tsh file, a "
                      ".TOU file, or a CSV file with a header row (name, ... for players; round, player1, "
                      "player2, ... for pairings)")


def with_tables(given: list[Pairing], taken: dict[int, set[str]],
                played: set[tuple[int, int]] = frozenset()) -> list[Pairing]:
    """Games still to be played without a table get the next table of their round free across
    the venue (``taken``: round -> tables other divisions use); ``played`` holds (round, player)
    of games that have a result, which need no table."""
    used: dict[int, set[str]] = {r: set(tables) for r, tables in taken.items()}
    for p in given:
        if p.table:
            used.setdefault(p.round, set()).add(p.table)
    out = []
    for p in given:
        if not p.table and p.players[1] != NO_OPPONENT and (p.round, p.players[0]) not in played:
            free = used.setdefault(p.round, set())
            number = 1
            while str(number) in free:
                number += 1
            free.add(str(number))
            p = replace(p, table=str(number))
        out.append(p)
    return out


@dataclass(frozen=True)
class Options:
    """How an import goes: ``replace`` a division whole even where the file would remove what it
    holds; the tournament whose tables' results a file must agree with (``tournament``, under
    ``rules``: none checked without them), unless its scores stand ``as_corrections``
    (director.files.conflicts); a .TOU bye's spread is the rules' result.forfeit_spread."""
    replace: bool = False
    rules: Rules | None = None
    tournament: str = ""
    as_corrections: bool = False

    @property
    def bye_spread(self) -> int:
        return self.rules.result.forfeit_spread if self.rules is not None else BYE_SPREAD


def import_files(db: DirectorDB, uploads: Sequence[Upload], *, kind: str | None = None,
                 division: str | None = None, beside: Beside | None = None,
                 options: Options = Options()) -> list[str]:
    """Import the files together, in one transaction; returns what was imported, a line per file.
    ``kind`` (one of KINDS) is every file's, else each file's own (kind_of); ``division``
    names the division of a .t, .TOU or CSV file; ``beside`` finds a config's .t files on disk."""
    if kind not in (None, "", *KINDS):
        raise FileRefused(f"kind: expected one of {', '.join(KINDS)}; got {kind!r}")
    if not uploads:
        raise FileRefused("no file to import")
    kinds = [kind or kind_of(u) for u in uploads]
    configs = [(u, parse_tsh_config(u)) for u, k in zip(uploads, kinds) if k == "tsh-config"]
    named = {PurePath(d.file).name for _, config in configs for d in config.divisions}
    by_name = {PurePath(u.name).name: u for u, k in zip(uploads, kinds) if k == "tsh"}
    alone = [name for name in by_name if name not in named] + [
        u.name for u, k in zip(uploads, kinds) if k == "tou"]
    if division and len(alone) > 1:
        raise FileRefused(f"division {division}: one division for {len(alone)} files "
                          f"({', '.join(alone)}); import them one by one, or name none and let "
                          "each be named after its file")
    messages: list[str] = []
    try:
        with db.transaction():
            for upload, config in configs:
                messages += _import_config(db, upload, config, by_name, beside, options)
            for upload, k in zip(uploads, kinds):
                if k == "tsh" and PurePath(upload.name).name not in named:
                    messages.append(_import_t(db, upload, division, options))
                elif k == "tou":
                    messages += _import_tou(db, upload, division, options)
            for order in ("players-csv", "pairings-csv"):
                for upload, k in zip(uploads, kinds):
                    if k == order:
                        messages.append(_import_csv(db, upload, k, division, options))
    except (ModelError, RoundError) as exc:
        raise FileRefused(str(exc)) from None
    return messages


def parse_tsh_config(upload: Upload) -> TshConfig:
    try:
        return parse_config(decode(upload.data, upload.name, fallback=tsh.ENCODING),
                            source=upload.name)
    except ModelError as exc:
        raise FileRefused(str(exc)) from None


def _import_config(db: DirectorDB, upload: Upload, config: TshConfig, given: dict,
                   beside: Beside | None, options: Options) -> list[str]:
    messages = []
    for line in config.divisions:
        embedded = config.files.get(line.file)
        if embedded is not None:
            text, source = embedded.text, f"{upload.name} ({line.file})"
        elif PurePath(line.file).name in given:
            found = given[PurePath(line.file).name]
            text, source = decode(found.data, found.name, fallback=tsh.ENCODING), found.name
        else:
            if beside and not plain_t_name(line.file):
                raise FileRefused(f"{upload.name}:{line.line_no}: division {line.name}: its file "
                                  f"{DIVISION_FILE}, not {line.file[:80]!r}")
            try:
                data = beside(upload.name, line.file) if beside else None
            except OutsideTheFolder as exc:
                raise FileRefused(f"{upload.name}:{line.line_no}: division {line.name}: {exc}") from None
            if data is None:
                raise FileRefused(f"{upload.name}:{line.line_no}: division {line.name}: its file "
                                  f"{line.file} is not in the archive, nor among the files "
                                  "imported with it" + (", nor beside it" if beside else ""))
            source = str(PurePath(upload.name).parent / line.file)
            text = decode(data, source, fallback=tsh.ENCODING)
        division = tsh.parse_t(text, source=source, division=line.name)
        messages.append(_store_division(db, division, line.file, source, options))
    divisions.store_event_settings(db, config.settings)
    with db.transaction() as conn:
        conn["tsh_config"].upsert({"id": 1, "lines": json.dumps(list(config.lines))}, pk="id")
    settings = [f"{what} {value}" for what, value in (
        ("event", config.settings.name), ("dated", config.settings.date),
        ("spread cap", "/".join(map(str, config.settings.spread_caps or ())))) if value]
    return messages + ([f"{upload.name}: " + ", ".join(settings)] if settings else [])


def tsh_config_lines(db: DirectorDB) -> list[str]:
    """The lines of the tsh config imported last (``tsh_config``), none if none was."""
    with db.locked() as conn:
        row = conn.execute("SELECT lines FROM tsh_config WHERE id = 1").fetchone()
    return json.loads(row[0]) if row else []


def _import_t(db: DirectorDB, upload: Upload, division: str | None, options: Options) -> str:
    name = divisions.for_import(db, division) if division else PurePath(upload.name).stem
    parsed = tsh.parse_t(decode(upload.data, upload.name, fallback=tsh.ENCODING),
                         source=upload.name, division=name)
    return _store_division(db, parsed, PurePath(upload.name).name, upload.name, options)


def _import_tou(db: DirectorDB, upload: Upload, division: str | None, options: Options) -> list[str]:
    sections = tou.parse_tou(tou_layout.decode(upload.data), source=upload.name)
    if not sections:
        raise FileRefused(f"{upload.name}: no division in the file")
    if division and len(sections) > 1:
        raise FileRefused(f"{upload.name}: {len(sections)} divisions in the file "
                          f"({', '.join(s.division for s in sections)}): import it without naming one")
    messages, kept, named = [], [], {}
    for section in sections:
        name = divisions.for_import(db, division) if division else tou_layout.division_name(
            section, upload.name)
        if name.casefold() in named:
            raise FileRefused(f"{upload.name}:{section.line_no}: the division line {section.line!r} "
                              f"names division {name} again (line {named[name.casefold()]}); "
                              "import each division's part of the file on its own")
        named[name.casefold()] = section.line_no
        players_, paired, results = tou.division_results(section, options.bye_spread, name,
                                                         source=upload.name)
        parsed = tsh.TshDivision(name, tuple(players_), tuple(paired), tuple(results))
        messages.append(_store_division(db, parsed, None, upload.name, options))
        kept.append((divisions.for_import(db, name), section,
                     tou.kept_lines(section, tou.TouDivision(name, players_, results))))
    first = sections[0]
    divisions.store_event_settings(db, EventSettings(first.event, first.date.isoformat()))
    each = len(sections) > 1 and all(s.own_event_line for s in sections)
    tou_layout.store(db, kept, event_line_each=each)
    return messages + [f"{upload.name}: event {first.event}, dated {first.date:%d.%m.%Y}"]


def _store_division(db: DirectorDB, division: tsh.TshDivision, file: str | None, source: str,
                    options: Options) -> str:
    name = divisions.for_import(db, divisions.check_name(division.name, source))
    known = divisions.find(db, name)
    settled: list[str] = []
    with db.transaction() as conn:
        if known is not None:
            settled, games = _agree_with_the_tables(db, name, division.results, source, options)
            lost = removal(players(db, name),                 # a game settled by a correction
                           [p for p in pairings(db, name) if _key(p) not in games],  # is none
                           [r for r in imported_results(db, name) if _key(r) not in games],
                           division.players, division.pairings, division.results)
            if lost and not options.replace:
                raise FileRefused(f"{source}: division {name}: the file would remove {lost.words()} "
                                  "that the division holds; import it to replace the division "
                                  "whole (--replace; on the page, 'replace the division whole'), "
                                  "or import the division's whole file")
            own = _directors_marks(db, name)
            conn["players"].delete_where("division = ?", [name])
        conn["pairings"].delete_where("division = ?", [name])
        taken = _tables_of_others(db, name)
        offset = known.table_offset if known else _offset_for(division.pairings, taken)
        divisions.ensure(db, name, tsh_file=file, table_offset=offset, tsh_layout=division.layout)
        store_players(db, division.players, division=name)
        for number, tags in division.extras.items():
            conn["players"].update((name, number), {"tsh_tags": json.dumps([list(t) for t in tags])})
        if known is not None:
            _keep_marks(db, name, division.players, own,
                        max((p.round for p in division.pairings), default=0))
        played = {(r.round, n) for r in division.results for n in r.players}
        moved = [replace(p, table=venue_table(p.table, offset), division=name)
                 for p in division.pairings]
        store_pairings(db, with_tables(moved, taken, played), division=name)
        store_imported_results(db, [replace(r, table=venue_table(r.table, offset))
                                    for r in division.results], division=name)
    rounds = len({p.round for p in division.pairings})
    where = f", its boards at tables {offset + 1} onwards" if offset else ""
    corrected = "".join(f"\n{source}: corrected {words}" for words in settled)
    return (f"{source}: division {name}: {count(len(division.players), 'player')}, "
            f"{count(rounds, 'round')} of pairings, {count(len(division.results), 'result')}{where}"
            + corrected)


def _directors_marks(db: DirectorDB, name: str) -> dict[str, list]:
    """The director's own tags of each player by name (director.event.roster: a tag whose name
    begins with a space, such as an absence for the next round), which no .t file holds."""
    held = {p.number: p.name for p in players(db, name)}
    marks = {}
    for number, tags in roster.tags_of(db, name).items():
        own = [list(t) for t in tags if t[0].startswith(" ") and t[0] != tsh.RATING_TAG]
        if own and number in held:
            marks[name_key(held[number])] = own
    return marks


def _keep_marks(db: DirectorDB, name: str, given, marks: dict[str, list], paired: int) -> None:
    """A .t file imported again keeps the director's own marks of the players it still has (an
    absence from a round the file pairs is over: the file says who played it)."""
    tags = roster.tags_of(db, name)
    for player in given:
        for tag, values in marks.get(name_key(player.name), ()):
            if tag == roster.ABSENT and roster.absent_in([(tag, values)])[0] <= paired:
                continue
            roster.store_tags(db, name, player.number,
                              roster.with_tag(tags.get(player.number, ()), tag, values))


def _key(record) -> tuple:
    return (record.round, *sorted(record.players))


def _agree_with_the_tables(db: DirectorDB, name: str, results, source: str,
                           options: Options) -> tuple[list[str], set]:
    """The file's results where the tables sent theirs: refused if they differ, unless its
    scores stand as corrections; then what each game is now, and the games (round, players)."""
    if options.rules is None:
        return [], set()
    found = conflicts.conflicts(db, options.rules, options.tournament, name, list(results))
    if not found:
        return [], set()
    if not options.as_corrections:
        raise FileRefused(conflicts.refusal(source, name, found))
    try:
        return (conflicts.settle(db, options.rules, options.tournament, name, found, source,
                                 time.time()), {_key(c.table) for c in found})
    except ValueError as exc:
        raise FileRefused(f"{source}: division {name}: {exc}: the file pairs the players otherwise "
                          "than the table's game; no correction can say that") from None


def _import_csv(db: DirectorDB, upload: Upload, kind: str, division: str | None,
                options: Options) -> str:
    text = decode(upload.data, upload.name, fallback=None)
    if kind == "players-csv":
        return _import_players(db, upload, text, division, options)
    given = csv_io.parse_pairings_csv(text, players(db), source=upload.name, division=division)
    out = []
    for name in dict.fromkeys(p.division for p in given):
        out += with_tables([p for p in given if p.division == name], _tables_of_others(db, name))
    count = store_pairings(db, out, division=division)
    return f"{upload.name}: {count} pairings for round(s) " + ", ".join(
        str(r) for r in sorted({p.round for p in given}))


def _import_players(db: DirectorDB, upload: Upload, text: str, division: str | None,
                    options: Options) -> str:
    """A players CSV: into a division that has players, what it does not name kept
    (director.files.players_again)."""
    given = csv_io.parse_players_csv(text, source=upload.name)
    named = players_again.columns(text)
    groups: dict[str, list] = {}
    for p in given:
        groups.setdefault(divisions.for_import(db, p.division or division), []).append(p)
    roster, tags, late = [], {}, {}
    for name, group in groups.items():
        if divisions.find(db, name) is None:
            roster += group
            continue
        kept, tags[name], late[name] = players_again.merged(db, name, group, named,
                                                            keep_numbers=not options.replace)
        roster += kept
    if not options.replace:
        _keep_players_who_played(db, roster, division, upload.name)
    count = store_players(db, roster, division=division)
    words = ""
    with db.transaction() as conn:
        for name, own in tags.items():
            for number, values in own.items():
                conn["players"].update((name, number), {"tsh_tags": json.dumps(values) if values else None})
            words += players_again.late_entries(db, name, late[name])
    return f"{upload.name}: {count} players" + (
        f" in divisions {', '.join(sorted(groups))}" if len(groups) > 1 else "") + words


def _keep_players_who_played(db: DirectorDB, roster, division: str | None, source: str) -> None:
    """A players CSV may renumber or rename a division's players, but not drop one who has a
    pairing or a result: refused naming them."""
    for name in dict.fromkeys(divisions.for_import(db, p.division or division) for p in roster):
        if divisions.find(db, name) is None:
            continue
        new = [p for p in roster if divisions.for_import(db, p.division or division) == name]
        played = {n for r in [*pairings(db, name), *imported_results(db, name)] for n in r.players}
        lost = removal([p for p in players(db, name) if p.number in played], [], [], new, [], [])
        if lost:
            raise FileRefused(f"{source}: division {name}: the file would remove {lost.words()}, "
                              "who have pairings or results; import it to replace the division's "
                              "players (--replace; on the page, 'replace the division whole')")


def venue_table(board: str, offset: int) -> str:
    """A tsh board as the venue's table (board + the division's offset)."""
    return str(int(board) + offset) if offset and board.isdigit() else board


def _tables_of_others(db: DirectorDB, name: str) -> dict[int, set[str]]:
    with db.locked() as conn:
        rows = conn.query("SELECT round, table_name FROM pairings WHERE table_name IS NOT NULL "
                          "AND division != ?", [name])
        taken: dict[int, set[str]] = {}
        for row in rows:
            taken.setdefault(row["round"], set()).add(row["table_name"])
    return taken


def _offset_for(pairings: Iterable[Pairing], taken: dict[int, set[str]]) -> int:
    """0 if the division's boards are free in their rounds, else past every other table."""
    if not any(p.table in taken.get(p.round, ()) for p in pairings if p.table):
        return 0
    return max((int(t) for tables in taken.values() for t in tables if t.isdigit()), default=0)
