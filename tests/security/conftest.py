"""The attacks of docs/threat-model.md, one test each, against the real parts: the director's
service on 127.0.0.1 (in a thread, tests/support/director_harness.py, or as a process with a
serial line on a pseudo-terminal, bench/rigs/director_process.py), the kiosk as a process.
Each asserts the answer, that nothing was stored, and that the service still serves."""
from __future__ import annotations

import os
import select
import time

import pytest

from bench.rigs.director_process import DirectorProcess
from bench.rigs.lossy_proxy import Pty
from kiosk.sync.framing import ACK, DATA, POLL, Frame, FrameReader, encode
from tests.support.director_harness import KEY, TOURNAMENT, Director

WAIT_S = 60.0


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite").start()
    yield running
    running.stop()


class SerialTable:
    """The table's end of a serial line to the real director, played by hand: answer its POLL
    for ``address`` with a DATA frame and read its ACK."""

    def __init__(self, pty: Pty, address: int):
        self.pty, self.address, self.reader, self.seq = pty, address, FrameReader(), 100

    def _frames(self, until):
        deadline = time.monotonic() + WAIT_S
        while True:
            assert time.monotonic() < deadline, "the director did not answer on the serial line"
            if select.select([self.pty.fd], [], [], 0.05)[0]:
                for frame in self.reader.feed(os.read(self.pty.fd, 65536)):
                    if frame.address == self.address and until(frame):
                        return frame

    def send(self, path: str, raw: bytes) -> Frame:
        """At the next POLL, DATA ``path`` + the signed document's bytes; the director's ACK."""
        self._frames(lambda f: f.type == POLL)
        self.seq += 1
        os.write(self.pty.fd, encode(Frame(DATA, self.address, self.seq, path.encode() + b"\n" + raw)))
        return self._frames(lambda f: f.type == ACK and f.seq == self.seq)


@pytest.fixture
def serial_director(tmp_path):
    """(the director as a process polling table 5 on a serial line, the table's end of it)."""
    pty = Pty()
    process = DirectorProcess(tmp_path / "serial-director.sqlite", KEY.encode(), tournament=TOURNAMENT,
                              args=("--serial", pty.name, "--addresses", "5")).start()
    yield process, SerialTable(pty, 5)
    process.stop()
    pty.close()
