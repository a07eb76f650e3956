"""A MAX7219 8-digit 7-segment module as a player display (luma.led_matrix + luma's
``sevensegment``).

The eight digits, left to right:

    digit 1     the running marker: three bars (segments a, g, d) while this player's clock runs
    digit 2     the mode: ``n`` neutral (clock stopped), ``C`` challenge, blank otherwise
    digits 3-8  the time right-aligned, the colon shown as the dot after the minutes:
                ``24.59``, ``-0.07`` in overtime (the minus sign is the overtime mark)

so a running clock in its 25th minute reads ``≡  24.59`` and a stopped one `` n 24.59``. Once the
result is complete (mode ``final``) digit 2 says ``F`` and digits 3-8 this player's side of the
spread: `` F   +97`` won by 97, `` F   -97`` lost by 97, `` F     0`` a tie.
"""
from __future__ import annotations

from drivers.player_display import DisplayError, DisplaySpec, PlayerDisplay, Shown

DIGITS = 8
TIME_DIGITS = 6
RUNNING = "*"                   # luma's segment map draws '*' as three bars (0x49)
MODE_LETTERS = {"normal": " ", "overtime": " ", "neutral": "n", "challenge": "C", "final": "F"}


def time_digits(text: str) -> str:
    """The time as the module draws it: the colon becomes the dot after the minutes."""
    return text.replace(":", ".")


def segment_text(shown: Shown) -> str:
    """The eight digits' text for ``shown`` (a dot joins the digit before it)."""
    digits = shown.margin if shown.mode == "final" else time_digits(shown.text)
    width = len(digits.replace(".", ""))
    if width > TIME_DIGITS:
        raise ValueError(f"{shown.text!r} does not fit the {TIME_DIGITS} time digits")
    padded = " " * (TIME_DIGITS - width) + digits
    return (RUNNING if shown.running else " ") + MODE_LETTERS[shown.mode] + padded


class SevenSegmentDisplay(PlayerDisplay):
    """The module on a luma device 8 pixels wide and 8 high (one column of bits a digit)."""

    name = "max7219"

    def __init__(self, device):
        from luma.core.virtual import sevensegment
        from luma.led_matrix.segment_mapper import dot_muncher
        super().__init__(device)
        if device.width * device.height // 8 != DIGITS:
            raise DisplayError(f"a 7-segment player display has {DIGITS} digits, "
                               f"not {device.width * device.height // 8}")
        self.segments = sevensegment(device, segment_mapper=dot_muncher)

    def _draw(self, shown: Shown) -> None:
        self.segments.text = segment_text(shown)

    def patterns(self) -> tuple[str, ...]:
        return ("all segments",) + tuple(f"digit {n}" for n in range(1, DIGITS + 1))

    def _light(self, pattern: str) -> None:
        if pattern == "all segments":
            self.segments.text = "8." * DIGITS
        elif pattern.startswith("digit "):
            n = int(pattern.split()[1])
            self.segments.text = " " * (n - 1) + "8." + " " * (DIGITS - n)
        else:
            raise ValueError(f"no pattern {pattern!r}: one of {', '.join(self.patterns())}")


def open_max7219(spec: DisplaySpec) -> SevenSegmentDisplay:
    """The module on ``spec``'s SPI port and chip select. (SPI has no acknowledgement: a module
    that is not wired cannot be detected; the self-test lights every segment to check it.)"""
    if spec.chosen_bus != "spi":
        raise DisplayError("a MAX7219 module is wired to SPI, not I2C")
    from luma.core.interface.serial import noop, spi
    from luma.led_matrix.device import max7219
    serial = spi(port=spec.spi_port, device=spec.spi_device, gpio=noop())
    return SevenSegmentDisplay(max7219(serial, cascaded=1))
