"""Attack: half-open requests. Thousands of connections, each sending part of its headers, or
its headers and a promise of 100,000 bytes it never sends, took the whole service down: the
partial requests never reached a handler or a limit, and the open files ran out. The door at the
socket (director/web/connections.py) closes a request whose headers (408) or body do not
arrive in time, holds each address and everyone to a number of connections, and makes room by
closing the oldest connection still waiting for its request: an honest table's post is answered
while hundreds of sockets from several addresses are held open against it, and nothing is
stored. (How fast: python -m bench honest; 5,000 sockets against the service's own limits:
python -m bench door.)"""
import socket

import pytest

from tests.security.conftest import WAIT_S, assert_honest_table_served
from tests.support.wait import wait_until

LIMITS = {"limits.header_timeout_s": 1.0, "limits.body_timeout_s": 1.0,
          "limits.connections_per_address": 40, "limits.connections_total": 120,
          "limits.live_total": 60, "limits.live_director": 5}
ATTACKERS = [f"127.0.0.{n}" for n in range(2, 8)]          # six addresses besides the tables'


def held(director, address: str, partial: bytes) -> socket.socket:
    """A connection from ``address`` that sends ``partial`` and then nothing more."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", director.port))
    sock.sendall(partial)
    return sock


def ended(sock: socket.socket) -> bytes:
    """What the service sent before it closed the connection (b"" if nothing, or reset)."""
    answer = b""
    try:
        while data := sock.recv(65536):
            answer += data
    except ConnectionResetError:
        pass
    sock.close()
    return answer


def is_open(sock: socket.socket) -> bool:
    """Whether the service still holds the connection open (nothing to read, no end)."""
    sock.settimeout(0)
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return True
    except OSError:
        pass
    return False


HEADERS = b"POST /api/tables/7/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-"
PROMISE = (b"POST /api/tables/7/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           b"Content-Length: 100000\r\n\r\n{\"")


def nothing_stored(director) -> None:
    stored = director.stored()
    assert stored["results"] == stored["results_audit"] == []
    assert [r["table_name"] for r in stored["status"]] in ([], ["8"])


@pytest.mark.parametrize("limited", [LIMITS], indirect=True)
def test_a_request_whose_headers_never_end_is_answered_408_and_closed(limited):
    sock = held(limited, ATTACKERS[0], HEADERS)
    answer = ended(sock)                        # (its timeout, WAIT_S, fails the test first)
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout") and b"limits.header_timeout_s" in answer
    assert ended(held(limited, ATTACKERS[0], b"")) .startswith(b"HTTP/1.1 408")    # nor a silent one
    nothing_stored(limited)
    assert limited.up()


@pytest.mark.parametrize("limited", [LIMITS], indirect=True)
def test_a_body_promised_and_never_sent_is_closed(limited):
    answer = ended(held(limited, ATTACKERS[0], PROMISE))
    assert b" 200 " not in answer
    nothing_stored(limited)
    assert limited.up()


@pytest.mark.parametrize("limited", [LIMITS], indirect=True)
def test_an_honest_table_is_answered_while_hundreds_of_half_open_sockets_are_held(limited):
    """Six addresses each open 60 half-open sockets (over their 40, and 360 against everyone's
    120): the oldest waiting are closed to make room, and the honest table is served in time."""
    socks = [held(limited, address, HEADERS if n % 2 else PROMISE)
             for address in ATTACKERS for n in range(60)]
    assert_honest_table_served(limited)
    open_now = [s for s in socks if is_open(s)]                # the closed ones' ends arrive

    def room_made() -> bool:
        open_now[:] = [s for s in open_now if is_open(s)]
        return len(open_now) <= LIMITS["limits.connections_total"]
    wait_until(room_made, WAIT_S, lambda: f"{len(open_now)} connections held open, not at most "
               f"{LIMITS['limits.connections_total']}")
    for sock in socks:
        sock.close()
    nothing_stored(limited)
    assert_honest_table_served(limited)


@pytest.mark.parametrize("limited", [{**LIMITS, "limits.header_timeout_s": 60.0,
                                      "limits.connections_per_address": 3}], indirect=True)
def test_an_address_holds_at_most_its_connections_and_its_oldest_waiting_one_makes_room(limited):
    first, *others = [held(limited, ATTACKERS[0], HEADERS) for _ in range(3)]
    newest = held(limited, ATTACKERS[0], HEADERS)          # the fourth: the oldest makes room
    assert ended(first) == b""
    for sock in others + [newest]:
        sock.settimeout(0.2)
        with pytest.raises(socket.timeout):                 # still open, still waiting
            sock.recv(1)
        sock.close()
    nothing_stored(limited)
    assert_honest_table_served(limited)


@pytest.mark.slow
def test_the_service_logs_no_line_per_request(tmp_path):
    """The access log is off unless asked for (python -m director --log-level debug): 200 tables
    posting every 5 s would write a line each."""
    from bench.rigs.director_process import DirectorProcess
    from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes, status_doc
    import urllib.request
    process = DirectorProcess(tmp_path / "d.sqlite", KEY.encode(), tournament=TOURNAMENT,
                              args=("--log-level", "info")).start()
    try:
        for n in range(30):
            request = urllib.request.Request(f"{process.url}/api/tables/8/status", method="POST",
                                             headers={"Content-Type": "application/json"},
                                             data=signed_bytes(status_doc(8, sent_wall=float(n))))
            with urllib.request.urlopen(request, timeout=WAIT_S) as response:
                assert response.status == 200
    finally:
        process.stop()
    log = process.log.read_text()
    assert "/api/tables/8/status" not in log and log.count("\n") < 20
