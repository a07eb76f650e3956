"""Attack (issue 39, item 7): a fresh table trusted the first enrollment file it was given on a
USB stick: first come, first trusted. A stick's file is now sealed under a one-time code the
director prints beside it and never writes on the stick (common.wire.code_exchange.stick_seal:
HMAC-SHA256 of the file's lines under the code), and the table takes the file only with that
code typed at it: a file from another director (another tournament key, its own code), the
director's file with its key or its address changed, a file with no seal, or the right file
with another code, is refused with the reason (``python -m kiosk enroll --stick``, as the
ENROLL screen's STICK says it), and nothing is written. The director's own file, with its
code, enrolls the table."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from common.wire.signing import key_hex, table_key
from kiosk.config import kiosk_config, load

ROOT = Path(__file__).resolve().parents[2]
KEY, ROGUE_KEY = b"the director's own key 0123", b"a stranger's key 0123456789"
TIMEOUT_S = 120


def stick_for(tmp_path: Path, key: bytes, name: str) -> tuple[Path, str]:
    """A stick (a folder) with table 7's file, made by ``python -m director enroll --stick``
    under tournament key ``key``; and the code it printed beside the file."""
    (tmp_path / f"{name}.key").write_bytes(key + b"\n")
    stick = tmp_path / name
    made = subprocess.run([sys.executable, "-m", "director", "enroll", "7", "--serial", "/dev/serial0",
                           "--stick", str(stick), "--key-file", str(tmp_path / f"{name}.key"),
                           "--tournament", "Stick Open"], cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    assert made.returncode == 0, made.stderr
    return stick, re.search(r"its code (\d{3} \d{3}) \(not on the stick\)", made.stdout)[1]


def enroll_from(tmp_path: Path, stick: Path, code: str):
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[hardware]\nbuttons = "sim"\n[kiosk]\nenrollment = "{tmp_path / "data" / "enrollment.toml"}"\n')
    return subprocess.run([sys.executable, "-m", "kiosk", "enroll", "--config", str(config), "--table",
                           "7", "--stick", str(stick), "--code", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=TIMEOUT_S)


def other_code(code: str) -> str:
    digits = code.replace(" ", "")
    return f"{(int(digits) + 1) % 10**6:06d}"


NOT_SEALED = "is not sealed under the code typed: not the director's file for this code"


@pytest.mark.parametrize("forgery", ["another director's stick", "the key changed",
                                     "the address changed", "no seal", "another code"])
@pytest.mark.slow
def test_a_stick_from_anyone_else_is_refused_and_nothing_is_written(tmp_path, forgery):
    stick, code = stick_for(tmp_path, KEY, "stick")
    path = stick / "tablekeeper" / "table-7.toml"
    honest = path.read_text()
    typed, said = code, NOT_SEALED
    if forgery == "another director's stick":      # a stranger's whole stick, sealed under his
        stick, _ = stick_for(tmp_path, ROGUE_KEY, "rogue")     # code; the director's code typed
    elif forgery == "the key changed":
        path.write_text(honest.replace(key_hex(table_key(KEY, "7")), key_hex(table_key(ROGUE_KEY, "7"))))
    elif forgery == "the address changed":
        path.write_text(honest.replace('serial = "/dev/serial0"', 'url = "http://10.0.0.66:8080"'))
    elif forgery == "no seal":
        path.write_text(honest[:honest.index("\n[stick]\n")] + "\n")
        said = "the file carries no seal"
    else:
        typed = other_code(code)
    out = enroll_from(tmp_path, stick, typed)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "table 7 not enrolled" in out.stderr and said in out.stderr and "nothing was written" in out.stderr
    assert not (tmp_path / "data" / "enrollment.toml").exists()


@pytest.mark.slow
def test_the_directors_own_stick_with_its_code_enrolls_the_table(tmp_path):
    stick, code = stick_for(tmp_path, KEY, "stick")
    out = enroll_from(tmp_path, stick, code)
    assert out.returncode == 0, out.stderr
    kiosk = kiosk_config(load(tmp_path / "kiosk.toml"))
    assert kiosk.table == "7" and kiosk.key == table_key(KEY, "7")
    assert kiosk.director_serial == "/dev/serial0"
