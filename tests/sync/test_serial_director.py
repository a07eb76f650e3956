"""``python -m director --serial PORT --addresses 1-2``: a real director process polls two kiosks'
serial links over a lossy pseudo-terminal line, stores their results and hands out assignments."""
from __future__ import annotations

import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path


import pytest

from director.event.db import DirectorDB
from drivers.serial_port import SerialPort
from kiosk.link.serial_link import SerialLink
from common.wire.signing import table_key
from bench.rigs.lossy_proxy import LossyLine
from bench.rigs.serial_fixtures import KEY, TOURNAMENT, fill_outbox, paired_and_started, unacked

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 120.0


def director(*args, **popen):
    command = [sys.executable, "-m", "director", "--key", KEY.decode(), "--tournament", TOURNAMENT,
               *args]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, **popen)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_the_director_polls_the_tables_on_its_serial_line(tmp_path):
    db_path = tmp_path / "director.sqlite"
    with DirectorDB.open(db_path) as db:
        paired_and_started(db, (1, 2), range(1, 6))       # every result is its pairing's game
    outboxes = {t: tmp_path / f"kiosk{t}.sqlite" for t in (1, 2)}
    sent = {t: fill_outbox(outboxes[t], t, range(1, 6)) for t in (1, 2)}
    line = LossyLine(2, seed=7).start()
    assignments = {1: [], 2: []}
    links = [SerialLink(SerialPort(name), t, outboxes[t], key=table_key(KEY, str(t)),
                        on_assignment=assignments[t].append)
             for t, name in zip((1, 2), line.table_ports)]
    process = director("--serial", line.director_port, "--addresses", "1-2", "--db", str(db_path),
                       "--port", str(free_port()))
    for link in links:
        link.start()
    try:
        deadline = time.monotonic() + WAIT_S
        while any(unacked(p) for p in outboxes.values()) or not all(assignments.values()):
            assert process.poll() is None, process.stdout.read()
            assert time.monotonic() < deadline, "the results or the assignments did not cross"
            time.sleep(0.1)
    finally:
        for link in links:
            link.stop()
            link.port.close()
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=WAIT_S)[0]
        line.stop()
    assert process.returncode == 0, output
    assert f"polling tables 1-2 on {line.director_port}" in output
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT table_name, round, signature, source FROM results").fetchall()
    assert sorted(rows) == sorted((str(t), d["document"]["round"], d["signature"], "serial")
                                  for t in (1, 2) for d in sent[t])
    first = assignments[1][0]
    assert (first["kind"], first["table"], first["round"], first["players"], first["first"]) == (
        "assignment", "1", 1, ["A1-1", "B1-1"], 1)
    assert assignments[2][0]["players"] == ["A2-1", "B2-1"]


@pytest.mark.parametrize("args, said", [
    (["--serial", "/dev/ttyNOSUCH", "--addresses", "1-4"], "--serial /dev/ttyNOSUCH: cannot open"),
    (["--serial", "loop://"], "--serial needs --addresses"),
    (["--addresses", "1-4"], "--addresses: the tables' addresses on a serial line need --serial"),
    (["--serial", "loop://", "--addresses", "0-4"], "--addresses: '0-4' is not an address"),
])
@pytest.mark.slow
def test_a_bad_serial_option_exits_2_saying_what_is_wrong(tmp_path, args, said):
    process = director(*args, "--db", str(tmp_path / "d.sqlite"), "--port", str(free_port()))
    output = process.communicate(timeout=WAIT_S)[0]
    assert process.returncode == 2 and said in output, output
