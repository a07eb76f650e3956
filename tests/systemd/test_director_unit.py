"""The director's systemd unit: ``systemd-analyze verify`` accepts it, and its limit of open
files is above what the service's door lets in (limits.connections_total, and the database's
and logs' files beside them: director.web.connections), so that the door, not the file limit,
decides who waits; its journal keeps a bounded number of its lines."""
import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from director.limits import Limits
from director.web.connections import SPARE_FILES

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "tablekeeper-director.service"
PI_PYTHON = "/opt/tablekeeper/.venv/bin/python"


def service() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser["Service"]


def test_the_open_files_are_above_the_doors_connections():
    assert int(service()["LimitNOFILE"]) >= Limits().connections_total + SPARE_FILES
    assert int(service()["LogRateLimitBurst"]) <= 10_000 and "debug" not in service()["ExecStart"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (.ci/run installs systemd)")
def test_systemd_analyze_verify_passes_without_a_warning(tmp_path):
    text = UNIT.read_text(encoding="utf-8")
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(PI_PYTHON, sys.executable), encoding="utf-8")
    out = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    complaints = [line for line in (out.stdout + out.stderr).splitlines() if UNIT.name in line]
    assert out.returncode == 0 and complaints == [], out.stdout + out.stderr
