"""Power cuts through the real app: the kiosk runs as a process (``python -m kiosk demo
--headless --store FILE --speed 1``: the real app loop and SQLite journal, its clock the
machine's monotonic clock, two simulated players pressing and typing a scripted game) and is
killed with SIGKILL at 20 random points. Each restart on the same file must resume the game:
every event the killed kiosk reported committed is there, the clock is neutral, and each
side's time is within 1 s of what it was at the kill (the running clock is checkpointed
every ``store.checkpoint_s`` = 0.5 s)."""
from __future__ import annotations

import pytest

import random
from pathlib import Path

from common.game import clock as clk
from common.game import events as ev
from common.game.state import new_game, replay
from kiosk.store import Journal
from tests.support.demo_process import DemoProcess

pytestmark = pytest.mark.slow          # the kiosk killed 20 times: make check leaves it out

KILLS = 20
NS = 1_000_000_000


def kiosk_process(store: Path, shots: Path) -> DemoProcess:
    """The demo on the machine's clock (speed 1): the real app as a table runs it."""
    return DemoProcess(store, shots, speed=1, pace=0.05)


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
        kiosk = kiosk_process(store, shots)
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
