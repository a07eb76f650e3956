"""make test's first step (install/test-packages.sh): with every program the tests drive it does
nothing; without them, and without root or a password-less sudo, it stops at once with one line
naming the command to run (and changes nothing). CI runs it as root, where it installs them."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "install" / "test-packages.sh"
PROGRAMS = ("chromium", "shellcheck", "espeak-ng", "systemd-analyze", "ip")


def run(bin_dir: Path):
    """The script as an ordinary user (nobody, when the tests run as root) with only ``bin_dir``
    on its PATH; the script is read from standard input (a user's tmp is not nobody's)."""
    drop = ([shutil.which("setpriv") or "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            if os.geteuid() == 0 else [])
    return subprocess.run([*drop, "/bin/bash", "-s"], input=SCRIPT.read_text(), capture_output=True,
                          text=True, timeout=120, env={"PATH": str(bin_dir), "PYTHON": "python3"})


@pytest.fixture
def folder():
    """A folder an ordinary user can read (the test's tmp_path is root's alone)."""
    made = Path(tempfile.mkdtemp(prefix="tk-test-packages-"))
    os.chmod(made, 0o755)
    yield made
    shutil.rmtree(made)


def tools(folder: Path, *names: str) -> Path:
    real = {"id": shutil.which("id") or "/usr/bin/id", "python3": "/usr/bin/python3"}  # the system's
    for name in ("id", "python3", *names):
        (folder / name).symlink_to(real.get(name, "/bin/true"))
    return folder


def test_the_script_is_shellcheck_clean():
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.fail("shellcheck is not installed: make test installs it")
    out = subprocess.run([shellcheck, "-x", str(SCRIPT)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_missing_programs_stop_make_test_at_once_with_the_command_to_run(folder):
    out = run(tools(folder, "shellcheck"))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == ("make test: missing chromium espeak-ng systemd iproute2: run  sudo apt-get "
                          "install -y --no-install-recommends chromium espeak-ng systemd iproute2  "
                          "then make test again\n")


def test_with_every_program_there_it_does_nothing(folder):
    out = run(tools(folder, *PROGRAMS))
    assert (out.returncode, out.stdout, out.stderr) == (0, "", "")
