"""Results and status posted over real HTTP: stored once, replaced with an audit trail, and every
bad document refused with its 4xx, a log line, a rejection row and nothing else stored."""
import json
import logging
import socket

import pytest

from tests.support.director_harness import KEY, result_doc, signed_bytes, status_doc
from common.wire.signing import sign, table_key, wire


def test_a_result_is_stored_once_however_often_it_comes(director):
    data = signed_bytes(result_doc(7, round_number=2))
    first = director.post(7, "results", data)
    again = director.post(7, "results", data)
    assert (first.code, first.body["outcome"]) == (200, "stored")
    assert (again.code, again.body["outcome"]) == (200, "duplicate")
    rows = director.rows("results")
    assert len(rows) == 1
    row = rows[0]
    assert (row["tournament"], row["round"], row["table_name"], row["revision"]) == ("Test Open", 2, "7", 1)
    assert (row["player0"], row["player1"]) == ("Ann", "Bob")
    document = json.loads(row["document"])
    assert [row["score0"], row["score1"]] == document["result"]["final"]
    assert row["spread"] == document["result"]["spread"] and row["first"] == 0
    assert director.rows("results_audit") == []


def test_a_newer_revision_replaces_the_result_and_the_old_one_is_audited(director):
    director.post(3, "results", signed_bytes(result_doc(3, scores=(30, 20))))
    newer = director.post(3, "results", signed_bytes(result_doc(3, scores=(30, 45), revision=2)))
    assert newer.body["outcome"] == "replaced"
    (row,) = director.rows("results")
    assert row["revision"] == 2 and json.loads(row["document"])["result"]["turns"][1]["score"] == 45
    (audit,) = director.rows("results_audit")
    assert (audit["revision"], audit["reason"], audit["by_revision"]) == (1, "replaced", 2)
    assert json.loads(audit["document"])["result"]["turns"][1]["score"] == 20

    older = director.post(3, "results", signed_bytes(result_doc(3, scores=(30, 20))))
    assert (older.code, older.body["outcome"]) == (200, "duplicate")       # it had been stored
    assert director.rows("results")[0]["revision"] == 2 and len(director.rows("results_audit")) == 1


def test_the_same_revision_with_other_content_is_refused_and_audited(director):
    director.post(4, "results", signed_bytes(result_doc(4, scores=(30, 20))))
    other = director.post(4, "results", signed_bytes(result_doc(4, scores=(31, 20))))
    assert (other.code, other.body["error"]) == (409, "revision: revision 1 of round 1 table 4 is "
                                                      "stored with other content; a change is the "
                                                      "next revision")
    assert json.loads(director.rows("results")[0]["document"])["result"]["turns"][0]["score"] == 30
    (refused,) = director.rows("rejections")
    assert refused["code"] == 409 and json.loads(refused["document"])["result"]["turns"][0]["score"] == 31


@pytest.mark.parametrize("revision, reason", [
    (3, "revision: the director holds revision 1 of round 1 table 4; it takes revision 2 next, not 3"),
    (1000, "revision: the director holds revision 1 of round 1 table 4; it takes revision 2 next, not 1000"),
])
def test_a_revision_other_than_the_next_is_refused_and_audited(director, revision, reason):
    director.post(4, "results", signed_bytes(result_doc(4, scores=(30, 20))))
    answer = director.post(4, "results", signed_bytes(result_doc(4, scores=(31, 20), revision=revision)))
    assert (answer.code, answer.body["error"]) == (409, reason)
    assert [r["revision"] for r in director.rows("results")] == [1]
    assert [r["code"] for r in director.rows("rejections")] == [409]
    assert json.loads(director.rows("rejections")[0]["document"])["revision"] == revision
    honest = director.post(4, "results", signed_bytes(result_doc(4, scores=(32, 20), revision=2)))
    assert honest.body["outcome"] == "replaced"


def test_a_first_result_is_revision_1(director):
    answer = director.post(4, "results", signed_bytes(result_doc(4, revision=2)))
    assert (answer.code, answer.body["error"]) == (
        409, "revision: the director holds no result of round 1 table 4; it takes revision 1 first, not 2")
    assert director.rows("results") == []


def test_games_of_other_tables_and_rounds_are_other_results(director):
    for table, round_number in [(1, 1), (2, 1), (1, 2)]:
        assert director.post(table, "results", signed_bytes(
            result_doc(table, round_number=round_number))).body["outcome"] == "stored"
    assert len(director.rows("results")) == 3


def test_the_latest_status_of_each_table_is_kept_with_when_it_came(director):
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(10, 0)))).body == {
        "outcome": "ok", "held": []}
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(40, 12)))).code == 200
    assert director.post(6, "status", signed_bytes(status_doc(6, phase="setup"))).code == 200
    rows = {r["table_name"]: r for r in director.rows("status")}
    assert set(rows) == {"5", "6"}
    assert json.loads(rows["5"]["document"])["scores"] == [40, 12]
    assert rows["6"]["phase"] == "setup" and rows["5"]["received_wall"] > 1e9


def test_statuses_are_ordered_by_when_the_director_receives_them(director):
    """Never by the table's own clock: a stolen key's status from the year 287,000,000 would
    otherwise freeze the tile."""
    future = status_doc(5, scores=(40, 12), sent_wall=2.0 ** 53 - 1)
    assert director.post(5, "status", signed_bytes(future)).code == 400     # out of range anyway
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(40, 12), sent_wall=2e9))).code == 200
    assert director.post(5, "status", signed_bytes(status_doc(5, scores=(10, 0), sent_wall=1e9))).code == 200
    [row] = director.rows("status")
    assert json.loads(row["document"])["scores"] == [10, 0]


def test_the_answer_to_a_status_names_the_results_the_director_holds(director):
    director.post(5, "results", signed_bytes(result_doc(5, round_number=1)))
    director.post(5, "results", signed_bytes(result_doc(5, round_number=2)))
    director.post(5, "results", signed_bytes(result_doc(5, round_number=2, scores=(31, 20), revision=2)))
    answer = director.post(5, "status", signed_bytes(status_doc(5, round_number=3)))
    assert answer.body == {"outcome": "ok", "held": [{"round": 1, "revision": 1},
                                                     {"round": 2, "revision": 2}]}


def test_a_result_whose_forfeit_is_not_an_object_is_refused(director):
    document = result_doc(5)
    document["result"] = {**document["result"], "forfeit": "no"}
    reply = director.post(5, "results", signed_bytes(document))
    assert reply.code == 400 and "forfeit" in reply.body["error"]
    assert director.rows("results") == []


def forged(document):
    signed = sign(document, table_key(KEY.encode(), document["table"]))
    signed["document"]["result"]["final"] = [500, 0]
    return wire(signed)


def resigned(document, **changes):
    return signed_bytes({**document, **changes})


BAD = {
    "forged signature": (7, "results", lambda: forged(result_doc(7)), 403),
    "wrong key": (7, "results", lambda: signed_bytes(result_doc(7), key="another-key-0123456"), 403),
    "replayed under another table": (8, "results", lambda: signed_bytes(result_doc(7)), 409),
    "truncated JSON": (7, "results", lambda: signed_bytes(result_doc(7))[:-40], 400),
    "wrong schema": (7, "results", lambda: resigned(result_doc(7), schema=2), 422),
    "no signature": (7, "results", lambda: json.dumps({"document": result_doc(7)}).encode(), 401),
    "a status posted as a result": (7, "results", lambda: signed_bytes(status_doc(7)), 422),
    "a missing field": (7, "results", lambda: signed_bytes(
        {k: v for k, v in result_doc(7).items() if k != "players"}), 400),
    "a field of the wrong type": (7, "results", lambda: resigned(result_doc(7), round="2"), 400),
    "events that do not match the journal hash": (7, "results", lambda: resigned(
        result_doc(7), journal_sha256="0" * 64), 400),
    "not UTF-8": (7, "status", lambda: b"\xff\xfe{}", 400),
    "a status for another table": (7, "status", lambda: signed_bytes(status_doc(9)), 409),
    "a status of another schema": (7, "status", lambda: resigned(status_doc(7), schema=0), 422),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_document_is_refused_logged_and_nothing_is_stored(director, caplog, case):
    table, path, make, code = BAD[case]
    with caplog.at_level(logging.WARNING, logger="director.tables.ingest"):
        answer = director.post(table, path, make())
    assert answer.code == code and answer.body["error"]
    assert director.rows("results") == [] and director.rows("status") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["table_name"], rejection["path"], rejection["code"]) == (str(table), path, code)
    assert rejection["reason"] == answer.body["error"]
    assert [r for r in caplog.records if f"table {table}:" in r.getMessage()
            and answer.body["error"] in r.getMessage()]
    # the service keeps serving
    assert director.post(7, "results", signed_bytes(result_doc(7))).body["outcome"] == "stored"


def post_raw(director, head: bytes, body_chunks) -> bytes:
    """Send a request by hand, reading the answer as soon as one comes (the director answers a
    too-large body before it has all been sent)."""
    with socket.create_connection(("127.0.0.1", director.port), timeout=30) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass                            # the director stopped reading: its answer is there
        answer = b""
        try:
            while b"\r\n\r\n" not in answer or len(answer) < answer.index(b"\r\n\r\n") + 4 + 20:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except ConnectionResetError:
            pass
        return answer


TEN_MB = 10 * 1024 * 1024


def test_a_10_mb_body_is_refused_with_413_without_reading_it(director):
    head = (f"POST /api/tables/7/results HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {TEN_MB}\r\n\r\n").encode()
    chunk = b" " * (1 << 20)
    answer = post_raw(director, head, (chunk for _ in range(10)))
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    (rejection,) = director.rows("rejections")
    assert rejection["code"] == 413 and rejection["size"] == TEN_MB
    assert director.post(7, "results", signed_bytes(result_doc(7))).body["outcome"] == "stored"


def test_a_10_mb_body_without_a_length_is_refused_411_at_its_headers(director):
    """A body in chunks (no table sends one) is refused by the door at the socket as soon as its
    headers are read (director.web.connections): none of it is parsed, so nothing is kept."""
    head = (b"POST /api/tables/7/results HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    piece = b" " * 65536
    chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    answer = post_raw(director, head, (chunk for _ in range(TEN_MB // len(piece))))
    assert answer.startswith(b"HTTP/1.1 411"), answer[:200]
    assert b"Content-Length" in answer
    assert director.rows("rejections") == [] and director.rows("results") == []
    assert director.post(7, "results", signed_bytes(result_doc(7))).body["outcome"] == "stored"
