"""Divisions played out round by round through the draw (director.event.draw): generated players,
each round drawn from the earlier ones, and made-up results (a seeded random, some ties), for the
draw's property tests."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from director.event.draw import DrawSettings, draw_round, round_count, starts_so_far
from director.event.model import NO_OPPONENT, GameResult, Pairing, Player, bye

TABLES = tuple(str(t) for t in range(1, 41))


def division(size: int, seed: int, *, withdrawn: int = 0) -> list[Player]:
    """``size`` players numbered 1..size with random ratings (some equal), the last ``withdrawn``
    of a random pick marked withdrawn."""
    rng = random.Random(seed)
    players = [Player(n, f"Player{n:02d}, Test", rng.choice([0, 1500, rng.randrange(800, 2200)]))
               for n in range(1, size + 1)]
    out = set(rng.sample(range(1, size + 1), withdrawn))
    return [Player(p.number, p.name, p.rating, withdrawn=p.number in out) for p in players]


@dataclass
class Played:
    settings: DrawSettings
    players: list[Player]
    rounds: list[list[Pairing]] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    balances: list[dict[int, int]] = field(default_factory=list)   # after each round

    @property
    def pairings(self) -> list[Pairing]:
        return [p for r in self.rounds for p in r]

    def met(self, before: int | None = None) -> Counter:
        """How often each two players met in the rounds before ``before`` (all: None)."""
        return Counter(frozenset(p.players) for r in self.rounds[:before] for p in r
                       if NO_OPPONENT not in p.players)

    def byes(self) -> Counter:
        return Counter(p.players[0] for p in self.pairings if p.players[1] == NO_OPPONENT)


def play(settings: DrawSettings, players: list[Player], seed: int, *, rounds: int | None = None,
         ties: float = 0.05, rules=None, margins: tuple[int, int] = (250, 550)) -> Played:
    """Every round of the division drawn in turn (``rounds`` of them, else round_count) by the
    standings under ``rules`` (None: uncapped, wins then spread), each game given a random
    result (scores in ``margins``, a tie now and then), each bye +50."""
    rng = random.Random(seed)
    played = Played(settings, players)
    for number in range(1, (rounds or round_count(settings, players)) + 1):
        drawn = draw_round(settings, players, played.pairings, played.results, number, TABLES,
                           rules=rules)
        played.rounds.append(drawn)
        for p in drawn:
            if p.players[1] == NO_OPPONENT:
                played.results.append(bye(number, p.players[0], 50))
            else:
                a = rng.randrange(*margins)
                b = a if rng.random() < ties else rng.randrange(*margins)
                played.results.append(GameResult(number, p.table, p.players, (a, b), p.first))
        played.balances.append({n: f - s for n, (f, s) in starts_so_far(played.pairings).items()})
    return played
