"""Pairing by record: a Swiss draw within score groups, and king of the hill.

Standing: most wins (a tie half), then highest spread (director.event.standings, NZASP 11.1's
order), then the seeding (rating or player number): before any game, the seeding alone.

Swiss (school rules: "after the first game, teams are paired with other teams that have similar
win-loss records"): the players are taken top-down by standing; a score group (the players with
the same wins) is paired top half against bottom half (1 v k/2+1, 2 v k/2+2...: in round one the
whole division is one group, so the top half meets the bottom half); a group with an odd count
floats its lowest player down to the top of the next group. No two players meet again while any
pairing of the round avoids it: an Edmonds matching (director.event.draw.matching) says whether a
repeat-free pairing exists at all (only when none does may players meet a second time, then a
third...), and top-down each player takes the first opponent in that order that leaves the rest
able to be paired: the first pairing in score-group order, without backtracking. An odd count
gives the bye to a player with the fewest byes so far (a second bye while someone has none is
worse than a repeat): the lowest ranked of them whom the others can be paired around with the
fewest meetings.

King of the hill (the last rounds): 1 v 2, 3 v 4... by standing, repeats or not; the bye as above.
Pure: no I/O.
"""
from __future__ import annotations

from typing import Sequence

from director.event.model import NO_OPPONENT, GameResult, ModelError, Pairing, Player
from director.event.standings import compute_standings

from .matching import can_be_left_out, maximum_matching, pair_within
from .settings import DrawError, DrawSettings, seeded

def standing_order(settings: DrawSettings, players: Sequence[Player],
                   results: Sequence[GameResult]) -> tuple[list[int], dict[int, float]]:
    """The players not withdrawn, best first, and each one's wins."""
    try:
        table = compute_standings(players, results, order="wins_spread")
    except ModelError as error:
        raise DrawError(f"draw: the results cannot be ranked: {error}") from error
    seed = {p.number: i for i, p in enumerate(seeded(settings, players))}
    rows = [s for s in table if not s.player.withdrawn]
    rows.sort(key=lambda s: (-s.wins, -s.spread, seed[s.player.number]))
    return [s.player.number for s in rows], {s.player.number: s.wins for s in rows}


def meetings(pairings: Sequence[Pairing], results: Sequence[GameResult]) -> dict[frozenset, int]:
    """How often each two players have been paired (a round's pairing and result count once)."""
    seen = {(x.round, frozenset(x.players)) for x in (*pairings, *results)
            if NO_OPPONENT not in x.players}
    counts: dict[frozenset, int] = {}
    for _, pair in seen:
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def byes_had(pairings: Sequence[Pairing], results: Sequence[GameResult]) -> dict[int, int]:
    """Each player's byes: rounds paired against no one, unless that round's result is not a bye
    (a forfeit recorded against no one), and rounds with a bye result."""
    other = {(r.round, r.players[0]) for r in results if r.kind != "bye" and NO_OPPONENT in r.players}
    rounds = {(p.round, p.players[0]) for p in pairings if p.players[1] == NO_OPPONENT}
    rounds |= {(r.round, r.players[0]) for r in results if r.kind == "bye"}
    counts: dict[int, int] = {}
    for _, number in rounds - other:
        counts[number] = counts.get(number, 0) + 1
    return counts


def king_of_the_hill(order: list[int], byes: dict[int, int]) -> list[tuple[int, int]]:
    """1 v 2, 3 v 4... down ``order``; an odd count's bye to the lowest ranked with fewest byes."""
    rest = list(order)
    out = []
    if len(rest) % 2:
        bye = min(reversed(rest), key=lambda n: byes.get(n, 0))
        rest.remove(bye)
        out.append((bye, NO_OPPONENT))
    return [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)] + out


def swiss(order: list[int], wins: dict[int, float], met: dict[frozenset, int],
          byes: dict[int, int], balance: dict[int, int] | None = None) -> list[tuple[int, int]]:
    """The Swiss pairing of ``order`` (best first): games (higher, lower) top-down, then the bye.
    ``balance``: each player's firsts minus seconds so far, to prefer within a score group an
    opponent whose starts make the game's start even."""
    if len(order) < 2:
        return [(n, NO_OPPONENT) for n in order]
    met = _by_player(met)
    fewest = min(byes.get(n, 0) for n in order)
    place = {n: i for i, n in enumerate(order)}
    allowed, bye = 0, None
    while True:
        adjacent = _graph(order, met, allowed)
        match = maximum_matching(adjacent)
        if sum(m != -1 for m in match) >= len(order) - 1:
            if len(order) % 2 == 0:
                break
            free = can_be_left_out(adjacent, match)
            due = [n for n in order if free[place[n]] and byes.get(n, 0) == fewest]
            if due:
                bye = due[-1]
                break
        allowed += 1
    players = [n for n in order if n != bye]
    games = _top_down(players, wins, met, allowed, balance or {})
    return games + ([(bye, NO_OPPONENT)] if bye is not None else [])


def _by_player(met: dict[frozenset, int]) -> dict[int, dict[int, int]]:
    """{player: {opponent: times met}} from {frozenset((a, b)): times}."""
    out: dict[int, dict[int, int]] = {}
    for pair, times in met.items():
        if len(pair) == 2:
            a, b = pair
            out.setdefault(a, {})[b] = times
            out.setdefault(b, {})[a] = times
    return out


def _graph(order, met, allowed) -> list[list[int]]:
    """Who may meet whom (indexes into ``order``): those who met at most ``allowed`` times."""
    none: dict[int, int] = {}
    return [[j for j, b in enumerate(order) if j != i and met.get(a, none).get(b, 0) <= allowed]
            for i, a in enumerate(order)]


def _preferences(top: int, rest: list[int], wins, met, balance) -> list[int]:
    """Whom ``top`` (the best unpaired) would meet, best first: fewer earlier meetings; then its
    score group (the lowest of an odd group floats down), in it first an opponent whose balance
    of starts is not on the same side as top's, from the top of the bottom half down and then up
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


def _top_down(players, wins, met, allowed, balance) -> list[tuple[int, int]]:
    """Top-down, each unpaired best player meets the first of its preferences that leaves the
    rest able to be paired (meeting at most ``allowed`` times): the first such pairing in
    preference order, found with a perfect matching kept at hand (matching.pair_within)."""
    index = {n: i for i, n in enumerate(players)}
    adjacent = _graph(players, met, allowed)
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


def _greedy(players, index, adjacent, wins, met, balance) -> list[int]:
    """The top-down pairing without looking ahead (each best unpaired player meets its first
    preference still free that it may meet), as a matching to grow: where it can be completed,
    the draw keeps it, and each step of ``_top_down`` finds its pair already matched."""
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
