"""A division as counted: its players, its pairings round by round and every result that counts,
the director's corrections applied. One place reads it from the database, with a few queries
(``load``), and the same value serves the standings, the draw (director.event.next_round), the
files (director.files) and the page until the database changes (``DirectorDB.kept``, in
director.event.db): nothing else counts results, and no result's document is read for it.

The results that count, per round and player of a division: a table's result filed under the
division (what its row's columns say of the game, director.event.model.TableResult, matched to
the players by name), else a result the director imported (a .t file's past rounds), else the bye
of a round that has started (the preset's ``result.forfeit_spread``). A result that names
someone who is not a player of the division, or a second result for a player in a round, is left
out and reported in ``problems`` (the page shows them) rather than silently counted; an imported
result that is what a .t file holds of a table's result (exported, paired by tsh, imported again)
is that game, counted once without a word. Each result keeps its scores as recorded (a file's as
written, a table's as the table recorded them: capped already under a book that records the
capped score); the standings apply the event's spread caps (its tsh config's, else the
tournament's rules', director.event.divisions.counting_rules: ``CountedDivision.rules``) when
they count them, as tsh does, and the files keep the scores (director.files.exports).

Read again after a change, a division keeps what has not changed, as the database marks it in
one query each (``Frame.mark``: its players, pairings, imported results, byes, corrections and
settings; each round's results by their count, revisions and arrival): a table's result costs
its round, not the event. Rounds count apart (a player has one result a round), so a round
whose results and frame are as they were keeps its count.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from common.game.rules import Rules

from . import corrections, divisions
from .aggregates import Aggregate, compute_aggregates
from .corrections import Correction, Key
from .db import DirectorDB
from .divisions import Division
from .model import (NO_OPPONENT, GameResult, ModelError, Pairing, Player, TableResult, bye,
                    games_of, name_key)
from .standings import Standing, compute_standings

SOURCES = ("tables", "imported", "byes")
PLAYER_TAGS = ("club", "team", "members")       # tags a player's values come from (model.Player)
SEP, END = "char(31)", "char(30)"               # between a row's values, and between rows


@dataclass(frozen=True)
class Counted:
    """Results counted (``CountedDivision.count``): those that count, what was left out and why,
    and the corrections applied (by game key)."""
    results: list[GameResult]
    problems: list[str]
    corrections: dict = field(default_factory=dict)     # game key -> the correction applied


@dataclass(frozen=True)
class Frame:
    """What a division's counting reads besides the tables' results (they change with every
    result, this seldom): its row, the rules its results count under, its players (by number,
    with their other tsh tags: {number: [(tag, values...)]}), its pairings, its imported results
    and the byes of its started rounds (by round), the director's corrections (oldest first), and
    ``mark``, what the database said of all that when it was read."""
    mark: tuple
    division: Division | None
    rules: Rules
    players: tuple[Player, ...]
    tags: Mapping[int, list[tuple]]
    pairings: tuple[Pairing, ...]
    imported: Mapping[int, tuple[GameResult, ...]]
    byes: Mapping[int, tuple[int, ...]]
    corrections: tuple[Correction, ...]

    @cached_property
    def by_name(self) -> dict[str, list[Player]]:
        out: dict[str, list[Player]] = {}
        for player in self.players:
            out.setdefault(name_key(player.name), []).append(player)
        return out


@dataclass(frozen=True)
class RoundCount:
    """One round's results counted: the tables' results as the database holds them ((tournament,
    sha256, result), in the order received; ``mark`` what it said of them), what counts of them,
    of the imported results and of the byes, what was left out of each and why, the corrections
    applied, how many tables' results were another tournament's, and what each table's result
    was matched to (its games, or why it counts for none) by its SHA-256, kept for the next
    count of the round with the same frame."""
    mark: tuple
    tables: tuple[tuple[str, str, TableResult], ...]
    counted: tuple[tuple[GameResult, ...], tuple[GameResult, ...], tuple[GameResult, ...]]
    problems: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    used: Mapping[Key, Correction]
    others: int
    games: Mapping[str, tuple[GameResult, ...] | str]   # sha256 -> its games, or why none

    @cached_property
    def results(self) -> tuple[GameResult, ...]:
        return self.counted[0] + self.counted[1] + self.counted[2]

    @cached_property
    def digest_rows(self) -> list[str]:
        """The round's results as the draw's digest writes them (``CountedDivision.digest``)."""
        return [json.dumps(row) for row in sorted(
            (r.round, r.players, r.scores, r.kind, r.winner) for r in self.results)]


@dataclass(frozen=True)
class CountedDivision:
    """The division as counted (see the module's docstring): its ``frame`` (players, pairings,
    rules... each also an attribute here) and each round's count (``rounds``); ``results``,
    ``problems`` and ``corrections`` (those applied, by game key) are the division's."""
    name: str
    tournament: str
    frame: Frame
    rounds: Mapping[int, RoundCount]
    results: tuple[GameResult, ...]
    problems: tuple[str, ...]
    corrections: Mapping[Key, Correction]

    @property
    def rules(self) -> Rules:
        return self.frame.rules

    @property
    def division(self) -> Division | None:
        return self.frame.division

    @property
    def players(self) -> tuple[Player, ...]:
        return self.frame.players

    @property
    def tags(self) -> Mapping[int, list[tuple]]:
        return self.frame.tags

    @property
    def pairings(self) -> tuple[Pairing, ...]:
        return self.frame.pairings

    @property
    def history(self) -> tuple[Correction, ...]:
        """Every correction of the division's games, oldest first."""
        return self.frame.corrections

    def count(self, *, corrected: bool = True, sources: tuple[str, ...] = SOURCES) -> Counted:
        """The results counted again: ``corrected=False`` as recorded (for finding the game a
        correction names); ``sources``: the tables' results, the imported ones, the byes."""
        applying = corrections.latest(self.frame.corrections) if corrected else {}
        rounds = {r: _count_round(self.frame, r, self.rounds[r].mark, self.rounds[r].tables,
                                  self.tournament, applying, sources) for r in self.rounds}
        return _assemble(rounds, applying, self.tournament, sources)

    def counted(self) -> Counted:
        return Counted(list(self.results), list(self.problems), dict(self.corrections))

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """The standings now, ranked in the book's order (``result.ranking``)."""
        return tuple(compute_standings(self.players, self.results, self.rules,
                                       self.rules.result.ranking))

    @cached_property
    def aggregates(self) -> Mapping[int, Aggregate]:
        """Each player's aggregates by number: points, games, bonus words, the credits NZASP
        gives byes and forfeit wins (director.event.aggregates)."""
        return compute_aggregates(self.players, self.results, self.rules)

    @cached_property
    def paired(self) -> Mapping[int, tuple[Pairing, ...]]:
        """The pairings round by round."""
        out: dict[int, list[Pairing]] = {}
        for pairing in self.pairings:
            out.setdefault(pairing.round, []).append(pairing)
        return {r: tuple(pairings) for r, pairings in out.items()}

    def round_pairings(self, round_number: int) -> tuple[Pairing, ...]:
        return self.paired.get(round_number, ())

    @property
    def last_paired(self) -> int:
        """The division's last round with pairings (0 before any)."""
        return max(self.paired, default=0)

    def complete(self, round_number: int) -> bool:
        """Whether every player paired in the round has its result."""
        paired = self.round_pairings(round_number)
        counted = self.rounds.get(round_number)
        done = {n for r in counted.results for n in r.players} if counted else set()
        return bool(paired) and all(n in done for p in paired for n in p.players if n != NO_OPPONENT)

    def digest(self, before: int) -> str:
        """A digest of every result of the rounds before ``before``: what the draw drew a round
        from (director.event.next_round), the same for the same results however they came."""
        rows = [row for r in sorted(self.rounds) if r < before for row in self.rounds[r].digest_rows]
        return hashlib.sha256(("[" + ", ".join(rows) + "]").encode()).hexdigest()[:16]


def load(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None) -> CountedDivision:
    """The division (the event's only one if not named) as counted now: read once, kept until
    the database changes (director.event.db.DirectorDB.kept), then read again keeping what did
    not change."""
    name = divisions.resolve(db, division)
    return db.kept(("counted", name, tournament, rules),
                   lambda before: _load(db, rules, tournament, name, before))


def _frame_mark(conn, name: str, only: bool) -> tuple:
    """What the database says of a division's frame, in one query: the rows of its players,
    imported results, started rounds, the event's settings and divisions as text (names are one
    line: no control character comes between their values); its pairings by their count, ids
    and revisions, and its corrections by their count and last id (pairings are only ever
    stored with the assignments' next revision and deleted, never changed; corrections only
    added: a change of either changes these)."""
    def rows(columns: str, table: str, where: str = "division = :name") -> str:
        values = f" || {SEP} || ".join(f"IFNULL({c}, '')" for c in columns.split())
        return f"(SELECT GROUP_CONCAT({values}, {END}) FROM {table} WHERE {where})"
    query = "SELECT " + ", ".join([
        rows("number name rating tsh_tags", "players"),
        "(SELECT COUNT(*) || ' ' || TOTAL(id) || ' ' || TOTAL(revision) FROM pairings WHERE "
        "division = :name)",
        rows("id round table_name player0 player1 score0 score1 first kind winner",
             "imported_results"),
        rows("round started_wall", "rounds"),
        "(SELECT COUNT(*) || ' ' || IFNULL(MAX(id), '') FROM corrections WHERE division = :name)",
        rows("name date spread_caps", "event_settings", "1"),
        rows("name position tsh_file table_offset tsh_layout", "divisions", "1")])
    return (only, *conn.execute(query, {"name": name}).fetchone())


def _round_marks(conn, name: str, only: bool) -> dict[int, tuple]:
    """Each round's tables' results as the database marks them: how many, their revisions and
    when they came (a result is only ever replaced by its next revision, received later)."""
    return {r: (count, revisions, walls) for r, count, revisions, walls in conn.execute(
        "SELECT round, COUNT(*), SUM(revision), TOTAL(received_wall) FROM results WHERE "
        f"{_filed(only)} GROUP BY round", [name])}


def _filed(only: bool) -> str:
    """The results filed under the division (``?``), and those filed under none when it is the
    event's only one (received before it existed)."""
    return "(division = ? OR division IS NULL)" if only else "division = ?"


NO_RESULTS = (0, None)          # the mark of a round without a table's result
TABLE_COLUMNS = ("tournament, sha256, round, table_name, player0, player1, first, score0, score1, "
                 "winner, end_reason, forfeit, forfeit_each, bonus0, bonus1")


def _load(db: DirectorDB, rules: Rules, tournament: str, name: str,
          before: CountedDivision | None) -> CountedDivision:
    """The division read, keeping of ``before`` (what it was read as last) what the database
    marks as it was: its frame, each round's tables' results, each round's count."""
    only = len(divisions.names(db)) == 1            # a result filed before the division existed
    with db.locked() as conn:
        mark = _frame_mark(conn, name, only)
        same = before is not None and before.frame.mark == mark
        frame = before.frame if same else _read_frame(db, conn, rules, tournament, name, mark)
        marks = _round_marks(conn, name, only)
        kept = {r: c for r, c in (before.rounds if before else {}).items()
                if marks.get(r, NO_RESULTS) == c.mark}
        changed = [r for r in marks if r not in kept]
        earlier = [before.rounds[r] for r in changed if r in before.rounds] if before else []
        fresh = _read_rounds(conn, name, only, changed, earlier)
    applying = corrections.latest(frame.corrections)
    matched = {sha: games for c in earlier for sha, games in c.games.items()} if same else {}
    rounds = {}
    for r in sorted({*marks, *frame.imported, *frame.byes}):
        if r in kept and same:
            rounds[r] = kept[r]
        else:
            tables = kept[r].tables if r in kept else fresh.get(r, ())
            rounds[r] = _count_round(frame, r, marks.get(r, NO_RESULTS), tables, tournament,
                                     applying, SOURCES, matched)
    counted = _assemble(rounds, applying, tournament, SOURCES)
    return CountedDivision(name, tournament, frame, rounds, tuple(counted.results),
                           tuple(counted.problems), counted.corrections)


def _read_rounds(conn, name: str, only: bool, changed: list[int],
                 earlier: list[RoundCount]) -> dict[int, tuple]:
    """The tables' results of the ``changed`` rounds, (tournament, sha256, result) in the order
    received; a result ``earlier`` counts of those rounds held (the same SHA-256) kept as it was."""
    if not changed:
        return {}
    known = {sha: (t, result) for c in earlier for t, sha, result in c.tables}
    fresh: dict[int, list] = {r: [] for r in changed}
    for row in conn.execute(f"SELECT {TABLE_COLUMNS} FROM results WHERE {_filed(only)} AND round "
                            f"IN ({', '.join('?' * len(changed))}) ORDER BY round, received_wall",
                            [name, *changed]):
        t, result = known.get(row[1]) or (
            row[0], TableResult.from_columns(dict(zip(TABLE_COLUMNS.split(", "), row))))
        fresh[row[2]].append((t, row[1], result))
    return {r: tuple(rows) for r, rows in fresh.items()}


def _read_frame(db: DirectorDB, conn, rules: Rules, tournament: str, name: str,
                mark: tuple) -> Frame:
    roster = conn.execute("SELECT number, name, rating, tsh_tags FROM players WHERE division = ? "
                          "ORDER BY number", [name]).fetchall()
    paired = conn.execute("SELECT round, table_name, player0, player1, first FROM pairings WHERE "
                          "division = ? ORDER BY round, id", [name]).fetchall()
    imported: dict[int, list[GameResult]] = {}
    for row in conn.execute("SELECT round, table_name, player0, player1, score0, score1, first, "
                            "kind, winner FROM imported_results WHERE division = ? ORDER BY "
                            "round, id", [name]):
        imported.setdefault(row[0], []).append(imported_of(*row))
    byes: dict[int, list[int]] = {}
    for round_, player in conn.execute(
            "SELECT p.round, p.player0 FROM pairings p JOIN rounds o ON o.division = p.division "
            "AND o.round = p.round WHERE p.division = ? AND p.player1 = 0 AND o.started_wall IS "
            "NOT NULL ORDER BY p.round, p.player0", [name]):
        byes.setdefault(round_, []).append(player)
    return Frame(
        mark, divisions.find(db, name), divisions.counting_rules(db, rules),
        tuple(player_of(name, *row) for row in roster),
        {number: [tuple(t) for t in json.loads(tags)] for number, _, _, tags in roster if tags},
        tuple(Pairing(r, t or "", (a, b or NO_OPPONENT), first, name) for r, t, a, b, first in paired),
        {r: tuple(results) for r, results in imported.items()},
        {r: tuple(players) for r, players in byes.items()},
        tuple(corrections.history(db, tournament, name)))


def player_of(division: str, number: int, name: str, rating: int | None,
              tags: str | None) -> Player:
    """A player as a ``players`` row holds them (``tsh_tags``: JSON [[tag, values], ...])."""
    given = json.loads(tags) if tags else []
    named = {tag: values for tag, values in given if tag in PLAYER_TAGS}
    return Player(number, name, rating or 0, division,
                  withdrawn=any(tag == "off" for tag, _ in given), **named)


def imported_of(round_: int, table: str | None, player0: int, player1: int, score0: int,
                score1: int, first: int | None, kind: str, winner: int | None) -> GameResult:
    """A result as an ``imported_results`` row holds it."""
    return GameResult(round_, table or "", (player0, player1), (score0, score1), first, kind,
                      winner=winner if kind == "forfeit" else None)


def _count_round(frame: Frame, round_: int, mark: tuple, tables: tuple, tournament: str,
                 applying: Mapping[Key, Correction], sources: tuple[str, ...],
                 matched: Mapping[str, tuple[GameResult, ...] | str] | None = None) -> RoundCount:
    """The round's results that count (see the module's docstring), each as the latest
    correction of its game in ``applying`` says; ``sources``: which of the tables' results, the
    imported ones and the byes of started rounds count; ``matched``: the games tables' results
    (by SHA-256) were matched to before, with the same frame."""
    taken: dict[int, GameResult] = {}           # player -> their result in the round
    numbers = {p.number for p in frame.players}
    used: dict = {}
    out: tuple[list, list, list] = ([], [], [])
    problems: tuple[list, list, list] = ([], [], [])

    def add(result: GameResult, what: str, kind: int) -> None:
        correction = applying.get(corrections.game_key(result.round, result.players))
        if correction is None:
            counted(result, what, kind)
            return
        used[correction.key] = correction
        for each in correction.applied(result):
            counted(each, f"{what} (corrected)", kind)

    def counted(result: GameResult, what: str, kind: int) -> None:
        sides = [n for n in result.players if n != NO_OPPONENT]
        strangers = [n for n in sides if n not in numbers]
        if strangers:
            problems[kind].append(f"{what}: player {strangers[0]} is not one of the players; "
                                  "not counted")
            return
        clash = [n for n in sides if n in taken]
        if clash and all(as_t(taken[n], n) == as_t(result, n) for n in clash):
            return            # a table's result, as a .t file exported, then paired by tsh, holds it
        if clash:
            problems[kind].append(f"{what}: player {clash[0]} already has a result in round "
                                  f"{result.round}; not counted")
            return
        taken.update((n, result) for n in sides)
        out[kind].append(result)

    others = sum(1 for t, _, _ in tables if t != tournament)
    games_of_sha: dict[str, tuple[GameResult, ...] | str] = {}
    for held_by, sha, result in tables if "tables" in sources else ():
        if held_by != tournament:
            continue
        what = f"round {result.round} table {result.table}"
        games = (matched or {}).get(sha)
        if games is None:
            games = _matched(frame, result, what)
        games_of_sha[sha] = games
        if isinstance(games, str):
            problems[0].append(games)
            continue
        try:
            for game in games:
                add(game, what, 0)
        except ModelError as exc:
            problems[0].append(f"{what}: {exc}")
    for result in frame.imported.get(round_, ()) if "imported" in sources else ():
        add(result, f"imported round {result.round}", 1)
    for player in frame.byes.get(round_, ()) if "byes" in sources else ():
        if player not in taken:
            add(bye(round_, player, frame.rules.result.forfeit_spread), f"round {round_} bye", 2)
    return RoundCount(mark, tables, tuple(tuple(k) for k in out), tuple(tuple(k) for k in problems),
                      used, others, games_of_sha)


def _matched(frame: Frame, result: TableResult, what: str) -> tuple[GameResult, ...] | str:
    """The games a table's result counts as, its names matched to the division's players; or
    why it counts for none (``what``: the round and table, for the page)."""
    # only the players those names could be: the model's matching, without a scan of all
    candidates = (frame.by_name.get(name_key(result.names[0]), [])
                  + frame.by_name.get(name_key(result.names[1]), []))
    try:
        return games_of(result, candidates)
    except ModelError as exc:
        return f"{what}: {exc}"


def _assemble(rounds: Mapping[int, RoundCount], applying: Mapping[Key, Correction],
              tournament: str, sources: tuple[str, ...]) -> Counted:
    """The division's count from its rounds': the tables' results round by round, then the
    imported ones, then the byes, and what was left out in the same order."""
    order = sorted(rounds)
    problems: list[str] = []
    others = sum(rounds[r].others for r in order)
    if others:
        problems.append(f"{others} result(s) of another tournament than {tournament!r}: not counted")
    results: list[GameResult] = []
    used: dict = {}
    for kind in range(3):
        for r in order:
            results += rounds[r].counted[kind]
            problems += rounds[r].problems[kind]
    for r in order:
        used.update(rounds[r].used)
    for key, correction in applying.items() if sources == SOURCES else ():
        if key not in used and correction.kind != "original":
            problems.append(f"round {key[0]}: correction {correction.id} (players {key[1]} and "
                            f"{key[2]}) is of no result the division holds now; not applied")
    return Counted(results, problems, {k: used[k] for k in applying if k in used})


def as_t(result: GameResult, number: int) -> tuple:
    """What a .t line holds of the player's result: (opponent, own score, theirs), or for a bye
    or forfeit (0, own spread)."""
    side = result.side_of(number)
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        return (NO_OPPONENT, result.spread if side == 0 else -result.spread)
    return (result.players[1 - side], result.scores[side], result.scores[1 - side])
