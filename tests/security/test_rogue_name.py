"""Attack: a rogue on the Wi-Fi announces the tournament's name first (issue 27, item 6). The
DNS-SD name is first come, first served: the real director was announced as "Test Open-2" while
its log said it announced "Test Open", and nothing told the director. Now the director's real
announce (director.tables.announce) notices the name taken, logs the name it really got, and
the director's page and tables page show the conflict in a red banner; alone on the network,
no banner. Zeroconf in a network namespace of the test's own (its loopback carries the
multicast), so nothing leaves this machine: needs root and iproute2 (as CI runs). What a table
enrolled through the rogue keeps is tested in test_rogue_director.py."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sync.test_enroll_mdns import namespace  # noqa: F401 - the fixture: a namespace of its own

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "tests.support.rogue_name_in_netns"
TIMEOUT_S = 300


@pytest.mark.slow
def test_a_rogue_holding_the_tournaments_name_is_shown_on_the_directors_pages(tmp_path, namespace):
    out = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, "-m", SCRIPT, str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    alone, rogue = report["alone"], report["rogue first"]
    assert (alone["name"], alone["conflict"]) == ("Test Open", "")
    assert alone["banner"] == {"/": True, "/tables": True}              # hidden
    assert "announced as 'Test Open' (_tablekeeper._tcp.local.)" in " ".join(alone["log"])
    assert rogue["name"] == "Test Open-2"
    assert "another service already announces 'Test Open'" in rogue["conflict"]
    assert "announced as 'Test Open-2'" in rogue["conflict"]
    assert rogue["banner"] == {"/": True, "/tables": True}              # shown, naming it
    log = " ".join(rogue["log"])
    assert "announced as 'Test Open-2' (_tablekeeper._tcp.local.)" in log
    assert "announced as 'Test Open' (" not in log                      # never the name it lost
    assert ("Test Open", "http://127.0.0.1:18094") in map(tuple, rogue["found"])   # a table sees both
    assert ("Test Open-2", "http://127.0.0.1:18093") in map(tuple, rogue["found"])
