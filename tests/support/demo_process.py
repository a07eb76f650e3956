"""``python -m kiosk demo --headless --store FILE`` as a process, for the tests that kill it: its
output read in a thread, every event it printed as journaled kept in ``committed`` (seq -> type),
``wait_until_up`` until its first screen (its recovery, if any, is committed by then), ``run_for``
a while, ``kill`` with SIGKILL (the kill's monotonic instant returned)."""
from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120                         # generous: a noisy 2-core machine
EVENT = re.compile(r"event +(\d+)  (\w+)")


class DemoProcess:
    """The demo at ``speed`` (its clock that many times the machine's), ``pace`` seconds between
    its players' moves, its screens saved to ``shots``."""

    def __init__(self, store: Path, shots: Path, *, speed: float, pace: float):
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "demo", "--headless", "--store", str(store), "--speed",
             str(speed), "--pace", str(pace), "--shots", str(shots), "--size", "480x320", "--limit", "300"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
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
        """Until its first screen is drawn; fails with its error if it stopped instead."""
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

    def kill(self) -> int:
        """SIGKILL now; the monotonic instant of the kill. Collects what it printed before (a
        line the kill cut in two is not an event it reported)."""
        killed_ns = time.monotonic_ns()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=TIMEOUT_S)
        assert self.proc.returncode == -signal.SIGKILL
        while (line := self.lines.get(timeout=TIMEOUT_S)):
            if line.endswith("\n"):
                self._take(line)
        self.proc.stdout.close(), self.proc.stderr.close()
        return killed_ns
