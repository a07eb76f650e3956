"""The three buttons on gpiozero MockFactory pins feed the real queue with ButtonPressed and
ButtonReleased, each at its edge's own time: the pins are bench.rigs.edge_pins' MockFactory on
the test's clock, whose edges may be stamped before their callback runs, as lgpio's are."""
import importlib.util
import queue

import pytest

from bench.rigs.edge_pins import EdgeFactory
from drivers.buttons import DEFAULT_PINS, MAX_EDGE_LAG_NS, Buttons, HardwareError, pin_factory
from table_input import ButtonPressed, ButtonReleased


class FakeClock:
    """Stands in for time.monotonic_ns so a press's timestamp is known exactly."""

    def __init__(self, now=1_000_000_000):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def factory(clock):
    factory = EdgeFactory(clock)
    yield factory
    factory.reset()


@pytest.fixture
def board(factory, clock):
    events = queue.Queue()
    buttons = Buttons(events, factory, DEFAULT_PINS, clock=clock)
    yield buttons, events, clock, factory
    buttons.close()


def drain(events):
    out = []
    while not events.empty():
        out.append(events.get_nowait())
    return out


def press(factory, pin):
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def presses(items):
    return [item for item in items if isinstance(item, ButtonPressed)]


def test_each_button_enqueues_its_side_with_the_edge_time(board):
    buttons, events, clock, factory = board
    for side, t in (("left", 5_000_000_000), ("right", 6_000_000_000), ("centre", 7_000_000_000)):
        clock.now = t
        press(factory, DEFAULT_PINS[side])
    assert drain(events) == [ButtonPressed("left", 5_000_000_000, releases=True),
                             ButtonReleased("left", 5_000_000_000),
                             ButtonPressed("right", 6_000_000_000, releases=True),
                             ButtonReleased("right", 6_000_000_000),
                             ButtonPressed("centre", 7_000_000_000, releases=True),
                             ButtonReleased("centre", 7_000_000_000)]


def test_release_is_not_a_press_and_says_when_the_button_came_up(board):
    buttons, events, clock, factory = board
    clock.now = 2_000_000_000
    factory.pin(DEFAULT_PINS["centre"]).drive_low()
    assert drain(events) == [ButtonPressed("centre", 2_000_000_000, releases=True)]
    clock.now = 5_250_000_000                       # held 3.25 s
    factory.pin(DEFAULT_PINS["centre"]).drive_high()
    assert drain(events) == [ButtonReleased("centre", 5_250_000_000)]


def test_bounce_on_release_is_not_a_second_press(board):
    buttons, events, clock, factory = board
    pin = factory.pin(DEFAULT_PINS["left"])
    clock.now = 1_000_000_000
    pin.drive_low()
    clock.now = 1_300_000_000                       # released ...
    pin.drive_high()
    clock.now = 1_302_000_000                       # ... and the contact chatters for 4 ms
    pin.drive_low()
    clock.now = 1_304_000_000
    pin.drive_high()
    assert drain(events) == [ButtonPressed("left", 1_000_000_000, releases=True),
                             ButtonReleased("left", 1_300_000_000)]


def test_bounce_on_a_press_never_leaves_the_button_held(board):
    """Chatter right after a press reports the first release at once: the press may look short,
    a short press never looks long (which would open the director's menu)."""
    buttons, events, clock, factory = board
    pin = factory.pin(DEFAULT_PINS["centre"])
    for t, level in ((1_000_000_000, 0), (1_001_000_000, 1), (1_002_000_000, 0), (1_150_000_000, 1)):
        clock.now = t
        pin.drive_low() if level == 0 else pin.drive_high()
    assert drain(events) == [ButtonPressed("centre", 1_000_000_000, releases=True),
                             ButtonReleased("centre", 1_001_000_000)]


def test_contact_bounce_within_the_debounce_time_is_one_press(board):
    buttons, events, clock, factory = board
    pin = DEFAULT_PINS["right"]
    clock.now = 10_000_000_000
    press(factory, pin)
    clock.now += 5_000_000          # 5 ms later: bounce
    press(factory, pin)
    clock.now += 500_000_000        # half a second later: a real second press
    press(factory, pin)
    assert [e.t_ns for e in presses(drain(events))] == [10_000_000_000, 10_505_000_000]


def test_a_press_is_charged_at_its_edge_not_when_its_callback_runs(board):
    """lgpio stamps the edge; the callback runs when its thread gets the GIL, here 20 ms later."""
    buttons, events, clock, factory = board
    pin = factory.pin(DEFAULT_PINS["left"])
    clock.now = 8_020_000_000                       # the callback runs at 8.02 s ...
    pin.drive_low(at_ns=8_000_000_000)              # ... for an edge at 8.00 s
    clock.now = 8_500_000_000
    pin.drive_high(at_ns=8_480_000_000)
    assert drain(events) == [ButtonPressed("left", 8_000_000_000, releases=True),
                             ButtonReleased("left", 8_480_000_000)]


def test_bounce_is_told_from_the_edges_times_not_the_callbacks(board):
    """A release at 1.000 s and a press at 1.030 s are bounce even if the press's callback
    only ran at 1.100 s, past the debounce time."""
    buttons, events, clock, factory = board
    pin = factory.pin(DEFAULT_PINS["right"])
    clock.now = 900_000_000
    pin.drive_low()
    clock.now = 1_000_000_000
    pin.drive_high()
    clock.now = 1_100_000_000
    pin.drive_low(at_ns=1_030_000_000)
    assert drain(events) == [ButtonPressed("right", 900_000_000, releases=True),
                             ButtonReleased("right", 1_000_000_000)]


def test_a_reading_interrupted_between_its_clock_readings_is_taken_again(factory, clock):
    """The callback reads the loop's clock on both sides of gpiozero's time since the edge; when
    the thread was interrupted in between (the readings 9 ms apart), it reads them again."""
    readings = iter([5_000_000_000, 5_009_000_000, 5_009_500_000, 5_009_500_000])
    events = queue.Queue()
    buttons = Buttons(events, factory, DEFAULT_PINS, clock=lambda: next(readings))
    clock.now = 70_000_000_000                      # the pins' own clock: the edge 20 ms before
    factory.pin(DEFAULT_PINS["left"]).drive_low(at_ns=clock.now - 20_000_000)
    buttons.close()
    assert drain(events) == [ButtonPressed("left", 4_989_500_000, releases=True)]


@pytest.mark.parametrize("edge_before_callback_ns", [-1_000_000, MAX_EDGE_LAG_NS + 1])
def test_an_edge_time_on_another_clock_gives_way_to_the_callbacks_time(board, edge_before_callback_ns):
    """Ticks after the callback, or implausibly long before it, are not on the loop's clock's
    timeline: the press is charged when its callback ran, as without edge times."""
    buttons, events, clock, factory = board
    clock.now = 20_000_000_000
    factory.pin(DEFAULT_PINS["centre"]).drive_low(at_ns=clock.now - edge_before_callback_ns)
    assert drain(events) == [ButtonPressed("centre", 20_000_000_000, releases=True)]


def test_default_clock_is_the_monotonic_clock():
    """gpiozero's own MockFactory (ticks on time.monotonic, each edge stamped when driven)."""
    import time
    factory, events = pin_factory("mock"), queue.Queue()
    buttons = Buttons(events, factory)
    before = time.monotonic_ns()
    press(factory, DEFAULT_PINS["centre"])
    after = time.monotonic_ns()
    buttons.close()
    factory.reset()
    pressed, released = drain(events)
    assert pressed.side == released.side == "centre"
    assert before <= pressed.t_ns <= released.t_ns <= after


def test_custom_pins(factory, clock):
    events = queue.Queue()
    clock.now = 1
    buttons = Buttons(events, factory, {"left": 5, "right": 6, "centre": 13}, clock=clock)
    press(factory, 13)
    buttons.close()
    assert drain(events) == [ButtonPressed("centre", 1, releases=True), ButtonReleased("centre", 1)]


def test_pins_must_name_all_three_buttons(factory):
    with pytest.raises(HardwareError, match="left, right, centre"):
        Buttons(queue.Queue(), factory, {"left": 5, "right": 6})


def test_a_pin_in_use_is_a_loud_error(factory):
    with pytest.raises(HardwareError, match="centre button"):
        Buttons(queue.Queue(), factory, {"left": 5, "right": 6, "centre": 5})


@pytest.mark.skipif(importlib.util.find_spec("lgpio") is not None, reason="lgpio is installed here")
def test_no_gpio_is_a_loud_error_not_a_simulation():
    with pytest.raises(HardwareError, match="--sim"):
        pin_factory("lgpio")


def test_unknown_factory_is_refused():
    with pytest.raises(HardwareError, match="lgpio"):
        pin_factory("rpigpio")


def test_a_button_event_names_a_real_button():
    with pytest.raises(ValueError):
        ButtonPressed("middle", 0)

