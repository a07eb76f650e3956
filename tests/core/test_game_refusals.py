"""Illegal commands are refused with a typed error and change nothing."""
import pytest

from common.game import commands as c
from common.game import events as ev
from common.game.errors import (BadCorrection, BadTurn, ClockStateError, GameError, NotStarted,
                               NotYourTurn, ResultLocked)
from common.game.state import apply


def started(table, preset="aspa"):
    t = table(preset)
    t.start(first=0)
    return t


@pytest.mark.parametrize("command, error", [
    (c.Play(1, 10), NotYourTurn),                 # the side whose clock is not running
    (c.Play(0, -5), BadTurn),                     # a negative score
    (c.Play(0, 2500), BadTurn),                   # not a possible score
    (c.Play(0, "12"), BadTurn),
    (c.Play(0, 12, blanks="E3"), BadTurn),
    (c.Play(0, 12, blanks="ABC"), BadTurn),       # only two blanks in the set
    (c.Exchange(0, 0), BadTurn),                  # an exchange with no count
    (c.Exchange(0, 8), BadTurn),
    (c.Play(2, 10), GameError),
    (c.Resume(1), ClockStateError),               # the clock is running
    (c.Correct(1, 10), BadCorrection),            # no such turn
    (c.Start(1), GameError),                      # already started
    (c.Accept(1), GameError),                     # nothing went out
])
def test_refused_commands_change_nothing(table, command, error):
    t = started(table)
    before = t.state
    with pytest.raises(error) as err:
        t.at(5, command)
    assert str(err.value)                         # a reason to show on screen
    assert t.state == before


def test_nothing_before_the_start(table):
    t = table("aspa")
    with pytest.raises(NotStarted):
        t.at(1, c.Pass(0))


def test_nothing_changes_after_the_result_is_confirmed(table):
    t = started(table)
    t.play(10, 0, 30)
    t.at(20, c.End())
    t.at(21, c.Rack(0, ""))
    t.at(21, c.Rack(1, ""))
    t.at(22, c.Confirm(0))
    t.at(23, c.Confirm(1))
    for command in (c.Correct(1, 31), c.Rack(0, "A"), c.Confirm(0), c.AdjustTime(0, 1000),
                    c.Forfeit(0), c.Play(1, 5)):
        with pytest.raises(ResultLocked):
            t.at(30, command)


def test_a_pending_turn_is_entered_after_the_press(table):
    t = started(table)
    t.at(10, c.Press(0))
    assert t.state.clock.running == 1             # the opponent's clock runs at the press
    t.at(14, c.Record(0, "play", 36, blanks="S"))
    assert t.result().turn_points == (36, 0)
    with pytest.raises(BadTurn):
        t.at(15, c.Record(0, "play", 10))         # nothing more to enter


def test_a_pending_turn_must_be_entered_before_signing(table):
    t = started(table)
    t.at(10, c.Press(0))
    t.at(20, c.End())
    t.at(21, c.Rack(0, ""))
    t.at(21, c.Rack(1, ""))
    with pytest.raises(BadTurn):
        t.at(22, c.Confirm(0))
    t.at(23, c.Record(0, "exchange", tiles=7))
    t.at(24, c.Confirm(0))


def test_time_cannot_go_backwards(table):
    t = started(table)
    t.play(10, 0, 5)
    with pytest.raises(GameError):
        t.play(9, 1, 5)


def test_a_recovered_game_resumes_neutral_with_the_downtime_charged_to_no_one(table):
    t = started(table)
    t.play(100, 0, 30)                              # Bob's clock runs from 100 s
    # the kiosk loses power at 130 s (its last checkpoint); after the reboot the monotonic clock
    # reads 5 s when the game is recovered
    t.state = apply(t.state, ev.Recovered(5 * 10**9, 130 * 10**9))
    t.now = 5 * 10**9
    assert t.state.clock.running is None and t.state.neutral_reason == "recovered"
    assert t.result(60 * 10**9).time_used_ms == (100_000, 30_000)
    t.at(8, c.Resume(0))
    t.play(20, 1, 12)
    assert t.result().time_used_ms == (100_000, 42_000)


def test_a_stop_for_no_stated_reason_may_be_given_its_reason_after(table):
    t = started(table)
    t.at(10, c.Neutral())
    t.at(14, c.Neutral("tiles"))                    # the players say why, 4 s later
    assert t.state.neutral_reason == "tiles" and t.state.clock.running is None
    with pytest.raises(ClockStateError):
        t.at(15, c.Neutral("score"))                # a stated reason is not replaced
    assert t.result(20).time_used_ms == (10_000, 0)


def test_corrections_mark_the_turn_and_refuse_what_has_no_score(table):
    t = started(table)
    t.play(10, 0, 30)
    t.at(20, c.Exchange(1, 4))
    t.play(30, 0, 12)
    t.at(31, c.Challenge(1, ("XQ",), valid=False))
    t.at(40, c.Correct(1, 32))
    assert t.state.turns[0].corrected and not t.state.turns[2].corrected
    with pytest.raises(BadCorrection) as err:
        t.at(41, c.Correct(2, 5))
    assert str(err.value) == "turn 2 is an exchange, which has no score to correct"
    with pytest.raises(BadCorrection) as err:
        t.at(41, c.Correct(3, 15))
    assert str(err.value) == "turn 3 was challenged off: it scores 0"


def test_one_play_scores_at_most_the_highest_play_known_in_a_play_and_a_correction(table):
    """1,785 (OXYPHENBUTAZONE across three triple-word squares, the highest legal play known) is
    taken; one more, or the 2,000 the limit was before, is refused with the reason in words."""
    from common.game.checks import MAX_SCORE
    assert MAX_SCORE == 1785
    t = started(table)
    t.play(10, 0, MAX_SCORE)
    assert t.result().turn_points == (1785, 0)
    for score in (MAX_SCORE + 1, 2000):
        with pytest.raises(BadTurn) as refused:
            t.at(20, c.Play(1, score))
        assert str(refused.value) == (f"{score} is more than one play can score: the highest play "
                                      "known scores 1785 (a 15-letter word across three triple-word squares)")
        with pytest.raises(BadTurn):
            t.at(20, c.Correct(1, score))
    t.at(20, c.Neutral())
    t.at(21, c.Correct(1, 1000))
    assert t.result().turn_points == (1000, 0)
