"""Pairing by record: the standings the draw pairs by, who has met whom, who has had byes, the
bye of a round, and king of the hill.

Standing: the division's standings exactly as the page shows them (director.event.standings,
counted under the event's rules: its order, most wins then losses or spread, and its spread
caps), in the order shown; before any game counts, the seeding alone (rating or player number).

A Swiss round: an odd count gives the bye to a player with the fewest byes so far (a second bye
while someone has none is worse than a repeat): the lowest ranked of them whom the others can be
paired around with the fewest meetings. No two players meet again while any pairing of the
round avoids it: an Edmonds matching (director.event.draw.matching) says whether a repeat-free
pairing exists at all (only when none does may players meet a second time, then a third...).
The pairs themselves keep the score groups as whole as that allows
(director.event.draw.groups).

King of the hill (the last rounds): 1 v 2, 3 v 4... by standing, repeats or not; the bye to the
lowest ranked of those with the fewest byes. Pure: no I/O.
"""
from __future__ import annotations

from typing import Collection, Sequence

from common.game.rules import Rules
from director.event.model import NO_OPPONENT, GameResult, ModelError, Pairing, Player
from director.event.standings import compute_standings

from .matching import can_be_left_out, maximum_matching
from .settings import DrawError, DrawSettings, seeded

DRAW_ORDER = "wins_spread"          # the order without a rule book: most wins, then spread


def standing_order(settings: DrawSettings, players: Sequence[Player],
                   results: Sequence[GameResult], rules: Rules | None = None,
                   paired: Collection[int] | None = None) -> tuple[list[int], dict, dict]:
    """The players to pair (``paired``; None: every player not withdrawn) best first, as the
    standings of ``results`` show them under ``rules`` (its order and spread caps; None: no cap,
    most wins then spread), and each ranked player's wins and spread as shown."""
    order = rules.result.ranking if rules is not None else DRAW_ORDER
    try:
        table = compute_standings(players, results, rules, order)
    except ModelError as error:
        raise DrawError(f"draw: the results cannot be ranked: {error}") from error
    ranked = [s for s in table if s.rank is not None]
    if not any(s.games for s in ranked):
        seed = {p.number: i for i, p in enumerate(seeded(settings, players))}
        ranked.sort(key=lambda s: seed[s.player.number])
    wanted = set(paired) if paired is not None else None
    numbers = [s.player.number for s in ranked if wanted is None or s.player.number in wanted]
    return (numbers, {s.player.number: s.wins for s in ranked},
            {s.player.number: s.spread for s in ranked})


def meetings(pairings: Sequence[Pairing], results: Sequence[GameResult]) -> dict[frozenset, int]:
    """How often each two players have been paired (a round's pairing and result count once)."""
    seen = {(x.round, frozenset(x.players)) for x in (*pairings, *results)
            if NO_OPPONENT not in x.players}
    counts: dict[frozenset, int] = {}
    for _, pair in seen:
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def by_player(met: dict[frozenset, int]) -> dict[int, dict[int, int]]:
    """{player: {opponent: times met}} from {frozenset((a, b)): times}."""
    out: dict[int, dict[int, int]] = {}
    for pair, times in met.items():
        if len(pair) == 2:
            a, b = pair
            out.setdefault(a, {})[b] = times
            out.setdefault(b, {})[a] = times
    return out


def byes_had(pairings: Sequence[Pairing], results: Sequence[GameResult]) -> dict[int, int]:
    """Each player's byes: rounds paired against no one, unless that round's result is not a bye
    (a forfeit recorded against no one), and rounds with a bye result. A round missed (absent,
    written against no one for 0) counts as a bye had, as tsh counts it (TSH::Division's
    CountByes counts every round against opponent 0, whatever its score): a player who sat a
    round out is not due the next bye before one who has played every round."""
    other = {(r.round, r.players[0]) for r in results if r.kind != "bye" and NO_OPPONENT in r.players}
    rounds = {(p.round, p.players[0]) for p in pairings if p.players[1] == NO_OPPONENT}
    rounds |= {(r.round, r.players[0]) for r in results if r.kind == "bye"}
    counts: dict[int, int] = {}
    for _, number in rounds - other:
        counts[number] = counts.get(number, 0) + 1
    return counts


def king_of_the_hill_bye(order: list[int], byes: dict[int, int]) -> int | None:
    """An odd count's bye: the lowest ranked of those with the fewest byes."""
    if len(order) % 2 == 0:
        return None
    return min(reversed(order), key=lambda n: byes.get(n, 0))


def king_of_the_hill(order: list[int]) -> list[tuple[int, int]]:
    """1 v 2, 3 v 4... down ``order`` (an even count)."""
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def swiss_bye(order: list[int], met: dict[int, dict[int, int]],
              byes: dict[int, int]) -> tuple[int | None, int]:
    """A Swiss round's bye (None for an even count) and how many times two players may have
    met before (0 while a pairing of the round avoids every repeat)."""
    if len(order) < 2:
        return (order[0] if order else None), 0
    fewest = min(byes.get(n, 0) for n in order)
    place = {n: i for i, n in enumerate(order)}
    allowed = 0
    while True:
        adjacent = graph(order, met, allowed)
        match = maximum_matching(adjacent)
        if sum(m != -1 for m in match) >= len(order) - 1:
            if len(order) % 2 == 0:
                return None, allowed
            free = can_be_left_out(adjacent, match)
            due = [n for n in order if free[place[n]] and byes.get(n, 0) == fewest]
            if due:
                return due[-1], allowed
        allowed += 1


def graph(order: Sequence[int], met: dict[int, dict[int, int]], allowed: int) -> list[list[int]]:
    """Who may meet whom (indexes into ``order``): those who met at most ``allowed`` times."""
    none: dict[int, int] = {}
    return [[j for j, b in enumerate(order) if j != i and met.get(a, none).get(b, 0) <= allowed]
            for i, a in enumerate(order)]


def pairable(order: Sequence[int], met: dict[int, dict[int, int]], allowed: int) -> bool:
    """Whether ``order`` can all be paired meeting at most ``allowed`` times before."""
    return -1 not in maximum_matching(graph(order, met, allowed)) if len(order) % 2 == 0 else False
