"""Minimum-weight perfect matchings in a general graph, for the Swiss draw when its score groups
cannot all be kept whole cheaply (director.event.draw.groups): Edmonds' weighted blossom
algorithm, the primal-dual method in O(n^3) as Galil describes it ("Efficient algorithms for
finding maximum matching in graphs", ACM Computing Surveys 18, 1986). Weights are integers, so
every dual stays an integer. Written for this draw from the method (Woogles' liwords pairs its
Swiss the same way, over a Go port of Van Rantwijk's code; nothing is copied). Pure: no I/O.

How it works, for whoever must read it: a matching is grown stage by stage, each stage by one
edge more, along an augmenting path of *tight* edges (those whose slack, ``dual[i] + dual[j] -
2 * weight``, is 0). The search keeps a forest of alternating trees rooted at the unmatched
vertices: outer (S) and inner (T) vertices; an edge between two outer vertices of the same tree
closes an odd cycle, which is shrunk into a *blossom* treated as one vertex until it is expanded
again. When no tight edge leads on, the duals move by the largest amount that keeps every slack
at least 0 (``_delta``), which makes a new edge tight, or lets an inner blossom be expanded, or
shows that no bigger matching weighs more. Vertex duals are kept doubled (``dual[v]`` = 2 y(v))
and blossom duals as they are (``dual[b]`` = z(b)), so the slack of an edge between two blossoms
is ``dual[i] + dual[j] - 2 * weight``.
"""
from __future__ import annotations

from typing import Iterator, Sequence

NONE, OUTER, INNER = 0, 1, 2


class NoPerfectMatching(ValueError):
    """The graph has no perfect matching."""


def min_weight_perfect(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """A perfect matching of vertices 0..n-1 over ``edges`` ((i, j, weight), integer weights)
    of the least total weight: ``mate[v]`` is v's partner. NoPerfectMatching if there is none.

    It is the heaviest matching of ``big - weight``, ``big`` so large that a matching with one
    edge more always weighs more (a perfect one, where there is one)."""
    if n == 0:
        return []
    weights = [w for _, _, w in edges]
    low, span = min(weights, default=0), max(weights, default=0) - min(weights, default=0)
    big = (n // 2 + 1) * span + 1
    mate = _Matching(n, [(i, j, big - (w - low)) for i, j, w in edges]).solve()
    if -1 in mate:
        raise NoPerfectMatching(f"no perfect matching of {n} vertices over {len(edges)} edges")
    return mate


class _Matching:
    """One maximum-weight matching of vertices 0..n-1; blossoms are numbered n..2n-1."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]):
        self.n = n
        self.ends = [(i, j) for i, j, _ in edges]
        self.weight = [w for _, _, w in edges]
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j) in enumerate(self.ends):
            self.incident[i].append(k)
            self.incident[j].append(k)
        self.mate = [-1] * n
        self.dual = [max(self.weight, default=0)] * n + [0] * n
        self.inblossom = list(range(n))         # vertex -> the outermost blossom holding it
        self.parent = [-1] * (2 * n)            # blossom (or vertex) -> the blossom holding it
        self.childs: list[list[int] | None] = [None] * (2 * n)   # the cycle, the base's first
        self.links: list[list[tuple[int, int]] | None] = [None] * (2 * n)   # childs[i] -> [i+1]
        self.base = list(range(n)) + [-1] * n   # -1: the blossom number is unused
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self._stage()

    # -- the stages -------------------------------------------------------------------------

    def solve(self) -> list[int]:
        for _ in range(self.n):
            if not self._augmented():
                break
            for b in range(self.n, 2 * self.n):     # an outer blossom whose dual is 0 opens
                if (self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == OUTER
                        and self.dual[b] == 0):
                    self._expand(b, end_of_stage=True)
            self._stage()
        return self.mate

    def _stage(self) -> None:
        """Labels cleared; every unmatched vertex an outer root."""
        size = 2 * self.n
        self.label = [NONE] * size
        self.labeledge: list[tuple[int, int] | None] = [None] * size   # (x, y): y in it
        self.bestedge = [-1] * size
        self.bestedges: list[list[int] | None] = [None] * size
        self.tight = [False] * len(self.ends)
        self.queue: list[int] = []
        for v in range(self.n):
            if self.mate[v] == -1 and self.label[self.inblossom[v]] == NONE:
                self._assign(v, OUTER, None)

    def _augmented(self) -> bool:
        """One stage: True once the matching has grown by an edge, False when it cannot."""
        while True:
            if self._scan():
                return True
            kind, delta, item = self._delta()
            self._move_duals(delta)
            if kind == 1:
                return False
            if kind in (2, 3):
                self.tight[item] = True
                i, j = self.ends[item]
                self.queue.append(i if self.label[self.inblossom[i]] == OUTER else j)
            else:
                self._expand(item, end_of_stage=False)

    def _scan(self) -> bool:
        """Grow the forest along tight edges from the outer vertices queued; True when an
        augmenting path was found and the matching grown along it."""
        while self.queue:
            v = self.queue.pop()
            for k in self.incident[v]:
                i, j = self.ends[k]
                w = j if i == v else i
                bv, bw = self.inblossom[v], self.inblossom[w]
                if bv == bw:
                    continue
                slack = 0
                if not self.tight[k]:
                    slack = self._slack(k)
                    self.tight[k] = slack <= 0
                if self.tight[k]:
                    if self._tight(v, w):
                        return True
                elif self.label[bw] == OUTER:
                    if self.bestedge[bv] == -1 or slack < self._slack(self.bestedge[bv]):
                        self.bestedge[bv] = k
                elif self.label[w] == NONE:
                    if self.bestedge[w] == -1 or slack < self._slack(self.bestedge[w]):
                        self.bestedge[w] = k
        return False

    def _tight(self, v: int, w: int) -> bool:
        """The tight edge from outer vertex v to w: the forest grows, a blossom forms, or (True)
        the matching is augmented."""
        bw = self.inblossom[w]
        if self.label[bw] == NONE:
            self._assign(w, INNER, v)
        elif self.label[bw] == OUTER:
            base = self._common_base(v, w)
            if base >= 0:
                self._add_blossom(base, v, w)
            else:
                self._augment(v, w)
                return True
        elif self.label[w] == NONE:         # w inside an inner blossom: remembered for expanding
            self.label[w] = INNER
            self.labeledge[w] = (v, w)
        return False

    def _slack(self, k: int) -> int:
        i, j = self.ends[k]
        return self.dual[i] + self.dual[j] - 2 * self.weight[k]

    def _leaves(self, b: int) -> Iterator[int]:
        stack = [b]
        while stack:
            top = stack.pop()
            if top < self.n:
                yield top
            else:
                stack.extend(self.childs[top])

    # -- labels, blossoms ---------------------------------------------------------------------

    def _assign(self, w: int, label: int, v: int | None) -> None:
        """Label w's outermost blossom (reached from v; None: a root); an inner one's mate is
        outer."""
        b = self.inblossom[w]
        self.label[w] = self.label[b] = label
        self.labeledge[w] = self.labeledge[b] = None if v is None else (v, w)
        self.bestedge[w] = self.bestedge[b] = -1
        if label == OUTER:
            self.queue.extend(self._leaves(b))
        else:
            base = self.base[b]
            self._assign(self.mate[base], OUTER, base)

    def _common_base(self, v: int, w: int) -> int:
        """The base of the blossom the edge v-w closes, or -1 if v and w are in different
        trees (an augmenting path)."""
        seen: set[int] = set()
        while v != -1 or w != -1:
            if v != -1:
                b = self.inblossom[v]
                if b in seen:
                    return self.base[b]
                seen.add(b)
                edge = self.labeledge[b]
                v = -1 if edge is None else self.labeledge[self.inblossom[edge[0]]][0]
            v, w = w, v
        return -1

    def _add_blossom(self, base: int, v: int, w: int) -> None:
        """Shrink the odd cycle that the tight edge v-w closes, through ``base``, into a new
        outer blossom."""
        bb = self.inblossom[base]
        b = self.unused.pop()
        self.base[b], self.parent[b], self.parent[bb] = base, -1, b
        down, down_links = self._up_to(self.inblossom[v], bb, b)
        up, up_links = self._up_to(self.inblossom[w], bb, b)
        self.childs[b] = [bb, *reversed(down), *up]
        self.links[b] = [*reversed(down_links), (v, w), *((y, x) for x, y in up_links)]
        self.label[b], self.labeledge[b], self.dual[b] = OUTER, self.labeledge[bb], 0
        for leaf in self._leaves(b):
            if self.label[self.inblossom[leaf]] == INNER:
                self.queue.append(leaf)         # an inner vertex is outer now: scan it
            self.inblossom[leaf] = b
        self._blossom_best_edges(b)

    def _up_to(self, child: int, top: int, b: int) -> tuple[list[int], list[tuple[int, int]]]:
        """The tree's blossoms from ``child`` up to ``top`` (not included), each made a child
        of ``b``, with the edge to each from its tree parent (parent side first)."""
        path, links = [], []
        while child != top:
            self.parent[child] = b
            path.append(child)
            x, y = self.labeledge[child]
            links.append((x, y))
            child = self.inblossom[x]
        return path, links

    def _blossom_best_edges(self, b: int) -> None:
        """The new blossom's least-slack edge to each other outer blossom, from its children's."""
        best: dict[int, int] = {}
        for child in self.childs[b]:
            given = self.bestedges[child]
            edges = given if given is not None else (
                k for leaf in self._leaves(child) for k in self.incident[leaf])
            for k in edges:
                i, j = self.ends[k]
                other = self.inblossom[j] if self.inblossom[i] == b else self.inblossom[i]
                if other != b and self.label[other] == OUTER and (
                        other not in best or self._slack(k) < self._slack(best[other])):
                    best[other] = k
            self.bestedges[child], self.bestedge[child] = None, -1
        self.bestedges[b] = list(best.values())
        self.bestedge[b] = min(best.values(), key=self._slack, default=-1)

    def _expand(self, b: int, end_of_stage: bool) -> None:
        """Open blossom b into its children (an inner one during a stage keeps the tree
        alternating through it); its number is free again."""
        for child in self.childs[b]:
            self.parent[child] = -1
            if child < self.n:
                self.inblossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self._expand(child, end_of_stage)
            else:
                for leaf in self._leaves(child):
                    self.inblossom[leaf] = child
        if not end_of_stage and self.label[b] == INNER:
            self._relabel(b)
        self.label[b], self.labeledge[b], self.bestedge[b] = NONE, None, -1
        self.childs[b] = self.links[b] = self.bestedges[b] = None
        self.base[b] = -1
        self.unused.append(b)

    def _relabel(self, b: int) -> None:
        """After an inner blossom opens: the even path of its children from where its label came
        in to its base is labelled inner, outer... inner; the other children keep no label,
        unless a vertex of theirs was reached from an outer vertex."""
        childs, links = self.childs[b], self.links[b]
        size = len(childs)
        entry = self.labeledge[b]
        first = j = childs.index(self.inblossom[entry[1]])
        step = 1 if j % 2 else -1               # towards the base along a matched link first
        while j % size:
            self._assign(entry[1], INNER, entry[0])     # and the next child along, its mate, outer
            j += 2 * step
            x, y = links[(j - 1) % size] if step == 1 else links[j % size]
            entry = (x, y) if step == 1 else (y, x)
        self.label[entry[1]] = self.label[childs[0]] = INNER
        self.labeledge[entry[1]] = self.labeledge[childs[0]] = entry
        self.bestedge[childs[0]] = -1
        j = step
        while j % size != first:
            child = childs[j % size]
            j += step
            if self.label[child] == OUTER:
                continue
            reached = next((v for v in self._leaves(child) if self.label[v] != NONE), None)
            if reached is not None:
                self._assign(reached, INNER, self.labeledge[reached][0])

    # -- augmenting -----------------------------------------------------------------------------

    def _augment(self, v: int, w: int) -> None:
        """Match v with w and flip the two tree paths from them to their roots."""
        for s, j in ((v, w), (w, v)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self._augment_blossom(bs, s)
                self.mate[s] = j
                if self.labeledge[bs] is None:
                    break
                x, _ = self.labeledge[bs]
                bt = self.inblossom[x]
                s, j = self.labeledge[bt]
                if bt >= self.n:
                    self._augment_blossom(bt, j)
                self.mate[j] = s

    def _augment_blossom(self, b: int, v: int) -> None:
        """Rematch blossom b inside so that vertex v becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self._augment_blossom(t, v)
        childs, links = self.childs[b], self.links[b]
        size, i = len(childs), childs.index(t)
        if i % 2:       # forward to the base: links i+1, i+3, ... size-1 become matched
            flipped = range(i + 1, size, 2)
        else:           # backward: links i-2, i-4, ... 0
            flipped = range(i - 2, -1, -2)
        for k in flipped:
            x, y = links[k]
            for child, end in ((childs[k], x), (childs[(k + 1) % size], y)):
                if child >= self.n:
                    self._augment_blossom(child, end)
            self.mate[x], self.mate[y] = y, x
        self.childs[b] = childs[i:] + childs[:i]
        self.links[b] = links[i:] + links[:i]
        self.base[b] = v

    # -- the duals ------------------------------------------------------------------------------

    def _delta(self) -> tuple[int, int, int]:
        """How far the duals may move, why, and the edge or blossom that stops them: 1, no
        vertex dual may go below 0 (the matching is the heaviest); 2, an edge from an outer to
        an unlabelled vertex becomes tight; 3, an edge between two outer blossoms does; 4, an
        inner blossom's dual reaches 0."""
        n = self.n
        best = (1, min(self.dual[:n]), -1)
        for v in range(n):
            if self.label[self.inblossom[v]] == NONE and self.bestedge[v] != -1:
                slack = self._slack(self.bestedge[v])
                if slack < best[1]:
                    best = (2, slack, self.bestedge[v])
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == OUTER and self.bestedge[b] != -1 and (
                    b < n or self.base[b] >= 0):
                slack = self._slack(self.bestedge[b]) // 2
                if slack < best[1]:
                    best = (3, slack, self.bestedge[b])
        for b in range(n, 2 * n):
            if (self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == INNER
                    and self.dual[b] < best[1]):
                best = (4, self.dual[b], b)
        return best

    def _move_duals(self, delta: int) -> None:
        n = self.n
        for v in range(n):
            label = self.label[self.inblossom[v]]
            if label == OUTER:
                self.dual[v] -= delta
            elif label == INNER:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == OUTER:
                    self.dual[b] += delta
                elif self.label[b] == INNER:
                    self.dual[b] -= delta
