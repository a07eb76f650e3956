"""Attack (issue 39, item 5): 80 KB of escaped quotes (a ``"`` and 40,000 ``\\"``: the body that
held the old service 17 s) cost up to twice the 10 ms of CPU every body may cost the door. Sent
with its length it is refused 400 (or 413) by the schema's one linear pass; sent in chunks
(``Transfer-Encoding: chunked``, which no table, station or page sends) h11 parsed it chunk by
chunk and uvicorn appended each chunk to the body it kept so far: 80 KB in 2-byte chunks cost
300 ms of CPU, in 100-byte chunks 10 ms. The door at the socket now answers such a request 411
as soon as its headers are read, whatever the route, before a byte of its body is parsed
(director/web/connections.py): nothing is stored, not even a refusal, and an honest table's
post is answered within a second while the chunked bodies pour in. (What each costs the
service: python -m bench door.)"""
import socket

import pytest

from bench.door import ESCAPED_QUOTES
from tests.security.conftest import WAIT_S, Attack, assert_honest_table_served
from tests.security.test_half_open import ended

ROUTES = ["/api/tables/7/status", "/api/tables/7/results", "/api/tables/7/challenge",
          "/api/stations/1/verdicts", "/api/enroll/start", "/api/enroll/confirm", "/login",
          "/api/rounds/start"]


def chunked(director, path: str, chunk: int, address: str = "127.0.0.1") -> bytes:
    """The 80 KB of escaped quotes posted to ``path`` in ``chunk``-byte chunks; what the service
    sent before it closed the connection."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", director.port))
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Transfer-Encoding: chunked\r\n\r\n".encode())
    body = ESCAPED_QUOTES
    try:
        sock.sendall(b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + chunk]), body[i:i + chunk])
                              for i in range(0, len(body), chunk)) + b"0\r\n\r\n")
    except OSError:
        pass                            # refused before it was all sent: the answer is there
    return ended(sock)


def nothing_stored(director) -> None:
    stored = director.stored()
    assert stored["results"] == stored["results_audit"] == stored["challenges"] == []
    assert [r["table_name"] for r in stored["status"]] in ([], ["8"])     # the honest table's
    assert director.rows("rejections") == []                # refused at the socket, unread


@pytest.mark.parametrize("path", ROUTES)
def test_a_body_in_chunks_is_refused_411_at_its_headers_on_every_route(director, path):
    answer = chunked(director, path, 2)
    assert answer.startswith(b"HTTP/1.1 411 Length Required\r\n"), answer[:200]
    assert b"sent with its Content-Length, not in chunks" in answer
    nothing_stored(director)
    assert_honest_table_served(director)


@pytest.mark.parametrize("path, codes", [("/api/tables/7/status", {400}),
                                         ("/api/tables/7/results", {400}),
                                         ("/api/tables/7/challenge", {400, 413}),
                                         ("/api/stations/1/verdicts", {400, 413}),
                                         ("/api/enroll/start", {413})])
def test_the_same_80_kb_sent_with_its_length_is_refused_by_the_schema(director, path, codes):
    answer = director.request("POST", path, ESCAPED_QUOTES, anonymous=True)
    assert answer.code in codes, answer
    assert len(answer.body["error"]) <= 300 and answer.body["error"].isprintable()
    stored = director.stored()
    assert stored["results"] == stored["status"] == stored["challenges"] == []


def test_an_honest_table_is_served_while_chunked_bodies_pour_in(director):
    def attack():
        answer = chunked(director, "/api/tables/7/status", 2, address="127.0.0.2")
        assert answer.startswith(b"HTTP/1.1 411"), answer[:200]

    with Attack(attack, least=3):
        assert_honest_table_served(director)
    nothing_stored(director)
