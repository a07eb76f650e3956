"""Each player's aggregates: total points, games played, average points per game, bonus words and
average bonus words; and the credit NZASP gives a bye and a forfeit win. Pure: no I/O.

NZASP 9.2: "When players in a grade receive an unequal number of byes, the bye shall count as a
win, with the player's average score, +50 spread points and average bonus words for the
Tournament added to the player's aggregate score, spread points and bonus words."
NZASP 10.2: "The forfeited game shall count as a win to the scheduled opponent, with the player's
average game score, +50 spread points and average bonus words for the Tournament added to the
player's aggregate score, spread points and bonus words."
NZASP 10.3: the player who forfeits gets "no points or bonus words for that round".

What counts here:

- a game played (two players, kind ``game``): each side's score as recorded (the table's final
  score, a file's, a correction's) and each side's bonus words (a table's, NZASP 9.2: plays of all
  seven tiles; a file's or a correction's have none);
- under rules with ``result.average_credit`` (NZASP), each forfeit win, and each bye when the
  division's players (the withdrawn aside) have unequal numbers of byes, adds the player's
  average score and average bonus words for the tournament (over the games they played) once
  more; the +50 spread is the standings' (the rules' ``result.forfeit_spread``). A credit is made
  of the averages, so it leaves them as they are: ``average_points`` is the aggregate over the
  games played and credited alike, the same number as over the games played;
- a forfeit loss, a bye without credit and a round without a game add nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from common.game.rules import Rules

from .model import NO_OPPONENT, GameResult, Player


@dataclass(frozen=True)
class Aggregate:
    player: Player
    points: int             # own scores over the games played
    games: int              # games played at a board
    bonus_words: int        # over the games played
    credits: int            # byes and forfeit wins credited with the averages (NZASP 9.2, 10.2)

    @property
    def average_points(self) -> float:
        """Points per game played (the same with the credits: a credit is the average)."""
        return self.points / self.games if self.games else 0.0

    @property
    def average_bonus_words(self) -> float:
        return self.bonus_words / self.games if self.games else 0.0

    @property
    def aggregate_points(self) -> float:
        """Total points with each credit's average score added (NZASP 9.2, 10.2)."""
        return self.points + self.credits * self.average_points

    @property
    def aggregate_bonus_words(self) -> float:
        """Bonus words with each credit's average bonus words added (NZASP 9.2, 10.2)."""
        return self.bonus_words + self.credits * self.average_bonus_words


def unequal_byes(players: Sequence[Player], results: Iterable[GameResult]) -> bool:
    """Whether the division's players (the withdrawn aside) have unequal numbers of byes (NZASP
    9.2's condition for a bye's credit)."""
    byes = {p.number: 0 for p in players if not p.withdrawn}
    for result in results:
        if result.kind == "bye" and result.winner == 0 and result.players[0] in byes:
            byes[result.players[0]] += 1
    return len(set(byes.values())) > 1


def compute_aggregates(players: Sequence[Player], results: Sequence[GameResult],
                       rules: Rules | None = None) -> dict[int, Aggregate]:
    """Each player's aggregates by number, from the results that count (as recorded: no spread
    cap), crediting byes and forfeit wins as ``rules`` say (``result.average_credit``)."""
    points = {p.number: 0 for p in players}
    games = dict.fromkeys(points, 0)
    bonus = dict.fromkeys(points, 0)
    credits = dict.fromkeys(points, 0)
    credit = rules is not None and rules.result.average_credit
    byes_credited = credit and unequal_byes(players, results)
    for result in results:
        for side, number in enumerate(result.players):
            if number == NO_OPPONENT or number not in points:
                continue
            if result.kind == "game" and NO_OPPONENT not in result.players:
                points[number] += result.scores[side]
                bonus[number] += result.bonus[side]
                games[number] += 1
            elif result.winner == side and (
                    (result.kind == "forfeit" and credit) or (result.kind == "bye" and byes_credited)):
                credits[number] += 1
    return {p.number: Aggregate(p, points[p.number], games[p.number], bonus[p.number],
                                credits[p.number]) for p in players}
