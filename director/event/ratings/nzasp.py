"""The New Zealand Association of Scrabble Players' rating system (as from 1 January 2022): each
player's estimate after the event.

The rules ("The NZASP Rating System As from 1 January 2022", Steven Brown, the NZASP's rating
system manager; the review that set it, "Review of the 2019 changes to the NZASP Ratings System",
8 October 2021; the reference implementation of the 2017 and 2019 systems, which the 2022 one
keeps but for who is rated as new):

- **The ratings curve**: a game's expectancy is ``1/(1 + EXP((PlayerRating - OpponentRating) /
  -313))``; a tie counts half a win.
- **The k-factor**: ``((3000 - rating) / 100) * 1.5`` of the player's initial rating, "45 for a
  zero rating, through to 15 for a 2000 rating". An existing rating moves by k times wins minus
  expected wins, once, rounded to the nearest point: the document's example, 1000 and 900
  rated players each winning 7 of 14 games against each other, "the player on 1000 ... would lose
  ... 33 ratings points and have a final rating of 967. The player on 900 would ... gain ... 35
  ratings points and have a final rating of 935". "If a player's new rating is less than zero,
  it is rounded up to zero." No acceleration, feedback or participation points (removed 2019 and
  2022), no splitting of long events.
- **New players** (no rated game in the NZ system before): "the inverse of the first formula is
  applied repeatedly (using a scaled win rate to avoid infinities)": the mean of the opponents'
  ratings plus ``-LOG(1/winRate - 1) * 313``, the win rate scaled as ``((wins - games/2) *
  (games - 2) / games + games/2) / games``, each new opponent's rating being their rating of the
  step before, "until the resulting rating stops changing" (that limit, solved directly). Their
  opponents' expectancies use that rating.

Not estimated, and said: a new player whose scaled win rate is 0 or 1 (one game, won or lost),
or whose games reach no rated player, and so every player who played them. A (prov) or (hist)
player the organiser regraded "will be rated as if they are a new player": the list does not say
who was, so a player is new when their rated games before the event are 0 (or unknown with a
rating of 0). Byes and forfeits are no games (NZASP 9.3, 10.4; the caller leaves them out). Pure.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from .base import Entrant, Estimate, Game, RatingSystem, Source, by_number, games_of, rounded

SCALE = 313


def expected(rating: float, opponent: float) -> float:
    return 1 / (1 + math.exp((rating - opponent) / -SCALE))


def k_factor(rating: float) -> float:
    return (3000 - rating) / 100 * 1.5


def scaled_win_rate(wins: float, games: int) -> float:
    return ((wins - games / 2) * (games - 2) / games + games / 2) / games


def is_new(entrant: Entrant) -> bool:
    return entrant.games == 0 if entrant.games is not None else entrant.rating == 0


class Nzasp(RatingSystem):
    name = "nzasp"
    title = "NZASP ratings (as from 1 January 2022)"
    sources = (
        Source("NZASP, The NZASP Rating System As from 1 January 2022 (Steven Brown)",
               "https://stevenb-nz.github.io/assets/pdf/RatingSystem2022.pdf", "2022"),
        Source("NZASP, Review of the 2019 changes to the NZASP Ratings System, final report",
               "https://stevenb-nz.github.io/assets/pdf/2022finalreport.pdf", "8 October 2021"),
        Source("Steven Brown, reference implementation of the 2017 and 2019 systems",
               "https://github.com/stevenb-nz/nzasp-ratings"),
    )

    def estimate(self, entrants: Sequence[Entrant], games: Sequence[Game],
                 rounds: int) -> list[Estimate]:
        by_player = games_of(entrants, games)
        field = by_number(entrants)
        new = {e.player for e in entrants if is_new(e)}
        refused = _unratable(new, by_player)
        provisional = _new_ratings(new - refused.keys(), by_player, field)
        out = []
        for entrant in entrants:
            player, played = entrant.player, by_player[entrant.player]
            met = sorted({g.opponent(player) for g in played} & refused.keys())
            if player in refused:
                out.append(Estimate(player, entrant.rating, None, refused[player]))
            elif met:
                out.append(Estimate(player, entrant.rating, None, "played player "
                                    + ", ".join(map(str, met)) + ", whom the rules rate no rating"))
            elif player in new:
                out.append(Estimate(player, entrant.rating, max(rounded(provisional[player]), 0)))
            else:
                out.append(Estimate(player, entrant.rating,
                                    _established(entrant, played, field, provisional)))
        return out


def _established(entrant: Entrant, played: Sequence[Game], field: Mapping[int, Entrant],
                 provisional: Mapping[int, float]) -> int:
    if not played:
        return entrant.rating
    wins = sum(g.points(entrant.player) for g in played)
    expectancy = sum(expected(entrant.rating, provisional.get(o, field[o].rating))
                     for o in (g.opponent(entrant.player) for g in played))
    return max(rounded(entrant.rating + k_factor(entrant.rating) * (wins - expectancy)), 0)


def _unratable(new: set[int], by_player: Mapping[int, list[Game]]) -> dict[int, str]:
    """The new players the rules rate no rating, and why: no game; one game won or lost (a
    scaled win rate of 0 or 1); games that reach no rated player; and every new player whose
    games reach one of those (their ratings step from each other's)."""
    why: dict[int, str] = {}
    for player in new:
        played = by_player[player]
        rate = scaled_win_rate(sum(g.points(player) for g in played), len(played)) if played else None
        if rate is None:
            why[player] = "a new player without a rated game"
        elif not 0 < rate < 1:
            why[player] = "a new player with one game, won or lost: the scaled win rate is 0 or 1"
    for group in _groups(new, by_player):
        if not any(g.opponent(p) not in new for p in group for g in by_player[p]):
            why.update({p: why.get(p, "a new player whose games reach no rated player") for p in group})
        elif group & why.keys():
            named = ", ".join(map(str, sorted(group & why.keys())))
            why.update({p: why.get(p, f"a new player whose games reach player {named}, whom the "
                                      "rules rate no rating") for p in group})
    return why


def _groups(new: set[int], by_player: Mapping[int, list[Game]]) -> list[set[int]]:
    """The new players in groups linked by games between new players."""
    groups, seen = [], set()
    for start in sorted(new):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            player = todo.pop()
            if player in group:
                continue
            group.add(player)
            todo += [g.opponent(player) for g in by_player[player] if g.opponent(player) in new]
        seen |= group
        groups.append(group)
    return groups


def _new_ratings(new: set[int], by_player: Mapping[int, list[Game]],
                 field: Mapping[int, Entrant]) -> dict[int, float]:
    """Each new player's rating: where the inverse of the curve, applied again and again, stops
    changing. Each application is ``x = mean of the opponents' ratings + shift``, so that limit
    solves ``games x - (the new opponents' x, a game each) = the rated opponents' ratings + games
    x shift`` for every new player together: solved directly, exactly (each group of new players
    reaches a rated one, so the system has one solution)."""
    order = sorted(new)
    place = {p: i for i, p in enumerate(order)}
    rows = []
    for p in order:
        played = by_player[p]
        row = [0.0] * (len(order) + 1)
        row[place[p]] = float(len(played))
        wins = sum(g.points(p) for g in played)
        row[-1] = len(played) * -math.log(1 / scaled_win_rate(wins, len(played)) - 1) * SCALE
        for opponent in (g.opponent(p) for g in played):
            if opponent in new:
                row[place[opponent]] -= 1.0
            else:
                row[-1] += field[opponent].rating
        rows.append(row)
    return dict(zip(order, _solve(rows)))


def _solve(rows: list[list[float]]) -> list[float]:
    """The solution of the linear system whose augmented rows are given (Gauss-Jordan with
    partial pivoting)."""
    n = len(rows)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][-1] / rows[i][i] for i in range(n)]
