"""Optional status LEDs on GPIO (gpiozero ``LED``): which player's clock runs, the clock is
neutral, the result has reached the director.

``StatusLeds(factory, pins)`` takes the pins of the LEDs that are fitted (a BCM number each;
an LED whose pin is 0 or missing is not fitted) and ``set(...)`` switches them, writing a pin
only when its state changes. Each LED is wired from its pin through a resistor (330 ohm) to GND.
"""
from __future__ import annotations

from typing import Mapping

from drivers.buttons import HardwareError

LEDS = ("left_runs", "right_runs", "neutral", "result_sent")


class StatusLeds:
    def __init__(self, factory, pins: Mapping[str, int | str | None]):
        from gpiozero import LED
        from gpiozero.exc import GPIOZeroError

        unknown = set(pins) - set(LEDS)
        if unknown:
            raise HardwareError(f"status LEDs are {', '.join(LEDS)}; not {', '.join(sorted(unknown))}")
        self.leds = {}
        self.states: dict[str, bool] = {}
        self.writes = 0                 # pin writes made by set()
        try:
            for name in LEDS:
                pin = pins.get(name)
                if pin:
                    self.leds[name] = LED(pin, pin_factory=factory)
                    self.states[name] = False
        except GPIOZeroError as exc:
            self.close()
            raise HardwareError(f"cannot use pin {pin!r} for the {name} status LED: {exc}") from exc

    def set(self, **states: bool) -> int:
        """Switch the fitted LEDs named (others are left as they are); returns the writes made."""
        made = 0
        for name, on in states.items():
            if name not in LEDS:
                raise ValueError(f"no status LED {name!r}: one of {', '.join(LEDS)}")
            led = self.leds.get(name)
            if led is None or self.states[name] == bool(on):
                continue
            led.on() if on else led.off()
            self.states[name] = bool(on)
            made += 1
        self.writes += made
        return made

    def close(self) -> None:
        for led in self.leds.values():
            led.close()
        self.leds = {}
