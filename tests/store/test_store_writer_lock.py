"""One kiosk process at a time on a store (kiosk.store.writer_lock): another process waits for
the holder to let go or die, and is refused with its pid after the wait; the same process may
hold it twice (the demo while it builds its kiosk)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kiosk.store.writer_lock import StoreBusy, hold, lock_path

ROOT = Path(__file__).resolve().parents[2]
HOLDER = textwrap.dedent("""
    import sys, time
    from kiosk.store.writer_lock import hold
    lock = hold(sys.argv[1])
    print("held", flush=True)
    sys.stdin.readline()            # until the test says (or closes stdin)
    lock.release() if sys.argv[2] == "release" else time.sleep(600)
""")


def holder(store: Path, then: str = "release") -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(store), then], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline() == "held\n"
    return proc


@pytest.mark.slow
def test_another_process_is_refused_naming_the_holder(tmp_path):
    store = tmp_path / "kiosk.sqlite"
    proc = holder(store)
    try:
        with pytest.raises(StoreBusy, match=rf"kiosk.sqlite: in use by another kiosk process \(pid {proc.pid}\)"):
            hold(store, wait_s=0.2)
    finally:
        proc.kill()
        proc.wait()
    with hold(store, wait_s=30):            # the holder died: the kernel let go of its lock
        assert lock_path(store).read_text().strip() == str(os.getpid())


@pytest.mark.slow
def test_a_new_kiosk_waits_for_the_old_one_to_let_go(tmp_path):
    store = tmp_path / "kiosk.sqlite"
    proc = holder(store)
    proc.stdin.write("go\n")
    proc.stdin.flush()
    with hold(store, wait_s=60):
        pass
    proc.wait(timeout=60)


@pytest.mark.slow
def test_the_same_process_holds_it_again_and_lets_go_with_the_last(tmp_path):
    store = tmp_path / "kiosk.sqlite"
    outer = hold(store, wait_s=0)
    inner = hold(store, wait_s=0)
    inner.release()
    inner.release()                         # once only
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(store), "release"], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        outer.release()
        assert proc.stdout.readline() == "held\n"      # it had to wait for the outer hold
    finally:
        proc.kill()
        proc.wait()
