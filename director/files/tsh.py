"""tsh division files (``.t``): read them into players, pairings and results, and write them back.

A ``.t`` line (one player; the line number is the player's number):

    Smylie, Jackson         2009 21 17 9; 572 395 388; board 1 1 1; p12 2 2 1; class A

name, rating (a whole number, a decimal ``1500.5`` or a team's ``1500+1400``, written back as
it was while the rating stands: ``rating_value`` is the director's number for it), the opponent
of each round (0 = no opponent: a bye or a forfeit), ``;``, the
player's own score of each round paired so far (against opponent 0 the score is the spread: 50 is
a bye, -50 a forfeit loss, 0 no game at all), then ``; tag values...`` groups. Two tags are read:
``p12`` (per round, 1 = went first, 2 = went second, 0 = bye or not known; tsh's 3 and 4 are
read as not known) and ``board`` (per round, the table; board 0 is no table). A bye or a forfeit
against opponent 0 takes no table, whatever board tsh gave it (tsh gives two byes of a round the
same board). Every other tag (``off``, ``id``, ``class``, ``rtime``...) is kept verbatim per
player and written back, tags sorted by name as tsh writes them; a tag whose name begins with a
space is the director's own (no tsh tag has one: a player absent for one round,
director.event.roster), kept beside the line and never written.

Each line is laid out as tsh writes it (director.files.tsh_line: the name in 22 columns, the
rating right-aligned in 5, ``1575 ; ; class A`` for a player with no games yet). As tsh reads a
line, the name runs up to the first rating followed by opponent numbers only (``St. Patrick's 3
Blue 1500 2 5`` is a name with a word of digits); a name tsh would read otherwise (``Player 7``,
whose 7 it takes for the rating) is refused on writing, naming the player (and where a name is
entered: director.files.tsh_line.misread). A file comes back as it went in: the scores as
written (a spread cap is applied when the standings are computed, never to the file), and a
player's ``p12`` or ``board`` list that differs from what the games would give is kept verbatim
for the rounds it covers (real files hold ``p12 3``, pairs where both players say 1, a game's
table given only by its lower-numbered player, a bye's board); rounds added later are written
from the games. The layout of the name and the rating is the file's (``TshDivision.layout``:
older tsh wrote the rating in 4 columns, Woogles one space after the name), else tsh's. A player
marked ``off`` is withdrawn (director.event.model.Player).
A tsh archive or config.tsh is read by director.files.tsh_config.

A game's ``p12`` is its result's ``first``, else its pairing's (who the draw,
director.event.draw, set to start), so tsh can take over the draw at any round.
A forfeit between two players (a kiosk's forfeit, or director.event.model.forfeit) is written as tsh
records one: each player against opponent 0, the winner with +spread, the loser with -spread.
Files are ISO-8859-1 unless told otherwise, as tsh reads them. Pure text functions, plus
``read_t``/``write_t`` which only read or write the file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from director.event.model import (NO_OPPONENT, GameResult, ModelError, Pairing, Player, name_refusal,
                                  not_one_line)
from common.wire.schema import MAX_ROUND
from . import tsh_line
from .tsh_line import HEAD as _HEAD, NAME_WIDTH  # noqa: F401  (NAME_WIDTH: tsh's, for callers)

ENCODING = "iso-8859-1"
OUR_TAGS = ("board", "p12")
MAX_PLAYERS = 1000      # what a .t file may hold (a 400-player division over 50 rounds fits):
MAX_GAMES = 10_000      # 80,000 rounds took 20 s to import, then 10 s each page load
RATING_TAG = " rating"     # a rating as written where it is no whole number (kept as a tag of ours)
_P12_FIRST = {"1": 0, "2": 1}          # p12 -> index of who went first, seen from the player


class TshError(ModelError):
    """A .t file that cannot be read, or data a .t file cannot hold: names file, line and field."""


@dataclass(frozen=True)
class TshDivision:
    """One division file read: players in line order, every pairing (those with results too),
    the results, and each player's other tags verbatim ({number: ((tag, "values"), ...)})."""
    name: str
    players: tuple[Player, ...]
    pairings: tuple[Pairing, ...]
    results: tuple[GameResult, ...]
    extras: Mapping[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    layout: int | None = None       # how its names and ratings are laid out (tsh_line: None, tsh's)


@dataclass
class _Line:
    number: int
    line_no: int
    name: str
    rating: int
    opponents: list[int]
    scores: list[int]
    tags: dict[str, list[str]]
    head: str = ""                  # the line up to its rating's end, as written
    rating_text: str = ""           # as written: 1500, 1500.5, 1500+1400


def parse_t(text: str, *, source: str = "<text>", division: str = "") -> TshDivision:
    """Read a .t file's text. ``source`` names the file in errors; ``division`` names the players'
    division (read_t uses the file name)."""
    lines = _read_lines(text, source)
    for line in lines:
        for round_, opp in enumerate(line.opponents, 1):
            if opp == NO_OPPONENT:
                continue
            where = f"{source}:{line.line_no}: round {round_}"
            if opp > len(lines) or opp == line.number:
                raise TshError(f"{where}: opponent {opp} is not another player of the file "
                               f"(players 1 to {len(lines)})")
            other = lines[opp - 1]
            if len(other.opponents) < round_ or other.opponents[round_ - 1] != line.number:
                raise TshError(f"{where}: opponent {opp} ({other.name}) does not have player "
                               f"{line.number} ({line.name}) as opponent in that round")
            if (len(line.scores) >= round_) != (len(other.scores) >= round_):
                raise TshError(f"{where}: only one of players {line.number} and {opp} has a score")
    players = tuple(Player(line.number, line.name, line.rating, division, withdrawn="off" in line.tags)
                    for line in lines)
    pairings: list[Pairing] = []
    results: list[GameResult] = []
    for line in lines:
        p12 = line.tags.get("p12", [])
        boards = line.tags.get("board", [])
        for round_, opp in enumerate(line.opponents, 1):
            if opp != NO_OPPONENT and opp < line.number:
                continue                                    # the game is read from the lower number
            table = boards[round_ - 1] if round_ <= len(boards) and opp != NO_OPPONENT else ""
            table = "" if table == "0" else table                # tsh's board 0: no table
            first = _P12_FIRST.get(p12[round_ - 1]) if round_ <= len(p12) else None
            pairings.append(Pairing(round_, table, (line.number, opp), first, division))
            if round_ > len(line.scores):
                continue
            own = line.scores[round_ - 1]
            if opp == NO_OPPONENT:
                scores = (own, 0) if own >= 0 else (0, -own)
                results.append(GameResult(round_, table, (line.number, 0), scores, first,
                                          "bye" if own >= 0 else "forfeit"))
            else:
                theirs = lines[opp - 1].scores[round_ - 1]
                results.append(GameResult(round_, table, (line.number, opp), (own, theirs), first))
    pairings.sort(key=lambda p: (p.round, p.players))
    results.sort(key=lambda r: (r.round, r.players))
    extras = {line.number: tuple((tag, " ".join(values)) for tag, values in line.tags.items()
                                 if tag not in OUR_TAGS or values != _ours(tag, line, lines))
              + (((RATING_TAG, line.rating_text),) if line.rating_text != str(line.rating) else ())
              for line in lines}
    return TshDivision(division, players, tuple(pairings), tuple(results),
                       {n: tags for n, tags in extras.items() if tags}, _layout(lines))


def _layout(lines: list[_Line]) -> int | None:
    """How the file lays its names and ratings out (director.files.tsh_line.layout_of)."""
    return tsh_line.layout_of([(line.name, line.rating_text, line.head) for line in lines])


def _ours(tag: str, line: _Line, lines: list[_Line]) -> list[str]:
    return _boards(line, lines) if tag == "board" else _p12s(line, lines)


def read_t(path: str | Path, *, encoding: str = ENCODING) -> TshDivision:
    """Read a .t file; the division is named after the file (``a.t`` -> ``a``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding=encoding)
    except UnicodeDecodeError as error:
        raise TshError(f"{path}: not {encoding} text ({error.reason} at byte {error.start})") from None
    return parse_t(text, source=str(path), division=path.stem)


def format_t(players: Sequence[Player], pairings: Iterable[Pairing], results: Iterable[GameResult],
             *, extras: Mapping[int, Sequence[tuple[str, str]]] | None = None,
             layout: int | None = None) -> str:
    """The .t text for one division. Players are written in number order and must be numbered
    1..n (a .t file numbers players by line). A round with a result uses it; a round with only a
    pairing writes the opponent without a score. ``extras`` are tags to keep per player (a kept
    ``p12`` or ``board`` list for the rounds it covers); ``layout`` how names and ratings are
    laid out (TshDivision.layout; None: as tsh writes them, director.files.tsh_line)."""
    players = sorted(players, key=lambda p: p.number)
    if [p.number for p in players] != list(range(1, len(players) + 1)):
        raise TshError("players must be numbered 1 to n, one per line; got "
                       + ", ".join(str(p.number) for p in players))
    for p in players:
        if not_one_line(p.name):
            raise TshError(f"player {p.number}: the name {p.name!r} is not one line of text "
                           f"({not_one_line(p.name)}): a .t line cannot hold it")
        if ";" in p.name or p.name.lstrip().startswith("#"):
            raise TshError(f"player {p.number}: {tsh_line.misread(p.name)}")
    by_number = {p.number: p for p in players}
    rounds: dict[int, dict[int, tuple[int, int | None, int, str]]] = {n: {} for n in by_number}
    #        player -> round -> (opponent, own score or None, p12, table)
    for pairing in pairings:
        for side, number in enumerate(pairing.players):
            if number != NO_OPPONENT:
                entry = _entry_of_pairing(pairing, side)
                _put(rounds, by_number, pairing, number, entry, replace=False)
    for result in results:
        for side, number in enumerate(result.players):
            if number != NO_OPPONENT:
                entry = _entry_of_result(result, side)
                drawn = rounds.get(number, {}).get(result.round)
                if entry[2] == 0 and drawn and drawn[0] == entry[0] and drawn[1] is None:
                    entry = (*entry[:2], drawn[2], entry[3])   # who was drawn to start: the p12
                _put(rounds, by_number, result, number, entry, replace=True)
    any_first = any(e[2] for entries in rounds.values() for e in entries.values())
    any_table = any(e[3] for entries in rounds.values() for e in entries.values())
    out = []
    for p in players:
        entries = _contiguous(p, rounds[p.number])
        scores = _scores(p, entries)
        tags = {}
        if any_first and entries:
            tags["p12"] = " ".join(str(e[2]) for e in entries)
        boards = [e[3] or "0" for e in entries]
        while boards and not entries[len(boards) - 1][3]:
            boards.pop()                                  # tsh leaves trailing unknown boards out
        if any_table and boards:
            tags["board"] = " ".join(boards)
        kept = dict(extras.get(p.number, ())) if extras else {}
        written = kept.pop(RATING_TAG, None)
        kept = {tag: values for tag, values in kept.items() if not tag.startswith(" ")}
        rating = written if written is not None and rating_value(written) == p.rating else str(p.rating)
        head = tsh_line.head(p.name, rating, layout)
        _reads_back(p, head + "".join(f" {e[0]}" for e in entries), rating)
        for tag in OUR_TAGS:
            if tag in kept:
                tags[tag] = _merged(kept.pop(tag).split(), tags.get(tag, "").split())
        tags.update(kept)                                             # kept verbatim
        out.append(tsh_line.line(head, [e[0] for e in entries], scores,
                                 [(tag, tags[tag]) for tag in sorted(tags)]) + "\n")
    return "".join(out)


def rating_value(text: str) -> int:
    """A rating as written, as a whole number: a decimal's whole part (``1500.5`` is 1500), a
    team's (``1500+1400``, as tsh writes a pair's) its members' mean, rounded down."""
    members = []
    for member in text.split("+"):
        whole, _, fraction = member.partition(".")
        members.append(float(f"{whole}.{fraction.replace('.', '') or 0}"))
    return int(sum(members) // len(members))


def _reads_back(player: Player, head: str, rating: str) -> None:
    """A TshError unless tsh reads the line's name and rating back as written (it takes the
    name up to the first number followed by opponent numbers only)."""
    read = _HEAD.match(head)
    if read is None or (read.group("name"), read.group("rating")) != (player.name, rating):
        got = f"{read.group('name')!r} rated {read.group('rating')}" if read else "no name"
        raise TshError(f"player {player.number}: the name {player.name!r} ends in a word of digits, "
                       f"so tsh would read the line's name as {got}: rename the player (a word "
                       "after the number, or none: 'Player 7' as 'Player Seven')")


def write_t(path: str | Path, players: Sequence[Player], pairings: Iterable[Pairing],
            results: Iterable[GameResult], *, extras=None, layout: int | None = None,
            encoding: str = ENCODING) -> None:
    """Write a .t file (see format_t). A name the encoding cannot hold is a TshError naming it:
    use encoding="utf-8" then, and tell tsh the file is UTF-8."""
    text = format_t(players, pairings, results, extras=extras, layout=layout)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as error:
        bad = text[error.start:error.end]
        line = text.count("\n", 0, error.start) + 1
        raise TshError(f"{path}: line {line}: {bad!r} cannot be written in {encoding}") from None
    Path(path).write_bytes(data)


def _read_lines(text: str, source: str) -> list[_Line]:
    lines: list[_Line] = []
    games = 0                       # each player's rounds (a game is counted by both players)
    for line_no, raw in enumerate(text.splitlines(), 1):
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            continue
        parts = raw.split(";", 2)
        head = _HEAD.match(parts[0])
        if head is None:
            raise TshError(f"{source}:{line_no}: expected 'name rating opponents...;' "
                           f"got {parts[0][:60]!r}")
        bad = name_refusal(head.group("name"))
        if bad:
            raise TshError(f"{source}:{line_no}: name: {head.group('name')[:40]!r} is {bad}")
        scores_text = parts[1] if len(parts) > 1 else ""
        try:
            scores = [int(s) for s in scores_text.split()]
        except ValueError:
            raise TshError(f"{source}:{line_no}: scores: expected whole numbers; "
                           f"got {scores_text.strip()[:60]!r}") from None
        opponents = [int(o) for o in head.group("opponents").split()]
        games += len(opponents)
        if len(opponents) > MAX_ROUND or len(lines) >= MAX_PLAYERS or games > 2 * MAX_GAMES:
            raise TshError(f"{source}:{line_no}: a .t file holds at most {MAX_ROUND} rounds, "
                           f"{MAX_PLAYERS} players and {MAX_GAMES} games (this line: "
                           f"{len(opponents)} rounds; player {len(lines) + 1})")
        if len(scores) > len(opponents):
            raise TshError(f"{source}:{line_no}: {len(scores)} scores for {len(opponents)} "
                           "rounds paired")
        tags: dict[str, list[str]] = {}
        for group in tsh_line.tag_groups(";" + parts[2]) if len(parts) > 2 else []:
            words = group.split()
            if not words:
                continue
            if words[0] in tags:
                raise TshError(f"{source}:{line_no}: tag {words[0]!r} given twice")
            tags[words[0]] = words[1:]
        rating = head.group("rating")
        lines.append(_Line(len(lines) + 1, line_no, head.group("name"), rating_value(rating),
                           opponents, scores, tags, parts[0][:head.end("rating")], rating))
    return lines


def _boards(line: _Line, lines: list[_Line]) -> list[str]:
    """The board list format_t would write for a line: each game's table as the lower-numbered
    player of the game has it, none for a bye or forfeit. A line whose own list differs keeps it
    verbatim (as an extra)."""
    boards = []
    for round_, opp in enumerate(line.opponents, 1):
        if opp == NO_OPPONENT:
            boards.append("")
            continue
        owner = line if opp > line.number else lines[opp - 1]
        own = owner.tags.get("board", [])
        boards.append(own[round_ - 1] if round_ <= len(own) else "")
    while boards and boards[-1] in ("", "0"):
        boards.pop()
    return ["0" if b == "" else b for b in boards]


def _p12s(line: _Line, lines: list[_Line]) -> list[str]:
    """The p12 list format_t would write for a line, from who went first in each game as
    parse_t reads it (the lower-numbered player's p12; a bye's own)."""
    own = line.tags.get("p12", [])
    out = []
    for round_, opp in enumerate(line.opponents, 1):
        if opp == NO_OPPONENT or opp > line.number:
            value = own[round_ - 1] if round_ <= len(own) else ""
            out.append(value if value in _P12_FIRST else "0")
        else:
            theirs = lines[opp - 1].tags.get("p12", [])
            value = theirs[round_ - 1] if round_ <= len(theirs) else ""
            out.append({"1": "2", "2": "1"}.get(value, "0"))
    return out


def _merged(verbatim: list[str], computed: list[str]) -> str:
    """A kept p12 or board list for the rounds it covers, then the games' values for rounds
    added since (none that only pad it with 0s)."""
    out = verbatim + computed[len(verbatim):]
    while len(out) > len(verbatim) and out[-1] == "0":
        out.pop()
    return " ".join(out)


def _p12(first: int | None, side: int) -> int:
    return 0 if first is None else (1 if first == side else 2)


def _entry_of_pairing(pairing: Pairing, side: int):
    return (pairing.players[1 - side], None, _p12(pairing.first, side), pairing.table)


def _entry_of_result(result: GameResult, side: int):
    own = result.spread if side == 0 else -result.spread
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        return (NO_OPPONENT, own, _p12(result.first, side), result.table)   # against opponent 0
    return (result.players[1 - side], result.scores[side], _p12(result.first, side), result.table)


def _put(rounds, by_number, record, number, entry, *, replace: bool):
    if number not in by_number:
        raise TshError(f"round {record.round} table {record.table or '-'}: "
                       f"player {number} is not one of the players")
    if any(c.isspace() for c in record.table):
        raise TshError(f"round {record.round}: table {record.table!r}: a tsh board has no spaces")
    known = rounds[number].get(record.round)
    if known is not None and (not replace or known[1] is not None):
        if replace or known[0] != entry[0]:
            raise TshError(f"round {record.round}: player {number} ({by_number[number].name}) "
                           "has two " + ("results" if replace else "pairings"))
    rounds[number][record.round] = entry


def _contiguous(player: Player, entries: dict) -> list:
    if not entries:
        return []
    last = max(entries)
    missing = [r for r in range(1, last + 1) if r not in entries]
    if missing:
        raise TshError(f"player {player.number} ({player.name}): no pairing in round {missing[0]} "
                       f"but one in round {last}; a .t line cannot skip a round (give a bye)")
    return [entries[r] for r in range(1, last + 1)]


def _scores(player: Player, entries: list) -> list[int]:
    scores = []
    for round_, entry in enumerate(entries, 1):
        if entry[1] is None:
            later = [r for r, e in enumerate(entries[round_:], round_ + 1) if e[1] is not None]
            if later:
                raise TshError(f"player {player.number} ({player.name}): no result in round "
                               f"{round_} but one in round {later[0]}; a .t line cannot skip a score")
            break
        scores.append(entry[1])
    return scores
