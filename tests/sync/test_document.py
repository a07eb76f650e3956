"""Result documents: complete, signed, checkable, and recomputable by the director."""
import json

import pytest

from common.game.result import compute
from common.game.rules import rules_from_preset
from common.game.state import new_game, replay
from common.replay import replay_lines
from common.wire.document import events_of, result_document
from common.wire.signing import SignatureError, sign, verify

KEY = b"tournament-secret"
SCRIPT = [
    {"preset": "nzasp", "round": 3, "players": ["Ann", "Bob"]},
    {"t": 0, "cmd": "start", "first": 0},
    {"t": 30, "cmd": "play", "player": 0, "score": 40},
    {"t": 50, "cmd": "challenge", "player": 1, "words": ["AXE", "OXQ"], "valid": False},
    {"t": 52, "cmd": "resume", "player": 0},
    {"t": 70, "cmd": "out", "player": 1, "score": 22},
    {"t": 72, "cmd": "accept", "player": 0},
    {"t": 80, "cmd": "rack", "player": 0, "tiles": "EEK"},
]
ADJUDICATION = {"words": ["AXE", "OXQ"], "valid": False, "per_word": [True, False],
                "lexicon": "ENABLE2K", "lexicon_fingerprint": "ab" * 32, "challenger": "Bob",
                "table": "7", "at_ns": 50 * 10**9, "wall": 1763776800.0}


@pytest.fixture
def document():
    replayed = replay_lines(json.dumps(line) for line in SCRIPT)
    return result_document(replayed.state, replayed.events, 80 * 10**9, tournament="Autumn Open",
                           table=7, game_id="t7-r3", adjudications=[ADJUDICATION])


def test_the_document_carries_the_result_the_turns_and_the_adjudications(document):
    assert document["schema"] == 1 and document["kind"] == "result"
    assert (document["tournament"], document["round"], document["table"]) == ("Autumn Open", 3, "7")
    assert document["players"] == ["Ann", "Bob"] and document["first"] == 0
    assert document["result"]["final"] == [0, 22 + 2 * 7]
    assert document["result"]["turns"][0]["type"] == "phony"
    assert document["adjudications"][0]["per_word"] == [True, False]   # for the director only


def test_the_director_recomputes_the_same_result_from_the_events(document):
    rules = rules_from_preset(document["rules"], "document")
    state = replay(new_game(rules, document["round"], tuple(document["players"])), events_of(document))
    assert compute(state, 80 * 10**9).to_dict() == document["result"]


def test_signed_documents_verify_and_altered_ones_do_not(document):
    signed = json.loads(json.dumps(sign(document, KEY)))        # as it crosses the wire
    assert verify(signed, KEY) == document
    with pytest.raises(SignatureError):
        verify(signed, b"another key")
    signed["document"]["result"]["final"] = [100, 0]
    with pytest.raises(SignatureError):
        verify(signed, KEY)
    with pytest.raises(SignatureError):
        verify({"document": document}, KEY)


def test_events_that_do_not_match_the_journal_hash_are_refused(document):
    document["events"][2]["score"] = 90
    with pytest.raises(ValueError):
        events_of(document)


@pytest.mark.parametrize("index, event, reason", [
    (1, {"player": "Ann"}, "events[1] (TurnEnded): TurnEnded.player: expected int, got 'Ann'"),
    (1, {"type": "Teleported"}, "events[1]: unknown event type 'Teleported'"),
    (0, {"colour": "red"}, "events[0] (GameStarted): GameStarted has no field 'colour'"),
])
def test_an_event_that_cannot_be_read_is_named_by_its_place(document, index, event, reason):
    document["events"][index].update(event)
    with pytest.raises(ValueError) as refused:
        events_of(document)
    assert str(refused.value) == reason
    document["events"][index] = "an event"
    with pytest.raises(ValueError, match=rf"^events\[{index}\]: an event is a JSON object$"):
        events_of(document)
