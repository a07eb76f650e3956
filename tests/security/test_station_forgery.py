"""The judge station's API (docs/sync-protocol.md, "The judge station") against a forger on the
venue's network: a verdict signed with a table's key, with the tournament key itself or with
another station's key is refused (403) and changes nothing; a challenge signed with the
station's key for a table is refused; a verdict for a table with no challenge open is refused
(409); the challenges open and a table's verdict are signed for their reader only. Each keeps
its refusal and the service still serves."""
from __future__ import annotations


from common.wire.signing import STATION_PROOF, SignatureError, sign, station_key, station_proof, table_key, verify, wire
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes

import pytest


def verdict(key: bytes, station: str = "1") -> bytes:
    document = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": station,
                "table": "7", "challenge_id": "t7-r1:turn-1:5", "words": ["QUIRE"], "valid": False,
                "lexicon": "ENABLE", "lexicon_fingerprint": "x", "sent_wall": 0.0}
    return wire(sign(document, key))


def open_challenge(director) -> None:
    document = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": "7", "round": 1,
                "game_id": "t7-r1", "challenge_id": "t7-r1:turn-1:5", "player": 0, "turn": 1,
                "words": ["QUIRE"], "state": "open", "seq": 1, "sent_wall": 0.0}
    assert director.post(7, "challenge", signed_bytes(document)).code == 200


@pytest.mark.parametrize("forged_with", ["table 7's key", "the tournament key", "station 2's key"])
def test_a_forged_verdict_is_refused_and_changes_nothing(director, forged_with):
    key = {"table 7's key": table_key(KEY.encode(), "7"), "the tournament key": KEY.encode(),
           "station 2's key": station_key(KEY.encode(), "2")}[forged_with]
    open_challenge(director)
    before = director.stored()
    answer = director.request("POST", "/api/stations/1/verdicts", verdict(key), anonymous=True)
    assert (answer.code, answer.body) == (403, {"error": "the signature is not station 1's"})
    assert director.stored() == before
    assert director.request("GET", "/api/tables/7/verdict", anonymous=True).code == 404
    assert director.rows("rejections")[-1]["table_name"] == "station 1"
    assert director.up()


def test_a_challenge_in_a_stations_name_and_a_verdict_with_none_open_are_refused(director):
    document = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": "7", "round": 1,
                "game_id": "t7-r1", "challenge_id": "x", "player": 0, "turn": 1, "words": [],
                "state": "open", "seq": 1, "sent_wall": 0.0}
    forged = wire(sign(document, station_key(KEY.encode(), "1")))
    assert director.post(7, "challenge", forged).code == 403
    answer = director.request("POST", "/api/stations/1/verdicts",
                              verdict(station_key(KEY.encode(), "1")), anonymous=True)
    assert (answer.code, answer.body) == (409, {"error": "table 7 has no challenge open"})
    assert director.rows("challenges") == []
    assert director.up()


def test_what_the_director_says_of_challenges_is_signed_for_its_reader_only(director):
    open_challenge(director)
    proof = {STATION_PROOF: station_proof(station_key(KEY.encode(), "1"), "1")}
    listed = director.request("GET", "/api/stations/1/challenges", None, proof, anonymous=True)
    assert listed.code == 200
    assert verify(listed.body, station_key(KEY.encode(), "1"))["challenges"][0]["table"] == "7"
    with pytest.raises(SignatureError):
        verify(listed.body, station_key(KEY.encode(), "2"))
    assert director.request("POST", "/api/stations/1/verdicts", verdict(station_key(KEY.encode(), "1")),
                            anonymous=True).code == 200
    back = director.request("GET", "/api/tables/7/verdict", anonymous=True).body
    assert verify(back, table_key(KEY.encode(), "7"))["valid"] is False
    with pytest.raises(SignatureError):
        verify(back, table_key(KEY.encode(), "8"))
