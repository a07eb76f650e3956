"""The live status document: exact values for scripted games at chosen instants."""
import json

from common.game.commands import Challenge
from common.game.game import step
from common.replay import replay_lines
from common.wire.status import status_document

S = 10**9


def state_of(*lines):
    return replay_lines(json.dumps(line) for line in lines).state


def status(state, at_s, **extra):
    options = dict(tournament="Autumn Open", table=7, game_id="table-7-round-3-game-1",
                   outbox_pending=2, sent_wall=1_767_000_000.5) | extra
    return status_document(state, round(at_s * S), **options)


HEADER = {"preset": "aspa", "round": 3, "players": ["Ann", "Bob"]}   # 25 minutes a side


def test_a_running_game_reports_both_clocks_scores_and_whose_turn():
    state = state_of(HEADER, {"t": 0, "cmd": "start", "first": 0},
                     {"t": 40, "cmd": "play", "player": 0, "score": 30},
                     {"t": 70, "cmd": "play", "player": 1, "score": 24})
    assert status(state, 95.25) == {
        "schema": 1, "kind": "status", "tournament": "Autumn Open", "round": 3, "table": "7",
        "game_id": "table-7-round-3-game-1", "players": ["Ann", "Bob"], "phase": "playing",
        "times_ms": [1500_000 - 40_000 - 25_250, 1500_000 - 30_000], "scores": [30, 24],
        "to_move": 0, "running": 0,
        "alerts": {"overtime": [], "hold": None, "challenge": None, "neutral": None, "absent": []},
        "outbox_pending": 2, "sent_wall": 1_767_000_000.5}


def test_overtime_and_an_open_challenge_are_alerts_and_the_clock_is_neutral():
    state = state_of({**HEADER, "overrides": {"clock": {"time_per_side_s": 60}}},
                     {"t": 0, "cmd": "start", "first": 0},
                     {"t": 75, "cmd": "play", "player": 0, "score": 30},   # 15 s over
                     {"t": 80, "cmd": "hold", "player": 1})
    held = status(state, 82)
    assert held["times_ms"] == [-15_000, 60_000 - 7_000] and held["running"] == 1
    assert held["alerts"] == {"overtime": [0], "hold": 1, "challenge": None, "neutral": None,
                              "absent": []}
    state = state_of({**HEADER, "overrides": {"clock": {"time_per_side_s": 60}}},
                     {"t": 0, "cmd": "start", "first": 0},
                     {"t": 75, "cmd": "play", "player": 0, "score": 30})
    state, _ = step(state, Challenge(1, ("QI",)), 80 * S)        # open until the verdict
    challenged = status(state, 90)
    assert challenged["phase"] == "challenge" and challenged["running"] is None
    assert challenged["times_ms"] == [-15_000, 60_000 - 5_000]
    assert challenged["alerts"] == {"overtime": [0], "hold": None, "challenge": 1,
                                    "neutral": "challenge", "absent": []}


def test_a_stopped_clock_says_why_and_whose_turn_it_is():
    lines = [HEADER, {"t": 0, "cmd": "start", "first": 0},
             {"t": 30, "cmd": "play", "player": 0, "score": 30},
             {"t": 35, "cmd": "neutral"}]
    state = state_of(*lines)
    stopped = status(state, 50)
    assert stopped["running"] is None and stopped["to_move"] == 1
    assert stopped["alerts"]["neutral"] == "unspecified"
    assert stopped["times_ms"] == [1500_000 - 30_000, 1500_000 - 5_000]


def test_a_late_players_clock_counts_the_absence_and_is_flagged_absent():
    state = state_of({**HEADER, "overrides": {"late": {"forfeit_after_s": 0}}},
                     {"t": 0, "cmd": "call", "absent": [1]})
    doc = status(state, 90)
    assert doc["phase"] == "waiting" and doc["to_move"] is None and doc["running"] is None
    assert doc["times_ms"] == [1500_000, 1500_000 - 90_000]
    assert doc["alerts"]["absent"] == [1]


def test_at_the_end_the_scores_are_the_final_ones_with_racks_counted():
    state = state_of(HEADER, {"t": 0, "cmd": "start", "first": 0},
                     {"t": 30, "cmd": "play", "player": 0, "score": 40},
                     {"t": 70, "cmd": "out", "player": 1, "score": 22},
                     {"t": 72, "cmd": "accept", "player": 0},
                     {"t": 80, "cmd": "rack", "player": 0, "tiles": "EEK"})
    doc = status(state, 100)
    assert doc["phase"] == "ended" and doc["running"] is None and doc["to_move"] is None
    assert doc["scores"] == [40 - 7, 22 + 7]                    # ASPA: the rack's value once
    assert doc["times_ms"] == [1500_000 - 30_000, 1500_000 - 40_000]     # stopped at the end
