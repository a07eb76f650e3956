"""Power cuts through the real app: the kiosk runs as a process (``python -m kiosk demo
--headless --store FILE --speed 1``: the real app loop and SQLite journal, its clock the
machine's monotonic clock, two simulated players pressing and typing a scripted game) and is
killed with SIGKILL at 20 random points. Each restart on the same file must resume the game:
every event the killed kiosk reported committed is there, the clock is neutral, and each
side's time is within 1 s of what it was at the kill (the running clock is checkpointed
every ``store.checkpoint_s`` = 0.5 s)."""
from __future__ import annotations

import pytest

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

from kiosk.core import clock as clk
from kiosk.core import events as ev
from kiosk.core.state import new_game, replay
from kiosk.store import Journal

pytestmark = pytest.mark.slow          # the kiosk killed 20 times: make check leaves it out

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120                         # generous: a noisy 2-core machine
KILLS = 20
EVENT = re.compile(r"event +(\d+)  (\w+)")
NS = 1_000_000_000


class Kiosk:
    """The kiosk as a process; ``committed`` is every (seq, type) it printed as journaled."""

    def __init__(self, store: Path, shots: Path):
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "demo", "--headless", "--store", str(store), "--speed", "1",
             "--pace", "0.05", "--shots", str(shots), "--size", "480x320", "--limit", "300"],
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
        """Until its first screen is drawn: the recovery (if any) is committed by then."""
        while True:
            line = self.lines.get(timeout=TIMEOUT_S)
            assert line, f"the kiosk stopped: {self.proc.stderr.read()}"
            self._take(line)
            if line.startswith("screen "):
                return

    def run_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            assert line, f"the kiosk stopped: {self.proc.stderr.read()}"
            self._take(line)

    def kill(self) -> int:
        """SIGKILL now; the monotonic instant of the kill. Collects what it printed before."""
        killed_ns = time.monotonic_ns()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=TIMEOUT_S)
        assert self.proc.returncode == -signal.SIGKILL
        while (line := self.lines.get(timeout=TIMEOUT_S)):
            self._take(line)
        self.proc.stdout.close(), self.proc.stderr.close()
        return killed_ns


def stored(store: Path, game_id: int | None = None) -> tuple[int, list, object]:
    """A game in the file (default: the latest): its id, events, and its setup's first state."""
    with Journal.open(store, boot_id="the-test") as journal:
        if game_id is None:
            game_id = journal.db.execute("SELECT MAX(id) FROM games").fetchone()[0]
        record = journal.game(game_id)
        events = journal.replay(game_id).events
    return game_id, events, new_game(record.rules, record.round, record.players)


def test_killed_at_20_random_points_each_restart_resumes_with_nothing_lost(tmp_path):
    store, shots = tmp_path / "kiosk.sqlite", tmp_path / "shots"
    rng = random.Random(20)
    before_kill = None                  # (events printed as committed, state, kill instant)
    resumed_neutral = 0
    for run in range(KILLS + 1):
        kiosk = Kiosk(store, shots)
        try:
            kiosk.wait_until_up()
            if before_kill is not None:
                game_id, committed, count, killed_state, killed_ns = before_kill
                _, events, start = stored(store, game_id)
                kinds = {seq: type(e).__name__ for seq, e in enumerate(events, 1)}
                lost = {seq: kind for seq, kind in committed.items() if kinds.get(seq) != kind}
                assert not lost, f"restart {run}: committed events lost: {lost}"
                if killed_state.time_runs:      # it was killed while a clock ran: recovered
                    recovered = next(i for i, e in enumerate(events[count:], count)
                                     if isinstance(e, ev.Recovered))
                    state = replay(start, events[:recovered + 1])
                    assert state.clock.running is None, f"restart {run}: the clock is not neutral"
                    at = events[recovered].at_ns
                    for p in (0, 1):
                        then = clk.remaining(killed_state.clock, p, killed_ns)
                        now = clk.remaining(state.clock, p, at)
                        assert abs(now - then) <= NS, (f"restart {run}: side {p} had {then / NS:.2f} s "
                                                       f"at the kill, {now / NS:.2f} s after it")
                    resumed_neutral += 1
            if run == KILLS:
                break
            kiosk.run_for(rng.uniform(0.3, 2.5))
        finally:
            killed_ns = kiosk.kill()
        game_id, events, start = stored(store)
        assert len(events) >= len(kiosk.committed)
        before_kill = (game_id, kiosk.committed, len(events), replay(start, events), killed_ns)
    assert resumed_neutral >= KILLS // 2      # most kills came while a clock ran
