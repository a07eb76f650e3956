"""Player displays on luma's dummy device: the 7-segment module's segment bytes and the OLED's
pixels for each shown time and flag, a device write only when something changed, and a clear
error for a display that is not there."""
import pytest
from PIL import Image, ImageChops, ImageDraw

from drivers.displays import open_display
from drivers.player_display import DisplayError, DisplaySpec, Shown
from drivers.oled import STRIP, OledDisplay
from drivers.sevenseg import SevenSegmentDisplay, segment_text
from tests.support.luma_dummy import digits, oled_device, segment_bytes, seven_segment_device


@pytest.mark.parametrize("text, running, mode, lit", [
    ("24:59", True, "normal", "≡   24.59"),
    ("24:59", False, "neutral", " n  24.59"),
    ("3:07", False, "challenge", " C   3.07"),
    ("0:00", True, "normal", "≡    0.00"),
    ("-0:07", True, "overtime", "≡   -0.07"),
    ("-10:00", False, "neutral", " n -10.00"),
    ("100:00", False, "normal", "   100.00"),
])
def test_the_module_lights_the_digits_of_each_state(text, running, mode, lit):
    display = SevenSegmentDisplay(seven_segment_device())
    assert display.show(text, running, mode)
    assert segment_bytes(display.device) == digits(lit)


def test_the_module_writes_only_when_the_text_or_a_flag_changes():
    device = seven_segment_device()
    display = SevenSegmentDisplay(device)
    blanked = device.frames                 # luma's sevensegment blanks the module when opened
    shows = [("24:59", True, "normal")] * 5 + [("24:58", True, "normal")] * 3 + \
            [("24:58", False, "neutral")] * 4 + [("24:58", False, "challenge"), ("24:58", True, "normal")]
    written = [display.show(*s) for s in shows]
    assert written == [True, False, False, False, False, True, False, False, True, False, False, False,
                       True, True]
    assert display.writes == 5 and device.frames - blanked == 5


def test_a_time_too_wide_for_the_module_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        segment_text(Shown("-1000:00", False))


def test_the_module_self_test_lights_every_segment_then_each_digit():
    display = SevenSegmentDisplay(seven_segment_device())
    display.show("24:59", True)
    patterns = display.patterns()
    assert patterns[0] == "all segments" and len(patterns) == 9
    display.light("all segments")
    assert segment_bytes(display.device) == [0xFF] * 8
    for n in range(1, 9):
        display.light(f"digit {n}")
        assert segment_bytes(display.device) == [0xFF if i == n - 1 else 0 for i in range(8)]
    assert display.show("24:59", True)       # the time comes back after the test patterns
    assert segment_bytes(display.device) == digits("≡   24.59")


def lit_box(image, box):
    """The part of ``image`` inside ``box`` cropped to what is lit in it (None: nothing)."""
    region = image.crop(box)
    bbox = region.getbbox()
    return None if bbox is None else region.crop(bbox)


def text_image(text, font):
    """``text`` drawn in ``font`` on its own, cropped to what is lit."""
    image = Image.new("1", (300, 120))
    ImageDraw.Draw(image).text((10, 10), text, font=font, fill="white")
    return image.crop(image.getbbox())


def same(a, b) -> bool:
    return a is not None and a.size == b.size and ImageChops.difference(a.convert("1"), b).getbbox() is None


def test_the_oled_draws_the_time_and_marks_running_and_mode():
    display = OledDisplay(oled_device())
    w, h = display.device.size
    images = {}
    for text, running, mode in [("24:59", True, "normal"), ("24:58", True, "normal"),
                                ("24:58", False, "neutral"), ("24:58", False, "challenge"),
                                ("-0:07", True, "overtime")]:
        assert display.show(text, running, mode)
        image = display.device.image.copy()
        assert image.getbbox() is not None                       # not blank
        time_area = lit_box(image, (0, STRIP, w, h))
        assert same(time_area, text_image(text, display.font)), text
        assert not same(time_area, text_image(text[:-1] + "1", display.font))   # the check can fail
        marker = lit_box(image, (w - 16, 0, w, STRIP))
        assert (marker is not None) == running
        mode_area = lit_box(image, (0, 0, w - 16, STRIP))
        if mode == "normal":
            assert mode_area is None
        else:
            assert same(mode_area, text_image(mode.upper(), display.small))
        images[(text, running, mode)] = image
    pictures = list(images.values())
    assert all(ImageChops.difference(a, b).getbbox() is not None
               for i, a in enumerate(pictures) for b in pictures[i + 1:])    # each state differs


def test_the_oled_writes_only_on_change_and_lights_its_test_patterns():
    device = oled_device()
    display = OledDisplay(device)
    for _ in range(4):
        display.show("12:00", False, "neutral")
    assert device.frames == 1
    display.light("all pixels")
    assert device.image.convert("L").getextrema() == (255, 255)
    display.light("border")
    assert device.image.getpixel((0, 0)) and not device.image.getpixel((64, 32))
    display.light("88:88")
    assert same(lit_box(device.image, (0, STRIP, 128, 64)), text_image("88:88", display.font))
    assert display.show("12:00", False, "neutral")      # redrawn after the patterns
    assert device.frames == 5


def test_an_unknown_mode_is_refused():
    display = OledDisplay(oled_device())
    with pytest.raises(ValueError, match="normal, neutral, challenge, overtime, final, not .paused."):
        display.show("1:00", True, "paused")


def test_none_opens_nothing():
    assert open_display(DisplaySpec("left")) is None


@pytest.mark.parametrize("spec, says", [
    (DisplaySpec("left", "ssd1306", i2c_port=22, i2c_address=0x3C),
     "the left player's ssd1306 display on I2C port 22 (/dev/i2c-22), address 0x3C: "),
    (DisplaySpec("right", "max7219", spi_port=6, spi_device=1),
     "the right player's max7219 display on SPI port 6, chip select CE1 (/dev/spidev6.1): "),
])
def test_a_display_that_is_not_there_is_a_clear_error(spec, says):
    with pytest.raises(DisplayError) as error:
        open_display(spec)
    message = str(error.value)
    assert message.startswith(says)
    assert ("spidev" in message) if spec.kind == "max7219" else ("raspi-config nonint do_i2c 0" in message)


def test_a_max7219_on_i2c_is_refused():
    with pytest.raises(DisplayError, match="wired to SPI, not I2C"):
        open_display(DisplaySpec("left", "max7219", bus="i2c"))
