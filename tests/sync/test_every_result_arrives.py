"""Every locked result a table can make reaches a real director (tests/support/director_harness:
uvicorn on 127.0.0.1, its own SQLite file) and is stored, under the preset it was played under:
a school game with a play taken off for a false blank (school 7), and finals below zero from
overtime and rack penalties (ASPA 11.3b, ABSP 9.2). Before issue 38 the protocol's schema
refused each ("Invalid enum value 'false_blank'", "Expected `int` >= 0") and the result never
arrived. The documents are the core's own (common.replay), signed with the table's key."""
from __future__ import annotations

import json

import pytest

from common.replay import replay_lines
from common.wire.document import result_document
from tests.support.director_harness import TOURNAMENT, Director, signed_bytes

GAMES = {
    "school-false-blank": ("school", [
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 30},
        {"t": 20, "cmd": "play", "player": 1, "score": 22},
        {"t": 30, "cmd": "play", "player": 0, "score": 40, "blanks": "e"},
        {"t": 35, "cmd": "false_blank", "player": 1},
        {"t": 40, "cmd": "resume", "player": 0},
        {"t": 60, "cmd": "play", "player": 1, "score": 18},
        {"t": 90, "cmd": "out", "player": 0, "score": 12},
        {"t": 93, "cmd": "accept", "player": 1},
        {"t": 95, "cmd": "rack", "player": 1, "tiles": "QZ"},
        {"t": 96, "cmd": "confirm", "player": 0},
        {"t": 97, "cmd": "confirm", "player": 1}], (62, 20)),
    "aspa-overtime-below-zero": ("aspa", [
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 12},
        {"t": 1700, "cmd": "play", "player": 1, "score": 6},           # 3:20 over: -40
        {"t": 1710, "cmd": "out", "player": 0, "score": 8},
        {"t": 1712, "cmd": "accept", "player": 1},
        {"t": 1715, "cmd": "rack", "player": 1, "tiles": "QZ"},
        {"t": 1716, "cmd": "confirm", "player": 0},
        {"t": 1717, "cmd": "confirm", "player": 1}], (40, -54)),
    "absp-zeros-below-zero": ("absp", [
        {"t": 0, "cmd": "start", "first": 0},
        *({"t": 10 * (i + 1), "cmd": "pass", "player": i % 2} for i in range(6)),
        {"t": 70, "cmd": "rack", "player": 0, "tiles": "QZ"},
        {"t": 71, "cmd": "rack", "player": 1, "tiles": "AE"},
        {"t": 72, "cmd": "confirm", "player": 0}], (-20, -2)),       # ABSP 10.1: the loser signs
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_locked_result_reaches_a_real_director_and_is_stored(name, tmp_path):
    preset, lines, finals = GAMES[name]
    script = [{"preset": preset, "players": ["Ann", "Bob"]}, *lines]
    game = replay_lines(json.dumps(line) for line in script)
    assert game.state.phase == "confirmed"
    document = result_document(game.state, game.events, game.state.last_ns, tournament=TOURNAMENT,
                               table="3", game_id=f"t3-{name}")
    assert tuple(document["result"]["final"]) == finals
    director = Director(tmp_path / "director.sqlite", preset=preset).start()
    try:
        answer = director.post(3, "results", signed_bytes(document))
        assert (answer.code, answer.body.get("outcome")) == (200, "stored"), answer.body
        stored = director.rows("results")
        assert [json.loads(row["document"])["result"]["final"] for row in stored] == [list(finals)]
    finally:
        director.stop()
