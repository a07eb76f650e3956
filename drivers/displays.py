"""The small displays facing each player: one interface, ``PlayerDisplay``, and how one is opened.

A player display shows one player's own clock, as text the kiosk has already formatted (the
driver never formats a time: ``drivers`` never imports ``kiosk``), with two flags:

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

from dataclasses import dataclass

from drivers.buttons import HardwareError

MODES = ("normal", "neutral", "challenge", "overtime")
KINDS = ("none", "max7219", "ssd1306")


class DisplayError(HardwareError):
    """A configured player display cannot be opened. Never silenced."""


@dataclass(frozen=True)
class Shown:
    """What a display shows: the time as text, whether that clock runs, the mode."""
    text: str
    running: bool
    mode: str = "normal"

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"a display mode is one of {', '.join(MODES)}, not {self.mode!r}")


class PlayerDisplay:
    """A player's own display. Subclasses draw a ``Shown`` (``_draw``) and the self-test's
    patterns (``patterns``, ``light``) on their luma device."""

    name = "display"

    def __init__(self, device):
        self.device = device
        self.shown: Shown | None = None
        self.writes = 0                 # device writes made by show() and light()

    def show(self, text: str, running: bool, mode: str = "normal") -> bool:
        """Show ``text`` with its flags; True if the device was written (something changed)."""
        shown = Shown(str(text), bool(running), mode)
        if shown == self.shown:
            return False
        self._draw(shown)
        self.shown = shown
        self.writes += 1
        return True

    def patterns(self) -> tuple[str, ...]:
        """The self-test's patterns, in the order to light them."""
        raise NotImplementedError

    def light(self, pattern: str) -> None:
        """Light one of ``patterns()``; the next ``show`` redraws the time."""
        self._light(pattern)
        self.shown = None
        self.writes += 1

    def _draw(self, shown: Shown) -> None:
        raise NotImplementedError

    def _light(self, pattern: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Blank the display and release its bus."""
        try:
            self.device.cleanup()
        except Exception:           # noqa: BLE001 - closing never hides the error that led here
            pass


@dataclass(frozen=True)
class DisplaySpec:
    """One player's display as the config wires it."""
    side: str                   # left or right: which player it faces
    kind: str = "none"          # none, max7219, ssd1306
    bus: str = "auto"           # spi, i2c, or auto: SPI for max7219, I2C for ssd1306
    spi_port: int = 0
    spi_device: int = 0         # the chip select: 0 = CE0 (GPIO 8), 1 = CE1 (GPIO 7)
    i2c_port: int = 1
    i2c_address: int = 0x3C
    dc_pin: int = 24            # SSD1306 on SPI only: data/command and reset pins (BCM)
    reset_pin: int = 25         # 0: not wired
    rotate: int = 0             # 0-3: quarter turns, as the display is mounted

    @property
    def chosen_bus(self) -> str:
        if self.bus != "auto":
            return self.bus
        return "spi" if self.kind == "max7219" else "i2c"

    def wiring(self) -> str:
        """Where it is wired, in words (for errors and the self-test)."""
        if self.chosen_bus == "spi":
            return f"SPI port {self.spi_port}, chip select CE{self.spi_device} (/dev/spidev{self.spi_port}.{self.spi_device})"
        return f"I2C port {self.i2c_port} (/dev/i2c-{self.i2c_port}), address 0x{self.i2c_address:02X}"


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
