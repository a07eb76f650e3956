"""The kiosk's HTTP client against a director on a real port: what each answer means."""
import socket

import pytest

from kiosk.sync.http_client import (DELIVERED, REFUSED, UNREACHABLE, AssignmentError,
                                    DirectorClient)
from kiosk.sync.signing import sign
from sync_kiosks import KEY

DOC = {"schema": 1, "kind": "result", "tournament": "T", "round": 1, "table": "4", "revision": 1}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_stored_result_is_delivered_and_the_same_again_is_a_duplicate(director):
    client = DirectorClient(director.url, "4", KEY)
    first, again = client.post("results", sign(DOC, KEY)), client.post("results", sign(DOC, KEY))
    assert (first.kind, first.code, first.reason) == (DELIVERED, 200, "stored")
    assert (again.kind, again.reason) == (DELIVERED, "duplicate")
    assert list(director.results) == [("T", 1, "4")]


def test_a_forged_or_misaddressed_document_is_refused_with_the_directors_reason(director):
    forged = DirectorClient(director.url, "4", KEY).post("results", sign(DOC, b"x" * 20))
    assert (forged.kind, forged.code) == (REFUSED, 403) and "signature" in forged.reason
    elsewhere = DirectorClient(director.url, "5", KEY).post("results", sign(DOC, KEY))
    assert (elsewhere.kind, elsewhere.code) == (REFUSED, 409)
    assert elsewhere.reason.startswith("409 the document is for table 4")
    assert director.results == {}


def test_no_director_and_a_failing_director_are_unreachable(director):
    gone = DirectorClient(f"http://127.0.0.1:{free_port()}", "4", KEY, timeout_s=30)
    answer = gone.post("results", sign(DOC, KEY))
    assert answer.kind == UNREACHABLE and answer.code is None
    assert answer.reason.startswith("director not reached")
    director.refuse_with = 503
    busy = DirectorClient(director.url, "4", KEY).post("results", sign(DOC, KEY))
    assert (busy.kind, busy.code) == (UNREACHABLE, 503)


def test_the_assignment_is_believed_only_when_signed_with_the_key_for_this_table(director):
    client = DirectorClient(director.url, "4", KEY)
    assert client.assignment() is None                              # 404: none yet
    director.assign("4", round=2, players=["Ann", "Bob"], first=1)
    assignment = client.assignment()
    assert (assignment["round"], assignment["players"], assignment["first"]) == (2, ["Ann", "Bob"], 1)
    director.assign("4", key=b"not the tournament key", round=3)
    with pytest.raises(AssignmentError, match="signature does not match"):
        client.assignment()
    director.assignments["4"] = director.assignments.get("9") or sign(
        {"schema": 1, "kind": "assignment", "table": "9", "round": 3}, KEY)
    with pytest.raises(AssignmentError, match="for table '9'"):
        client.assignment()


def test_an_address_that_is_not_http_is_refused_by_name():
    with pytest.raises(ValueError, match="director.url"):
        DirectorClient("director.local:8080", "4", KEY)
