"""luma's dummy device, counting what is written to it, and how to read its image back: the
segment bytes of a 7-segment module, the lit pixels of an OLED."""
from luma.core.device import dummy

#: Segment bytes of a MAX7219 digit (bit 7 the dot, then segments a b c d e f g), as the
#: module lights them: what the tests expect to find on the device.
SEG = {" ": 0x00, "0": 0x7E, "1": 0x30, "2": 0x6D, "3": 0x79, "4": 0x33, "5": 0x5B, "6": 0x5F,
       "7": 0x70, "8": 0x7F, "9": 0x7B, "-": 0x01, "n": 0x15, "C": 0x4E, "≡": 0x49,
       "F": 0x47, "+": 0x07}
DOT = 0x80


class CountingDummy(dummy):
    """luma's dummy device; ``frames`` counts the images written to it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.frames = 0

    def display(self, image):
        super().display(image)
        self.frames += 1


def seven_segment_device():
    return CountingDummy(width=8, height=8, mode="1")


def oled_device():
    return CountingDummy(width=128, height=64, mode="1")


def segment_bytes(device) -> list[int]:
    """The eight digits' segment bytes, left digit first, read from the device's image."""
    image = device.image
    digits = []
    for x in reversed(range(8)):            # luma draws the last digit in column 0
        byte = 0
        for y in range(8):
            if image.getpixel((x, y)):
                byte |= 1 << y
        digits.append(byte)
    return digits


def digits(text: str) -> list[int]:
    """Expected segment bytes for ``text``: one digit per character, '.' lights the dot of
    the digit before it."""
    out = []
    for char in text:
        if char == ".":
            out[-1] |= DOT
        else:
            out.append(SEG[char])
    return out
