"""The director's corrections of results, as the database keeps them and as they apply.

A correction names one game of a division's round by its players (director.event.model
numbers, the lower first; a result against no one is ``(n, 0)``) and says what it is now:

- ``scores``: new scores, in the players' order (a bye's: its spread is theirs);
- ``forfeit``: one player forfeited: the other wins by the book's forfeit spread (the scores are
  kept as recorded then, so a later change of rules changes nothing);
- ``void``: no game for either (each has a round against no one scoring 0, which counts as no
  game: director.event.model.GameResult.no_game);
- ``original``: the table's (or the file's) result stands again.

Corrections are never changed or deleted: each is a row of ``corrections`` with when, why, by
what (the page, the command line, an import), what counted before (``original``, with the
table's signed result it stood beside: that row of ``results`` is never touched) and the
assignments' revision that tells the table. The latest of a game is the one that applies, to the
standings and to every export (director.event.tournament.counted_results). director.event.correct
records them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable

from common.wire.schema import CORRECTION_KINDS

from .db import DirectorDB
from .model import NO_OPPONENT, GameResult, ModelError, bye, forfeit

KINDS = CORRECTION_KINDS         # the protocol's (common.wire.schema): a table takes each
Key = tuple[int, int, int]          # (round, player, player): the lower number first, 0 last


class CorrectionError(ModelError):
    """A correction that cannot be made: says which game and why."""


def game_key(round_: int, players: tuple[int, int]) -> Key:
    a, b = players
    if b == NO_OPPONENT:
        return (round_, a, NO_OPPONENT)
    return (round_, min(a, b), max(a, b))


@dataclass(frozen=True)
class Correction:
    id: int
    tournament: str
    division: str
    round: int
    players: tuple[int, int]            # the lower number first; (n, 0) for a result against no one
    table: str
    kind: str
    scores: tuple[int, int] | None      # in the players' order ("scores", "forfeit")
    winner: int | None                  # "forfeit": 0 or 1 into players
    reason: str
    wall: float
    source: str
    original: dict                      # what counted before, and the table's result if any
    revision: int

    @property
    def key(self) -> Key:
        return (self.round, *self.players)

    def applied(self, result: GameResult) -> list[GameResult]:
        """``result`` (this correction's game as recorded) as corrected."""
        a, b = self.players
        table, first = result.table, result.canonical().first
        if self.kind == "original":
            return [result]
        if self.kind == "void":
            return [bye(self.round, a, 0)] + ([bye(self.round, b, 0)] if b else [])
        if b == NO_OPPONENT:
            return [bye(self.round, a, self.scores[0] - self.scores[1])]
        if self.kind == "forfeit":
            winner, loser = (a, b) if self.winner == 0 else (b, a)
            return [forfeit(self.round, table, winner, loser, abs(self.scores[0] - self.scores[1]))]
        return [GameResult(self.round, table, (a, b), self.scores, first)]

    def words(self, names: dict[int, str]) -> str:
        """What the game is now, in words: ``Ann Able 405 - Bob Baker 380``, ``Bob Baker
        forfeited to Ann Able``, ``void: no game``, ``the table's result again``."""
        a, b = self.players
        if self.kind == "original":
            return "the recorded result again"
        if self.kind == "void":
            return "void: no game"
        if self.kind == "forfeit":
            winner, loser = (a, b) if self.winner == 0 else (b, a)
            return f"{names.get(loser, loser)} forfeited to {names.get(winner, winner)}"
        if b == NO_OPPONENT:
            return f"{names.get(a, a)} {self.scores[0] - self.scores[1]:+d} against no one"
        return f"{names.get(a, a)} {self.scores[0]} - {names.get(b, b)} {self.scores[1]}"


def from_row(row: dict) -> Correction:
    """A correction as its ``corrections`` row holds it."""
    scores = (row["score0"], row["score1"]) if row["score0"] is not None else None
    return Correction(row["id"], row["tournament"], row["division"], row["round"],
                      (row["player0"], row["player1"]), row["table_name"] or "", row["kind"],
                      scores, row["winner"], row["reason"], row["wall"], row["source"],
                      json.loads(row["original"]), row["revision"])


def history(db: DirectorDB, tournament: str, division: str | None = None) -> list[Correction]:
    """Every correction of the tournament (of one division), oldest first."""
    where, args = ("AND division = ?", [division]) if division else ("", [])
    with db.locked() as conn:
        rows = list(conn.query(f"SELECT * FROM corrections WHERE tournament = ? {where} ORDER BY id",
                               [tournament, *args]))
    return [from_row(r) for r in rows]


def latest(corrections: Iterable[Correction]) -> dict[Key, Correction]:
    """The correction that applies to each game: its latest."""
    out: dict[Key, Correction] = {}
    for correction in corrections:
        out[correction.key] = correction
    return out


def for_table(db: DirectorDB, tournament: str, table: str, limit: int = 10) -> list[Correction]:
    """The corrections that apply to the games a venue table sent (its signed results), the
    latest ``limit`` of them, oldest first: what the table is told in its assignment."""
    with db.locked() as conn:
        rows = list(conn.query(
            "SELECT * FROM corrections WHERE tournament = ? AND table_name = ? ORDER BY id",
            [tournament, str(table)]))
    applying = latest(from_row(r) for r in rows)
    told = [c for c in applying.values() if c.original.get("table_result")]
    return sorted(told, key=lambda c: c.id)[-limit:]


def for_assignment(correction: Correction) -> dict:
    """A correction as a table's assignment carries it (docs/sync-protocol.md): its id, round,
    the table's game id, the kind, the final scores in the table's own order of the players
    (null for a void, or for the table's result again) and the reason."""
    table_result = correction.original["table_result"]
    order = table_result["numbers"]                     # the table's players, as numbers
    final = None
    if correction.kind in ("scores", "forfeit"):
        by_number = dict(zip(correction.players, correction.scores))
        final = [by_number[order[0]], by_number[order[1]]]
    return {"id": correction.id, "round": correction.round, "game_id": table_result["game_id"],
            "kind": correction.kind, "final": final, "reason": correction.reason,
            "wall": correction.wall}
