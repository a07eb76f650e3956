"""The hardware self-test: each button's arrival and latency (from the edge's own time), a
button that never arrives reported MISSING, each display's test patterns on luma's dummy device
and each LED on MockFactory pins lit in turn; ``python -m kiosk selftest --sim`` as a real
process, pressed from its standard input."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from table_input import ButtonPressed
from drivers.buttons import pin_factory
from drivers.leds import StatusLeds
from drivers.oled import OledDisplay
from drivers.sevenseg import SevenSegmentDisplay
from kiosk.hardware.selftest import SelfTest
from tests.support.luma_dummy import oled_device, segment_bytes, seven_segment_device

ROOT = Path(__file__).resolve().parents[1]
S, MS = 1_000_000_000, 1_000_000


@pytest.fixture
def factory():
    factory = pin_factory("mock")
    yield factory
    factory.reset()


def test_buttons_arrive_with_their_latency_and_one_never_arrives(factory):
    module, oled = SevenSegmentDisplay(seven_segment_device()), OledDisplay(oled_device())
    leds = StatusLeds(factory, {"left_runs": 5, "neutral": 13})
    test = SelfTest(timeout_s=10, displays={"left": module, "right": oled}, leds=leds, pattern_s=1)
    test.start(100 * S)
    assert test.prompt == "press the LEFT player's button"
    test.handle(ButtonPressed("left", 101 * S, releases=True), 101 * S + 3 * MS)
    test.update(101 * S + 3 * MS)
    assert test.prompt == "press the RIGHT player's button"
    test.handle(ButtonPressed("centre", 102 * S), 102 * S + MS)       # the wrong one: still waiting
    test.handle(ButtonPressed("right", 103 * S), 103 * S + 12 * MS)
    for t in (104, 110, 113):
        test.update(t * S)
    assert test.prompt == "press the CENTRE button"                     # 10 s not over yet
    test.update(113 * S + 12 * MS)                                      # 10 s after it was asked
    assert test.lines[:4] == ["left button: OK, latency 3.0 ms",
                              "  (centre button pressed while the right was asked for)",
                              "right button: OK, latency 12.0 ms",
                              "centre button: MISSING (not pressed within 10 s)"]
    lit = []
    t = 113 * S + 12 * MS
    while not test.finished:
        t += S // 2
        before = len(test.lines)
        test.update(t)
        if len(test.lines) == before:
            continue
        if test.lines[-1].startswith("left display") and test.lines[-1].endswith("all segments lit"):
            lit.append(segment_bytes(module.device))
        if test.lines[-1] == "status LED: neutral lit":
            lit.append((factory.pin(5).state, factory.pin(13).state))
    assert lit[0] == [0xFF] * 8 and lit[-1] == (0, 1)
    patterns = [line for line in test.lines[4:]]
    assert patterns == ([f"left display (max7219): {p} lit" for p in module.patterns()]
                        + [f"right display (ssd1306): {p} lit" for p in oled.patterns()]
                        + ["status LED: left_runs lit", "status LED: neutral lit"])
    assert not test.ok and test.prompt == "self-test done: FAULTS found (see above)"
    assert (factory.pin(5).state, factory.pin(13).state) == (0, 0)      # dark at the end
    leds.close()


def test_all_buttons_and_no_missing_device_is_ok():
    test = SelfTest(timeout_s=5)
    test.start(0)
    for n, side in enumerate(("left", "right", "centre"), 1):
        test.handle(ButtonPressed(side, n * S), n * S + MS)
    test.update(4 * S)
    assert test.finished and test.ok and test.prompt == "self-test done: all OK"


def test_a_missing_device_fails_the_test_even_when_every_button_arrives():
    test = SelfTest(timeout_s=5, missing={"left display (ssd1306)": "no /dev/i2c-1"})
    test.start(0)
    for n, side in enumerate(("left", "right", "centre"), 1):
        test.handle(ButtonPressed(side, n * S), n * S)
    test.update(4 * S)
    assert test.finished and not test.ok
    assert test.lines[0] == "left display (ssd1306): NOT FOUND: no /dev/i2c-1"


def selftest(*args, stdin: str, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "kiosk", "selftest", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.slow
def test_the_command_under_sim_reports_a_button_never_pressed_as_missing():
    out = selftest("--sim", "--timeout", "2", stdin="l\nr\n")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "simulated buttons: type l, r or c and Enter to press one"
    assert [line.split(", latency")[0] for line in lines if line.endswith(" ms")] == \
        ["left button: OK", "right button: OK"]
    assert "centre button: MISSING (not pressed within 2 s)" in lines
    assert lines[-1] == "self-test done: FAULTS found (see above)"


@pytest.mark.slow
def test_the_command_under_sim_passes_when_every_button_is_pressed(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text("[leds]\nneutral = 13\nleft_runs = 5\n")
    out = selftest("--sim", "--config", str(config), "--timeout", "30", "--pattern-s", "0.1",
                   stdin="l\nr\nc\n")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "status LED: left_runs lit" in out.stdout and "status LED: neutral lit" in out.stdout
    assert out.stdout.splitlines()[-1] == "self-test done: all OK"


@pytest.mark.slow
def test_the_command_reports_a_display_that_is_not_there(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text('[displays.right]\nkind = "ssd1306"\ni2c_port = 22\n')
    out = selftest("--sim", "--config", str(config), "--timeout", "30", stdin="l\nr\nc\n")
    assert out.returncode == 1
    assert ("right display (ssd1306): NOT FOUND: the right player's ssd1306 display on I2C port 22 "
            "(/dev/i2c-22), address 0x3D: ") in out.stdout


@pytest.mark.parametrize("option, value", [("--pattern-s", "0"), ("--timeout", "-1"),
                                           ("--pattern-s", "nan"), ("--timeout", "soon")])
@pytest.mark.slow
def test_seconds_of_zero_or_less_are_refused_by_name(option, value):
    out = selftest("--sim", option, value, stdin="")
    assert out.returncode == 2 and out.stdout == ""
    assert (f"argument {option}: expected seconds above 0, such as 1 or 0.5; got {value!r}"
            in out.stderr), out.stderr


@pytest.mark.slow
def test_a_bad_config_exits_2(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text('[displays.left]\nkind = "lcd"\n')
    out = selftest("--sim", "--config", str(config), stdin="")
    assert out.returncode == 2
    assert out.stderr == (f"python -m kiosk selftest: {config}: displays.left.kind: expected 'none', "
                          "'max7219' or 'ssd1306'; got 'lcd'\n")


def test_the_screen_libraries_missing_are_named_with_their_packages():
    """A Pi installed without recommends lacked Mesa's EGL vendor library and DRI driver: the
    screen stays black; the self-test names them and the command that installs them."""
    from kiosk.hardware import screen_libraries
    gone = screen_libraries.missing(load=lambda name: name != "libEGL_mesa.so.0", find=lambda pattern: [])
    assert gone == [("libEGL_mesa.so.0", "libegl-mesa0"),
                    ("a Mesa DRI driver (dri/v3d_dri.so, vc4_dri.so)", "libgl1-mesa-dri")]
    assert screen_libraries.report(gone).endswith(
        ": sudo apt-get install --no-install-recommends libegl-mesa0 libgl1-mesa-dri")
    assert screen_libraries.report([]).endswith(": all there")
    assert screen_libraries.loads("libc.so.6") and not screen_libraries.loads("libno-such-library.so.9")


@pytest.mark.slow
def test_the_command_says_what_the_screen_needs():
    out = selftest("--sim", "--timeout", "30", "--pattern-s", "0.1", stdin="l\nr\nc\n")
    assert out.stdout.splitlines()[1].startswith("screen libraries")
