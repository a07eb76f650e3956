"""A demo at ``--speed 10`` killed anywhere always continues from its journal.

Its clock runs ahead of the machine's, so a restarted demo starts its clock at the journal's
last instant on this boot. A demo restarted while the old one still ran (killed a moment
later, as a wrapper's kill may leave it) read that instant, the old one wrote on, and the
recovery then refused to resume before the old one's later instants:
``... ns is before the game's last instant ... ns on this same boot``, exit 2. One kiosk process
at a time now plays on a store (kiosk.store.writer_lock): the new one waits for the old one to
be gone before it reads the journal.
"""
from __future__ import annotations

import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kiosk.core import events as ev
from kiosk.store import Journal

pytestmark = pytest.mark.slow          # many demos started and killed

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
TIMEOUT_S = 120
EVENT = re.compile(r"event +(\d+)  (\w+)")


class Demo:
    """``python -m kiosk demo --headless --speed 10 --store FILE`` as a process; ``committed``
    is every (seq, type) it printed as journaled."""

    def __init__(self, store: Path, shots: Path):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "demo", "--headless", "--store", str(store), "--speed", "10",
             "--pace", "0.2", "--shots", str(shots), "--size", "480x320", "--limit", "300"],
            cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        self.lines: queue.Queue = queue.Queue()
        self.committed: dict[int, str] = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")

    def _take(self, line: str) -> None:
        match = EVENT.match(line)
        if match:
            self.committed[int(match.group(1))] = match.group(2)

    def wait_until_up(self) -> None:
        """Until its first screen is drawn (its recovery is committed by then); fails with
        its error if it stopped instead."""
        while True:
            line = self.lines.get(timeout=TIMEOUT_S)
            if not line:
                self.proc.wait(timeout=TIMEOUT_S)
                raise AssertionError(f"the demo stopped (exit {self.proc.returncode}): "
                                     f"{self.proc.stderr.read()}")
            self._take(line)
            if line.startswith("screen "):
                return

    def run_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return
            assert line, f"the demo stopped: {self.proc.stderr.read()}"
            self._take(line)

    def kill(self) -> None:
        """SIGKILL; collects what it printed before."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=TIMEOUT_S)
        while (line := self.lines.get(timeout=TIMEOUT_S)):
            self._take(line)
        self.proc.stdout.close(), self.proc.stderr.close()


def events_of(store: Path) -> list:
    with Journal.open(store) as journal:
        game = journal.conn.execute("SELECT MAX(id) FROM games").fetchone()[0]
        return journal.replay(game).events


def test_a_fast_demo_killed_at_many_points_always_continues(tmp_path):
    """Sixteen kills of a demo at ``--speed 10``, at random points: every other time the next
    demo is started first and the old one killed while it starts. Every restart comes up,
    keeps every event the killed one printed as committed, and resumes the game from no
    earlier than its last instant."""
    store, shots = tmp_path / "demo.sqlite", tmp_path / "shots"
    rng = random.Random(23)
    demo = Demo(store, shots)
    demo.wait_until_up()
    recovered = 0
    for kill in range(16):
        demo.run_for(rng.uniform(0.2, 2.0))
        if kill % 2:                        # the old one still runs while the new one starts
            after = Demo(store, shots)
            time.sleep(rng.uniform(0.2, 1.2))
            demo.kill()
        else:
            demo.kill()
            after = Demo(store, shots)
        after.wait_until_up()
        events = events_of(store)
        kinds = {seq: type(e).__name__ for seq, e in enumerate(events, 1)}
        lost = {seq: kind for seq, kind in demo.committed.items() if kinds.get(seq) != kind}
        assert not lost, f"kill {kill}: committed events lost: {lost}"
        for before, event in zip(events, events[1:]):
            if isinstance(event, ev.Recovered):
                assert event.at_ns >= event.from_ns >= before.at_ns
        recovered += sum(isinstance(e, ev.Recovered) for e in events[len(demo.committed):])
        demo = after
    demo.kill()
    assert recovered >= 8                   # most kills came mid-game
