"""RULES.md "Starting the clock and late arrivals": one test per row, exact numbers."""
import pytest

from common.game import clock as clk
from common.game import commands as c
from common.game.clock import NS_PER_S as S
from common.game.errors import NotStarted
from common.game.late import absence_charge


def remaining_s(t, side):
    return clk.remaining(t.state.clock, side, t.now) // S


def test_aspa_2_3_one_absent_the_late_players_clock_runs(table):
    t = table("aspa")
    t.at(0, c.CallStart((1,)))
    assert absence_charge(t.state, 1, 200 * S) == 200 * S      # what the screen shows meanwhile
    with pytest.raises(NotStarted):
        t.start(first=0, t=100)
    t.at(300, c.Arrive(1))
    t.start(first=0, t=310)
    assert remaining_s(t, 1) == 1200 and remaining_s(t, 0) == 1500


def test_aspa_2_4_forfeit_if_not_present_before_the_clock_expires(table):
    t = table("aspa")
    t.at(0, c.CallStart((1,)))
    t.at(1499.9, c.Tick())
    assert t.state.phase == "waiting"
    made = t.at(1600, c.Tick())
    assert [(type(e).__name__, e.at_ns) for e in made] == [("Forfeited", 1500 * S), ("GameEnded", 1500 * S)]
    result = t.result()
    assert result.winner == 0 and result.final == (50, 0) and result.forfeit["reason"] == "late"


def test_aspa_2_3_both_absent_each_has_half_the_elapsed_time_deducted(table):
    t = table("aspa")
    t.at(0, c.CallStart((0, 1)))
    t.at(600, c.Arrive(0))                       # the first arrives after 10 minutes
    t.at(700, c.Arrive(1))                       # the second's clock ran on for 100 s
    t.start(first=0, t=700)
    assert remaining_s(t, 0) == 1500 - 300
    assert remaining_s(t, 1) == 1500 - 400


def test_aspa_2_4_both_absent_the_second_forfeits_when_their_clock_expires(table):
    t = table("aspa")
    t.at(0, c.CallStart((0, 1)))
    t.at(600, c.Arrive(0))                       # the second has 300 s charged already
    made = t.at(5000, c.Tick())
    assert made[0].player == 1 and made[0].at_ns == (600 + 1200) * S


def test_absp_3_1_2_both_absent_each_charged_up_to_their_own_arrival(table):
    t = table("absp")
    t.at(0, c.CallStart((0, 1)))
    t.at(600, c.Arrive(1))
    t.at(700, c.Arrive(0))
    t.start(first=1, t=700)
    assert remaining_s(t, 1) == 1500 - 600 and remaining_s(t, 0) == 1500 - 700


def test_absp_3_1_3_no_automatic_forfeit_the_late_player_may_elect_to(table):
    t = table("absp")
    t.at(0, c.CallStart((1,)))
    t.at(3600, c.Tick())
    assert t.state.phase == "waiting"            # still awaited after an hour
    t.at(3600, c.Forfeit(1, "late"))
    result = t.result()
    assert result.final == (75, 0) and result.spread == 75   # 3.1.4


def test_absp_3_1_3_a_late_player_may_start_in_overtime(table):
    t = table("absp")
    t.at(0, c.CallStart((0,)))
    t.at(1530, c.Arrive(0))
    t.start(first=0, t=1530)
    assert clk.display(clk.remaining(t.state.clock, 0, t.now)) == "-0:30"


def test_nzasp_4_2_the_late_clock_runs_until_arrival_or_25_minutes(table):
    t = table("nzasp")
    t.at(0, c.CallStart((0,)))
    t.at(400, c.Arrive(0))
    t.start(first=1, t=400)
    assert remaining_s(t, 0) == 1100


def test_nzasp_4_2_arriving_after_25_minutes_plays_on_from_0_00(table):
    """The preset's reading: "will run until the player arrives or twenty five (25) minutes
    expires ... must start with whatever time is left": 0:00, every second after it overtime."""
    t = table("nzasp")
    t.at(0, c.CallStart((0,)))
    t.at(1800, c.Tick())
    assert t.state.phase == "waiting"                      # no forfeit at 25:00
    t.at(1800, c.Arrive(0))
    t.start(first=0, t=1800)
    assert remaining_s(t, 0) == 0
    t.play(1830, 0, 20)                                    # 30 s over: 10 points (8.4)
    t.at(1830, c.End())
    t.at(1830, c.Rack(0, ""))
    t.at(1830, c.Rack(1, ""))
    assert t.result().overtime_penalty == (10, 0) and t.result().time_used_ms[0] == 1_530_000


def test_nzasp_4_2_the_other_reading_forfeits_at_25_minutes(table):
    """late.forfeit_after_s = 1500 reads 4.2 with 4.1 ("shall forfeit the game"): forfeit."""
    t = table("nzasp", {"late": {"forfeit_after_s": 1500}})
    t.at(0, c.CallStart((0,)))
    made = t.at(1500, c.Tick())
    assert [type(e).__name__ for e in made] == ["Forfeited", "GameEnded"]
    result = t.result()
    assert result.winner == 1 and result.final == (0, 50)   # 10.2-10.3
    assert result.time_used_ms == (1_500_000, 0)


@pytest.mark.parametrize("late_s, points", [(179, 0), (180, 10), (359, 10), (360, 20), (899, 40)])
def test_school_25_ten_points_per_three_minute_interval_absent(table, late_s, points):
    t = table("school")
    t.at(0, c.CallStart((1,)))
    t.at(late_s, c.Arrive(1))
    t.start(first=0, t=late_s)
    assert remaining_s(t, 1) == 1320             # no clock time is charged
    t.play(late_s + 10, 0, 40)
    t.play(late_s + 20, 1, 60)
    t.at(late_s + 20, c.End())
    t.at(late_s + 21, c.Rack(0, ""))
    t.at(late_s + 21, c.Rack(1, ""))
    result = t.result()
    assert result.late_penalty == (0, points)
    assert result.final == (40, 60 - points)


def test_school_25_forfeit_15_minutes_after_the_round_begins(table):
    t = table("school")
    t.at(0, c.CallStart((0,)))
    made = t.at(1000, c.Tick())
    assert made[0].at_ns == 900 * S
    result = t.result()
    assert result.winner == 1 and result.final == (0, 50) and result.spread == -50
