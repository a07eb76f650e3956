"""The kiosk's systemd unit: ``systemd-analyze verify`` accepts it (with ExecStart pointed at
an interpreter that exists here), and it asks for what the kiosk needs on a Pi: notify with a
watchdog, restarts with a start limit, a writable working directory, tty1."""
import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
