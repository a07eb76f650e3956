"""The small displays facing each player: one interface, ``PlayerDisplay``, and how one is opened.

A player display shows one player's own clock, as text the kiosk has already formatted (the
driver never formats a time: ``drivers`` never imports ``kiosk``), with two flags
(the interface is drivers.player_display's):

    show(text, running, mode)   text: "24:59", "-0:07" ...; running: that player's clock runs;
                                mode: normal, neutral, challenge or overtime

``show`` redraws only when the text or a flag changed (``writes`` counts the device writes),
so a clock that changes once a second writes once a second. The kinds, chosen per player in the
config (``displays.left.kind`` ...):

    none      no display (the default)
    max7219   an 8-digit 7-segment module on SPI (drivers.sevenseg)
    ssd1306   a 128x64 OLED on I2C or SPI (drivers.oled)

``open_display(spec)`` opens the real device with luma; a missing bus or device (no
/dev/spidev0.0, no I2C answer at the address, no spidev module) raises ``DisplayError`` naming
the side, the wiring and how to fix it. There is no silent fallback: tests give the classes
luma's ``dummy`` device instead.
"""
from __future__ import annotations

from drivers.player_display import KINDS, DisplayError, DisplaySpec, PlayerDisplay


def open_display(spec: DisplaySpec, factory=None) -> PlayerDisplay | None:
    """The real display ``spec`` names (None for kind none). ``factory``: the gpiozero pin
    factory for an SSD1306's data/command and reset pins on SPI. Raises ``DisplayError``."""
    if spec.kind == "none":
        return None
    where = f"the {spec.side} player's {spec.kind} display on {spec.wiring()}"
    try:
        if spec.kind == "max7219":
            from drivers.sevenseg import open_max7219
            return open_max7219(spec)
        if spec.kind == "ssd1306":
            from drivers.oled import open_ssd1306
            return open_ssd1306(spec, factory)
    except DisplayError as exc:
        raise DisplayError(f"{where}: {exc}") from exc
    except ImportError as exc:
        module = getattr(exc, "name", None) or str(exc)
        raise DisplayError(f"{where}: the Python module {module} is missing (on a Raspberry Pi: "
                           "apt install python3-spidev python3-smbus2, then recreate the venv with "
                           "--system-site-packages; install/pi-install.sh does both)") from exc
    except Exception as exc:        # luma's DeviceNotFoundError, OSError from the bus ...
        raise DisplayError(f"{where}: {exc}. {_fix(spec)}") from exc
    raise DisplayError(f"{where}: unknown kind {spec.kind!r}: one of {', '.join(KINDS)}")


def _fix(spec: DisplaySpec) -> str:
    if spec.chosen_bus == "spi":
        return ("Enable SPI (sudo raspi-config nonint do_spi 0, then reboot), check the wiring "
                "(docs/install.md: wiring) and that the kiosk user is in the spi group")
    return ("Enable I2C (sudo raspi-config nonint do_i2c 0, then reboot), check the wiring and "
            f"the address (i2cdetect -y {spec.i2c_port} lists what answers) and that the kiosk "
            "user is in the i2c group")
