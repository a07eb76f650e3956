"""A player's display as the kiosk sees it: the ``PlayerDisplay`` interface every kind implements
(drivers.sevenseg, drivers.oled), what it shows (``Shown``), how the config wires one
(``DisplaySpec``) and the error when it cannot be opened (``DisplayError``). drivers.displays
opens the kind a spec names; the kinds import this module, never that one.
"""
from __future__ import annotations

from dataclasses import dataclass

from drivers.buttons import HardwareError

MODES = ("normal", "neutral", "challenge", "overtime", "final")
KINDS = ("none", "max7219", "ssd1306")


class DisplayError(HardwareError):
    """A configured player display cannot be opened. Never silenced."""


@dataclass(frozen=True)
class Shown:
    """What a display shows: the time as text, whether that clock runs, the mode. Once the
    game's result is complete (mode ``final``) the text is this player's final score and
    ``margin`` their side of the spread: ``+97`` won, ``-97`` lost, ``0`` a tie."""
    text: str
    running: bool
    mode: str = "normal"
    margin: str = ""

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

    def show(self, text: str, running: bool, mode: str = "normal", margin: str = "") -> bool:
        """Show ``text`` with its flags; True if the device was written (something changed)."""
        shown = Shown(str(text), bool(running), mode, margin)
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
