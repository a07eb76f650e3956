"""RULES.md "Challenges": one test per row, named after the preset and rule number."""
import pytest

from common.game import commands as c
from common.game.challenges import hold_status
from common.game.errors import ChallengeRefused, ClockStateError, NotYourTurn
from common.presets import load_preset, preset_names

ALL = preset_names()                            # every rule book in config/presets


def opened_with_a_play(table, preset, overrides=None):
    """Ann (0) plays 30 at t=10; Bob's (1) clock runs."""
    t = table(preset, overrides)
    t.start(first=0)
    t.play(10, 0, 30)
    return t


@pytest.mark.parametrize("preset", ALL)
def test_aspa_10_10_absp_4_10_6_nzasp_6_12_2_2_school_12_one_verdict_for_all_words(table, preset):
    t = opened_with_a_play(table, preset)
    made = t.at(20, c.Challenge(1, ("qi", "XU", "zax"), valid=False))
    rulings = [e for e in made if type(e).__name__ == "ChallengeRuled"]
    assert len(rulings) == 1
    assert rulings[0].words == ("QI", "XU", "ZAX") and rulings[0].valid is False


@pytest.mark.parametrize("preset", ALL)
def test_aspa_10_8_absp_4_8_nzasp_6_16_school_12_unacceptable_play_scores_nothing(table, preset):
    t = opened_with_a_play(table, preset)
    t.at(20, c.Challenge(1, ("QXZ",), valid=False))
    assert t.state.clock.running is None                 # neutral until restarted
    with pytest.raises(ClockStateError):
        t.play(25, 1, 12)
    t.at(30, c.Resume(0))                                # the challenged player restarts
    assert t.state.clock.running == 1                    # the challenger moves next
    result = t.result()
    assert [(x.player, x.type, x.score) for x in result.turns] == [(0, "phony", 0)]
    assert result.final == (0, 0)


def test_aspa_10_09_acceptable_play_costs_the_challenger_nothing(table):
    t = opened_with_a_play(table, "aspa")
    t.at(20, c.Challenge(1, ("QI",), valid=True))
    t.at(25, c.Resume(0))
    assert t.state.clock.running == 1                    # the challenger still has the turn
    assert t.result().final == (30, 0) and t.result().challenge_points == (0, 0)


def test_absp_4_10_10_no_penalty_by_default(table):
    t = opened_with_a_play(table, "absp")
    t.at(20, c.Challenge(1, ("QI", "ZA"), valid=True))
    assert t.result().challenge_points == (0, 0)


@pytest.mark.parametrize("points", [5, 10])
def test_absp_4_10_10_a_tournament_may_set_points_per_challenge(table, points):
    t = opened_with_a_play(table, "absp", {"challenge": {"outcome_valid": "points_per_challenge",
                                                         "points": points}})
    t.at(20, c.Challenge(1, ("QI", "ZA", "XU"), valid=True))
    result = t.result()
    assert result.challenge_points == (points, 0)        # per challenge, not per word
    assert result.final == (30 + points, 0)


def test_nzasp_6_17_the_player_receives_5_points_per_word_challenged(table):
    t = opened_with_a_play(table, "nzasp")
    t.at(20, c.Challenge(1, ("QI", "ZA", "XU"), valid=True))
    result = t.result()
    assert result.challenge_points == (15, 0)
    assert result.final == (45, 0)
    assert result.turns[0].cumulative == 45              # the score sheet carries the bonus
    t.at(25, c.Resume(0))
    assert t.state.clock.running == 1                    # the challenger does not miss a turn


def test_nzasp_6_17_a_play_out_challenged_in_vain_still_earns_the_points(table):
    t = opened_with_a_play(table, "nzasp")
    t.play(20, 1, 10)
    t.at(30, c.Out(0, 25))
    t.at(32, c.Challenge(1, ("ZAX", "AX"), valid=True))
    assert t.state.end == "out"
    t.at(40, c.Rack(1, "AE"))
    result = t.result()
    assert result.challenge_points == (10, 0)
    assert result.rack_adjust == (4, 0)                  # 2 x rack (8.3)
    assert result.final == (30 + 25 + 10 + 4, 10)


def test_school_12_the_challenger_loses_its_turn(table):
    t = opened_with_a_play(table, "school")
    t.at(20, c.Challenge(1, ("QI",), valid=True))
    assert [(x.player, x.kind) for x in t.state.turns] == [(0, "play"), (1, "lost")]
    t.at(25, c.Resume(1))                                # the challenger restarts Ann's clock
    assert t.state.clock.running == 0
    assert t.result().turns[-1].type == "lost"


def test_school_12_no_penalty_for_challenging_the_final_play(table):
    t = opened_with_a_play(table, "school")
    t.play(20, 1, 12)
    t.at(30, c.Out(0, 20))
    t.at(32, c.Challenge(1, ("QI",), valid=True))
    assert [x.kind for x in t.state.turns] == ["play", "play", "play"]
    assert t.state.end == "out"


def test_aspa_10_2_hold_runs_on_the_challengers_time_and_allows_drawing_after_a_minute(table):
    t = opened_with_a_play(table, "aspa")
    t.at(15, c.Hold(1))
    assert t.state.clock.running == 1
    assert hold_status(t.state, 74 * 10**9).may_draw is False
    assert hold_status(t.state, 75 * 10**9).may_draw is True
    assert hold_status(t.state, 10**13).lapsed is False  # unlimited
    t.at(500, c.Challenge(1, ("QI",), valid=True))       # still challengeable
    assert t.result().time_used_ms == (10_000, 490_000)


def test_absp_4_10_5_no_drawing_until_the_play_is_accepted(table):
    t = opened_with_a_play(table, "absp")
    t.at(15, c.Hold(1))
    assert hold_status(t.state, 10**13).may_draw is False


def test_school_11_hold_timings_and_lapse(table):
    t = opened_with_a_play(table, "school")
    t.at(12, c.Hold(1))
    at = lambda s: hold_status(t.state, round(s * 10**9))   # noqa: E731
    assert (at(16.9).may_accept, at(17).may_accept) == (False, True)      # 5 s to see the play
    assert (at(31.9).may_draw, at(32).may_draw) == (False, True)          # no drawing for 20 s
    assert (at(71.9).lapsed, at(72).lapsed) == (False, True)              # lapses after 1 minute
    with pytest.raises(ChallengeRefused):
        t.at(72, c.Challenge(1, ("QI",), valid=False))


def test_school_11_a_challenge_inside_the_minute_stands(table):
    t = opened_with_a_play(table, "school")
    t.at(12, c.Hold(1))
    t.at(71, c.Challenge(1, ("QI",), valid=False))
    assert t.state.turns[0].phony


def test_aspa_10_7_a_challenge_cannot_be_withdrawn_once_neutralised(table):
    t = opened_with_a_play(table, "aspa")
    t.at(20, c.Challenge(1))                              # open: the judge screen takes the words
    with pytest.raises(ChallengeRefused):
        t.at(25, c.Withdraw(1, agreed=True))
    t.at(30, c.Rule(("QI",), True))
    assert t.state.phase == "playing"


def test_absp_4_10_2_a_challenge_is_withdrawn_only_if_both_agree(table):
    t = opened_with_a_play(table, "absp")
    t.at(20, c.Challenge(1))
    with pytest.raises(ChallengeRefused):
        t.at(25, c.Withdraw(1))
    t.at(25, c.Withdraw(1, agreed=True))
    assert t.state.phase == "playing" and not t.state.turns[0].challenged


@pytest.mark.parametrize("preset, presser", [
    ("aspa", "challenged"),     # 10.3 challenger types, opponent executes
    ("absp", "challenged"),     # 4.10.1 the challenged player presses the button
    ("nzasp", "challenger"),    # 6.14.3 on a device at the table the challenger executes
    ("school", "challenged"),   # 12 the team being challenged hits the key
])
def test_aspa_10_3_absp_4_10_1_nzasp_6_14_school_12_who_presses_for_the_verdict(preset, presser):
    assert load_preset(preset).challenge.verdict_by == presser


@pytest.mark.parametrize("preset, rechecks", [("aspa", 1), ("absp", 1), ("nzasp", 1), ("school", 0)])
def test_aspa_10_4_absp_4_10_7_nzasp_6_15_3_rechecks(preset, rechecks):
    assert load_preset(preset).challenge.rechecks == rechecks


@pytest.mark.parametrize("preset, window", [("aspa", 5), ("absp", 0), ("nzasp", 5)])
def test_aspa_10_2_absp_8_1_nzasp_8_2_1_after_a_play_out(table, preset, window):
    t = opened_with_a_play(table, preset)
    t.at(20, c.Out(1, 40))
    assert t.state.clock.running is None
    if window:
        with pytest.raises(ClockStateError):
            t.at(20 + window - 0.001, c.Resume(1))       # the opponent still has time to decide
    with pytest.raises(NotYourTurn):
        t.at(20 + window, c.Resume(0))                   # only the one who went out restarts
    t.at(20 + window, c.Resume(1))
    assert t.state.clock.running == 0                    # the opponent's time runs while deciding
    t.at(30 + window, c.Accept(0))
    assert t.state.end == "out"
    assert t.result().time_used_ms == (20_000, 10_000)


def test_a_challenge_names_1_to_max_words_of_2_to_15_letters(table):
    t = opened_with_a_play(table, "aspa")
    with pytest.raises(ChallengeRefused):
        t.at(20, c.Challenge(1, ("Q",), valid=False))
    with pytest.raises(ChallengeRefused):
        t.at(20, c.Challenge(1, tuple("AB CD EF GH IJ KL MN OP QR".split()), valid=False))
    with pytest.raises(ChallengeRefused):
        t.at(20, c.Challenge(0, ("QI",), valid=False))   # not one's own play


def test_aspa_10_2_a_play_out_may_be_held(table):
    t = opened_with_a_play(table, "aspa")
    t.at(20, c.Out(1, 40))
    t.at(21, c.Hold(0))
    t.at(90, c.Challenge(0, ("QI",), valid=False))
    assert t.state.turns[-1].phony and t.state.phase == "playing"


def test_school_21_the_44_minutes_run_from_the_start_call_when_a_team_is_late(table):
    t = table("school")
    t.at(0, c.CallStart((1,)))
    t.at(300, c.Arrive(1))
    t.start(first=0, t=300)
    made = t.at(3000, c.Tick())
    assert [(type(e).__name__, e.at_ns) for e in made] == [("GameEnded", 2640 * 10**9)]


def test_aspa_11_1a_the_player_going_out_neutralises_then_records_the_play_out(table):
    t = opened_with_a_play(table, "aspa")                # Bob's clock runs from t=10
    t.at(40, c.Neutral())                                # the centre press: Bob's time stops
    t.at(43, c.Out(1, 18))                               # ... and he says he went out
    assert t.state.phase == "out"
    assert t.result().time_used_ms == (10_000, 30_000)
    with pytest.raises(ClockStateError):
        t2 = opened_with_a_play(table, "aspa")
        t2.at(40, c.Neutral("score"))                    # a stop for a score dispute
        t2.at(43, c.Out(0, 18))                          # is not a play-out by the other side


@pytest.mark.parametrize("preset, presser", [("aspa", 0), ("nzasp", 1)])
def test_the_verdict_is_taken_only_from_the_player_the_preset_names(table, preset, presser):
    t = opened_with_a_play(table, preset)                # Ann played; Bob challenges
    t.at(20, c.Challenge(1))
    assert t.state.verdict_player == presser
    with pytest.raises(NotYourTurn) as err:
        t.at(30, c.Rule(("QI",), True, by=1 - presser))
    assert str(err.value) == f"{t.state.players[presser]} presses their button for the verdict"
    t.at(31, c.Rule(("QI",), True, by=presser))
    assert t.state.turns[0].challenged
