"""Issue 19, items 1, 2 and 4: forfeits as the books give them, every number worked out from the
book's words before the code ran.

- NZASP 10.2-10.3: "+50 spread points" to the opponent, "-50 spread points" to the player who
  forfeits: exactly 50, whatever the scores (late.forfeit_margin / result.forfeit_margin =
  exactly); ABSP 9.3 gives at least 150 ("or the margin ... if greater").
- ABSP 3.1.3: "A late player whose clock was started may, if the time left before penalties is
  less than 15 minutes (i.e., for normal 25 minute games, after being 10 minutes late), elect to
  forfeit the game." (late.elect_forfeit_under_s = 900)
- School 25, ASPA 2.3-2.4: both absent past the limit: both forfeit, and a later arrival is
  refused.
"""
import pytest

from common.game import commands as c
from common.game.clock import NS_PER_S as S
from common.game.errors import GameError, GameOver


def scores(t, ann, bob, first=0):
    """Ann and Bob each make one play: Ann ``ann``, Bob ``bob``."""
    t.start(first=first)
    t.play(10, 0, ann)
    t.play(20, 1, bob)


# --- item 1: a forfeit's margin, exactly or at least ---------------------------------------------

@pytest.mark.parametrize("ann, bob, final", [
    (200, 20, (70, 20)),        # Ann 180 ahead: exactly +50, her score lowered by 130
    (70, 20, (70, 20)),         # exactly 50 ahead already: nothing moves
    (71, 20, (70, 20)),         # one past it: lowered by 1
    (20, 200, (250, 200)),      # Ann 180 behind when Bob forfeits: she wins by exactly 50
])
def test_nzasp_10_2_10_3_a_forfeit_is_exactly_plus_50(table, ann, bob, final):
    t = table("nzasp")
    scores(t, ann, bob)
    t.at(30, c.Forfeit(1, "director"))
    result = t.result()
    assert result.winner == 0 and result.spread == 50 and result.final == final
    assert result.forfeit_adjust == (final[0] - ann, 0)


def test_school_25_a_forfeit_is_exactly_plus_50_too(table):
    t = table("school")
    scores(t, 300, 20)
    t.at(30, c.Forfeit(1, "director"))
    assert t.result().final == (70, 20) and t.result().spread == 50


def test_aspa_and_absp_director_forfeits_are_at_least_the_spread(table):
    """Neither book gives a director's forfeit margin: at least 50 (ASPA) / 75 (ABSP), the
    margin on the scores if greater (our choice, as ABSP 9.3: forfeiting never gains)."""
    for preset, margin in (("aspa", 50), ("absp", 75)):
        t = table(preset)
        scores(t, 200, 20)
        t.at(30, c.Forfeit(1, "director"))
        assert t.result().spread == 180, preset
        t = table(preset)
        scores(t, 30, 20)
        t.at(30, c.Forfeit(1, "director"))
        assert t.result().spread == margin and t.result().final == (20 + margin, 20), preset


def test_absp_9_3_the_overtime_forfeit_stays_at_least_150_and_an_override_makes_it_exact(table):
    # Ann 300 behind on the board, 400 after her 100 points of time penalties (9.3 "after
    # imposing time penalties"): at least 150 keeps 400; exactly 150 gives 150
    for margin, spread in (("at_least", -400), ("exactly", -150)):
        t = table("absp", {"clock.overtime_forfeit_margin": margin})
        t.start(first=0)
        t.play(10, 0, 10)
        t.play(20, 1, 310)                      # then Ann's clock runs 10 minutes over
        t.at(2200, c.Tick())
        result = t.result()
        assert result.forfeit["reason"] == "overtime" and result.spread == spread, margin
        assert result.overtime_penalty == (100, 0)


# --- item 2: ABSP 3.1.3, the late player's election ----------------------------------------------

def absp_bob_late():
    from tests.core.conftest import Table
    t = Table("absp")
    t.at(0, c.CallStart((1,)))
    return t


@pytest.mark.parametrize("late_s", [0, 300, 599, 600])
def test_absp_3_1_3_an_election_with_15_00_or_more_left_is_refused(late_s):
    t = absp_bob_late()
    with pytest.raises(GameError) as refused:
        t.at(late_s, c.Forfeit(1, "late"))
    assert "ABSP 3.1.3" in str(refused.value) and "less than 15:00" in str(refused.value)
    assert t.state.phase == "waiting" and t.state.forfeit is None      # nothing recorded


@pytest.mark.parametrize("late_s", [600.001, 601, 1500, 2400])
def test_absp_3_1_3_an_election_under_15_00_left_forfeits_by_75(late_s):
    t = absp_bob_late()
    t.at(late_s, c.Forfeit(1, "late"))
    result = t.result()
    assert result.forfeit == {"player": 1, "reason": "late"}
    assert result.final == (75, 0) and result.spread == 75            # 3.1.4, exactly
    # the late clock ran from the call: the result says so (it read 0 before)
    assert result.time_used_ms == (0, round(late_s * 1000))
    assert result.overtime_penalty == (0, 0)                          # the game was not played


def test_absp_3_1_3_the_election_after_arriving_and_before_the_start(table):
    t = absp_bob_late()
    t.at(700, c.Arrive(1))                      # 13:20 left: he may still elect, before play
    t.at(710, c.Forfeit(1, "late"))
    assert t.result().final == (75, 0) and t.result().time_used_ms == (0, 700_000)


def test_absp_3_1_3_not_once_the_game_is_played_nor_by_a_player_who_was_not_late(table):
    t = absp_bob_late()
    t.at(700, c.Arrive(1))
    t.start(first=0, t=710)
    with pytest.raises(GameError, match="played as a normal game"):
        t.at(720, c.Forfeit(1, "late"))
    t2 = absp_bob_late()
    with pytest.raises(GameError, match="Ann was not late"):
        t2.at(900, c.Forfeit(0, "late"))
    t.at(720, c.Forfeit(1, "director"))         # the director's own forfeit stays available
    assert t.result().forfeit == {"player": 1, "reason": "director"}


def test_other_books_record_a_late_forfeit_at_any_time(table):
    t = table("aspa")
    t.at(0, c.CallStart((1,)))
    t.at(60, c.Forfeit(1, "late"))              # the TD's decision (ASPA 12.4)
    assert t.result().final == (50, 0)


# --- item 4: both absent --------------------------------------------------------------------------

def test_school_25_both_absent_at_15_minutes_both_forfeit_and_a_later_arrival_is_refused(table):
    t = table("school")
    t.at(0, c.CallStart((0, 1)))
    with pytest.raises(GameOver) as refused:
        t.at(1000, c.Arrive(0))                 # 16:40: five intervals late, past the limit
    assert "School 25" in str(refused.value)
    assert t.state.forfeit is None              # the refusal recorded nothing
    made = t.at(1000, c.Tick())
    assert [(type(e).__name__, e.at_ns) for e in made] == [
        ("Forfeited", 900 * S), ("Forfeited", 900 * S), ("GameEnded", 900 * S)]
    result = t.result()
    assert result.winner is None and result.final == (0, 0) and result.spread == 0
    assert result.forfeit == {"players": [0, 1], "reason": "late", "each_spread": -50}
    with pytest.raises(GameOver, match="School 25"):
        t.at(1000, c.Arrive(1))


@pytest.mark.parametrize("arrive_s, penalty", [(899.999, 40), (720, 40), (719.999, 30)])
def test_school_25_one_arrives_just_in_time_the_other_forfeits_at_15_minutes(table, arrive_s, penalty):
    t = table("school")
    t.at(0, c.CallStart((0, 1)))
    made = t.at(arrive_s, c.Arrive(0))
    assert made[0].penalty == penalty           # completed three-minute intervals
    t.at(1000, c.Tick())
    result = t.result()
    assert result.forfeit == {"player": 1, "reason": "late"} and result.winner == 0
    assert result.late_penalty == (penalty, 0)
    assert result.final == (50, 0) and result.spread == 50   # exactly +50 / -50


def test_school_25_arriving_exactly_at_15_minutes_is_too_late(table):
    t = table("school")
    t.at(0, c.CallStart((1,)))
    with pytest.raises(GameOver):
        t.at(900, c.Arrive(1))
    t.at(900, c.Tick())
    assert t.result().final == (50, 0)


def test_aspa_2_3_2_4_both_absent_each_is_charged_half_both_forfeit_at_50_minutes(table):
    t = table("aspa")
    t.at(0, c.CallStart((0, 1)))
    t.at(2999, c.Tick())
    assert t.state.phase == "waiting"           # each has 24:59.5 charged
    made = t.at(3000, c.Tick())
    assert [type(e).__name__ for e in made] == ["Forfeited", "Forfeited", "GameEnded"]
    result = t.result()
    assert result.winner is None and result.forfeit["players"] == [0, 1]
    assert result.time_used_ms == (1_500_000, 1_500_000)


def test_aspa_2_3_the_first_arrives_after_30_minutes_the_second_runs_out_10_minutes_later(table):
    t = table("aspa")
    t.at(0, c.CallStart((0, 1)))
    t.at(1800, c.Arrive(0))                     # 15:00 charged to each
    t.at(2399, c.Tick())
    assert t.state.phase == "waiting"
    t.at(2400, c.Tick())                        # Bob's 15:00 + 10:00 = 25:00
    result = t.result()
    assert result.forfeit == {"player": 1, "reason": "late"} and result.final == (50, 0)
    assert result.time_used_ms == (900_000, 1_500_000)


def test_nzasp_4_2_both_absent_nobody_forfeits_their_clocks_stop_at_25_minutes(table):
    t = table("nzasp")
    t.at(0, c.CallStart((0, 1)))
    t.at(1800, c.Arrive(0))
    t.at(2000, c.Arrive(1))
    t.start(first=0, t=2000)
    assert t.result().time_used_ms == (1_500_000, 1_500_000)
    t2 = table("nzasp", {"late.forfeit_after_s": 1500})      # the other reading
    t2.at(0, c.CallStart((0, 1)))
    t2.at(1500, c.Tick())
    assert t2.result().forfeit == {"players": [0, 1], "reason": "late", "each_spread": -50}


# --- issue 38 item 3: a no-show's forfeit is confirmed by the player who came ----------------------

#: How each book's no-show forfeits (Bob called absent at the start and never arriving): ASPA 2.4
#: and school 25 of themselves at the limit; ABSP 3.1.3 and NZASP 4.1 / 10.1.1 by the director.
NO_SHOW = {"aspa": (1500, None), "school": (900, None), "absp": (700, c.Forfeit(1, "late")),
           "nzasp": (700, c.Forfeit(1, "director"))}


@pytest.mark.parametrize("preset", sorted(NO_SHOW))
def test_a_no_shows_forfeit_is_confirmed_and_locked_by_the_player_who_was_there(table, preset):
    """Under every preset, ABSP's loser's signature too (10.1): Bob never came, so Ann's one
    press locks the result; Bob's button is not his to press."""
    from common.game.game import signers
    t = table(preset)
    t.at(0, c.CallStart(absent=(1,)))
    limit, forfeit = NO_SHOW[preset]
    t.at(limit, forfeit or c.Tick())
    assert t.state.phase == "ended" and t.state.forfeit.player == 1
    assert signers(t.state, t.now) == (0,)
    with pytest.raises(GameError) as refused:
        t.at(limit + 1, c.Confirm(1))
    assert str(refused.value) == "Bob never came to the table: Ann confirms it"
    made = t.at(limit + 2, c.Confirm(0))
    assert [type(e).__name__ for e in made] == ["ResultConfirmed", "ResultLocked"]
    assert t.state.phase == "confirmed"


def test_when_neither_came_nobody_confirms_and_the_director_locks_the_result(table):
    """School 25: both teams absent at 15 minutes both forfeit; nobody is there to confirm."""
    from common.game.game import signers
    t = table("school")
    t.at(0, c.CallStart(absent=(0, 1)))
    t.at(900, c.Tick())
    assert t.state.forfeit.both and signers(t.state, t.now) == ()
    with pytest.raises(GameError, match="Ann never came to the table: the director locks it"):
        t.at(901, c.Confirm(0))
    assert [type(e).__name__ for e in t.at(902, c.Lock())] == ["ResultLocked"]
    assert t.state.phase == "confirmed"


def test_the_directors_lock_waits_for_what_the_result_counts(table):
    """A lock is a confirmation on the director's authority: not before the game is over, nor
    before every turn and rack it counts is entered; once locked, nothing more."""
    from common.game.errors import BadRack, BadTurn, ResultLocked
    t = table("aspa")
    t.start(first=0)
    with pytest.raises(GameError, match="not allowed while the game is playing"):
        t.at(5, c.Lock())
    t.at(10, c.Press(0))
    t.at(20, c.End())
    with pytest.raises(BadTurn):
        t.at(21, c.Lock())
    t.at(22, c.Record(0, "play", 12))
    with pytest.raises(BadRack):
        t.at(23, c.Lock())
    t.at(24, c.Rack(0, "AE"))
    t.at(24, c.Rack(1, "Q"))
    t.at(25, c.Lock())
    with pytest.raises(ResultLocked):
        t.at(26, c.Lock())
