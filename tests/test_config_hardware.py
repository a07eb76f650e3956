"""The displays' and LEDs' config keys: what a file asks for is what the kiosk opens, and
wiring that cannot work is refused naming the file, the key and what was expected."""
import pytest

from drivers.player_display import DisplaySpec
from kiosk.config import ConfigError, kiosk_config, load
from tests.support.quick_hash import quick_hash

PIN_HASH = quick_hash("97531")            # a kiosk on its buttons has a director's PIN of its own


def write(tmp_path, text):
    path = tmp_path / "kiosk.toml"
    path.write_text(text + f'\n[director]\npin_hash = "{PIN_HASH}"\n')
    return path


def test_two_modules_on_spi_and_two_leds(tmp_path):
    path = write(tmp_path, '[displays.left]\nkind = "max7219"\n[displays.right]\nkind = "max7219"\n'
                           '[leds]\nleft_runs = 5\nresult_sent = 19\n')
    config = kiosk_config(load(path))
    assert config.displays["left"] == DisplaySpec("left", "max7219", spi_device=0)
    assert config.displays["right"].wiring() == "SPI port 0, chip select CE1 (/dev/spidev0.1)"
    assert config.leds == {"left_runs": 5, "result_sent": 19}


def test_two_oleds_on_i2c_by_default_at_0x3c_and_0x3d(tmp_path):
    path = write(tmp_path, '[displays.left]\nkind = "ssd1306"\n[displays.right]\nkind = "ssd1306"\n')
    config = kiosk_config(load(path))
    assert [config.displays[s].wiring() for s in ("left", "right")] == [
        "I2C port 1 (/dev/i2c-1), address 0x3C", "I2C port 1 (/dev/i2c-1), address 0x3D"]


def test_by_default_nothing_is_fitted():
    config = kiosk_config(load(None, {"director.pin_hash": PIN_HASH}))
    assert {s.kind for s in config.displays.values()} == {"none"} and config.leds == {}


@pytest.mark.parametrize("text, message", [
    ('[displays.left]\nkind = "max7219"\nbus = "i2c"\n',
     "{file}: displays.left.bus: expected 'spi' or 'auto' for a max7219 module; got 'i2c'"),
    ('[displays.left]\nkind = "max7219"\n[displays.right]\nkind = "max7219"\nspi_device = 0\n',
     "{file}: displays.right.spi_device: expected a bus address no other display uses; the other "
     "display, displays.left.spi_device, is on SPI port 0, chip select CE0 (/dev/spidev0.0)"),
    ('[displays.left]\nkind = "ssd1306"\n[displays.right]\nkind = "ssd1306"\ni2c_address = 0x3C\n',
     "{file}: displays.right.i2c_address: expected a bus address no other display uses; the other "
     "display, displays.left.i2c_address, is on I2C port 1 (/dev/i2c-1), address 0x3C"),
    ('[leds]\nneutral = 17\n',
     "{file}: leds.neutral: expected a pin nothing else uses; got 17, used by hardware.pins.left"),
    ('[leds]\nneutral = 5\nleft_runs = 5\n',
     "{file}: leds.neutral: expected a pin nothing else uses; got 5, used by leds.left_runs"),
    ('[displays.left]\nkind = "max7219"\n[leds]\nneutral = 10\n',
     "{file}: leds.neutral: expected a pin nothing else uses; got 10, used by the SPI bus of "
     "displays.left.kind"),
    ('[hardware.pins]\ncentre = 2\n[displays.left]\nkind = "ssd1306"\n',
     "{file}: hardware.pins.centre: expected a pin the I2C bus of displays.left.kind does not take; "
     "got 2, a pin of I2C port 1 (/dev/i2c-1), address 0x3C"),
    ('[displays.left]\nkind = "ssd1306"\nbus = "spi"\ndc_pin = 27\n',
     "{file}: displays.left.dc_pin: expected a pin nothing else uses; got 27, used by hardware.pins.right"),
    ('[leds]\nneutral = 1\n', "{file}: leds.neutral: expected a BCM pin number 2-27, or 0 for none; got 1"),
    ('[displays.left]\nkind = "lcd"\n',
     "{file}: displays.left.kind: expected 'none', 'max7219' or 'ssd1306'; got 'lcd'"),
    ('[displays.left]\ni2c_address = 200\n',
     "{file}: displays.left.i2c_address: expected an I2C address 3-119 (0x03-0x77); got 200"),
    ('[ui]\nspeak_hold_s = 0.5\n', "{file}: ui.speak_hold_s: expected 0 (off) or seconds from 1 to 10; got 0.5"),
])
def test_wiring_that_cannot_work_is_refused(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value) == message.format(file=path)


def test_pins_of_a_display_not_fitted_are_not_claimed(tmp_path):
    path = write(tmp_path, '[displays.left]\ndc_pin = 17\n[leds]\nneutral = 10\n')
    assert kiosk_config(load(path)).leds == {"neutral": 10}      # no SPI display: 10 is free
