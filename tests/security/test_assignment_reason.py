"""Attack (issue 39, item 8): a correction's reason was readable by anyone on ``GET
/api/tables/N/assignment`` (a phone on the Wi-Fi reading why the director changed a game). The
table shows the reason on its screen, and it alone is given it: the assignment's corrections
carry their reason only to a request with the table's proof of its key (``X-Table-Proof``,
common.wire.signing.table_proof), as the table's link sends it; anyone else gets the same
assignment, signed for the table, its reasons empty. The request changes nothing."""
import json

from common.wire.signing import TABLE_PROOF, table_key, table_proof, verify
from tests.security.conftest import played
from tests.support.director_harness import KEY, signed_bytes

REASON = "the score sheet says 36: Bob's last play was misread"


def corrected(director) -> None:
    assert director.post(5, "results", signed_bytes(played())).body["outcome"] == "stored"
    answer = director.request("POST", "/api/corrections", json.dumps(
        {"round": 1, "table": "5", "kind": "scores", "scores": [28, 36], "reason": REASON}).encode())
    assert answer.code == 200, answer


def test_a_corrections_reason_is_given_to_its_table_alone(paired_director):
    director = paired_director
    corrected(director)
    before = director.stored()
    key = table_key(KEY.encode(), "5")
    for headers, reason in [({}, ""), ({TABLE_PROOF: "0" * 64}, ""),
                            ({TABLE_PROOF: table_proof(table_key(KEY.encode(), "6"), "6")}, ""),
                            ({TABLE_PROOF: table_proof(key, "5")}, REASON)]:
        answer = director.request("GET", "/api/tables/5/assignment", headers=headers, anonymous=True)
        assert answer.code == 200
        (correction,) = verify(answer.body, key)["corrections"]        # signed for the table
        assert (correction["final"], correction["reason"]) == ([28, 36], reason), headers
    assert director.stored() == before
