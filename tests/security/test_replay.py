"""Attack: a replayed document. A result table 5 really sent is posted again as another table's,
again as it was, or (an older revision) after a newer one; a status is replayed after a newer
one. None of them changes what is stored: another table's is refused 409 (and kept in the
rejections), the same one is a duplicate, and so is an older revision the stored one replaced.
A status replayed stands only until the table's next one: the director orders statuses by when
it receives them, never by the clock a document claims (a stolen key could claim any)."""
import pytest

from tests.support.director_harness import result_doc, signed_bytes, status_doc


def stored(director) -> list[tuple]:
    return [(r["table_name"], r["revision"], r["score0"], r["score1"], r["sha256"])
            for r in director.rows("results")]


def test_a_result_replayed_as_another_tables_is_refused(director):
    real = signed_bytes(result_doc(5, scores=(400, 300)))
    assert director.post(5, "results", real).body["outcome"] == "stored"
    before = stored(director)
    answer = director.post(3, "results", real)
    assert answer.code == 409 and "the document is table '5', posted for table '3'" in answer.body["error"]
    assert stored(director) == before and director.rows("results_audit") == []
    assert [(r["table_name"], r["code"]) for r in director.rows("rejections")] == [("3", 409)]
    assert director.up()


@pytest.mark.parametrize("again", ["the same", "an older revision"])
def test_a_result_replayed_again_changes_nothing(director, again):
    first = signed_bytes(result_doc(5, scores=(400, 300)))
    newer = signed_bytes(result_doc(5, scores=(410, 300), revision=2))
    assert director.post(5, "results", first).code == 200
    assert director.post(5, "results", newer).body["outcome"] == "replaced"
    before, audit = stored(director), director.rows("results_audit")
    replayed = newer if again == "the same" else first
    answer = director.post(5, "results", replayed)
    assert answer.code == 200 and answer.body["outcome"] == "duplicate"
    assert stored(director) == before and before[0][1] == 2          # the newer revision stands
    assert director.rows("results_audit") == audit and director.rows("rejections") == []
    assert director.up()


def test_a_status_replayed_stands_only_until_the_tables_next_one(director):
    old = signed_bytes(status_doc(5, scores=(10, 0), sent_wall=1000.0))
    assert director.post(5, "status", old).code == 200
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(90, 40), sent_wall=2000.0))).code == 200
    answer = director.post(5, "status", old)
    assert answer.code == 200 and answer.body == {"outcome": "ok", "held": []}
    assert '"scores":[10,0]' in director.rows("status")[0]["document"]
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(95, 40), sent_wall=1.0))).code == 200
    (now,) = director.rows("status")
    assert '"scores":[95,40]' in now["document"] and now["sent_wall"] == 1.0
    assert director.rows("results") == [] and director.up()
