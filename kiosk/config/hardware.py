"""The config keys of the table's optional hardware beyond the three buttons: each player's own
display (``[displays.left]``, ``[displays.right]``) and the status LEDs (``[leds]``).

``KEYS`` are (name, default, help, kind, example) rows that kiosk/config/keys.py puts in its one
schema; ``check(values, source, given)`` is the check across keys (a bus address used twice, a
pin used twice or taken by a display's bus); ``display_specs`` and ``led_pins`` turn checked
values into what drivers.displays and drivers.leds open.
"""
from __future__ import annotations

from typing import Any, Collection

from drivers.player_display import KINDS, DisplaySpec
from drivers.leds import LEDS
from kiosk.config.kinds import Choice, ConfigError, Int
from common.game.frozen import value

SIDES = ("left", "right")
#: BCM pins a bus takes when a display uses it (SPI0: CE1 CE0 MISO MOSI SCLK; I2C1: SDA SCL).
BUS_PINS = {("spi", 0): (7, 8, 9, 10, 11), ("i2c", 1): (2, 3)}


@value
class PinOrNone(Int):
    """A BCM pin 2-27, or 0 for none."""

    def ok(self, value):
        return super().ok(value) and (value == 0 or 2 <= value <= 27)


_PIN_OR_NONE = PinOrNone("a BCM pin number 2-27, or 0 for none", 0, 27)
_LED_HELP = {"left_runs": "lit while the left player's clock runs",
             "right_runs": "lit while the right player's clock runs",
             "neutral": "lit while the clock is stopped during the game (neutral or a challenge)",
             "result_sent": "lit once the locked result has reached the director (nothing left "
                            "in the outbox)"}


def _display_keys(side: str, chip_select: int, address: int) -> list[tuple]:
    p = f"displays.{side}."
    return [
        (p + "kind", "none", f"the display facing the {side} player: none, max7219 (8-digit "
         "7-segment module, SPI) or ssd1306 (128x64 OLED, I2C or SPI); a display named here "
         "and not found stops the kiosk", Choice("'none', 'max7219' or 'ssd1306'", KINDS), ""),
        (p + "bus", "auto", "spi, i2c, or auto (SPI for max7219, I2C for ssd1306)",
         Choice("'auto', 'spi' or 'i2c'", ("auto", "spi", "i2c")), ""),
        (p + "spi_port", 0, "SPI bus number (0: GPIO 10 MOSI, 11 SCLK)", Int("0 to 6", 0, 6), ""),
        (p + "spi_device", chip_select, "SPI chip select: 0 = CE0 (GPIO 8), 1 = CE1 (GPIO 7)",
         Int("0 to 3", 0, 3), ""),
        (p + "i2c_port", 1, "I2C bus number (1: GPIO 2 SDA, 3 SCL)", Int("0 to 22", 0, 22), ""),
        (p + "i2c_address", address, "the OLED's I2C address (60 = 0x3C, 61 = 0x3D; TOML also "
         "takes 0x3C)", Int("an I2C address 3-119 (0x03-0x77)", 3, 119), ""),
        (p + "dc_pin", 24 if side == "left" else 23, "SSD1306 on SPI only: BCM pin of its D/C "
         "(data/command) line", _PIN_OR_NONE, ""),
        (p + "reset_pin", 25 if side == "left" else 26, "SSD1306 on SPI only: BCM pin of its RES "
         "line, 0 = not wired", _PIN_OR_NONE, ""),
        (p + "rotate", 0, "SSD1306: quarter turns clockwise as mounted (2 = upside down)",
         Int("0, 1, 2 or 3", 0, 3), ""),
    ]


KEYS: tuple[tuple, ...] = (
    *_display_keys("left", 0, 0x3C), *_display_keys("right", 1, 0x3D),
    *((f"leds.{name}", 0, f"BCM pin of the status LED {_LED_HELP[name]}; 0 = not fitted",
       _PIN_OR_NONE, "") for name in LEDS),
)
TITLES = {"displays": "Each player's own display (optional).",
          "leds": "Status LEDs (optional), each from its pin through 330 ohm to GND."}


def display_specs(values: dict[str, Any]) -> dict[str, DisplaySpec]:
    """side -> DisplaySpec from checked values."""
    specs = {}
    for side in SIDES:
        p = f"displays.{side}."
        specs[side] = DisplaySpec(side=side, **{name: values[p + name] for name in (
            "kind", "bus", "spi_port", "spi_device", "i2c_port", "i2c_address", "dc_pin",
            "reset_pin", "rotate")})
    return specs


def led_pins(values: dict[str, Any]) -> dict[str, int]:
    """name -> BCM pin of the fitted status LEDs."""
    return {name: values[f"leds.{name}"] for name in LEDS if values[f"leds.{name}"]}


def check(values: dict[str, Any], source: str, given: Collection[str] = ()) -> None:
    """Refuse displays or LEDs that cannot all be wired as configured."""
    specs = [s for s in display_specs(values).values() if s.kind != "none"]
    buses: dict[tuple, str] = {}
    pins: dict[int, str] = {values[f"hardware.pins.{b}"]: f"hardware.pins.{b}"
                            for b in ("left", "right", "centre")}
    for spec in specs:
        p = f"displays.{spec.side}."
        if spec.kind == "max7219" and spec.chosen_bus != "spi":
            raise ConfigError(source, p + "bus", "'spi' or 'auto' for a max7219 module", spec.bus)
        where = ((spec.chosen_bus, spec.spi_port, spec.spi_device) if spec.chosen_bus == "spi"
                 else (spec.chosen_bus, spec.i2c_port, spec.i2c_address))
        key = p + ("spi_device" if spec.chosen_bus == "spi" else "i2c_address")
        if where in buses:
            raise ConfigError(source, key, "a bus address no other display uses",
                              detail=f"the other display, {buses[where]}, is on {spec.wiring()}")
        buses[where] = key
        bus = f"the {spec.chosen_bus.upper()} bus of {p}kind"
        for pin in BUS_PINS.get((spec.chosen_bus, where[1]), ()):
            if pin in pins and not pins[pin].startswith("the "):
                raise ConfigError(source, pins[pin], f"a pin {bus} does not take",
                                  detail=f"got {pin}, a pin of {spec.wiring()}")
            pins.setdefault(pin, bus)
        if spec.kind == "ssd1306" and spec.chosen_bus == "spi":
            for name in ("dc_pin", "reset_pin"):
                _claim(pins, values[p + name], p + name, source, given)
    for name in LEDS:
        _claim(pins, values[f"leds.{name}"], f"leds.{name}", source, given)


def _claim(pins: dict[int, str], pin: int, key: str, source: str, given: Collection[str]) -> None:
    if not pin:
        return
    if pin in pins and pins[pin] != key:
        clash = {key, pins[pin]}
        raise ConfigError("command line" if clash & set(given) else source, key,
                          "a pin nothing else uses", detail=f"got {pin}, used by {pins[pin]}")
    pins[pin] = key
