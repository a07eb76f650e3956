"""ASPA rating estimates (director.event.ratings.aspa) against the ASPA's own pages: the quick
rating check's worked example (rated 1453, 5 of 7 against opponents averaging 1393: +23), the
straight-line curve capped at 95%, the multiplier of 20, the provisional aggregation under 50
games; then a real event's shape, AUPAIR's .TOU of the 2020 Israeli Open imported as a director
imports it, rated from a ratings list. The ASPA publishes no program output with its inputs that
could be had (its PratCooker writes Old, Chg and New, but for events whose rating list is not
public), so the real event checks the books' arithmetic: with every player established, the
changes sum to zero (each game's expectations sum to one, cap or not), within the rounding."""
import pytest

from common.presets import load_preset
from director.event.db import DirectorDB
from director.event.ratings import Entrant, Game, GamesNotKnown, system
from director.event.ratings.aspa import expected
from director.event.ratings.event_input import division_input
from director.event.tournament import players
from director.files.csv_io import parse_ratings_list
from director.files.imports import Upload, import_files
from director.files.rating_report import report

ASPA = system("aspa")


def test_aspa_quick_rating_check_1453_wins_5_of_7_against_1393_gains_23():
    """"You are rated 1453. You win 5 out of 7 games against opponents whose average rating is
    1393 ... expected to win ... 3.85 games ... +1.15 games better than expected ... A multiplier of
    20 usually applies. Your rating gain is 1.15 x 20 = 23 points"."""
    opponents = (1353, 1373, 1393, 1393, 1393, 1413, 1433)         # averaging 1393, none capped
    entrants = [Entrant(1, 1453, 120)] + [Entrant(n, r, 120) for n, r in enumerate(opponents, 2)]
    games = [Game(n - 1, (1, n), 0 if n <= 6 else 1) for n in range(2, 9)]
    assert sum(expected(1453, r) for r in opponents) == pytest.approx(3.85)
    assert ASPA.estimate(entrants, games, 7)[0].new == 1453 + 23


def test_aspa_straight_line_fifty_plus_a_twelfth_capped_at_95():
    assert expected(1500, 1500) == 0.5
    assert expected(1560, 1500) == pytest.approx(0.55)             # 50 + 60/12 %
    assert expected(2100, 1500) == 0.95 and expected(1500, 2100) == pytest.approx(0.05)


def test_aspa_provisional_rating_equates_expected_and_actual_wins_over_every_game():
    """"n_games x rating = sum of opponent ratings + 1200 x all wins - 600 x n_games": 10 games
    at 1200 before; now 4 games against 1300s, 3 won: (10 x 1200 + 4 x 1300 + 3600 - 2400) / 14."""
    entrants = [Entrant(1, 1200, 10)] + [Entrant(n, 1300, 200) for n in (2, 3, 4, 5)]
    games = [Game(n - 1, (1, n), 0 if n < 5 else 1) for n in (2, 3, 4, 5)]
    assert ASPA.estimate(entrants, games, 4)[0].new == round((12000 + 5200 + 3600 - 2400) / 14)


def test_aspa_newcomer_against_rated_players_and_no_rule_for_a_newcomers_opponent():
    entrants = [Entrant(1, 0, 0), Entrant(2, 1300, 200), Entrant(3, 1100, 200), Entrant(4, 0, 0),
                Entrant(5, 1200, 200), Entrant(6, 1250, 200)]
    games = [Game(1, (1, 2), 0), Game(2, (1, 3), 1), Game(3, (2, 4), 0), Game(1, (5, 6), 0)]
    new, beat_new, lost_to_new, other_new, five, six = ASPA.estimate(entrants, games, 3)
    assert new.new == round((1300 + 1100 + 1200 - 1200) / 2)       # a performance over 2 games
    assert other_new.new == 1300 - 600                             # one game, lost
    assert beat_new.new is None and lost_to_new.new is None and "newcomer" in beat_new.why
    assert (five.new, six.new) == (round(1200 + 20 * (1 - expected(1200, 1250))),
                                   round(1250 - 20 * expected(1250, 1200)))


def test_aspa_games_not_known_are_said():
    with pytest.raises(GamesNotKnown):
        ASPA.estimate([Entrant(1, 1500, None), Entrant(2, 1400, 60)], [Game(1, (1, 2), 0)], 1)


@pytest.fixture
def israeli_open(shared, tmp_path):
    db = DirectorDB.open(tmp_path / "event.sqlite")
    data = (shared.tou / "aupair-israeli-open-2020.tou").read_bytes()
    import_files(db, [Upload("aupair-israeli-open-2020.tou", data)])
    yield db
    db.close()


def ratings_list(names, games=200):
    rows = [f'"{name}",{1200 + 37 * (i % 17)},{games}' for i, name in enumerate(names)]
    return parse_ratings_list("name,rating,games\n" + "\n".join(rows) + "\n", source="list.csv")


def test_aspa_real_event_every_player_established_changes_sum_to_zero(israeli_open):
    rules = load_preset("aspa")
    given = division_input(israeli_open, rules, "", None)
    listed = ratings_list([p.name for p in given.players])
    made = report(israeli_open, rules, "", None, "csv", ASPA, listed)
    rows = [line.split(",") for line in made.text.splitlines()[1:]]
    assert len(rows) == len(given.players) == 35 and made.refused == [] and made.notes == []
    changes = [int(new) - int(old) for _, _, old, new in rows]
    assert any(changes) and abs(sum(changes)) <= len(changes) / 2


def test_aspa_real_event_one_player_by_hand(israeli_open):
    rules = load_preset("aspa")
    given = division_input(israeli_open, rules, "", None)
    rating = {p.number: 1200 + 37 * (i % 17) for i, p in enumerate(given.players)}
    entrants = [Entrant(p.number, rating[p.number], 200) for p in given.players]
    first = given.players[0].number                        # Charles Micallef, 22 games
    mine = [g for g in given.games if first in g.players]
    wins = sum(g.points(first) for g in mine)
    by_hand = rating[first] + 20 * (wins - sum(expected(rating[first], rating[g.opponent(first)])
                                               for g in mine))
    estimate = ASPA.estimate(entrants, given.games, given.rounds)[0]
    assert len(mine) == 22 and estimate.new == round(by_hand)
    assert [p.name for p in players(israeli_open)][0] == "Charles Micallef"
