"""Issue 19, items 3 and 5: tiles found (ASPA 11.4-11.5, NZASP 6.10-6.11) and full racks at the
end (school 22), each number worked out from the book's words first.

ASPA 11.5 "c. Players determine ... who should have drawn replacement tiles first. This player
then adds the tile/s to their rack. d. If both players still have tiles, play resumes. If only
one player now has tiles on their rack, the game is over and the result is recalculated."
NZASP 6.11.3-6.11.4 says the same. School 22: "Each team must end the game with full racks
unless there are no tiles left in the bag to be drawn."
"""
import pytest

from common.game import commands as c
from common.game import events as ev
from common.game.errors import BadRack, BadTurn, ChallengeRefused, GameError, GameOver, ResultLocked


def fill(t, placed: int, at: float = 10) -> float:
    """Plays of 10 points, turn about from whoever is to move, placing ``placed`` tiles in all (7
    at a time); returns the time after the last."""
    while placed > 0:
        t.play(at, t.state.to_move, 10, placed=min(7, placed))
        placed, at = placed - 7, at + 1
    return at


def out_game(table, preset):
    """Ann 30, Bob 20; Ann goes out with 15; Bob holds QU? (11)."""
    t = table(preset)
    t.start(first=0)
    t.play(10, 0, 30)
    t.play(20, 1, 20)
    t.at(30, c.Out(0, 15))
    t.at(33, c.Accept(1))
    t.at(40, c.Rack(1, "QU?"))
    return t


@pytest.mark.parametrize("preset, before, after", [
    # ASPA 11.1d: Ann + Bob's rack, Bob - his rack: 45 + 11 / 20 - 11, then with an E: 12
    ("aspa", (56, 9), (57, 8)),
    # NZASP 8.3: Ann + twice Bob's rack, Bob unchanged: 45 + 22 / 20, then 45 + 24
    ("nzasp", (67, 20), (69, 20)),
])
def test_tiles_found_go_to_the_player_who_did_not_go_out_the_game_stays_over(table, preset, before, after):
    t = out_game(table, preset)
    assert t.result().final == before
    t.at(50, c.Confirm(0))
    made = t.at(60, c.Reopen())                 # by default Bob, who did not go out, takes them
    assert made == [ev.TilesFound(60 * 10**9, 1, 1)]
    assert t.state.phase == "ended" and t.state.end == "out"        # only Bob has tiles
    assert t.state.racks == (None, None)        # Bob enters his rack again
    assert t.result().racks_missing == (1,) and t.state.confirmed == (False, False)
    with pytest.raises(GameOver):
        t.at(61, c.Resume(1))                   # play does not resume
    t.at(70, c.Rack(1, "QU?E"))
    result = t.result()
    assert result.final == after and result.winner == 0 and result.end == "out"
    assert [x.score for x in result.turns] == [30, 20, 15]           # no move replayed


def test_tiles_found_taken_by_the_player_who_went_out_play_resumes(table):
    t = out_game(table, "aspa")
    t.at(60, c.Reopen(player=0, tiles=2))
    assert t.state.phase == "playing" and t.state.clock.running is None
    assert t.state.to_move == 1                 # Bob moves next; the clock waits for a press
    with pytest.raises(ChallengeRefused, match="no play to challenge"):
        t.at(65, c.Challenge(1, ("QI",), valid=True))   # the play-out was accepted: it stands
    t.at(70, c.Resume(0))
    t.play(80, 1, 9)
    t.at(90, c.Out(0, 6))
    t.at(91, c.Accept(1))
    t.at(92, c.Rack(1, "Q"))
    assert t.result().final == (30 + 15 + 6 + 10, 20 + 9 - 10)


def test_tiles_found_after_a_zero_score_run_play_resumes(table):
    t = table("aspa")
    t.start(first=0)
    t.play(5, 0, 10)
    for i in range(6):
        t.at(10 + i, c.Pass((1 + i) % 2))
    assert t.state.end == "zeros"
    t.at(30, c.Reopen(player=1))
    assert t.state.phase == "playing" and t.state.end is None


def test_tiles_found_during_play_go_back_into_the_bag_play_goes_on(table):
    """ASPA 11.4 "at any time during the game ... it is placed in the bag": no longer refused.
    The kiosk's bag (86 less the tiles placed) counted the tile all along (it was out of the bag
    by mistake), so the count stays: an exchange with 6 in the bag stays refused."""
    t = table("aspa")
    t.start(first=0)
    fill(t, 80)                                 # 86 - 80 = 6 in the bag after 12 plays
    made = t.at(25, c.Reopen())
    assert made == [ev.TilesFound(25 * 10**9, 1, -1)]
    assert t.state.phase == "playing" and t.state.clock.running == 0 and t.state.bag() == 6
    with pytest.raises(BadTurn, match="holds 6"):
        t.at(30, c.Exchange(0, 3))
    with pytest.raises(GameError, match="back into the bag"):
        t.at(30, c.Reopen(player=0))


def test_no_reopening_after_a_round_end_or_a_signed_result(table):
    t = table("school")
    t.start(first=0)
    t.at(2640, c.Tick())
    with pytest.raises(GameOver, match="ended by time"):
        t.at(2650, c.Reopen())
    t = out_game(table, "aspa")
    t.at(50, c.Confirm(0))
    t.at(51, c.Confirm(1))                      # ASPA 11.6: signed, nothing changes
    with pytest.raises(ResultLocked):
        t.at(60, c.Reopen())


# --- item 5: school 22, full racks --------------------------------------------------------------

def school_round_end(placed: int):
    from tests.core.conftest import Table
    t = Table("school")
    t.start(first=0)
    if placed:
        fill(t, placed)
    else:
        t.play(10, 0, 30)                       # the tiles placed not entered
    t.at(2640, c.Tick())                        # 44 minutes: the round ends (21)
    assert t.state.end == "time"
    return t


@pytest.mark.parametrize("placed, bag", [(10, 76), (85, 1)])
def test_school_22_a_short_rack_while_the_bag_holds_tiles_is_refused(placed, bag):
    t = school_round_end(placed)
    with pytest.raises(BadRack) as refused:
        t.at(2650, c.Rack(0, "AEIRST"))
    assert f"holds {bag} tiles" in str(refused.value) and "School 22" in str(refused.value)
    t.at(2650, c.Rack(0, "AEIRSTU"))            # full: accepted
    assert t.state.racks[0] == "AEIRSTU"


@pytest.mark.parametrize("placed", [86, 90])
def test_school_22_an_empty_bag_allows_any_rack(placed):
    t = school_round_end(placed)
    t.at(2650, c.Rack(0, "QZ"))
    t.at(2650, c.Rack(1, ""))
    assert t.result().rack_adjust == (-20, 0)       # 23: each team minus its own tiles


def test_school_22_an_unknown_bag_and_other_books_take_the_rack_as_entered(table):
    # School 22 asks a full rack only "unless there are no tiles left in the bag": a kiosk that
    # does not know the bag (the tiles placed were not entered) cannot refuse a short one
    t = school_round_end(0)
    assert t.state.bag() is None and t.state.rules.end.full_racks
    t.at(2650, c.Rack(0, "QZ"))
    assert t.state.racks[0] == "QZ"
    t.at(2650, c.Rack(1, "E"))
    assert t.state.racks == ("QZ", "E")
    assert t.result().rack_adjust == (-20, -1)      # 23: each team minus its own tiles
    # ASPA has no such rule: a short rack at the end of a game stopped (11.3a: only without a
    # clock), the bag holding 100 - 14 - 5 = 81 tiles, is taken too
    t = table("aspa")
    t.start(first=0)
    t.play(10, 0, 30, placed=5)
    t.at(20, c.End())
    assert t.state.bag() == 81 and not t.state.rules.end.full_racks
    t.at(21, c.Rack(0, "QZ"))
    assert t.state.racks[0] == "QZ" and t.result().rack_adjust[0] == -20
