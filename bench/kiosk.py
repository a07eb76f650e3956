"""Kiosk benchmark: the table kiosk's own costs, each beside a baseline measured in the same run.

- press -> committed event: the real kiosk (gpiozero MockFactory pins through the button
  driver, the real loop running as ``python -m kiosk run`` runs it, the SQLite journal in WAL
  with ``synchronous=FULL`` in a temporary folder); a thread presses the clock buttons at random
  intervals; latency is from the press's edge timestamp to the moment its event's transaction
  has committed. Baseline: a bare SQLite insert and commit with the same settings, same folder.
  Target: p99 under 5 ms.
- clock-screen frame at 1920x1080 (SDL's dummy driver): the CPU time of a frame that updates
  only what changed (kiosk.ui.clockdraw.draw_changes, then ``display.update`` of those
  rectangles) against a full redraw (``draw`` then ``display.flip``), over a minute of a
  running clock. Target: a fifth or less.
- idle CPU of the running clock screen: process CPU time over a few seconds of the real loop
  (``Loop.run``), headless, at 1920x1080, one clock running. Baseline: a bare pygame loop at
  the same frame rate. Target: under 5% of one core.
- start to first frame: ``python -m kiosk run --sim --headless`` as a fresh process until it
  tells a NOTIFY_SOCKET (systemd's way) READY=1, which it sends after its first frame.
  Baseline: a fresh ``python -c "import pygame"``. No target here (a Pi is slower); reported.

``python -m bench.kiosk --help`` for options.
"""
from __future__ import annotations

import argparse
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import all_passed, print_table

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parents[1]
SIZE = (1920, 1080)
LATENCY_P99_TARGET_S = 0.005
FRAME_RATIO_TARGET = 0.2
IDLE_CPU_TARGET = 0.05
NS = 1_000_000_000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# -- the kiosk under test -----------------------------------------------------------------------

def kiosk(folder: Path):
    """The real kiosk on MockFactory pins and a SQLite file in ``folder``; Ann's clock runs."""
    import pygame

    from drivers.buttons import DEFAULT_PINS, pin_factory
    from kiosk.app import Kiosk
    from kiosk.config import KioskConfig
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    factory = pin_factory("mock")
    config = KioskConfig(names=("Ann", "Bob"), table="9", store=str(folder / "kiosk.sqlite"), size=SIZE,
                         headless=True)
    table = Kiosk(config, surface, factory=factory)
    press(factory, DEFAULT_PINS["right"])
    table.loop.step()
    table.loop.step()
    assert table.table.state.clock.running == 0, "the game did not start"
    return table, factory


def press(factory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def commit_times(table) -> list[tuple[int, list]]:
    """Note when each command's events have been committed (the session's append returned)."""
    session, done = table.table.session, []
    original = session.append

    def append(events, **options):
        original(events, **options)
        done.append((time.monotonic_ns(), list(events)))
    session.append = append
    return done


def press_latency(table, factory, presses: int, seed: int = 6) -> list[float]:
    """Seconds from each press's edge to its committed TurnEnded, with the loop running."""
    from drivers.buttons import DEFAULT_PINS
    from kiosk.core.events import TurnEnded
    done = commit_times(table)
    rng = random.Random(seed)
    stop = threading.Event()

    def presser():
        for _ in range(presses):
            time.sleep(rng.uniform(0.01, 0.04))
            running = table.table.state.clock.running     # read only: whose button ends a turn
            side = ("left", "right")[running if running is not None else 0]
            press(factory, DEFAULT_PINS[side])
        time.sleep(0.2)
        stop.set()
    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    loop = table.loop
    while not stop.is_set():
        started = time.monotonic_ns()
        loop.pump()
        loop.step()
        loop.wait((NS // 30 - (time.monotonic_ns() - started)) / NS)
    thread.join()
    return [(at - e.at_ns) / NS for at, events in done for e in events if isinstance(e, TurnEnded)]


def sqlite_commits(folder: Path, count: int) -> list[float]:
    """The baseline: one small insert and commit, WAL and synchronous=FULL, as the journal does."""
    db = sqlite3.connect(folder / "baseline.sqlite", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
    times = []
    for i in range(count):
        start = time.monotonic_ns()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (body) VALUES (?)", ['{"type": "TurnEnded", "player": 0}'])
        db.execute("COMMIT")
        times.append((time.monotonic_ns() - start) / NS)
    db.close()
    return times


def frame_costs(table, frames: int, rounds: int) -> tuple[float, float]:
    """CPU seconds per frame: (only what changed, full redraw), over ``frames`` seconds of a
    running clock, the better of ``rounds``."""
    import pygame

    from kiosk.ui import clockdraw
    surface = pygame.display.get_surface()
    start = table.table.state.last_ns
    views = [table.machine.view(start + i * NS) for i in range(frames)]
    running = table.table.state.clock.running
    assert len({v.halves[running].time for v in views}) == frames, "the running clock's face did not change"

    def full():
        for view in views:
            clockdraw.draw(surface, view)
            pygame.display.flip()

    def changed():
        clockdraw.draw(surface, views[0])
        previous = views[0]
        for view in views:
            dirty = clockdraw.draw_changes(surface, view, previous)
            pygame.display.update(dirty) if dirty is not None else pygame.display.flip()
            previous = view

    def best(run):
        run()                                   # warm the glyph and font caches
        costs = []
        for _ in range(rounds):
            begin = time.process_time()
            run()
            costs.append((time.process_time() - begin) / frames)
        return min(costs)
    return best(changed), best(full)


def idle_cpu(table, seconds: float) -> float:
    """Share of one core the running clock screen's real loop uses."""
    wall, cpu = time.monotonic(), time.process_time()
    table.loop.run(exit_after_s=seconds)
    return (time.process_time() - cpu) / (time.monotonic() - wall)


def bare_pygame_cpu(seconds: float, fps: int = 30) -> float:
    import pygame
    ticker, end = pygame.time.Clock(), time.monotonic() + seconds
    wall, cpu = time.monotonic(), time.process_time()
    while time.monotonic() < end:
        pygame.event.get()
        ticker.tick(fps)
    return (time.process_time() - cpu) / (time.monotonic() - wall)


# -- start to first frame -----------------------------------------------------------------------

def first_frame(folder: Path, run: int) -> float:
    """Seconds from starting ``python -m kiosk run`` to its READY=1 (sent after the first frame)."""
    address = str(folder / f"notify-{run}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(120)
        env = dict(os.environ, NOTIFY_SOCKET=address, PYTHONPATH=str(REPO))
        env.pop("WATCHDOG_USEC", None)
        start = time.monotonic()
        child = subprocess.Popen([sys.executable, "-m", "kiosk", "run", "--sim", "--headless",
                                  "--size", f"{SIZE[0]}x{SIZE[1]}", "--exit-after", "0.5",
                                  "--store", str(folder / f"start-{run}.sqlite")],
                                 cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while not sock.recv(4096).startswith(b"READY=1"):
            pass
        took = time.monotonic() - start
        child.wait(timeout=120)
    return took


def bare_start() -> float:
    start = time.monotonic()
    subprocess.run([sys.executable, "-c", "import pygame"], env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"),
                   check=True, timeout=120)
    return time.monotonic() - start


# -- the report ---------------------------------------------------------------------------------

def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.2f} ms"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def run(presses: int, frames: int, idle_s: float, starts: int, out=sys.stdout) -> int:
    import pygame
    with tempfile.TemporaryDirectory(prefix="bench-kiosk-") as tmp:
        folder = Path(tmp)
        table, factory = kiosk(folder)
        try:
            latencies = press_latency(table, factory, presses)
            baseline = sqlite_commits(folder, presses)
            changed, full = frame_costs(table, frames, rounds=3)
            idle = idle_cpu(table, idle_s)
            bare_idle = bare_pygame_cpu(idle_s)
        finally:
            table.close()
            factory.reset()
            pygame.quit()
        first = statistics.median(first_frame(folder, i) for i in range(starts))
        bare = statistics.median(bare_start() for _ in range(starts))

    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    ratio = changed / full
    rows = [
        (f"press -> committed event p50 ({len(latencies)} presses)", _ms(p50), _ms(percentile(baseline, 0.5)),
         "", ""),
        ("press -> committed event p99", _ms(p99), _ms(percentile(baseline, 0.99)),
         f"< {_ms(LATENCY_P99_TARGET_S)}", _verdict(p99 < LATENCY_P99_TARGET_S)),
        (f"clock frame {SIZE[0]}x{SIZE[1]}, CPU per frame", _ms(changed), _ms(full), "", ""),
        ("  only what changed / full redraw", f"{ratio:.3f}", "1", f"<= {FRAME_RATIO_TARGET}",
         _verdict(ratio <= FRAME_RATIO_TARGET)),
        (f"idle CPU, running clock ({idle_s:g} s of the loop)", f"{idle:.1%}", f"{bare_idle:.1%}",
         f"< {IDLE_CPU_TARGET:.0%}", _verdict(idle < IDLE_CPU_TARGET)),
        (f"start to first frame (median of {starts})", f"{first:.2f} s", f"{bare:.2f} s", "-", ""),
    ]
    print(f"Kiosk: Python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}, SDL dummy driver; "
          f"baselines: bare SQLite commit (WAL, synchronous=FULL), full redraw, bare pygame loop at "
          f"30 fps, python -c 'import pygame'", file=out)
    header = ("", "kiosk", "baseline", "target", "")
    print_table(header, rows, out)
    if len(latencies) < presses // 2:
        print(f"WRONG: only {len(latencies)} of {presses} presses were committed", file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.kiosk", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presses", type=int, default=300, help="button presses timed (default 300)")
    parser.add_argument("--frames", type=int, default=60, help="clock frames drawn per round (default 60)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of the idle loop (default 5)")
    parser.add_argument("--starts", type=int, default=3, help="fresh processes started (default 3)")
    args = parser.parse_args(argv)
    if min(args.presses, args.frames, args.starts) < 2 or args.idle <= 0:
        parser.error("--presses, --frames and --starts are at least 2; --idle is positive")
    return run(args.presses, args.frames, args.idle, args.starts)


if __name__ == "__main__":
    sys.exit(main())
