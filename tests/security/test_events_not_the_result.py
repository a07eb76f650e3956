"""Attack: a document whose events do not give its result. The events are changed and hashed
again (so the journal hash holds) while the result is left as it was; or they hold an event that
cannot happen where it stands; or one that cannot be read. The read-back refuses the first two
with 422 (the first field of the result that differs, or the impossible event by its place and
type), the form check the third with 400 naming the event; nothing is stored."""
import copy

import pytest

from tests.security.conftest import assert_refused_and_nothing_stored, played, with_events
from tests.support.director_harness import signed_bytes

TRUE = played(scores=(30, 20))


def events_changed(index: int, **fields) -> dict:
    events = copy.deepcopy(TRUE["events"])
    events[index].update(fields)
    return with_events(TRUE, events)


def test_events_that_give_another_result_are_refused(paired_director):
    assert TRUE["events"][2]["type"] == "TurnEnded" and TRUE["events"][2]["score"] == 20
    answer = paired_director.post(5, "results", signed_bytes(events_changed(2, score=90)))
    assert_refused_and_nothing_stored(paired_director, answer, 422,
                                      "result.final[1]: the document says 18; its events give 88")


@pytest.mark.parametrize("events, reason", [
    (lambda e: e.insert(3, {"schema": 1, "type": "ScoreCorrected", "at_ns": e[2]["at_ns"],
                            "turn": 9, "score": 400}),
     "events: events[3] (ScoreCorrected): turn 9 is not one of the game's 2 turns so far"),
    (lambda e: e[2].update(player=2), "events: events[2] (TurnEnded): player 2 is not a player (0 or 1)"),
    (lambda e: e[2].update(at_ns=0), "events: events[2] (TurnEnded): time went backwards: 0 < 20000000000"),
    (lambda e: e.pop(0), "events: events[0] (TurnEnded): the clock has not been started "
                         "(no GameStarted before it)"),
], ids=["a correction of no turn", "a third player", "time backwards", "no start"])
def test_events_that_cannot_happen_are_refused_by_place_and_type(paired_director, events, reason):
    changed = copy.deepcopy(TRUE["events"])
    events(changed)
    answer = paired_director.post(5, "results", signed_bytes(with_events(TRUE, changed)))
    assert_refused_and_nothing_stored(paired_director, answer, 422, reason)


def test_an_event_that_cannot_be_read_is_refused_by_place_and_type(paired_director):
    document = copy.deepcopy(TRUE)
    document["events"][2]["player"] = "Bob"          # its hash cannot even be computed
    answer = paired_director.post(5, "results", signed_bytes(document))
    assert (answer.code, answer.body) == (400, {"error": "events[2].player: Expected `int`, got `str`"})
    assert paired_director.rows("results") == [] and len(paired_director.rows("rejections")) == 1
    assert paired_director.rows("rejections")[0]["document"] is None     # not signed-and-checked
    assert paired_director.request("GET", "/api/state").code == 200
