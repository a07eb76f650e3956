"""Attack: a document signed with the tournament key itself (an old kiosk config, or a key taken
from the director) instead of its table's own key. Refused 403 over HTTP and over the serial
line, for a result and for a status, kept in the rejections, nothing stored. And the tournament
key never leaves the director: no answer carries it or anything signed with it."""
import json

import pytest

from common.wire.signing import SignatureError, sign, table_key, verify, wire
from tests.support.director_harness import KEY, result_doc, signed_bytes, status_doc

REASON = "signed with the tournament key, not table 5's own key"


def with_the_tournament_key(document) -> bytes:
    return wire(sign(document, KEY.encode()))


@pytest.mark.parametrize("path, document", [("results", result_doc(5)), ("status", status_doc(5))])
def test_a_document_signed_with_the_tournament_key_is_refused_over_http(director, path, document):
    answer = director.post(5, path, with_the_tournament_key(document))
    assert answer.code == 403 and answer.body["error"].startswith(REASON)
    assert director.rows("results") == [] and director.rows("status") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["table_name"], rejection["path"], rejection["code"], rejection["source"]) == (
        "5", path, 403, "http")
    assert director.up()
    assert director.post(5, path, signed_bytes(document)).code == 200       # table 5's own key


@pytest.mark.slow
def test_a_document_signed_with_the_tournament_key_is_refused_over_the_serial_line(serial_director):
    process, table = serial_director
    ack = table.send("results", with_the_tournament_key(result_doc(5)))
    answer = json.loads(ack.body)
    assert answer["code"] == 403 and answer["error"].startswith(REASON)
    assert process.rows("results") == [] and process.rows("status") == []
    (rejection,) = process.rows("rejections")
    assert (rejection["table_name"], rejection["code"], rejection["source"]) == ("5", 403, "serial")
    assert process.answers()
    assert json.loads(table.send("results", signed_bytes(result_doc(5))).body)["code"] == 200


def test_the_tournament_key_never_leaves_the_director(director):
    from director.event.rounds import store_pairings, store_players
    from director.event.model import Pairing, Player
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "5", (1, 2), 0)])
    director.post(5, "results", signed_bytes(result_doc(5)))
    signed = director.request("GET", "/api/tables/5/assignment").body
    assert verify(signed, table_key(KEY.encode(), "5"))["table"] == "5"
    with pytest.raises(SignatureError):
        verify(signed, KEY.encode())
    for path in ("/api/state", "/api/tables/5/assignment"):
        text = json.dumps(director.request("GET", path).body)
        assert KEY not in text and KEY.encode().hex() not in text
    assert "key=" not in repr(director.config) and KEY not in repr(director.config)
