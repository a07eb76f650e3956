"""The kiosk's end of the serial link, frame by frame, on a real outbox file."""
from __future__ import annotations

import json
import os
import select
import time

import pytest


from drivers.serial_port import SerialPort
from kiosk.store.outbox import Outbox
from common.wire.framing import (ACK, DATA, IDLE, POLL, Frame, FrameError, FrameReader, decode,
                                encode)
from common.wire.schema_receipt import receipt, result_sha256
from kiosk.link.serial_link import SerialLink
from common.wire.signing import sign, table_key
from bench.rigs.lossy_proxy import Pty
from bench.rigs.serial_fixtures import KEY, WALL, fill_outbox

ADDRESS = 7
KEY7 = table_key(KEY, "7")              # the table's own key: what its link signs and checks with


class Wire:
    """A port that is only a list: what the link wrote, and nothing to read (handle() is fed directly)."""
    def __init__(self):
        self.written = []

    def read(self):
        return b""

    def write(self, data):
        self.written.append(data)


@pytest.fixture
def outbox_path(tmp_path):
    return tmp_path / "kiosk.sqlite"


def link_for(path, **options):
    return SerialLink(Wire(), ADDRESS, path, **{"key": KEY7, **options})


def reply(link, frame, now=WALL):
    wire = link.handle(frame, now)
    return None if wire is None else decode(wire[:-1])


def ack(seq, code, **body):
    return Frame(ACK, ADDRESS, seq, json.dumps({"code": code, **body}).encode())


def stored(data, outcome="stored", key=KEY7):
    """The director's ACK of a DATA frame's result: 200 with its receipt under ``key``."""
    document = json.loads(data.body.partition(b"\n")[2])["document"]
    return ack(data.seq, 200, outcome=outcome, receipt=receipt(key, document["table"], document,
                                                               result_sha256(document)))


def test_a_poll_is_answered_with_the_next_result_until_it_is_acknowledged(outbox_path):
    documents = fill_outbox(outbox_path, ADDRESS, range(1, 3))
    link = link_for(outbox_path)
    first = reply(link, Frame(POLL, ADDRESS, 100))
    assert first.type == DATA and first.address == ADDRESS
    path, _, raw = first.body.partition(b"\n")
    assert path == b"results" and json.loads(raw) == documents[0]
    again = reply(link, Frame(POLL, ADDRESS, 101))                 # the DATA or its ACK was lost
    assert again == first and link.resent == 1
    assert reply(link, ack(first.seq + 1, 200)) is None            # an ACK of something else
    assert reply(link, Frame(POLL, ADDRESS, 102)) == first
    assert reply(link, stored(first)) is None
    with Outbox.open(outbox_path) as outbox:
        assert outbox.get(1).acked == WALL and outbox.get(2).acked is None
    second = reply(link, Frame(POLL, ADDRESS, 103))
    assert json.loads(second.body.partition(b"\n")[2]) == documents[1]
    assert second.seq == (first.seq % 0xFFFF) + 1
    reply(link, stored(second, "duplicate"))
    assert reply(link, Frame(POLL, ADDRESS, 104)) == Frame(IDLE, ADDRESS, 104)
    assert (link.sent, link.acked) == (2, 2)
    link.stop()


def test_a_stored_without_the_directors_receipt_keeps_the_result(outbox_path):
    fill_outbox(outbox_path, ADDRESS, range(1, 2))
    link = link_for(outbox_path)
    for n, answer in enumerate([lambda d: ack(d.seq, 200, outcome="stored"),       # no receipt
                                lambda d: stored(d, key=table_key(KEY, "8")),      # another key
                                lambda d: stored(d, key=KEY)]):                    # the tournament's
        now = WALL + 100 * n
        data = reply(link, Frame(POLL, ADDRESS, 10 + n), now=now)
        assert data.type == DATA
        reply(link, answer(data), now=now)
        with Outbox.open(outbox_path) as outbox:
            doc = outbox.get(1)
        assert doc.acked is None and doc.last_error.startswith("unconfirmed: ")
    assert link.refresh(WALL + 300).unconfirmed and link.acked == 0 and link.unconfirmed == 3
    data = reply(link, Frame(POLL, ADDRESS, 20), now=WALL + 400)
    reply(link, stored(data), now=WALL + 400)
    with Outbox.open(outbox_path) as outbox:
        assert outbox.get(1).acked == WALL + 400
    assert link.refresh(WALL + 400).unconfirmed is None
    link.stop()


def test_frames_for_other_tables_are_ignored(outbox_path):
    fill_outbox(outbox_path, ADDRESS, range(1, 2))
    link = link_for(outbox_path)
    assert reply(link, Frame(POLL, ADDRESS + 1, 5)) is None
    theirs = reply(link, Frame(POLL, ADDRESS, 6))
    assert reply(link, Frame(ACK, ADDRESS + 1, theirs.seq, b'{"code": 200}')) is None
    assert reply(link, Frame(DATA, ADDRESS + 1, 9, b"results\n{}")) is None   # another table's words
    with Outbox.open(outbox_path) as outbox:
        assert outbox.pending() == 1                                # still not acknowledged
    assert link.polls == 1
    link.stop()


def test_a_refused_result_keeps_the_reason_and_waits_for_the_backoff(outbox_path):
    fill_outbox(outbox_path, ADDRESS, range(1, 2))
    link = link_for(outbox_path)
    data = reply(link, Frame(POLL, ADDRESS, 1))
    reply(link, ack(data.seq, 403, error="the signature does not match"), now=WALL + 1)
    with Outbox.open(outbox_path) as outbox:
        doc = outbox.get(1)
    assert doc.acked is None and doc.attempts == 1
    assert doc.last_error == "refused: 403 the signature does not match"
    assert reply(link, Frame(POLL, ADDRESS, 2), now=WALL + 1.5).type == IDLE     # not due yet
    retry = reply(link, Frame(POLL, ADDRESS, 3), now=doc.next_attempt)
    assert retry.type == DATA and retry.seq != data.seq and link.refused == 1
    link.stop()


def test_unsigned_results_are_not_offered(outbox_path):
    with Outbox.open(outbox_path) as outbox:
        outbox.put("result-unsigned", {"kind": "result"}, WALL)
    link = link_for(outbox_path)
    assert reply(link, Frame(POLL, ADDRESS, 1)).type == IDLE
    link.stop()


def test_the_status_goes_when_no_result_waits_and_at_most_every_status_every_s(outbox_path):
    fill_outbox(outbox_path, ADDRESS, range(1, 2))
    asked = []

    def status(now):
        asked.append(now)
        return sign({"schema": 1, "kind": "status", "table": str(ADDRESS), "sent_wall": now}, KEY7)

    link = link_for(outbox_path, status=status, status_every_s=5.0)
    result = reply(link, Frame(POLL, ADDRESS, 1))
    assert result.body.startswith(b"results\n") and asked == []      # results first
    reply(link, stored(result))
    first = reply(link, Frame(POLL, ADDRESS, 2), now=WALL + 1)
    path, _, raw = first.body.partition(b"\n")
    assert path == b"status" and json.loads(raw)["document"]["sent_wall"] == WALL + 1
    reply(link, ack(first.seq, 200, outcome="ok"))
    assert reply(link, Frame(POLL, ADDRESS, 3), now=WALL + 3).type == IDLE
    assert reply(link, Frame(POLL, ADDRESS, 4), now=WALL + 6).body.startswith(b"status\n")
    with Outbox.open(outbox_path) as outbox:
        assert outbox.pending() == 0                    # a status is never queued in the outbox
    link.stop()


def test_an_assignment_in_a_poll_is_checked_and_handed_on(outbox_path):
    got = []
    link = link_for(outbox_path, on_assignment=got.append, key=KEY7)
    assignment = {"schema": 1, "kind": "assignment", "tournament": "T", "division": "A", "table": "7",
                  "round": 4, "players": ["Ann", "Bob"], "first": None, "round_started_wall": None,
                  "round_ended_wall": None, "revision": 1}
    answer = reply(link, Frame(POLL, ADDRESS, 1, json.dumps(sign(assignment, KEY7)).encode()))
    assert answer.type == IDLE and got == [assignment]
    refused = {b"{not json": "not JSON", b"[" * 5000: "nested deeper than any document",
               json.dumps(sign(assignment, b"another key!")).encode(): "signature",
               json.dumps(sign({**assignment, "table": "8"}, KEY7)).encode(): "table '8'",
               json.dumps(sign({**assignment, "kind": "status"}, KEY7)).encode(): "kind",
               json.dumps(sign({**assignment, "players": ["Ann", "B" * 101]}, KEY7)).encode():
                   "players[1]: Expected `str` of length <= 100"}
    for body, reason in refused.items():
        reply(link, Frame(POLL, ADDRESS, 2, body))
        assert reason in link.assignment_error
    assert got == [assignment]
    with pytest.raises(ValueError, match="key"):
        link_for(outbox_path, on_assignment=got.append, key=None)
    link.stop()


def test_a_bad_address_or_a_missing_folder_is_refused_at_once(tmp_path):
    with pytest.raises(FrameError, match="address"):
        SerialLink(Wire(), 255, tmp_path / "k.sqlite")
    with pytest.raises(ValueError, match="does not exist"):
        SerialLink(Wire(), 3, tmp_path / "nowhere" / "k.sqlite")


def test_the_thread_answers_polls_on_a_real_pseudo_terminal_and_stops(outbox_path):
    documents = fill_outbox(outbox_path, ADDRESS, range(1, 2))
    line = Pty()
    link = SerialLink(SerialPort(line.name), ADDRESS, outbox_path).start()
    try:
        poll = encode(Frame(POLL, ADDRESS, 1))
        os.write(line.fd, b"noise\x00" + poll[:3])          # noise, and a frame in two pieces
        os.write(line.fd, poll[3:])
        reader, got = FrameReader(), []
        deadline = time.monotonic() + 30
        while not got:
            assert time.monotonic() < deadline, "no answer to the poll"
            if select.select([line.fd], [], [], 0.1)[0]:
                got += reader.feed(os.read(line.fd, 65536))
        assert got[0].type == DATA and json.loads(got[0].body.partition(b"\n")[2]) == documents[0]
        assert link.reader.dropped == 1
    finally:
        link.stop()
        link.port.close()
        line.close()
    assert not link._thread.is_alive()


def test_it_stands_in_for_the_http_worker_publish_and_link(outbox_path):
    from common.replay import replay_lines
    from kiosk.link.sender import link_text
    from common.wire.signing import verify

    fill_outbox(outbox_path, ADDRESS, range(1, 2))
    game = replay_lines(json.dumps(line) for line in [
        {"preset": "aspa", "round": 2, "players": ["Ann", "Bob"]},
        {"t": 0, "cmd": "start", "first": 0}, {"t": 30, "cmd": "play", "player": 0, "score": 22}])
    link = link_for(outbox_path, key=KEY7, status_every_s=60.0, game_clock=lambda: 40 * 10**9)
    assert link.refresh(WALL).reached is None and link_text(link.link) == "result waiting to send (1)"
    link.publish(game.state, "g-1", "Serial Open", "7")
    result = reply(link, Frame(POLL, ADDRESS, 1))
    reply(link, ack(result.seq, 403, error="the signature does not match"), now=WALL + 1)
    assert link.refresh(WALL + 1).refused == "403 the signature does not match"
    status = reply(link, Frame(POLL, ADDRESS, 2), now=WALL + 1.2)       # the result waits: backoff
    path, _, raw = status.body.partition(b"\n")
    document = verify(json.loads(raw), KEY7)
    assert path == b"status" and (document["kind"], document["table"], document["round"]) == (
        "status", "7", 2)
    assert document["scores"] == [22, 0] and document["outbox_pending"] == 1
    assert document["times_ms"][1] == 1500 * 1000 - 10 * 1000            # Bob's clock ran 10 s
    reply(link, ack(status.seq, 200, outcome="ok"))
    assert reply(link, Frame(POLL, ADDRESS, 3), now=WALL + 1.4).type == IDLE   # unchanged game
    link.publish(replay_lines(json.dumps(line) for line in [
        {"preset": "aspa", "round": 2, "players": ["Ann", "Bob"]},
        {"t": 0, "cmd": "start", "first": 0}]).state, "g-1", "Serial Open", "7")
    changed = reply(link, Frame(POLL, ADDRESS, 4), now=WALL + 1.6)     # a change goes at once
    assert changed.body.startswith(b"status\n")
    reply(link, ack(changed.seq, 200, outcome="ok"))
    assignment = {"schema": 1, "kind": "assignment", "tournament": "T", "division": "A", "table": "7",
                  "round": 3, "players": ["Ann", "Bob"], "first": None, "round_started_wall": None,
                  "round_ended_wall": None, "revision": 1}
    assert reply(link, Frame(POLL, ADDRESS, 5, json.dumps(sign(assignment, KEY7)).encode()),
                 now=WALL + 1.8).type == IDLE
    snapshot = link.refresh(WALL + 1.8)
    assert snapshot.reached is True and snapshot.assignment == assignment and snapshot.pending == 1
    assert link.refresh(WALL + 60).reached is False                 # the director went quiet
    assert link_text(link.link) == "the director refused the result: the signature does not match"
    assert link.stop() is True
