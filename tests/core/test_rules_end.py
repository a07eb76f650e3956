"""RULES.md "End of game", "Result and sign-off", "Forfeits": one test per row, exact numbers."""
import pytest

from common.game import commands as c
from common.game.errors import BadRack, GameOver, ResultLocked
from common.game.tiles import rack_value
from common.presets import preset_names

ALL = preset_names()                            # every rule book in config/presets


def out_game(table, preset, rack="QU?", round=1):
    """Ann 30, Bob 20, Ann goes out with 15; Bob holds ``rack``."""
    t = table(preset, round=round)
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 20)
    t.at(30, c.Out(0, 15))
    t.at(33, c.Accept(1))
    t.at(40, c.Rack(1, rack))
    return t


def test_tile_values_of_the_standard_english_set():
    assert rack_value("QU?") == 11 and rack_value("zxjk") == 31 and rack_value("") == 0
    with pytest.raises(ValueError):
        rack_value("QQ")                # one Q in the set


@pytest.mark.parametrize("preset, adjust", [
    ("aspa", (11, -11)),        # 11.1d: + opponent's rack, opponent - own rack
    ("absp", (11, -11)),        # 2.1 Spear rules, as ASPA
    ("nzasp", (22, 0)),         # 8.3: + 2 x opponent's rack, opponent unchanged
    ("school", (11, -11)),      # 23
])
def test_aspa_11_1d_absp_2_1_nzasp_8_3_school_23_going_out(table, preset, adjust):
    result = out_game(table, preset).result()
    assert result.end == "out"
    assert result.rack_adjust == adjust
    assert result.final == (45 + adjust[0], 20 + adjust[1])
    assert result.winner == 0


def test_the_player_who_went_out_has_no_rack_to_enter(table):
    t = out_game(table, "aspa")
    with pytest.raises(BadRack):
        t.at(41, c.Rack(0, "E"))


def zero_turns(t, kinds, start_at=100):
    """Alternate turns of the given kinds, starting with whoever is to move."""
    now = start_at
    for kind in kinds:
        p = t.state.to_move
        now += 10
        if kind == "pass":
            t.at(now, c.Pass(p))
        elif kind == "exchange":
            t.at(now, c.Exchange(p, 4))
        elif kind == "phony":
            t.play(now, p, 22)
            t.at(now + 1, c.Challenge(1 - p, ("ZZX",), valid=False))
            t.at(now + 2, c.Resume(p))
        elif kind == "zero_play":
            t.play(now, p, 0)
        now += 2
    return now


def opened(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 24)
    return t


def test_aspa_11_2_six_successive_zero_scores_end_the_game(table):
    t = opened(table, "aspa")
    zero_turns(t, ["pass", "exchange", "phony", "pass", "exchange"])
    assert t.state.phase == "playing"
    now = zero_turns(t, ["pass"], 400)
    assert t.state.end == "zeros"
    t.at(now, c.Rack(0, "AEI"))
    t.at(now, c.Rack(1, "K"))
    assert t.result().rack_adjust == (-3, -5)          # each side loses its own rack


def test_aspa_11_2_a_scoring_play_breaks_the_run(table):
    t = opened(table, "aspa")
    zero_turns(t, ["pass"] * 5)
    t.play(500, t.state.to_move, 8)
    zero_turns(t, ["pass"] * 5, 600)
    assert t.state.phase == "playing"


def test_absp_4_5_1_three_passes_each_and_an_exchange_is_not_a_pass(table):
    t = opened(table, "absp")
    zero_turns(t, ["pass", "pass", "exchange", "pass", "pass", "pass", "pass", "pass"])
    assert t.state.phase == "playing"                   # the exchange broke the run: 5 passes since
    zero_turns(t, ["pass"], 400)
    assert t.state.end == "zeros"


def test_absp_8_2_a_disallowed_play_counts_as_a_pass(table):
    t = opened(table, "absp")
    zero_turns(t, ["pass", "phony", "pass", "pass", "phony"])
    assert t.state.phase == "playing"
    zero_turns(t, ["pass"], 400)
    assert t.state.end == "zeros"


def test_nzasp_8_1_3_six_consecutive_zero_score_turns_including_a_zero_play(table):
    t = opened(table, "nzasp")
    zero_turns(t, ["pass", "exchange", "zero_play", "phony", "pass"])
    assert t.state.phase == "playing"
    zero_turns(t, ["exchange"], 400)
    assert t.state.end == "zeros"


def test_aspa_11_2_a_valid_play_scoring_zero_is_not_in_the_list(table):
    t = opened(table, "aspa")
    zero_turns(t, ["pass", "pass", "zero_play", "pass", "pass", "pass"])
    assert t.state.phase == "playing"


def test_school_20_the_run_does_not_end_a_game_at_0_0(table):
    t = table("school")
    t.start(first=0)
    zero_turns(t, ["pass"] * 6, 0)
    assert t.state.phase == "playing"
    zero_turns(t, ["pass"] * 4, 200)
    assert t.state.phase == "playing"


def test_school_20_six_zeros_end_a_game_that_is_not_0_0(table):
    t = opened(table, "school")
    zero_turns(t, ["pass", "exchange", "phony", "pass", "pass"])
    assert t.state.phase == "playing"
    zero_turns(t, ["pass"], 400)
    assert t.state.end == "zeros"


def test_school_12_20_a_turn_lost_to_a_challenge_is_a_zero(table):
    t = opened(table, "school")                          # Bob just played 24
    t.at(25, c.Challenge(0, ("AB",), valid=True))        # Ann challenges in vain: her turn is lost
    t.at(26, c.Resume(0))
    zero_turns(t, ["pass"] * 4)
    assert t.state.phase == "playing"
    zero_turns(t, ["pass"], 400)                         # lost turn + 5 passes
    assert t.state.end == "zeros"
    assert [x.kind for x in t.state.turns[1:3]] == ["play", "lost"]


def test_aspa_11_3a_the_director_ends_the_round_each_loses_own_rack(table):
    t = opened(table, "aspa")
    t.at(300, c.End())
    assert t.state.end == "director"
    t.at(310, c.Rack(0, "Q"))
    t.at(310, c.Rack(1, "EE"))
    result = t.result()
    assert result.rack_adjust == (-10, -2)
    assert result.final == (20, 22) and result.winner == 1


@pytest.mark.parametrize("preset", ["nzasp", "school"])
def test_nzasp_8_5_school_24_a_tie_is_half_a_win_each(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 30)
    t.at(30, c.End())
    t.at(31, c.Rack(0, "A"))
    t.at(31, c.Rack(1, "E"))
    result = t.result()
    assert result.winner is None and result.spread == 0
    assert t.state.rules.result.tie == "half_win"


@pytest.mark.parametrize("round, final, spread", [
    (1, (325, 225), 100),       # round 1: 100
    (2, (375, 225), 150),       # round 2: 150 ("400-225 will be recorded as 375-225")
    (3, (400, 225), 175),       # round 3 on: 250, not reached
])
def test_school_24_spread_caps_lower_the_winners_score(table, round, final, spread):
    t = table("school", round=round)
    t.start(first=0)
    t.play(10, 0, 400)
    t.play(20, 1, 225)
    t.at(30, c.End())
    t.at(31, c.Rack(0, ""))
    t.at(31, c.Rack(1, ""))
    result = t.result()
    assert result.final == final and result.spread == spread
    assert result.cap_adjust == (final[0] - 400, 0)


def test_school_24_cap_of_250_from_round_3_on(table):
    t = table("school", round=9)
    t.start(first=0)
    t.play(10, 0, 100)
    t.play(20, 1, 500)
    t.at(30, c.End())
    t.at(31, c.Rack(0, ""))
    t.at(31, c.Rack(1, ""))
    assert t.result().final == (100, 350)


def test_aspa_3_2_a_score_may_be_corrected_until_both_sign(table):
    t = out_game(table, "aspa")
    t.at(50, c.Correct(turn=1, score=33))
    assert t.result().final == (48 + 11, 20 - 11)
    t.at(60, c.Confirm(0))
    t.at(61, c.Correct(turn=2, score=21))               # a correction undoes the signatures
    assert t.state.confirmed == (False, False)
    t.at(70, c.Confirm(0))
    t.at(71, c.Confirm(1))
    assert t.state.phase == "confirmed"
    with pytest.raises(ResultLocked):
        t.at(80, c.Correct(turn=1, score=30))


def test_school_13_a_score_may_be_corrected_only_before_the_game_ends(table):
    t = table("school")
    t.start(first=0)
    t.play(10, 0, 30)
    t.at(12, c.Correct(turn=1, score=32))
    assert t.result().turn_points == (32, 0)
    t.at(20, c.End())
    with pytest.raises(GameOver):
        t.at(21, c.Correct(turn=1, score=34))


def test_absp_10_1_the_loser_signs(table):
    t = out_game(table, "absp")                          # Ann wins
    t.at(50, c.Confirm(1))
    assert t.state.phase == "confirmed"


@pytest.mark.parametrize("preset", ["aspa", "nzasp", "school"])
def test_aspa_11_6_nzasp_8_6_school_35_both_sign(table, preset):
    t = out_game(table, preset)
    t.at(50, c.Confirm(1))
    assert t.state.phase == "ended"
    t.at(51, c.Confirm(0))
    assert t.state.phase == "confirmed"


def test_the_result_is_not_confirmed_before_the_racks_are_in(table):
    t = opened(table, "aspa")
    t.at(30, c.End())
    with pytest.raises(BadRack):
        t.at(31, c.Confirm(0))


@pytest.mark.parametrize("preset, spread", [("nzasp", 50), ("school", 50), ("absp", 75), ("aspa", 50)])
def test_nzasp_10_2_school_25_absp_3_1_4_forfeit_spreads(table, preset, spread):
    t = table(preset)
    if preset == "absp":                                 # a late player elects to (3.1.3)
        t.at(0, c.CallStart((1,)))
        t.at(601, c.Forfeit(1, "late"))
    else:
        t.at(0, c.Forfeit(1, "director"))
    result = t.result()
    assert result.end == "forfeit" and result.winner == 0
    assert result.final == (spread, 0) and result.spread == spread


@pytest.mark.parametrize("preset", ["aspa", "nzasp"])
def test_aspa_11_5_nzasp_6_11_tiles_found_go_to_the_player_out_play_resumes(table, preset):
    """ASPA 11.5d / NZASP 6.11.4: "If both players still have tiles, play resumes"."""
    t = out_game(table, preset)                          # Ann went out; Bob's rack entered
    t.at(50, c.Confirm(0))
    t.at(60, c.Reopen(player=0))                         # Ann should have drawn them first
    assert t.state.phase == "playing" and t.state.end is None and t.state.racks == (None, None)
    assert t.state.clock.running is None and t.state.confirmed == (False, False)
    t.at(70, c.Resume(0))                                # Bob, to move, gets his clock back
    t.play(80, 1, 15)
    t.at(90, c.Out(0, 8))
    t.at(91, c.Accept(1))
    t.at(92, c.Rack(1, "E"))
    result = t.result()
    # the recorded moves never change: Ann's 15 stands as a play, then the game goes on
    assert [x.score for x in result.turns] == [30, 20, 15, 15, 8]
    assert result.time_used_ms == (30_000, 20_000)


def test_a_game_ended_by_the_director_is_not_reopened(table):
    t = opened(table, "aspa")
    t.at(30, c.End())
    with pytest.raises(GameOver):
        t.at(31, c.Reopen())


def test_the_director_voids_a_game_at_any_point_before_the_result_is_locked(table):
    from common.game import events as ev
    from common.game.clock import NS_PER_S, used
    t = table("aspa")
    t.start(first=0)
    t.play(10, 0, 30)
    assert t.at(25, c.Void()) == [ev.GameVoided(25 * NS_PER_S)]
    assert t.state.phase == "void" and t.state.clock.running is None
    assert used(t.state.clock, 1, 99 * NS_PER_S) == 15 * NS_PER_S      # the clock stopped at the void
    for command in (c.Press(1), c.Resume(0), c.Confirm(0), c.End(), c.Void(), c.Forfeit(0)):
        with pytest.raises(GameOver):
            t.at(30, command)
    unstarted = table("aspa")
    unstarted.at(5, c.Void())                                    # before the first press, too
    assert unstarted.state.phase == "void" and not unstarted.state.clock.started
    locked = out_game(table, "aspa")
    locked.at(41, c.Confirm(0)), locked.at(42, c.Confirm(1))
    with pytest.raises(GameOver, match="locked"):
        locked.at(43, c.Void())
