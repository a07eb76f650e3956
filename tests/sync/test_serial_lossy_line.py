"""200 results from 4 tables over one bad serial line: none lost, none repeated, none altered.

Four kiosks' serial links (each with its own real SQLite outbox file of 50 signed results) and the
director's poller talk over pseudo-terminals through a proxy that drops 5%, corrupts 1% and
duplicates 1% of the frames (bench/rigs/lossy_proxy.py). The director's poller delivers into the
director's real ingest (director.tables.ingest.receive) and database file.
"""
from __future__ import annotations

import pytest

import json
import time
from collections import Counter


from director.event.db import DirectorDB
from director.tables.ingest import receive
from director.tables.serial_poll import SerialPoller, open_serial
from drivers.serial_port import SerialPort
from common.presets import load_preset
from kiosk.link.serial_link import SerialLink
from common.wire.signing import table_key
from bench.rigs.lossy_proxy import LossyLine
from bench.rigs.serial_fixtures import KEY, fill_outbox, unacked

pytestmark = pytest.mark.slow          # 200 results over a lossy line: make check leaves it out

TABLES = (1, 2, 3, 4)
ROUNDS = range(1, 51)
WAIT_S = 180.0
RULES = load_preset("aspa")             # the rule book bench.rigs.serial_fixtures' games are played under


class Ingest:
    """The director's ingest on its database, counting what each delivery came to."""

    def __init__(self, path):
        self.db = DirectorDB.open(path)
        self.outcomes: Counter = Counter()

    def deliver(self, table: str, path: str, raw: bytes):
        reply = receive(self.db, table, path, raw, KEY, time.time(), rules=RULES, source="serial")
        self.outcomes[reply.body.get("outcome", reply.code)] += 1
        return reply

    def stored(self) -> dict:
        with self.db.locked() as conn:
            return {(r["round"], r["table_name"]): r for r in conn.query(
                "SELECT round, table_name, document, signature, source FROM results")}


def test_every_result_crosses_a_lossy_line_exactly_once(tmp_path):
    sent = {}
    outboxes = {}
    for table in TABLES:
        outboxes[table] = tmp_path / f"kiosk{table}.sqlite"
        for round_, document in zip(ROUNDS, fill_outbox(outboxes[table], table, ROUNDS)):
            sent[(round_, str(table))] = document
    store = Ingest(tmp_path / "director.sqlite")
    line = LossyLine(len(TABLES), seed=2026).start()
    links = [SerialLink(SerialPort(name, 1_000_000), table, outboxes[table],
                        key=table_key(KEY, str(table))).start()       # checks the receipts
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
    store.db.close()
    assert set(stored) == set(sent)                                   # none lost, none extra
    for key, row in stored.items():                                   # none altered
        assert json.loads(row["document"]) == sent[key]["document"]
        assert row["signature"] == sent[key]["signature"] and row["source"] == "serial"
    assert store.outcomes == Counter({"stored": len(sent)})           # none delivered twice
    assert poller.delivered == len(sent)
    # the line really was bad, and the bad frames were caught rather than believed
    assert line.faults["dropped"] and line.faults["corrupted"] and line.faults["duplicated"]
    caught = poller.reader.dropped + sum(link.reader.dropped for link in links)
    assert caught >= 1
    assert poller.repeats + sum(link.resent for link in links) >= 1
