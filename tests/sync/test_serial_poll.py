"""The director's serial poller on a real pseudo-terminal; the test plays the table's part by hand."""
from __future__ import annotations

import json
import os
import select
import time

import pytest


from director.tables.serial_poll import SerialPoller, open_serial, parse_addresses
from common.wire.framing import ACK, DATA, IDLE, POLL, Frame, FrameReader, encode
from bench.rigs.lossy_proxy import Pty
from bench.rigs.serial_fixtures import signed_result

WAIT_S = 30.0


class Table:
    """The far end of the line: what the director wrote, and what to answer before it asks."""

    def __init__(self):
        self.pty = Pty()
        self.reader = FrameReader()

    def answer(self, *frames: Frame) -> None:
        os.write(self.pty.fd, b"".join(encode(f) for f in frames))

    def heard(self, count: int) -> list[Frame]:
        got: list[Frame] = []
        deadline = time.monotonic() + WAIT_S
        while len(got) < count:
            assert time.monotonic() < deadline, f"heard {got}, waited for {count} frames"
            if select.select([self.pty.fd], [], [], 0.05)[0]:
                got += self.reader.feed(os.read(self.pty.fd, 65536))
        return got


@pytest.fixture
def line():
    table = Table()
    port = open_serial(table.pty.name)
    yield table, port
    port.close()
    table.pty.close()


class Director:
    """deliver() as the director's ingest answers: what it was given, and a reply."""

    def __init__(self, reply=(200, {"outcome": "stored"})):
        self.calls, self.reply = [], reply

    def __call__(self, table, path, raw):
        self.calls.append((table, path, raw))
        if isinstance(self.reply, Exception):
            raise self.reply
        return self.reply


def data(address, seq, path="results", document=None):
    raw = json.dumps(document or signed_result(address, 1)).encode()
    return Frame(DATA, address, seq, path.encode() + b"\n" + raw), raw


def test_data_is_delivered_once_and_a_repeat_gets_the_same_ack(line):
    table, port = line
    director = Director()
    poller = SerialPoller(port, [3], director, reply_timeout_s=5.0)
    frame, raw = data(3, 41)
    table.answer(frame)
    assert poller.poll(3) == "data"
    poll, ack = table.heard(2)
    assert (poll.type, poll.address, poll.body) == (POLL, 3, b"")
    assert (ack.type, ack.address, ack.seq) == (ACK, 3, 41)
    assert json.loads(ack.body) == {"code": 200, "outcome": "stored"}
    assert director.calls == [("3", "results", raw)]
    table.answer(frame)                                   # the ACK was lost: the same DATA again
    assert poller.poll(3) == "data"
    assert table.heard(2)[1] == ack
    assert len(director.calls) == 1 and poller.repeats == 1
    other, _ = data(3, 41, document=signed_result(3, 2))  # same seq, other bytes: a restarted table
    table.answer(other)
    assert poller.poll(3) == "data" and len(director.calls) == 2
    assert "3" in poller.heard


def test_a_table_name_may_differ_from_its_address(line):
    table, port = line
    director = Director()
    poller = SerialPoller(port, [1, 2], director, tables={2: "B2"}, reply_timeout_s=5.0)
    table.answer(data(2, 7)[0])
    assert poller.poll(2) == "data"
    assert director.calls[0][0] == "B2" and set(poller.heard) == {"B2"}


def test_idle_silent_and_late_answers(line):
    table, port = line
    director = Director()
    poller = SerialPoller(port, [1, 2], director, reply_timeout_s=0.2)
    assert poller.poll(1) == "silent" and poller.silent == 1
    first_poll = table.heard(1)[0]
    table.answer(Frame(IDLE, 1, first_poll.seq + 1))
    assert poller.poll(1) == "idle"
    late, raw = data(2, 9)                               # address 2 answers late, while 1 is polled
    table.answer(late)
    assert poller.poll(1) == "silent"
    assert director.calls == [("2", "results", raw)]
    acks = [f for f in table.heard(3) if f.type == ACK]
    assert [(a.address, a.seq) for a in acks] == [(2, 9)]


def test_a_failing_store_answers_500_and_the_repeat_is_delivered_again(line):
    table, port = line
    director = Director(reply=RuntimeError("database is locked"))
    poller = SerialPoller(port, [5], director, reply_timeout_s=5.0)
    frame, _ = data(5, 3)
    table.answer(frame)
    poller.poll(5)
    ack = table.heard(2)[1]
    assert json.loads(ack.body)["code"] == 500 and "locked" in json.loads(ack.body)["error"]
    director.reply = (200, {"outcome": "stored"})
    table.answer(frame)
    poller.poll(5)
    assert json.loads(table.heard(2)[1].body)["code"] == 200 and len(director.calls) == 2


def test_a_data_body_without_a_path_is_refused_without_delivering(line):
    table, port = line
    director = Director()
    poller = SerialPoller(port, [5], director, reply_timeout_s=5.0)
    table.answer(Frame(DATA, 5, 3, b'{"document": {}}'))
    poller.poll(5)
    assert json.loads(table.heard(2)[1].body)["code"] == 400 and director.calls == []


def test_the_assignment_rides_on_polls_until_the_table_answers_one(line):
    table, port = line
    assignments = {"4": {"document": {"round": 2}, "signature": "ab"}}
    clock = [1000.0]
    poller = SerialPoller(port, [4], Director(), assignment_for=assignments.get,
                          reply_timeout_s=0.2, assignment_every_s=30, clock=lambda: clock[0])
    assert poller.poll(4) == "silent"
    unanswered = table.heard(1)[0]
    assert json.loads(unanswered.body) == assignments["4"]
    table.answer(Frame(IDLE, 4, unanswered.seq + 1))
    assert poller.poll(4) == "idle"
    assert json.loads(table.heard(1)[0].body) == assignments["4"]
    table.answer(Frame(IDLE, 4, unanswered.seq + 2))
    poller.poll(4)
    assert table.heard(1)[0].body == b""                      # the table has it
    assignments["4"] = {"document": {"round": 3}, "signature": "cd"}
    table.answer(Frame(IDLE, 4, unanswered.seq + 3))
    poller.poll(4)
    assert json.loads(table.heard(1)[0].body)["document"]["round"] == 3
    clock[0] += 31                                            # a restarted table gets it back
    poller.poll(4)
    assert json.loads(table.heard(1)[0].body)["document"]["round"] == 3


def test_addresses_and_ports_are_checked():
    assert parse_addresses("1-4") == [1, 2, 3, 4]
    assert parse_addresses("3, 1,7-8,3") == [3, 1, 7, 8]
    for bad in ("0-3", "4-1", "a", "1-2-3", "250-255", ""):
        with pytest.raises(ValueError, match="--addresses"):
            parse_addresses(bad)
    with pytest.raises(ValueError, match="/dev/ttyNOPE"):
        open_serial("/dev/ttyNOPE")
    with pytest.raises(ValueError, match="address"):
        SerialPoller(None, [0], Director())


def test_a_port_that_fails_is_opened_again():
    opened = []

    def reopen():
        opened.append(open_serial("loop://"))
        return opened[-1]

    first = open_serial("loop://")
    poller = SerialPoller(first, [1], Director(), reply_timeout_s=0.05, reopen=reopen).start()
    try:
        deadline = time.monotonic() + WAIT_S
        while poller.polls < 2:
            assert time.monotonic() < deadline, "the poller did not poll"
            time.sleep(0.01)
        first.close()                                   # the adapter is pulled out
        while not opened or poller.polls < 2 + 3:
            assert time.monotonic() < deadline, "the poller did not poll again on a reopened port"
            time.sleep(0.01)
    finally:
        poller.stop()
    assert poller.port is opened[-1] and poller.reopened == len(opened) >= 1
    opened[-1].close()
