"""Players, pairings and ratings lists from CSV files (a header row first), and the standings to a
CSV file.

Players: columns ``name`` (required), ``rating`` (whole number, default 0), ``number`` (default:
the row's place in its division, 1, 2, ...) and ``division``, in any order, any case; and
``club``, ``team`` and ``members`` (a team of two's, "Ann Lee & Bo Chan"), kept as the .t
line's tags of those names.
Pairings: ``round``, ``player1``, ``player2`` (required), ``table``, ``first`` and ``division``.
A player is given by number or by name (case and spacing aside) among the players of the row's
division: the ``division`` column, else the one the import names, else the only division, else
the one both names belong to. ``player2`` empty, ``0`` or ``bye`` is a bye. ``first`` is who
starts: ``1`` (player1) or ``2`` (player2), or that player's name; empty for not assigned.
A ratings list (for rating estimates, director.event.ratings): ``name``, ``rating`` and ``games``
(the player's rated games before the event), all three required; a name once only.
A bad row is a CsvError naming the file, the line and the column; nothing is half imported.
A player's name is refused where a table would refuse it (director.event.model.name_refusal)
and where tsh would read it otherwise in a ``.t`` file (``Player 7``: director.files.tsh_line),
so the files out at the end of the day take every name that came in.
The files are UTF-8 (a byte order mark, as spreadsheets write, is fine).
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from common.wire.schema import MAX_NAME

from director.event.model import (
    NO_OPPONENT, ModelError, Pairing, Player, UnknownPlayer, name_key, name_refusal, not_one_line,
    player_by_name)
from director.event.standings import Standing, standings_csv
from . import tsh_line

PLAYER_COLUMNS = ("number", "name", "rating", "division", "club", "team", "members")
#: A player's words a players CSV may give, kept as the .t line's tags of the same names (``; club
#: WLG``): the club (NZASP 11.4), the team (NZASP 11.2) and a team of two's members (school).
TAG_COLUMNS = ("club", "team", "members")
PAIRING_COLUMNS = ("round", "table", "player1", "player2", "first", "division")
RATINGS_LIST_COLUMNS = ("name", "rating", "games")
_BYE = ("", "0", "bye")


class CsvError(ModelError):
    """A CSV file that cannot be imported: names the file, the line and the column."""


def parse_players_csv(text: str, *, source: str = "<csv>") -> list[Player]:
    """The players of a players CSV, in file order."""
    rows = _rows(text, source, PLAYER_COLUMNS, required=("name",))
    players, seen_names, seen_numbers, places = [], {}, {}, {}
    numbered = None
    for line, row in rows:
        name = row.get("name", "").strip()
        if not name:
            raise CsvError(f"{source}:{line}: column 'name': expected a name; got nothing")
        bad = name_refusal(name)
        if bad:
            raise CsvError(f"{source}:{line}: column 'name': {name[:40]!r} is {bad}")
        misread = tsh_line.misread(name)
        if misread:
            raise CsvError(f"{source}:{line}: column 'name': {misread}")
        has_number = bool(row.get("number", "").strip())
        if numbered is None:
            numbered = has_number
        elif has_number != numbered:
            raise CsvError(f"{source}:{line}: column 'number': give every player a number or none")
        division = row.get("division", "").strip()
        places[division] = places.get(division, 0) + 1
        number = _int(row, "number", source, line, minimum=1) if numbered else places[division]
        rating = _int(row, "rating", source, line, minimum=0) if row.get("rating", "").strip() else 0
        key = (division.casefold(), name_key(name))
        if key in seen_names:
            raise CsvError(f"{source}:{line}: column 'name': {name!r} is already on line "
                           f"{seen_names[key]}")
        if (division.casefold(), number) in seen_numbers:
            raise CsvError(f"{source}:{line}: column 'number': {number} is already on line "
                           f"{seen_numbers[(division.casefold(), number)]}")
        seen_names[key], seen_numbers[(division.casefold(), number)] = line, line
        players.append(Player(number, name, rating, division,
                              **{c: _tag_value(row, c, source, line) for c in TAG_COLUMNS}))
    return players


def parse_pairings_csv(text: str, players: Sequence[Player], *, source: str = "<csv>",
                       division: str | None = None) -> list[Pairing]:
    """The pairings of a pairings CSV, each with its division (``division`` when the file has
    no division column), players matched to the division's ``players`` by number or name."""
    rows = _rows(text, source, PAIRING_COLUMNS, required=("round", "player1", "player2"))
    pairings, busy = [], {}
    for line, row in rows:
        round_ = _int(row, "round", source, line, minimum=1)
        name = _division(row, players, division, source, line)
        roster = [p for p in players if p.division == name]
        one = _player(row, "player1", roster, source, line)
        two = (NO_OPPONENT if row["player2"].strip().casefold() in _BYE
               else _player(row, "player2", roster, source, line))
        if one == two:
            raise CsvError(f"{source}:{line}: column 'player2': the same player as player1")
        for column, number in (("player1", one), ("player2", two)):
            if number != NO_OPPONENT and (name, round_, number) in busy:
                raise CsvError(f"{source}:{line}: column {column!r}: player {number} is already paired "
                               f"in round {round_} (line {busy[(name, round_, number)]})")
            busy[(name, round_, number)] = line
        pairings.append(Pairing(round_, row.get("table", "").strip(), (one, two),
                                _first(row, (one, two), roster, source, line), name))
    return pairings


@dataclass(frozen=True)
class ListedRating:
    """A ratings list's row: a player's rating and rated games before the event."""
    line: int
    name: str
    rating: int
    games: int


def parse_ratings_list(text: str, *, source: str = "<csv>") -> list[ListedRating]:
    """The rows of a ratings list, in file order; a name given twice (case and spacing aside) is
    refused naming both lines."""
    listed, seen = [], {}
    for line, row in _rows(text, source, RATINGS_LIST_COLUMNS, required=RATINGS_LIST_COLUMNS):
        name = " ".join(row["name"].split())
        if not name:
            raise CsvError(f"{source}:{line}: column 'name': expected a name; got nothing")
        if name_key(name) in seen:
            raise CsvError(f"{source}:{line}: column 'name': {name!r} is already on line "
                           f"{seen[name_key(name)]}")
        seen[name_key(name)] = line
        listed.append(ListedRating(line, name, _int(row, "rating", source, line, minimum=0),
                                   _int(row, "games", source, line, minimum=0)))
    return listed


def read_ratings_list(path: str | Path) -> list[ListedRating]:
    return parse_ratings_list(_read(path), source=str(path))


def _division(row: dict, players: Sequence[Player], given: str | None, source: str, line: int) -> str:
    """The row's division among the players': named (the column, else the import's), the only
    one, or the one with both players' names."""
    known = list(dict.fromkeys(p.division for p in players))
    named = row.get("division", "").strip() or given
    if named:
        match = [d for d in known if d == named] or [d for d in known if d.casefold() == named.casefold()]
        if not match:
            raise CsvError(f"{source}:{line}: column 'division': no players in division {named!r} "
                           f"(divisions: {', '.join(known) or 'none'})")
        return match[0]
    if len(known) <= 1:
        return known[0] if known else ""
    cells = [row[c].strip() for c in ("player1", "player2")]
    names = [name_key(c) for c in cells if not c.isdigit() and c.casefold() not in _BYE]
    fits = [d for d in known if names and all(
        any(name_key(p.name) == n for p in players if p.division == d) for n in names)]
    if len(fits) != 1:
        raise CsvError(f"{source}:{line}: column 'division': the event has divisions "
                       f"{', '.join(known)}; give the row's division (a division column, or the "
                       "division to import into)")
    return fits[0]


def read_players_csv(path: str | Path) -> list[Player]:
    return parse_players_csv(_read(path), source=str(path))


def read_pairings_csv(path: str | Path, players: Sequence[Player]) -> list[Pairing]:
    return parse_pairings_csv(_read(path), players, source=str(path))


def write_standings_csv(path: str | Path, standings: Sequence[Standing]) -> None:
    """The standings as CSV (director.event.standings.standings_csv), UTF-8."""
    Path(path).write_text(standings_csv(standings), encoding="utf-8", newline="")


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise CsvError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start}); save the "
                       "file as CSV UTF-8") from None


def _tag_value(row: dict, column: str, source: str, line: int) -> str:
    """A club, team or members cell: one line of text without ``;`` (a .t file keeps it as a tag,
    and ``;`` begins the next), its spaces made single."""
    value = " ".join(row.get(column, "").split())
    bad = not_one_line(value) or (len(value) > MAX_NAME and f"over {MAX_NAME} characters") \
        or (";" in value and "a ';' (a .t file's tags are separated by ';')")
    if bad:
        raise CsvError(f"{source}:{line}: column {column!r}: {value[:40]!r} has {bad}")
    return value


def _rows(text: str, source: str, columns: Sequence[str], *, required: Sequence[str]):
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    header = next(reader, None)
    if header is None:
        raise CsvError(f"{source}: empty; expected a header row with {', '.join(required)}")
    names = [h.strip().casefold().replace(" ", "") for h in header]
    for position, name in enumerate(names, 1):
        if name not in columns:
            raise CsvError(f"{source}:1: column {position} {header[position - 1]!r}: unknown; "
                           f"expected some of {', '.join(columns)}")
        if names.index(name) != position - 1:
            raise CsvError(f"{source}:1: column {name!r} given twice")
    missing = [c for c in required if c not in names]
    if missing:
        raise CsvError(f"{source}:1: no column {missing[0]!r} (the header has {', '.join(header)})")
    rows = []
    start = reader.line_num + 1             # the line a row begins on (a quoted cell may go on)
    for fields in reader:
        line, start = start, reader.line_num + 1
        if not any(f.strip() for f in fields):
            continue
        if len(fields) != len(names):
            raise CsvError(f"{source}:{line}: {len(fields)} fields; the header has {len(names)}")
        rows.append((line, dict(zip(names, fields))))
    return rows


def _int(row: dict, column: str, source: str, line: int, *, minimum: int) -> int:
    value = row.get(column, "").strip()
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < minimum:
        raise CsvError(f"{source}:{line}: column {column!r}: expected a whole number from {minimum}; "
                       f"got {value!r}")
    return number


def _player(row: dict, column: str, players: Sequence[Player], source: str, line: int) -> int:
    value = row[column].strip()
    if value.isdigit():
        if any(p.number == int(value) for p in players):
            return int(value)
        raise CsvError(f"{source}:{line}: column {column!r}: no player number {value}")
    try:
        return player_by_name(players, value, where=f"{source}:{line}: column {column!r}").number
    except UnknownPlayer as error:
        raise CsvError(str(error)) from None


def _first(row: dict, pair: tuple[int, int], players, source: str, line: int) -> int | None:
    value = row.get("first", "").strip()
    if not value:
        return None
    if value in ("1", "2"):
        return int(value) - 1
    try:
        number = player_by_name(players, value, where="").number
    except UnknownPlayer:
        number = None
    if number not in pair:
        raise CsvError(f"{source}:{line}: column 'first': expected 1 (player1), 2 (player2) or the "
                       f"name of one of them; got {value!r}")
    return pair.index(number)
