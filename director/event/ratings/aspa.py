"""The Australian Scrabble Players Association's national ratings: each player's estimate after the
event, as the ASPA's published rules give it.

The rules (the ASPA's ratings pages, scrabble.org.au/ratings: "The rating system", "Ratings - An
Introduction" and the ratings software page):

- **Expected wins**, since 1 December 2006: "Your percent chance of winning is fifty plus one
  twelfth of the rating difference (but capped at 95%)": 0.5 + d / 1200 a game against an
  opponent rated d below, at most 0.95 (and so at least 0.05 against one rated above).
- **Established players** (50 rated games or more before the event): "A multiplier of 20
  usually applies": the change is 20 times wins minus expected wins, rounded to the nearest
  point. The page's worked example: rated 1453, 5 wins of 7 against opponents averaging 1393,
  expected 3.85, "Your rating gain is 1.15 x 20 = 23 points".
- **Provisional players** ("A new player is considered to have a provisional rating until
  reaching 50 rated games"; here: fewer than 50 before the event), newcomers among them: the
  rating that equates their expected wins with their wins over every game they have played, which
  the ratings software page gives aggregated as "n_games x rating = sum of opponent ratings + 1200
  x all wins - 600 x n_games", the old games' share being their old rating times their games.

Not published, so not estimated (the player's estimate says so): a game against a newcomer
(which rating stands for them in their opponent's expected wins). A tie counts half a win.
Byes and forfeits are no games here (the caller leaves them out). Pure.
"""
from __future__ import annotations

from typing import Sequence

from .base import (
    Entrant, Estimate, Game, GamesNotKnown, RatingSystem, Source, by_number, games_of, rounded)

MULTIPLIER = 20
ESTABLISHED = 50                 # rated games from which a rating is no longer provisional
CAP = 0.95


def expected(rating: float, opponent: float) -> float:
    """A game's expected wins for ``rating`` against ``opponent``: 50% plus a twelfth of a percent
    a point of difference, capped at 95% (and 5%)."""
    return min(max(0.5 + (rating - opponent) / 1200, 1 - CAP), CAP)


class Aspa(RatingSystem):
    name = "aspa"
    title = "ASPA national ratings"
    sources = (
        Source("ASPA, The rating system (the straight-line rule, the quick rating check)",
               "http://www.scrabble.org.au/ratings/system.htm", "in use from 1 December 2006"),
        Source("ASPA, Ratings - An Introduction (provisional until 50 rated games)",
               "https://www.scrabble.org.au/ratings/intro.htm", "updated 3 November 2010"),
        Source("ASPA, ratings software: PratCooker and PLINRAT (the provisional aggregation)",
               "http://scrabble.org.au/ratings/plinrat.html"),
    )

    def estimate(self, entrants: Sequence[Entrant], games: Sequence[Game],
                 rounds: int) -> list[Estimate]:
        by_player = games_of(entrants, games)
        unknown = [e.player for e in entrants if not e.new and e.games is None]
        if unknown:
            raise GamesNotKnown(unknown, "under 50 the ASPA rating is provisional, from 50 the "
                                         "multiplier of 20 applies")
        field = by_number(entrants)
        out = []
        for entrant in entrants:
            played = by_player[entrant.player]
            new_opponents = sorted({g.opponent(entrant.player) for g in played
                                    if field[g.opponent(entrant.player)].new})
            if new_opponents:
                out.append(Estimate(entrant.player, entrant.rating, None,
                                    "played a newcomer (player " + ", ".join(map(str, new_opponents))
                                    + "): the ASPA publishes no rating for a newcomer's opponent "
                                      "to use"))
            elif not played:
                out.append(Estimate(entrant.player, entrant.rating,
                                    entrant.rating or None, "" if entrant.rating else "no rated game"))
            else:
                out.append(Estimate(entrant.player, entrant.rating,
                                    _new_rating(entrant, played, field)))
        return out


def _new_rating(entrant: Entrant, played: Sequence[Game], field) -> int:
    wins = sum(g.points(entrant.player) for g in played)
    opponents = [field[g.opponent(entrant.player)].rating for g in played]
    before = entrant.games or 0
    if before >= ESTABLISHED:
        excess = wins - sum(expected(entrant.rating, o) for o in opponents)
        return rounded(entrant.rating + MULTIPLIER * excess)
    total = before + len(played)
    return rounded((entrant.rating * before + sum(opponents) + 1200 * wins - 600 * len(played)) / total)
