"""The real director's service for the link tests: ``python -m director`` as a subprocess on a
free 127.0.0.1 port with its own SQLite file and the director's password (``PASSWORD``), which
a test may kill (SIGKILL, as a power cut would) and start again on the same port and database."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from director.event.db import DirectorDB
from director.web.password import hash_password, write_password_file
from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players

from .page_session import PageSession

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60.0
PASSWORD = "the director's bench password"


def seed(db: Path, pairings: dict, *, started: bool = True) -> list[str]:
    """Players (numbered in order of appearance) and pairings ({round: {table: (left, right,
    first)}}) into the director's database at ``db``, each round started unless ``started`` is
    False (a result counts only in a started round); returns the players' names."""
    names: list[str] = []
    for tables in pairings.values():
        for left, right, _ in tables.values():
            names += [n for n in (left, right) if n not in names]
    with DirectorDB.open(db) as director_db:
        store_players(director_db, [Player(i + 1, n) for i, n in enumerate(names)])
        store_pairings(director_db, [
            Pairing(round, str(t), (names.index(a) + 1, names.index(b) + 1), first)
            for round, tables in pairings.items() for t, (a, b, first) in tables.items()])
        for round_number in sorted(pairings) if started else ():
            start_round(director_db, round_number, time.time())
    return names


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DirectorProcess:
    def __init__(self, db: Path, key: bytes, *, tournament: str, preset: str = "aspa",
                 log: Path | None = None, args: tuple[str, ...] = ()):
        self.db, self.key, self.tournament, self.preset = Path(db), key, tournament, preset
        self.db_path = self.db                                  # as the in-process harness names it
        self.key_file = self.db.with_suffix(".key")
        self.args = tuple(args)             # more options: --serial PORT --addresses 7
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(log) if log else self.db.with_suffix(".log")
        self.process: subprocess.Popen | None = None
        self.page = PageSession(self.url, PASSWORD)

    def start(self, key: bytes | None = None) -> "DirectorProcess":
        key_file, password_file = self.key_file, self.db.with_suffix(".password")
        key_file.write_bytes((key or self.key) + b"\n")
        if not password_file.exists():
            write_password_file(password_file, hash_password(PASSWORD))
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "director", "--port", str(self.port), "--db", str(self.db),
                 "--tournament", self.tournament, "--preset", self.preset,
                 "--key-file", str(key_file), "--password-file", str(password_file),
                 "--log-level", "warning", *self.args],
                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self.answers():
            if self.process.poll() is not None:
                raise RuntimeError(f"the director exited ({self.process.returncode}): "
                                   + self.log.read_text(errors="replace")[-2000:])
            if time.monotonic() > deadline:
                raise RuntimeError("the director did not start in time")
            time.sleep(0.05)
        return self

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/live", timeout=5) as response:
                return b"<html" in response.read()
        except (urllib.error.URLError, OSError, ValueError):
            return False

    def rows(self, table: str) -> list[dict]:
        """A table of the director's database, read on a connection of its own."""
        with contextlib.closing(sqlite3.connect(self.db)) as conn:
            conn.row_factory = sqlite3.Row
            return [dict(r) for r in conn.execute(f"SELECT * FROM {table}")]

    def round_action(self, action: str, round: int) -> dict:
        """The page's buttons: start or end a round (POST /api/rounds/start|end), logged in
        (again after a restart: the sessions were the process's)."""
        for _ in range(2):
            status, body = self.page.request("POST", f"/api/rounds/{action}",
                                             json.dumps({"round": round}).encode(),
                                             {"Content-Type": "application/json"})
            if status != 401:
                break
            self.page.token = None                  # logged in before a restart: again
        if status != 200:
            raise RuntimeError(f"{action} round {round}: {status} {body[:200]!r}")
        return json.loads(body)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush beyond what SQLite committed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(START_TIMEOUT_S)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(START_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(START_TIMEOUT_S)
        self.process = None
