"""``.TOU`` files, the rating programs' results: written from our results in AUPAIR's layout, and
read (AUPAIR's fixed columns, or the free-form layout of names and numbers separated by spaces)
into players and results for an import.

Layout (Windows-1252, the code page the rating programs read; CRLF line ends), as AUPAIR
writes it:

    *M01.03.2020 The Twelfth Israeli Open Tournament      event line: *M, date dd.mm.yyyy, name
    *A                                                   division line: *, division name
                                          0              high-word line: 38 spaces and 0
    Charles Micallef     2478 +19 2477   5 ...           one line per player
    *B                                                   the next division, its high-word line...
    *** END OF FILE ***

One event line, then a block per division (AUPAIR's layout, which the ratings programs read: a
line starting with ``*`` opens a division). Woogles' exporter repeats the event line before each
division (``event_line_each=True`` writes that; both read back).

A player line is the name in 20 columns, then one 9-character block per round: a space; the
result (``2`` win, ``1`` tie, space loss); the player's own score in 3 columns; a space; the
opponent's line number in 3 columns, ``+`` before it when the player went first (a division of
over 99 players overflows the block, `` 2503 +116``, as AUPAIR writes it). Result and score are
one number, result x 1000 + score: 2478 is a win scoring 478, 1425 a tie at 425, 349 a loss
scoring 349; a penalty score keeps its sign (``2-10`` a win scoring -10). The opponent's score
is on the opponent's line. Reading (director.files.tou_read) takes what real files hold besides.
Names are written given name first, as the rating programs keep them (a tsh name ``Smylie,
Jackson`` is written ``Jackson Smylie``), in Windows-1252, every character it lacks romanised
(``Małgorzata`` is ``Malgorzata``, ``Seán`` stays ``Seán``), two alike told apart or refused
(director.files.tou_names); so are the event's and the divisions' names.
A bye is AUPAIR's ``2001 +n`` (a win "scoring" 1 against oneself), a forfeit loss or an absence
(a round against no one scoring 0: no game, director.event.model.GameResult.no_game) ``   0  n``
(a loss scoring 0 against oneself), as AUPAIR writes a missed round: ratings programs skip games
against oneself, so byes, forfeits and absences stay unrated, as the rule books ask. A forfeit
between two players is written that way for each of them. Read back (``division_results``), a win
against oneself (or against 0) is a bye of the book's forfeit spread (the file holds none), a loss
or a tie against oneself no game. A player without a result in a round the division writes is
absent there. An imported file's lines are written back as it wrote them while their results
stand (``KeptLine``: its line ends, event, division and high-word lines, names, blocks and
trailing spaces); what such a file wrote that Windows-1252 lacks (a UTF-8 file's event line,
division line or what followed its END line) is written in Windows-1252's form, so the file
always goes out. Pure text functions, plus ``write_tou`` which only writes the file.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from director.event.model import NO_OPPONENT, GameResult
from .code_page import ENCODING, cp1252_form, held  # noqa: F401  (ENCODING: the file's)
from .tou_names import name_columns, tou_name, tou_text  # noqa: F401
from .tou_read import (END, HIGH_WORD_LINE, NAME_WIDTH, TouEntry, TouError, TouRow, TouSection,  # noqa: F401
                       block_text, division_results, parse_tou)

CRLF = "\r\n"


@dataclass(frozen=True)
class KeptLine:
    """A player's line as an imported file wrote it, where it differs from ours: the whole line,
    its name column and its blocks (round -> block), each as ``(written, ours)``: written back
    wherever ours is still what it was (the result has not changed since)."""
    line: tuple[str, str] | None = None
    name: tuple[str, str] | None = None
    blocks: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    trail: str = ""                 # the spaces the file put after the line


@dataclass(frozen=True)
class TouDivision:
    name: str
    players: Sequence
    results: Sequence[GameResult]
    rounds: int | None = None       # the rounds written (None: up to the last with a result)
    line: str | None = None         # the division line as a file wrote it (else "*" + name)
    high_word: str | None = HIGH_WORD_LINE      # its high-word line as written; None: none
    kept: Mapping[int, KeptLine] = field(default_factory=dict)   # player number -> as written


def format_tou(event: str, date: dt.date, divisions: Sequence[TouDivision], *,
               event_line_each: bool = False, newline: str = CRLF,
               event_line: str | None = None, tail: str | None = None) -> str:
    """The .TOU text: every division, each round up to its ``rounds`` (else its last with a
    result) for every player, a player without a result there written absent (``   0  n``).
    Names given name first (``tou_name``), cut to 20 characters, as the ratings programs' name
    column is. What an imported file wrote is written back as it was (``event_line`` if it
    names the same event and date, each division's ``line``, ``high_word`` and ``kept`` lines)
    with its ``newline`` and what followed its END line (``tail``), in Windows-1252's form where
    it wrote what the code page lacks."""
    ours = f"*M{date:%d.%m.%Y} {tou_text(event, where='event')}"
    if event_line is not None and _writable(event_line):
        try:
            [kept] = parse_tou(f"{event_line}\n*A\n{END}\n")
            ours = event_line if (kept.date, kept.event) == (date, event.strip()) else ours
        except (TouError, ValueError):
            pass
    columns = name_columns((d.name, p, p.number in d.kept) for d in divisions for p in d.players)
    lines = [] if event_line_each else [ours]
    for division in divisions:
        lines += [ours] if event_line_each else []
        lines.append(cp1252_form(division.line) if division.line is not None
                     else "*" + tou_text(division.name, where="division"))
        lines += [cp1252_form(division.high_word)] if division.high_word is not None else []
        lines += _player_lines(division, {n: columns[(d, n)] for d, n in columns if d == division.name})
    lines.append(END)
    return newline.join(lines) + (newline if tail is None else cp1252_form(tail))


def write_tou(path: str | Path, event: str, date: dt.date, divisions: Sequence[TouDivision], *,
              event_line_each: bool = False) -> None:
    """Write a .TOU file (see format_tou)."""
    Path(path).write_bytes(format_tou(event, date, divisions,
                                      event_line_each=event_line_each).encode(ENCODING))


def our_lines(division: TouDivision, columns: Mapping[int, str] | None = None
              ) -> dict[int, tuple[str, list[str]]]:
    """Each player's line as we write it, before any kept text: number -> (name column, blocks);
    ``columns`` each player's name column (director.files.tou_names.name_columns, across the file),
    else the division's own."""
    if columns is None:
        columns = {n: c for (_, n), c in name_columns((division.name, p, False)
                                                      for p in division.players).items()}
    players = sorted(division.players, key=lambda p: p.number)
    row_of = {p.number: i for i, p in enumerate(players, 1)}
    table: dict[tuple[int, int], str] = {}
    last = max((r.round for r in division.results), default=0)
    rounds = last if division.rounds is None else division.rounds
    for result in division.results:
        for side, number in enumerate(result.players):
            if number == NO_OPPONENT or result.round > rounds:
                continue
            where = f"division {division.name}, round {result.round}"
            if number not in row_of:
                raise TouError(f"{where}: player {number} is not one of the division's players")
            if (number, result.round) in table:
                raise TouError(f"{where}: player {number} has two results")
            table[(number, result.round)] = _block(result, side, row_of, where)
    out = {}
    for p in players:
        absent = block_text(" ", 0, False, row_of[p.number])
        out[p.number] = (f"{columns[p.number]:<{NAME_WIDTH}}",
                         [table.get((p.number, r), absent) for r in range(1, rounds + 1)])
    return out


def _player_lines(division: TouDivision, columns: Mapping[int, str]) -> list[str]:
    out = []
    for number, (name, blocks) in our_lines(division, columns).items():
        kept = division.kept.get(number)
        line = name + "".join(blocks)
        if kept is None:
            out.append(line)
        elif kept.line is not None and kept.line[1] == line:
            out.append(kept.line[0])
        else:
            name = kept.name[0] if kept.name and kept.name[1] == name else name
            blocks = [kept.blocks[r][0] if r in kept.blocks and kept.blocks[r][1] == b else b
                      for r, b in enumerate(blocks, 1)]
            out.append(name + "".join(blocks) + kept.trail)
    return out


def kept_lines(section: TouSection, division: TouDivision) -> dict[int, KeptLine]:
    """What an imported section wrote that our lines for its results would not (``division``:
    the section read), per player: written back by format_tou while the results stand."""
    kept = {}
    try:
        ours_by_player = our_lines(division, _own_columns(division))
    except TouError:
        return {}                       # what the file cannot hold: the export says which
    columns = [_in_columns(row) for row in section.rows]
    for (number, (name, blocks)), row, fixed in zip(ours_by_player.items(), section.rows, columns):
        ours, text = name + "".join(blocks), row.text
        if text == ours or not _writable(text) or not any(columns):
            continue                    # a free-form file is written in AUPAIR's columns
        if not fixed:
            kept[number] = KeptLine((text, ours))         # an odd line of a file in columns
            continue
        kept[number] = KeptLine(
            (text, ours), (text[:NAME_WIDTH], name) if text[:NAME_WIDTH] != name else None,
            {r: (e.text, b) for r, (e, b) in enumerate(zip(row.entries, blocks), 1) if e.text != b},
            text[len(text.rstrip()):])
    return kept


def _in_columns(row: TouRow) -> bool:
    return row.text[:NAME_WIDTH].rstrip() == row.name and all(e.text for e in row.entries)


def _writable(text: str) -> bool:
    return all(held(char) for char in text)


def _own_columns(division: TouDivision) -> dict[int, str]:
    """Each player's name column as the division alone would have it, a name that cannot be
    written left blank (not kept then: the export says why)."""
    columns = {}
    for p in division.players:
        try:
            columns[p.number] = tou_text(tou_name(p.name), where="")[:NAME_WIDTH].rstrip()
        except TouError:
            columns[p.number] = ""
    return columns


def _block(result: GameResult, side: int, row_of: dict, where: str) -> str:
    own_row = row_of[result.players[side]]
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        won = result.winner == side                   # a bye or a forfeit won: AUPAIR's 2001 +n
        return block_text("2", 1, True, own_row) if won else block_text(" ", 0, False, own_row)
    outcome = "1" if result.winner is None else ("2" if result.winner == side else " ")
    opponent = row_of.get(result.players[1 - side])
    if opponent is None:
        raise TouError(f"{where}: player {result.players[1 - side]} is not one of the "
                       "division's players")
    score = result.scores[side]
    if not -999 <= score <= 999:
        raise TouError(f"{where}: player {result.players[side]}'s score {score} does not fit a "
                       ".TOU file (-999 to 999)")
    return block_text(outcome, score, result.first == side, opponent)   # 2001, 1425, ' 349'
