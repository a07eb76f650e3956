"""``.TOU`` files read (director.files.tou writes them): sections of players and their rounds, and
each section read as a division's players, pairings and results.

What a real file holds, as the ratings programs read it:

- an event line ``*Mdd.mm.yyyy name`` (``*N`` in a results-only team file), before every division
  or once at the top; a division line ``*name`` (any text: ``*BAHRA  2006``, ``*AUS:NZ``);
- the line after a division line: AUPAIR's high-word line, either 38 spaces and ``0`` or a
  player's name, the event's high word and its score (``Tanasak Supaphibunk GRANITES        140``);
  it is not a player;
- a player line: the name in 20 columns, then a block per round: the result and score as one
  number (``2478`` a win scoring 478, ``1425`` a tie, `` 349`` a loss; a penalty score is written
  with its sign, ``2-10`` a win scoring -10, `` -30`` a loss), a space, ``+`` if the player went
  first, the opponent's line. AUPAIR writes each block in 9 characters (`` 2478 +19``); a
  division of more than 99 players overflows it (`` 2503 +116``), so blocks are read as numbers,
  not columns. A name longer than 20 characters (a free-form line) is the leading words with a
  letter in them;
- ``*** END OF FILE ***``.

Everything is kept as written (``TouSection``/``TouRow`` ``text``, ``line``, ``high_word``), so an
export writes a file back as it came in (director.files.tou). Pure text functions.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from director.event.model import NO_OPPONENT, GameResult, ModelError, Pairing, Player, bye, name_refusal

NAME_WIDTH = 20
HIGH_WORD_LINE = " " * 38 + "0"
END = "*** END OF FILE ***"
_EVENT = re.compile(r"\*([MN])(\d\d)\.(\d\d)\.(\d{4}) ?(.*)$")
_HIGH_WORD = re.compile(r".{%d}[A-Za-z?][^\d]*\s-?\d+\s*" % NAME_WIDTH)
_BLOCK = re.compile(r"\s+(?P<value>[12]?-\d{1,3}|\d{1,4})\s+(?P<plus>\+?)(?P<opponent>\d{1,4})")


class TouError(ModelError):
    """Data a .TOU file cannot hold, or a .TOU file that cannot be read: says where and why."""


@dataclass(frozen=True)
class TouEntry:
    outcome: str          # "2" win, "1" tie, " " loss
    score: int
    first: bool
    opponent: int         # line number in the division; the player's own for a bye or forfeit
    text: str = field(default="", compare=False)      # the block as written


@dataclass(frozen=True)
class TouRow:
    name: str
    entries: tuple[TouEntry, ...]
    line_no: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)      # the line as written


@dataclass(frozen=True)
class TouSection:
    date: dt.date
    event: str
    division: str
    rows: tuple[TouRow, ...]
    own_event_line: bool = field(default=False, compare=False)   # an event line just before it
    event_line: str = field(default="", compare=False)           # as written (its *M or *N)
    line: str = field(default="", compare=False)                 # the division line as written
    high_word: str | None = field(default=None, compare=False)   # its high-word line, if any
    line_no: int = field(default=0, compare=False)
    newline: str = field(default="\r\n", compare=False)          # the file's line ends
    tail: str = field(default="", compare=False)                 # what follows the END line's text


def block_text(outcome: str, score: int, first: bool, opponent: int) -> str:
    """One round as AUPAIR writes it: `` 2478 +19``, `` 2-10  45``, ``    0   3``; an opponent
    past line 99 takes a column more (`` 2503 +116``, `` 2445  110``)."""
    value = (str(" 12".index(outcome) * 1000 + score) if score >= 0
             else outcome.strip() + str(score))
    return f" {value:>4} {('+' if first else '') + str(opponent):>{3 if opponent < 100 else 4}}"


def parse_tou(text: str, *, source: str = "<tou>") -> list[TouSection]:
    """Read a .TOU file's sections (see the module's docstring); a TouError names the line."""
    sections: list[TouSection] = []
    newline = "\r\n" if "\r\n" in text else "\n"
    head: dict | None = None
    rows: list[tuple[int, str]] = []
    pending: tuple[dt.date, str, str] | None = None     # the last event line: date, name, text
    just_after_event = after_division = False

    def close(tail=""):
        if head is not None:
            read = tuple(_row(line, n, source) for n, line in rows)
            sections.append(TouSection(rows=read, newline=newline, tail=tail, **head))

    at = 0                                              # where the line starts in the text
    for line_no, raw in enumerate(text.split("\n"), 1):
        line, at = raw.rstrip("\r"), at + len(raw) + 1
        if line.strip() == END:
            close(text[at - len(raw) - 1 + len(line):])
            return sections
        event = _EVENT.match(line)
        if event or (line.startswith("*M") and pending is None):
            close()
            head, rows = None, []
            if not event:
                raise TouError(f"{source}:{line_no}: expected '*Mdd.mm.yyyy event'; got {line[:60]!r}")
            _, d, m, y, name = event.groups()
            try:
                pending = (dt.date(int(y), int(m), int(d)), name.strip(), line)
            except ValueError as exc:
                raise TouError(f"{source}:{line_no}: the date {d}.{m}.{y}: {exc}") from None
            just_after_event, after_division = True, False
        elif line.startswith("*"):
            if pending is None:
                raise TouError(f"{source}:{line_no}: a division line before any '*M' line")
            close()
            head = dict(date=pending[0], event=pending[1], division=line[1:].strip(),
                        own_event_line=just_after_event, event_line=pending[2], line=line,
                        line_no=line_no)
            rows, just_after_event, after_division = [], False, True
        elif after_division and head is not None and (line[:1].isspace() or _HIGH_WORD.fullmatch(line)):
            head["high_word"], after_division = line, False          # AUPAIR's high-word line
        elif not line.strip() or line[:1].isspace():
            after_division = False
        elif head is None:
            raise TouError(f"{source}:{line_no}: a player line before any division line")
        else:
            rows.append((line_no, line))
            after_division = False
    raise TouError(f"{source}: no '{END}' line")


def _row(line: str, line_no: int, source: str) -> TouRow:
    """A player line: the name in 20 columns and blocks of numbers, else free-form (a longer
    name); neither: a TouError naming the round whose block cannot be read."""
    name, rest = line[:NAME_WIDTH].rstrip(), line[NAME_WIDTH:]
    entries, error = [], None
    if name and (not rest.strip() or rest[:1] == " "):
        entries, error = _blocks(rest, line_no, source)
        if error is None and all(len(e.text) >= 9 for e in entries):     # AUPAIR's columns
            return TouRow(name, tuple(entries), line_no, line)
    free = _free_form(line, line_no)
    if free is not None:
        return free
    if error is None and entries:
        return TouRow(name, tuple(entries), line_no, line)
    raise TouError(error or f"{source}:{line_no}: expected a name in 20 columns, then a "
                   f"' Rsss  +oo' block per round; got {line[:60]!r}")


def _blocks(rest: str, line_no: int, source: str) -> tuple[list[TouEntry], str | None]:
    entries, at = [], 0
    while rest[at:].strip():
        match = _BLOCK.match(rest, at)
        if not match or not _value_ok(match.group("value")):
            return entries, (f"{source}:{line_no}: round {len(entries) + 1}: block "
                             f"{rest[at:at + 9]!r} is not ' Rsss  +oo' (result 2/1/blank and "
                             "score, + if first, opponent's line)")
        entries.append(_entry(match, rest[at:match.end()]))
        at = match.end()
    return entries, None


def _value_ok(value: str) -> bool:
    return "-" in value or int(value) // 1000 <= 2


def _entry(match: re.Match, text: str) -> TouEntry:
    value = match.group("value")
    if "-" in value:
        digit, _, score = value.partition("-")
        outcome, points = {"": " ", "1": "1", "2": "2"}[digit], -int(score)
    else:
        outcome, points = " 12"[int(value) // 1000], int(value) % 1000
    return TouEntry(outcome, points, match.group("plus") == "+", int(match.group("opponent")), text)


def _free_form(line: str, line_no: int) -> TouRow | None:
    """``Charles Micallef 2478 +19 2477 5 ...``: the leading words with a letter are the name,
    then (result and score, opponent) pairs; None if the line is not that."""
    words = line.split()
    count = next((i for i, w in enumerate(words) if not any(c.isalpha() for c in w)), len(words))
    if not count:
        return None
    rest = " " + " ".join(words[count:])
    entries, at = [], 0
    while at < len(rest):
        match = _BLOCK.match(rest, at)
        if not match or not _value_ok(match.group("value")):
            return None
        entries.append(_entry(match, ""))
        at = match.end()
    return TouRow(" ".join(words[:count]), tuple(entries), line_no, line)


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
            other = rows[entry.opponent - 1]
            if len(other.entries) < round_ or other.entries[round_ - 1].opponent != i:
                said = other.entries[round_ - 1].opponent if len(other.entries) >= round_ else None
                theirs = ("has no game" if said is None else "has itself (a bye or an absence)"
                          if said == entry.opponent else f"has line {said}")
                raise TouError(f"{where}: the two lines disagree on who played whom: this line has "
                               f"line {entry.opponent} ({other.name}, line {other.line_no} of the "
                               f"file) as opponent, which {theirs} in that round; correct one of "
                               "the two lines")
            theirs = other.entries[round_ - 1]
            expected = "1" if entry.score == theirs.score else ("2" if entry.score > theirs.score else " ")
            if entry.outcome != expected or theirs.outcome != {"1": "1", "2": " ", " ": "2"}[expected]:
                raise TouError(f"{where}: the results ({entry.outcome!r}, {theirs.outcome!r}) do not "
                               f"agree with the scores {entry.score}-{theirs.score} (line "
                               f"{other.line_no}); correct the result or the scores")
            if entry.opponent < i:
                continue                                    # read from the lower line
            first = 0 if entry.first else (1 if theirs.first else None)
            pairings.append(Pairing(round_, "", (i, entry.opponent), first, division))
            results.append(GameResult(round_, "", (i, entry.opponent), (entry.score, theirs.score), first))
    return players, pairings, results
