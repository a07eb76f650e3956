"""A power cut, as near as a test can get: the kiosk's writing side runs in its own process
(tests/support/power_cut_child.py) and is killed with SIGKILL mid-game, at a chosen point and at random ones.
This process then opens the file as the rebooted kiosk and recovers the game: the journal then
ends with a ``Recovered`` event on the new boot, and the events alone give the kiosk's state."""
from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from common.game import clock as clk
from common.game import commands as c
from common.game import events as ev
from common.game.clock import NS_PER_S
from common.game.game import decide, step
from common.game.result import compute
from common.game.rules import rules_from_preset
from common.game.state import new_game, replay
from common.presets import load_rules
from kiosk.store import Journal, recover
from common.wire.document import events_of, result_document
from tests.support import power_cut_child

pytestmark = pytest.mark.slow          # child processes killed mid-game: make check leaves it out

REPO = Path(__file__).resolve().parents[2]
PLAN = power_cut_child.plan()
BOOT_ZERO_S, WALL_ZERO = power_cut_child.BOOT_ZERO_S, power_cut_child.WALL_ZERO
TIMEOUT_S = 120                       # generous: a noisy 2-core machine


class Child:
    """The writing kiosk as a process; ``done`` counts the writes it reported committed."""

    def __init__(self, db: Path, pause_after: int | None = None):
        args = [sys.executable, "-m", "tests.support.power_cut_child", str(db)]
        args += [] if pause_after is None else [str(pause_after)]
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen(args, cwd=REPO, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.done, self.waiting, self.boot_id = 0, False, None
        self.lines: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")                                # end of output

    def _take(self, line: str) -> None:
        word = line.split()
        if word and word[0] == "game":
            self.boot_id = word[2]
        elif word and word[0] == "done":
            assert int(word[1]) == self.done, line
            self.done += 1
        elif word and word[0] == "waiting":
            self.waiting = True

    def read_until(self, done: int | None = None) -> None:
        """Read reports until ``done`` writes (or ``waiting``)."""
        while not self.waiting and (done is None or self.done < done):
            try:
                line = self.lines.get(timeout=TIMEOUT_S)
            except queue.Empty:
                line = ""
            if not line:
                self.proc.kill()
                pytest.fail(f"the child stopped reporting: {self.proc.stderr.read()}")
            self._take(line)

    def kill(self) -> None:
        """SIGKILL, then collect what it reported before dying."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=TIMEOUT_S)
        assert self.proc.returncode == -signal.SIGKILL
        self.reader.join(timeout=TIMEOUT_S)
        while (line := self.lines.get(timeout=TIMEOUT_S)):
            if line.endswith("\n"):                      # not a line the kill cut in two
                self._take(line)
        self.proc.stdout.close(), self.proc.stderr.close(), self.proc.stdin.close()


def expected_after(writes: int):
    """What the first ``writes`` of the plan leave: events, state, each side's time used at
    the last instant known, and that instant."""
    state, events, stopped = new_game(load_rules("aspa"), 4, ("Ann", "Bob")), [], None
    for seconds, command in PLAN[:writes]:
        now_ns = round((BOOT_ZERO_S + seconds) * NS_PER_S)
        if command is None:
            if state.time_runs:
                stopped = now_ns
            continue
        state, made = step(state, command, now_ns)
        events += made
        if made:
            stopped = now_ns
    used = (clk.used(state.clock, 0, stopped), clk.used(state.clock, 1, stopped))
    return events, state, used, stopped


def recovered_after_reboot(db: Path, now_s: float):
    """Recover as the rebooted kiosk; check the journal's rows and that its events alone (as a
    result document or the director reads them) give the recovered state."""
    with Journal.open(db, boot_id="after-the-power-cut") as journal:
        game_id = journal.current_game()
        got = recover(journal, game_id, round(now_s * NS_PER_S))
        rows = list(journal.db.query("SELECT type, boot_id FROM events ORDER BY seq"))
        assert journal.load(game_id) == (got.state, got.events)
    assert [r["boot_id"] for r in rows] == [got.stopped.boot_id] * (len(rows) - 1) + [
        "after-the-power-cut"]
    assert rows[-1]["type"] == "Recovered" and got.events[-1] == got.recovered
    assert replay(new_game(load_rules("aspa"), 4, ("Ann", "Bob")), got.events) == got.state
    return got


def first_checkpoint_after(event_count: int, ticks: int) -> int:
    """Index in the plan of the ``ticks``-th checkpoint after the ``event_count``-th command."""
    commands = [i for i, (_, command) in enumerate(PLAN) if command is not None]
    return commands[event_count - 1] + ticks


def test_killed_mid_turn_the_game_comes_back_neutral_with_the_checkpointed_times(tmp_path):
    db = tmp_path / "kiosk.db"
    pause = first_checkpoint_after(12, ticks=37)          # Bob thinking, 9.25 s into his turn
    assert PLAN[pause][1] is None and PLAN[pause + 1][1] is None
    child = Child(db, pause_after=pause)
    child.read_until()
    assert child.waiting and child.done == pause + 1
    child.kill()                                          # mid-game, journal open, clock running

    events, state, used, stopped = expected_after(child.done)
    assert state.clock.running is not None                # it was running when the power went
    got = recovered_after_reboot(db, now_s=3.0)           # the new boot's clock starts near 0
    assert got.events == events + [ev.Recovered(3 * NS_PER_S, from_ns=stopped)]
    assert got.source == "checkpoint" and got.power_lost
    assert got.stopped.boot_id == child.boot_id
    assert got.state.clock.neutral and got.state.clock.since_ns == 3 * NS_PER_S
    assert tuple(clk.used(got.state.clock, p, 3 * NS_PER_S) for p in (0, 1)) == used
    faces = [clk.display(state.rules.clock.time_per_side_s * NS_PER_S - u) for u in used]
    assert f"clock stopped at {faces[0]} / {faces[1]}; " in got.message and "restart" in got.message
    assert got.state.scores() == state.scores() and got.state.turns[-1].score == state.turns[-1].score


@pytest.mark.parametrize("kill_point", random.Random(6).sample(range(3, 2500), 6))
def test_killed_at_any_point_no_committed_write_is_lost(tmp_path, kill_point):
    db = tmp_path / "kiosk.db"
    child = Child(db)
    child.read_until(done=kill_point)
    child.kill()                                          # it may have committed one more
    assert child.done < len(PLAN)
    got = recovered_after_reboot(db, now_s=1.5)
    candidates = {}
    for writes in (child.done, child.done + 1):
        events, _, used, stopped = expected_after(writes)
        candidates[writes] = (events + [ev.Recovered(round(1.5 * NS_PER_S), stopped)], used)
    got_used = tuple(clk.used(got.state.clock, p, 2 * NS_PER_S) for p in (0, 1))
    assert (got.events, got_used) in candidates.values(), f"killed after {child.done} writes"
    assert got.state.clock.running is None


def test_after_a_power_cut_the_result_document_alone_gives_the_kiosks_result(tmp_path):
    """The director recomputes the result from the document's rules and events only: the
    recovery must travel with the events for it to agree with the table."""
    db = tmp_path / "kiosk.db"
    child = Child(db, pause_after=first_checkpoint_after(20, ticks=21))
    child.read_until()
    child.kill()
    _, before, used, _ = expected_after(child.done)
    mover = before.clock.running                          # thinking when the power went
    assert mover is not None
    with Journal.open(db, boot_id="after-the-power-cut") as journal:
        game_id = journal.current_game()
        state = recover(journal, game_id, 3 * NS_PER_S).state
        for seconds, command in [(10, c.Resume(1 - mover)), (30, c.Play(mover, 17)),
                                 (45, c.Out(1 - mover, 22)), (47, c.Accept(mover)),
                                 (55, c.Rack(mover, "VW")), (60, c.Confirm(0)),
                                 (61, c.Confirm(1))]:
            made = decide(state, command, seconds * NS_PER_S)
            journal.append(game_id, made)
            state = replay(state, made)
        kiosk_state, kiosk_events = journal.load(game_id)
    assert kiosk_state == state and state.phase == "confirmed"
    kiosk_result = compute(kiosk_state, 61 * NS_PER_S)
    document = result_document(kiosk_state, kiosk_events, 61 * NS_PER_S, tournament="Test Open",
                               table=9, game_id=f"table-9-game-{game_id}")
    document = json.loads(json.dumps(document))           # as it travels to the director

    rules = rules_from_preset(document["rules"], "the result document")
    director_state = replay(new_game(rules, document["round"], tuple(document["players"])),
                            events_of(document))
    director = compute(director_state, director_state.last_ns)
    assert director == kiosk_result and document["result"] == director.to_dict()
    assert director_state == kiosk_state
    expected_used = [used[0], used[1]]                    # the downtime charged to no one
    expected_used[mover] += 20 * NS_PER_S                 # 10 s -> 30 s after the reboot
    expected_used[1 - mover] += 15 * NS_PER_S             # 30 s -> 45 s
    assert director.time_used_ms == tuple(u // 1_000_000 for u in expected_used)
    without_recovery = [e for e in kiosk_events if not isinstance(e, ev.Recovered)]
    with pytest.raises(ValueError):                       # time would go backwards
        replay(new_game(rules, document["round"], tuple(document["players"])), without_recovery)
