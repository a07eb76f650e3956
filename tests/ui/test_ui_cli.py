"""``python -m kiosk run`` and ``python -m kiosk judge`` as real processes (headless)."""
import glob
import importlib.util
import os
import subprocess
import sys

import pygame
import pytest

from tests.support.quick_hash import quick_hash
from tests.support.ui_harness import ENABLE, ROOT

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def kiosk(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "kiosk", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_run_sim_starts_with_no_other_arguments(tmp_path):
    out = kiosk("run", "--sim", "--headless", "--exit-after", "1", "--screenshot-dir", str(tmp_path),
                "--store", str(tmp_path / "kiosk.sqlite"))
    assert out.returncode == 0, out.stderr
    first = pygame.image.load(str(tmp_path / "frame-00001.png"))
    assert first.get_size() == (1280, 720)


@pytest.mark.slow
def test_run_with_options(tmp_path):
    out = kiosk("run", "--sim", "--headless", "--exit-after", "1", "--screenshot-dir", str(tmp_path),
                "--preset", "nzasp", "--lexicon", str(ENABLE), "--names", "Ann,Bob", "--table", "9",
                "--size", "800x480", "--store", str(tmp_path / "kiosk.sqlite"))
    assert out.returncode == 0, out.stderr
    assert pygame.image.load(str(tmp_path / "frame-00001.png")).get_size() == (800, 480)


@pytest.mark.skipif(importlib.util.find_spec("lgpio") is not None, reason="lgpio is installed here")
@pytest.mark.slow
def test_run_without_sim_and_without_gpio_is_a_loud_error(tmp_path):
    config = tmp_path / "kiosk.toml"                    # on its buttons: a PIN of its own
    config.write_text(f'[director]\npin_hash = "{quick_hash("8642")}"\n')
    out = kiosk("run", "--config", str(config), "--headless", "--exit-after", "1")
    assert out.returncode == 2
    assert "no GPIO" in out.stderr and "--sim" in out.stderr


@pytest.mark.parametrize("args, message", [
    (["run", "--sim", "--headless", "--preset", "nope"], "preset"),
    (["run", "--sim", "--headless", "--lexicon", "/nonexistent/words.txt"], "no such file"),
    (["judge", "--headless"], "director.pin_hash: expected the hash of the station's own PIN"),
    (["judge", "--headless", "--pin", "1234"], "unrecognized arguments: --pin"),   # never there
])
@pytest.mark.slow
def test_bad_options_are_refused_with_the_reason(args, message):
    out = kiosk(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr


def station_config(tmp_path, pin: str = "8642") -> str:
    """A station's config file: its PIN's hash (a station has no default PIN)."""
    config = tmp_path / "station.toml"
    config.write_text(f'[director]\npin_hash = "{quick_hash(pin)}"\n')
    return str(config)


@pytest.mark.slow
def test_a_station_refuses_the_default_pin_and_a_missing_lexicon(tmp_path):
    out = kiosk("judge", "--headless", "--config", station_config(tmp_path, "0000"))
    assert out.returncode == 2 and "has no default PIN" in out.stderr, out.stderr
    out = kiosk("judge", "--headless", "--config", station_config(tmp_path),
                "--lexicon", "/nonexistent/words.txt")
    assert out.returncode == 2 and "no such file" in out.stderr, out.stderr


@pytest.mark.slow
def test_bad_option_values_are_refused_by_the_parser():
    out = kiosk("run", "--sim", "--names", "Ann")
    assert out.returncode == 2 and "two names" in out.stderr


@pytest.mark.slow
def test_judge_station_starts(tmp_path):
    out = kiosk("judge", "--config", station_config(tmp_path), "--lexicon", str(ENABLE), "--headless",
                "--exit-after", "1", "--screenshot-dir", str(tmp_path),
                "--store", str(tmp_path / "station.sqlite"))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "frame-00001.png").exists() and (tmp_path / "station.sqlite").exists()


@pytest.mark.parametrize("driver, message", [
    ("kmsdrm", "python -m kiosk judge: no screen through KMS/DRM (SDL_VIDEODRIVER=kmsdrm; pygame: "
               "kmsdrm not available): "),
    ("x11", "python -m kiosk judge: the screen cannot be opened (SDL_VIDEODRIVER=x11; pygame: x11 not "
            "available). Check that a display is there for this driver, or run with --headless"),
])
@pytest.mark.slow
def test_a_station_with_no_screen_says_what_to_check(tmp_path, driver, message):
    if driver == "kmsdrm" and glob.glob("/dev/dri/card*"):
        pytest.skip("a KMS/DRM device is here: a screen may open")
    env = {k: v for k, v in ENV.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "kiosk", "judge", "--config", station_config(tmp_path),
                          "--lexicon", str(ENABLE), "--store", str(tmp_path / "station.sqlite"),
                          "--exit-after", "1"], cwd=ROOT, env={**env, "SDL_VIDEODRIVER": driver},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.startswith(message), out.stderr
    assert "Traceback" not in out.stderr


def test_the_station_refuses_to_start_without_a_lexicon(monkeypatch, tmp_path):
    from kiosk.station_app import LexiconError, StationConfig, station_lexicon
    monkeypatch.setattr("kiosk.opening.DEFAULT_LEXICON", tmp_path / "absent.txt")
    with pytest.raises(LexiconError, match="--lexicon FILE"):
        station_lexicon(StationConfig())


def test_the_default_lexicon_is_the_bundled_enable_list(shared):
    from kiosk.opening import DEFAULT_LEXICON
    from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
    assert DEFAULT_LEXICON == BUNDLED_LEXICON and DEFAULT_LEXICON.is_relative_to(ROOT / "kiosk")
    assert open_lexicon(DEFAULT_LEXICON).fingerprint == open_lexicon(shared.enable).fingerprint
