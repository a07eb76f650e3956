"""A play's word noted at the table (common.game NoteWord, WordNoted; issue 37's high word): in the
result's turns and the document the director reads, changing nothing of the game; refused
for a turn that is not the player's play, for anything but letters, and once the result is
locked. A document without words (every older table's) reads as before."""
from __future__ import annotations

import json

import pytest

from common.game import commands as cmd
from common.game.errors import BadTurn, GameOver
from common.game.game import step
from common.game.readback import result_of
from common.game.result import compute
from common.replay import replay_lines
from common.wire import schema
from common.wire.document import events_of, result_document
from common.presets import load_preset

S = 10**9
ASPA = load_preset("aspa")


def lines(*extra: dict) -> list[str]:
    """A short game (Ann 30, Bob 20, Ann out for 10), with ``extra`` lines after Bob's play."""
    script = [{"preset": "aspa", "round": 1, "players": ["Ann", "Bob"]},
              {"t": 0, "cmd": "start", "first": 0},
              {"t": 20, "cmd": "play", "player": 0, "score": 30},
              {"t": 40, "cmd": "play", "player": 1, "score": 20},
              *extra,
              {"t": 60, "cmd": "out", "player": 0, "score": 10},
              {"t": 62, "cmd": "accept", "player": 1},
              {"t": 70, "cmd": "rack", "player": 1, "tiles": "AE"},
              {"t": 75, "cmd": "confirm", "player": 0},
              {"t": 76, "cmd": "confirm", "player": 1}]
    return [json.dumps(line) for line in script]


def test_a_noted_word_is_on_its_turn_in_the_document_and_changes_nothing_else():
    noted = replay_lines(lines({"t": 41, "cmd": "word", "player": 0, "turn": 1, "word": "QUIRE"},
                               {"t": 42, "cmd": "word", "player": 1, "turn": 2, "word": "zebRA"}))
    plain = replay_lines(lines())
    turns = compute(noted.state, noted.state.last_ns).to_dict()["turns"]
    assert [t.get("word") for t in turns] == ["QUIRE", "zebRA", None]
    without = compute(plain.state, plain.state.last_ns).to_dict()
    assert {k: v for k, v in compute(noted.state, noted.state.last_ns).to_dict().items()
            if k != "turns"} == {k: v for k, v in without.items() if k != "turns"}
    assert "word" not in json.dumps(without["turns"])          # older documents' turns, as they were
    document = result_document(noted.state, noted.events, noted.state.last_ns, tournament="T",
                               table=3, game_id="g")
    wire = json.loads(json.dumps(document))
    schema.convert(wire, schema.ResultDocument)                 # the director's schema takes it
    state, result = result_of(ASPA, 1, ("Ann", "Bob"), events_of(wire))
    assert result.to_dict() == wire["result"]                   # read back as the director does


def test_noting_again_replaces_the_word():
    replayed = replay_lines(lines({"t": 41, "cmd": "word", "player": 0, "turn": 1, "word": "QUIRE"},
                                  {"t": 42, "cmd": "word", "player": 0, "turn": 1, "word": "QUIET"}))
    assert replayed.state.turns[0].word == "QUIET"


@pytest.mark.parametrize("line, why", [
    ({"player": 1, "turn": 1, "word": "QUIRE"}, "is not a play of Bob's"),
    ({"player": 0, "turn": 5, "word": "QUIRE"}, "there is no turn 5"),
    ({"player": 0, "turn": 1, "word": "QU1RE"}, "2 to 15 letters"),
    ({"player": 0, "turn": 1, "word": "Q"}, "2 to 15 letters"),
    ({"player": 0, "turn": 1, "word": "ÉCLAIR"}, "2 to 15 letters"),
    ({"player": 0, "turn": 1, "word": "A" * 16}, "2 to 15 letters"),
])
def test_a_word_for_another_players_turn_or_not_letters_is_refused(line, why):
    state = replay_lines(lines()[:4]).state
    with pytest.raises(BadTurn, match=why):
        step(state, cmd.NoteWord(**line), 50 * S)


def test_an_exchange_has_no_word_and_a_locked_result_takes_none():
    script = [json.loads(x) for x in lines()]
    script[3] = {"t": 40, "cmd": "exchange", "player": 1, "tiles": 3}
    state = replay_lines(json.dumps(x) for x in script[:4]).state
    with pytest.raises(BadTurn, match="is not a play"):
        step(state, cmd.NoteWord(1, 2, "QUIRE"), 50 * S)
    locked = replay_lines(lines()).state
    with pytest.raises(GameOver):
        step(locked, cmd.NoteWord(0, 1, "QUIRE"), 90 * S)
