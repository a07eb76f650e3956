"""``python -m director``: its options, its config file (a bad one exits 2 naming the file, the
key and what was expected), a real start and stop, and the systemd unit."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from director.config import ConfigError, load_config
from tests.support import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config" / "director.example.toml"
TIMEOUT_S = 60


def run_director(*args, cwd=ROOT):
    """``python -m director *args`` in the test's process (tests/support/cli.py); the service's
    own start and stop is a process below."""
    return cli.run("director", *args, cwd=cwd)


def test_help_lists_the_options():
    out = run_director("--help")
    assert out.returncode == 0
    for option in ("--config", "--host", "--port", "--db", "--key", "--key-file", "--preset"):
        assert option in out.stdout


def test_the_example_config_is_valid():
    config = load_config(EXAMPLE)
    assert (config.tournament, config.preset, config.port, str(config.db)) == (
        "Example Open", "aspa", 8080, "var/director.sqlite")
    assert config.key == b"example-key-change-me" and config.rules.result.forfeit_spread == 50


@pytest.mark.parametrize("text, expected", [
    ("[service]\nport = 70000\n", "t.toml: service.port: expected a port number 1-65535; got 70000"),
    ("[service]\nprot = 1\n", "t.toml: service.prot: expected one of"),
    ('[tournament]\nkey = "short"\n', "t.toml: tournament.key: expected the tournament's key, "
                                      "at least 16 characters; got 5 characters"),
    ('[tournament]\npreset = "chess"\n', "t.toml: tournament.preset: expected one of absp, aspa, nzasp, school"),
    ("[tournament\n", "t.toml: (file): expected valid TOML"),
    ("[rules.result]\nspread_caps = [0]\n",
     "t.toml: rules.result.spread_caps: expected a list of integers >= 1; got [0]"),
    ("[rules.clock]\nseconds = 1\n", "t.toml: rules.clock.seconds: expected one of time_per_side_s"),
    ("[rules]\nresult = 3\n", "t.toml: rules.result: expected a table of the preset's result settings"),
])
def test_a_bad_config_exits_2_naming_the_file_the_key_and_what_was_expected(tmp_path, text, expected):
    (tmp_path / "t.toml").write_text(text)
    key = [] if "key" in text else ["--key", "a-long-enough-key-123"]
    out = run_director("--config", "t.toml", "--db", str(tmp_path / "d.sqlite"), *key, cwd=tmp_path)
    assert out.returncode == 2 and expected in out.stderr, out.stderr
    assert "a-long-enough-key" not in out.stderr            # the key itself is never shown
    assert not (tmp_path / "d.sqlite").exists()


def test_the_rules_are_the_preset_with_the_configs_overrides(tmp_path):
    (tmp_path / "t.toml").write_text('[tournament]\npreset = "school"\nkey = "a-long-enough-key-123"\n'
                                     '[rules.result]\nspread_caps = [200, 300]\n'
                                     '[rules.challenge]\npoints = 5\n')
    rules = load_config(tmp_path / "t.toml").rules
    assert (rules.name, rules.result.spread_caps, rules.challenge.points) == ("school", (200, 300), 5)
    assert rules.result.forfeit_spread == 50 and rules.spread_cap(3) == 300   # the rest: school's


def test_no_key_at_all_is_refused(tmp_path):
    out = run_director("--db", str(tmp_path / "d.sqlite"), cwd=tmp_path)
    assert out.returncode == 2 and "tournament.key: expected the tournament's key" in out.stderr
    with pytest.raises(ConfigError, match="tournament.key_file: expected a readable UTF-8 file"):
        load_config(None, {"tournament.key_file": str(tmp_path / "missing.key")})


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_the_service_starts_serves_and_stops(tmp_path):
    key_file = tmp_path / "tournament.key"
    key_file.write_text("a-key-from-a-file-0123\n")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "director", "--config", str(EXAMPLE), "--port", str(port),
         "--db", str(tmp_path / "director.sqlite"), "--key-file", str(key_file),
         "--password-file", str(tmp_path / "none-yet.password")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=5) as response:
                    page = response.read().decode()
                break
            except OSError:
                assert process.poll() is None, process.stdout.read()
                assert time.monotonic() < deadline, "the director did not answer"
                time.sleep(0.1)
        assert "<html" in page and 'type="password"' in page
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/1/assignment", timeout=5)
        assert refused.value.code == 404
    finally:
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=TIMEOUT_S)[0]
    assert process.returncode == 0, output
    assert f"on http://127.0.0.1:{port}/" in output
    assert "the page's password for this run is " in output        # no password file yet
    assert (tmp_path / "director.sqlite").exists()


def test_the_systemd_unit_verifies(tmp_path):
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing (Debian: apt-get install systemd; .ci/run installs it)"
    unit = (ROOT / "systemd" / "tablekeeper-director.service").read_text()
    assert "ExecStart=/opt/tablekeeper/.venv/bin/python -m director --config" in unit
    # verify checks the command exists: point it at this checkout's interpreter
    (tmp_path / "tablekeeper-director.service").write_text(
        unit.replace("/opt/tablekeeper/.venv/bin/python", sys.executable))
    out = subprocess.run([analyze, "verify", str(tmp_path / "tablekeeper-director.service")],
                         capture_output=True, text=True, timeout=TIMEOUT_S,
                         env={**os.environ, "SYSTEMD_LOG_LEVEL": "notice"})
    assert out.returncode == 0 and out.stderr.strip() == "", out.stderr
