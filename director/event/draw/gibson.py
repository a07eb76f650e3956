"""Gibsonization: a leader who can no longer be caught for first place is paired so that the race
for the other places is not decided by the leader's games (the setting ``gibson``: the places
the prizes go to; 0, none).

As tsh's manual has it (its pairing section, "Count Gibsons based on wins and spread"): a player
is assumed to be paired with the leader in every round left and to win each game by 250 points
when one round is left, 175 a round when two are, 150 a round when more are; a leader whom no
one can catch that way (to tie or pass them) is Gibsonized. A Gibsonized leader meets the
highest-ranked player who can no longer finish in the prize places (no result of the rounds
left lifts them there: enough players above them stay above them even if those lose every game
by that margin and they win every game by it), or, if everyone can still finish there, the
lowest-ranked player; in either case only among the opponents the leader has met the fewest
times, as tsh chooses. The standings are the ones shown (wins, then spread as capped). Pure.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from .groups import wins_text


@dataclass(frozen=True)
class Gibson:
    """A Gibsonized leader, the opponent chosen, and why, in words."""
    leader: int
    opponent: int
    why: str


def margin(left: int) -> int:
    """The spread a chaser is assumed to win by over ``left`` rounds (tsh: 250 in one round,
    175 a round in two, 150 a round in more)."""
    return left * (250 if left == 1 else 175 if left == 2 else 150)


def stays_ahead(y: int, x: int, wins: Mapping[int, float], spread: Mapping[int, int],
                left: int) -> bool:
    """Whether ``y`` finishes ahead of ``x`` whatever the ``left`` rounds bring: ``x`` winning
    every game by the margin, ``y`` losing every game by it."""
    gap = wins[y] - (wins[x] + left)
    if gap:
        return gap > 0
    return spread[y] - margin(left) > spread[x] + margin(left)


def gibsonize(ranked: Sequence[int], pool: Sequence[int], wins: Mapping[int, float],
              spread: Mapping[int, int], met: Mapping[int, Mapping[int, int]], left: int,
              places: int, names: Mapping[int, str],
              fits: Callable[[int, int], bool]) -> Gibson | None:
    """The Gibsonized leader of ``ranked`` (every ranked player, best first) and the opponent
    chosen among ``pool`` (those paired this round), or None: no one is Gibsonized, or the
    leader is not to be paired, or no opponent ``fits`` (the rest of the round can be paired
    around them)."""
    if not ranked or left < 1 or places < 1:
        return None
    leader = ranked[0]
    if leader not in pool or not all(stays_ahead(leader, x, wins, spread, left)
                                     for x in ranked[1:]):
        return None
    others = [x for x in pool if x != leader]
    out = [x for x in others if _out_of_places(x, ranked, wins, spread, left, places)]
    candidates = out if out else others[::-1]
    seen = met.get(leader, {})
    fewest = min((seen.get(x, 0) for x in candidates), default=0)
    for x in (x for x in candidates if seen.get(x, 0) == fewest):
        if fits(leader, x):
            return Gibson(leader, x, _why(leader, x, wins, spread, ranked, left, places, bool(out),
                                          names))
    return None


def _out_of_places(x: int, ranked: Sequence[int], wins, spread, left: int, places: int) -> bool:
    """Whether at least ``places`` players stay ahead of ``x`` whatever happens."""
    ahead = 0
    for y in ranked:
        if y == x:
            break                   # a player ranked below has no more wins: never sure ahead
        ahead += stays_ahead(y, x, wins, spread, left)
        if ahead >= places:
            return True
    return False


def _why(leader, x, wins, spread, ranked, left, places, out_of_places, names) -> str:
    name = lambda n: names.get(n, f"#{n}")      # noqa: E731
    second = ranked[1] if len(ranked) > 1 else None
    lead = wins[leader] - wins[second] if second is not None else wins[leader]
    ahead = (wins_text(lead) if lead or second is None
             else f"{spread[leader] - spread[second]:+d} spread")
    rounds = f"{left} round{'s' if left > 1 else ''} left"
    who = (f"the highest-ranked player who can no longer finish in the top {places}"
           if out_of_places else f"the lowest-ranked player (everyone can still finish in the "
                                 f"top {places})")
    return (f"{name(leader)} ({wins_text(wins[leader])}) cannot be caught for first place "
            f"({ahead} ahead, {rounds}): Gibsonized, meets {name(x)} "
            f"({wins_text(wins[x])}), {who}")
