"""Attack: a phone posting refused results as fast as it is answered (issue 27: four addresses
took honest intake to a fifth). Each refusal of the tables' API is charged to its sender's
address (director.limits.refusal_cost) and closes its connection; once the address is in debt,
the door at the socket (director/web/connections.py) holds each new connection from it unread
and answers it 429: nothing it sends is read, parsed or stored, while a table at another
address is served as ever. (Honest intake while four addresses do it: python -m bench door.)"""
import http.client
import json
import socket
import threading

import pytest

from bench.rigs.hostile import forged_result
from director.limits import RESULT_BODY
from tests.security.conftest import WAIT_S, assert_honest_table_served, played
from tests.security.test_half_open import ended
from tests.support.director_harness import signed_bytes, status_doc

PHONE = "127.0.0.9"             # the flooding address; the tables post from 127.0.0.1
FORGED = b"a phone's own key"
DEBT = "its refused documents counted against it"


def post_from(director, address: str, table: str, path: str, body: bytes) -> tuple[int, dict]:
    """``body`` posted from ``address`` on a connection of its own: (status, answer), or
    (0, {}) when the service closed the connection before its answer could be read."""
    connection = http.client.HTTPConnection("127.0.0.1", director.port, timeout=WAIT_S,
                                            source_address=(address, 0))
    try:
        connection.request("POST", f"/api/tables/{table}/{path}", body,
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        return 0, {}
    finally:
        connection.close()


def answer_to_silence(director, address: str) -> bytes:
    """What the service says to a connection from ``address`` that sends nothing at all."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", director.port))
    return ended(sock)


@pytest.fixture
def slow_tables(make_director):
    """A director whose tables' API allows one request a second per address (5 at once)."""
    return make_director(settings={"limits.table_requests_per_s": 1})


def test_an_address_in_debt_is_refused_at_connect_before_anything_is_read(slow_tables):
    director = slow_tables
    forged = forged_result(played(table="5"), RESULT_BODY, FORGED)
    code, answer = post_from(director, PHONE, "5", "results", forged)
    assert code == 403 and answer["error"].startswith("the signature does not match")
    # a refused 256 KiB costs 129 requests: the phone's address is in debt for seconds
    said = answer_to_silence(director, PHONE)           # refused before any request
    head, _, body = said.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 429 ") and b"retry-after: " in head.lower(), said
    assert DEBT in json.loads(body)["error"]
    # a table's true status from the same address is not read either: not stored
    code, answer = post_from(director, PHONE, "9", "status", signed_bytes(status_doc(9)))
    assert code in (0, 429) and director.rows("status") == []
    assert [(r["code"], r["table_name"]) for r in director.rows("rejections")] == [(403, "5")]
    # the tables at another address, and the page, are served as ever
    assert director.post(8, "status", signed_bytes(status_doc(8))).code == 200
    assert director.up()


def test_an_honest_table_is_served_while_another_address_floods(paired_director):
    director = paired_director
    forged = forged_result(played(table="5"), RESULT_BODY, FORGED)
    codes: list[int] = []
    in_debt, stop = threading.Event(), threading.Event()

    def flood():
        while not stop.is_set():
            code, answer = post_from(director, PHONE, "5", "results", forged)
            codes.append(code)
            if code == 429 and DEBT in answer.get("error", ""):
                in_debt.set()

    flooding = threading.Thread(target=flood, daemon=True)
    flooding.start()
    try:
        assert in_debt.wait(WAIT_S), codes              # the door holds the phone off
        assert_honest_table_served(director)
        stored = director.post(5, "results", signed_bytes(played(table="5")))
        assert stored.code == 200 and stored.body["outcome"] == "stored"
    finally:
        stop.set()
        flooding.join(WAIT_S)
    assert set(codes) <= {0, 403, 429} and 403 in codes, codes
    assert [r["table_name"] for r in director.rows("results")] == ["5"]
    assert {r["code"] for r in director.rows("rejections")} == {403}
