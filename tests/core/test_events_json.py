"""Events serialise to JSON and back without loss, with a schema version; bad JSON is refused."""
import json

import pytest

from kiosk.core import events as ev


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
