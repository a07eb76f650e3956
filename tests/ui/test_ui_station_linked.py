"""The judge station linked to the director (kiosk.link.station_link) on its own screen: a
director that cannot be reached is said at once, and no challenge can be ruled meanwhile (a
table's number is refused: none is known open); the challenges open are listed, the words a
table sent come typed in, and the verdict shows only once the director took it. A real HTTP
director (tests/support/director_harness) answers."""
from __future__ import annotations

import socket

import pytest

from common.wire.signing import station_key
from kiosk.link.station_link import StationLink
from kiosk.ui.judge.verdict import VerdictView
from tests.support.director_harness import KEY, TOURNAMENT, Director, signed_bytes
from tests.support.ui_harness import STATION_LABEL
from tests.support.wait import wait_until


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite").start()
    yield running
    running.stop()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_station_that_cannot_reach_the_director_says_so(station):
    link = StationLink.open(f"http://127.0.0.1:{closed_port()}", "1", b"k" * 32)
    try:
        s = station(link=link)
        wait_until(lambda: link.news.reached is False, what="the link's news that the director is unreachable")
        s.keys("", at=1)
        assert s.view.error == "the director cannot be reached: no challenge can be ruled until it is"
        s.keys("7\n", at=2)
        assert s.view.heading == "Table number"                  # no challenge is known open there
        assert s.view.error == "table 7 has no challenge open  ·  the director cannot be reached"
    finally:
        link.close()


def test_the_station_rules_on_a_challenge_open_and_shows_its_verdict_once_taken(station, director):
    challenge = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": "4", "round": 1,
                 "game_id": "t4-r1", "challenge_id": "t4-r1:turn-2:7", "player": 1, "turn": 2,
                 "words": ["QUIRE"], "state": "open", "sent_wall": 0.0}
    assert director.post(4, "challenge", signed_bytes(challenge)).code == 200
    link = StationLink.open(director.url, "1", station_key(KEY.encode(), "1"), tournament=TOURNAMENT)
    try:
        s = station(link=link)
        wait_until(lambda: link.news.challenges, what="the challenges open")
        s.keys("", at=1)
        assert "waiting: table 4 (QUIRE)" in s.view.lines
        s.keys("4\n", at=2)
        assert s.view.heading == "Table 4" and s.view.words == ("QUIRE",)   # the table's words
        s.keys("\t", at=3)                                      # VERDICT: judged, journaled, sent
        wait_until(lambda: link.news.answer is not None, what="the director's answer to the verdict")
        s.keys("", at=4)
        assert s.view == VerdictView(True, ("QUIRE",), STATION_LABEL, s.view.keyboard)
        assert [e["table"] for e in s.logged()] == ["4"]
        with director.db.locked() as conn:
            assert conn.execute("SELECT state, station, valid FROM challenges").fetchall() == [("open", "1", 1)]
    finally:
        link.close()
