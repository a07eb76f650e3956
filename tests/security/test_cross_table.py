"""Attack: cross-table forgery. A player takes table 3's key off its card and signs a result for
table 5 (to give a friend a win), posted as table 5 or as table 3. Both are refused 403 naming
the key, nothing is stored, the rejection is kept; table 5's kiosk does not believe an
assignment signed with table 3's key either."""

import pytest

from kiosk.link.http_client import AssignmentError, DirectorClient
from common.wire.signing import sign, table_key, wire
from tests.support.director_harness import KEY, result_doc, signed_bytes

KEY3 = table_key(KEY.encode(), "3")


def forged_for_table_5() -> bytes:
    return wire(sign(result_doc(5, scores=(500, 20)), KEY3))


@pytest.mark.parametrize("posted_as, reason", [
    (5, "the signature does not match table 5's key"),
    (3, "table 5's document signed with table 3's key: a table signs only its own documents"),
])
def test_table_3s_key_cannot_sign_table_5s_result(director, posted_as, reason):
    answer = director.post(posted_as, "results", forged_for_table_5())
    assert answer.code == 403 and answer.body["error"].startswith(reason)
    assert director.rows("results") == [] and director.rows("results_audit") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["table_name"], rejection["code"], rejection["reason"]) == (
        str(posted_as), 403, answer.body["error"])
    assert director.up()
    assert director.post(3, "results", signed_bytes(result_doc(3))).body["outcome"] == "stored"
    assert [r["table_name"] for r in director.rows("results")] == ["3"]


def test_table_5_does_not_believe_an_assignment_signed_with_table_3s_key(director):
    from director.event.model import Pairing, Player
    from director.event.rounds import store_pairings, store_players
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "5", (1, 2), 0)])
    client = DirectorClient(director.url, "5", table_key(KEY.encode(), "5"))
    real = client.assignment()
    assert real["players"] == ["Ann", "Bob"]
    false = sign({**real, "players": ["Mallory", "Bob"]}, KEY3)
    with pytest.raises(AssignmentError, match="signature does not match"):
        client.check_assignment(false)
