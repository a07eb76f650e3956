"""The serial benchmark still runs (a few results, so it does not rot). No timing is asserted:
figures belong to ``make bench``."""
import pytest
import subprocess
import sys
from pathlib import Path

pytestmark = pytest.mark.slow          # runs a benchmark: make check leaves it out

REPO = Path(__file__).resolve().parents[2]


def test_serial_bench_runs_and_every_result_is_stored():
    done = subprocess.run([sys.executable, "-m", "bench.serial", "--results", "8", "--tables", "2",
                           "--clean"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr          # 1 = a target missed on a busy machine
    lines = done.stdout.splitlines()
    assert lines[0].startswith("lossy line, 2 tables: 8 results") and "results/s" in lines[0]
    assert lines[3].startswith("clean line, 2 tables: 8 results")
    assert "  stored 8;" in lines[1] and "  stored 8;" in lines[4]
