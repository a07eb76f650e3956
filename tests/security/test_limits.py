"""Attacks on the service's capacity, from one address: a body too big, JSON nested too deep, a
document with too many events, too many live streams, too many requests a second. Each is
refused with its own status and a reason naming the limit; nothing is stored; the service
still serves. And the limits a real venue lives under: 60 (or 200) tables behind one NAT
address, their status and assignment every 5 s and a burst after an outage, are never refused."""
import json
import socket
import time
import urllib.error
import urllib.request

import pytest

from director.tables.ingest import MAX_BODY
from director.limits import PAGE_BODY, RESULT_BODY, LimitExceeded, Limits, RateLimiter
from common.wire.schema import MAX_EVENTS
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from tests.support.director_harness import result_doc, signed_bytes, status_doc

TIMEOUT_S = 30


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


@pytest.mark.parametrize("path, cap", [("/api/rounds/start", PAGE_BODY), ("/logout", PAGE_BODY),
                                       ("/login", PAGE_BODY)])
def test_an_oversized_body_to_the_page_is_refused_413(director, path, cap):
    before = director.stored()
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if path == "/login" else {}
    answer = director.request("POST", path, b" " * (cap + 1), {"Origin": director.url, **headers},
                              anonymous=path == "/login")
    assert answer.code == 413 and answer.body == {"error": f"body over {cap} bytes"}
    assert director.stored() == before and director.up()


def declared(director, path: str, length: int, headers: dict) -> tuple[str, bytes]:
    """A request that declares a body of ``length`` bytes and sends none: the status line and
    the rest of the answer."""
    sock = socket.create_connection(("127.0.0.1", director.port), timeout=TIMEOUT_S)
    lines = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{director.port}\r\n{lines}"
                 f"Content-Length: {length}\r\n\r\n".encode())
    answer = b""
    while b"}" not in answer:
        data = sock.recv(65536)
        if not data:
            break
        answer += data
    sock.close()
    return answer.split(b"\r\n", 1)[0].decode(), answer


def test_an_oversized_import_is_refused_413_naming_it_without_reading_it(director):
    headers = {**director.page.headers("POST"), "Content-Type": "text/csv"}
    status, answer = declared(director, "/api/import?kind=players-csv&name=huge.csv",
                              (16 << 20) + 1, headers)
    assert status.startswith("HTTP/1.1 413")
    assert f'"huge.csv: over {16 << 20} bytes"'.encode() in answer
    assert director.stored()["players"] == [] and director.up()


@pytest.mark.parametrize("path", ["/logout", "/api/rounds/start", "/login"])
def test_a_declared_body_over_the_cap_is_refused_before_the_handler(director, path):
    status, answer = declared(director, path, 10 << 20, director.page.headers("POST"))
    assert status.startswith("HTTP/1.1 413") and b'"body over 65536 bytes"' in answer
    assert director.stored()["rounds"] == [] and director.up()


def test_an_oversized_document_is_refused_413_and_audited(director):
    answer = director.post(7, "status", b" " * (MAX_BODY + 1))
    assert answer.code == 413 and answer.body["error"] == f"body over {MAX_BODY} bytes"
    answer = director.post(7, "results", b" " * (RESULT_BODY + 1))       # more than a game holds
    assert answer.code == 413 and answer.body["error"].startswith(f"body over {RESULT_BODY} bytes: ")
    assert director.stored()["results"] == []
    assert [r["code"] for r in director.rows("rejections")] == [413, 413]
    assert director.up()


def test_deep_json_is_refused_at_the_first_level_the_schema_does_not_have(director):
    document = result_doc(7)
    document["adjudications"] = json.loads(deep(32))
    answer = director.post(7, "results", signed_bytes(document))
    assert answer.code == 400
    assert answer.body["error"] == "adjudications[0]: Expected `object`, got `array`"
    for path in ("/api/rounds/start", "/api/import"):
        answer = director.request("POST", path, deep(1000))
        assert answer.code == 400 and "Expected `object`, got `array`" in answer.body["error"]
    assert director.stored()["results"] == [] and director.stored()["rounds"] == []
    assert [r["code"] for r in director.rows("rejections")] == [400]
    assert director.up()


def test_a_document_with_too_many_events_is_refused_413(director):
    document = result_doc(7)
    document["events"] = (document["events"] * (MAX_EVENTS // len(document["events"]) + 1))[:MAX_EVENTS + 1]
    answer = director.post(7, "results", signed_bytes(document))
    assert answer.code == 413
    assert answer.body["error"] == f"events: more than {MAX_EVENTS} in one document"
    assert director.stored()["results"] == [] and director.up()


def open_stream(director, path="/live/events", headers=""):
    """A live stream on a socket of its own: (the socket, its status line)."""
    sock = socket.create_connection(("127.0.0.1", director.port), timeout=TIMEOUT_S)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(65536)
    return sock, head.split(b"\r\n", 1)[0].decode(), head


@pytest.mark.parametrize("limited", [{"limits.live_per_address": 3}], indirect=True)
def test_too_many_live_streams_from_one_address_are_refused_429(limited):
    director = limited
    streams = [open_stream(director) for _ in range(3)]
    assert [status for _, status, _ in streams] == ["HTTP/1.1 200 OK"] * 3
    sock, status, head = open_stream(director)
    assert status == "HTTP/1.1 429 Too Many Requests" and b"retry-after: 10" in head.lower()
    assert b"too many live streams from 127.0.0.1: at most 3 (limits.live_per_address)" in head + sock.recv(65536)
    sock.close()
    cookie = director.page.headers("GET")["Cookie"]
    own = open_stream(director, "/events", f"Cookie: {cookie}\r\n")    # the director's page: its own reserve
    assert own[1] == "HTTP/1.1 200 OK"
    own[0].close()
    streams.pop()[0].close()                                     # one page closed: its place is free
    deadline = time.monotonic() + TIMEOUT_S
    while (reopened := open_stream(director))[1] != "HTTP/1.1 200 OK":
        reopened[0].close()
        assert time.monotonic() < deadline, reopened[1]
    assert director.stored()["status"] == [] and director.up()
    for sock, _, _ in streams + [reopened]:
        sock.close()


@pytest.mark.parametrize("limited", [{"limits.live_total": 3, "limits.live_director": 1}], indirect=True)
def test_too_many_live_streams_in_all_are_refused_503(limited):
    streams = [open_stream(limited) for _ in range(2)]
    sock, status, head = open_stream(limited)
    assert status == "HTTP/1.1 503 Service Unavailable"
    assert (b"too many live streams: at most 2 on the public view (limits.live_total less "
            b"limits.live_director)") in head + sock.recv(65536)
    assert limited.up()
    for s, _, _ in streams + [(sock, None, None)]:
        s.close()


@pytest.mark.parametrize("limited", [{"limits.requests_per_s": 1}], indirect=True)
def test_too_many_requests_a_second_from_one_address_are_refused_429(limited):
    director = limited
    codes = [director.request("GET", "/login.json", anonymous=True).code for _ in range(40)]
    # a bucket of 5 (1 a second for 5 s) and at most a token more each second the loop takes
    assert codes.count(429) >= 20 and codes[0] == 401
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(director.url + "/live", timeout=TIMEOUT_S)
    assert refused.value.code == 429 and int(refused.value.headers["Retry-After"]) >= 1
    assert json.loads(refused.value.read()) == {
        "error": "too many requests from 127.0.0.1: over 1 a second (limits.requests_per_s)"}
    # the tables' API has its own allowance: a table behind the same address is still heard
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "7", (1, 2), 0)])
    assert director.post(7, "status", signed_bytes(status_doc(7))).code == 200
    assert director.stored()["rounds"] == []


@pytest.mark.parametrize("limited", [{"limits.table_requests_per_s": 1}], indirect=True)
def test_too_many_documents_a_second_from_one_address_are_refused_429(limited):
    codes = [limited.post(7, "status", signed_bytes(status_doc(7, sent_wall=n))).code for n in range(40)]
    assert codes[:5] == [200] * 5 and codes.count(429) >= 20
    assert len(limited.rows("status")) == 1
    assert limited.request("GET", "/api/state").code == 200           # the page is still served


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.mark.parametrize("tables", [60, 200])
def test_a_venues_tables_behind_one_address_are_never_refused(tables):
    """Each table posts its status and asks for its assignment every 5 s, spread over the 5 s;
    after an outage every table sends its status, its assignment request and three results
    in the same second; then the minutes of play go on. (A table refused 429 waits and tries
    again: tests/sync/test_http_client.py.)"""
    clock = Clock()
    limiter = RateLimiter(Limits().table_requests_per_s, lambda a: a, clock=clock)
    for second in range(600):
        for table in range(tables):
            clock.now = second + table / tables
            if second == 300:                                 # everyone after an outage
                for _ in range(5):
                    limiter.take("192.0.2.1")
            elif (second + table) % 5 == 0:
                limiter.take("192.0.2.1")                     # status
                limiter.take("192.0.2.1")                     # assignment
    with pytest.raises(LimitExceeded):                        # and the allowance is still finite
        for _ in range(10_000):
            limiter.take("192.0.2.1")
