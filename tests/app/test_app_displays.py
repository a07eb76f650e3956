"""The kiosk feeds the players' displays and the status LEDs from its loop (luma's dummy device,
MockFactory pins); a display named in the config that is not there stops ``python -m kiosk
run`` before the store is touched, saying which display and how to fix it."""
import subprocess
import sys
from pathlib import Path

import pytest

from drivers.leds import StatusLeds
from drivers.oled import OledDisplay
from drivers.sevenseg import SevenSegmentDisplay
from kiosk.hardware.player_displays import PlayerOutputs
from tests.support.luma_dummy import digits, oled_device, segment_bytes, seven_segment_device

ROOT = Path(__file__).resolve().parents[2]


def test_the_loop_pushes_each_players_time_to_their_display(kiosks):
    k = kiosks(gpio=True)
    left, right = SevenSegmentDisplay(seven_segment_device()), OledDisplay(oled_device())
    k.kiosk.outputs.close()
    k.kiosk.outputs = PlayerOutputs({"left": left, "right": right},
                                    StatusLeds(k.factory, {"left_runs": 5, "right_runs": 6}))
    k.step()
    assert segment_bytes(left.device) == digits("    25.00") and right.shown.text == "25:00"
    k.press("right", at=1.0)                     # the player going second starts the left clock
    k.at(3.5).step()
    assert segment_bytes(left.device) == digits("≡   24.57")
    assert (right.shown.text, right.shown.running) == ("25:00", False)
    assert (k.factory.pin(5).state, k.factory.pin(6).state) == (1, 0)
    k.press("left", at=10.0)
    k.at(12.0).step()
    assert segment_bytes(left.device) == digits("    24.51")
    assert (right.shown.text, right.shown.running, right.shown.mode) == ("24:58", True, "normal")
    assert (k.factory.pin(5).state, k.factory.pin(6).state) == (0, 1)
    k.press("centre", at=13.0)                  # the clock stops at the press
    k.at(14.0).step()
    assert segment_bytes(left.device) == digits(" n  24.51")
    assert (right.shown.text, right.shown.running, right.shown.mode) == ("24:57", False, "neutral")


@pytest.mark.slow
def test_a_configured_display_that_is_not_there_stops_the_kiosk(tmp_path):
    cfg = tmp_path / "kiosk.toml"
    cfg.write_text('[displays.left]\nkind = "ssd1306"\ni2c_port = 22\n')
    store = tmp_path / "k.sqlite"
    out = subprocess.run([sys.executable, "-m", "kiosk", "run", "--sim", "--config", str(cfg),
                          "--headless", "--exit-after", "1", "--store", str(store)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PYTHONPATH": str(ROOT)})
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("python -m kiosk run: the left player's ssd1306 display on I2C port 22 "
                                 "(/dev/i2c-22), address 0x3C: ")
    assert "raspi-config nonint do_i2c 0" in out.stderr
    assert not store.exists()                   # refused before the store was made
