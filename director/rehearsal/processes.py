"""The rehearsal's processes: the director's service and the tables' kiosks, each a real
``python -m`` process the rehearsal starts, kills (SIGKILL, as a power cut does) and starts
again with the same command line.

``Director`` is ``python -m director`` on a port of 127.0.0.1 (and a serial line, if any), its
database and password file in the rehearsal's folder. ``Table`` is ``python -m kiosk run
--headless --config TABLE.toml --script ... --speed N``: a thread reads what it prints, and
``locked[round]`` is the wall time it printed the game's result locked (the second confirm).
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

LOCKED = re.compile(r"^locked round (\d+) at wall ([0-9.]+)$")
READY = re.compile(r"^.*: round (\d+), .+ v .+$")
START_TIMEOUT_S = 60.0


def environment() -> dict:
    root = Path(__file__).resolve().parents[2]
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=str(root) + (os.pathsep + path if path else ""),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


class Process:
    """A child process, started again with the same command line after a kill."""

    def __init__(self, command: list[str], log: Path, env: dict | None = None):
        self.command, self.log, self.env = command, log, env or {}
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.lines: list[str] = []
        self._ready = threading.Event()

    def start(self) -> "Process":
        self._ready.clear()
        with open(self.log, "a") as errors:
            self.proc = subprocess.Popen(self.command, env={**environment(), **self.env},
                                         stdin=subprocess.DEVNULL,
                                         stdout=subprocess.PIPE, stderr=errors, text=True)
        self.starts += 1
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        return self

    def _read(self, proc: subprocess.Popen) -> None:
        for line in proc.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            self.took(line)
        proc.stdout.close()

    def took(self, line: str) -> None:
        """A line the process printed."""

    def kill(self) -> None:
        """SIGKILL, as a power cut: nothing is closed, flushed or said goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=START_TIMEOUT_S)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def terminate(self) -> None:
        """SIGTERM (a clean stop), SIGKILL if it does not stop in 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def errors(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


class Director(Process):
    def __init__(self, folder: Path, config: Path, port: int, *, serial: str | None = None,
                 addresses: str | None = None):
        command = [sys.executable, "-m", "director", "--config", str(config), "--host", "127.0.0.1",
                   "--port", str(port), "--log-level", "warning"]
        if serial:
            command += ["--serial", serial, "--addresses", addresses]
        super().__init__(command, folder / "director.log")
        self.url = f"http://127.0.0.1:{port}"

    def took(self, line: str) -> None:
        if line.startswith("director: ") and " on http://" in line:
            self._ready.set()

    def wait_ready(self) -> None:
        if not self._ready.wait(START_TIMEOUT_S):
            raise RuntimeError(f"the director did not start: {self.errors()[-2000:]}")
        _wait_for_port(self.url, START_TIMEOUT_S)


class Table(Process):
    def __init__(self, table: str, folder: Path, config: Path, scripts: list[Path], speed: float,
                 pin: str | None = None):
        """``pin``: the table's own director's PIN, for its scripts' director's commands (in the
        environment, never on the command line)."""
        command = [sys.executable, "-m", "kiosk", "run", "--headless", "--config", str(config),
                   "--size", "480x320", "--speed", f"{speed:g}"]
        for script in scripts:
            command += ["--script", str(script)]
        super().__init__(command, folder / f"table-{table}.log",
                         {"TABLEKEEPER_DIRECTOR_PIN": pin} if pin else None)
        self.table = table
        self.locked: dict[int, float] = {}
        self.ready: set[int] = set()        # rounds whose game the table has (its assignment)
        self._round = threading.Condition()

    def took(self, line: str) -> None:
        match = LOCKED.match(line)
        if match:
            self.locked.setdefault(int(match[1]), float(match[2]))
        match = READY.match(line)
        if match:
            with self._round:
                self.ready.add(int(match[1]))
                self._round.notify_all()

    def wait_round(self, round_number: int, timeout_s: float) -> bool:
        """Until the table has its game of ``round_number`` (False after ``timeout_s``)."""
        with self._round:
            return self._round.wait_for(lambda: round_number in self.ready, timeout_s)


def _wait_for_port(url: str, timeout_s: float) -> None:
    import http.client
    import urllib.parse
    parts = urllib.parse.urlsplit(url)
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
            conn.request("GET", "/login")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
