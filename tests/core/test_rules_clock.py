"""RULES.md "Clock": one test per row, named after the preset and rule number, exact numbers."""
import pytest

from common.game import clock as clk
from common.game import commands as c
from common.game.clock import NS_PER_S as S
from common.game.errors import ClockStateError, GameOver, NotStarted, NotYourTurn
from common.presets import preset_names

ALL = preset_names()                            # every rule book in config/presets


def shown(table, side, seconds):
    return clk.display(clk.remaining(table.state.clock, side, round(seconds * S)))


@pytest.mark.parametrize("preset, at_start, after_1s", [
    ("aspa", "25:00", "24:59"),     # ASPA 2.2
    ("absp", "25:00", "24:59"),     # ABSP 2.4, 3.1.3
    ("nzasp", "25:00", "24:59"),    # NZASP 3.2
    ("school", "22:00", "21:59"),   # school 19: the clock is set to 22:00
])
def test_aspa_2_2_absp_2_4_nzasp_3_2_school_19_time_per_side(table, preset, at_start, after_1s):
    t = table(preset)
    t.start(first=0)
    assert shown(t, 0, 0) == at_start
    assert shown(t, 0, 1) == after_1s
    assert shown(t, 1, 1) == at_start          # only the running side is charged


@pytest.mark.parametrize("preset", ALL)
def test_aspa_11_3b_absp_9_1_nzasp_3_4_2_school_19_display_counts_past_zero(table, preset):
    t = table(preset)
    t.start(first=0)
    budget = t.state.rules.clock.time_per_side_s
    assert shown(t, 0, budget + 0.9) == "0:00"      # not yet overtime
    assert shown(t, 0, budget + 1) == "-0:01"       # the flag
    assert shown(t, 0, budget + 61) == "-1:01"      # the second minute
    assert shown(t, 0, budget + 600) == "-10:00"


WHOLE_SECONDS = [(0.9, 0), (1, 10), (60, 10), (60.9, 10), (61, 20)]
ANY_FRACTION = [(0.001, 10), (0.9, 10), (1, 10), (60, 10), (60.001, 20), (60.9, 20), (61, 20)]


@pytest.mark.parametrize("preset, over, penalty",
                         [(p, o, n) for p in ("aspa", "absp") for o, n in WHOLE_SECONDS]
                         + [(p, o, n) for p in ("nzasp", "school") for o, n in ANY_FRACTION])
def test_aspa_11_3b_absp_9_2_nzasp_8_4_school_19_overtime_penalty(table, preset, over, penalty):
    """10 points per started minute, off the player's own score: of the whole seconds shown past
    zero (ASPA 11.3b "not in overtime until -0:01 is shown", ABSP 9.1), or of any time past zero
    (NZASP 8.4 "every minute overtime or part thereof", school 19 "each minute, or partial
    minute": clock.overtime_counts = any_fraction)."""
    t = table(preset)
    t.start(first=0)
    budget = t.state.rules.clock.time_per_side_s
    t.play(budget + over, 0, 50)               # player 0's only turn ends in overtime
    t.play(budget + over + 10, 1, 40)
    t.at(budget + over + 10, c.End())           # the director ends it at once
    t.at(budget + over + 21, c.Rack(0, ""))
    t.at(budget + over + 21, c.Rack(1, ""))
    result = t.result()
    assert result.overtime_penalty == (penalty, 0)
    assert result.final == (50 - penalty, 40)   # own score only: nothing added to the opponent


def test_absp_9_3_forfeit_at_10_minutes_over_loses_by_150(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 50)
    t.play(20, 1, 20)                           # player 0's clock runs from t=20 with 10 s used
    t.at(2109.999, c.Tick())                    # 9:59.999 over: -9:59 shown, still playing
    assert t.state.phase == "playing"
    made = t.at(2110, c.Tick())                 # 2100 s used: 10 minutes over
    assert [type(e).__name__ for e in made] == ["Forfeited", "GameEnded"]
    assert made[0].at_ns == 2110 * S
    result = t.result()
    assert result.end == "forfeit" and result.winner == 1
    # after time penalties (100) player 0 has -50, player 1 has 20: behind by 70 < 150
    assert result.overtime_penalty == (100, 0)
    assert result.forfeit_adjust == (0, 80)
    assert result.final == (-50, 100)
    assert result.spread == -150


def test_absp_9_3_forfeit_keeps_a_larger_margin(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 50)
    t.play(20, 1, 400)
    t.at(3000, c.End())                         # the director comes later: the forfeit stands
    result = t.result()
    assert result.end == "forfeit"
    assert result.final == (-50, 400) and result.spread == -450
    assert result.forfeit_adjust == (0, 0)


def test_absp_9_3_forfeiting_player_ahead_still_loses_by_150(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 500)
    t.play(20, 1, 20)
    t.at(2110, c.Tick())
    result = t.result()
    assert result.winner == 1 and result.final == (400, 550) and result.spread == -150


def test_absp_9_3_the_forfeit_is_recorded_when_it_fell_due_even_if_noticed_late(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 50)
    t.play(20, 1, 20)
    with pytest.raises(GameOver):
        t.play(2500, 0, 30)                     # a turn after the forfeit is refused
    t.at(2500, c.Tick())
    assert t.events[-1].at_ns == 2110 * S       # stamped at the instant it fell due
    assert t.result().time_used_ms == (2100_000, 10_000)


@pytest.mark.parametrize("preset", ["aspa", "nzasp"])
def test_aspa_nzasp_no_overtime_cap(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(1500 + 1800, 0, 30)                  # 30 minutes over: still a turn
    assert t.state.phase == "playing"
    assert t.result().overtime_penalty == (300, 0)


def test_school_21_every_game_ends_44_minutes_after_the_start(table):
    t = table("school")
    t.start(first=0)
    t.play(1000, 0, 30)
    t.play(2000, 1, 25)
    t.at(2639.9, c.Tick())
    assert t.state.phase == "playing"
    made = t.at(2700, c.Tick())
    assert [(type(e).__name__, e.at_ns) for e in made] == [("GameEnded", 2640 * S)]
    assert t.state.end == "time"
    with pytest.raises(GameOver):
        t.play(2700, 0, 10)
    t.at(2701, c.Rack(0, "AB"))                 # each side loses its own rack (22-23)
    t.at(2701, c.Rack(1, "Z"))
    result = t.result()
    assert result.rack_adjust == (-4, -10)
    assert result.time_used_ms == (1000_000 + 640_000, 1000_000)
    # player 0 used 1640 s: 320 s over = 6 minutes: 60 points
    assert result.overtime_penalty == (60, 0)
    assert result.final == (30 - 4 - 60, 25 - 10)


def test_aspa_11_1c_overtime_after_the_game_ended_is_ignored(table):
    t = table("aspa")
    t.start(first=0)
    t.play(100, 0, 30)
    t.at(1590, c.Out(1, 40))                    # player 1 goes out inside their 25 minutes
    t.at(1595, c.Accept(0))
    t.at(1600, c.Rack(0, "E"))
    later = t.result(9000)                      # nobody stopped looking at the clock...
    assert later.overtime_penalty == (0, 0)
    assert later.time_used_ms == (100_000, 1490_000)


def test_school_21_the_clock_may_not_be_touched_after_the_end(table):
    t = table("school")
    t.start(first=0)
    t.at(2640, c.Tick())
    with pytest.raises(GameOver):
        t.at(2641, c.Resume(0))
    with pytest.raises(GameOver):
        t.at(2641, c.Neutral("score"))


@pytest.mark.parametrize("preset", ALL)
def test_aspa_3_3_absp_2_4_nzasp_6_6_school_19_neutral_stops_both_sides(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(30, 0, 20)
    t.at(40, c.Neutral("score"))
    assert t.state.clock.running is None
    assert shown(t, 0, 500) == shown(t, 0, 40) and shown(t, 1, 500) == shown(t, 1, 40)
    t.at(100, c.Resume(0))
    assert t.result(110).time_used_ms == (30_000, 20_000)


@pytest.mark.parametrize("preset", ALL)
def test_school_19_a_press_on_the_side_not_running_does_nothing(table, preset):
    t = table(preset)
    t.start(first=0)
    before = t.state
    with pytest.raises(NotYourTurn):
        t.at(5, c.Press(1))
    with pytest.raises(NotYourTurn):
        t.play(5, 1, 12)
    assert t.state == before


@pytest.mark.parametrize("preset", ALL)
def test_absp_4_8_nzasp_6_6_the_waiting_player_restarts_the_clock(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(30, 0, 20)                           # player 1 to move
    t.at(40, c.Neutral("score"))
    with pytest.raises(NotYourTurn):
        t.at(50, c.Resume(1))
    t.at(50, c.Resume(0))
    assert t.state.clock.running == 1


def test_either_player_may_restart_when_a_tournament_says_so(table):
    t = table("aspa", {"clock.resume_by": "either"})
    t.start(first=0)
    t.play(30, 0, 20)
    t.at(40, c.Neutral())
    t.at(50, c.Resume(1))
    assert t.state.clock.running == 1


def test_absp_6_1_neutral_only_for_the_reasons_allowed(table):
    t = table("absp")
    t.start(first=0)
    with pytest.raises(ClockStateError):
        t.at(5, c.Neutral("observers"))
    t.at(5, c.Neutral("bag_count"))             # 7.1
    assert t.state.neutral_reason == "bag_count"


@pytest.mark.parametrize("preset", ALL)
def test_aspa_1_5_absp_3_3_nzasp_6_1_1_school_setup_the_first_players_clock_starts(table, preset):
    t = table(preset)
    with pytest.raises(NotStarted):
        t.play(0, 0, 10)                        # nothing runs before the start
    t.start(first=1, t=3)
    assert t.state.clock.running == 1 and t.state.first == 1
    assert t.result(10).time_used_ms == (0, 7000)


def test_director_time_correction(table):
    t = table("aspa")
    t.start(first=0)
    t.play(100, 0, 10)
    t.at(120, c.AdjustTime(0, 30_000))          # the director gives player 0 back 30 s
    assert t.result(130).time_used_ms == (70_000, 30_000)
