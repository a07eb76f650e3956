"""RULES.md "Turns": exchanges, blanks, the score sheet."""
import pytest

from common.game import commands as c
from common.game.errors import BadTurn
from common.presets import preset_names

ALL = preset_names()                            # every rule book in config/presets


def bag_down_to(table, preset, bag):
    """Plays that each say how many tiles they placed, until ``bag`` tiles are left."""
    t = table(preset)
    t.start(first=0)
    now, left = 0, 86
    while left > bag:
        placed = min(7, left - bag)
        now += 10
        t.play(now, t.state.to_move, 10, placed=placed)
        left -= placed
    return t, now


@pytest.mark.parametrize("preset", ALL)
def test_aspa_8_1_absp_4_4_1_nzasp_6_7_school_8_exchange_needs_7_in_the_bag(table, preset):
    t, now = bag_down_to(table, preset, 7)
    assert t.state.bag() == 7
    t.at(now + 5, c.Exchange(t.state.to_move, 7))       # seven left: allowed
    t.play(now + 10, t.state.to_move, 12, placed=1)
    assert t.state.bag() == 6
    with pytest.raises(BadTurn) as err:
        t.at(now + 15, c.Exchange(t.state.to_move, 2))
    assert str(err.value) == "an exchange needs at least 7 tiles in the bag; it holds 6"


def test_the_bag_is_unknown_once_a_play_gives_no_tile_count(table):
    t, now = bag_down_to(table, "aspa", 10)
    t.play(now + 10, t.state.to_move, 9)                # tiles placed not entered
    assert t.state.bag() is None
    t.at(now + 20, c.Exchange(t.state.to_move, 7))      # not known, so not refused


def test_a_phonys_tiles_go_back_to_the_rack_not_the_bag(table):
    t, now = bag_down_to(table, "aspa", 20)
    t.play(now + 10, t.state.to_move, 30, placed=5)
    t.at(now + 11, c.Challenge(t.state.to_move, ("ZZX",), valid=False))
    assert t.state.bag() == 20


def test_a_play_out_with_tiles_known_to_be_in_the_bag_is_refused(table):
    t, now = bag_down_to(table, "aspa", 3)
    with pytest.raises(BadTurn):
        t.at(now + 10, c.Out(t.state.to_move, 20, placed=4))
    t.play(now + 10, t.state.to_move, 9, placed=3)
    t.at(now + 20, c.Out(t.state.to_move, 20, placed=4))
    assert t.state.phase == "out"


@pytest.mark.parametrize("preset", ALL)
def test_aspa_7_absp_4_2_nzasp_6_2_school_6_blank_letters_are_declared_with_the_turn(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(10, 0, 64, blanks="es")
    t.at(20, c.Press(1))
    t.at(25, c.Record(1, "play", 70, blanks="Q"))
    assert [turn.blanks for turn in t.state.turns] == ["ES", "Q"]
    with pytest.raises(BadTurn):
        t.play(30, 0, 10, blanks="?")


@pytest.mark.parametrize("preset", ["aspa", "absp", "school"])
def test_aspa_3_1_absp_4_9_1_school_13_the_sheet_keeps_move_and_cumulative_scores(table, preset):
    t = table(preset)
    t.start(first=0)
    t.play(10, 0, 24)
    t.play(20, 1, 30)
    t.play(30, 0, 12)
    t.at(40, c.Pass(1))
    assert [(x.player, x.score, x.cumulative) for x in t.result().turns] == [
        (0, 24, 24), (1, 30, 30), (0, 12, 36), (1, 0, 30)]


def test_a_pending_exchange_is_checked_against_the_bag_before_it(table):
    t, now = bag_down_to(table, "nzasp", 5)
    p = t.state.to_move
    t.at(now + 10, c.Press(p))
    with pytest.raises(BadTurn):
        t.at(now + 12, c.Record(p, "exchange", tiles=3))


def test_the_bag_is_not_counted_until_a_play_gives_its_tiles(table):
    t = table("aspa")
    t.start(first=0)
    assert t.state.bag() is None
    t.at(5, c.Out(0, 20))                                # nothing known: not refused
    assert t.state.phase == "out"
