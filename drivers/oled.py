"""An SSD1306 OLED (128x64, monochrome) as a player display (luma.oled).

Layout: a top strip (16 px) with the mode in words at the left (NEUTRAL, CHALLENGE,
OVERTIME) and, while this player's clock runs, a filled triangle at the right; below it the
time, as large as fits, centred: ``24:59``, ``-0:07``. Once the result is complete the strip says
WON BY 97, LOST BY 97 or TIE, and the final score takes the time's place. The fonts are DejaVu Sans (Bold for the
time; Debian's fonts-dejavu-core), or Pillow's own scalable font where DejaVu is not installed.

On I2C the display answers at its address (0x3C, or 0x3D with the address jumper moved), so a
display that is not there is found when it is opened. On SPI it also needs a data/command pin
and a reset pin, driven here through gpiozero (lgpio on a Pi 4 or 5).
"""
from __future__ import annotations

from pathlib import Path

from drivers.player_display import DisplayError, DisplaySpec, PlayerDisplay, Shown

STRIP = 16                      # the top strip's height, px
MODE_WORDS = {"normal": "", "neutral": "NEUTRAL", "challenge": "CHALLENGE", "overtime": "OVERTIME"}
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def strip_words(shown: Shown) -> str:
    """The top strip: the mode, or the result from this player's side."""
    if shown.mode != "final":
        return MODE_WORDS[shown.mode]
    if shown.margin.startswith("+"):
        return f"WON BY {shown.margin[1:]}"
    if shown.margin.startswith("-"):
        return f"LOST BY {shown.margin[1:]}"
    return "TIE"


def font(size: int, *, bold: bool = False):
    from PIL import ImageFont
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)         # Pillow >= 10.1 ships a scalable font


def fitting_font(template: str, width: int, height: int):
    """The largest bold font in which ``template`` fits ``width`` x ``height``."""
    for size in range(height, 7, -1):
        face = font(size, bold=True)
        left, top, right, bottom = face.getbbox(template)
        if right - left <= width and bottom - top <= height:
            return face
    return font(8, bold=True)


class OledDisplay(PlayerDisplay):
    """The OLED on a luma device (128x64 or 128x32, mode 1)."""

    name = "ssd1306"

    def __init__(self, device):
        super().__init__(device)
        self.pins: GpiozeroPins | None = None      # an SPI display's DC and reset pins
        self.time_box = (0, STRIP, device.width, device.height)
        self.small = font(STRIP - 4)
        self.font = fitting_font("-88:88", device.width - 4, device.height - STRIP - 4)

    def _draw(self, shown: Shown) -> None:
        from luma.core.render import canvas
        with canvas(self.device) as draw:
            draw.text((0, 1), strip_words(shown), font=self.small, fill="white")
            if shown.running:
                w = self.device.width
                draw.polygon([(w - 14, 2), (w - 2, STRIP // 2), (w - 14, STRIP - 2)], fill="white")
            self._draw_time(draw, shown.text)

    def _draw_time(self, draw, text: str) -> None:
        x0, y0, x1, y1 = self.time_box
        left, top, right, bottom = self.font.getbbox(text)
        x = x0 + (x1 - x0 - (right - left)) // 2 - left
        y = y0 + (y1 - y0 - (bottom - top)) // 2 - top
        draw.text((x, y), text, font=self.font, fill="white")

    def close(self) -> None:
        super().close()
        if self.pins is not None:
            self.pins.cleanup()
            self.pins = None

    def patterns(self) -> tuple[str, ...]:
        return ("all pixels", "border", "88:88")

    def _light(self, pattern: str) -> None:
        from luma.core.render import canvas
        w, h = self.device.width, self.device.height
        with canvas(self.device) as draw:
            if pattern == "all pixels":
                draw.rectangle((0, 0, w - 1, h - 1), fill="white")
            elif pattern == "border":
                draw.rectangle((0, 0, w - 1, h - 1), outline="white")
            elif pattern == "88:88":
                self._draw_time(draw, "88:88")
            else:
                raise ValueError(f"no pattern {pattern!r}: one of {', '.join(self.patterns())}")


class GpiozeroPins:
    """The few RPi.GPIO calls luma's SPI interface makes (setup, output) on gpiozero output
    pins, so an SPI OLED's data/command and reset pins work with lgpio (also on a Pi 5)."""
    BCM, OUT, LOW, HIGH = 11, 0, 0, 1

    def __init__(self, factory):
        self.factory, self.pins = factory, {}

    def setmode(self, mode) -> None:
        pass

    def setup(self, pin: int, mode) -> None:
        from gpiozero import DigitalOutputDevice
        self.pins[pin] = DigitalOutputDevice(pin, pin_factory=self.factory)

    def output(self, pin: int, value) -> None:
        self.pins[pin].value = 1 if value else 0

    def cleanup(self, pins=None) -> None:
        for pin in list(self.pins if pins is None else pins):
            device = self.pins.pop(pin, None)
            if device is not None:
                device.close()


def open_ssd1306(spec: DisplaySpec, factory=None) -> OledDisplay:
    """The OLED at ``spec``'s I2C address, or on its SPI chip select with its DC and reset pins."""
    from luma.oled.device import ssd1306
    if spec.chosen_bus == "i2c":
        from luma.core.interface.serial import i2c
        serial = i2c(port=spec.i2c_port, address=spec.i2c_address)
        return OledDisplay(ssd1306(serial, rotate=spec.rotate))
    from luma.core.interface.serial import spi
    if factory is None:
        from drivers.buttons import pin_factory
        factory = pin_factory("lgpio")
    pins = GpiozeroPins(factory)
    try:
        serial = spi(port=spec.spi_port, device=spec.spi_device, gpio=pins, gpio_DC=spec.dc_pin,
                     gpio_RST=spec.reset_pin or None)
        display = OledDisplay(ssd1306(serial, rotate=spec.rotate))
    except Exception:
        pins.cleanup()
        raise
    display.pins = pins
    return display


__all__ = ["OledDisplay", "open_ssd1306", "DisplayError"]
