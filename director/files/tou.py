"""``.TOU`` files for Commonwealth ratings (AUPAIR's format), written from our results and read back.

Layout (ASCII, CRLF line ends), as AUPAIR writes it:

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
opponent's line number in 3 columns, ``+`` before it when the player went first (4 columns when
a division has over 99 players). Result and score are one number, result x 1000 + score: 2478 is
a win scoring 478, 1425 a tie at 425, 349 a loss scoring 349. The opponent's score is on the
opponent's line.

A bye is AUPAIR's ``2001 +n`` (a win "scoring" 1 against oneself), a forfeit loss or an absence
(a round against no one scoring 0: no game, director.event.model.GameResult.no_game) ``   0  n``
(a loss scoring 0 against oneself), as AUPAIR writes a missed round: ratings programs skip games
against oneself, so byes, forfeits and absences stay unrated, as the rule books ask. A forfeit between two players is written
that way for each of them. Pure text functions, plus ``write_tou`` which only writes the file.
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from director.event.model import NO_OPPONENT, GameResult, ModelError, Player

NAME_WIDTH = 20
HIGH_WORD_LINE = " " * 38 + "0"
END = "*** END OF FILE ***"
CRLF = "\r\n"


class TouError(ModelError):
    """Data a .TOU file cannot hold, or a .TOU file that cannot be read: says where and why."""


@dataclass(frozen=True)
class TouDivision:
    name: str
    players: Sequence[Player]
    results: Sequence[GameResult]


@dataclass(frozen=True)
class TouEntry:
    outcome: str          # "2" win, "1" tie, " " loss
    score: int
    first: bool
    opponent: int         # line number in the division; the player's own for a bye or forfeit


@dataclass(frozen=True)
class TouRow:
    name: str
    entries: tuple[TouEntry, ...]


@dataclass(frozen=True)
class TouSection:
    date: dt.date
    event: str
    division: str
    rows: tuple[TouRow, ...]


def ascii_name(name: str, *, where: str) -> str:
    """The name in ASCII (accents dropped: Zoë -> Zoe); a TouError if a letter has no ASCII form."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    if not plain.isascii():
        bad = next(c for c in plain if not c.isascii())
        raise TouError(f"{where}: {name!r}: {bad!r} has no ASCII form for a .TOU file")
    return plain


def format_tou(event: str, date: dt.date, divisions: Sequence[TouDivision], *,
               event_line_each: bool = False) -> str:
    """The .TOU text: every division, each with a result for every player in every round up to
    the division's last (record an absent player's round as director.event.model.bye(r, n, -spread)).
    Names longer than 20 characters are cut to 20, as the ratings programs' name column is."""
    event_line = f"*M{date:%d.%m.%Y} {ascii_name(event, where='event')}"
    lines = [] if event_line_each else [event_line]
    for division in divisions:
        lines += [event_line] if event_line_each else []
        lines += ["*" + ascii_name(division.name, where="division"), HIGH_WORD_LINE]
        lines += _player_lines(division)
    lines.append(END)
    return CRLF.join(lines) + CRLF


def write_tou(path: str | Path, event: str, date: dt.date, divisions: Sequence[TouDivision], *,
              event_line_each: bool = False) -> None:
    """Write a .TOU file (see format_tou)."""
    Path(path).write_bytes(format_tou(event, date, divisions,
                                      event_line_each=event_line_each).encode("ascii"))


def _player_lines(division: TouDivision) -> list[str]:
    players = sorted(division.players, key=lambda p: p.number)
    row_of = {p.number: i for i, p in enumerate(players, 1)}
    width = 3 if len(players) <= 99 else 4
    table: dict[tuple[int, int], str] = {}
    rounds = max((r.round for r in division.results), default=0)
    for result in division.results:
        for side, number in enumerate(result.players):
            if number == NO_OPPONENT:
                continue
            where = f"division {division.name}, round {result.round}"
            if number not in row_of:
                raise TouError(f"{where}: player {number} is not one of the division's players")
            if (number, result.round) in table:
                raise TouError(f"{where}: player {number} has two results")
            table[(number, result.round)] = _block(result, side, row_of, width, where)
    out = []
    for p in players:
        missing = [r for r in range(1, rounds + 1) if (p.number, r) not in table]
        if missing:
            raise TouError(f"division {division.name}: player {p.number} ({p.name}) has no result in "
                           f"round {missing[0]}; a .TOU needs every round (record an absence as a "
                           "forfeit loss)")
        name = ascii_name(p.name, where=f"player {p.number}")[:NAME_WIDTH]
        blocks = "".join(table[(p.number, r)] for r in range(1, rounds + 1))
        out.append(f"{name:<{NAME_WIDTH}}" + blocks)
    return out


def _block(result: GameResult, side: int, row_of: dict, width: int, where: str) -> str:
    own_row = row_of[result.players[side]]
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        won = result.winner == side                   # a bye or a forfeit won: AUPAIR's 2001 +n
        outcome, score, first, opponent = ("2", 1, True, own_row) if won else (" ", 0, False, own_row)
    else:
        outcome = "1" if result.winner is None else ("2" if result.winner == side else " ")
        score = result.scores[side]
        first = result.first == side
        opponent = row_of.get(result.players[1 - side])
        if opponent is None:
            raise TouError(f"{where}: player {result.players[1 - side]} is not one of the "
                           "division's players")
        if not 0 <= score <= 999:
            raise TouError(f"{where}: player {result.players[side]}'s score {score} does not fit a "
                           ".TOU file (0 to 999)")
    opp_field = ("+" if first else "") + str(opponent)
    return f" {' 12'.index(outcome) * 1000 + score:>4} {opp_field:>{width}}"     # 2001, 1425, ' 349'


def parse_tou(text: str, *, source: str = "<tou>") -> list[TouSection]:
    """Read a .TOU file's sections by their fixed columns (a reader to check what we write)."""
    sections: list[TouSection] = []
    head: tuple[dt.date, str, str] | None = None
    rows: list[tuple[int, str]] = []
    lines = text.split("\n")

    def close():
        if head is not None:
            read = tuple(_row(line, n, source, len(rows)) for n, line in rows)
            sections.append(TouSection(*head, read))

    pending_event = None            # (date, event) of the last event line
    for line_no, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        if line == END:
            close()
            return sections
        event_line = re.match(r"\*M(\d\d)\.(\d\d)\.(\d{4}) (.*)$", line)
        if line.startswith("*M") and (event_line or pending_event is None):
            close()
            head, rows = None, []
            if not event_line:
                raise TouError(f"{source}:{line_no}: expected '*Mdd.mm.yyyy event'; got {line!r}")
            d, m, y, event = event_line.groups()
            pending_event = (dt.date(int(y), int(m), int(d)), event)
        elif line.startswith("*"):
            if pending_event is None:
                raise TouError(f"{source}:{line_no}: a division line before any '*M' line")
            close()
            head, rows = (*pending_event, line[1:]), []
        elif line.strip() == "0" or not line.strip():
            continue                                          # the high-word line
        elif head is None:
            raise TouError(f"{source}:{line_no}: a player line before any division line")
        else:
            rows.append((line_no, line))
    raise TouError(f"{source}: no '{END}' line")


def _row(line: str, line_no: int, source: str, players: int) -> TouRow:
    width = 9 if players <= 99 else 10
    name, rest = line[:NAME_WIDTH].rstrip(), line[NAME_WIDTH:]
    if len(rest) % width:
        raise TouError(f"{source}:{line_no}: the rounds are not {width}-character blocks")
    entries = []
    for start in range(0, len(rest), width):
        block = rest[start:start + width]
        match = re.fullmatch(r" ( *\d+) ( *)(\+?)(\d+)", block)
        if not match or len(match.group(1)) != 4 or int(match.group(1)) // 1000 > 2:
            raise TouError(f"{source}:{line_no}: round {start // width + 1}: block {block!r} is not "
                           "' Rsss  +oo' (result 2/1/blank, score, + if first, opponent)")
        value, _, plus, opponent = match.groups()
        outcome, score = " 12"[int(value) // 1000], int(value) % 1000
        entries.append(TouEntry(outcome, score, plus == "+", int(opponent)))
    return TouRow(name, tuple(entries))
