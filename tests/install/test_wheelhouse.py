"""make wheelhouse (install/wheelhouse.sh) and the offline install: the wheelhouse holds a wheel
for every pinned package on the Pi (aarch64, CPython 3.11 and 3.13), and the install script,
given a wheelhouse, installs everything from it with no network at all (in a network namespace
the test makes, without even a loopback up). Both download from the package index, so slow. And
a file that is not the locked one (its hash not in the lock) stops the build: from a local
folder, quick."""
import os
import re
import shutil
import subprocess
import sys
import tomllib
import uuid
import zipfile
from pathlib import Path

import pytest

from install import lockfile
from tests.install.test_pi_install import TIMEOUT_S, fake_root, installed_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "install" / "wheelhouse.sh"


def test_the_wheelhouse_script_is_shellcheck_clean():
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.fail("shellcheck is not installed: apt install shellcheck (make test installs it)")
    out = subprocess.run([shellcheck, "-x", str(SCRIPT)], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.slow
def test_a_wheel_whose_hash_the_lock_does_not_hold_stops_the_build_and_is_named(tmp_path):
    """A wheel of the locked name and version, but not the locked file (its bytes, so its sha256,
    differ): pip download refuses it, and the wheelhouse is not made."""
    checkout = tmp_path / "checkout"
    (checkout / "install" / "lock").mkdir(parents=True)
    for name in ("wheelhouse.sh", "lockfile.py"):
        shutil.copy(ROOT / "install" / name, checkout / "install" / name)
    pyserial = next(e for e in lockfile.read("table") if e.name == "pyserial")
    (checkout / "install" / "lock" / "table.txt").write_text(" \\\n    ".join(
        [f"pyserial=={pyserial.version}", *(f"--hash=sha256:{h}" for h in pyserial.hashes)]) + "\n")
    (checkout / "install" / "lock" / "director.txt").write_text("")
    index = tmp_path / "index"
    index.mkdir()
    with zipfile.ZipFile(index / f"pyserial-{pyserial.version}-py2.py3-none-any.whl", "w") as forged:
        forged.writestr("serial/__init__.py", "raise SystemExit('not the locked pyserial')\n")
    env = {**os.environ, "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(index)}
    out = subprocess.run(["bash", str(checkout / "install" / "wheelhouse.sh"), "--python", sys.executable,
                          "--here", str(tmp_path / "wh")], capture_output=True, text=True, env=env,
                         timeout=TIMEOUT_S)
    assert out.returncode != 0
    assert "DO NOT MATCH THE HASHES" in out.stderr and "pyserial" in out.stderr, out.stderr[-2000:]
    assert not list((tmp_path / "wh").glob("*.whl"))
    assert "wheelhouse:" not in out.stdout


def pinned() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [line.split("==")[0].lower().replace("-", "_").replace(".", "_")
            for line in project["dependencies"] + project["optional-dependencies"]["director"]]


def fits(wheel: str, python: str) -> bool:
    """Whether ``wheel`` (name-version-python-abi-platform.whl) installs on a Pi's CPython
    ``python`` ("311", "313"), aarch64."""
    pythons, abi, platform = wheel[:-4].split("-")[-3:]
    tags = pythons.split(".")
    if platform == "any":
        return any(t.startswith("py3") for t in tags)
    if "aarch64" not in platform:
        return False
    stable = abi == "abi3" and any(t.startswith("cp3") and int(t[3:]) <= int(python[1:]) for t in tags)
    return f"cp{python}" in tags or stable


@pytest.mark.slow
def test_the_wheelhouse_has_a_wheel_for_every_pinned_package_on_both_of_the_pis_pythons(tmp_path):
    out = subprocess.run(["bash", str(SCRIPT), "--python", sys.executable, str(tmp_path / "wh")],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    wheels = [p.name for p in (tmp_path / "wh").glob("*.whl")]
    for name in pinned():
        found = [w for w in wheels if w.lower().startswith(name + "-")]
        assert found, f"no wheel for {name}"
        for python in ("311", "313"):
            assert any(fits(w, python) for w in found), f"{name}: no wheel for CPython {python} aarch64: {found}"
    assert re.search(r"wheelhouse: .*: \d+ wheels for the Pi", out.stdout)


@pytest.mark.slow
def test_the_install_from_a_wheelhouse_needs_no_network(tmp_path):
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and iproute2's ip for a namespace without network (CI has both)")
    wheels = tmp_path / "wheels"
    made = subprocess.run(["bash", str(SCRIPT), "--python", "/usr/bin/python3" if Path(
        "/usr/bin/python3").exists() and subprocess.run(["/usr/bin/python3", "-m", "pip", "-V"],
                                                        capture_output=True).returncode == 0
        else sys.executable, "--here", str(wheels)], capture_output=True, text=True, timeout=900)
    assert made.returncode == 0, made.stderr
    root = fake_root(tmp_path / "root", "bookworm")
    (tmp_path / "password").write_text("the volunteer's password\n")
    name = f"tk-offline-{uuid.uuid4().hex[:8]}"
    subprocess.run(["ip", "netns", "add", name], check=True, timeout=60)
    try:
        out = subprocess.run(["ip", "netns", "exec", name, "bash", str(installed_script()), "--root",
                              str(root), "--no-apt", "--no-systemctl", "--director", "--wheelhouse",
                              str(wheels), "--password-file", str(tmp_path / "password")],
                             capture_output=True, text=True, timeout=1800, stdin=subprocess.DEVNULL)
    finally:
        subprocess.run(["ip", "netns", "del", name], timeout=60)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert f"from {wheels} alone" in out.stdout
    python = root / "opt" / "tablekeeper" / ".venv" / "bin" / "python"
    imported = subprocess.run([str(python), "-c", "import uvicorn, starlette, segno, zeroconf, spake2, "
                               "cryptography, pygame, marisa_trie, sqlite_utils, director.__main__, "
                               "kiosk.app; print('ok')"], capture_output=True, text=True,
                              timeout=TIMEOUT_S, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert imported.stdout.strip().endswith("ok"), imported.stderr
