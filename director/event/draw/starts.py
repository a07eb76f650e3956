"""Who starts each game: balanced from the starts so far, as tsh's ``p12`` counts them.

Each player's balance is firsts minus seconds over the earlier rounds' pairings (``first`` not
None; a bye counts for neither). In each game the player with the lower balance starts. When the
balances are equal the tie is broken:

- with the next round known (a round robin's schedule), so that after this round the two players
  of each game of the next round have different balances where that can be (a 2-colouring of the
  next round's constraints, ``_plan``): then the next round needs no player to start, or go second,
  twice over, and starts stay within one at every round;
- else by alternation: the player who went second in their latest game starts;
- else the first of the pair as given (the higher seed or the higher ranked) starts.

Pure: no I/O.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from director.event.model import NO_OPPONENT, Pairing


def starts_so_far(pairings: Iterable[Pairing]) -> dict[int, tuple[int, int]]:
    """Player -> (firsts, seconds) over ``pairings`` whose ``first`` is set, as tsh's p12 counts
    them (1 went first, 2 went second; a bye, 0, counts for neither)."""
    counts: dict[int, list[int]] = {}
    for pairing in pairings:
        if pairing.first is None or NO_OPPONENT in pairing.players:
            continue
        for side, number in enumerate(pairing.players):
            counts.setdefault(number, [0, 0])[0 if side == pairing.first else 1] += 1
    return {n: (f, s) for n, (f, s) in counts.items()}


def latest_starts(pairings: Iterable[Pairing]) -> dict[int, int]:
    """Player -> +1 if they went first in their latest game whose start is known, -1 if second."""
    latest: dict[int, tuple[int, int]] = {}
    for pairing in pairings:
        if pairing.first is None or NO_OPPONENT in pairing.players:
            continue
        for side, number in enumerate(pairing.players):
            if number not in latest or latest[number][0] <= pairing.round:
                latest[number] = (pairing.round, 1 if side == pairing.first else -1)
    return {n: sign for n, (_, sign) in latest.items()}


def choose_firsts(games: Sequence[tuple[int, int]], balance: dict[int, int],
                  latest: dict[int, int] | None = None,
                  next_games: Sequence[tuple[int, int]] | None = None) -> list[int]:
    """For each game (a, b) the index (0 or 1) of who starts, from each player's ``balance``
    (firsts minus seconds so far; missing = 0). ``latest``: each player's latest start (+1 first,
    -1 second) for the alternation tie-break; ``next_games``: the next round's games when known
    (a round robin), to break ties so that it needs no double start."""
    latest = latest or {}
    firsts: list[int | None] = []
    free: list[int] = []
    for i, (a, b) in enumerate(games):
        da, db = balance.get(a, 0), balance.get(b, 0)
        if da != db:
            firsts.append(0 if da < db else 1)
        elif da == 0 and next_games is not None:
            firsts.append(None)
            free.append(i)
        elif latest.get(a, 0) != latest.get(b, 0):
            firsts.append(0 if latest.get(a, 0) < latest.get(b, 0) else 1)
        else:
            firsts.append(0)
    if free:
        planned = _plan(games, firsts, free, balance, next_games or ())
        for i in free:
            firsts[i] = planned[i]
    return [f if f is not None else 0 for f in firsts]


def _plan(games, firsts, free, balance, next_games) -> dict[int, int]:
    """Orientations for the ``free`` games (both players at balance 0) so that in ``next_games``
    no two players with the same nonzero balance meet, where that can be: each free game is a
    variable (0: its first player starts); each next game is a constraint between its players'
    signs; the constraints form paths and cycles, coloured by breadth-first search."""
    after: dict[int, int] = dict(balance)
    for i, (a, b) in enumerate(games):
        if firsts[i] is not None:
            starter, second = (a, b) if firsts[i] == 0 else (b, a)
            after[starter] = after.get(starter, 0) + 1
            after[second] = after.get(second, 0) - 1
    # a free game's player's sign after this round, as (game, +1 or -1 when the game's value is 0)
    owner: dict[int, tuple[int, int]] = {}
    for i in free:
        a, b = games[i]
        owner[a], owner[b] = (i, 1), (i, -1)
    links: dict[int, list[tuple[int, int]]] = {i: [] for i in free}   # game -> (game, parity)
    wanted: dict[int, int] = {}                                       # game -> value it must take
    for p, q in next_games:
        if p == NO_OPPONENT or q == NO_OPPONENT:
            continue
        if p in owner and q in owner:
            (gp, sp), (gq, sq) = owner[p], owner[q]
            if gp != gq:        # signs must differ: value(gp) == value(gq) iff sp == -sq
                parity = 0 if sp == -sq else 1
                links[gp].append((gq, parity))
                links[gq].append((gp, parity))
        elif p in owner or q in owner:
            mine, other = (p, q) if p in owner else (q, p)
            fixed = after.get(other, 0)
            if fixed:       # mine's sign must be -fixed: sign = s if value 0 else -s
                game, s = owner[mine]
                wanted.setdefault(game, 0 if s == -fixed else 1)
    value: dict[int, int] = {}
    order = [i for i in free if i in wanted] + [i for i in free if i not in wanted]
    for start in order:
        if start in value:
            continue
        value[start] = wanted.get(start, 0)
        queue = [start]
        while queue:
            game = queue.pop()
            for other, parity in links[game]:
                if other not in value:
                    value[other] = value[game] ^ parity
                    queue.append(other)
    return value
