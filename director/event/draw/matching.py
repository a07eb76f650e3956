"""Maximum matchings in a general graph (Edmonds' blossom algorithm, cardinality only), for the
Swiss draw: whether the players can all be paired without a repeat, and which player can take the
bye so that the others can. Vertices are 0..n-1; ``adjacent[v]`` lists v's possible partners.
Pure: no I/O."""
from __future__ import annotations

from typing import Sequence


class _Search:
    """One maximum matching, grown by augmenting paths from each exposed vertex in turn."""

    def __init__(self, adjacent: Sequence[Sequence[int]], match: list[int] | None = None,
                 alive: Sequence[bool] | None = None):
        self.adjacent = adjacent
        self.n = len(adjacent)
        self.alive = alive if alive is not None else [True] * self.n
        self.match = list(match) if match is not None else [-1] * self.n
        self.outer: list[bool] = []

    def _lca(self, a: int, b: int, parent, base) -> int:
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if self.match[a] == -1:
                break
            a = parent[self.match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[self.match[b]]

    def _mark(self, v, b, child, parent, base, blossom) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[self.match[v]]] = True
            parent[v] = child
            child = self.match[v]
            v = parent[self.match[v]]

    def augment_from(self, root: int) -> bool:
        """Search from the exposed ``root``; augment and return True if a path is found. Either
        way ``outer`` is left marking the vertices an even alternating path reaches from root."""
        n, match = self.n, self.match
        parent, base = [-1] * n, list(range(n))
        outer = [False] * n
        outer[root] = True
        queue, head = [root], 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self.adjacent[v]:
                if not self.alive[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != -1 and parent[match[to]] != -1):
                    b = self._lca(v, to, parent, base)
                    blossom = [False] * n
                    self._mark(v, b, to, parent, base, blossom)
                    self._mark(to, b, v, parent, base, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = b
                            if not outer[i]:
                                outer[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        self._flip(to, parent)
                        self.outer = outer
                        return True
                    outer[match[to]] = True
                    queue.append(match[to])
        self.outer = outer
        return False

    def _flip(self, end: int, parent) -> None:
        while end != -1:
            via = parent[end]
            after = self.match[via]
            self.match[end], self.match[via] = via, end
            end = after


def maximum_matching(adjacent: Sequence[Sequence[int]],
                     start: list[int] | None = None) -> list[int]:
    """A maximum matching (``match[v]`` = v's partner or -1), grown from ``start`` (a matching
    to keep as much of as the augmenting paths allow)."""
    search = _Search(adjacent, start)
    for v in range(search.n):
        if search.match[v] == -1:
            search.augment_from(v)
    return search.match


def can_be_left_out(adjacent: Sequence[Sequence[int]], match: list[int]) -> list[bool]:
    """For a maximum ``match`` leaving exactly one vertex exposed: which vertices some maximum
    matching leaves exposed (reached from the exposed one by an even alternating path)."""
    exposed = [v for v, m in enumerate(match) if m == -1]
    if len(exposed) != 1:
        raise ValueError("can_be_left_out: the matching must leave exactly one vertex exposed")
    search = _Search(adjacent, match)
    if search.augment_from(exposed[0]):
        raise ValueError("can_be_left_out: the matching is not maximum")
    return search.outer


def pair_within(adjacent: Sequence[Sequence[int]], match: list[int], alive: list[bool],
                a: int, b: int) -> list[int] | None:
    """With ``match`` perfect on the ``alive`` vertices: a perfect matching of them that pairs
    ``a`` with ``b`` (an edge), or None if there is none. ``a`` and ``b`` are left not alive when
    it succeeds."""
    if match[a] == b:
        alive[a] = alive[b] = False
        return match
    trial = list(match)
    x, y = trial[a], trial[b]
    trial[a], trial[b], trial[x], trial[y] = b, a, -1, -1
    alive[a] = alive[b] = False
    search = _Search(adjacent, trial, alive)
    if search.augment_from(x):
        return search.match
    alive[a] = alive[b] = True
    return None
