"""Attack (issue 39, item 6): public live streams that never read. 300 of them held some 150 KB
each of the service's memory (46 to 106 MB: each page kept its own copy of every part whole,
and what it was written piled up unread) and intake fell to 77%. A page's first bytes are now
one object shared by every page opened between two updates; what is written to a page's
connection that its reader has not taken is held to its share of the budget all live pages
may hold together (director.limits.LIVE_BUFFER over limits.live_total: the connection's write
buffer and its kernel's send buffer); and a page whose updates wait longer than BEHIND_S has
fallen behind: it is dropped with a ``dropped`` event saying why (a reader that reads again
takes it), and a reader that still takes nothing has its connection cut. An honest spectator
reading its page is never dropped, nothing is stored by the streams, and an honest table is
served meanwhile. (The memory and the intake: python -m bench door.)"""
import json
import socket
import threading
import time

import pytest

from bench.rigs.slow_readers import DROPPED, open_readers
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from tests.security.conftest import WAIT_S, assert_honest_table_served
from tests.security.test_half_open import ended
from tests.support.director_harness import Director, signed_bytes, status_doc

READERS = 40
SETTINGS = {"limits.requests_per_s": 1000, "limits.table_requests_per_s": 1000}


@pytest.fixture
def busy(tmp_path):
    """A director with 60 tables' players and pairings (a page whole is some 30 KB)."""
    running = Director(tmp_path / "director.sqlite", settings=SETTINGS).start()
    store_players(running.db, [Player(n, f"Player {n:03d} of the busy event") for n in range(1, 121)])
    store_pairings(running.db, [Pairing(1, str(t), (2 * t - 1, 2 * t), 0) for t in range(1, 61)])
    yield running
    running.stop()


class Spectator(threading.Thread):
    """An honest phone on the public view: reads its stream as it comes."""

    def __init__(self, director):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", director.port), timeout=WAIT_S)
        self.sock.sendall(b"GET /live/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.received, self.stop = b"", threading.Event()

    def run(self) -> None:
        self.sock.settimeout(0.2)
        while not self.stop.is_set():
            try:
                data = self.sock.recv(1 << 16)
            except socket.timeout:
                continue
            if not data:
                return
            self.received += data


def streams_of(director, readers) -> list:
    by_client = {s.client: s for s in director.app.state.service.live.streams}
    return [by_client.get(sock.getsockname()) for sock in readers]


@pytest.mark.slow                   # BEHIND_S of updates: some 15 s
def test_streams_that_never_read_are_held_to_their_share_dropped_and_cut(busy):
    director, live, wires = busy, busy.app.state.service.live, busy.app.state.service.wires
    spectator = Spectator(director)
    spectator.start()
    readers = open_readers(director.port, READERS)
    late, silent = readers[:5], readers[5:]        # late: read once dropped; silent: never
    deadline, n, most = time.monotonic() + 3 * WAIT_S, 0, 0
    while not all(s is not None and s.dropped for s in streams_of(director, late)):
        assert time.monotonic() < deadline, "the streams that never read were not dropped"
        n += 1                                      # the honest table's status: an update
        table = str(1 + n % 60)
        answer = director.post(table, "status", signed_bytes(status_doc(table, sent_wall=float(n),
                                                                        scores=(n, 2 * n))))
        assert answer.code == 200
        most = max([most] + [wires.unsent(sock.getsockname()) for sock in readers])
    assert 0 < most <= live.share + 64      # held unread: half a share, and the piece past it
    for sock in late:                               # a reader that reads again takes the reason
        got = b""
        while DROPPED not in got or not got.endswith(b"\r\n0\r\n\r\n"):     # the stream's end
            data = sock.recv(1 << 16)
            assert data, got[-300:]
            got += data
        event = got[got.index(DROPPED):].split(b"\n\n", 1)[0]
        reason = json.loads(event.split(b"data: ", 1)[1])["reason"]
        assert reason.startswith("this page fell behind the live updates: ") and "its share" in reason
    while any(sock.getsockname() in wires.open for sock in silent):
        assert time.monotonic() < deadline, "the streams that took nothing were not cut"
        director.post("1", "status", signed_bytes(status_doc("1", sent_wall=float(n + 1))))
    for sock in silent:                             # cut: reset, what it held let go
        ended(sock)
    while live.slots.count > 1:                     # the spectator's stream alone is left
        assert time.monotonic() < deadline, "the dropped streams kept their slots"
        director.post("1", "status", signed_bytes(status_doc("1", sent_wall=float(n + 2))))
    assert spectator.is_alive() and DROPPED not in spectator.received
    assert b"event: tiles" in spectator.received
    spectator.stop.set()
    assert director.rows("results") == []
    assert_honest_table_served(director)
