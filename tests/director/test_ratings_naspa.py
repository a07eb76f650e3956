"""NASPA rating estimates (director.event.ratings.naspa) against tsh's own: the real NASPA division
A file of February 2023 carries, for each of its 26 players and after each of its 23 rounds, the
rating tsh estimated (its ``newr`` tag) from the ratings and lifetime games (``lifeg``) in the
file. Every one of those 598 numbers comes out. Then the rules one by one, as NASPA's documents
state them: segments of at most 16 rounds, the expected-wins curve, the multiplier's bands and
the change across a boundary, acceleration and feedback, newcomers (NASPA's Initial rating page),
byes and forfeits left out."""
import math

import pytest

from director.event.ratings import Entrant, Game, GamesNotKnown, system
from director.event.ratings.naspa import change, expected, multiplier, segments
from director.files.tsh import parse_t

NASPA = system("naspa")


def tags(division, number):
    return dict(division.extras.get(number, ()))


def event(division):
    """A .t file's entrants (rating, lifeg) and its games, the real parser's reading."""
    entrants = [Entrant(p.number, p.rating, int(tags(division, p.number)["lifeg"]))
                for p in division.players]
    games = [Game(r.round, r.players, r.winner) for r in division.results
             if r.kind == "game" and r.players[1] != 0]
    return entrants, games


@pytest.fixture(scope="module")
def division_a(shared):
    return parse_t((shared.tsh / "naspa-2023-division-a.t").read_text("iso-8859-1"), division="A")


def test_tsh_newr_after_every_round_of_a_real_23_round_division(division_a):
    """tsh's estimate after round k (``newr``'s k-th value) is the estimate from rounds 1..k, the
    event divided into segments by its 23 rounds (12, then 11)."""
    entrants, games = event(division_a)
    assert len(games) == 295                  # 303 results less 8 byes and forfeits (Keras: 4 off)
    wrong = []
    for k in range(1, 24):
        estimates = NASPA.estimate(entrants, [g for g in games if g.round <= k], rounds=23)
        for e in estimates:
            tsh = int(tags(division_a, e.player)["newr"].split()[k - 1])
            if e.new != tsh:
                wrong.append((k, e.player, e.new, tsh))
    assert wrong == []


def test_tsh_final_estimates_of_division_a_by_name(division_a):
    entrants, games = event(division_a)
    by_number = {p.number: p.name for p in division_a.players}
    final = {by_number[e.player]: (e.old, e.new) for e in NASPA.estimate(entrants, games, 23)}
    assert final["Smylie, Jackson"] == (2009, 2022)
    assert final["Kramer, Agnes"] == (1479, 1563)            # 193 lifetime games, +84
    assert final["Keras, Lydia"] == (1446, 1370)             # withdrew: four forfeits not rated


def test_wgpo_segments_at_most_16_rounds_17_to_35_two_over_35_three():
    assert segments(16) == [(1, 16)]
    assert segments(17) == [(1, 9), (10, 17)]
    assert segments(23) == [(1, 12), (13, 23)]
    assert segments(35) == [(1, 18), (19, 35)]               # tsh's MakeSplits: 35 still makes two
    assert segments(36) == [(1, 12), (13, 24), (25, 36)]


def test_naspa_overview_expected_wins_curve():
    """"If the difference between your rating and your opponent's rating is d, you are expected
    to win 1÷(1+e^(0.0031879·d)) games against them" (d: the opponent's rating less yours)."""
    assert expected(1500, 1500) == 0.5
    assert expected(1400, 1500) == pytest.approx(1 / (1 + math.exp(0.0031879 * 100)))
    assert expected(1700, 1500) + expected(1500, 1700) == pytest.approx(1)


def test_naspa_multiplier_by_games_and_rating_and_across_a_boundary():
    assert [multiplier(49, r) for r in (1799, 1800, 1999, 2000)] == [30, 24, 24, 15]
    assert [multiplier(50, r) for r in (1799, 1800, 1999, 2000)] == [20, 16, 16, 10]
    # 1790 with 100 games, 2 wins over expectation: 10 points at 20 to reach 1800 (half a win),
    # the other 1.5 wins at 16
    assert change(1790, 100, 2.0) == pytest.approx(1800 + 16 * 1.5)
    # 2005 losing 1 win: 5 points at 10 to 2000, then 0.5 wins at 16 below it (1999 and down)
    assert change(2005, 100, -1.0) == pytest.approx(1999 - 16 * (1 - 6 / 10))


def test_wgpo_acceleration_over_5_points_a_game_and_a_twentieth_as_feedback():
    """A player rated 1500 (100 games) beating three players rated 1500 gains 20 x 1.5 = 30, more
    than 5 a game (15): the excess, 15, again (+45); each opponent loses 20 x 0.5 = 10 and gains
    a twentieth of 15 for the game against them, 0.75: 1490.75, rounded 1491."""
    entrants = [Entrant(n, 1500, 100) for n in (1, 2, 3, 4)]
    games = [Game(1, (1, 2), 0), Game(2, (1, 3), 0), Game(3, (1, 4), 0)]
    estimates = {e.player: e.new for e in NASPA.estimate(entrants, games, 3)}
    assert estimates[1] == 1545
    assert estimates[2] == estimates[3] == estimates[4] == 1491


def test_initial_rating_one_newcomer_gets_the_rating_that_would_not_have_changed():
    """NASPA's Initial rating: "the rating s/he would have had to have had in order for his/her
    rating to have remained unchanged": 3 wins of 5 against 1500s puts them where expectation is
    3 (tsh's search: whole points), within the cap (the strongest, 1500, + 400 x 60%)."""
    entrants = [Entrant(1, 0, 0)] + [Entrant(n, 1500, 100) for n in (2, 3, 4, 5, 6)]
    games = [Game(n - 1, (1, n), 0 if n < 5 else 1) for n in (2, 3, 4, 5, 6)]
    newcomer = NASPA.estimate(entrants, games, 5)[0]
    target = 1500 + math.log(3 / 2) / 0.0031879               # 5 x expected = 3
    assert abs(newcomer.new - target) <= 1 and newcomer.old == 0


def test_initial_rating_raised_to_500_and_capped_by_the_strongest_opponent():
    weak = [Entrant(1, 0, 0)] + [Entrant(n, 600, 100) for n in (2, 3, 4)]
    lost_all = [Game(n - 1, (1, n), 1) for n in (2, 3, 4)]
    assert NASPA.estimate(weak, lost_all, 3)[0].new == 500
    strong = [Entrant(1, 0, 0)] + [Entrant(n, 1000, 100) for n in (2, 3, 4)]
    won_all = [Game(n - 1, (1, n), 0) for n in (2, 3, 4)]
    assert NASPA.estimate(strong, won_all, 3)[0].new == 1400    # 1000 + 400 x 100%
    three_of_four = [Entrant(1, 0, 0)] + [Entrant(n, 1500, 100) for n in (2, 3, 4, 5)]
    games = [Game(n - 1, (1, n), 0 if n < 5 else 1) for n in (2, 3, 4, 5)]
    assert NASPA.estimate(three_of_four, games, 4)[0].new == 1800   # not 1845: 1500 + 400 x 75%


def test_two_newcomers_who_met_settle_together():
    entrants = [Entrant(1, 0, 0), Entrant(2, 0, 0), Entrant(3, 1600, 80), Entrant(4, 1400, 80)]
    games = [Game(1, (1, 2), 0), Game(2, (1, 3), 0), Game(2, (2, 4), 1), Game(3, (1, 4), 0),
             Game(3, (2, 3), 1)]
    one, two, *_ = NASPA.estimate(entrants, games, 3)
    assert one.new > two.new > 0


def test_a_newcomer_without_a_rated_game_gets_no_rating():
    estimates = NASPA.estimate([Entrant(1, 0, 0), Entrant(2, 1500, 60)], [], 1)
    assert estimates[0].new is None and "without a rated game" in estimates[0].why
    assert estimates[1].new == 1500


def test_rated_games_not_known_are_said_not_guessed():
    with pytest.raises(GamesNotKnown) as refused:
        NASPA.estimate([Entrant(1, 1500, None), Entrant(2, 1500, 10)], [Game(1, (1, 2), 0)], 1)
    assert refused.value.players == (1,) and "multiplier" in str(refused.value)
