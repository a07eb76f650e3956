"""The database out as files, for the page's downloads and ``python -m director export`` alike:

- ``export_t``: one division as a tsh ``.t`` file (its boards: the venue's tables less the
  division's table offset; its players' other tags as they were imported), in the event's tsh
  encoding (``tsh_encoding``);
- ``export_tou``: the whole event as one ``.TOU`` file for the ratings, a block per division
  under one event line (AUPAIR's layout), dated the event's date (its tsh config's) or today,
  in Windows-1252 (director.files.code_page: the names a Windows-1252 form romanises, said in
  ``notes``);
- ``export_standings_csv``: the standings of every division (or one), with a division column;
- ``export_results``: the results a tournament forwards (NZASP 11.4; director.files.results_report)
  as a page or CSV: 11.4's columns, the draws, the team standings;
- ``export_archive``: the whole event as a tsh archive (``.tsh``): the imported config (or one
  made of the event's settings, the spread caps the standings apply among them, its name the
  tournament's when no config gave one) and every division's ``.t`` file inside it.

tsh reads all of an event's ``.t`` files in one encoding, ISO-8859-1 unless its config says
UTF-8: so the event's tsh files are ISO-8859-1 while every name and tag of every division fits
it and no imported config says UTF-8, else every one of them is UTF-8, the archive's config
then saying so (``config tfile_encoding = 'utf8'``; ``utf8_note`` tells the director to put
that line in tsh's ``config.tsh`` for a lone ``.t`` file). A caller may ask for one encoding; a
name it cannot hold is then refused naming it.

Which scores each file holds: the ``.t`` files, the archive and the ``.TOU`` hold the results
that count (director.event.counted: the division as counted) with their scores as recorded: a file's as
it was written, a table's as the table recorded them (under a book that records the capped score,
school 24, capped already), a director's correction's as corrected. A spread cap is never applied
to a file's scores: tsh applies its own ``spread_cap`` (the archive carries the event's) when it
computes standings, as the page, ``/live``, the standings CSV and ``python -m director standings``
do. Data a file cannot hold raises director.files.imports.FileRefused saying why.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import replace

from common.game.rules import Rules

from director.event import counted, divisions
from . import results_report, tou, tou_layout, tsh
from director.event.db import DirectorDB
from .imports import FileRefused, tsh_config_lines
from director.event.model import ModelError
from director.event.standings import standings_csv
from director.event.tournament import event_standings, standings
from .code_page import changed
from .tsh_config import UTF8_LINE, format_archive, says_utf8

FORMATS = {"t": ".t", "tou": ".TOU", "csv": " standings.csv", "tsh": ".tsh"}   # --format: suffix
SHOWN = 3           # names a note lists before "and n more"
#: The results' downloads (``/export/NAME``): the report's format of each.
RESULTS = {"results.html": "html", "results.csv": "csv", "draw.csv": "draw", "teams.csv": "teams"}
ENCODINGS = ("iso-8859-1", "utf-8")        # a tsh file's; None: the event's (tsh_encoding)


def board(table: str, offset: int) -> str:
    """A venue table as the division's tsh board (director.files.imports.venue_table undone)."""
    return str(int(table) - offset) if offset and table.isdigit() and int(table) > offset else table


def division_text(db: DirectorDB, rules: Rules, tournament: str, division: str) -> str:
    """The division's .t text."""
    view = counted.load(db, rules, tournament, division)
    offset = view.division.table_offset if view.division else 0
    paired = [replace(p, table=board(p.table, offset)) for p in view.pairings]
    results = [replace(r, table=board(r.table, offset)) for r in view.results]
    return tsh.format_t(list(view.players), paired, results, extras=dict(view.tags),
                        layout=view.division.tsh_layout if view.division else None)


def tsh_encoding(db: DirectorDB, rules: Rules, tournament: str) -> str:
    """The encoding of the event's tsh files (see the module's docstring)."""
    if says_utf8(tsh_config_lines(db)) or _not_latin1(db, rules, tournament):
        return "utf-8"
    return tsh.ENCODING


def _not_latin1(db: DirectorDB, rules: Rules, tournament: str) -> str:
    """What of the event's .t files ISO-8859-1 cannot hold, in words ("'ā' of 'Te Whatu Māori',
    division B"), or "": a name, or a tag kept from an imported file (all a .t line holds but
    digits)."""
    for name in divisions.names(db):
        view = counted.load(db, rules, tournament, name)
        tags = dict(view.tags)
        for player in view.players:
            words = " ".join(" ".join(map(str, tag)) for tag in tags.get(player.number, ()))
            for text, where in ((player.name, ""), (words, " (in a tag)")):
                if not _latin1(text):
                    char = next(c for c in text if not _latin1(c))
                    return f"{char!r} of {player.name!r}{where}, division {name}"
    return ""


def export_t(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None,
             encoding: str | None = None) -> bytes:
    """The division (the event's only one if not named) as a tsh .t file, in ``encoding`` (None:
    the event's, ``tsh_encoding``; utf8_note says what tsh then needs)."""
    try:
        name = divisions.resolve(db, division)
        text = division_text(db, rules, tournament, name)
        encoding = encoding or tsh_encoding(db, rules, tournament)
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise FileRefused(f"{text[exc.start:exc.end]!r} (line {text.count(chr(10), 0, exc.start) + 1}) "
                          f"cannot be written in {encoding}: download it in the event's encoding "
                          "(without ?encoding; --encoding auto), UTF-8 then") from None
    except (ModelError, LookupError) as exc:
        raise FileRefused(f".t export: {exc}") from None


def _latin1(text: str) -> bool:
    try:
        text.encode(tsh.ENCODING)
        return True
    except UnicodeEncodeError:
        return False


def utf8_note(db: DirectorDB, rules: Rules, tournament: str, *, archive: bool = False) -> str:
    """Why the event's tsh files are UTF-8, and what tsh needs to read them (a lone .t file: a
    line of its config.tsh; the archive: nothing, its config has the line)."""
    why = _not_latin1(db, rules, tournament)
    why = f"{why} is not ISO-8859-1" if why else "its tsh config says so"
    if archive:
        return f"the event's tsh files are UTF-8 ({why}): the archive's config says so to tsh ({UTF8_LINE})"
    return (f"the event's tsh files are UTF-8 ({why}): tsh reads them with the line {UTF8_LINE} "
            "in its config.tsh (the tsh archive has it)")


def export_tou(db: DirectorDB, rules: Rules, tournament: str, today: dt.date,
               left_out: list[str] | None = None, notes: list[str] | None = None) -> bytes:
    """Every division's completed rounds as one .TOU file for the ratings: each division's rounds
    up to the last of its first rounds in which every pairing has its result (a player with no
    pairing there is written absent); a later round (the one in play) is left out, and said in
    ``left_out`` ("division A: round 3 left out: 2 of its 6 games have no result yet"). The names
    Windows-1252 cannot hold as typed are said in ``notes`` with the form written."""
    settings = divisions.event_settings(db)
    date = divisions.event_date(settings.date) or today
    layout, each = tou_layout.load(db), tou_layout.event_line_each(db)
    try:
        blocks = []
        for name in divisions.names(db):
            view = counted.load(db, rules, tournament, name)
            results = list(view.results)
            rounds, note = completed_rounds(list(view.pairings), results)
            if note:
                (left_out if left_out is not None else []).append(f"division {name}: {note}")
            blocks.append(tou_layout.as_written(layout, tou.TouDivision(
                name, list(view.players), results, rounds)))
        text = tou.format_tou(settings.name or tournament or "Tournament", date, blocks,
                              event_line_each=each,
                              newline=layout.get("newline", tou.CRLF),
                              event_line=layout.get("event_line"), tail=layout.get("tail"))
    except ModelError as exc:
        raise FileRefused(f".TOU export: {exc}") from None
    if notes is not None:
        notes += _romanised(blocks)
    return text.encode(tou.ENCODING)


def _romanised(blocks: list) -> list[str]:
    """The names the .TOU writes in Windows-1252's form, in words, at most a few."""
    names = [p.name for d in blocks for p in d.players if changed(p.name)]
    if not names:
        return []
    shown = "; ".join(f"{n} as {tou.tou_text(tou.tou_name(n), where='')}" for n in names[:SHOWN])
    more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
    return [f"names in Windows-1252, the .TOU's code page: {shown}{more}"]


def completed_rounds(paired: list, results: list) -> tuple[int, str]:
    """The number of a division's first rounds whose every pairing has its result, and the rounds
    after them that have results, in words ("" if none): left out of a .TOU."""
    done = {(r.round, n) for r in results for n in r.players if n}
    waiting: dict[int, set[tuple[int, int]]] = {}
    for pairing in paired:
        if any(n and (pairing.round, n) not in done for n in pairing.players):
            waiting.setdefault(pairing.round, set()).add(pairing.players)
    last = max([r.round for r in results] + [p.round for p in paired], default=0)
    complete = min(waiting, default=last + 1) - 1
    later = sorted({r.round for r in results if r.round > complete})
    if not later:
        return complete, ""
    games = {r: len({p.players for p in paired if p.round == r}) for r in later}
    shown = "; ".join(f"round {r}" + (f" ({len(waiting[r])} of its {games[r]} games without a "
                                       "result yet)" if r in waiting else "") for r in later)
    return complete, f"{shown} left out of the .TOU: only complete rounds are rated"


def export_standings_csv(db: DirectorDB, rules: Rules, tournament: str,
                         division: str | None = None) -> bytes:
    """The standings of every division in turn (or of the one named) as CSV."""
    try:
        if division:
            table = standings(db, rules, tournament, divisions.resolve(db, division))[0]
        else:
            table = [s for d in event_standings(db, rules, tournament) for s in d.standings]
    except ModelError as exc:
        raise FileRefused(f"standings: {exc}") from None
    return standings_csv(table).encode("utf-8")


def export_results(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None,
                   fmt: str = "html", draws: dict | None = None) -> bytes:
    """The results to forward (NZASP 11.4) of every grade (or the one named), in ``fmt`` (one of
    director.files.results_report.FORMATS); ``draws``: the config's."""
    try:
        return results_report.report(db, rules, tournament, division, fmt, draws).encode("utf-8")
    except ModelError as exc:
        raise FileRefused(f"results: {exc}") from None


def default_t_name(division: str) -> str:
    """A division's ``.t`` file's name where no config.tsh named it: tsh's own way, the division's
    name in lower case (``a.t`` for division A), in the archive and as a lone download alike."""
    return f"{division.lower()}.t"


def export_archive(db: DirectorDB, rules: Rules, tournament: str,
                   encoding: str | None = None) -> bytes:
    """The whole event as a tsh archive, in ``encoding`` (None: the event's; its config says
    UTF-8 to tsh)."""
    lines = tsh_config_lines(db)
    try:
        files = [(d.name, d.tsh_file or default_t_name(d.name), division_text(db, rules, tournament, d.name))
                 for d in divisions.divisions(db)]
        caps = divisions.counting_rules(db, rules).result.spread_caps
        settings = divisions.event_settings(db)
        settings = replace(settings, name=settings.name or tournament, spread_caps=tuple(caps) or None)
        encoding = encoding or tsh_encoding(db, rules, tournament)
        text = format_archive(lines, files, settings, utf8=encoding == "utf-8")
    except ModelError as exc:
        raise FileRefused(f"archive export: {exc}") from None
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise FileRefused(f"{text[exc.start:exc.end]!r} cannot be written in {encoding}: download "
                          "the archive in the event's encoding (without ?encoding; --encoding "
                          "auto), UTF-8 then") from None
