"""Attack: the live slots exhausted. 22 addresses x 50 streams filled all 1,000, and then the
director's own page got 503. The public view's streams are now capped per address and in all
below the total, and the director's page (behind the director's session) has a reserve of its
own: phones from many addresses fill the public view, are refused 429 and 503, and the
director's page still gets its stream; nothing is stored; an honest table's post is answered
while they hold their streams."""
import socket

import pytest

from tests.security.conftest import WAIT_S, assert_honest_table_served

LIMITS = {"limits.live_per_address": 3, "limits.live_total": 12, "limits.live_director": 2}
PHONES = [f"127.0.0.{n}" for n in range(2, 7)]              # five addresses, three streams each


def stream(director, address: str, path: str = "/live/events", headers: str = ""):
    """A live stream opened from ``address``: (its socket, its status line, what came with it)."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", director.port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(65536)
    return sock, head.split(b"\r\n", 1)[0].decode(), head


@pytest.mark.parametrize("limited", [LIMITS], indirect=True)
def test_a_crowd_on_the_public_view_leaves_the_directors_page_its_streams(limited):
    director = limited
    opened = [stream(director, address) for address in PHONES for _ in range(3)]
    statuses = [status for _, status, _ in opened]
    assert statuses.count("HTTP/1.1 200 OK") == 10               # 12 in all less the director's 2
    assert statuses.count("HTTP/1.1 503 Service Unavailable") == 5
    sock, status, head = stream(director, PHONES[0])
    assert status == "HTTP/1.1 429 Too Many Requests"             # its address has its 3
    sock.close()
    cookie = director.page.headers("GET")["Cookie"]
    own = [stream(director, "127.0.0.1", "/events", f"Cookie: {cookie}\r\n") for _ in range(2)]
    assert [status for _, status, _ in own] == ["HTTP/1.1 200 OK"] * 2
    assert b"event: " in own[0][2] + own[0][0].recv(65536)        # its parts are coming
    anonymous = stream(director, "127.0.0.1", "/events")
    assert anonymous[1].startswith("HTTP/1.1 401")               # the reserve is behind the session
    assert director.stored()["results"] == [] and director.stored()["status"] == []
    assert_honest_table_served(director)
    for sock, _, _ in opened + own + [anonymous]:
        sock.close()
