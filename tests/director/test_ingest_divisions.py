"""A table's result and status name its division, and the director checks it against the table's
pairing in that round: filed under it when they agree (or the document names none), refused
with a 409 naming both when they do not; a one-division event takes documents without one."""
import json

import pytest

from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from director.event.tournament import standings
from tests.support.director_harness import KEY, result_doc, signed_bytes, status_doc
from common.wire.signing import table_key, verify


@pytest.fixture
def two(director):
    """Division A: Ann v Bob at table 1; division B: Ann v Bob (other players, the same names)
    at table 2: only the division tells whose game a result is."""
    store_players(director.db, [Player(1, "Ann", 1500, "A"), Player(2, "Bob", 1400, "A"),
                                Player(1, "Ann", 900, "B"), Player(2, "Bob", 800, "B")])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0, "A"), Pairing(1, "2", (1, 2), 0, "B")])
    return director


def test_the_assignment_names_the_division_and_a_result_naming_it_is_filed_under_it(two):
    assignment = verify(two.request("GET", "/api/tables/2/assignment").body, table_key(KEY.encode(), "2"))
    assert (assignment["division"], assignment["round"], assignment["players"]) == ("B", 1, ["Ann", "Bob"])
    start_round(two.db, 1, 1e9, "B")
    answer = two.post(2, "results", signed_bytes({**result_doc(2, scores=(300, 200)), "division": "B"}))
    assert answer.body["outcome"] == "stored"
    assert two.rows("results")[0]["division"] == "B"
    a, _ = standings(two.db, two.config.rules, two.config.tournament, "A")
    b, _ = standings(two.db, two.config.rules, two.config.tournament, "B")
    assert [s.games for s in a] == [0, 0]
    assert [(s.player.name, s.wins) for s in b] == [("Ann", 1), ("Bob", 0)]


def test_a_result_naming_another_division_than_its_pairing_is_refused_and_nothing_stored(two):
    answer = two.post(1, "results", signed_bytes({**result_doc(1), "division": "B"}))
    assert answer.code == 409
    assert answer.body["error"] == "division: the document is division 'B'; round 1 table 1 is division A's"
    assert two.rows("results") == []
    (rejection,) = two.rows("rejections")
    assert (rejection["code"], rejection["table_name"]) == (409, "1")
    status = two.post(1, "status", signed_bytes({**status_doc(1), "division": "B"}))
    assert status.code == 409 and two.rows("status") == []


def test_a_document_without_a_division_is_filed_under_its_pairings(two):
    start_round(two.db, 1, 1e9, "A")
    assert two.post(1, "results", signed_bytes(result_doc(1))).body["outcome"] == "stored"
    assert two.post(1, "status", signed_bytes(status_doc(1))).body["outcome"] == "ok"
    assert two.rows("results")[0]["division"] == two.rows("status")[0]["division"] == "A"


def test_without_a_pairing_the_division_must_be_named_and_be_the_events(two):
    missing = two.post(9, "results", signed_bytes(result_doc(9)))
    assert missing.code == 409 and "division: missing" in missing.body["error"]
    unknown = two.post(9, "results", signed_bytes({**result_doc(9), "division": "Z"}))
    assert unknown.code == 409 and "'Z' is none of the event's divisions (A, B)" in unknown.body["error"]
    named = two.post(9, "status", signed_bytes({**status_doc(9), "division": "A"}))
    assert named.body["outcome"] == "ok" and two.rows("status")[0]["division"] == "A"
    # a result needs its table's pairing (director.tables.verify), whatever division it names
    result = two.post(9, "results", signed_bytes({**result_doc(9), "division": "A"}))
    assert result.code == 409 and result.body["error"] == (
        "pairing: table 9 has no pairing in round 1; the document has Ann and Bob")
    assert two.rows("results") == []
    bad = two.post(9, "status", signed_bytes({**status_doc(9), "division": 7}))
    assert bad.code == 400 and bad.body["error"] == "division: Expected `str`, got `int`"


def test_a_one_division_event_takes_documents_without_a_division(director):
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "5", (1, 2), 0), Pairing(2, "6", (2, 1), None)])
    start_round(director.db, 1, 1e9)
    start_round(director.db, 2, 1e9)
    assert director.post(5, "results", signed_bytes(result_doc(5))).body["outcome"] == "stored"
    assert director.post(6, "results", signed_bytes(result_doc(6, round_number=2))).body["outcome"] == "stored"
    assert {r["division"] for r in director.rows("results")} == {"A"}


def test_rounds_start_per_division_or_all_at_once(two):
    started = two.request("POST", "/api/rounds/start", json.dumps({"division": "b"}).encode())
    assert started.code == 200 and [(r["division"], r["round"]) for r in started.body["rounds"]] == [("B", 1)]
    assert verify(two.request("GET", "/api/tables/1/assignment").body, table_key(KEY.encode(), "1"))["round_started_wall"] is None
    both = two.request("POST", "/api/rounds/start", b"{}")
    assert [r["division"] for r in both.body["rounds"]] == ["A", "B"]
    assert verify(two.request("GET", "/api/tables/1/assignment").body, table_key(KEY.encode(), "1"))["round_started_wall"]
    unknown = two.request("POST", "/api/rounds/end", json.dumps({"division": "C"}).encode())
    assert unknown.code == 409 and "no division 'C'" in unknown.body["error"]


def test_a_table_is_paired_in_one_division_a_round(two):
    with pytest.raises(ValueError, match=r"division B round 1: table 1 is division A's in that round"):
        store_pairings(two.db, [Pairing(1, "1", (1, 2), 0, "B")])
    # A moves on to round 2 at table 3 while B, a round behind, still plays its round 1 there:
    # the table plays B's game first, then A's once B's has its result
    store_pairings(two.db, [Pairing(1, "3", (1, 2), 0, "B"), Pairing(2, "3", (2, 1), None, "A")])
    start_round(two.db, 1, 1e9, "A")
    two.request("POST", "/api/rounds/end", json.dumps({"division": "A"}).encode())

    def table_3():
        document = verify(two.request("GET", "/api/tables/3/assignment").body, table_key(KEY.encode(), "3"))
        return document["division"], document["round"], document["players"]
    assert table_3() == ("B", 1, ["Ann", "Bob"])
    start_round(two.db, 1, 1e9, "B")
    assert two.post(3, "results", signed_bytes({**result_doc(3), "division": "B"})).code == 200
    assert table_3() == ("A", 2, ["Bob", "Ann"])


def test_a_stored_result_sent_again_after_the_tables_were_repaired_is_a_duplicate(two):
    start_round(two.db, 1, 1e9, "A")
    data = signed_bytes({**result_doc(1), "division": "A"})
    assert two.post(1, "results", data).body["outcome"] == "stored"
    # the director swaps the divisions' tables; the table, whose acknowledgement was lost, sends again
    store_pairings(two.db, [Pairing(1, "5", (1, 2), 0, "A")])
    store_pairings(two.db, [Pairing(1, "1", (1, 2), 0, "B")])
    assert two.post(1, "results", data).body["outcome"] == "duplicate"
    other = two.post(1, "results", signed_bytes({**result_doc(1, revision=2), "division": "A"}))
    assert other.code == 409                            # a new revision is checked like any result
