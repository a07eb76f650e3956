"""A table finds the director's service by DNS-SD over multicast DNS and enrolls by its code:
real processes in a network namespace the test makes (its loopback carries the multicast), so
nothing leaves this machine. Needs root and iproute2 (as CI runs)."""
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "support" / "enroll_in_netns.py"
TIMEOUT_S = 300


@pytest.fixture
def namespace():
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and iproute2's ip to make a network namespace (CI has both)")
    name = f"tk-enroll-{uuid.uuid4().hex[:8]}"
    subprocess.run(["ip", "netns", "add", name], check=True, timeout=60)
    try:
        for command in (["ip", "link", "set", "lo", "up"], ["ip", "link", "set", "lo", "multicast", "on"],
                        ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"]):
            subprocess.run(["ip", "netns", "exec", name, *command], check=True, timeout=60)
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], timeout=60)


@pytest.mark.slow
def test_a_table_finds_the_director_by_dns_sd_and_enrolls_by_its_code(tmp_path, namespace):
    out = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, str(SCRIPT), str(tmp_path),
                          "18091"], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report.get("enrolled") == 0, report
    assert "table 7 of Newcomer Open enrolled by its code, from the director at http://127.0.0.1:18091" \
        in report["stdout"]
    assert "announced on the network for the tables to find as 'Newcomer Open' (127.0.0.1)" in report["director_log"]
    assert (tmp_path / "enrollment.toml").exists()
