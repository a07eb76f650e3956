"""The director's password: ``python -m director passwd`` keeps a salted scrypt hash (never the
password) in a file only its owner reads; the service logs in with it; a service for the venue's
network refuses to start without one, naming the key and the command; one on 127.0.0.1 makes a
password for the run and prints it (``make director`` on a fresh checkout)."""
import re
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.rigs.page_session import PageSession
from director.web.password import PasswordError, hash_password, load_password_hash, verify_password
from tests.director.test_cli import free_port
from tests.support import cli

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 60
KEY = "a-long-enough-key-123"
GOOD = "correct horse battery"


def passwd(*args, stdin: str, cwd=ROOT):
    """``python -m director passwd`` in the test's process, the password on its standard input
    (tests/support/cli.py); the service that logs in with it is a process below."""
    return cli.run("director", "passwd", *args, input=stdin, cwd=cwd)


def test_passwd_keeps_a_salted_hash_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "keys" / "director.password"
    out = passwd("--password-file", str(path), stdin=GOOD + "\n")
    assert out.returncode == 0, out.stderr
    assert str(path) in out.stdout and "restart the service" in out.stdout
    text = path.read_text()
    assert GOOD not in text and text.startswith("scrypt$16384$8$1$") and text.endswith("\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    hashed = load_password_hash(path)
    assert verify_password(GOOD, hashed) and not verify_password(GOOD + " ", hashed)
    assert hash_password(GOOD) != hashed                    # salted: the same password, another hash


def test_passwd_takes_its_file_from_the_config(tmp_path):
    (tmp_path / "d.toml").write_text('[service]\npassword_file = "secret/pw"\n')
    assert passwd("--config", "d.toml", stdin=GOOD + "\n", cwd=tmp_path).returncode == 0
    assert verify_password(GOOD, load_password_hash(tmp_path / "secret" / "pw"))


def test_a_short_password_is_refused_and_nothing_is_written(tmp_path):
    out = passwd("--password-file", str(tmp_path / "pw"), stdin="short\n")
    assert out.returncode == 2
    assert "expected a password of at least 10 characters; got 5" in out.stderr
    assert not (tmp_path / "pw").exists()
    with pytest.raises(PasswordError):
        hash_password("")


def run_service(tmp_path, *args):
    return subprocess.Popen([sys.executable, "-m", "director", "--key", KEY, "--db",
                             str(tmp_path / "d.sqlite"), *args], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.mark.slow
def test_a_service_for_the_venue_without_a_password_refuses_to_start(tmp_path):
    process = run_service(tmp_path, "--host", "0.0.0.0", "--port", str(free_port()))
    output = process.communicate(timeout=TIMEOUT_S)[0]
    assert process.returncode == 2
    assert ("director: var/director.password: service.password_file: expected the director's "
            "password, set with python -m director passwd") in output
    assert not (tmp_path / "d.sqlite").exists()


@pytest.mark.slow
def test_a_password_file_that_is_no_hash_is_refused_naming_it(tmp_path):
    (tmp_path / "pw").write_text(GOOD + "\n")                # the password itself, in clear
    process = run_service(tmp_path, "--password-file", "pw", "--port", str(free_port()))
    output = process.communicate(timeout=TIMEOUT_S)[0]
    assert process.returncode == 2 and "director: pw: service.password_file: expected one line " \
        "scrypt$N$r$p$SALT$HASH" in output and GOOD not in output


def serving(process, port) -> list[str]:
    """The service's first lines, read until it listens."""
    lines, deadline = [], time.monotonic() + TIMEOUT_S
    while not any(f"on http://127.0.0.1:{port}/" in line for line in lines):
        assert time.monotonic() < deadline and process.poll() is None, lines
        lines.append(process.stdout.readline())
    return lines


@pytest.mark.parametrize("password_file", [True, False], ids=["passwd", "made-for-the-run"])
@pytest.mark.slow
def test_the_service_logs_in_with_the_directors_password(tmp_path, password_file):
    port = free_port()
    if password_file:
        assert passwd("--password-file", str(tmp_path / "pw"), stdin=GOOD + "\n").returncode == 0
    process = run_service(tmp_path, "--port", str(port),
                          *(["--password-file", "pw"] if password_file else []))
    try:
        lines = serving(process, port)
        made = [re.search(r"the page's password for this run is (\S+) \(set your own with "
                          r"python -m director passwd\)", line) for line in lines]
        made = [m[1] for m in made if m]
        assert made == ([] if password_file else made[:1]) and (password_file or made)
        password = GOOD if password_file else made[0]
        deadline = time.monotonic() + TIMEOUT_S
        while True:             # the line is printed just before uvicorn listens
            try:
                session = PageSession(f"http://127.0.0.1:{port}", password)
                assert session.try_login("not the password") == 401
                break
            except ConnectionError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        session.login()
        status, page = session.request("GET", "/")
        assert status == 200 and b'id="start-all"' in page
    finally:
        process.terminate()
        process.communicate(timeout=TIMEOUT_S)
