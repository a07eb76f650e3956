"""``python -m kiosk run`` under systemd's ``Type=notify``: a real unix datagram socket named
by NOTIFY_SOCKET hears READY=1 after the first frame, WATCHDOG=1 while the loop runs (at half
of WATCHDOG_USEC) and STOPPING=1 at the end; without NOTIFY_SOCKET nothing is sent."""
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from kiosk.service import ServiceNotifier

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_kiosk_tells_systemd_it_is_ready_and_feeds_the_watchdog(tmp_path):
    address = str(tmp_path / "notify")
    messages = []
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(120)

        def listen():                                   # as systemd does, while the kiosk runs
            while not messages or messages[-1] != "STOPPING=1":
                messages.append(sock.recv(4096).decode())
        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                   NOTIFY_SOCKET=address, WATCHDOG_USEC="200000")
        shots = tmp_path / "shots"
        # 5 s: the first frame (and READY) may take 2 s of a loaded machine, and the feeds come after
        child = subprocess.run([sys.executable, "-m", "kiosk", "--sim", "--headless", "--exit-after", "5",
                                "--store", str(tmp_path / "k.sqlite"), "--screenshot-dir", str(shots)],
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert child.returncode == 0, child.stderr
        listener.join(timeout=120)
    assert messages[0].startswith("READY=1\n") and "MAINPID=" in messages[0]
    assert (shots / "frame-00001.png").exists()         # the first frame came before READY
    assert messages[-1] == "STOPPING=1"
    fed = messages[1:-1]
    assert fed and set(fed) == {"WATCHDOG=1"}             # how often: the test below, on given times


def test_outside_systemd_nothing_is_sent():
    notifier = ServiceNotifier({})
    notifier.ready(0)
    notifier.alive(10**12)
    notifier.stopping()
    assert not notifier.enabled and notifier.sent == []


def test_an_abstract_socket_name_is_understood_and_a_dead_socket_is_not_fatal(tmp_path):
    notifier = ServiceNotifier({"NOTIFY_SOCKET": "@tablekeeper-test-nobody-listens",
                                "WATCHDOG_USEC": "1000000"})
    assert notifier.address == "\0tablekeeper-test-nobody-listens"
    assert notifier.interval_ns == 500_000_000
    notifier.ready(0)                                     # nobody there: logged, not raised
    assert notifier.sent == []


def test_the_watchdog_of_another_process_is_not_fed(tmp_path):
    notifier = ServiceNotifier({"NOTIFY_SOCKET": str(tmp_path / "n"), "WATCHDOG_USEC": "1000000",
                                "WATCHDOG_PID": str(os.getpid() + 1)})
    assert notifier.interval_ns is None


def test_the_watchdog_is_fed_at_half_its_interval_on_the_loops_passes(tmp_path):
    """Passes every 50 ms for 2 s after READY, WATCHDOG_USEC 200 ms: a feed every 100 ms."""
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(5)
        notifier = ServiceNotifier({"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "200000"})
        notifier.ready(0)
        heard = [sock.recv(4096).decode()]
        for n in range(41):
            notifier.alive(n * 50_000_000)
            heard += [sock.recv(4096).decode() for _ in notifier.sent[len(heard):]]
        assert heard[0].startswith("READY=1\n") and heard[1:] == ["WATCHDOG=1"] * 20
        assert heard == notifier.sent
