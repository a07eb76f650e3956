"""A bad serial line for tests: pseudo-terminals joined by a proxy that loses, corrupts and repeats frames.

``LossyLine(tables=4)`` makes one pseudo-terminal pair for the director and one per table. The
director's end and each table's end are real tty devices (``director_port``, ``table_ports[i]``)
opened with pyserial as a real port would be. A proxy thread holds the other sides: what the
director writes goes to every table (a shared RS-485 line: each table sees every frame), what a
table writes goes to the director. The proxy cuts the byte stream into frames at each 0x00 and,
per frame and per receiver, drops it (``drop``), flips one of its bytes (``corrupt``) or sends it
twice (``duplicate``), from a seeded random generator, and counts what it did in ``faults``.
"""
from __future__ import annotations

import os
import random
import select
import threading
import tty
from collections import Counter


class Pty:
    """One pseudo-terminal pair in raw mode: the proxy's side (``fd``) and the device's ``name``."""

    def __init__(self):
        self.fd, self._device_fd = os.openpty()
        tty.setraw(self._device_fd)           # no echo, no line discipline, before anyone writes
        self.name = os.ttyname(self._device_fd)
        self.pending = bytearray()

    def close(self):
        os.close(self.fd)
        os.close(self._device_fd)


class LossyLine:
    def __init__(self, tables: int, *, drop: float = 0.05, corrupt: float = 0.01,
                 duplicate: float = 0.01, seed: int = 4):
        self.director = Pty()
        self.tables = [Pty() for _ in range(tables)]
        self.drop, self.corrupt, self.duplicate = drop, corrupt, duplicate
        self.random = random.Random(seed)
        self.faults: Counter = Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lossy-line", daemon=True)

    @property
    def director_port(self) -> str:
        return self.director.name

    @property
    def table_ports(self) -> list[str]:
        return [t.name for t in self.tables]

    def start(self) -> "LossyLine":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(30)
        for pty in [self.director, *self.tables]:
            pty.close()

    def mangle(self, frame: bytes) -> list[bytes]:
        """What the line makes of one frame (its closing 0x00 included) for one receiver."""
        roll = self.random.random()
        if roll < self.drop:
            self.faults["dropped"] += 1
            return []
        if roll < self.drop + self.corrupt:
            self.faults["corrupted"] += 1
            bad = bytearray(frame)
            bad[self.random.randrange(len(bad) - 1)] ^= self.random.randrange(1, 256)
            return [bytes(bad)]
        if roll < self.drop + self.corrupt + self.duplicate:
            self.faults["duplicated"] += 1
            return [frame, frame]
        self.faults["passed"] += 1
        return [frame]

    def _run(self) -> None:
        sources = {p.fd: p for p in [self.director, *self.tables]}
        while not self._stop.is_set():
            ready, _, _ = select.select(list(sources), [], [], 0.05)
            for fd in ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    continue
                source = sources[fd]
                source.pending += chunk
                while (end := source.pending.find(0)) >= 0:
                    frame = bytes(source.pending[:end + 1])
                    del source.pending[:end + 1]
                    receivers = self.tables if source is self.director else [self.director]
                    for receiver in receivers:
                        for piece in self.mangle(frame):
                            _write_all(receiver.fd, piece)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
