"""A scripted table stopped in the middle of its game and started again, in the test's own
process (kiosk.scripted.runner on real kiosks over one SQLite store, a simulated clock): the
game ends as the replay of its script, the times too, also when the table stops again before
it saved how far it got (between its recovery and the progress file beside the store)."""
from __future__ import annotations

import json

from common.game.result import compute
from common.replay import replay_lines
from tests.scripted.test_scripted_process import game
from tests.support.scripted_table import SimClock, drive, played, scripted_kiosk, write_script

NS = 1_000_000_000


def result_of(kiosk) -> dict:
    state = kiosk.table.state
    return compute(state, state.last_ns).to_dict()


def stopped_on_bobs_clock(tmp_path):
    """A table whose script has run until Bob's clock has run 3 s in his fourth turn, then
    stopped as a power cut stops it (nothing closed): (the store, the script, the clock then)."""
    script = write_script(tmp_path / "game.jsonl", game())
    store = tmp_path / "table.sqlite"
    kiosk, runner, clock = scripted_kiosk(store, script)
    for _ in played(kiosk, runner, clock):
        state = kiosk.table.state
        if len(state.turns) == 7 and state.clock.running == 1:
            break
    clock.now += 3 * NS
    kiosk.loop.step()                               # Bob's clock runs on: a checkpoint or none
    return store, script, clock.now


def test_a_table_stopped_again_before_it_saved_its_progress_keeps_the_scripts_times(tmp_path):
    store, script, stopped = stopped_on_bobs_clock(tmp_path)
    again, _, clock = scripted_kiosk(store, script, clock=SimClock(stopped + 2 * NS))
    again.loop.step()                               # recovered (journaled), neutral...
    clock.now += 5 * NS                             # ...and stopped again before its script went on
    last, runner, clock = scripted_kiosk(store, script, clock=SimClock(clock.now + 2 * NS))
    drive(last, runner, clock)
    expected = replay_lines(json.dumps(line) for line in game()).result.to_dict()
    assert result_of(last) == expected              # each side's time as the script has it


def test_a_table_started_again_once_keeps_the_scripts_times(tmp_path):
    store, script, stopped = stopped_on_bobs_clock(tmp_path)
    last, runner, clock = scripted_kiosk(store, script, clock=SimClock(stopped + 2 * NS))
    drive(last, runner, clock)
    expected = replay_lines(json.dumps(line) for line in game()).result.to_dict()
    assert result_of(last) == expected
