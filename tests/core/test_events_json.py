"""Events serialise to JSON and back without loss, with a schema version; bad JSON is refused."""
import json

import pytest

from common.game import events as ev


def test_every_event_type_round_trips():
    samples = [
        ev.StartCalled(1, (0, 1)), ev.Arrived(2, 1, 300_000_000_000, 10), ev.GameStarted(3, 0),
        ev.TurnEnded(4, 0, "play", score=24, blanks="E"), ev.TurnEnded(5, 1, "exchange", tiles=3),
        ev.TurnEnded(6, 0, "pending", out=True), ev.TurnRecorded(7, 2, "play", score=9),
        ev.HoldCalled(8, 1, 2), ev.ClockNeutralised(9, "score"), ev.ClockResumed(10, 0, 1),
        ev.ChallengeOpened(11, 1, 2), ev.ChallengeRuled(12, 1, 2, ("QI", "ZA"), True),
        ev.ChallengeWithdrawn(13, 1, 2), ev.PhonyWithdrawn(14, 2), ev.ChallengeBonus(15, 0, 2, 10),
        ev.TurnLost(16, 1), ev.PlayOutAccepted(17, 1), ev.GameEnded(18, "out"),
        ev.RackEntered(19, 1, "QU?"), ev.ScoreCorrected(20, 0, 27), ev.TimeAdjusted(21, 0, -5),
        ev.Forfeited(22, 1, "overtime"), ev.ResultConfirmed(23, 0), ev.ResultLocked(24),
        ev.Recovered(25, 12), ev.GameReopened(26), ev.GameVoided(27),
        ev.TilesFound(28, 2, -1), ev.TurnSentBack(29, 1, 3), ev.BlankDeclared(30, 3, "S"),
        ev.FalseBlankFound(31, 0, 4), ev.TimeDivided(32, 600_000_000_000),
        ev.ChallengeRechecked(33, 0, 2, False), ev.AbsentDeclared(34, (1,)),
        ev.SendBackUndone(35, 1, 3, 9_000_000_000),
        ev.WordNoted(35, 0, 2, "QUaRTZ"),
    ]
    assert {type(e) for e in samples} == set(ev.EVENT_TYPES.values())
    for event in samples:
        text = ev.to_json(event)
        assert json.loads(text)["schema"] == ev.SCHEMA_VERSION
        assert ev.from_json(text) == event


@pytest.mark.parametrize("text, reason", [
    ("{", "not JSON"),
    ("[1]", "a JSON object"),
    ('{"schema": 99, "type": "GameStarted", "at_ns": 1, "first": 0}', "schema 99"),
    ('{"schema": 1, "type": "Teleported", "at_ns": 1}', "unknown event type"),
    ('{"schema": 1, "type": "GameStarted", "at_ns": 1}', "lacks 'first'"),
    ('{"schema": 1, "type": "GameStarted", "at_ns": 1, "first": "0"}', "expected int"),
    ('{"schema": 1, "type": "GameStarted", "at_ns": 1, "first": 0, "x": 1}', "no field 'x'"),
    ('{"schema": 1, "type": "ChallengeRuled", "at_ns": 1, "player": 1, "turn": 0, '
     '"words": ["QI", 3], "valid": true}', "expected tuple[str, ...]"),
])
def test_malformed_events_are_refused_with_a_reason(text, reason):
    with pytest.raises(ev.EventFormatError) as err:
        ev.from_json(text)
    assert reason in str(err.value)


def test_the_vocabulary_comes_back_from_json_as_enum_members():
    """An event read from the journal holds the same enum members as one the core made, and
    its JSON holds their text, as before the vocabulary was typed."""
    from common.game.vocabulary import EndReason, ForfeitReason, TurnKind
    made = [ev.TurnEnded(1, 0, TurnKind.EXCHANGE, tiles=3), ev.TurnRecorded(2, 0, "pass"),
            ev.GameEnded(3, EndReason.ZEROS), ev.Forfeited(4, 1, "late")]
    texts = [json.loads(ev.to_json(e)) for e in made]
    assert [texts[0]["kind"], texts[1]["kind"], texts[2]["reason"], texts[3]["reason"]] == [
        "exchange", "pass", "zeros", "late"]
    back = [ev.from_json(ev.to_json(e)) for e in made]
    assert back == made
    words = [back[0].kind, back[1].kind, back[2].reason, back[3].reason]
    assert [type(word) for word in words] == [TurnKind, TurnKind, EndReason, ForfeitReason]
    assert words == [TurnKind.EXCHANGE, TurnKind.PASS, EndReason.ZEROS, ForfeitReason.LATE]


def test_a_word_outside_the_vocabulary_is_refused_when_read():
    with pytest.raises(ev.EventFormatError, match="TurnEnded.kind: expected one of play, exchange"):
        ev.from_json('{"schema":1,"type":"TurnEnded","at_ns":1,"player":0,"kind":"swap"}')
