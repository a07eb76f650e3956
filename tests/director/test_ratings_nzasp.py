"""NZASP rating estimates (director.event.ratings.nzasp) against "The NZASP Rating System As from
1 January 2022": its worked example (players on 1000 and 900 each winning 7 of 14 against each
other end on 967 and 935), the k-factor (45 on zero, 15 on 2000), the floor at zero, new players
by the inverse curve on a scaled win rate; then a real event's shape (AUPAIR's .TOU of the 2020
Israeli Open, imported) rated from a ratings list, a player by hand and a newcomer among them.
The NZASP publishes its lists but no event's inputs beside its program's output, so no program
output could be checked here."""
import math

import pytest

from common.presets import load_preset
from director.event.db import DirectorDB
from director.event.ratings import Entrant, Game, system
from director.event.ratings.event_input import division_input
from director.event.ratings.nzasp import expected, k_factor, scaled_win_rate
from director.files.csv_io import parse_ratings_list
from director.files.imports import Upload, import_files
from director.files.rating_report import report

NZASP = system("nzasp")


def fourteen_games(a, b):
    """Fourteen games between players 1 and 2, seven won by each."""
    return [Entrant(1, a, 300), Entrant(2, b, 300)], [Game(r, (1, 2), 0 if r <= 7 else 1)
                                                      for r in range(1, 15)]


def test_nzasp_2022_worked_example_1000_and_900_end_on_967_and_935():
    """"If the two players were rated 1000 and 900, and each won 7 of the 14 games, the player on
    1000 would have a k-factor of 30, so would lose ... 33 ratings points and have a final rating
    of 967. The player on 900 would have a k-factor of 31.5, so would gain ... 35 ratings points
    and have a final rating of 935.\""""
    entrants, games = fourteen_games(1000, 900)
    assert expected(1000, 900) == pytest.approx(0.579, abs=5e-4)    # "around 58%"
    assert [k_factor(1000), k_factor(900)] == [30, 31.5]
    assert [e.new for e in NZASP.estimate(entrants, games, 14)] == [967, 935]


def test_nzasp_2022_k_factor_45_on_zero_to_15_on_2000_and_the_floor_at_zero():
    """"This gives a k-factor of 45 for a zero rating, through to 15 for a 2000 rating." "If a
    player's new rating is less than zero, it is rounded up to zero.\""""
    assert (k_factor(0), k_factor(2000), k_factor(1900)) == (45, 15, 16.5)
    entrants = [Entrant(1, 20, 100)] + [Entrant(n, 100, 100) for n in (2, 3, 4)]  # 58 lost: 3 x 0.44 x 44.7
    lost = [Game(n - 1, (1, n), 1) for n in (2, 3, 4)]
    assert NZASP.estimate(entrants, lost, 3)[0].new == 0


def test_nzasp_2022_new_player_inverse_curve_on_the_scaled_win_rate():
    """One new player (no rated game before) among rated ones: the mean of their opponents plus
    -LOG(1/winRate - 1) * 313, the win rate scaled ((wins - games/2) * (games - 2) / games +
    games/2) / games; their opponents' expectancies use that rating."""
    opponents = (1400, 1500, 1600, 1500, 1450)
    entrants = [Entrant(1, 0, 0)] + [Entrant(n, r, 200) for n, r in enumerate(opponents, 2)]
    games = [Game(n - 1, (1, n), 0 if n <= 5 else 1) for n in range(2, 7)]    # 4 of 5 won
    rate = scaled_win_rate(4, 5)
    assert rate == pytest.approx(((4 - 2.5) * 3 / 5 + 2.5) / 5)
    new_rating = sum(opponents) / 5 - math.log(1 / rate - 1) * 313
    estimates = NZASP.estimate(entrants, games, 5)
    assert estimates[0].new == round(new_rating)
    lost_to_new = estimates[1]                                       # 1400, lost to the new player
    assert lost_to_new.new == round(1400 + k_factor(1400) * (0 - expected(1400, new_rating)))


def test_nzasp_two_new_players_who_met_settle_until_the_rating_stops_changing():
    entrants = [Entrant(1, 0, 0), Entrant(2, 0, 0), Entrant(3, 1500, 200), Entrant(4, 1300, 200)]
    games = [Game(1, (1, 2), 0), Game(2, (1, 3), 0), Game(3, (1, 4), 1),
             Game(2, (2, 4), 1), Game(3, (2, 3), 0)]
    one, two, *_ = NZASP.estimate(entrants, games, 3)
    shift = lambda wins, n: -math.log(1 / scaled_win_rate(wins, n) - 1) * 313
    # each is the mean of the other's rating and their rated opponents', plus their shift
    a = (1500 + 1300) / 3 + shift(2, 3)
    b = (1300 + 1500) / 3 + shift(1, 3)
    x = (a + b / 3) / (1 - 1 / 9)                       # x = a + y/3, y = b + x/3
    assert one.new == round(x) and two.new == round(b + x / 3)


def test_nzasp_no_rating_for_one_game_won_and_none_for_who_met_them():
    entrants = [Entrant(1, 0, 0), Entrant(2, 1500, 100), Entrant(3, 1400, 100)]
    estimates = NZASP.estimate(entrants, [Game(1, (1, 2), 0), Game(2, (2, 3), 0)], 2)
    assert estimates[0].new is None and "scaled win rate is 0 or 1" in estimates[0].why
    assert estimates[1].new is None and "player 1" in estimates[1].why
    assert estimates[2].new == 1400 + round(k_factor(1400) * (0 - expected(1400, 1500)))


@pytest.fixture
def israeli_open(shared, tmp_path):
    db = DirectorDB.open(tmp_path / "event.sqlite")
    data = (shared.tou / "aupair-israeli-open-2020.tou").read_bytes()
    import_files(db, [Upload("aupair-israeli-open-2020.tou", data)])
    yield db
    db.close()


def test_nzasp_real_event_from_a_list_one_newcomer_missing_from_it(israeli_open):
    rules = load_preset("nzasp")
    given = division_input(israeli_open, rules, "", None)
    names = [p.name for p in given.players]
    rating = {name: 1200 + 37 * (i % 17) for i, name in enumerate(names)}
    listed = parse_ratings_list("name,rating,games\n" + "".join(
        f"{name},{rating[name]},80\n" for name in names[1:]), source="list.csv")
    made = report(israeli_open, rules, "", None, "csv", NZASP, listed)
    assert made.refused == []
    assert made.notes == [f"division A: not in the ratings list, rated as newcomers (check the "
                          f"spelling): {names[0]}"]
    rows = {row.split(",")[1]: row.split(",") for row in made.text.splitlines()[1:]}
    newcomer = given.players[0].number
    mine = [g for g in given.games if newcomer in g.players]
    wins = sum(g.points(newcomer) for g in mine)
    by_name = {p.number: p.name for p in given.players}
    by_hand = (sum(rating[by_name[g.opponent(newcomer)]] for g in mine) / len(mine)
               - math.log(1 / scaled_win_rate(wins, len(mine)) - 1) * 313)
    assert rows[names[0]][2:] == ["0", str(round(by_hand))]
    assert all(int(row[3]) > 0 for row in rows.values())
