"""``.TOU`` files, the rating programs' results: written from our results in AUPAIR's layout, and
read (AUPAIR's fixed columns, or the free-form layout of names and numbers separated by spaces)
into players and results for an import.

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
opponent's line. The free-form layout (read, never written) has the same numbers separated by
spaces after the name (the name: the leading words with a letter in them, as the ratings
programs read it). Names are written given name first, as the rating programs keep them: a
tsh name ``Smylie, Jackson`` is written ``Jackson Smylie``.
A bye is AUPAIR's ``2001 +n`` (a win "scoring" 1 against oneself), a forfeit loss or an absence
(a round against no one scoring 0: no game, director.event.model.GameResult.no_game) ``   0  n``
(a loss scoring 0 against oneself), as AUPAIR writes a missed round: ratings programs skip games
against oneself, so byes, forfeits and absences stay unrated, as the rule books ask. A forfeit
between two players is written that way for each of them. Read back (``division_results``), a win
against oneself (or against 0) is a bye of the book's forfeit spread (the file holds none), a loss
or a tie against oneself no game. A player without a result in a round the division writes is
absent there. Pure text functions, plus ``write_tou`` which only writes the file.
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from director.event.model import (NO_OPPONENT, GameResult, ModelError, Pairing, Player, bye, name_refusal,
                                  not_one_line)

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
    rounds: int | None = None       # the rounds written (None: up to the last with a result)


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
    line_no: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TouSection:
    date: dt.date
    event: str
    division: str
    rows: tuple[TouRow, ...]
    own_event_line: bool = field(default=False, compare=False)   # an event line just before it


def ascii_name(name: str, *, where: str) -> str:
    """The name in ASCII (accents dropped: Zoë -> Zoe); a TouError if a letter has no ASCII form
    or the name is not one line of text."""
    if not_one_line(name):
        raise TouError(f"{where}: {name!r} is not one line of text ({not_one_line(name)})")
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    if not plain.isascii():
        bad = next(c for c in plain if not c.isascii())
        raise TouError(f"{where}: {name!r}: {bad!r} has no ASCII form for a .TOU file")
    return plain


def tou_name(name: str) -> str:
    """A name as the rating programs keep it, given name first: ``Smylie, Jackson`` -> ``Jackson
    Smylie`` (tsh's surname-first order turned round); any other name as it is."""
    family, comma, given = name.partition(",")
    return f"{given.strip()} {family.strip()}" if comma and given.strip() and "," not in given else name


def format_tou(event: str, date: dt.date, divisions: Sequence[TouDivision], *,
               event_line_each: bool = False) -> str:
    """The .TOU text: every division, each round up to its ``rounds`` (else its last with a
    result) for every player, a player without a result there written absent (``   0  n``).
    Names given name first (``tou_name``), cut to 20 characters, as the ratings programs' name
    column is."""
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
            table[(number, result.round)] = _block(result, side, row_of, width, where)
    out = []
    for p in players:
        name = ascii_name(tou_name(p.name), where=f"player {p.number}")[:NAME_WIDTH]
        absent = f" {0:>4} {row_of[p.number]:>{width}}"
        blocks = "".join(table.get((p.number, r), absent) for r in range(1, rounds + 1))
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
    """Read a .TOU file's sections: each player line by AUPAIR's fixed columns, else free-form."""
    sections: list[TouSection] = []
    head: tuple[dt.date, str, str] | None = None
    rows: list[tuple[int, str]] = []
    own = False

    def close():
        if head is not None:
            read = tuple(_row(line, n, source, len(rows)) for n, line in rows)
            sections.append(TouSection(*head, read, own))

    pending_event = None            # (date, event) of the last event line
    event_just_before = False
    for line_no, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        if line.strip() == END:
            close()
            return sections
        event_line = re.match(r"\*M(\d\d)\.(\d\d)\.(\d{4}) (.*)$", line)
        if line.startswith("*M") and (event_line or pending_event is None):
            close()
            head, rows = None, []
            if not event_line:
                raise TouError(f"{source}:{line_no}: expected '*Mdd.mm.yyyy event'; got {line!r}")
            d, m, y, event = event_line.groups()
            try:
                pending_event = (dt.date(int(y), int(m), int(d)), event.strip())
            except ValueError as exc:
                raise TouError(f"{source}:{line_no}: the date {d}.{m}.{y}: {exc}") from None
            event_just_before = True
        elif line.startswith("*"):
            if pending_event is None:
                raise TouError(f"{source}:{line_no}: a division line before any '*M' line")
            close()
            head, rows, own, event_just_before = (*pending_event, line[1:].strip()), [], event_just_before, False
        elif not line.strip() or line[:1].isspace():
            continue                                          # the high-word line
        elif head is None:
            raise TouError(f"{source}:{line_no}: a player line before any division line")
        else:
            rows.append((line_no, line))
    raise TouError(f"{source}: no '{END}' line")


def _row(line: str, line_no: int, source: str, players: int) -> TouRow:
    """A player line by AUPAIR's fixed columns, else as free-form words and numbers; neither:
    a TouError naming the fixed columns' first bad block."""
    width = 9 if players <= 99 else 10
    name, rest = line[:NAME_WIDTH].rstrip(), line[NAME_WIDTH:]
    entries, error = [], None
    for start in range(0, len(rest), width):
        block = rest[start:start + width]
        match = re.fullmatch(r" ( *\d+) ( *)(\+?)(\d+)", block)
        if not match or len(match.group(1)) != 4 or int(match.group(1)) // 1000 > 2:
            error = (f"{source}:{line_no}: round {start // width + 1}: block {block!r} is not "
                     "' Rsss  +oo' (result 2/1/blank, score, + if first, opponent)")
            break
        value, _, plus, opponent = match.groups()
        entries.append(_entry(value, plus, opponent))
    if len(rest) % width and error is None:
        error = f"{source}:{line_no}: the rounds are not {width}-character blocks"
    if error is None and name:
        return TouRow(name, tuple(entries), line_no)
    free = _free_form(line, line_no)
    if free is None:
        raise TouError(error or f"{source}:{line_no}: no name before the rounds")
    return free


def _entry(value: str, plus: str, opponent: str) -> TouEntry:
    return TouEntry(" 12"[int(value) // 1000], int(value) % 1000, plus == "+", int(opponent))


def _free_form(line: str, line_no: int) -> TouRow | None:
    """``Charles Micallef 2478 +19 2477 5 ...``: the leading words with a letter are the name,
    then (result x 1000 + score, opponent) pairs; None if the line is not that."""
    words = line.split()
    name = [w for w in words[:next((i for i, w in enumerate(words)
                                    if not any(c.isalpha() for c in w)), len(words))]]
    numbers = words[len(name):]
    if not name or len(numbers) % 2:
        return None
    entries = []
    for value, opponent in zip(numbers[::2], numbers[1::2]):
        if (not re.fullmatch(r"\d{1,4}", value) or int(value) // 1000 > 2
                or not re.fullmatch(r"\+?\d{1,4}", opponent)):
            return None
        entries.append(_entry(value, "+" if opponent.startswith("+") else "", opponent.lstrip("+")))
    return TouRow(" ".join(name), tuple(entries), line_no)


def division_results(section: TouSection, bye_spread: int, division: str, *,
                     source: str = "<tou>") -> tuple[list[Player], list[Pairing], list[GameResult]]:
    """A section read as a division: its players (numbered by line, rated 0: the file holds no
    ratings), every round's pairings and results. A win against oneself (or 0) is a bye of
    ``bye_spread``, a loss or tie against oneself no game; a game is read from its lower line, its
    opponent's line must name this one back and the results must agree with the scores. A
    TouError names the line and the round."""
    rows = section.rows
    for row in rows:
        bad = name_refusal(row.name)
        if bad:
            raise TouError(f"{source}:{row.line_no}: name: {row.name[:40]!r} is {bad}")
    players = [Player(i, row.name, 0, division) for i, row in enumerate(rows, 1)]
    pairings: list[Pairing] = []
    results: list[GameResult] = []
    for i, row in enumerate(rows, 1):
        for round_, entry in enumerate(row.entries, 1):
            where = f"{source}:{row.line_no}: {row.name}, round {round_}"
            if entry.opponent in (i, NO_OPPONENT):
                pairings.append(Pairing(round_, "", (i, NO_OPPONENT), None, division))
                results.append(bye(round_, i, bye_spread if entry.outcome == "2" else 0))
                continue
            if not 1 <= entry.opponent <= len(rows):
                raise TouError(f"{where}: opponent {entry.opponent} is not a line of division "
                               f"{section.division} (1 to {len(rows)})")
            other = rows[entry.opponent - 1].entries
            if len(other) < round_ or other[round_ - 1].opponent != i:
                raise TouError(f"{where}: line {entry.opponent} ({rows[entry.opponent - 1].name}) "
                               f"does not have line {i} as opponent in that round")
            theirs = other[round_ - 1]
            expected = "1" if entry.score == theirs.score else ("2" if entry.score > theirs.score else " ")
            if entry.outcome != expected or theirs.outcome != {"1": "1", "2": " ", " ": "2"}[expected]:
                raise TouError(f"{where}: the results ({entry.outcome!r}, {theirs.outcome!r}) do not "
                               f"agree with the scores {entry.score}-{theirs.score}")
            if entry.opponent < i:
                continue                                    # read from the lower line
            first = 0 if entry.first else (1 if theirs.first else None)
            pairings.append(Pairing(round_, "", (i, entry.opponent), first, division))
            results.append(GameResult(round_, "", (i, entry.opponent), (entry.score, theirs.score), first))
    return players, pairings, results

