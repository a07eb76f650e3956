"""A division as counted: its players, its pairings round by round and every result that counts,
the director's corrections applied. One place reads it from the database, with a few queries
(``load``), and the same value serves the standings, the draw (director.event.next_round), the
files (director.files) and the page until the database changes (director.event.db.
DirectorDB.kept): nothing else counts results, and no result's document is read for it.

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

A change to the database reads the division again, but each round whose rows are as they were
keeps what was made of them (``Loaded``): a table's result costs its round, not the event.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from common.game.rules import Rules

from . import corrections, divisions
from .corrections import Correction, Key
from .db import DirectorDB
from .divisions import Division
from .model import (NO_OPPONENT, GameResult, ModelError, Pairing, Player, TableResult, bye,
                    games_of, name_key)
from .standings import Standing, compute_standings

SOURCES = ("tables", "imported", "byes")
PLAYER_TAGS = ("club", "team", "members")       # tags a player's values come from (model.Player)


@dataclass(frozen=True)
class Counted:
    """Results counted (``CountedDivision.count``): those that count, what was left out and why,
    and the corrections applied (by game key)."""
    results: list[GameResult]
    problems: list[str]
    corrections: dict = field(default_factory=dict)     # game key -> the correction applied


@dataclass(frozen=True)
class Recorded:
    """A division's results as the database holds them, before they are counted: the tables'
    (with their tournament, round by round as received), the imported ones, the byes of the
    rounds that have started ((round, player)), and the director's corrections, oldest first."""
    tables: tuple[tuple[str, TableResult], ...]
    imported: tuple[GameResult, ...]
    byes: tuple[tuple[int, int], ...]
    corrections: tuple[Correction, ...]


@dataclass(frozen=True)
class CountedDivision:
    """The division as counted (see the module's docstring). ``rules``: the rules its results
    count under (the tournament's, with the event's spread caps); ``tags``: each player's other
    tsh tags as imported ({number: [(tag, values...)]}, for the .t file); ``division``: its row
    (None for a division not stored). ``results``, ``problems`` and ``corrections`` (those
    applied) are ``count()``'s."""
    name: str
    tournament: str
    rules: Rules
    division: Division | None
    players: tuple[Player, ...]
    tags: Mapping[int, list[tuple]]
    pairings: tuple[Pairing, ...]
    recorded: Recorded
    results: tuple[GameResult, ...]
    problems: tuple[str, ...]
    corrections: Mapping[Key, Correction]

    def count(self, *, corrected: bool = True, sources: tuple[str, ...] = SOURCES) -> Counted:
        """The results counted again: ``corrected=False`` as recorded (for finding the game a
        correction names); ``sources``: the tables' results, the imported ones, the byes."""
        return count(self.players, self.recorded, self.tournament, self.rules,
                     corrected=corrected, sources=sources)

    def counted(self) -> Counted:
        return Counted(list(self.results), list(self.problems), dict(self.corrections))

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """The standings now, ranked in the book's order (``result.ranking``)."""
        return tuple(compute_standings(self.players, self.results, self.rules,
                                       self.rules.result.ranking))

    def round_pairings(self, round_number: int) -> list[Pairing]:
        return [p for p in self.pairings if p.round == round_number]

    @cached_property
    def last_paired(self) -> int:
        """The division's last round with pairings (0 before any)."""
        return max((p.round for p in self.pairings), default=0)

    def complete(self, round_number: int) -> bool:
        """Whether every player paired in the round has its result."""
        paired = self.round_pairings(round_number)
        done = {n for r in self.results if r.round == round_number for n in r.players}
        return bool(paired) and all(n in done for p in paired for n in p.players if n != NO_OPPONENT)


def load(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None) -> CountedDivision:
    """The division (the event's only one if not named) as counted now: read once, kept until
    the database changes (director.event.db.DirectorDB.kept)."""
    name = divisions.resolve(db, division)
    return db.kept(("counted", name, tournament, rules),
                   lambda before: _load(db, rules, tournament, name, before))


def _load(db: DirectorDB, rules: Rules, tournament: str, name: str,
          before: CountedDivision | None) -> CountedDivision:
    counting = divisions.counting_rules(db, rules)
    only = len(divisions.names(db)) == 1            # a result filed before the division existed
    with db.locked() as conn:
        roster = conn.execute("SELECT number, name, rating, tsh_tags FROM players WHERE "
                              "division = ? ORDER BY number", [name]).fetchall()
        paired = conn.execute("SELECT round, table_name, player0, player1, first FROM pairings "
                              "WHERE division = ? ORDER BY round, id", [name]).fetchall()
        tables = list(conn.query(
            "SELECT tournament, round, table_name, player0, player1, first, score0, score1, "
            "winner, end_reason, forfeit, forfeit_each, bonus0, bonus1 FROM results WHERE "
            "division = ? OR (division IS NULL AND ?) ORDER BY round, received_wall", [name, only]))
        imported = conn.execute("SELECT round, table_name, player0, player1, score0, score1, "
                                "first, kind, winner FROM imported_results WHERE division = ? "
                                "ORDER BY round, id", [name]).fetchall()
        byes = conn.execute(
            "SELECT p.round, p.player0 FROM pairings p JOIN rounds o ON o.division = p.division "
            "AND o.round = p.round WHERE p.division = ? AND p.player1 = 0 AND o.started_wall IS "
            "NOT NULL ORDER BY p.round, p.player0", [name]).fetchall()
    players = tuple(player_of(name, *row) for row in roster)
    recorded = Recorded(tuple((r["tournament"], TableResult.from_columns(r)) for r in tables),
                        tuple(imported_of(*row) for row in imported),
                        tuple((r, n) for r, n in byes),
                        tuple(corrections.history(db, tournament, name)))
    counted = count(players, recorded, tournament, counting)
    return CountedDivision(
        name, tournament, counting, divisions.find(db, name), players,
        {number: [tuple(t) for t in json.loads(tags)] for number, _, _, tags in roster if tags},
        tuple(Pairing(r, t or "", (a, b or NO_OPPONENT), first, name) for r, t, a, b, first in paired),
        recorded, tuple(counted.results), tuple(counted.problems), counted.corrections)


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


def count(players: tuple[Player, ...], recorded: Recorded, tournament: str, rules: Rules, *,
          corrected: bool = True, sources: tuple[str, ...] = SOURCES) -> Counted:
    """The results that count of ``recorded`` (see the module's docstring), each as the latest
    correction of its game says (``corrected=False``: as recorded); ``sources``: which of the
    tables' results, the imported ones and the byes of started rounds count (all by default)."""
    problems: list[str] = []
    taken: dict[tuple[int, int], GameResult] = {}       # (round, player) -> their result
    out: list[GameResult] = []
    applying = corrections.latest(recorded.corrections) if corrected else {}
    used: dict = {}
    numbers = {p.number for p in players}

    def add(result: GameResult, what: str) -> None:
        correction = applying.get(corrections.game_key(result.round, result.players))
        if correction is None:
            counted(result, what)
            return
        used[correction.key] = correction
        for each in correction.applied(result):
            counted(each, f"{what} (corrected)")

    def counted(result: GameResult, what: str) -> None:
        sides = [(result.round, n) for n in result.players if n != NO_OPPONENT]
        strangers = [n for _, n in sides if n not in numbers]
        if strangers:
            problems.append(f"{what}: player {strangers[0]} is not one of the players; not counted")
            return
        clash = [n for r, n in sides if (r, n) in taken]
        if clash and all(as_t(taken[(result.round, n)], n) == as_t(result, n) for n in clash):
            return            # a table's result, as a .t file exported, then paired by tsh, holds it
        if clash:
            problems.append(f"{what}: player {clash[0]} already has a result in round "
                            f"{result.round}; not counted")
            return
        taken.update((side, result) for side in sides)
        out.append(result)

    others = sum(1 for t, _ in recorded.tables if t != tournament)
    if others:
        problems.append(f"{others} result(s) of another tournament than {tournament!r}: not counted")
    by_name: dict[str, list[Player]] = {}
    for player in players:
        by_name.setdefault(name_key(player.name), []).append(player)
    for held_by, result in recorded.tables if "tables" in sources else ():
        if held_by != tournament:
            continue
        what = f"round {result.round} table {result.table}"
        # only the players those names could be: the model's matching, without a scan of all
        candidates = by_name.get(name_key(result.names[0]), []) + by_name.get(name_key(result.names[1]), [])
        try:
            for game in games_of(result, candidates):
                add(game, what)
        except ModelError as exc:
            problems.append(f"{what}: {exc}")
    for result in recorded.imported if "imported" in sources else ():
        add(result, f"imported round {result.round}")
    for round_, player in recorded.byes if "byes" in sources else ():
        if (round_, player) not in taken:
            add(bye(round_, player, rules.result.forfeit_spread), f"round {round_} bye")
    for key, correction in applying.items() if sources == SOURCES else ():
        if key not in used and correction.kind != "original":
            problems.append(f"round {key[0]}: correction {correction.id} (players {key[1]} and "
                            f"{key[2]}) is of no result the division holds now; not applied")
    return Counted(out, problems, used)


def as_t(result: GameResult, number: int) -> tuple:
    """What a .t line holds of the player's result: (opponent, own score, theirs), or for a bye
    or forfeit (0, own spread)."""
    side = result.side_of(number)
    if result.players[1] == NO_OPPONENT or result.kind == "forfeit":
        return (NO_OPPONENT, result.spread if side == 0 else -result.spread)
    return (result.players[1 - side], result.scores[side], result.scores[1 - side])
