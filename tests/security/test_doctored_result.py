"""Attack: a doctored result. The events are the game's (their journal hash holds) but the result
says otherwise: a final score, the spread, the winner, the ending, an itemised part, who went
first; or a whole lie kept consistent (final, spread and turn points raised together). Each is
refused 422 naming the first field that differs from what the events give through the core,
kept in the rejections and listed on the page, nothing stored."""
import copy

import pytest

from tests.security.conftest import assert_refused_and_nothing_stored, played
from tests.support.director_harness import signed_bytes

TRUE = played(scores=(30, 20))      # Ann 30 + 10, out: + Bob's AE (2) = 42; Bob 20 - 2 = 18


def doctored(change) -> dict:
    document = copy.deepcopy(TRUE)
    change(document)
    return document


def raise_everything(document):
    result = document["result"]
    result["final"][1] += 50
    result["spread"] -= 50
    result["winner"] = 1
    result["turn_points"][1] += 50


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["result"].update(final=[42, 68]),
     "result.final[1]: the document says 68; its events give 18"),
    (lambda d: d["result"].update(spread=10), "result.spread: the document says 10; its events give 24"),
    (lambda d: d["result"].update(winner=1), "result.winner: the document says 1; its events give 0"),
    (lambda d: d["result"].update(end="time"), 'result.end: the document says "time"; its events give "out"'),
    (lambda d: d["result"]["rack_adjust"].__setitem__(1, 0),
     "result.rack_adjust[1]: the document says 0; its events give -2"),
    (lambda d: d["result"]["turns"][1].update(score=21),
     "result.turns[1].score: the document says 21; its events give 20"),
    (lambda d: d.update(first=1), "first: the document says 1; its events give 0"),
    (lambda d: d.update(phase="ended"), 'phase: the document says "ended"; its events give "confirmed"'),
    (raise_everything, "result.final[1]: the document says 68; its events give 18"),
], ids=["final", "spread", "winner", "end", "rack adjustment", "a turn", "first", "phase",
        "a consistent lie"])
def test_a_doctored_result_is_refused_naming_the_first_field_that_differs(paired_director, change, reason):
    assert TRUE["result"]["final"] == [42, 18] and TRUE["result"]["spread"] == 24
    answer = paired_director.post(5, "results", signed_bytes(doctored(change)))
    assert_refused_and_nothing_stored(paired_director, answer, 422, reason)


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["result"].update(confirmed=1), "result.confirmed: Expected `bool`, got `int`"),
    (lambda d: d["result"].update(cap_adjust=[0, 0, 0]),
     "result.cap_adjust: Expected `array` of length 2"),
    (lambda d: d["result"].update(bonus=5), "result: Object contains unknown field `bonus`"),
    (lambda d: d["result"].pop("time_used_ms"),
     "result: Object missing required field `time_used_ms`"),
], ids=["a boolean as a number", "cap adjustment", "a part of no result", "a part left out"])
def test_a_result_not_of_the_schemas_form_is_refused_before_its_signature(paired_director, change, reason):
    """What the schema (common.wire.schema) can tell is refused by it, 400, before anything reads
    the document: its form, not its game, so no document is kept."""
    answer = paired_director.post(5, "results", signed_bytes(doctored(change)))
    assert (answer.code, answer.body) == (400, {"error": reason})
    assert paired_director.rows("results") == paired_director.rows("results_audit") == []
    (rejection,) = paired_director.rows("rejections")
    assert (rejection["code"], rejection["reason"], rejection["document"]) == (400, reason, None)
