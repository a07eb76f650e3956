"""The Swiss draw and king of the hill (director.event.draw): on generated divisions of 2 to 60
players over many rounds every active player is paired once a round or has a bye; the bye goes to
a player with the fewest byes; nobody meets anyone again while a pairing of the round avoids it
(checked against an independent search; a second bye is not a way to avoid it); the
second round keeps the score groups apart but for one float per odd group; byes go round; round
one is top half against bottom half; king of the hill pairs 1 v 2, 3 v 4 by standing (the
standings as shown, under a rule book that caps the spread, too); every round crosses score
groups no more than a repeat-free pairing must (an independent search); and in every game the
player with fewer net starts goes first."""
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.presets import load_rules
from director.event.draw import DrawError, DrawSettings, draw_round
from director.event.model import NO_OPPONENT, GameResult, Player
from director.event.standings import compute_standings
from tests.support import pairing_search
from tests.support.draw_play import TABLES, division, play

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def active(played):
    return [p.number for p in played.players if not p.withdrawn]


def due_a_bye(played, number, players):
    """The players with the fewest byes before round ``number``: the ones the bye may go to."""
    had = {n: 0 for n in players}
    for drawn in played.rounds[:number - 1]:
        for p in drawn:
            if p.players[1] == NO_OPPONENT and p.players[0] in had:
                had[p.players[0]] += 1
    fewest = min(had.values())
    return {n for n, count in had.items() if count == fewest}


def repeat_free_exists(players, met, may_sit_out=None) -> bool:
    """Whether ``players`` (an even count, or odd with one of ``may_sit_out`` out: any, if None)
    can all be paired with nobody meeting again: a plain search over bitmasks, independent of
    the draw's matching."""
    n = len(players)
    fresh = [[met.get(frozenset((a, b)), 0) == 0 for b in players] for a in players]
    out = [may_sit_out is None or a in may_sit_out for a in players]

    @lru_cache(maxsize=None)
    def pairable(left: int, may_skip: bool) -> bool:
        if left == 0:
            return True
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        if may_skip and out[i] and pairable(rest, False):
            return True
        return any(rest >> j & 1 and fresh[i][j] and pairable(rest & ~(1 << j), may_skip)
                   for j in range(i + 1, n))

    return pairable((1 << n) - 1, n % 2 == 1)


@LONG
@given(st.integers(2, 60), st.integers(1, 24), st.integers(0, 10**6), st.integers(0, 2))
def test_a_swiss_pairs_everyone_once_a_round_without_avoidable_repeats(size, rounds, seed, out):
    out = min(out, size - 1)
    played = play(DrawSettings("swiss", rounds=rounds), division(size, seed, withdrawn=out), seed)
    numbers = active(played)
    m = len(numbers) - len(numbers) % 2
    for number, drawn in enumerate(played.rounds, 1):
        assert sorted(n for p in drawn for n in p.players if n) == sorted(numbers)
        met = played.met(number - 1)
        repeats = [p.players for p in drawn if met[frozenset(p.players)] and NO_OPPONENT not in p.players]
        if number - 1 <= m // 2 - 1:         # Dirac: a repeat-free pairing must exist
            assert repeats == [], f"round {number}"
        elif repeats and len(numbers) <= 14:
            due = due_a_bye(played, number, numbers)
            assert not repeat_free_exists(numbers, met, due), f"round {number}: {repeats} avoidable"


@FAST
@given(st.integers(2, 14), st.integers(0, 10**6))
def test_in_a_long_swiss_repeats_come_only_when_nothing_avoids_them(size, seed):
    played = play(DrawSettings("swiss", rounds=2 * size), division(size, seed), seed)
    numbers = active(played)
    for number, drawn in enumerate(played.rounds, 1):
        met = played.met(number - 1)
        if any(met[frozenset(p.players)] for p in drawn if NO_OPPONENT not in p.players):
            due = due_a_bye(played, number, numbers)
            assert not repeat_free_exists(numbers, met, due), f"round {number}"


@FAST
@given(st.integers(2, 60), st.integers(0, 10**6))
def test_round_one_is_top_half_against_bottom_half_and_round_two_keeps_score_groups(size, seed):
    players = division(size, seed)
    played = play(DrawSettings("swiss", rounds=2), players, seed, ties=0)
    seeds = [p.number for p in sorted(players, key=lambda p: (-p.rating, p.number))]
    first = played.rounds[0]
    if size % 2:
        assert first[-1].players == (seeds[-1], NO_OPPONENT), "the bye to the lowest seed"
        seeds = seeds[:-1]
    half = len(seeds) // 2
    assert [set(p.players) for p in first if p.table] == [
        {seeds[i], seeds[i + half]} for i in range(half)]
    winners = {r.players[r.winner] for r in played.results if r.round == 1 and r.winner is not None
               and r.players[r.winner] != NO_OPPONENT}
    second = played.rounds[1]
    games = [p.players for p in second if NO_OPPONENT not in p.players]
    crossing = [g for g in games if (g[0] in winners) != (g[1] in winners)]
    paired_winners = sum(1 for g in games for n in g if n in winners)
    assert len(crossing) == paired_winners % 2, "one float from an odd group of winners"
    assert not any(p.players[0] in winners for p in second if p.players[1] == NO_OPPONENT) or \
        len(winners) == size


@LONG
@given(st.integers(3, 60), st.integers(1, 30), st.integers(0, 10**6))
def test_byes_go_round(size, rounds, seed):
    played = play(DrawSettings("swiss", rounds=rounds), division(size, seed), seed)
    byes = played.byes()
    counts = [byes.get(n, 0) for n in active(played)]
    assert max(counts) - min(counts) <= 1
    assert sum(counts) == (rounds if size % 2 else 0)
    for number, drawn in enumerate(played.rounds, 1):
        for p in drawn:
            if p.players[1] == NO_OPPONENT:
                assert p.players[0] in due_a_bye(played, number, active(played))


@FAST
@given(st.integers(2, 60), st.integers(1, 16), st.integers(0, 10**6),
       st.sampled_from(["swiss", "tsh"]))
def test_the_player_with_fewer_net_starts_goes_first(size, rounds, seed, system):
    koth = rounds if system == "tsh" else 0
    played = play(DrawSettings(system, rounds=rounds, king_of_the_hill=koth), division(size, seed), seed)
    before = {}
    for number, drawn in enumerate(played.rounds, 1):
        for p in drawn:
            if p.players[1] == NO_OPPONENT:
                continue
            a, b = (before.get(n, 0) for n in p.players)
            if a != b:
                assert p.first == (0 if a < b else 1), f"round {number}: {p}"
        before = played.balances[number - 1]


@FAST
@given(st.integers(2, 40), st.integers(1, 3), st.integers(0, 10**6))
def test_king_of_the_hill_pairs_one_and_two_by_standing(size, koth, seed):
    players = division(size, seed)
    rounds = koth + 3
    played = play(DrawSettings("swiss", rounds=rounds, king_of_the_hill=koth), players, seed)
    seeds = {p.number: i for i, p in enumerate(sorted(players, key=lambda p: (-p.rating, p.number)))}
    for number in range(rounds - koth + 1, rounds + 1):
        earlier = [r for r in played.results if r.round < number]
        table = compute_standings(players, earlier, order="wins_spread")
        order = [s.player.number for s in sorted(table, key=lambda s: (-s.wins, -s.spread,
                                                                       seeds[s.player.number]))]
        drawn = played.rounds[number - 1]
        if size % 2:
            bye = drawn[-1].players[0]
            order.remove(bye)
        assert [p.players for p in drawn if p.table] == [
            (order[i], order[i + 1]) for i in range(0, len(order), 2)]


def test_a_tsh_division_draws_only_its_king_of_the_hill_rounds():
    players = division(6, 3)
    koth = DrawSettings("tsh", rounds=7, king_of_the_hill=1)
    with pytest.raises(DrawError, match="round 6: this division's draw is tsh's"):
        draw_round(koth, players, [], [], 6, TABLES)
    assert [p.players for p in draw_round(koth, players, [], [], 7, TABLES)] == [
        tuple(p.number for p in sorted(players, key=lambda p: (-p.rating, p.number))[i:i + 2])
        for i in (0, 2, 4)]


def test_a_withdrawn_player_is_not_paired_and_a_result_naming_a_stranger_is_refused():
    players = [Player(n, f"P{n}", 1000, withdrawn=n == 2) for n in range(1, 5)]
    drawn = draw_round(DrawSettings("swiss", rounds=3), players, [], [], 1, TABLES)
    assert sorted(n for p in drawn for n in p.players if n) == [1, 3, 4]
    stranger = GameResult(1, "1", (1, 9), (400, 300))
    with pytest.raises(DrawError, match="the results cannot be ranked"):
        draw_round(DrawSettings("swiss", rounds=3), players, [], [stranger], 2, TABLES)


CAPPED = load_rules("aspa", {"result.spread_caps": [100, 250]})    # tsh's order, capped spread


@FAST
@given(st.integers(2, 40), st.integers(1, 3), st.integers(0, 10**6))
def test_king_of_the_hill_pairs_by_the_standings_as_shown_capped_and_the_bye_to_the_lowest(
        size, koth, seed):
    """Under a rule book that caps the spread (and ranks wins, losses, spread), king of the hill
    pairs 1 v 2, 3 v 4 down the standings the page shows (compute_standings under the same
    rules), big wins and all; the bye to the lowest shown of those with the fewest byes."""
    players = division(size, seed)
    rounds = koth + 3
    played = play(DrawSettings("swiss", rounds=rounds, king_of_the_hill=koth), players, seed,
                  rules=CAPPED, margins=(100, 700))
    for number in range(rounds - koth + 1, rounds + 1):
        earlier = [r for r in played.results if r.round < number]
        order = [s.player.number for s in compute_standings(players, earlier, CAPPED)]
        drawn = played.rounds[number - 1]
        if size % 2:
            due = due_a_bye(played, number, order)
            assert drawn[-1].players == ([n for n in order if n in due][-1], NO_OPPONENT)
            order.remove(drawn[-1].players[0])
        assert [p.players for p in drawn if p.table] == [
            (order[i], order[i + 1]) for i in range(0, len(order), 2)]


@LONG
@given(st.integers(4, 16), st.integers(2, 9), st.integers(0, 10**6), st.booleans())
def test_a_swiss_crosses_score_groups_no_more_than_a_repeat_free_pairing_must(
        size, rounds, seed, capped):
    """Each Swiss round has no more pairs across score groups, and no more wins between them,
    than the fewest a repeat-free pairing of the same players (the bye given) has: found by an
    independent search (tests.support.pairing_search), the score groups as the standings shown
    count wins (a tie half)."""
    rules = CAPPED if capped else None
    played = play(DrawSettings("swiss", rounds=rounds), division(size, seed), seed, rules=rules,
                  ties=0.15)
    for number, drawn in enumerate(played.rounds, 1):
        earlier = [r for r in played.results if r.round < number]
        wins = {s.player.number: s.wins for s in compute_standings(played.players, earlier, rules)}
        met = played.met(number - 1)
        games = [p.players for p in drawn if NO_OPPONENT not in p.players]
        fewest = pairing_search.fewest_crossings([n for g in games for n in g], wins, met)
        if fewest is None:
            continue                    # a repeat is due: the other tests judge those rounds
        assert not any(met[frozenset(g)] for g in games), f"round {number}"
        assert pairing_search.drawn_crossings(games, wins) == fewest, f"round {number}"
