"""install/pi-install.sh: shellcheck-clean, and its file-creating steps run for real against a
temporary root (--root DIR --no-apt --no-systemctl --no-pip): the program, the venv with the
system site packages, the data directory, the config (never overwritten), the systemd units;
the director's PIN, given, from the environment, or made and printed once, kept in the config
as a salted hash only. The root's os-release says the release, Raspberry Pi OS bookworm (Debian 12) or trixie (Debian
13): each gets its own apt names, its Python named, its boot partition in the overlay steps;
any other release is refused before anything is made."""
import functools
import re
import sys
import time
import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from kiosk.pin import hash_pin, verify_pin

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "install" / "pi-install.sh"
TIMEOUT_S = 300
_COPIES = []          # the checkout's copy lives as long as the test process


@functools.cache
def installed_script() -> Path:
    """The script in a still copy of the checkout, as a volunteer's clone is: the script copies
    the program from beside itself, and tests running alongside (make check's workers) write
    into this checkout while tar reads it ("file changed as we read it")."""
    _COPIES.append(tempfile.TemporaryDirectory(prefix="tablekeeper-checkout-"))
    copy = Path(_COPIES[-1].name) / "tablekeeper"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "var", "__pycache__", ".pytest_cache", ".hypothesis", "*.egg-info"))
    return copy / "install" / "pi-install.sh"


def test_the_install_script_is_shellcheck_clean():
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.fail("shellcheck is not installed: apt install shellcheck (.ci/run installs it)")
    out = subprocess.run([shellcheck, "-x", str(SCRIPT)], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stdout + out.stderr


#: /etc/os-release as each release's Raspberry Pi OS Lite (64-bit) ships it.
OS_RELEASE = {
    "bookworm": 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n'
                'VERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n'
                'HOME_URL="https://www.debian.org/"\n',
    "trixie": 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\n'
              'VERSION_ID="13"\nVERSION="13 (trixie)"\nVERSION_CODENAME=trixie\nID=debian\n'
              'HOME_URL="https://www.debian.org/"\n',
}
#: What the script installs with apt on each release (trixie renamed libasound2).
SAME_ON_BOTH = ["python3-venv", "python3-pip", "python3-dev", "python3-lgpio", "python3-spidev",
                "espeak-ng", "fonts-dejavu-core", "i2c-tools", "libsdl2-2.0-0", "libgbm1", "libdrm2",
                "libegl1", "libgles2", "libegl-mesa0", "libgl1-mesa-dri"]
APT = {"bookworm": SAME_ON_BOTH + ["libasound2"], "trixie": SAME_ON_BOTH + ["libasound2t64"]}


def fake_root(root: Path, release: str = "bookworm", *, where: str = "etc/os-release") -> Path:
    """A root with the release's os-release (in /etc, or only in /usr/lib)."""
    (root / where).parent.mkdir(parents=True, exist_ok=True)
    (root / where).write_text(OS_RELEASE.get(release, release))
    return root


def install(root: Path, *extra: str, pin: str | None = None):
    """The script against ``root`` (bookworm's unless it has an os-release), with no terminal (so
    it asks nothing); ``pin`` in the environment as TABLEKEEPER_PIN."""
    if not (root / "etc" / "os-release").exists() and not (root / "usr" / "lib" / "os-release").exists():
        if root.is_dir():
            fake_root(root)
    env = {k: v for k, v in os.environ.items() if k != "TABLEKEEPER_PIN"}
    if pin is not None:
        env["TABLEKEEPER_PIN"] = pin
    return subprocess.run(["bash", str(installed_script()), "--root", str(root), "--no-apt",
                           "--no-systemctl", "--no-pip", *extra], capture_output=True, text=True, timeout=TIMEOUT_S,
                          stdin=subprocess.DEVNULL, env=env)


def pin_hash(root: Path) -> str:
    """The director's PIN hash the installed config holds."""
    config = (root / "etc" / "tablekeeper" / "kiosk.toml").read_text()
    [line] = [line for line in config.splitlines() if line.startswith("pin_hash = ")]
    return line.split('"')[1]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.slow
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
    # the kiosk user cannot write the program's folder: its bytecode is compiled by the install
    for module in ("kiosk/app.py", "common/game/events.py", "drivers/buttons.py", "table_input/__init__.py"):
        folder, name = (app / module).parent / "__pycache__", Path(module).stem
        assert list(folder.glob(f"{name}.cpython-*.pyc")), module
    data, etc = tmp_path / "var" / "lib" / "tablekeeper", tmp_path / "etc" / "tablekeeper"
    assert data.is_dir() and mode(data) == 0o750 and mode(etc) == 0o755     # shared with the director
    config = etc / "kiosk.toml"
    example = (ROOT / "config" / "kiosk.example.toml").read_text()
    assert config.read_text() == example                         # nothing per table on the card
    assert mode(config) == 0o640
    units = tmp_path / "etc" / "systemd" / "system"
    for unit in (ROOT / "systemd").glob("*.service"):
        assert (units / unit.name).read_text() == unit.read_text(), unit.name
    assert (units / "tablekeeper-kiosk.service").exists()
    assert "skipped (--root" in out.stdout
    assert "skipped (--no-systemctl): tablekeeper-kiosk.service would be enabled" in out.stdout
    assert not (tmp_path / "etc" / "tablekeeper" / "director.toml").exists()
    assert "raspi-config nonint do_overlayfs 0" in out.stdout
    assert "LABEL=tkdata /var/lib/tablekeeper" in out.stdout      # the data on a writable partition


@pytest.mark.slow
def test_without_a_pin_given_none_is_made_the_tables_enrollment_brings_its_own(tmp_path):
    out = install(tmp_path)
    assert out.returncode == 0, out.stderr
    assert "director's PIN: none here: the table gets its own when it is enrolled" in out.stdout
    assert 'pin_hash = ""' in (tmp_path / "etc" / "tablekeeper" / "kiosk.toml").read_text()
    assert "It opens on ENROLL" in out.stdout and "copy the card" in out.stdout


@pytest.mark.slow
def test_the_pin_from_the_environment_or_its_hash_is_what_the_config_keeps(tmp_path):
    (tmp_path / "env").mkdir()
    out = install(tmp_path / "env", pin="24681357")
    assert out.returncode == 0, out.stderr
    assert verify_pin("24681357", pin_hash(tmp_path / "env")) and "24681357" not in out.stdout + out.stderr
    made = hash_pin("97531")
    (tmp_path / "given").mkdir()
    out = install(tmp_path / "given", "--pin-hash", made)
    assert out.returncode == 0 and pin_hash(tmp_path / "given") == made
    again = install(tmp_path / "given", pin="11112222")          # a second run keeps it
    assert again.returncode == 0 and pin_hash(tmp_path / "given") == made
    assert "director's PIN: the hash in" in again.stdout and "kept" in again.stdout


@pytest.mark.slow
def test_a_bad_pin_or_hash_is_refused(tmp_path):
    out = install(tmp_path, "--pin-hash", "2468")
    assert out.returncode == 2 and "--pin-hash: expected a hash made by python -m kiosk pin" in out.stderr
    assert not (tmp_path / "opt").exists()                       # refused before anything
    out = install(tmp_path, "--pin-hash", hash_pin("0000"))
    assert out.returncode == 2
    out = install(tmp_path, pin="12a4")
    assert out.returncode == 2 and "a PIN is 4 to 12 digits" in out.stderr


@pytest.mark.slow
def test_a_second_run_keeps_the_edited_config(tmp_path):
    assert install(tmp_path).returncode == 0
    config = tmp_path / "etc" / "tablekeeper" / "kiosk.toml"
    config.write_text('[kiosk]\ntable = "12"\n')
    out = install(tmp_path)
    assert out.returncode == 0, out.stderr
    assert config.read_text() == '[kiosk]\ntable = "12"\n'
    assert "kiosk.toml kept as it is" in out.stdout


@pytest.mark.slow
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


def said(out, prefix: str) -> str:
    """The line the script printed for a step (``==> prefix...``), without the arrow."""
    (line,) = [line[4:] for line in out.stdout.splitlines() if line.startswith("==> " + prefix)]
    return line


@pytest.mark.parametrize("release, python", [("bookworm", "3.11"), ("trixie", "3.13")])
@pytest.mark.slow
def test_each_release_gets_its_apt_names_its_python_and_its_boot_partition(tmp_path, release, python):
    out = install(fake_root(tmp_path, release))
    assert out.returncode == 0, out.stderr
    assert said(out, "release") == (f"release: {release} (from {tmp_path}/etc/os-release): "
                                    f"Python {python}, boot partition /boot/firmware")
    assert said(out, "apt packages").split(": ")[-1].split() == APT[release]
    venv = tmp_path / "opt" / "tablekeeper" / ".venv"
    config = dict(line.split(" = ", 1) for line in (venv / "pyvenv.cfg").read_text().splitlines() if " = " in line)
    assert config["home"] == "/usr/bin" and config["include-system-site-packages"] == "true"
    here = subprocess.run(["/usr/bin/python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                          capture_output=True, text=True, timeout=TIMEOUT_S).stdout.strip()
    assert f"made with /usr/bin/python3 (Python {here}; {release}'s is {python})" in said(out, "venv")
    overlay = out.stdout[out.stdout.index("Read-only root file system"):]
    assert "sudo raspi-config nonint do_overlayfs 0" in overlay
    assert ("sudo sed -i 's/overlayroot=tmpfs /overlayroot=tmpfs:recurse=0 /' /boot/firmware/cmdline.txt"
            in overlay)                                   # the data partition stays writable
    assert "sudo mount -o remount,rw /boot/firmware" in overlay    # do_overlayfs made it read-only
    assert "sudo sed -i 's/overlayroot=tmpfs:recurse=0 //' /boot/firmware/cmdline.txt" in overlay
    assert " /boot/cmdline.txt" not in out.stdout


@pytest.mark.slow
def test_the_release_is_read_from_usr_lib_or_from_the_version_number(tmp_path):
    out = install(fake_root(tmp_path / "lib", "trixie", where="usr/lib/os-release"))
    assert out.returncode == 0, out.stderr
    assert said(out, "release").startswith(f"release: trixie (from {tmp_path}/lib/usr/lib/os-release)")
    out = install(fake_root(tmp_path / "id", 'NAME="Raspbian GNU/Linux"\nVERSION_ID="12"\nID=raspbian\n'))
    assert out.returncode == 0, out.stderr
    assert said(out, "apt packages").endswith(" libasound2")


@pytest.mark.parametrize("os_release", [OS_RELEASE["bookworm"].replace("bookworm", "bullseye").replace("12", "11"),
                                        'NAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION_CODENAME=noble\n'])
@pytest.mark.slow
def test_another_release_is_refused_before_anything_is_made(tmp_path, os_release):
    out = install(fake_root(tmp_path, os_release))
    assert out.returncode == 2
    codename = "bullseye" if "bullseye" in os_release else "noble"
    assert out.stderr.strip().endswith(f"{tmp_path}/etc/os-release says VERSION_CODENAME={codename}: this "
                                       "script installs on Raspberry Pi OS bookworm (Debian 12) or trixie "
                                       "(Debian 13)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["etc"]
    assert sorted(p.name for p in (tmp_path / "etc").iterdir()) == ["os-release"]


@pytest.mark.slow
def test_a_root_without_os_release_is_refused(tmp_path):
    out = subprocess.run(["bash", str(SCRIPT), "--root", str(tmp_path), "--no-apt", "--no-systemctl",
                          "--no-pip"], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 2 and "cannot tell the release" in out.stderr
    assert list(tmp_path.iterdir()) == []


# --- the director's service: pi-install.sh --director -----------------------------------------------

def director_install(root: Path, release: str, *extra: str, password: str | None = None):
    fake_root(root, release)
    env = {k: v for k, v in os.environ.items() if k != "TABLEKEEPER_DIRECTOR_PASSWORD"}
    if password is not None:
        env["TABLEKEEPER_DIRECTOR_PASSWORD"] = password
    return subprocess.run(["bash", str(installed_script()), "--root", str(root), "--no-apt",
                           "--no-systemctl", "--no-pip", "--director", *extra], capture_output=True,
                          text=True, timeout=TIMEOUT_S, stdin=subprocess.DEVNULL, env=env)


@pytest.mark.parametrize("release", ["bookworm", "trixie"])
@pytest.mark.slow
def test_the_director_install_makes_a_config_with_a_fresh_key_and_the_password_and_starts(
        tmp_path, release):
    import tomllib
    import urllib.request
    from bench.rigs.director_process import free_port
    from director.config import load_config
    from director.web.password import verify_password
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "password").write_text("the volunteer's password\n")
    out = director_install(root, release, "--password-file", str(tmp_path / "password"))
    assert out.returncode == 0, out.stderr
    etc, data = root / "etc" / "tablekeeper", root / "var" / "lib" / "tablekeeper-director"
    config = etc / "director.toml"
    settings = tomllib.loads(config.read_text())
    example = tomllib.loads((ROOT / "config" / "director.example.toml").read_text())
    assert settings["tournament"]["key"] != example["tournament"]["key"]
    assert len(settings["tournament"]["key"]) >= 40 and settings["service"]["host"] == "0.0.0.0"
    assert mode(config) == 0o640 and mode(etc) == 0o755           # it holds the tournament key
    assert not (etc / "kiosk.toml").exists()                    # a director, not a kiosk
    hashed = (data / "var" / "director.password").read_text().strip()
    assert verify_password("the volunteer's password", hashed) and mode(data / "var" / "director.password") == 0o600
    assert "the volunteer's password" not in out.stdout + out.stderr
    assert "skipped (--no-systemctl): tablekeeper-director.service would be enabled" in out.stdout
    assert "tablekeeper-kiosk.service would be enabled" not in out.stdout
    assert re.search(r"Open http://\S+:8080/ on the venue's network", out.stdout)
    again = director_install(root, release, password="another password, ignored")
    assert again.returncode == 0 and "director.toml kept as it is" in again.stdout
    assert "director.password kept" in again.stdout
    assert tomllib.loads(config.read_text()) == settings
    # the service starts on the installed config, in the unit's folder, and takes the password
    loaded = load_config(config)
    assert loaded.host == "0.0.0.0" and loaded.announce
    port = free_port()
    service = subprocess.Popen([sys.executable, "-m", "director", "--config", str(config), "--host",
                                "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                               cwd=data, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        from bench.rigs.page_session import PageSession
        session = PageSession(f"http://127.0.0.1:{port}", "the volunteer's password")
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/live", timeout=5).read()
                break
            except OSError:
                assert service.poll() is None and time.monotonic() < deadline, service.stdout.read()
                time.sleep(0.1)
        status, body = session.request("GET", "/api/tables")
        assert status == 200 and b'"tables"' in body                 # logged in with it
    finally:
        service.terminate()
        service.wait(TIMEOUT_S)
    assert (data / "var" / "director.sqlite").exists()


@pytest.mark.slow
def test_a_director_password_too_short_is_refused(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    out = director_install(root, "bookworm", password="short")
    assert out.returncode == 2 and "expected at least 10 characters; got 5" in out.stderr


def test_the_director_unit_says_what_the_script_does():
    unit = (ROOT / "systemd" / "tablekeeper-director.service").read_text()
    script = SCRIPT.read_text()
    assert "install/pi-install.sh --director" in unit and "useradd" not in unit
    for made in ("director.toml", "director.password", "[director]", "--password-file",
                 "TABLEKEEPER_DIRECTOR_PASSWORD"):
        assert made in unit and made in script, made
    assert "ExecStart=/opt/tablekeeper/.venv/bin/python -m director --config /etc/tablekeeper/director.toml" in unit
