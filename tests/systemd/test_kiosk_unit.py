"""The kiosk's systemd unit: ``systemd-analyze verify`` accepts it (with ExecStart pointed at
an interpreter that exists here), and it asks for what the kiosk needs on a Pi: notify with a
watchdog, restarts with a start limit, a writable working directory, tty1. Started as the unit
starts it on a machine with no screen, the kiosk says what to check and exits 2."""
import configparser
import glob
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.quick_hash import quick_hash

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "tablekeeper-kiosk.service"
PI_PYTHON = "/opt/tablekeeper/.venv/bin/python"


def settings() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (.ci/run installs systemd)")
def test_systemd_analyze_verify_passes_without_a_warning(tmp_path):
    text = UNIT.read_text(encoding="utf-8")
    assert PI_PYTHON in text
    copy = tmp_path / UNIT.name          # verify needs ExecStart's program to exist
    copy.write_text(text.replace(PI_PYTHON, sys.executable), encoding="utf-8")
    out = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    complaints = [line for line in (out.stdout + out.stderr).splitlines() if UNIT.name in line]
    assert out.returncode == 0 and complaints == [], out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_verify_would_catch_a_mistyped_key(tmp_path):
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text(encoding="utf-8").replace(PI_PYTHON, sys.executable)
                    .replace("WatchdogSec=", "WatchdgSec="), encoding="utf-8")
    out = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert "Unknown key 'WatchdgSec'" in out.stderr


def test_the_unit_notifies_restarts_and_owns_tty1():
    unit, service = settings()["Unit"], settings()["Service"]
    assert (service["Type"], service["NotifyAccess"]) == ("notify", "main")
    assert 5 <= int(service["WatchdogSec"]) <= 60
    assert service["Restart"] == "always" and 1 <= int(service["RestartSec"]) <= 30
    assert int(unit["StartLimitBurst"]) * int(service["RestartSec"]) < int(unit["StartLimitIntervalSec"])
    assert service["WorkingDirectory"] == "/var/lib/tablekeeper" == "/var/lib/" + service["StateDirectory"]
    assert service["TTYPath"] == "/dev/tty1" and service["StandardInput"] == "tty"
    assert unit["Conflicts"] == "getty@tty1.service"
    assert service["ExecStart"].startswith(PI_PYTHON + " -m kiosk run --config ")


def unit_environment() -> dict[str, str]:
    """The unit's Environment= lines (configparser keeps only the last of repeated keys)."""
    pairs = [line.split("=", 1)[1] for line in UNIT.read_text(encoding="utf-8").splitlines()
             if line.startswith("Environment=")]
    return dict(pair.split("=", 1) for pair in pairs)


@pytest.mark.skipif(bool(glob.glob("/dev/dri/card*")), reason="a KMS/DRM device is here: a screen may open")
@pytest.mark.slow
def test_with_no_screen_the_kiosk_says_what_to_check_and_exits_2(tmp_path):
    """The unit's environment (SDL_VIDEODRIVER=kmsdrm), its command line with the config and
    interpreter of this machine, its working directory: no /dev/dri here, so SDL's KMS/DRM
    driver finds no screen. Not a traceback: what is missing and what to check."""
    environment = unit_environment()
    assert environment["SDL_VIDEODRIVER"] == "kmsdrm"
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[director]\npin_hash = "{quick_hash("8642")}"\n', encoding="utf-8")
    argv = shlex.split(settings()["Service"]["ExecStart"])
    assert argv[:4] == [PI_PYTHON, "-m", "kiosk", "run"] and argv[4] == "--config"
    argv = [sys.executable, *argv[1:5], str(config), *argv[6:]]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(UNIT.parents[1])        # this checkout's kiosk, run from elsewhere
    out = subprocess.run(argv, cwd=tmp_path, env={**env, **environment}, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""
    assert out.stderr.startswith("python -m kiosk run: no screen through KMS/DRM (SDL_VIDEODRIVER=kmsdrm; "
                                 "pygame: kmsdrm not available): no /dev/dri/card* on this machine"), out.stderr
    for check in ("the screen's cable and power", "`ls -l /dev/dri`", "in the video and render groups",
                  "dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt", "--headless"):
        assert check in out.stderr, check
    assert not (tmp_path / "var").exists()          # no game was opened: the store untouched
