"""Issue 19, items 6 and 7 and the events no script could say: a word named twice, the sign of
a time adjustment, a play sent back for its blank (NZASP 6.2.2), a false blank (school 7), a
clock brought in (ASPA 2.2), a challenge withdrawn or rechecked (ABSP 4.10.2, 4.10.7; NZASP
6.15.3; ASPA 10.4). Every number was worked out from the book first."""
import pytest

from common.game import clock as clk
from common.game import commands as c
from common.game import events as ev
from common.game.clock import NS_PER_S as S
from common.game.errors import (BadCorrection, BadTurn, ChallengeRefused, ClockStateError, GameError,
                               GameOver)


def used_s(t, side):
    return clk.used(t.state.clock, side, t.now) / S


# --- item 6: the same word twice --------------------------------------------------------------

@pytest.mark.parametrize("words, points", [(("QI", "QI"), 5), (("QI", "qi", " QI "), 5),
                                           (("QI", "ZA", "QI"), 10), (("QI", "ZA"), 10)])
def test_nzasp_6_17_a_word_named_twice_is_one_word_challenged(table, words, points):
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 24)
    made = t.at(20, c.Challenge(1, words, valid=True))
    ruled = next(e for e in made if isinstance(e, ev.ChallengeRuled))
    assert len(ruled.words) == points // 5
    assert t.result().challenge_points == (points, 0)


# --- item 7: a time adjustment is in time left ------------------------------------------------

def test_an_adjustment_of_plus_30_s_gives_30_s_more_on_the_clock(table):
    t = table("aspa")
    t.start(first=0)
    t.play(100, 0, 10)
    made = t.at(120, c.AdjustTime(0, 30_000))
    assert made == [ev.TimeAdjusted(120 * S, 0, -30 * S)]      # the journal: 30 s less used
    assert clk.remaining(t.state.clock, 0, t.now) == (1500 - 100 + 30) * S
    t.at(130, c.AdjustTime(1, -90_000))                       # 90 s less for Bob
    assert clk.remaining(t.state.clock, 1, t.now) == (1500 - 30 - 90) * S


# --- NZASP 6.2.2: the opponent restarts the mover's clock -------------------------------------

def test_nzasp_6_2_2_a_play_sent_back_for_its_blank_is_not_a_passed_turn(table):
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)                               # Ann presses without declaring her blank
    made = t.at(12, c.SendBack(1))                  # Bob restarts Ann's clock at once
    assert made == [ev.TurnSentBack(12 * S, 1, 0)] and t.state.clock.running == 0
    with pytest.raises(BadTurn, match="declares the blank first"):
        t.at(15, c.Press(0))
    t.at(20, c.Declare(0, "e"))                     # declared: Bob's clock runs again
    assert t.state.clock.running == 1 and t.state.turns[0].blanks == "E"
    assert len(t.state.turns) == 1                  # no turn passed, none added
    assert (used_s(t, 0), used_s(t, 1)) == (18, 2)  # Ann pays for the declaration
    with pytest.raises(BadTurn, match="sent back once"):
        t.at(22, c.SendBack(1))                     # Bob's clock runs again: not a second time
    t.play(30, 1, 12)
    assert t.result().final == (40, 12)


@pytest.mark.parametrize("by", [0, 1], ids=["the mover says no blank", "the sender takes it back"])
def test_nzasp_6_2_2_a_play_with_no_blank_sent_back_by_mistake_is_undone_either_way(table, by):
    """Issue 38 item 1: DECLARE? tapped on a play with no blank. Either player says so (the mover:
    NO BLANK; the opponent who sent it: TAKE BACK) and the send-back is undone: Bob's clock runs
    again and the 9 s Ann's ran meanwhile are Bob's, as if it had not been sent back; the play is
    not sent back again, and nothing else changed."""
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)                               # Ann's play, no blank in it
    t.at(12, c.SendBack(1))                         # Bob taps DECLARE? by mistake
    made = t.at(21, c.NoBlank(by))
    assert made == [ev.SendBackUndone(21 * S, by, 0, 9 * S)]
    assert t.state.clock.running == 1 and t.state.sent_back is None
    assert (used_s(t, 0), used_s(t, 1)) == (10, 11)  # Ann's 10 s; Bob's 2 + the 9 s
    with pytest.raises(BadTurn) as refused:
        t.at(22, c.SendBack(1))
    assert str(refused.value) == ("Ann's play was sent back once and it has no blank: it stands as "
                                  "entered (NZASP 6.2.2)")
    with pytest.raises(BadTurn, match="no play was sent back"):
        t.at(22, c.NoBlank(0))
    t.play(30, 1, 12)
    assert t.result().final == (40, 12) and len(t.state.turns) == 2
    assert clk.used(t.state.clock, 0, t.now) + clk.used(t.state.clock, 1, t.now) == 30 * S


def test_nzasp_6_2_2_the_other_reading_leaves_the_time_on_the_movers_clock(table):
    """clock.no_blank_time "mover": undone as a chess clock pressed back, the 9 s stay Ann's."""
    t = table("nzasp", {"clock": {"no_blank_time": "mover"}})
    t.start(first=0)
    t.play(10, 0, 40)
    t.at(12, c.SendBack(1))
    assert t.at(21, c.NoBlank(0)) == [ev.SendBackUndone(21 * S, 0, 0, 0)]
    assert (used_s(t, 0), used_s(t, 1)) == (19, 2) and t.state.clock.running == 1


def test_nzasp_6_2_2_a_play_out_sent_back_with_no_blank_waits_again_as_before(table):
    """A play-out sent back by mistake: undone, the clock stops again, the 4 s Ann's clock ran go
    to nobody (the clock stood stopped before), and Bob has his five seconds anew (8.2.1)."""
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)
    t.play(30, 1, 20)
    t.at(50, c.Out(0, 30))
    t.at(52, c.SendBack(1))
    t.at(56, c.NoBlank(0))
    assert t.state.phase == "out" and t.state.clock.running is None
    assert (used_s(t, 0), used_s(t, 1)) == (30, 20)   # as at the play-out: 30 s and 20 s
    with pytest.raises(ClockStateError, match="5 s to accept"):
        t.at(60, c.Resume(0))
    t.at(61, c.Accept(1))
    assert t.state.end == "out"


def test_nzasp_6_2_2_only_at_once_and_only_where_the_rules_say_so(table):
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)
    t.at(11, c.Neutral("score"))
    with pytest.raises(ClockStateError, match="NZASP 6.2.2"):
        t.at(12, c.SendBack(1))                     # the sender's clock is not running
    with pytest.raises(BadTurn):
        t.at(12, c.Declare(0, "E"))                 # nothing was sent back
    t = table("aspa")                               # ASPA 7.2: neutralise instead
    t.start(first=0)
    t.play(10, 0, 40)
    with pytest.raises(GameError, match="no sending a play back"):
        t.at(12, c.SendBack(1))


def test_nzasp_6_2_2_a_play_out_is_sent_back_too_then_waits_for_the_opponent_again(table):
    """A play-out ends the turn as a press does (NZASP 8.2: the player neutralises the timer
    instead of starting the opponent's), so its undeclared blank is sent back the same way:
    Bob restarts Ann's timer before accepting; she declares; the play-out waits for Bob again,
    its five seconds (8.2.1) counted from the declaration."""
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)
    t.play(30, 1, 20)
    t.at(50, c.Out(0, 30))                           # Ann goes out: no blank declared
    assert t.state.phase == "out" and t.state.clock.running is None
    made = t.at(52, c.SendBack(1))                   # Bob, before accepting
    assert made == [ev.TurnSentBack(52 * S, 1, 2)] and t.state.clock.running == 0
    for refused in (c.Accept(1), c.Challenge(1), c.Hold(1)):
        with pytest.raises(BadTurn) as why:
            t.at(53, refused)
        assert str(why.value) == "Ann's play was sent back: Ann declares the blank first (NZASP 6.2.2)"
    made = t.at(58, c.Declare(0, "s"))               # declared: the clock stops again
    assert made == [ev.BlankDeclared(58 * S, 2, "S")]
    assert t.state.phase == "out" and t.state.clock.running is None
    assert (used_s(t, 0), used_s(t, 1)) == (36, 20)  # Ann pays the 6 s of the declaration
    with pytest.raises(BadTurn) as why:
        t.at(59, c.SendBack(1))                      # declared once: not sent back again
    assert str(why.value) == ("Ann's play was sent back once and its blank declared: it stands as "
                              "declared (NZASP 6.2.2)")
    with pytest.raises(ClockStateError, match="5 s to accept"):
        t.at(62, c.Resume(0))                        # 4 s after the declaration (12 s after the out)
    t.at(63, c.Accept(1))
    assert t.state.end == "out" and len(t.state.turns) == 3 and t.state.turns[2].blanks == "S"
    assert (used_s(t, 0), used_s(t, 1)) == (36, 20)


def test_nzasp_6_2_2_a_pending_play_out_sent_back_keeps_its_blank_through_the_challenge(table):
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 40)
    t.at(20, c.Out(1))                               # Bob goes out; his score comes next
    t.at(21, c.SendBack(0))
    t.at(25, c.Declare(1, "Q"))
    t.at(27, c.Record(1, "play", 33))
    assert t.state.turns[1].blanks == "Q" and t.state.phase == "out"
    t.at(30, c.Resume(1))                            # 5 s after the declaration: Ann's clock
    assert t.state.clock.running == 0
    with pytest.raises(BadTurn, match="Bob has no play of the opponent's to send back"):
        t.at(31, c.SendBack(1))                      # his own play: Bob sends nothing back
    t.at(34, c.Challenge(0, ("QAT",), valid=True))   # NZASP 6.17: 5 points to Bob, the game over
    assert t.state.end == "out" and t.state.turns[1].bonus == 5
    assert (used_s(t, 0), used_s(t, 1)) == (14, 14)


def test_nzasp_6_2_2_a_play_out_is_sent_back_on_the_senders_own_time_or_none(table):
    t = table("nzasp")
    t.start(first=0)
    t.at(10, c.Out(0, 30))
    t.at(16, c.Resume(0))                            # 8.2.1: Ann restarts Bob's clock after 5 s
    t.at(18, c.SendBack(1))                          # Bob, on his own time, still may
    assert t.state.clock.running == 0 and t.state.sent_back == 0
    t.at(20, c.Declare(0, "E"))
    assert t.state.clock.running is None and (used_s(t, 0), used_s(t, 1)) == (12, 2)
    t.at(21, c.Accept(1))
    with pytest.raises(GameOver):
        t.at(22, c.SendBack(1))                      # accepted: the game is over
    t = table("aspa")                                # ASPA 7.2: neutralise instead
    t.start(first=0)
    t.at(10, c.Out(0, 30))
    with pytest.raises(GameError, match="no sending a play back"):
        t.at(12, c.SendBack(1))


# --- school 7: a false blank ------------------------------------------------------------------

def test_school_7_a_false_blank_play_comes_off_and_the_team_loses_its_turn(table):
    t = table("school")
    t.start(first=0)
    t.play(10, 0, 30, placed=4)
    t.play(20, 1, 22, placed=3)
    t.play(30, 0, 40, placed=5)                      # A's play with a "blank" that is a letter
    made = t.at(35, c.FalseBlank(1))
    assert made == [ev.FalseBlankFound(35 * S, 1, 2)]
    assert t.state.clock.running is None and t.state.bag() == 86 - 7
    t.at(40, c.Resume(0))                            # A restarts B's clock: B's turn
    assert t.state.clock.running == 1
    result = t.result()
    assert [(x.type, x.score) for x in result.turns] == [("play", 30), ("play", 22), ("false_blank", 0)]
    assert result.turn_points == (30, 22)
    with pytest.raises(BadCorrection, match="false blank"):
        t.at(41, c.Correct(3, 40))


def test_school_7_not_once_the_next_team_has_played_and_not_in_other_books(table):
    t = table("school")
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 22)                                # B played: A's play stands
    with pytest.raises(ChallengeRefused, match="School 7"):
        t.at(25, c.FalseBlank(1))
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 30)
    with pytest.raises(GameError, match="no false-blank rule"):
        t.at(15, c.FalseBlank(1))


# --- ASPA 2.2: a clock brought in -------------------------------------------------------------

def test_aspa_2_2_a_clock_brought_in_divides_the_time_left_equally(table):
    t = table("aspa")
    t.start(first=0)
    t.play(300, 0, 20)
    t.at(400, c.ClockIn())                           # 300 s and 100 s used: 200 s each
    assert clk.remaining(t.state.clock, 0, t.now) == clk.remaining(t.state.clock, 1, t.now) == 1300 * S
    t = table("aspa")
    t.start(first=0)
    t.play(300, 0, 20)
    t.at(500, c.ClockIn(played_s=1200))              # by the director's watch: 600 s each
    assert (used_s(t, 0), used_s(t, 1)) == (600, 600)
    t = table("nzasp")
    t.start(first=0)
    with pytest.raises(GameError, match="do not divide"):
        t.at(10, c.ClockIn())


@pytest.mark.parametrize("reading, left, penalties, after", [
    ("split", -60, (10, 10), (10, 20)),  # the time remaining, -2:00, divided: each a minute over
    ("zero", 0, (0, 0), (0, 10)),        # both at 0:00: overtime only on the clock (11.3b)
])
def test_aspa_2_2_a_clock_brought_in_after_52_minutes_played_reads_two_ways(table, reading, left, penalties,
                                                                           after):
    """ASPA 2.2 "the time remaining will be equally divided" after 52 minutes played (the
    director's watch) of the 50: the time remaining is -2:00. Divided, each player is a minute
    over and 10 points down (11.3b: 10 points a minute or part); or both clocks show 0:00 and
    overtime counts from there (``clock.brought_in_over``: ASPA's preset takes "split")."""
    assert table("aspa").state.rules.clock.brought_in_over == "split"
    t = table("aspa", {"clock": {"brought_in_over": reading}})
    t.start(first=0)
    t.play(10, 0, 20)
    t.at(20, c.Neutral())
    t.at(20, c.ClockIn(played_s=52 * 60))
    assert [clk.remaining(t.state.clock, p, t.now) // S for p in (0, 1)] == [left, left]
    assert t.result().overtime_penalty == penalties
    t.at(30, c.Resume(0))                            # Ann, waiting, restarts Bob's clock
    t.at(31, c.End())
    assert t.result().overtime_penalty == after     # Bob's second on the clock: -1:01, or -0:01
    assert table("absp").state.rules.to_dict()["clock"].get("brought_in_over") is None   # quiet at split


def test_aspa_2_2_a_clock_is_brought_in_once_a_second_ask_moves_no_time(table):
    """"You may ask for a time clock ... during the game. In the latter case, the time remaining
    will be equally divided" (2.2): once the clock is in there is nothing left to ask for. A
    second division would move 50 s from Bob to Ann here."""
    t = table("aspa")
    t.start(first=0)
    t.play(300, 0, 20)
    t.at(400, c.ClockIn())                           # 200 s used each: Bob's clock runs
    t.play(500, 1, 30)                               # Bob 300 s, Ann 200 s: Ann's clock runs
    for command in (c.ClockIn(), c.ClockIn(played_s=600)):
        with pytest.raises(GameError) as refused:
            t.at(600, command)
        assert str(refused.value) == ("a clock was brought in already and the time left divided "
                                      "then (ASPA 2.2): to change one side's time, adjust that "
                                      "player's time")
    assert (used_s(t, 0), used_s(t, 1)) == (300, 300)  # Ann 200 + 100 s since, Bob 300 s
    assert [type(e).__name__ for e in t.events].count("TimeDivided") == 1
    t.at(600, c.AdjustTime(0, 50_000))               # the director's way for one side
    assert (used_s(t, 0), used_s(t, 1)) == (250, 300)


# --- withdrawn, rechecked, appealed -----------------------------------------------------------

def test_a_hold_is_not_a_challenge_to_withdraw(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 28)
    t.at(12, c.Hold(1))
    with pytest.raises(ChallengeRefused) as refused:
        t.at(15, c.Withdraw(1, agreed=True))
    assert str(refused.value) == "there is no open challenge to withdraw (a hold is not a challenge)"
    t.at(16, c.Challenge(1, ()))                     # open, the verdict to come
    with pytest.raises(ChallengeRefused, match="ABSP 4.10.2"):
        t.at(17, c.Withdraw(1))
    made = t.at(18, c.Withdraw(1, agreed=True))
    assert made == [ev.ChallengeWithdrawn(18 * S, 1, 0)]


def test_absp_4_10_7_one_recheck_whose_decision_is_final(table):
    t = table("absp")
    t.start(first=0)
    t.play(10, 0, 28)
    t.at(20, c.Challenge(1, ("JINX",), valid=False))
    assert t.result().final == (0, 0)
    made = t.at(30, c.Recheck(0, True))              # Ann asks; the recheck allows it
    assert made == [ev.ChallengeRechecked(30 * S, 0, 0, True)]
    assert t.result().final == (28, 0) and t.result().turns[0].type == "play"
    with pytest.raises(ChallengeRefused, match="final \\(ABSP 4.10.7\\)"):
        t.at(31, c.Recheck(1, False))
    t.at(40, c.Resume(0))
    assert t.state.clock.running == 1


def test_nzasp_6_15_3_an_appeal_undoes_the_points_per_word(table):
    t = table("nzasp")
    t.start(first=0)
    t.play(10, 0, 30)
    t.at(20, c.Challenge(1, ("AXE", "OX"), valid=True))
    assert t.result().challenge_points == (10, 0)
    t.at(30, c.Recheck(1, False))                    # the referee rules it out
    result = t.result()
    assert result.challenge_points == (0, 0) and result.final == (0, 0)
    assert result.turns[0].type == "phony"


def test_school_12_no_recheck_and_a_lost_turn_given_back_where_a_tournament_allows_one(table):
    t = table("school")
    t.start(first=0)
    t.play(10, 0, 30)
    t.at(20, c.Challenge(1, ("QI",), valid=True))    # B loses its turn
    with pytest.raises(ChallengeRefused, match="allow no recheck"):
        t.at(25, c.Recheck(1, False))
    t = table("school", {"challenge.rechecks": 1})
    t.start(first=0)
    t.play(10, 0, 30)
    t.at(20, c.Challenge(1, ("QI",), valid=True))
    assert [x.type for x in t.result().turns] == ["play", "lost"]
    t.at(25, c.Recheck(1, False))
    assert [x.type for x in t.result().turns] == ["phony"]
    assert t.state.to_move == 1                      # B's turn: the lost turn was given back


def test_a_recheck_of_a_play_out_reopens_or_ends_the_game(table):
    t = table("aspa")
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 20)
    t.at(30, c.Out(0, 15))
    t.at(35, c.Challenge(1, ("ZAX",), valid=True))
    assert t.state.end == "out"
    t.at(40, c.Recheck(1, False))                    # ZAX is out after all: Ann's tiles back
    assert t.state.phase == "playing" and t.state.end is None
    assert t.result().final == (30, 20)


def test_no_recheck_once_the_clock_restarted(table):
    t = table("aspa")
    t.start(first=0)
    t.play(10, 0, 30)
    t.at(20, c.Challenge(1, ("QI",), valid=True))
    t.at(25, c.Resume(0))
    with pytest.raises(ChallengeRefused, match="before the clock restarts"):
        t.at(26, c.Recheck(1, False))
