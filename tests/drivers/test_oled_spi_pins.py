"""An SSD1306 on SPI needs a data/command pin and a reset pin, which the driver drives through
gpiozero (MockFactory pins here) in place of RPi.GPIO (not on a Pi 5): the reset pulse at start,
D/C low for every command and high for every frame written."""
import pytest
from luma.core.interface.serial import spi
from luma.oled.device import ssd1306

from drivers.buttons import pin_factory
from drivers.oled import OledDisplay, GpiozeroPins

DC, RST = 24, 25


class RecordingBus:
    """Stands in for the kernel's SPI device (/dev/spidev0.0, through the spidev module): each
    write is kept with the D/C pin's level at that moment."""

    def __init__(self, factory):
        self.factory, self.writes, self.opened = factory, [], None

    def open(self, port, device):
        self.opened = (port, device)

    def writebytes(self, data):
        self.writes.append((self.factory.pin(DC).state, list(data)))

    def close(self):
        self.opened = None


@pytest.fixture
def factory():
    factory = pin_factory("mock")
    yield factory
    factory.reset()


def test_the_oled_on_spi_gets_commands_with_dc_low_and_frames_with_dc_high(factory):
    bus, pins = RecordingBus(factory), GpiozeroPins(factory)
    serial = spi(spi=bus, gpio=pins, port=0, device=1, gpio_DC=DC, gpio_RST=RST)
    assert bus.opened == (0, 1)
    assert [s.state for s in factory.pin(RST).states][-2:] == [False, True]   # the reset pulse
    display = OledDisplay(ssd1306(serial))
    commands = [byte for dc, data in bus.writes if not dc for byte in data]
    assert commands[0] == 0xAE                                  # display off, first of the init
    bus.writes.clear()
    assert display.show("24:59", True, "normal")
    frame = [byte for dc, data in bus.writes if dc for byte in data]
    assert len(frame) == 128 * 64 // 8 and any(frame)         # one whole frame, not blank
    assert all(not dc for dc, data in bus.writes if len(data) < 8)   # the addressing: commands
    display.pins = pins
    display.close()
    assert pins.pins == {} and bus.opened is None
