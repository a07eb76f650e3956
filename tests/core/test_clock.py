"""The clock face and the overtime penalty arithmetic (RULES.md "Clock")."""
import pytest

from common.game import clock as clk
from common.game.clock import NS_PER_S as S

MS = S // 1000


@pytest.mark.parametrize("remaining_ns, shown", [
    (1500 * S, "25:00"),
    (1500 * S - 1, "24:59"),          # the first nanosecond takes 25:00 off the face
    (7 * S + 999 * MS, "0:07"),
    (0, "0:00"),
    (-900 * MS, "0:00"),              # 0.9 s over is not yet overtime
    (-1 * S, "-0:01"),                # the flag: overtime begins when -0:01 is shown
    (-61 * S, "-1:01"),
    (-600 * S, "-10:00"),
])
def test_display(remaining_ns, shown):
    assert clk.display(remaining_ns) == shown


@pytest.mark.parametrize("over_ms, penalty", [
    (0, 0), (900, 0), (1000, 10), (59_999, 10), (60_000, 10), (60_900, 10), (61_000, 20),
    (120_000, 20), (121_000, 30), (600_000, 100),
])
def test_penalty_follows_whole_seconds_shown(over_ms, penalty):
    """10 points per started minute of whole seconds past zero (ASPA 11.3b, ABSP 9.1-9.2)."""
    clock = clk.start(clk.Clock(budget_ns=1500 * S), 0, 0)
    now = 1500 * S + over_ms * MS
    over_s = clk.overtime_seconds(clock, 0, now)
    assert clk.overtime_penalty(over_s, 10, 60) == penalty


def test_time_is_charged_from_timestamps_to_the_running_side():
    clock = clk.start(clk.Clock(budget_ns=100 * S), 0, 10 * S)
    clock = clk.run(clock, 1, 25 * S)          # side 0 used 15 s
    clock = clk.neutralise(clock, 30 * S)      # side 1 used 5 s
    clock = clk.run(clock, 0, 42 * S)          # 12 s neutral
    assert clk.used(clock, 0, 50 * S) == 23 * S
    assert clk.used(clock, 1, 50 * S) == 5 * S
    assert clk.neutral_time(clock, 50 * S) == 12 * S
    assert clk.remaining(clock, 0, 50 * S) == 77 * S


def test_stopped_clock_charges_no_more_time():
    clock = clk.stop(clk.start(clk.Clock(budget_ns=100 * S), 1, 0), 40 * S)
    assert clk.used(clock, 1, 900 * S) == 40 * S
    assert clk.display(clk.remaining(clock, 1, 900 * S)) == "1:00"


def test_director_correction_moves_time_and_is_accounted():
    clock = clk.start(clk.Clock(budget_ns=100 * S), 0, 0)
    clock = clk.adjust(clock, 0, -5 * S)
    assert clk.used(clock, 0, 20 * S) == 15 * S
    assert clock.adjusted_ns == (-5 * S, 0)


def test_time_cannot_go_backwards():
    clock = clk.start(clk.Clock(budget_ns=100 * S), 0, 10 * S)
    with pytest.raises(ValueError):
        clk.run(clock, 1, 9 * S)
