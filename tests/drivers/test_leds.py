"""Status LEDs on gpiozero MockFactory pins: each switches its pin, only when it changes; a pin
that cannot be used is a clear error."""
import pytest

from drivers.buttons import HardwareError, pin_factory
from drivers.leds import StatusLeds

PINS = {"left_runs": 5, "right_runs": 6, "neutral": 13, "result_sent": 19}


@pytest.fixture
def factory():
    factory = pin_factory("mock")
    yield factory
    factory.reset()


def lit(factory, pins=PINS):
    return {name: factory.pin(pin).state for name, pin in pins.items()}


def test_each_led_drives_its_pin(factory):
    leds = StatusLeds(factory, PINS)
    assert lit(factory) == dict.fromkeys(PINS, 0)
    assert leds.set(left_runs=True, right_runs=False, neutral=False, result_sent=False) == 1
    assert lit(factory) == {"left_runs": 1, "right_runs": 0, "neutral": 0, "result_sent": 0}
    assert leds.set(left_runs=False, right_runs=False, neutral=True, result_sent=False) == 2
    assert lit(factory) == {"left_runs": 0, "right_runs": 0, "neutral": 1, "result_sent": 0}
    assert leds.set(left_runs=False, right_runs=False, neutral=True, result_sent=False) == 0
    assert leds.writes == 3
    leds.close()


def test_an_led_not_fitted_is_left_alone(factory):
    leds = StatusLeds(factory, {"neutral": 13})
    assert leds.set(left_runs=True, neutral=True) == 1
    assert factory.pin(13).state == 1 and sorted(leds.leds) == ["neutral"]
    with pytest.raises(ValueError, match="no status LED 'blue'"):
        leds.set(blue=True)
    leds.close()


def test_a_pin_already_in_use_is_a_clear_error(factory):
    from gpiozero import Button
    button = Button(13, pin_factory=factory)
    with pytest.raises(HardwareError, match="cannot use pin 13 for the neutral status LED"):
        StatusLeds(factory, PINS)
    button.close()
    assert StatusLeds(factory, PINS).leds          # the LEDs opened before it were released
