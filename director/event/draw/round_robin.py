"""Round robins, single and double: the circle (Berger) method over the seeds.

The seeds (director.event.draw.settings.seeded: by rating, or player number order) stand in a
circle; the last stays put while the others turn one place a round; in each round the first
meets the last, the second the last but one, and so on, so that seed 1 meets seed n in round one
and everyone meets everyone once in n - 1 rounds. An odd number of players gets a phantom seed:
whoever meets it has the bye (NZASP 9.1), once each over n rounds. The schedule depends only on
the seeds, so every call draws the same round. A double round robin plays the schedule twice, the
second time each game's start the other way round from the first (the start recorded then, or the
one drawn). A withdrawn player keeps their place in the schedule if they were paired before they
withdrew (the rounds played stay the rounds drawn); their later opponents get byes. Earlier rounds
that are not the schedule's (the seeds changed: a rating corrected, a player added; a round
paired by hand) are a DrawError: drawing on would repeat games. Pure: no I/O.
"""
from __future__ import annotations

from typing import Sequence

from director.event.model import NO_OPPONENT, Pairing, Player

from .settings import DrawError, DrawSettings, round_count, scheduled, seeded
from .starts import choose_firsts, latest_starts, starts_so_far


def schedule(seeds: Sequence[int]) -> list[list[tuple[int, int]]]:
    """One round robin's rounds over ``seeds`` (player numbers, best first): each round's games
    as (higher seed, lower seed), 0 for the phantom of an odd count (a bye), highest seed's game
    first."""
    circle = list(seeds) + ([NO_OPPONENT] if len(seeds) % 2 else [])
    n = len(circle)
    place = {number: i for i, number in enumerate(circle)}
    rounds = []
    for k in range(n - 1):
        turning = circle[:-1]
        ring = turning[k:] + turning[:k] + circle[-1:]
        games = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if b != NO_OPPONENT and (a == NO_OPPONENT or place[b] < place[a]):
                a, b = b, a
            games.append((a, b))
        games.sort(key=lambda g: place[g[0]])
        rounds.append(games)
    return rounds


def draw_round_robin(settings: DrawSettings, players: Sequence[Player], earlier: Sequence[Pairing],
                     round_number: int) -> list[tuple[int, int, int | None]]:
    """Round ``round_number``'s games as (a, b, first), b = 0 for a bye, in table order."""
    listed = scheduled(players, earlier)
    seeds = [p.number for p in seeded(settings, listed)]
    rounds = schedule(seeds)
    last = round_count(settings, players, earlier)
    if not rounds or round_number > last:
        raise DrawError(f"draw: round {round_number}: this round robin of {len(seeds)} players "
                        f"has {last} rounds")
    _check_played(rounds, earlier)
    cycle, k = divmod(round_number - 1, len(rounds))
    out_now = {p.number for p in players if p.withdrawn}
    games, byes = [], []
    for a, b in rounds[k]:
        playing = [n for n in (a, b) if n != NO_OPPONENT and n not in out_now]
        if len(playing) == 2:
            games.append((a, b))
        elif playing:
            byes.append(playing[0])
    if cycle % 2:
        firsts = _reversed(games, earlier, round_number - len(rounds))
    else:
        following = rounds[k + 1] if k + 1 < len(rounds) else None
        balance = {n: f - s for n, (f, s) in starts_so_far(earlier).items()}
        firsts = choose_firsts(games, balance, latest_starts(earlier), following)
    return ([(a, b, first) for (a, b), first in zip(games, firsts)]
            + [(n, NO_OPPONENT, None) for n in byes])


def _reversed(games, earlier, mirror_round) -> list[int]:
    """The starts of the second time round: each game's start in ``mirror_round`` the other way
    as recorded; a game whose start was not recorded then, the lower seed starts."""
    recorded = {}
    for pairing in earlier:
        if pairing.round == mirror_round and pairing.first is not None:
            recorded[pairing.players] = pairing.first
            recorded[pairing.players[::-1]] = 1 - pairing.first
    out = []
    for a, b in games:
        was = recorded.get((a, b))
        out.append(1 - was if was is not None else 1)
    return out


def _check_played(rounds, earlier) -> None:
    """A DrawError if an earlier round's game is not the schedule's game of that round: the seeds
    changed since (a rating corrected, a player added) or a round was paired by hand, and drawing
    on would repeat games."""
    games = [{frozenset(g) for g in games} for games in rounds]
    for pairing in earlier:
        if NO_OPPONENT in pairing.players:
            continue
        if frozenset(pairing.players) not in games[(pairing.round - 1) % len(rounds)]:
            a, b = pairing.players
            raise DrawError(f"draw: round {pairing.round}: {a} v {b} is not this round robin's "
                            "game of that round (the seeds changed since, a player was added, or "
                            "the round was paired by hand): drawing on would repeat games; pair "
                            "the rest by hand, or draw again from round 1")
