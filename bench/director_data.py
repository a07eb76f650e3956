"""Synthetic tournament data for the director's benchmarks: players, pairings and results.

Not a benchmark itself (it is not in ``bench.__main__.BENCHES``): the director's benchmarks call
``synthetic_tournament`` to get, for example, 400 players over 10 rounds (2,000 games) to ingest
or to rank. Seeded, so every run builds the same tournament.
"""
from __future__ import annotations

import random

from director.event.model import GameResult, Pairing, Player, bye


def synthetic_tournament(players: int = 400, rounds: int = 10, *, seed: int = 1,
                         bye_spread: int = 50) -> tuple[list[Player], list[Pairing], list[GameResult]]:
    """``players`` players (numbered 1..n, ratings 800-2100) paired at random each round: tables
    1, 2, ... in each round, an odd player out gets a bye of ``bye_spread``; scores 250-549, who
    starts at random. Every player has exactly one pairing and one result per round."""
    rng = random.Random(seed)
    people = [Player(n, f"Player{n:04d}, Test", rng.randrange(800, 2100))
              for n in range(1, players + 1)]
    pairings: list[Pairing] = []
    results: list[GameResult] = []
    for round_ in range(1, rounds + 1):
        order = [p.number for p in people]
        rng.shuffle(order)
        if len(order) % 2:
            lone = order.pop()
            pairings.append(Pairing(round_, "", (lone, 0)))
            results.append(bye(round_, lone, bye_spread))
        for table, i in enumerate(range(0, len(order), 2), 1):
            pair, first = (order[i], order[i + 1]), rng.randrange(2)
            pairings.append(Pairing(round_, str(table), pair, first))
            results.append(GameResult(round_, str(table), pair,
                                      (rng.randrange(250, 550), rng.randrange(250, 550)), first))
    return people, pairings, results
