"""When the loop passes (kiosk.ui.loop.Loop.run): at once on an input, at each second the running
clock's face or the hold timer changes, when a checkpoint falls due, at least every heartbeat;
not 30 times a second. The real kiosk (store, screens, GPIO buttons on MockFactory pins) runs
``Loop.run`` on simulated time: each of the loop's sleeps moves the kiosk's clock on by its
length, or to the instant a press is scheduled, which then comes from the pin as it would from
lgpio's thread."""
import threading
import time

import pytest

from drivers.buttons import DEFAULT_PINS
from common.game import events as ev
from common.game.state import GameState
from kiosk.ui.clock import view as clockview
from kiosk.ui.widgets import words
from kiosk.ui.loop import InputQueue
from tests.support.ui_harness import S, T0

MS = S // 1000


class SimulatedTime:
    """``Loop.run`` on the harness's clock: a sleep of the loop moves ``k.now`` on, unless a
    scheduled press comes first. Records each pass (its instant and view) and each sleep."""

    def __init__(self, k, presses=()):
        self.k, self.presses = k, sorted(presses)        # (second, side)
        self.passes: list[tuple[int, object]] = []
        self.sleeps: list[tuple[int, int]] = []          # (from, for how long), ns
        step = k.loop.step

        def recorded_step():
            redrawn = step()
            self.passes.append((k.now, k.loop.last_view))
            return redrawn
        k.loop.step, k.loop.wait = recorded_step, self.wait

    def wait(self, seconds: float) -> None:
        k, length = self.k, round(seconds * S)
        self.sleeps.append((k.now, length))
        stuck = self.sleeps[-1000:]
        assert len(stuck) < 1000 or stuck[0][0] != k.now, "the loop spins without sleeping"
        if self.presses and T0 + round(self.presses[0][0] * S) <= k.now + length:
            second, side = self.presses.pop(0)
            k.now = T0 + round(second * S)
            pin = k.factory.pin(DEFAULT_PINS[side])
            pin.drive_low()                              # lgpio's thread puts the press on the queue
            pin.drive_high()
            return
        k.now += length

    def run(self, until: float, **options) -> None:
        self.k.loop.run(exit_after_s=(T0 + round(until * S) - self.k.now) / S, **options)

    def passes_between(self, start: float, end: float) -> list[tuple[int, object]]:
        return [(t, view) for t, view in self.passes if T0 + start * S <= t < T0 + end * S]


def faces_drawn(passes, player: int) -> dict[str, int]:
    """Each face ``player``'s half showed, and the instant it was first drawn."""
    first = {}
    for t, view in passes:
        first.setdefault(view.halves[player].time, t)
    return first


def test_the_running_clock_is_drawn_at_each_second_and_the_loop_sleeps_in_between(kiosk):
    k = kiosk(gpio=True)
    k.press("right", at=2.3)                                # Ann's clock runs from 2.3 s
    sim = SimulatedTime(k)
    sim.run(until=30.3)

    drawn = faces_drawn(sim.passes, 0)
    for n in range(1, 28):                                  # 24:59 ... 24:33, each when it began
        face = words.face(k.state, 0, T0 + round(2.3 * S) + n * S)
        assert drawn[face] == T0 + round(2.3 * S) + (n - 1) * S + 1, face
    quiet = sim.passes_between(14, 30)                      # nobody at the table: 16 s
    assert 16 <= len(quiet) <= 16 * 4, len(quiet)           # a few passes a second, not 30
    awake = [length for t, length in sim.sleeps if t < T0 + 12 * S]
    later = [length for t, length in sim.sleeps if t >= T0 + 13 * S]
    assert max(awake) <= S // 30 < max(later) <= S // 10    # pygame read 30 a second, then 10


def test_a_press_wakes_the_sleeping_loop_and_is_handled_at_once(kiosk):
    k = kiosk(gpio=True)
    k.press("right", at=2)
    sim = SimulatedTime(k, presses=[(40.123, "left")])      # long after the last input
    sim.run(until=41)
    (ended,) = k.events(ev.TurnEnded)
    assert ended.at_ns == T0 + 40_123 * MS
    assert any(t == T0 + 40_123 * MS for t, _ in sim.passes)     # a pass at the press itself
    assert k.state.clock.running == 1


def test_a_checkpoint_is_journaled_every_half_second_while_the_loop_sleeps(kiosk):
    k = kiosk(gpio=True)
    k.press("right", at=2)
    sim = SimulatedTime(k)
    written = set()
    step = k.loop.step

    def step_and_read_the_journal():
        redrawn = step()
        checkpoint = k.session.journal.last_checkpoint(k.session.game_id)
        if checkpoint is not None:
            written.add(checkpoint.at_ns)
        return redrawn
    k.loop.step = step_and_read_the_journal
    sim.run(until=20)
    assert sorted(written) == [T0 + 2 * S + n * 500 * MS for n in range(1, 37)]


def test_a_checkpoint_the_store_refuses_is_tried_again_at_the_heartbeat_not_at_once(kiosk):
    """A checkpoint that cannot be written (here the store refuses every write, as a full disk
    would) stays due: the loop tries it again every half second, it does not spin."""
    k = kiosk(gpio=True)
    k.press("right", at=2)
    k.session.journal.conn.execute("PRAGMA query_only = ON")
    sim = SimulatedTime(k)
    sim.run(until=12)
    assert k.session.journal.last_checkpoint(k.session.game_id) is None
    assert 10 <= len(sim.passes_between(2, 12)) <= 10 * 4


def test_the_hold_timer_is_drawn_at_each_of_its_seconds(kiosk):
    k = kiosk(gpio=True)
    k.press("right", at=2).press("left", at=10).type("20\n", at=11)
    k.key("Hold", at=12.4)                                  # Bob holds Ann's play at 12.4 s
    assert k.state.hold is not None
    sim = SimulatedTime(k)
    sim.run(until=20)
    bottoms = {}
    for t, view in sim.passes:
        bottoms.setdefault(view.bottom, t)
    for held in range(1, 7):                                # HOLD 0:01 ... 0:06, when each began
        (shown,) = [text for text in bottoms if text.startswith(f"HOLD 0:0{held}")]
        assert bottoms[shown] == T0 + 12_400 * MS + held * S


@pytest.mark.parametrize(("left_ns", "after_ns"), [
    (1500 * S, 1),                          # 25:00 full: 24:59 one nanosecond on
    (1499 * S + 250 * MS, 250 * MS + 1),    # 24:59.25 shows 24:59; 24:58 from 0.25 s on
    (0, S),                                 # 0:00 until -0:01, a whole second over
    (-300 * MS, 700 * MS),                  # 0.3 s over still shows 0:00
    (-61 * S, S),                           # -1:01 until -1:02
])
def test_next_change_is_when_the_running_face_shows_another_second(left_ns, after_ns):
    from common.game import clock as clk
    from common.presets import load_rules
    from common.game.state import new_game
    state = new_game(load_rules("aspa"), 1, ("Ann", "Bob"))
    now = 7 * S
    budget = state.clock.budget_ns
    clock = clk.Clock(budget, used_ns=(budget - left_ns, 0), running=0, since_ns=now, started_ns=0)
    state = GameState(**{**state.__dict__, "clock": clock})
    change = clockview.next_change(state, now)
    assert change == now + after_ns
    assert words.face(state, 0, change) != words.face(state, 0, change - 1)


def test_next_change_is_none_while_no_clock_runs_and_no_hold():
    from common.presets import load_rules
    from common.game.state import new_game
    assert clockview.next_change(new_game(load_rules("aspa"), 1, ("Ann", "Bob")), 5 * S) is None


def test_a_put_from_another_thread_wakes_a_waiting_input_queue():
    inputs = InputQueue()
    putter = threading.Timer(0.05, inputs.put, ["press"])
    putter.start()
    began = time.monotonic()
    assert inputs.wait(60)                                  # woken by the put, not the timeout
    assert time.monotonic() - began < 60 and inputs.get_nowait() == "press"
    assert not inputs.wait(0.01)                            # nothing queued: the wait runs out
    putter.join()
    inputs.close()
    inputs.put("after close")                               # still queues; no pipe to write
    assert inputs.get_nowait() == "after close"
