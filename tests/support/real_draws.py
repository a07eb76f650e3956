"""The draw checked on real events: each division of the real files in ../shared/formats (tsh's
NASPA 2023 divisions A and B, the Woogles archive's CSW and NWL, the 2020 Israeli Open's .TOU; the
Woogles .TOU is the archive's event again) cut after each round k, round k + 1 drawn by the
product (director.event.draw) from the players who played it, and judged here, independently of
the draw's code:

- king of the hill: 1 v 2, 3 v 4... down the standings as the page shows them (computed by
  director.event.standings under the rules given: their order, their spread cap), the bye to
  the lowest of those shown with the fewest byes;
- a Swiss: no more pairs across score groups, nor more wins between them, than the fewest a
  pairing with the same bye and no repeat has (tests.support.pairing_search), when there is
  one.

``check`` takes the draw as a callable, so that the same judge reads any version of the draw."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

from director.event.model import NO_OPPONENT, GameResult, Pairing, Player
from director.event.standings import compute_standings
from director.files.tsh import parse_t, read_t
from director.files.tsh_config import parse_config
from director.files.tou_read import division_results, parse_tou

from . import pairing_search

TABLES = tuple(str(t) for t in range(1, 61))


@dataclass(frozen=True)
class RealDivision:
    name: str
    players: tuple[Player, ...]
    pairings: tuple[Pairing, ...]
    results: tuple[GameResult, ...]

    @property
    def rounds(self) -> int:
        return max(r.round for r in self.results)


def real_divisions(formats: Path) -> list[RealDivision]:
    """The five divisions of the real events in ``formats`` (../shared/formats)."""
    out = []
    for name in ("naspa-2023-division-a.t", "naspa-2023-division-b.t"):
        d = read_t(formats / "tsh" / name)
        out.append(RealDivision(name, d.players, d.pairings, d.results))
    archive = parse_config((formats / "tsh" / "woogles-export-archive.tsh").read_text(),
                           source="woogles")
    for name, file in archive.files.items():
        d = parse_t(file.text, source=name, division=name)
        out.append(RealDivision(f"woogles {name}", d.players, d.pairings, d.results))
    name = "aupair-israeli-open-2020.tou"
    [section] = parse_tou((formats / "tou" / name).read_bytes().decode("ascii"), source=name)
    players, pairings, results = division_results(section, 50, "", source=name)
    out.append(RealDivision(name, tuple(players), tuple(pairings), tuple(results)))
    return out


def cut(division: RealDivision, k: int) -> tuple[list[Player], list[Pairing], list[GameResult]]:
    """The division after round ``k``: its players (those who did not play round k + 1, a game
    or a bye won, marked withdrawn, as the director marks the absent), pairings and results."""
    plays = {n for r in division.results if r.round == k + 1
             for n in r.players if n != NO_OPPONENT and (r.kind != "bye" or r.spread > 0)}
    players = [replace(p, withdrawn=p.number not in plays) for p in division.players]
    return (players, [p for p in division.pairings if p.round <= k],
            [r for r in division.results if r.round <= k])


def byes_before(pairings: Sequence[Pairing], results: Sequence[GameResult]) -> dict[int, int]:
    """Each player's rounds against no one, but for a forfeit lost (the product's count, as
    tsh's CountByes but for the forfeit)."""
    lost = {(r.round, r.players[0]) for r in results if r.kind == "forfeit"}
    out: dict[int, int] = {}
    for p in pairings:
        if p.players[1] == NO_OPPONENT and (p.round, p.players[0]) not in lost:
            out[p.players[0]] = out.get(p.players[0], 0) + 1
    return out


@dataclass
class Counts:
    koth_rounds: int = 0
    koth_off: int = 0               # rounds not 1 v 2, 3 v 4 by the standings shown
    koth_byes: int = 0
    koth_byes_off: int = 0          # byes not to the lowest shown of the fewest byes
    swiss_rounds: int = 0           # rounds with a repeat-free pairing of the same bye
    swiss_more: int = 0             # rounds with more crossings (or wins across) than needed
    swiss_whole_broken: int = 0     # of those, rounds every group of which could pair within
    repeats_forced: int = 0         # rounds no repeat-free pairing of the same bye has
    undecided: int = 0              # rounds the search gave up on (past ``limit`` branches)
    where: list[str] = field(default_factory=list)


Draw = Callable[..., list[Pairing]]     # draw_round(settings, players, pairings, results, round, tables[, rules=])


def check(divisions: Sequence[RealDivision], rules, draw: Draw, settings_of,
          limit: int | None = None) -> Counts:
    """Every division cut after each round but the last, the next round drawn by ``draw`` under
    ``settings_of(system, division, round)`` as king of the hill and as a Swiss, judged (the
    search trying at most ``limit`` branches a round; None: as many as it takes)."""
    counts = Counts()
    for division in divisions:
        for k in range(1, division.rounds):
            players, pairings, results = cut(division, k)
            shown = [s for s in compute_standings(players, results, rules) if s.rank is not None]
            wins = {s.player.number: s.wins for s in shown}
            koth = draw(settings_of("koth", division, k + 1), players, pairings, results, k + 1,
                        TABLES)
            _judge_koth(counts, division.name, k + 1, koth, [s.player.number for s in shown],
                        byes_before(pairings, results))
            swiss = draw(settings_of("swiss", division, k + 1), players, pairings, results, k + 1,
                         TABLES)
            _judge_swiss(counts, division.name, k + 1, swiss, wins, pairings, limit)
    return counts


def _judge_koth(counts: Counts, name: str, number: int, drawn: list[Pairing],
                order: list[int], byes: dict[int, int]) -> None:
    counts.koth_rounds += 1
    bye = [p.players[0] for p in drawn if p.players[1] == NO_OPPONENT]
    if len(order) % 2:
        counts.koth_byes += 1
        fewest = min(byes.get(n, 0) for n in order)
        due = [n for n in order if byes.get(n, 0) == fewest][-1]
        if bye != [due]:
            counts.koth_byes_off += 1
            counts.where.append(f"{name} round {number}: bye to {bye}, not {due}")
        order = [n for n in order if n not in bye]
    games = [p.players for p in drawn if p.players[1] != NO_OPPONENT]
    if [set(g) for g in games] != [set(order[i:i + 2]) for i in range(0, len(order), 2)]:
        counts.koth_off += 1
        counts.where.append(f"{name} round {number}: king of the hill not by the standings shown")


def _judge_swiss(counts: Counts, name: str, number: int, drawn: list[Pairing],
                 wins: dict[int, float], pairings: Sequence[Pairing], limit) -> None:
    met: dict[frozenset, int] = {}
    for p in pairings:
        if NO_OPPONENT not in p.players:
            met[frozenset(p.players)] = met.get(frozenset(p.players), 0) + 1
    games = [p.players for p in drawn if p.players[1] != NO_OPPONENT]
    pool = [n for g in games for n in g]
    drawn_cost = pairing_search.drawn_crossings(games, wins)
    if len(pool) <= pairing_search.SEARCHED:
        best = pairing_search.fewest_crossings(pool, wins, met)
        if best is None:
            counts.repeats_forced += 1
            return
        more = drawn_cost > best
    else:
        best = pairing_search.odd_ones_out(pool, wins, met)
        if best is not None:
            more = drawn_cost > best
        else:                       # the bound, else the search that tries to beat the draw
            best = pairing_search.crossing_bound(pool, wins, met)
            try:
                more = drawn_cost != best and pairing_search.beaten(pool, wins, met, drawn_cost,
                                                                    limit)
            except pairing_search.Undecided:
                counts.undecided += 1
                return
    counts.swiss_rounds += 1
    if any(met.get(frozenset(g), 0) for g in games):
        more = True
    if more:
        counts.swiss_more += 1
        counts.where.append(f"{name} round {number}: {drawn_cost} across (pairs, half wins), "
                            f"fewest {best}")
        if pairing_search.odd_ones_out(pool, wins, met) == (0, 0) or best == (0, 0):
            counts.swiss_whole_broken += 1
