"""A second director on a port in use (issue 36): one clear line and status 2, and never its
address printed as if it were up, nor uvicorn's own error; the first one still serves."""
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEY = "a-long-enough-key-123"


def director(*args, cwd):
    return subprocess.run([sys.executable, "-m", "director", "--key", KEY, *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_a_port_in_use_is_one_line_and_status_2_before_anything_says_it_is_up(tmp_path):
    with socket.socket() as first:                     # the director already on the port
        first.bind(("127.0.0.1", 0))
        first.listen()
        port = first.getsockname()[1]
        out = director("--port", str(port), "--db", str(tmp_path / "second.sqlite"), cwd=tmp_path)
        assert out.returncode == 2
        assert out.stdout == ""                        # no address, no password for the run
        assert out.stderr == (f"director: cannot listen on 127.0.0.1:{port}: the port is in use "
                              f"(another director, or another service, listens on port {port}): "
                              "stop it, or give this one another port (--port, service.port)\n")
        assert not (tmp_path / "second.sqlite").exists()
        first.settimeout(5)
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass                                       # the first one is untouched


@pytest.mark.slow
def test_an_address_not_this_machines_is_said_so(tmp_path):
    out = director("--host", "192.0.2.1", "--port", "8080", "--db", str(tmp_path / "d.sqlite"),
                   cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("director: cannot listen on 192.0.2.1:8080: 192.0.2.1 is not an "
                                 "address of this machine (--host, service.host"), out.stderr
    assert out.stderr.count("\n") == 1
