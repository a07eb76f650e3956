"""install/pi-install.sh: shellcheck-clean, and its file-creating steps run for real against a
temporary root (--root DIR --no-apt --no-systemctl --no-pip): the program, the venv with the
system site packages, the data directory, the config (never overwritten), the systemd units."""
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "install" / "pi-install.sh"
TIMEOUT_S = 300


def test_the_install_script_is_shellcheck_clean():
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.fail("shellcheck is not installed: apt install shellcheck (.ci/run installs it)")
    out = subprocess.run([shellcheck, "-x", str(SCRIPT)], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stdout + out.stderr


def install(root: Path, *extra: str):
    return subprocess.run(["bash", str(SCRIPT), "--root", str(root), "--no-apt", "--no-systemctl",
                           "--no-pip", *extra], capture_output=True, text=True, timeout=TIMEOUT_S)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_install_against_a_temporary_root_makes_every_file_and_folder(tmp_path):
    out = install(tmp_path)
    assert out.returncode == 0, out.stderr
    app = tmp_path / "opt" / "tablekeeper"
    for name in ("kiosk/app.py", "drivers/displays.py", "pyproject.toml", "config/presets/aspa.toml",
                 "install/pi-install.sh"):
        assert (app / name).read_bytes() == (ROOT / name).read_bytes(), name
    assert not (app / "var").exists() and not (app / ".git").exists()
    venv = (app / ".venv" / "pyvenv.cfg").read_text()
    assert "include-system-site-packages = true" in venv         # lgpio and spidev from apt
    assert subprocess.run([str(app / ".venv" / "bin" / "python"), "-c", "import sys"],
                          timeout=TIMEOUT_S).returncode == 0
    data, etc = tmp_path / "var" / "lib" / "tablekeeper", tmp_path / "etc" / "tablekeeper"
    assert data.is_dir() and mode(data) == 0o750 and mode(etc) == 0o750
    config = etc / "kiosk.toml"
    assert config.read_text() == (ROOT / "config" / "kiosk.example.toml").read_text()
    assert mode(config) == 0o640                                 # it may hold the tournament key
    units = tmp_path / "etc" / "systemd" / "system"
    for unit in (ROOT / "systemd").glob("*.service"):
        assert (units / unit.name).read_text() == unit.read_text(), unit.name
    assert (units / "tablekeeper-kiosk.service").exists()
    assert "skipped (--root" in out.stdout and "skipped (--no-systemctl)" in out.stdout
    assert "raspi-config nonint do_overlayfs 0" in out.stdout
    assert "LABEL=tkdata /var/lib/tablekeeper" in out.stdout      # the data on a writable partition


def test_a_second_run_keeps_the_edited_config(tmp_path):
    assert install(tmp_path).returncode == 0
    config = tmp_path / "etc" / "tablekeeper" / "kiosk.toml"
    config.write_text('[kiosk]\ntable = "12"\n')
    out = install(tmp_path)
    assert out.returncode == 0, out.stderr
    assert config.read_text() == '[kiosk]\ntable = "12"\n'
    assert "kiosk.toml kept as it is" in out.stdout


def test_bad_options_are_refused(tmp_path):
    out = subprocess.run(["bash", str(SCRIPT), "--frobnicate"], capture_output=True, text=True,
                         timeout=TIMEOUT_S)
    assert out.returncode == 2 and "unknown option --frobnicate" in out.stderr and "usage:" in out.stderr
    out = install(tmp_path / "missing")
    assert out.returncode == 2 and "no such directory" in out.stderr
    assert not (tmp_path / "missing").exists()


def test_without_a_root_option_it_needs_root():
    if os.geteuid() == 0:
        pytest.skip("the tests run as root here: the refusal is for ordinary users")
    out = subprocess.run(["bash", str(SCRIPT), "--no-apt"], capture_output=True, text=True,
                         timeout=TIMEOUT_S)
    assert out.returncode == 1 and "run it as root" in out.stderr
