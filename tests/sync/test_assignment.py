"""The director's assignment read against the game (kiosk/link/assignment.py): when it may set
up a new game, which core command the round's start and end become, and what it refuses."""
import json

import pytest

from common.game import commands as cmd
from common.replay import ScriptError, replay_lines
from kiosk.link.assignment import AssignmentFormatError, check, new_setup, round_commands

HEADER = {"preset": "aspa", "round": 1, "players": ["Ann", "Bob"]}
NOW = 1_767_000_000.0


def state_of(*lines):
    return replay_lines(json.dumps(line) for line in (HEADER, *lines)).state


DOCUMENT = {"schema": 1, "kind": "assignment", "tournament": "T", "division": "A", "table": "7",
            "revision": 0}


def assignment(**fields):
    return check(DOCUMENT | {"round": 1, "players": ["Ann", "Bob"], "first": None,
                             "round_started_wall": None, "round_ended_wall": None} | fields)


UNTOUCHED = state_of()
PLAYING = state_of({"t": 0, "cmd": "start", "first": 0}, {"t": 10, "cmd": "play", "player": 0, "score": 8})
LOCKED = state_of({"t": 0, "cmd": "start", "first": 0}, {"t": 10, "cmd": "out", "player": 0, "score": 8},
                  {"t": 11, "cmd": "accept", "player": 1}, {"t": 12, "cmd": "rack", "player": 1, "tiles": "A"},
                  {"t": 13, "cmd": "confirm", "player": 0}, {"t": 14, "cmd": "confirm", "player": 1})


def test_a_new_setup_only_while_nothing_is_recorded_or_after_the_locked_result():
    other = assignment(round=1, players=["Cy", "Dee"])
    assert new_setup(UNTOUCHED, other) == (1, ("Cy", "Dee"), None)
    assert new_setup(UNTOUCHED, assignment()) is None                # already so
    assert new_setup(UNTOUCHED, assignment(first=1)) == (1, ("Ann", "Bob"), 1)   # who starts
    assert new_setup(PLAYING, other) is None                         # a game under way stays
    assert LOCKED.phase == "confirmed"
    assert new_setup(LOCKED, other) is None                          # same round: the game stands
    assert new_setup(LOCKED, assignment(round=2, players=["Cy", "Ann"])) == (2, ("Cy", "Ann"), None)


def test_the_rounds_start_and_end_become_the_cores_commands_stamped_when_given():
    started = assignment(round_started_wall=NOW - 90)
    assert round_commands(UNTOUCHED, started, NOW) == [(cmd.CallStart(), 90.0)]
    assert round_commands(PLAYING, started, NOW) == []               # the players started already
    ended = assignment(round_started_wall=NOW - 900, round_ended_wall=NOW - 2)
    assert round_commands(PLAYING, ended, NOW) == [(cmd.End(), 2.0)]
    assert round_commands(LOCKED, ended, NOW) == []                  # over already
    assert round_commands(PLAYING, assignment(round=2, round_ended_wall=NOW), NOW) == []
    future = assignment(round_started_wall=NOW + 30)                 # a wall clock ahead: now
    assert round_commands(UNTOUCHED, future, NOW) == [(cmd.CallStart(), 0.0)]


def test_who_starts_is_the_games_setup_so_a_replay_refuses_the_other_start_as_the_kiosk_does():
    drawn = {**HEADER, "first": 1}                   # the director's draw: Bob goes first
    lines = [json.dumps(drawn), json.dumps({"t": 0, "cmd": "start", "first": 0})]
    with pytest.raises(ScriptError, match="^line 2: the director has Bob going first: Ann presses "
                                          "their button to start$"):
        replay_lines(lines)
    started = replay_lines([json.dumps(drawn), json.dumps({"t": 0, "cmd": "start", "first": 1})]).state
    assert (started.phase, started.first, started.starts) == ("playing", 1, 1)
    assert replay_lines([json.dumps(HEADER), lines[1]]).state.first == 0     # no draw: either may
    with pytest.raises(ScriptError, match="^line 1: first is who the director has going first, 0 or 1, not 2$"):
        replay_lines([json.dumps({**HEADER, "first": 2})])


@pytest.mark.parametrize("field, value", [("round", 0), ("round", "2"), ("players", ["Ann"]),
                                          ("players", ["Ann", ""]), ("first", 2), ("first", True),
                                          ("round_started_wall", "noon")])
def test_an_assignment_with_a_bad_field_is_refused_naming_it(field, value):
    with pytest.raises(AssignmentFormatError, match=f"assignment refused: {field}(: |\\[)"):
        assignment(**{field: value})


def test_a_game_the_director_voided_takes_the_new_pairing_of_the_same_round():
    voided = state_of({"t": 0, "cmd": "start", "first": 0}, {"t": 10, "cmd": "void"})
    assert voided.phase == "void"
    assert new_setup(voided, assignment(players=["Cy", "Dee"])) == (1, ("Cy", "Dee"), None)


def test_the_directors_corrections_are_checked_and_said_in_words():
    from kiosk.link.assignment import AssignmentFormatError, check, correction_words, corrections_of
    good = {"id": 3, "round": 2, "game_id": "table-7-round-2-game-4", "kind": "scores",
            "final": [405, 380], "reason": "the sheet says 405", "wall": 2e9}
    base = DOCUMENT | {"round": 3, "players": ["Ann", "Bob"], "first": None,
                       "round_started_wall": None, "round_ended_wall": None}
    assert corrections_of(check({**base, "corrections": [good]})) == [good]
    assert corrections_of(check(base)) == []
    assert correction_words(good) == "the director corrected round 2: 405-380 (the sheet says 405)"
    assert correction_words({**good, "kind": "void", "final": None}).endswith("round 2: void, no game (the sheet says 405)")
    for bad in ({**good, "kind": "rewrite"}, {**good, "reason": "two\nlines"}, {**good, "final": [1]},
                {**good, "id": True}, "not a correction"):
        with pytest.raises(AssignmentFormatError, match="corrections"):
            check({**base, "corrections": [bad]})
