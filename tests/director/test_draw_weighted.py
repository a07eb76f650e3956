"""The Swiss's weighted matching (director.event.draw.weighted): on random graphs of up to 14
vertices, of every density and of weights from a few values (many ties, the draw's case) to a
thousand, its perfect matching weighs exactly the least a perfect matching can, found by a plain
search over the vertex sets written here; and where none exists it says so."""
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.event.draw.weighted import NoPerfectMatching, min_weight_perfect


def least_weight(n: int, edges: list[tuple[int, int, int]]) -> int | None:
    """The least total weight of a perfect matching (None: there is none), by a search over the
    sets of vertices still to pair, independent of the algorithm under test."""
    weight = {}
    for i, j, w in edges:
        weight[(min(i, j), max(i, j))] = w

    @lru_cache(maxsize=None)
    def best(left: int) -> int | None:
        if left == 0:
            return 0
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        found = None
        for j in range(i + 1, n):
            if rest >> j & 1 and (i, j) in weight:
                after = best(rest & ~(1 << j))
                if after is not None and (found is None or after + weight[(i, j)] < found):
                    found = after + weight[(i, j)]
        return found

    return best((1 << n) - 1)


@st.composite
def graphs(draw):
    n = draw(st.integers(0, 14))
    density = draw(st.sampled_from([0.15, 0.3, 0.5, 0.8, 1.0]))
    top = draw(st.sampled_from([1, 3, 10, 1000]))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chances = draw(st.lists(st.floats(0, 1, exclude_max=True), min_size=len(pairs),
                            max_size=len(pairs)))
    weights = draw(st.lists(st.integers(0, top), min_size=len(pairs), max_size=len(pairs)))
    return n, [(i, j, w) for (i, j), chance, w in zip(pairs, chances, weights) if chance < density]


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_the_matching_weighs_the_least_a_perfect_matching_can(graph):
    n, edges = graph
    expected = least_weight(n, edges)
    if expected is None:
        with pytest.raises(NoPerfectMatching):
            min_weight_perfect(n, edges)
        return
    mate = min_weight_perfect(n, edges)
    weight = {(min(i, j), max(i, j)): w for i, j, w in edges}
    assert all(mate[mate[v]] == v and mate[v] != v for v in range(n))
    assert sum(weight[(v, mate[v])] for v in range(n) if v < mate[v]) == expected
