"""Attack: a stolen card (a table's own key) signs results meant to block the honest ones or to
count early. The director decides the order: a result is taken only for a round that has started,
and only as the next revision of its game (1, then the stored revision + 1). A result of
revision 2**31 - 1 (which kept every honest revision out, answered 200 "older" with no audit) is
refused by the schema; a revision 1000 is refused 409 naming the revision the director takes
next; a round-2 result while round 1 is being played is refused 409; each is kept in the
rejections with its document and listed on the page, nothing is stored, and the honest table's
result is then taken. A score the standings' files cannot hold (below 0, above 999) is refused
at the door, not at the export."""
import json

import pytest

from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from director.web.parts import standings_part
from tests.security.conftest import assert_honest_table_served, played
from tests.support.director_harness import signed_bytes


def stored(director) -> list[tuple]:
    return [(r["round"], r["table_name"], r["revision"], r["score0"], r["score1"])
            for r in director.rows("results")]


def refused_as(director, answer, code: int, reason: str) -> None:
    assert (answer.code, answer.body) == (code, {"error": reason})
    rejection = director.rows("rejections")[-1]
    assert (rejection["code"], rejection["reason"]) == (code, reason)
    if code == 409:                                  # signed and checked: kept, and a problem
        assert json.loads(rejection["document"])["table"] == "5"
        problems = standings_part(director.db, director.config)["problems"]
        assert any(reason in p for p in problems), problems
    assert_honest_table_served(director)


def test_a_revision_far_ahead_is_refused_and_the_honest_one_is_taken(paired_director):
    director = paired_director
    refused_as(director, director.post(5, "results", signed_bytes({**played(), "revision": 2 ** 31 - 1})),
               400, "revision: Expected `int` <= 1000000")
    refused_as(director, director.post(5, "results", signed_bytes({**played(), "revision": 1000})),
               409, "revision: the director holds no result of round 1 table 5; it takes revision "
                    "1 first, not 1000")
    assert stored(director) == []
    assert director.post(5, "results", signed_bytes(played())).body["outcome"] == "stored"
    ahead = signed_bytes({**played(scores=(31, 20)), "revision": 3})
    refused_as(director, director.post(5, "results", ahead), 409,
               "revision: the director holds revision 1 of round 1 table 5; it takes revision 2 "
               "next, not 3")
    honest = director.post(5, "results", signed_bytes({**played(scores=(32, 20)), "revision": 2}))
    assert honest.body["outcome"] == "replaced"
    assert stored(director) == [(1, "5", 2, 44, 18)]


def test_a_result_of_a_round_not_started_is_refused(paired_director):
    """Round 2's pairings are in while round 1 is played: its result counts for nothing yet."""
    director = paired_director
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat"), Player(4, "Dan")])
    store_pairings(director.db, [Pairing(2, "5", (1, 3), 0), Pairing(2, "6", (2, 4), 1)])
    early = director.post(5, "results", signed_bytes(played(round_number=2, players=("Ann", "Cat"))))
    refused_as(director, early, 409,
               "round: division A's round 2 has not started: its results count once the director starts it")
    assert stored(director) == []
    assert director.post(5, "results", signed_bytes(played())).body["outcome"] == "stored"
    director.request("POST", "/api/rounds/start", json.dumps({"round": 2}).encode())
    again = director.post(5, "results", signed_bytes(played(round_number=2, players=("Ann", "Cat"))))
    assert again.body["outcome"] == "stored"


@pytest.mark.parametrize("final, reason", [
    ([1000, 18], "result.final[0]: Expected `int` <= 999"),
    ([42, -1000], "result.final[1]: Expected `int` >= -999"),    # a .TOU holds -999 (a penalty's sign)
])
def test_a_score_no_standings_file_can_hold_is_refused_at_the_door(paired_director, final, reason):
    document = played()
    document["result"] = {**document["result"], "final": final}
    refused_as(paired_director, paired_director.post(5, "results", signed_bytes(document)), 400, reason)
    assert stored(paired_director) == []
