"""The three buttons on gpiozero MockFactory pins feed the real queue with ButtonPressed."""
import importlib.util
import queue

import pytest

from drivers.buttons import (DEFAULT_PINS, ButtonPressed, Buttons, HardwareError,
                             pin_factory)


class FakeClock:
    """Stands in for time.monotonic_ns so a press's timestamp is known exactly."""

    def __init__(self, now=1_000_000_000):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def factory():
    factory = pin_factory("mock")
    yield factory
    factory.reset()


@pytest.fixture
def board(factory):
    events, clock = queue.Queue(), FakeClock()
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


def test_each_button_enqueues_its_side_with_the_edge_time(board):
    buttons, events, clock, factory = board
    for side, t in (("left", 5_000_000_000), ("right", 6_000_000_000), ("centre", 7_000_000_000)):
        clock.now = t
        press(factory, DEFAULT_PINS[side])
    assert drain(events) == [ButtonPressed("left", 5_000_000_000),
                             ButtonPressed("right", 6_000_000_000),
                             ButtonPressed("centre", 7_000_000_000)]


def test_release_is_not_a_press(board):
    buttons, events, clock, factory = board
    factory.pin(DEFAULT_PINS["left"]).drive_low()
    assert len(drain(events)) == 1
    factory.pin(DEFAULT_PINS["left"]).drive_high()
    assert drain(events) == []


def test_contact_bounce_within_the_debounce_time_is_one_press(board):
    buttons, events, clock, factory = board
    pin = DEFAULT_PINS["right"]
    clock.now = 10_000_000_000
    press(factory, pin)
    clock.now += 5_000_000          # 5 ms later: bounce
    press(factory, pin)
    clock.now += 500_000_000        # half a second later: a real second press
    press(factory, pin)
    assert [e.t_ns for e in drain(events)] == [10_000_000_000, 10_505_000_000]


def test_default_clock_is_the_monotonic_clock(factory):
    import time
    events = queue.Queue()
    buttons = Buttons(events, factory)
    before = time.monotonic_ns()
    press(factory, DEFAULT_PINS["centre"])
    after = time.monotonic_ns()
    buttons.close()
    (event,) = drain(events)
    assert event.side == "centre" and before <= event.t_ns <= after


def test_custom_pins(factory):
    events = queue.Queue()
    buttons = Buttons(events, factory, {"left": 5, "right": 6, "centre": 13}, clock=FakeClock(1))
    press(factory, 13)
    buttons.close()
    assert drain(events) == [ButtonPressed("centre", 1)]


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

