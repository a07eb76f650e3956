"""Where a book reads two ways, the preset's setting takes one (docs/rules-check.md, section 5,
gives both and the choice): a test for each reading, numbers worked out from the book first.
(NZASP 4.2, a player over 25 minutes late, is in test_rules_late.py; the overtime penalty of
each preset in test_rules_clock.py.)"""
import pytest

from common.game import clock as clk
from common.game import commands as c


# --- sub-second overtime: NZASP 8.4, school 19 (clock.overtime_counts) -----------------------

@pytest.mark.parametrize("preset, counts, penalty", [
    ("nzasp", None, 10), ("school", None, 10),                  # the presets: the book's words
    ("nzasp", "whole_seconds", 0), ("school", "whole_seconds", 0),
    ("aspa", None, 0), ("aspa", "any_fraction", 10),
])
def test_half_a_second_over(table, preset, counts, penalty):
    t = table(preset, {"clock.overtime_counts": counts} if counts else None)
    t.start(first=0)
    budget = t.state.rules.clock.time_per_side_s
    t.play(budget + 0.5, 0, 30)
    t.at(budget + 1, c.End())
    assert t.result().overtime_penalty == (penalty, 0)


@pytest.mark.parametrize("counts, faces", [
    ("whole_seconds", ("0:00", "0:00", "-0:01")),
    ("any_fraction", ("0:00", "-0:00", "-0:01")),            # school 19: "always shown with a negative sign"
])
def test_the_face_shows_overtime_as_the_preset_counts_it(counts, faces):
    shown = tuple(clk.display(r, counts) for r in (0, -500_000_000, -1_000_000_000))
    assert shown == faces


# --- school 20: six zeros at 0 to -10 after a late penalty (zero_run.late_penalty_in_score) ---

@pytest.mark.parametrize("in_score, ends", [(False, False), (True, True)])
def test_school_20_six_zeros_when_a_late_penalty_leaves_the_score_0_to_minus_10(table, in_score, ends):
    t = table("school", {"zero_run.late_penalty_in_score": in_score})
    t.at(0, c.CallStart((1,)))
    t.at(200, c.Arrive(1))                      # one three-minute interval: -10 (25)
    t.start(first=0, t=200)
    for i in range(6):
        t.at(210 + i, c.Pass(i % 2))
    assert (t.state.end == "zeros") is ends
    # the preset: the sheet the teams keep reads 0-0 (13), the late points come off the result
    if not ends:
        assert t.state.phase == "playing" and t.result().late_penalty == (0, 10)


# --- ABSP: a player 40 minutes late (clock.overtime_forfeit_counts_late) ----------------------

def test_absp_40_minutes_late_plays_on_and_the_9_3_forfeit_comes_10_minutes_later(table):
    """The preset: 9.3 "has commenced a game and then overruns ... by 10 minutes": the 15
    minutes over at the start cost 150 (9.2), and the forfeit comes after 10 minutes more."""
    t = table("absp")
    t.at(0, c.CallStart((1,)))
    t.at(2400, c.Arrive(1))                     # 40:00 late: -15:00 on his clock
    t.start(first=1, t=2400)
    t.at(2999, c.Tick())
    assert t.state.phase == "playing"
    assert t.result().overtime_penalty == (0, 250)          # -24:59: 25 started minutes
    made = t.at(3000, c.Tick())
    assert [type(e).__name__ for e in made] == ["Forfeited", "GameEnded"]
    # lost by the margin after penalties when the 10 minutes are reached: 250 > 150
    assert made[0].at_ns == 3000 * clk.NS_PER_S and t.result().spread == 250


def test_absp_40_minutes_late_the_other_reading_forfeits_at_the_start(table):
    t = table("absp", {"clock.overtime_forfeit_counts_late": True})
    t.at(0, c.CallStart((1,)))
    t.at(2400, c.Arrive(1))
    t.start(first=1, t=2400)
    made = t.at(2400, c.Tick())
    assert [type(e).__name__ for e in made] == ["Forfeited", "GameEnded"]
    result = t.result()
    assert result.overtime_penalty == (0, 150) and result.spread == 150


# --- ASPA 11.2: a valid play scoring 0 (zero_run.counts) ---------------------------------------

@pytest.mark.parametrize("counts, ends", [(None, False), (["pass", "exchange", "phony", "lost", "zero_play"], True)])
def test_aspa_11_2_a_zero_point_play_among_six_zeros(table, counts, ends):
    """11.2 lists "passes, successful challenges or tile exchanges": a play of two blanks
    scoring 0 is none of them (the preset), or a score of zero all the same (the override)."""
    t = table("aspa", {"zero_run.counts": counts} if counts else None)
    t.start(first=0)
    t.play(5, 0, 12)
    t.play(10, 1, 0, blanks="AB")               # a valid play of two blanks: 0 points
    for i in range(5):
        t.at(11 + i, c.Pass(i % 2))
    assert (t.state.end == "zeros") is ends
