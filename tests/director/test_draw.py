"""The draw's settings and its round robins (director.event.draw): on generated divisions of 2 to
60 players every active player is paired once a round or has a bye, nobody meets anyone twice in
a single round robin (exactly twice in a double), each player has one bye over an odd count's
round robin, starts stay within one at every round, and the same inputs draw the same round."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.event.draw import (SYSTEMS, DrawError, DrawSettings, draw_round, round_count,
                                 schedule, starts_so_far)
from director.event.model import NO_OPPONENT, Pairing, Player
from tests.support.draw_play import TABLES, division, play

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_active_player_once_a_round(played):
    active = {p.number for p in played.players if not p.withdrawn}
    for number, drawn in enumerate(played.rounds, 1):
        seen = [n for p in drawn for n in p.players if n != NO_OPPONENT]
        assert sorted(seen) == sorted(active), f"round {number}"
        for p in drawn:
            assert p.round == number
            if p.players[1] == NO_OPPONENT:
                assert (p.table, p.first) == ("", None)
            else:
                assert p.first in (0, 1) and p.table
        tables = [p.table for p in drawn if p.table]
        assert tables == list(TABLES[:len(tables)]), "tables in order from the first"


@pytest.mark.parametrize("field, value, words", [
    ("system", "knockout", "system must be one of round_robin, double_round_robin, swiss, tsh"),
    ("seeding", "random", "seeding must be one of rating, file"),
    ("rounds", -1, "rounds must be a whole number from 0"),
    ("king_of_the_hill", "2", "king_of_the_hill must be a whole number"),
])
def test_a_setting_out_of_its_values_is_refused_by_name(field, value, words):
    with pytest.raises(DrawError, match=words):
        DrawSettings(**{field: value})


def test_a_swiss_of_0_rounds_has_a_round_robins_and_a_round_robin_has_no_king_of_the_hill():
    assert round_count(DrawSettings("swiss"), division(8, 1)) == 7      # every one meets every one
    assert round_count(DrawSettings("swiss"), division(9, 1)) == 9
    with pytest.raises(DrawError, match="king_of_the_hill must be 0 for a round robin"):
        DrawSettings("round_robin", king_of_the_hill=1)
    with pytest.raises(DrawError, match="gibson must be 0 for a double round robin"):
        DrawSettings("double_round_robin", gibson=3)
    with pytest.raises(DrawError, match="rounds must be at least king_of_the_hill"):
        DrawSettings("swiss", rounds=2, king_of_the_hill=3)
    assert SYSTEMS == ("round_robin", "double_round_robin", "swiss", "tsh")


def test_round_count_is_what_a_round_robin_needs_unless_set():
    six, seven = division(6, 1), division(7, 1)
    assert round_count(DrawSettings("round_robin"), six) == 5
    assert round_count(DrawSettings("round_robin"), seven) == 7
    assert round_count(DrawSettings("double_round_robin"), seven) == 14
    assert round_count(DrawSettings("swiss", rounds=9), seven) == 9
    assert round_count(DrawSettings("tsh"), seven) == 0


def test_round_one_of_a_round_robin_meets_seed_one_and_seed_n():
    players = [Player(n, f"P{n}", 1000 + 10 * n) for n in range(1, 7)]     # 6 is the top seed
    [first, *_] = draw_round(DrawSettings("round_robin"), players, [], [], 1, TABLES)
    assert (first.table, set(first.players)) == ("1", {6, 1})
    by_file = draw_round(DrawSettings("round_robin", seeding="file"), players, [], [], 1, TABLES)
    assert [set(p.players) for p in by_file] == [{1, 6}, {2, 5}, {3, 4}]


@FAST
@given(st.integers(2, 60), st.sampled_from(["rating", "file"]), st.integers(0, 10**6))
def test_a_round_robin_meets_everyone_once_with_starts_within_one(size, seeding, seed):
    played = play(DrawSettings("round_robin", seeding=seeding), division(size, seed), seed)
    every_active_player_once_a_round(played)
    met = played.met()
    assert len(met) == size * (size - 1) // 2 and set(met.values()) == {1}
    assert played.byes() == ({n: 1 for n in range(1, size + 1)} if size % 2 else {})
    for balances in played.balances:
        assert all(abs(b) <= 1 for b in balances.values())


@FAST
@given(st.integers(2, 40), st.integers(0, 10**6))
def test_a_double_round_robin_meets_everyone_twice_each_starting_once(size, seed):
    played = play(DrawSettings("double_round_robin"), division(size, seed), seed)
    every_active_player_once_a_round(played)
    assert set(played.met().values()) == {2}
    starts = {}
    for p in played.pairings:
        if p.first is not None:
            starts.setdefault(frozenset(p.players), set()).add(p.players[p.first])
    assert all(len(who) == 2 for who in starts.values()), "each of two starts once against the other"
    assert all(f == s for f, s in starts_so_far(played.pairings).values())
    for balances in played.balances:         # the second time round mirrors the first
        assert all(abs(b) <= 2 for b in balances.values())


@FAST
@given(st.integers(3, 30), st.integers(0, 10**6), st.data())
def test_a_player_who_withdraws_leaves_byes_and_the_schedule_stands(size, seed, data):
    players = division(size, seed)
    rr = DrawSettings("round_robin")
    rounds = round_count(rr, players)
    before = play(rr, players, seed, rounds=rounds)
    leaving = data.draw(st.integers(1, size))
    when = data.draw(st.integers(2, rounds)) if rounds > 1 else 1
    gone = [Player(p.number, p.name, p.rating, withdrawn=p.number == leaving) for p in players]
    pairings = [p for r in before.rounds[:when - 1] for p in r]
    assert round_count(rr, gone, pairings) == rounds
    for number in range(when, rounds + 1):
        drawn = draw_round(rr, gone, pairings, [], number, TABLES)
        was = {frozenset(p.players) for p in before.rounds[number - 1]}
        for p in drawn:
            assert leaving not in p.players
            if p.players[1] != NO_OPPONENT:
                assert frozenset(p.players) in was
            else:
                assert (frozenset((p.players[0], leaving)) in was
                        or frozenset((p.players[0], 0)) in was)
        pairings += drawn


def test_the_same_inputs_draw_the_same_round():
    players = division(11, 5)
    played = play(DrawSettings("round_robin"), players, 5)
    for number, drawn in enumerate(played.rounds, 1):
        assert draw_round(DrawSettings("round_robin"), players, played.pairings, played.results,
                          number, TABLES) == drawn


def test_past_the_last_round_and_too_few_tables_are_refused():
    players = division(4, 2)
    with pytest.raises(DrawError, match="round 4: this round robin of 4 players has 3 rounds"):
        draw_round(DrawSettings("round_robin"), players, [], [], 4, TABLES)
    with pytest.raises(DrawError, match="round 1 has 2 games but the division has 1 tables"):
        draw_round(DrawSettings("round_robin"), players, [], [], 1, ["1"])
    with pytest.raises(DrawError, match="draw is tsh's"):
        draw_round(DrawSettings("tsh"), players, [], [], 1, TABLES)


def test_the_circle_gives_every_pair_once():
    for size in range(2, 13):
        rounds = schedule(list(range(1, size + 1)))
        pairs = [frozenset(g) for r in rounds for g in r if NO_OPPONENT not in g]
        assert len(pairs) == len(set(pairs)) == size * (size - 1) // 2


def test_starts_so_far_counts_as_p12_does():
    pairings = [Pairing(1, "1", (1, 2), 0), Pairing(1, "", (3, 0)), Pairing(2, "1", (3, 1), 0),
                Pairing(2, "2", (2, 4))]
    assert starts_so_far(pairings) == {1: (1, 1), 2: (0, 1), 3: (1, 0)}


def test_a_round_robin_whose_seeds_changed_since_refuses_to_draw_on():
    players = division(8, 4)
    rr = DrawSettings("round_robin")
    two = play(rr, players, 4, rounds=2).pairings
    top = max(players, key=lambda p: (p.rating, -p.number))
    bottom = min(players, key=lambda p: (p.rating, -p.number))
    swapped = [Player(p.number, p.name, {top.number: bottom.rating - 1}.get(p.number, p.rating))
               for p in players]
    with pytest.raises(DrawError, match=r"round 1: \d+ v \d+ is not this round robin's game"):
        draw_round(rr, swapped, two, [], 3, TABLES)
    assert len(draw_round(rr, players, two, [], 3, TABLES)) == 4


@pytest.mark.slow
@pytest.mark.parametrize("system", ["round_robin", "double_round_robin"])
def test_every_size_from_2_to_60_keeps_the_round_robin_s_promises(system):
    for size in range(2, 61):
        played = play(DrawSettings(system), division(size, size), size)
        every_active_player_once_a_round(played)
        assert set(played.met().values()) == {1 if system == "round_robin" else 2}
        limit = 1 if system == "round_robin" else 2
        assert all(abs(b) <= limit for balances in played.balances for b in balances.values()), size
