"""NASPA's rating system: each player's estimate after the event, as NASPA rates it.

The rules (NASPA's Rating system overview; its Initial rating page; the WGPO's description of
the same algorithm, which says its results "will match those ultimately published by NASPA";
and tsh, which "includes the code libraries used to compute official ratings", NASPA's rating
calculator page says: its Ratings::Elo and Ratings modules, whose results tsh writes into its
files as the ``newr`` tag):

- **Segments.** An event is rated as segments of at most 16 rounds, one after another, each
  segment's ratings the next one's starting ratings: 16 rounds or fewer one segment; 17 to 35
  two (the first ``(rounds - 1) // 2 + 1`` rounds, then the rest); more, three (tsh's
  ``MakeSplits``).
- **Expected wins.** Against an opponent rated ``d`` points below, a player is expected to win
  ``1 / (1 + e^(-0.0031879 d))`` games; a segment's expected wins are the sum over its games,
  a tie counting half a win.
- **The multiplier** (``lifeg``, the rated games before the segment: those before the event and
  those of its earlier segments, tsh's ``naspa2024``): under 50 games 30 below 1800, 24 below
  2000, 15 from 2000; from 50 games 20, 16, 10. The change is the multiplier times wins minus
  expected wins; a change that crosses 1800 or 2000 is made at each band's multiplier in turn
  (to the boundary at one, the rest at the next).
- **Acceleration.** A player whose change is more than 5 points a game gains the excess again;
  each of their rated opponents gains a twentieth of it per game against them (**feedback**),
  added after every player's change. Then every rating is rounded to the nearest point.
- **Newcomers** (no rating before the segment): first, each is given their rated opponents'
  mean rating (1500 if none), then repeatedly the rating at which their expected wins equal
  their wins (5% of their games if they won none, 95% if they won all), at least 500 and at most
  their strongest rated opponent's rating (an unrated one's if none) plus 400 times their
  winning share, until no newcomer's changes (after 50 rounds of that without settling, the mean
  of 50 more). The rated players' expected wins against a newcomer use that rating.

Byes and forfeits are no games here (the caller leaves them out; "excludes BYEs, forfeits, and
missed games", WGPO). A newcomer with no game in a segment stays without a rating. Pure.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from .base import Entrant, Estimate, Game, GamesNotKnown, RatingSystem, Source, games_of, rounded

SLOPE = 0.0031879
SEGMENT = 16                     # rounds a segment holds at most (35 rounds still make two)
ACCELERATION_PER_GAME = 5
FEEDBACK_SHARE = 1 / 20
NEWCOMER_FLOOR = 500
NEWCOMER_STEPS = 50              # tsh's maximum_iterations
SEARCH_TOP = 3000


def expected(rating: float, opponent: float) -> float:
    """A game's expected wins for a player rated ``rating`` against ``opponent``."""
    return 1 / (1 + math.exp(-SLOPE * (rating - opponent)))


def multiplier(games: int, rating: float) -> int:
    if games < 50:
        return 30 if rating < 1800 else 24 if rating < 2000 else 15
    return 20 if rating < 1800 else 16 if rating < 2000 else 10


def segments(rounds: int) -> list[tuple[int, int]]:
    """The event's segments as (first round, last round), 1-based, as tsh's MakeSplits makes them."""
    last = rounds - 1                            # tsh counts rounds from 0
    if last < SEGMENT:
        cuts = [(0, last)]
    elif last < 35:
        cuts = [(0, last // 2), (last // 2 + 1, last)]
    else:
        one, two = last // 3, (2 * last + 1) // 3
        cuts = [(0, one), (one + 1, two), (two + 1, last)]
    return [(a + 1, b + 1) for a, b in cuts]


def change(start: int, games: int, excess: float) -> float:
    """``start`` moved by ``excess`` wins over expectation, at each multiplier band in turn."""
    rating = float(start)
    while excess:
        factor = multiplier(games, rating)
        moved = rating + factor * excess
        if multiplier(games, moved) == factor:
            return moved
        boundary = 1800 if rating < 1800 else (2000 if excess > 0 else 1799) if rating < 2000 else 1999
        excess -= (boundary - rating) / factor
        rating = boundary
    return rating


@dataclass
class _Segment:
    """One segment's players: ratings at its start, their games in it, their rated games before it."""
    start: Mapping[int, int]
    games: Mapping[int, list[Game]]
    life: Mapping[int, int]

    def rated(self, player: int) -> bool:
        return self.start[player] > 0

    def wins(self, player: int) -> float:
        return sum(g.points(player) for g in self.games[player])


class Naspa(RatingSystem):
    name = "naspa"
    title = "NASPA ratings"
    sources = (
        Source("NASPA, Rating system overview (Jim Hughes, Ratings and Recognition Committee)",
               "https://www.scrabbleplayers.org/wiki/index.php?title=Rating_system_overview", "revised 2021-08-02"),
        Source("NASPA, Initial rating (how newcomers are rated; John Chew)",
               "http://www.scrabbleplayers.org/w/Initial_rating"),
        Source("WGPO, Ratings Calculation (Marc Levesque): the algorithm that matches NASPA's",
               "https://wordgameplayers.org/faq/wgpo-players-faq/ratings-calculation/", "2017"),
        Source("tsh (John Chew), lib/perl/Ratings/Elo.pm and Ratings.pm, rating system "
               "naspa2024: the code NASPA's rating calculator names as computing official ratings",
               "http://www.scrabbleplayers.org/cgi-bin/rcalc.pl"),
    )

    def estimate(self, entrants: Sequence[Entrant], games: Sequence[Game],
                 rounds: int) -> list[Estimate]:
        by_player = games_of(entrants, games)
        unknown = [e.player for e in entrants if not e.new and e.games is None]
        if unknown:
            raise GamesNotKnown(unknown, "NASPA's multiplier depends on them (under 50 games: "
                                         "30, 24, 15; from 50: 20, 16, 10)")
        ratings = {e.player: e.rating for e in entrants}
        life = {e.player: e.games or 0 for e in entrants}
        for first, last in segments(max(rounds, max((g.round for g in games), default=1))):
            part = {p: [g for g in played if first <= g.round <= last] for p, played in by_player.items()}
            ratings = _rate_segment(_Segment(ratings, part, life))
            life = {p: life[p] + len(part[p]) for p in life}
        unrated = {e.player for e in entrants if e.new and not ratings[e.player]}
        return [Estimate(e.player, e.rating, None, "a newcomer without a rated game: no rating")
                if e.player in unrated else Estimate(e.player, e.rating, ratings[e.player])
                for e in entrants]


def _rate_segment(seg: _Segment) -> dict[int, int]:
    """Every player's rating after one segment (rounded), from its start."""
    newcomers = _rate_newcomers(seg)
    effective = {p: float(r) for p, r in seg.start.items() if r > 0} | newcomers
    after: dict[int, float] = {p: float(r) for p, r in seg.start.items()}
    after.update(newcomers)
    feedback = {p: 0.0 for p in seg.start}
    for player in seg.start:
        if not seg.rated(player) or not seg.games[player]:
            continue
        excess = seg.wins(player) - sum(expected(effective[player], effective[g.opponent(player)])
                                        for g in seg.games[player])
        after[player] = change(seg.start[player], seg.life[player], excess)
    for player in seg.start:
        if not seg.rated(player):
            continue
        bonus = after[player] - seg.start[player] - ACCELERATION_PER_GAME * len(seg.games[player])
        if bonus > 0:
            after[player] += bonus
            for game in seg.games[player]:
                if seg.rated(game.opponent(player)):
                    feedback[game.opponent(player)] += bonus * FEEDBACK_SHARE
    return {p: rounded(after[p] + feedback[p]) if seg.rated(p) or p in newcomers else 0
            for p in seg.start}


def _rate_newcomers(seg: _Segment) -> dict[int, float]:
    """The segment's newcomers with a game, each with their rating (Initial rating)."""
    playing = [p for p in seg.start if not seg.rated(p) and seg.games[p]]
    if not playing:
        return {}
    current = {p: _opponents_mean(seg, p) for p in playing}
    for _ in range(NEWCOMER_STEPS):
        step = {p: _performance(seg, p, current, capped_by_unrated=True) for p in playing}
        settled, current = step == current, step
        if settled:
            return current
    total = {p: 0.0 for p in playing}
    for _ in range(NEWCOMER_STEPS):               # oscillating: the mean of 50 more steps
        current = {p: _performance(seg, p, current, capped_by_unrated=False) for p in playing}
        for p in playing:
            total[p] += current[p]
    return {p: total[p] / NEWCOMER_STEPS for p in playing}


def _opponents_mean(seg: _Segment, player: int) -> float:
    rated = [seg.start[g.opponent(player)] for g in seg.games[player] if seg.rated(g.opponent(player))]
    return sum(rated) / len(rated) if rated else 1500.0


def _performance(seg: _Segment, player: int, current: Mapping[int, float], *,
                 capped_by_unrated: bool) -> float:
    """The newcomer's rating at which expected wins meet their wins, floored and capped."""
    played = seg.games[player]
    opponents = [seg.start[o] if seg.rated(o) else current[o] for o in (g.opponent(player) for g in played)]
    wins = seg.wins(player)
    target = len(played) * 0.05 if wins == 0 else len(played) * 0.95 if wins == len(played) else wins
    rating = float(max(_search(opponents, target), NEWCOMER_FLOOR))
    strongest = max((seg.start[g.opponent(player)] for g in played if seg.rated(g.opponent(player))), default=0)
    if not strongest and capped_by_unrated:
        strongest = max((current[g.opponent(player)] for g in played
                         if not seg.rated(g.opponent(player))), default=0)
    if strongest:
        rating = min(rating, strongest + 400 * wins / len(played))
    return rating


def _search(opponents: Sequence[float], target: float) -> int:
    """The whole rating, between 0 and 3000, at which the expected wins against ``opponents`` meet
    ``target``: tsh's binary search, which answers the last midpoint it tried."""
    low, high, middle = 0, SEARCH_TOP, 0
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected(middle, o) for o in opponents) - target < 0:
            low = middle
        else:
            high = middle
    return middle
