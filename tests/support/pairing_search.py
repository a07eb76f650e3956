"""The draw's Swiss checked against searches written here, independently of its code
(director.event.draw): the fewest pairs across score groups, and the fewest wins between them,
that a pairing of a round without a repeat can have, found by a plain search over the sets of
players still to pair; and, for divisions too big to search, from each score group alone (its
players' largest pairing among themselves, found by trying orders of a greedy pass or by a plain
search): a bound no pairing can beat, and the best pairing that leaves out of each group only
the one player an odd group must (every way of pairing the odd groups' odd ones out tried)."""
from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from typing import Mapping, Sequence

SEARCHED = 18           # the most players the plain search pairs (2^18 sets at most)


def fresh(met: Mapping[frozenset, int], a: int, b: int) -> bool:
    return met.get(frozenset((a, b)), 0) == 0


def fewest_crossings(players: Sequence[int], wins: Mapping[int, float],
                     met: Mapping[frozenset, int]) -> tuple[int, int] | None:
    """The least (pairs across score groups, half wins between their players, summed) of any
    pairing of ``players`` (an even count) in which nobody meets again; None if there is none."""
    players = sorted(players, key=lambda p: -wins[p])    # a group at a time: few sets to search
    n = len(players)
    half = [round(2 * wins[p]) for p in players]
    ok = [[fresh(met, players[i], players[j]) for j in range(n)] for i in range(n)]

    @lru_cache(maxsize=None)
    def best(left: int) -> tuple[int, int] | None:
        if left == 0:
            return (0, 0)
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        found = None
        for j in range(i + 1, n):
            if rest >> j & 1 and ok[i][j]:
                after = best(rest & ~(1 << j))
                if after is not None:
                    gap = abs(half[i] - half[j])
                    total = (after[0] + (gap > 0), after[1] + gap)
                    found = total if found is None or total < found else found
        return found

    return best((1 << n) - 1)


def drawn_crossings(games: Sequence[tuple[int, int]], wins: Mapping[int, float]) -> tuple[int, int]:
    """(pairs across score groups, half wins between their players, summed) of ``games``."""
    gaps = [abs(round(2 * wins[a]) - round(2 * wins[b])) for a, b in games]
    return sum(1 for g in gaps if g), sum(gaps)


def crossing_bound(players: Sequence[int], wins: Mapping[int, float],
                   met: Mapping[frozenset, int]) -> tuple[int, int] | None:
    """A bound no repeat-free pairing of ``players`` beats: each score group leaves out at least
    as many players as its own largest repeat-free pairing does, each left out crosses, and the
    ones left out, in standing order, meet their neighbours at the least; None if a group's
    largest pairing cannot be told."""
    left_out: list[int] = []
    for value, group in groupby(sorted(players, key=lambda p: -wins[p]), key=lambda p: wins[p]):
        group = list(group)
        largest = _largest_pairing(group, met)
        if largest is None:
            return None
        left_out += [round(2 * value)] * (len(group) - 2 * largest)
    pairs = list(zip(left_out[0::2], left_out[1::2]))
    return len(pairs), sum(a - b for a, b in pairs)


def _largest_pairing(group: Sequence[int], met) -> int | None:
    """The most pairs ``group`` makes among itself without a repeat: a greedy pass that reaches
    every player but one (or all) is the most; else a plain search, if the group is small."""
    whole = len(group) // 2
    for start in range(len(group)):
        order = list(group[start:]) + list(group[:start])
        for ordering in (order, order[::-1]):
            if _greedy(ordering, met) == whole:
                return whole
    if len(group) > SEARCHED:
        return None
    n = len(group)

    @lru_cache(maxsize=None)
    def most(left: int) -> int:
        if left == 0:
            return 0
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        found = most(rest)                  # i left out
        for j in range(i + 1, n):
            if rest >> j & 1 and fresh(met, group[i], group[j]):
                found = max(found, 1 + most(rest & ~(1 << j)))
        return found

    return most((1 << n) - 1)


def _greedy(order: Sequence[int], met) -> int:
    taken: set[int] = set()
    pairs = 0
    for a in order:
        if a in taken:
            continue
        b = next((b for b in order if b != a and b not in taken and fresh(met, a, b)), None)
        if b is not None:
            taken |= {a, b}
            pairs += 1
    return pairs


def odd_ones_out(players: Sequence[int], wins: Mapping[int, float],
                 met: Mapping[frozenset, int]) -> tuple[int, int] | None:
    """The least (pairs across groups, half wins between them) of the pairings that keep every
    even score group whole and take one player out of each odd one, pairing those across; None
    if a group cannot be told to pair whole (or but for one), or no such pairing exists. When
    it exists it is the best of all: no pairing can cross fewer groups (``crossing_bound``)."""
    groups = [list(g) for _, g in groupby(sorted(players, key=lambda p: -wins[p]),
                                          key=lambda p: wins[p])]
    outs = []                   # per odd group: (its half wins, who may be its odd one out)
    for group in groups:
        if len(group) % 2 == 0:
            if _largest_pairing(group, met) != len(group) // 2:
                return None
            continue
        may = [x for x in group if _largest_pairing([y for y in group if y != x], met)
               == len(group) // 2]
        if not may:
            return None
        outs.append((round(2 * wins[group[0]]), may))
    best = None
    for plan in _pairings_of(list(range(len(outs)))):
        if all(any(fresh(met, x, y) for x in outs[i][1] for y in outs[j][1]) for i, j in plan):
            gap = sum(abs(outs[i][0] - outs[j][0]) for i, j in plan)
            best = gap if best is None or gap < best else best
    return None if best is None else (len(outs) // 2, best)


def _pairings_of(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for more in _pairings_of(rest[:k] + rest[k + 1:]):
            yield [(first, other), *more]


class Undecided(Exception):
    """The search of ``beaten`` tried more than its limit of branches."""


def beaten(players: Sequence[int], wins: Mapping[int, float], met: Mapping[frozenset, int],
           drawn: tuple[int, int], limit: int | None = None) -> bool:
    """Whether some pairing of ``players`` without a repeat has fewer pairs across score groups
    than ``drawn`` (pairs, half wins), or as many and fewer half wins between them: a search
    that gives up a branch as soon as what it has paired, and what the groups left must cross
    at the least, reaches ``drawn``. Raises Undecided past ``limit`` branches (None: none)."""
    players = sorted(players, key=lambda p: -wins[p])
    n = len(players)
    half = [round(2 * wins[p]) for p in players]
    scale = 2 * n * (max(half, default=0) + 1)
    values = sorted(set(half), reverse=True)
    masks = [sum(1 << i for i in range(n) if half[i] == v) for v in values]
    ok = [[j for j in range(n) if j != i and fresh(met, players[i], players[j])] for i in range(n)]
    failed: dict[int, int] = {}
    tried = [0]

    def least(left: int) -> int:
        odd = [v for v, m in zip(values, masks) if bin(left & m).count("1") % 2]
        return len(odd) // 2 * scale + sum(a - b for a, b in zip(odd[0::2], odd[1::2]))

    def within(left: int, budget: int) -> bool:
        if left == 0:
            return True
        if least(left) > budget or failed.get(left, -1) >= budget:
            return False
        tried[0] += 1
        if limit is not None and tried[0] > limit:
            raise Undecided(f"more than {limit} branches")
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        for j in sorted((j for j in ok[i] if rest >> j & 1), key=lambda j: abs(half[i] - half[j])):
            gap = abs(half[i] - half[j])
            cost = (scale if gap else 0) + gap
            if cost <= budget and within(rest & ~(1 << j), budget - cost):
                return True
        failed[left] = budget
        return False

    return within((1 << n) - 1, drawn[0] * scale + drawn[1] - 1)

