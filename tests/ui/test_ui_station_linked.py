"""The judge station linked to the director (kiosk.link.station_link) on its own screen: a
director that cannot be reached is said at once, and no challenge can be ruled meanwhile (a
table's number is refused: none is known open); the challenges open are listed, the words a
table sent come typed in, and the verdict shows only once the director took it (its receipt).
A verdict the director cannot be sent is sent again, said, and given up after the station's
time limit (or at Escape), the verdict kept in the station's journal. A real HTTP director
(tests/support/director_harness) answers."""
from __future__ import annotations

import socket

import pygame
import pytest

from common.wire.signing import station_key
from kiosk.link.station_link import StationLink
from kiosk.ui.judge.verdict import VerdictView
from tests.support.director_harness import KEY, TOURNAMENT, Director, signed_bytes
from tests.support.station_relay import Relay
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
                 "words": ["QUIRE"], "state": "open", "seq": 1, "sent_wall": 0.0}
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


def cut_off(director, station, **options):
    """A station whose link to the director is cut once table 4's challenge is on its list, the
    verdict on it sent: (the station, its link)."""
    challenge = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": "4", "round": 1,
                 "game_id": "t4-r1", "challenge_id": "t4-r1:turn-2:7", "player": 1, "turn": 2,
                 "words": ["QUIRE"], "state": "open", "seq": 1, "sent_wall": 0.0}
    assert director.post(4, "challenge", signed_bytes(challenge)).code == 200
    relay = Relay(director.url)
    link = StationLink.open(relay.url, "1", station_key(KEY.encode(), "1"), tournament=TOURNAMENT)
    s = station(link=link, **options)
    wait_until(lambda: link.news.challenges, what="the challenges open")
    relay.close()                                       # the line to the director is cut
    s.keys("4\n", at=2).keys("\t", at=3)               # VERDICT at 3: journaled, sent
    wait_until(lambda: link.news.answer is not None and link.news.answer.outcome == "unreachable",
               what="the verdict unsent, the director unreachable")
    s.keys("", at=4)
    assert s.view.heading == "Table 4" and "Esc: stop sending it" in s.view.lines
    assert s.view.error == "the director cannot be reached: sending the verdict again"
    assert link.sending() != ()
    return s, link


def test_a_verdict_the_director_never_confirms_is_sent_again_until_the_time_limit(station, director):
    s, link = cut_off(director, station, wait_s=60.0)
    try:
        s.keys("", at=3 + 59)
        assert s.view.heading == "Table 4"                          # still sending
        s.keys("", at=3 + 60)
        assert s.view.heading == "Table number"
        assert s.view.error == "the director did not confirm table 4's verdict in 1 minute: call the director"
        assert link.sending() == ()
        assert [e["table"] for e in s.logged()] == ["4"]            # journaled all the same
    finally:
        link.close()


def test_escape_stops_sending_a_verdict_the_director_has_not_confirmed(station, director):
    s, link = cut_off(director, station)
    try:
        s.key(pygame.K_ESCAPE, at=10)
        assert s.view.heading == "Table number"
        assert s.view.error == "table 4's verdict was not sent again: the director had not confirmed it"
        assert link.sending() == ()
    finally:
        link.close()
