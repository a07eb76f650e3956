"""What a table plays: its assignment, signed with that table's own key (never the tournament
key), the current round, the round's start and end."""
import pytest

from director.event.model import Pairing, Player
from director.event.rounds import RoundError, current_round, store_pairings, store_players
from tests.support.director_harness import KEY, TOURNAMENT
from common.wire.signing import SignatureError, table_key, verify

def key_of(table: str) -> bytes:
    return table_key(KEY.encode(), table)


PLAYERS = [Player(n, name, 1500 + n) for n, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"], start=1)]


def pair(director, round_number=1):
    store_players(director.db, PLAYERS)
    store_pairings(director.db, [
        Pairing(round_number, "1", (1, 2), 1),
        Pairing(round_number, "2", (4, 3), None),
        Pairing(round_number, "", (5, 0)),                          # a bye: no table
    ])


def assignment(director, table):
    answer = director.request("GET", f"/api/tables/{table}/assignment")
    return answer.code, answer.body


def test_a_table_gets_its_players_and_who_starts_signed_with_its_own_key(director):
    pair(director)
    code, signed = assignment(director, 1)
    assert code == 200
    document = verify(signed, key_of("1"))
    assert document == {"schema": 1, "kind": "assignment", "tournament": TOURNAMENT, "division": "A", "round": 1,
                        "table": "1", "players": ["Ann", "Bob"], "first": 1,
                        "round_started_wall": None, "round_ended_wall": None,
                        "corrections": [], "revision": document["revision"]}
    for other in (KEY.encode(), key_of("2"), b"another-key-0123456"):   # the tournament key,
        with pytest.raises(SignatureError):                              # another table's
            verify(signed, other)
    assert verify(assignment(director, 2)[1], key_of("2"))["players"] == ["Dan", "Cat"]


def test_a_table_without_a_pairing_gets_404(director):
    assert assignment(director, 1)[0] == 404            # nothing paired yet
    pair(director)
    code, body = assignment(director, 9)
    assert code == 404 and "table 9" in body["error"]


def test_starting_and_ending_the_round_reaches_the_assignment_with_a_new_revision(director):
    pair(director)
    before = verify(assignment(director, 1)[1], key_of("1"))
    started = director.request("POST", "/api/rounds/start", b"{}")
    assert started.code == 200 and started.body["round"] == 1 and started.body["started_wall"] > 1e9
    during = verify(assignment(director, 1)[1], key_of("1"))
    assert during["round_started_wall"] == started.body["started_wall"]
    assert during["revision"] > before["revision"] and during["round_ended_wall"] is None
    ended = director.request("POST", "/api/rounds/end", b'{"round": 1}')
    assert ended.code == 200 and ended.body["ended_wall"] >= started.body["started_wall"]
    after = verify(assignment(director, 1)[1], key_of("1"))
    assert after["round_ended_wall"] == ended.body["ended_wall"] and after["revision"] > during["revision"]


def test_the_next_rounds_pairings_become_current_when_the_round_ends(director):
    pair(director, 1)
    store_pairings(director.db, [Pairing(2, "1", (3, 1), 0)])
    assert current_round(director.db) == 1
    director.request("POST", "/api/rounds/start", b"{}")
    director.request("POST", "/api/rounds/end", b"{}")
    assert current_round(director.db) == 2
    document = verify(assignment(director, 1)[1], key_of("1"))
    assert (document["round"], document["players"], document["round_started_wall"]) == (2, ["Cat", "Ann"], None)


def test_round_buttons_refuse_what_cannot_be_done(director):
    assert director.request("POST", "/api/rounds/start", b"{}").code == 409     # no pairings
    pair(director)
    refused = director.request("POST", "/api/rounds/end", b"{}")
    assert refused.code == 409 and "not started" in refused.body["error"]
    director.request("POST", "/api/rounds/start", b"{}")
    director.request("POST", "/api/rounds/end", b"{}")
    again = director.request("POST", "/api/rounds/start", b'{"round": 1}')
    assert again.code == 409 and "ended" in again.body["error"]


def test_pairings_naming_unknown_or_doubled_players_are_refused(director):
    store_players(director.db, PLAYERS)
    with pytest.raises(RoundError, match="no player number 9"):
        store_pairings(director.db, [Pairing(1, "1", (1, 9))])
    with pytest.raises(RoundError, match="player 1 is paired twice"):
        store_pairings(director.db, [Pairing(1, "1", (1, 2)), Pairing(1, "2", (1, 3))])
    assert director.rows("pairings") == []
