"""The kiosk's HTTP client against the real director (python -m director on a free port): what
each answer means. The answers a real director never gives (a 503, a signed assignment for
another table) come from the protocol server."""
import pytest

from bench.rigs.director_process import free_port
from kiosk.link.http_client import (DELIVERED, REFUSED, UNREACHABLE, AssignmentError,
                                    DirectorClient)
from common.wire.signing import sign, table_key
from bench.rigs.sync_kiosks import KEY, TOURNAMENT, play, script

PAIRINGS = {1: {"4": ("Ann", "Bob", 1)}}
KEY4 = table_key(KEY, "4")          # table 4's own key (the director holds KEY, the tournament's)


@pytest.fixture
def result(tmp_path):
    """A signed result of table 4, round 1, as a kiosk's outbox holds it."""
    from kiosk.store.outbox import Outbox
    play(tmp_path / "kiosk.sqlite", "4", script(1, ("Ann", "Bob"), (30, 24)))
    with Outbox.open(tmp_path / "kiosk.sqlite") as outbox:
        [doc] = outbox.due(float("inf"))
    return doc.body


def test_a_stored_result_is_delivered_and_the_same_again_is_a_duplicate(real_director, result):
    director = real_director(PAIRINGS)
    client = DirectorClient(director.url, "4", KEY4)
    first, again = client.post("results", result), client.post("results", result)
    assert (first.kind, first.code, first.reason) == (DELIVERED, 200, "stored")
    assert (again.kind, again.reason) == (DELIVERED, "duplicate")
    [row] = director.rows("results")
    assert (row["tournament"], row["round"], row["table_name"]) == (TOURNAMENT, 1, "4")


def test_a_forged_or_misaddressed_result_is_refused_with_the_directors_reason(real_director, result):
    director = real_director(PAIRINGS)
    forged = sign(result["document"], b"not table 4's key at all")
    answer = DirectorClient(director.url, "4", KEY4).post("results", forged)
    assert (answer.kind, answer.code) == (REFUSED, 403) and "signature" in answer.reason
    elsewhere = DirectorClient(director.url, "5", table_key(KEY, "5")).post("results", result)
    assert (elsewhere.kind, elsewhere.code) == (REFUSED, 409)
    assert elsewhere.reason.startswith("409 ")
    assert director.rows("results") == []
    assert sorted(r["code"] for r in director.rows("rejections")) == [403, 409]


def test_no_director_and_a_failing_director_are_unreachable(director, result):
    gone = DirectorClient(f"http://127.0.0.1:{free_port()}", "4", KEY4, timeout_s=30)
    answer = gone.post("results", result)
    assert answer.kind == UNREACHABLE and answer.code is None
    assert answer.reason.startswith("director not reached")
    director.refuse_with = 503                       # the protocol server, overloaded
    busy = DirectorClient(director.url, "4", KEY4).post("results", result)
    assert (busy.kind, busy.code) == (UNREACHABLE, 503)


def test_the_directors_limit_of_requests_is_waited_out_not_taken_for_a_refusal(real_director, result, tmp_path):
    (tmp_path / "limits.toml").write_text("[limits]\ntable_requests_per_s = 1\n")
    director = real_director(PAIRINGS, config=tmp_path / "limits.toml")
    client = DirectorClient(director.url, "4", KEY4)
    answers = [client.post("results", result) for _ in range(12)]      # a bucket of 5 a second
    limited = [a for a in answers if a.code == 429]
    assert limited and all(a.kind == UNREACHABLE for a in limited)
    assert limited[0].reason.startswith("director answered 429 too many requests from 127.0.0.1")
    assert {a.reason for a in answers if a.code == 200} == {"stored", "duplicate"}


def test_the_assignment_is_the_directors_pairing_signed_with_the_tables_key(real_director):
    unpaired = real_director()
    assert DirectorClient(unpaired.url, "4", KEY4).assignment() is None          # 404: none
    director = real_director(PAIRINGS, started=False)
    assignment = DirectorClient(director.url, "4", KEY4).assignment()
    assert (assignment["round"], assignment["players"], assignment["first"]) == (1, ["Ann", "Bob"], 1)
    assert assignment["round_started_wall"] is None
    started = director.round_action("start", 1)
    assert DirectorClient(director.url, "4", KEY4).assignment()["round_started_wall"] == \
        started["started_wall"]
    other_key = real_director(PAIRINGS, key=b"another tournament's key")
    with pytest.raises(AssignmentError, match="signature does not match"):
        DirectorClient(other_key.url, "4", KEY4).assignment()


def test_an_assignment_for_another_table_or_under_another_key_is_not_believed(director):
    director.assign("4", key=KEY4, table="9", round=3)      # table 4's key, but names table 9
    with pytest.raises(AssignmentError, match="for table '9'"):
        DirectorClient(director.url, "4", KEY4).assignment()
    for key in (KEY, table_key(KEY, "5")):          # the tournament key, another table's key
        director.assign("4", key=key)
        with pytest.raises(AssignmentError, match="signature does not match"):
            DirectorClient(director.url, "4", KEY4).assignment()


def test_an_address_that_is_not_http_is_refused_by_name():
    with pytest.raises(ValueError, match="director.url"):
        DirectorClient("director.local:8080", "4", KEY4)
