"""A Swiss round's pairs, the score groups kept as whole as a pairing without avoidable repeats
allows, and why each pair that crosses score groups does.

A score group is the players on the same wins (a tie counts half). Once the bye is given and
the repeats a pairing must have are known (director.event.draw.swiss), the pairs are, in this
order of importance:

1. the fewest repeats (only when some repeat cannot be avoided: each meeting before counts);
2. the fewest pairs across score groups: a group of an odd count gives one player to the
   nearest group of an odd count below it (3 wins v 1 win) rather than float down through the
   groups between (3 v 2, then 2 v 1), which would break both; a group of an even count is
   kept whole unless repeats forbid it;
3. the smallest crossings: the fewest wins between the two players of each pair that crosses;
4. within a group, top half v bottom half in standing order (1 v k/2+1, 2 v k/2+2...), an
   opponent whose starts lean the other way first; across, lower in the standings rather than
   higher (a group's odd one out goes down, not up), the lowest of the higher group meeting
   the highest of the lower one.

That is a minimum-weight perfect matching over those weights, as Woogles' liwords pairs its
Swiss (weights for repeats and win differences). The draw finds it in two ways. Usually each
group can be paired within itself but for one player in an odd one, and the odd ones out of
consecutive odd groups can meet: then that is the best pairing (no pairing can have fewer
crossings or smaller ones), found with Edmonds' cardinality matching group by group, each group
top-down as the book reads (school rules: "teams are paired with other teams that have similar
win-loss records"). Otherwise, or when repeats must be weighed, the whole round is one weighted
matching (director.event.draw.weighted). Pure: no I/O.
"""
from __future__ import annotations

from itertools import groupby
from typing import Mapping, Sequence

from .matching import can_be_left_out, maximum_matching, pair_within
from .settings import DrawError
from .swiss import graph
from .weighted import NoPerfectMatching, min_weight_perfect

Met = Mapping[int, Mapping[int, int]]


def pair_groups(players: Sequence[int], wins: Mapping[int, float], met: Met, allowed: int,
                balance: Mapping[int, int]) -> list[tuple[int, int]]:
    """The pairs of ``players`` (best first, an even count that can be paired meeting at most
    ``allowed`` times before), each (higher, lower), top-down. ``balance``: each player's
    firsts minus seconds so far."""
    groups = [list(g) for _, g in groupby(players, key=lambda n: wins[n])]
    games = _whole(groups, wins, met, allowed, balance) if allowed == 0 else None
    if games is None:
        games = _weighed(players, wins, met, allowed, balance)
    place = {n: i for i, n in enumerate(players)}
    games = [(a, b) if place[a] < place[b] else (b, a) for a, b in games]
    return sorted(games, key=lambda g: place[g[0]])


def crossings(games: Sequence[tuple[int, int]], wins: Mapping[int, float]) -> int:
    """How many of ``games`` pair players of different score groups."""
    return sum(1 for a, b in games if wins[a] != wins[b])


# -- the usual round: each group within itself, the odd ones out of odd groups together ------

def _whole(groups, wins, met, allowed, balance) -> list[tuple[int, int]] | None:
    """The pairing that keeps every even group whole and pairs the odd one out of each odd group
    with that of the next odd group, if repeats allow it; None if they do not."""
    leftover: list[list[int]] = []      # per odd group: who may be its odd one out, lowest first
    for group in groups:
        adjacent = graph(group, met, allowed)
        match = maximum_matching(adjacent)
        exposed = match.count(-1)
        if exposed > 1:
            return None
        if exposed == 1:
            free = can_be_left_out(adjacent, match)
            leftover.append([group[i] for i in range(len(group) - 1, -1, -1) if free[i]])
    games = []
    for upper, lower in zip(leftover[0::2], leftover[1::2]):
        pair = next(((a, b) for a in upper for b in reversed(lower)
                     if met.get(a, {}).get(b, 0) <= allowed), None)
        if pair is None:
            return None
        games.append(pair)
    crossing = {n for pair in games for n in pair}
    for group in groups:
        games += top_down([n for n in group if n not in crossing], wins, met, allowed, balance)
    return games


def top_down(players: Sequence[int], wins, met, allowed, balance) -> list[tuple[int, int]]:
    """Top-down, each unpaired best player meets the first of its preferences that leaves the
    rest able to be paired (meeting at most ``allowed`` times): the first such pairing in
    preference order, found with a perfect matching kept at hand (matching.pair_within)."""
    index = {n: i for i, n in enumerate(players)}
    adjacent = graph(players, met, allowed)
    match = maximum_matching(adjacent, _greedy(players, index, adjacent, wins, met, balance))
    alive = [True] * len(players)
    games = []
    for i, top in enumerate(players):
        if not alive[i]:
            continue
        rest = [n for n in players[i + 1:] if alive[index[n]]]
        for other in _preferences(top, rest, wins, met, balance):
            if met.get(top, {}).get(other, 0) > allowed:
                continue
            paired = pair_within(adjacent, match, alive, i, index[other])
            if paired is not None:
                match = paired
                games.append((top, other))
                break
        else:
            raise DrawError(f"draw: player {top} cannot be paired (no perfect matching)")
    return games


def _preferences(top: int, rest: list[int], wins, met, balance) -> list[int]:
    """Whom ``top`` (the best unpaired) would meet, best first: fewer earlier meetings; then its
    score group (the lowest of an odd group left out), in it first an opponent whose balance of
    starts is not on the same side as top's, from the top of the bottom half down and then up
    the top half; then the lower groups in order."""
    group = [top] + [n for n in rest if wins[n] == wins[top]]
    if len(group) % 2:
        group = group[:-1]
    half = len(group) // 2
    dutch = group[half:] + group[half - 1:0:-1]
    place = {n: i for i, n in enumerate(dutch)}
    mine = balance.get(top, 0)
    seen = met.get(top, {})

    def clash(n):
        return mine != 0 and balance.get(n, 0) == mine

    def key(n):
        if n in place:
            return (seen.get(n, 0), 0, clash(n), place[n])
        return (seen.get(n, 0), 1, 0, 0)

    return sorted(rest, key=key)


def _greedy(players, index, adjacent, wins, met, balance) -> list[int]:
    """The top-down pairing without looking ahead (each best unpaired player meets its first
    preference still free that it may meet), as a matching to grow: where it can be completed,
    the draw keeps it, and each step of ``top_down`` finds its pair already matched."""
    start = [-1] * len(players)
    for i, top in enumerate(players):
        if start[i] != -1:
            continue
        rest = [n for n in players[i + 1:] if start[index[n]] == -1]
        may = set(adjacent[i])
        other = next((n for n in _preferences(top, rest, wins, met, balance) if index[n] in may),
                     None)
        if other is not None:
            start[i], start[index[other]] = index[other], i
    return start


# -- any other round: one weighted matching ---------------------------------------------------

def _weighed(players, wins, met, allowed, balance) -> list[tuple[int, int]]:
    """The minimum-weight perfect matching of ``players`` over the pairs that met at most
    ``allowed`` times, weighed in the order of the module's docstring."""
    n = len(players)
    halves = {p: round(2 * wins[p]) for p in players}
    place = {p: i for i, p in enumerate(players)}
    local, sizes = {}, {}
    for _, group in groupby(players, key=lambda p: wins[p]):
        group = list(group)
        for i, p in enumerate(group):
            local[p], sizes[p] = i, len(group)
    apart = max(halves.values()) - min(halves.values())
    fit = 4 * n + 2                                         # the most a pair's fit can weigh
    m1 = (n // 2) * fit + 1
    m2 = (n // 2) * apart * m1 + m1
    m3 = (n // 2 + 1) * m2
    m4 = (n // 2) * m3 + m3

    def weight(a: int, b: int, times: int) -> int:
        gap = abs(halves[a] - halves[b])
        if gap == 0:
            size = sizes[a]
            dutch = abs(abs(local[a] - local[b]) - size // 2)
            clash = balance.get(a, 0) != 0 and balance.get(a, 0) == balance.get(b, 0)
            tie = 2 * dutch + clash
        else:
            high, low = (a, b) if halves[a] > halves[b] else (b, a)
            tie = (n - 1 - place[high]) + local[low]        # low in the standings, close
        return times * m4 + (gap > 0) * m3 + gap * m1 + tie

    edges = []
    for i in range(n):
        mine = met.get(players[i], {})
        for j in range(i + 1, n):
            times = mine.get(players[j], 0)
            if times <= allowed:
                edges.append((i, j, weight(players[i], players[j], times)))
    try:
        mate = min_weight_perfect(n, edges)
    except NoPerfectMatching:
        raise DrawError("draw: the round cannot be paired (no perfect matching)") from None
    return [(players[i], players[mate[i]]) for i in range(n) if i < mate[i]]


# -- why a pair crosses -------------------------------------------------------------------

def why_crossing(a: int, b: int, players: Sequence[int], wins: Mapping[int, float], met: Met,
                 allowed: int, names: Mapping[int, str]) -> str:
    """Why ``a`` and ``b`` (of different score groups among ``players``, the round's pool) meet,
    in words for the director: "Ann (5 wins) meets Bob (4 wins): every other player on 5 wins
    has already met Ann; 3 players are on 4 wins"."""
    if wins[a] < wins[b]:
        a, b = b, a
    parts = [part for part in (_side(p, players, wins, met, allowed, names) for p in (a, b))
             if part]
    if not parts:
        parts = ["no pairing of the round keeps more score groups whole without more repeats"]
    return (f"{names.get(a, f'#{a}')} ({wins_text(wins[a])}) meets {names.get(b, f'#{b}')} "
            f"({wins_text(wins[b])}): " + "; ".join(parts))


def _side(p, players, wins, met, allowed, names) -> str | None:
    group = [q for q in players if wins[q] == wins[p]]
    others = [q for q in group if q != p]
    on = f"on {wins_text(wins[p])}"
    if others and all(met.get(p, {}).get(q, 0) > allowed for q in others):
        times = f" {allowed + 1} times" if allowed else ""
        return f"every other player {on} has already met {names.get(p, f'#{p}')}{times}"
    if len(group) % 2:
        return f"{len(group)} player{'s are' if len(group) > 1 else ' is'} {on}"
    if -1 in maximum_matching(graph(group, met, allowed)):
        return f"the players {on} cannot all be paired among themselves without a repeat"
    return None


def wins_text(wins: float) -> str:
    """5 -> '5 wins', 1 -> '1 win', 2.5 -> '2.5 wins'."""
    return f"{wins:g} win" + ("" if wins == 1 else "s")
