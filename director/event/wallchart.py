"""A division's wall chart (tsh's): each player's row, by player number, and in it every round
their opponent, the result, both scores and the spread, with the wins, losses and spread after
it. The same results as the standings count (director.event.counted), each spread as the
standings count it (capped by the round's spread cap, director.event.standings.as_counted), so a
row's last wins and spread are the player's standing. Pure: no I/O.

A cell's ``result``: ``W``, ``L``, ``T`` (a tie), ``B`` (a bye), ``FW`` (won by forfeit), ``FL``
(forfeited), ``-`` (no game: a round missed, a game voided) or ``""`` (paired, no result yet);
a round the player was not paired in has no opponent and no result.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from common.game.rules import Rules

from .model import NO_OPPONENT, GameResult, Pairing, Player
from .standings import Standing, as_counted

LEGEND = {"W": "won", "L": "lost", "T": "tied", "B": "bye", "FW": "won by forfeit",
          "FL": "forfeited", "-": "no game"}


@dataclass(frozen=True)
class Cell:
    round: int
    opponent: int               # the opponent's number (0: none, a bye or no pairing)
    result: str                 # see the module's docstring
    scores: tuple[int, int] | None      # own score, theirs (a game played)
    spread: int | None          # own spread as it counts (None: no result)
    first: bool | None          # whether the player started (None: not known)
    wins: float                 # after this round
    losses: float
    total: int                  # spread after this round


@dataclass(frozen=True)
class Row:
    player: Player
    rank: int | None            # the standing's rank now (None: withdrawn)
    cells: tuple[Cell, ...]

    @property
    def last(self) -> Cell | None:
        return self.cells[-1] if self.cells else None


@dataclass(frozen=True)
class WallChart:
    division: str
    rounds: int
    rows: tuple[Row, ...]


def wall_chart(division: str, players: Sequence[Player], pairings: Sequence[Pairing],
               results: Sequence[GameResult], rules: Rules | None,
               standings: Sequence[Standing] = ()) -> WallChart:
    """The chart of the division's rounds 1 to the last paired or with a result."""
    rounds = max([p.round for p in pairings] + [r.round for r in results], default=0)
    by_round: dict[tuple[int, int], tuple[GameResult, int]] = {}
    for result in results:
        for side, number in enumerate(result.players):
            if number != NO_OPPONENT:
                by_round[(result.round, number)] = (result, side)
    paired: dict[tuple[int, int], tuple[Pairing, int]] = {}
    for pairing in pairings:
        for side, number in enumerate(pairing.players):
            if number != NO_OPPONENT:
                paired[(pairing.round, number)] = (pairing, side)
    ranks = {s.player.number: s.rank for s in standings}
    rows = []
    for player in sorted(players, key=lambda p: p.number):
        rows.append(Row(player, ranks.get(player.number),
                        _cells(player.number, rounds, by_round, paired, rules)))
    return WallChart(division, rounds, tuple(rows))


def _cells(number: int, rounds: int, by_round: dict, paired: dict, rules: Rules | None) -> tuple:
    wins = losses = 0.0
    total = 0
    out = []
    for round_ in range(1, rounds + 1):
        pairing, seat = paired.get((round_, number), (None, None))
        first = None
        if pairing is not None and pairing.first is not None and pairing.players[1] != NO_OPPONENT:
            first = pairing.first == seat
        found = by_round.get((round_, number))
        if found is None:
            opponent = pairing.players[1 - seat] if pairing is not None else NO_OPPONENT
            out.append(Cell(round_, opponent, "", None, None, first, wins, losses, total))
            continue
        given, side = found
        counted = as_counted(given, rules)
        opponent = given.players[1 - side]
        spread = counted.spread if side == 0 else -counted.spread
        letter = _letter(given, side)
        if letter != "-":
            total += spread
            if given.winner is None:
                wins, losses = wins + 0.5, losses + 0.5
            elif given.winner == side:
                wins += 1
            else:
                losses += 1
        scores = ((given.scores[side], given.scores[1 - side]) if given.kind == "game"
                  and opponent != NO_OPPONENT else None)
        if given.first is not None:
            first = given.first == side
        out.append(Cell(round_, opponent, letter, scores, None if letter == "-" else spread,
                        first, wins, losses, total))
    return tuple(out)


def _letter(result: GameResult, side: int) -> str:
    if result.no_game:
        return "-"
    if result.kind == "bye":
        return "B"
    if result.kind == "forfeit":
        return "FW" if result.winner == side else "FL"
    if result.winner is None:
        return "T"
    return "W" if result.winner == side else "L"
