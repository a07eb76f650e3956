"""Attacks on the judge station's challenges with one stolen card's key (issue 27, item 5),
against the real service on 127.0.0.1:

- table 3's key posts table 5's open challenge (its id was on the public list) with other words,
  so that the station rules on QI instead of ZQXJ and the verdict is signed for table 5; or marks
  it withdrawn, so that table 5 waits forever: refused 409, table 5's challenge as it was, and
  the station's verdict on ZQXJ still reaches table 5;
- the same key posts 2,500 open challenges: the station's list passed 1 MiB (its client read
  "unreachable") and the rows never expired. Now a table has one challenge open (a new one ends
  its older ones), keeps 50 ended, and a challenge open over 30 minutes is neither listed nor
  ruled on;
- anyone reads the station's list: it is given only to a request with the station's proof of
  its key (401 otherwise).
Each: nothing changed but what the honest parts do, and the service still serving."""
from __future__ import annotations

import http.client
import itertools
import json
import time

import pytest

from director.tables.challenges import KEPT_PER_TABLE, OPEN_S, receive_challenge
from common.wire.signing import STATION_PROOF, sign, station_key, station_proof, table_key, verify, wire
from tests.security.conftest import assert_honest_table_served
from tests.support.director_harness import KEY, TOURNAMENT

FIVES = "t5-r1:turn-7:100"
SEQ = itertools.count(1)        # each challenge document the tables sign, in order


def challenge(table: str, cid: str, words=("ZQXJ",), state="open", key_of: str | None = None) -> bytes:
    document = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": table, "round": 1,
                "game_id": f"t{table}-r1", "challenge_id": cid, "player": 0, "turn": 7,
                "words": list(words), "state": state, "seq": next(SEQ), "sent_wall": 0.0}
    return wire(sign(document, table_key(KEY.encode(), key_of or table)))


def verdict(table: str, cid: str | None, words=("ZQXJ",)) -> bytes:
    document = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": "1", "table": table,
                "challenge_id": cid, "words": list(words), "valid": False, "lexicon": "ENABLE",
                "lexicon_fingerprint": "x", "sent_wall": 0.0}
    return wire(sign(document, station_key(KEY.encode(), "1")))


def listed(director, proof: str | None = None):
    proof = station_proof(station_key(KEY.encode(), "1"), "1") if proof is None else proof
    return director.request("GET", "/api/stations/1/challenges", None, {STATION_PROOF: proof},
                            anonymous=True)


def open_list(director) -> list[dict]:
    answer = listed(director)
    assert answer.code == 200
    return verify(answer.body, station_key(KEY.encode(), "1"))["challenges"]


def fives(director) -> dict:
    (row,) = [r for r in director.rows("challenges") if r["id"] == FIVES]
    return row


@pytest.mark.parametrize("words, state", [(("QI",), "open"), ((), "withdrawn"), (("QI",), "ruled")],
                         ids=["other words", "withdrawn", "ruled"])
def test_table_3s_key_cannot_touch_table_5s_challenge(director, words, state):
    assert director.post(5, "challenge", challenge("5", FIVES)).code == 200
    before = fives(director)
    # table 3's own challenge document naming table 5's challenge, signed with table 3's key
    answer = director.post(3, "challenge", challenge("3", FIVES, words, state))
    assert answer.code == 409 and answer.body["error"].startswith(
        f"challenge_id: {FIVES} is not a challenge of table 3"), answer
    assert fives(director) == before and before["state"] == "open" and before["table_name"] == "5"
    assert [c["words"] for c in open_list(director)] == [["ZQXJ"]]
    ruled = director.request("POST", "/api/stations/1/verdicts", verdict("5", FIVES), anonymous=True)
    assert ruled.code == 200                                   # the station rules on ZQXJ
    back = verify(director.request("GET", "/api/tables/5/verdict", anonymous=True).body,
                  table_key(KEY.encode(), "5"))
    assert back["words"] == ["ZQXJ"] and back["challenge_id"] == FIVES
    assert director.rows("rejections")[-1]["code"] == 409
    assert_honest_table_served(director)


def test_2500_open_challenges_from_one_key_leave_one_open_and_a_bounded_list(make_director):
    # the tables' API's rate raised: what is tested is what 2,500 stored challenges leave, not
    # how many of them the rate lets through (which depends on how fast they are answered)
    director = make_director(settings={"limits.table_requests_per_s": 100_000})
    assert director.post(5, "challenge", challenge("5", FIVES)).code == 200
    conn = http.client.HTTPConnection("127.0.0.1", director.port, timeout=60)
    statuses = []
    for n in range(2500):
        conn.request("POST", "/api/tables/3/challenge", challenge("3", f"t3-r1:turn-1:{n}", ("QI",)),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)
    conn.close()
    assert set(statuses) <= {200, 429} and statuses.count(200) >= 1000
    threes = [r for r in director.rows("challenges") if r["table_name"] == "3"]
    assert len(threes) <= KEPT_PER_TABLE and [r["state"] for r in threes].count("open") == 1
    body = listed(director)
    assert len(json.dumps(body.body)) < 2000
    assert sorted(c["table"] for c in open_list(director)) == ["3", "5"]
    assert fives(director)["state"] == "open"
    assert_honest_table_served(director)


def test_a_challenge_open_over_half_an_hour_is_neither_listed_nor_ruled_on(director):
    opened = time.time() - OPEN_S - 60                 # as the service had it an hour ago
    assert receive_challenge(director.db, "5", challenge("5", FIVES), KEY.encode(), opened).code == 200
    assert open_list(director) == []
    answer = director.request("POST", "/api/stations/1/verdicts", verdict("5", FIVES), anonymous=True)
    assert answer.code == 409 and "was opened over 30 minutes ago" in answer.body["error"]
    assert fives(director)["station"] is None
    assert director.request("GET", "/api/tables/5/verdict", anonymous=True).code == 404


@pytest.mark.parametrize("proof", ["", "0" * 64, "table"], ids=["none", "guessed", "a table's key"])
def test_the_stations_list_is_the_stations_only(director, proof):
    assert director.post(5, "challenge", challenge("5", FIVES)).code == 200
    if proof == "table":
        proof = station_proof(table_key(KEY.encode(), "5"), "1")
    refused = listed(director, proof)
    assert refused.code == 401 and refused.body["error"].startswith(
        "the challenges open are judge station 1's only"), refused
    assert "ZQXJ" not in json.dumps(refused.body)
    assert [c["challenge_id"] for c in open_list(director)] == [FIVES]   # the station's own ask
    assert_honest_table_served(director)
