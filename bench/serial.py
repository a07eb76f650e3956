"""Serial link benchmark: signed results per second from kiosks to the director over a lossy line.

Four kiosks' serial links (``kiosk.link.serial_link``, each with a real SQLite outbox of signed
results made by the replay core) and the director's poller (``director.tables.serial_poll``) delivering
into the director's real ingest and database, joined by pseudo-terminals through the test suite's
lossy line (``bench/rigs/lossy_proxy.py``: 5% of frames dropped, 1% corrupted, 1% duplicated).
Timed: from the poller's start until every outbox document is acknowledged.

A pseudo-terminal has no baud rate, so this measures what the protocol and both ends cost, not
the wire; on the lossy line most of the time is the director waiting out its reply timeout
(0.5 s) for the polls and answers the line lost. The target: at least 8 results/s on the lossy
line, twice what a 115200-baud line can carry (about 11,500 bytes/s, shown for the same documents
as "at 115200 baud"), so that on a real line the wire, not our code, is the limit. ``python -m bench.serial --help`` for options.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

TARGET_PER_S = 8.0
LINE_BYTES_PER_S = 115200 / 10                          # 8N1: ten bits a byte
WAIT_S = 600.0


def run(results: int, tables: int, lossy: bool, seed: int) -> dict:
    from director.event.db import DirectorDB
    from director.tables.ingest import receive
    from common.presets import load_preset
    from director.tables.serial_poll import SerialPoller, open_serial
    from drivers.serial_port import SerialPort
    from kiosk.link.serial_link import SerialLink, data_body
    from common.wire.signing import table_key
    from bench.rigs.lossy_proxy import LossyLine
    from bench.rigs.serial_fixtures import KEY, fill_outbox, unacked

    per_table = -(-results // tables)
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        outboxes = {t: folder / f"kiosk{t}.sqlite" for t in range(1, tables + 1)}
        sent = {t: fill_outbox(outboxes[t], t, range(1, per_table + 1)) for t in outboxes}
        payload = sum(len(data_body("results", d)) for docs in sent.values() for d in docs)
        faults = dict(drop=0.05, corrupt=0.01, duplicate=0.01) if lossy else dict(
            drop=0.0, corrupt=0.0, duplicate=0.0)
        line = LossyLine(tables, seed=seed, **faults).start()
        db = DirectorDB.open(folder / "director.sqlite")
        links = [SerialLink(SerialPort(name, 1_000_000), t, outboxes[t],
                            key=table_key(KEY, str(t))).start()       # checks the receipts
                 for t, name in zip(outboxes, line.table_ports)]
        port = open_serial(line.director_port, 1_000_000)
        rules = load_preset("aspa")
        poller = SerialPoller(port, list(outboxes), lambda table, path, raw: receive(
            db, table, path, raw, KEY, time.time(), rules=rules, source="serial"))  # the director's timeouts
        started = time.perf_counter()
        poller.start()
        try:
            deadline = time.monotonic() + WAIT_S
            while any(unacked(p) for p in outboxes.values()):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"not every result crossed within {WAIT_S} s")
                time.sleep(0.02)
            elapsed = time.perf_counter() - started
        finally:
            poller.stop()
            for link in links:
                link.stop()
                link.port.close()
            port.close()
            line.stop()
        stored = db.count("results")
        db.close()
    count = per_table * tables
    return {"results": count, "stored": stored, "elapsed": elapsed, "per_s": count / elapsed,
            "bytes": payload, "line_per_s": count / (payload / LINE_BYTES_PER_S),
            "faults": dict(line.faults), "silent": poller.silent}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.serial", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=int, default=200, help="results in all (default 200)")
    parser.add_argument("--tables", type=int, default=4, help="table addresses (default 4)")
    parser.add_argument("--clean", action="store_true", help="a line without faults as well")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 254 or args.results < 1:
        parser.error("--tables: 1-254; --results: at least 1")
    status = 0
    for lossy in ([True, False] if args.clean else [True]):
        figures = run(args.results, args.tables, lossy, args.seed)
        ok = figures["per_s"] >= TARGET_PER_S and figures["stored"] == figures["results"]
        status = max(status, 0 if ok else 1)
        print(f"{'lossy' if lossy else 'clean'} line, {args.tables} tables: {figures['results']} "
              f"results ({figures['bytes'] / 1024:.0f} KiB) in {figures['elapsed']:.1f} s = "
              f"{figures['per_s']:.1f} results/s (target >= {TARGET_PER_S:.0f}) "
              f"{'PASS' if ok else 'FAIL'}")
        print(f"  stored {figures['stored']}; polls unanswered {figures['silent']}; "
              f"line faults {figures['faults']}")
        print(f"  the same documents at 115200 baud: {figures['line_per_s']:.1f} results/s "
              "(the wire's limit, not measured)")
    return status


if __name__ == "__main__":
    sys.exit(main())
