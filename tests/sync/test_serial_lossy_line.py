"""200 results from 4 tables over one bad serial line: none lost, none repeated, none altered.

Four kiosks' serial links (each with its own real SQLite outbox file of 50 signed results) and the
director's poller talk over pseudo-terminals through a proxy that drops 5%, corrupts 1% and
duplicates 1% of the frames (tests/sync/lossy_proxy.py). The director delivers into a store
keyed by (round, table) that refuses bad signatures, as the director's ingest does.
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(__file__))      # the helpers beside this file (import-mode=importlib)

from director.serial_poll import SerialPoller, open_serial
from drivers.serial_port import SerialPort
from kiosk.sync.serial_link import SerialLink
from kiosk.sync.signing import SignatureError, verify
from lossy_proxy import LossyLine
from serial_fixtures import KEY, fill_outbox, unacked

TABLES = (1, 2, 3, 4)
ROUNDS = range(1, 51)
WAIT_S = 180.0


class ResultStore:
    """The director's side for this test: results by (round, table) in a real SQLite file,
    stored once; a bad signature or a table that is not the sender's is refused."""

    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("CREATE TABLE results (round INTEGER, tbl TEXT, body TEXT, "
                        "PRIMARY KEY (round, tbl))")
        self.lock = threading.Lock()
        self.deliveries: Counter = Counter()

    def deliver(self, table: str, path: str, raw: bytes):
        assert path == "results"
        try:
            document = verify(json.loads(raw), KEY)
        except (ValueError, SignatureError) as exc:
            return 403, {"error": str(exc)}
        if document["table"] != table:
            return 409, {"error": "another table's result"}
        with self.lock, self.db:
            self.deliveries[(document["round"], table)] += 1
            stored = self.db.execute("INSERT OR IGNORE INTO results VALUES (?, ?, ?)",
                                     (document["round"], table, raw.decode())).rowcount
        return 200, {"outcome": "stored" if stored else "duplicate"}

    def stored(self) -> dict:
        with self.lock:
            return {(r, t): json.loads(b) for r, t, b in self.db.execute("SELECT * FROM results")}


def test_every_result_crosses_a_lossy_line_exactly_once(tmp_path):
    sent = {}
    outboxes = {}
    for table in TABLES:
        outboxes[table] = tmp_path / f"kiosk{table}.sqlite"
        for round_, document in zip(ROUNDS, fill_outbox(outboxes[table], table, ROUNDS)):
            sent[(round_, str(table))] = document
    store = ResultStore(str(tmp_path / "director.sqlite"))
    line = LossyLine(len(TABLES), seed=2026).start()
    links = [SerialLink(SerialPort(name, 1_000_000), table, outboxes[table]).start()
             for table, name in zip(TABLES, line.table_ports)]
    director_port = open_serial(line.director_port, 1_000_000)
    poller = SerialPoller(director_port, TABLES, store.deliver, reply_timeout_s=0.3).start()
    try:
        deadline = time.monotonic() + WAIT_S
        while (len(store.stored()) < len(sent) or any(unacked(p) for p in outboxes.values())):
            assert time.monotonic() < deadline, (
                f"after {WAIT_S} s: {len(store.stored())} of {len(sent)} stored, "
                f"{sum(unacked(p) for p in outboxes.values())} not acknowledged, faults {line.faults}")
            time.sleep(0.1)
    finally:
        poller.stop()
        for link in links:
            link.stop()
            link.port.close()
        director_port.close()
        line.stop()

    stored = store.stored()
    assert set(stored) == set(sent)                                   # none lost, none extra
    assert all(stored[key] == sent[key] for key in sent)              # none altered
    assert set(store.deliveries.values()) == {1}                      # none delivered twice
    assert poller.delivered == len(sent)
    # the line really was bad, and the bad frames were caught rather than believed
    assert line.faults["dropped"] and line.faults["corrupted"] and line.faults["duplicated"]
    caught = poller.reader.dropped + sum(link.reader.dropped for link in links)
    assert caught >= 1
    assert poller.repeats + sum(link.resent for link in links) >= 1
