"""Kiosk benchmark: the table kiosk's own costs, each beside a baseline measured in the same run;
the targets are ratios to those baselines (a Pi is 3-5x slower than a desktop, and the
baselines slow down with it).

- press -> committed event: the real kiosk (gpiozero MockFactory pins through the button
  driver, the real loop running as ``python -m kiosk run`` runs it, the SQLite journal in WAL
  with ``synchronous=FULL`` in a temporary folder); a thread presses the clock buttons at random
  intervals; latency is from the press's callback (when the button driver has it) to the moment
  its event's transaction has committed. Baseline: a bare SQLite insert and commit with the same
  settings, same folder, one halfway through each pause between two presses: as a press, it
  comes after an idle spell (which costs it some three times a commit in a tight loop, which is
  reported too), and it meets the same moments of a busy machine. Target: p99 at most twice the
  baseline's p99.
- button callback lag: from a press's edge to its gpiozero callback, while the loop draws
  (every pass repaints the whole clock screen, as a busy kiosk's GIL-bound thread would). The
  pins are bench.rigs.edge_pins': the edge is stamped when it was due, as lgpio stamps the
  kernel's time of the edge, and the callback runs when the pressing thread gets the GIL back.
  Reported with a check that every press was charged at its edge, not at its callback.
- clock-screen frame at 1920x1080 (SDL's dummy driver): the CPU time of a frame that updates
  only what changed (kiosk.ui.clock.paint.draw_changes, then ``display.update`` of those
  rectangles) against a full redraw (``draw`` then ``display.flip``), over a minute of a
  running clock. Target: a fifth or less.
- idle CPU of the running clock screen: process CPU time over a few seconds of the real loop
  (``Loop.run``), headless, at 1920x1080, one clock running. Baseline: a bare pygame loop at
  30 fps (``event.get`` and ``Clock.tick``). Target: at most twice the baseline.
- start to first frame: ``python -m kiosk run --sim --headless`` as a fresh process until it
  tells a NOTIFY_SOCKET (systemd's way) READY=1, which it sends after its first frame.
  Baseline: a fresh ``python -c "import pygame"``. Target: at most three times the baseline.

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
LATENCY_RATIO_TARGET = 2.0
FRAME_RATIO_TARGET = 0.2
IDLE_RATIO_TARGET = 2.0
START_RATIO_TARGET = 3.0
NS = 1_000_000_000
#: The presses are made on this many fresh tables in turn (a game's worth of them on each).
ROUNDS = 6
#: How long the loop reads pygame's events 30 times a second after an input (Loop.run's awake_s).
AWAKE_S = 10.0
#: Seconds between two presses (alternate buttons: the same one comes back two gaps later, 50 ms
#: or more after its release, beyond the driver's 40 ms debounce).
PRESS_GAP_S = (0.03, 0.06)
#: How long a button is held down (released well before the next press).
PRESS_HOLD_NS = 10_000_000
#: A press is charged at its edge if within this of it (drivers.buttons.MAX_READING_NS: the
#: driver reads the loop's clock on both sides of the time since the edge).
EDGE_MATCH_NS = 20_000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# -- the kiosk under test -----------------------------------------------------------------------

def kiosk(folder: Path):
    """The real kiosk on MockFactory pins (on the monotonic clock, each edge's time recorded
    with its callback's) and a SQLite file in ``folder``; Ann's clock runs."""
    import pygame

    from bench.rigs.edge_pins import EdgeFactory
    from drivers.buttons import DEFAULT_PINS
    from kiosk.app import Kiosk
    from kiosk.config import KioskConfig
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    factory = EdgeFactory(time.monotonic_ns, record=True)
    config = KioskConfig(names=("Ann", "Bob"), table="9", store=str(folder / "kiosk.sqlite"), size=SIZE,
                         headless=True)
    table = Kiosk(config, surface, factory=factory)
    pin = factory.pin(DEFAULT_PINS["right"])
    pin.drive_low()
    pin.drive_high()
    table.loop.step()
    table.loop.step()
    assert table.table.state.clock.running == 0, "the game did not start"
    return table, factory


def commit_times(table) -> list[tuple[int, list]]:
    """Note when each command's events have been committed (the session's append returned)."""
    session, done = table.table.session, []
    original = session.append

    def append(events, **options):
        original(events, **options)
        done.append((time.monotonic_ns(), list(events)))
    session.append = append
    return done


class BareCommits:
    """The baseline: one small insert and commit, WAL and synchronous=FULL, as the journal does,
    on a SQLite file of its own; ``times`` in seconds."""

    def __init__(self, path: Path):
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
        self.times: list[float] = []

    def commit(self) -> None:
        start = time.monotonic_ns()
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("INSERT INTO t (body) VALUES (?)", ['{"type": "TurnEnded", "player": 0}'])
        self.db.execute("COMMIT")
        self.times.append((time.monotonic_ns() - start) / NS)

    def close(self) -> None:
        self.db.close()


def presser(table, factory, presses: int, seed: int, edges: dict[int, int],
            bare: BareCommits | None = None) -> threading.Thread:
    """A thread that presses the running clock's button ``presses`` times, alternately left
    and right, at random instants: each edge is stamped when it was due (as the kernel stamps
    it) and its callback runs when this thread next gets the GIL (as on lgpio's thread).
    ``edges`` gets each press's edge -> callback (ns). With ``bare``, halfway through each pause
    (the press long handled, the loop asleep) it makes a bare commit: the baseline meets the
    same moments of the machine as the presses. It stops the loop when done."""
    from drivers.buttons import DEFAULT_PINS
    rng = random.Random(seed)

    def sleep_until(instant: int) -> None:
        time.sleep(max(0, instant - time.monotonic_ns()) / NS)

    def press_all():
        running = table.table.state.clock.running
        side = running if running is not None else 0
        edge = time.monotonic_ns()
        for _ in range(presses):
            gap = round(rng.uniform(*PRESS_GAP_S) * NS)
            if bare is not None:
                sleep_until(edge + PRESS_HOLD_NS + (gap - PRESS_HOLD_NS) // 2)
                bare.commit()
            edge += gap
            sleep_until(edge)
            pin = factory.pin(DEFAULT_PINS[("left", "right")[side]])
            pin.drive_low(at_ns=edge)
            edges[edge] = factory.callbacks[-1][1]          # this thread's own callback
            sleep_until(edge + PRESS_HOLD_NS)
            pin.drive_high(at_ns=edge + PRESS_HOLD_NS)
            side = 1 - side
        time.sleep(0.2)
        table.loop.running = False
    thread = threading.Thread(target=press_all, daemon=True)
    thread.start()
    return thread


def edge_of(charged_ns: int, edges: dict[int, int]) -> int | None:
    """The edge a press charged at ``charged_ns`` came from (the driver's reading of the two
    clocks agrees with the edge to within a few microseconds), or None."""
    nearest = min(edges, key=lambda edge: abs(edge - charged_ns), default=None)
    return nearest if nearest is not None and abs(nearest - charged_ns) <= EDGE_MATCH_NS else None


def charged_presses(done: list, edges: dict[int, int]) -> list[tuple[int, int | None]]:
    """(commit instant, its press's edge or None) for each committed TurnEnded."""
    from common.game.events import TurnEnded
    return [(at, edge_of(e.at_ns, edges)) for at, events in done for e in events
            if isinstance(e, TurnEnded)]


def press_latency(table, factory, presses: int, bare: BareCommits, seed: int = 6) -> list[float]:
    """Seconds from each press's callback to its committed TurnEnded, with the real loop
    running (``Loop.run``, as the kiosk runs it); a bare commit into ``bare`` between presses."""
    done, edges = commit_times(table), {}
    thread = presser(table, factory, presses, seed, edges, bare)
    table.loop.run()
    thread.join()
    table.loop.running = True
    return [(at - edges[edge]) / NS for at, edge in charged_presses(done, edges) if edge is not None]


def callback_lag(table, factory, presses: int, seed: int = 7) -> tuple[list[float], int]:
    """Seconds from each press's edge to its callback while the loop repaints the whole clock
    screen 30 times a second (a busy screen: the pressing thread waits for the GIL while a frame
    is drawn); and how many presses were charged further than EDGE_MATCH_NS from their edge."""
    import pygame

    from kiosk.ui.clock import paint as clockdraw
    done, edges = commit_times(table), {}
    thread = presser(table, factory, presses, seed, edges)
    loop, surface = table.loop, pygame.display.get_surface()
    while loop.running:
        started = time.monotonic_ns()
        loop.pump()
        loop.step()
        clockdraw.draw(surface, table.machine.view(loop.clock()))
        pygame.display.flip()
        loop.wait((NS // 30 - (time.monotonic_ns() - started)) / NS)
    thread.join()
    loop.running = True
    loop.last_view = None                       # what the surface shows is not what the loop drew
    misplaced = sum(edge is None for _, edge in charged_presses(done, edges))
    return [(callback - edge) / NS for edge, callback in edges.items()], misplaced


def on_a_fresh_table(folder: Path, work):
    """``work(table, factory)`` on a new kiosk (its own SQLite file in ``folder``), Ann's clock
    running: each measure sees a game of a real game's size, not every press of the run."""
    folder.mkdir()
    table, factory = kiosk(folder)
    try:
        return work(table, factory)
    finally:
        table.close()
        factory.reset()


def sqlite_commits(path: Path, count: int) -> list[float]:
    """Seconds of ``count`` bare commits back to back (a tight loop: caches and disk warm)."""
    bare = BareCommits(path)
    try:
        for _ in range(count):
            bare.commit()
    finally:
        bare.close()
    return bare.times


def frame_costs(table, frames: int, rounds: int) -> tuple[float, float]:
    """CPU seconds per frame: (only what changed, full redraw), over ``frames`` seconds of a
    running clock, the better of ``rounds``."""
    import pygame

    from kiosk.ui.clock import paint as clockdraw
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


def idle_cpu(table, quiet_s: float, awake_s: float = AWAKE_S) -> tuple[float, float]:
    """Share of one core the running clock screen's real loop uses (``Loop.run`` as the kiosk
    runs it, GPIO buttons): in its first ``awake_s`` (as after an input, pygame read 30 times a
    second), then for ``quiet_s`` more (nobody at the table)."""
    quiet = []

    def mark():
        time.sleep(awake_s)
        quiet.append((time.monotonic(), time.process_time()))
    marker = threading.Thread(target=mark, daemon=True)
    wall, cpu = time.monotonic(), time.process_time()
    marker.start()
    table.loop.run(exit_after_s=awake_s + quiet_s, awake_s=awake_s)
    end_wall, end_cpu = time.monotonic(), time.process_time()
    marker.join()
    (quiet_wall, quiet_cpu), = quiet
    return (quiet_cpu - cpu) / (quiet_wall - wall), (end_cpu - quiet_cpu) / (end_wall - quiet_wall)


def bare_pygame_cpu(seconds: float, fps: int = 30) -> float:
    import pygame
    ticker, end = pygame.time.Clock(), time.monotonic() + seconds
    wall, cpu = time.monotonic(), time.process_time()
    while time.monotonic() < end:
        pygame.event.get()
        ticker.tick(fps)
    return (time.process_time() - cpu) / (time.monotonic() - wall)


# -- start to first frame -----------------------------------------------------------------------

def first_frame(folder: Path, run: int, write_bytecode: bool = False) -> float:
    """Seconds from starting ``python -m kiosk run`` to its READY=1 (sent after the first frame).
    ``write_bytecode``: the start may write the modules' compiled bytecode (__pycache__) even if
    PYTHONDONTWRITEBYTECODE is set, as install/pi-install.sh compiles them on a Pi."""
    address = str(folder / f"notify-{run}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(120)
        env = dict(os.environ, NOTIFY_SOCKET=address, PYTHONPATH=str(REPO))
        env.pop("WATCHDOG_USEC", None)
        if write_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
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


def start_pairs(folder: Path, starts: int) -> list[tuple[float, float]]:
    """(first frame, bare import) seconds, each pair run back to back (a busy spell slows both),
    after a start not counted that leaves the kiosk's modules compiled (pygame's already are)."""
    first_frame(folder, -1, write_bytecode=True)
    return [(first_frame(folder, i), bare_start()) for i in range(starts)]


def start_row(pairs: list[tuple[float, float]]) -> tuple:
    first = statistics.median(kiosk for kiosk, _ in pairs)
    bare = statistics.median(bare for _, bare in pairs)
    return _ratio_row(f"start to first frame (median of {len(pairs)})", f"{first:.2f} s", f"{bare:.2f} s",
                      first / bare, START_RATIO_TARGET)


def run_start_only(starts: int, out=sys.stdout) -> int:
    """Only the start to first frame, each pair's figures shown (``--only-start``)."""
    with tempfile.TemporaryDirectory(prefix="bench-kiosk-") as tmp:
        pairs = start_pairs(Path(tmp), starts)
    rows = [(f"  pair {i + 1}", f"{kiosk:.3f} s", f"{bare:.3f} s", f"{kiosk / bare:.2f}x", "", "")
            for i, (kiosk, bare) in enumerate(pairs)]
    rows.append(start_row(pairs))
    rows.append(("  median of the pairs' ratios", "", "",
                 f"{statistics.median(kiosk / bare for kiosk, bare in pairs):.2f}x", "", ""))
    print("Kiosk start: python -m kiosk run --sim --headless to READY=1, baseline python -c 'import pygame'",
          file=out)
    print_table(("", "kiosk", "baseline", "ratio", "target", ""), rows, out)
    return all_passed(rows)


# -- the report ---------------------------------------------------------------------------------

def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.2f} ms"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def _ratio_row(label: str, kiosk: str, baseline: str, ratio: float, target: float) -> tuple:
    return (label, kiosk, baseline, f"{ratio:.1f}x", f"<= {target:g}x", _verdict(ratio <= target))


def run(presses: int, frames: int, idle_s: float, starts: int, out=sys.stdout) -> int:
    import pygame
    with tempfile.TemporaryDirectory(prefix="bench-kiosk-") as tmp:
        folder = Path(tmp)
        try:
            latencies, bare = [], BareCommits(folder / "baseline.sqlite")
            try:
                for part in range(ROUNDS):      # a game's worth of presses on each fresh table
                    latencies += on_a_fresh_table(folder / f"presses-{part}", lambda table, factory:
                                                  press_latency(table, factory, presses // ROUNDS, bare,
                                                                seed=part))
            finally:
                bare.close()
            baseline = bare.times
            back_to_back = sqlite_commits(folder / "back-to-back.sqlite", presses)
            lags, misplaced = on_a_fresh_table(folder / "lag", lambda table, factory:
                                               callback_lag(table, factory, presses // 2))
            changed, full, awake, idle = on_a_fresh_table(folder / "idle", lambda table, factory: (
                *frame_costs(table, frames, rounds=3), *idle_cpu(table, idle_s)))
            bare_idle = bare_pygame_cpu(idle_s)
        finally:
            pygame.quit()
        pairs = start_pairs(folder, starts)

    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    base50, base99 = percentile(baseline, 0.5), percentile(baseline, 0.99)
    ratio = changed / full
    rows = [
        (f"press -> committed event p50 ({len(latencies)} presses)", _ms(p50), _ms(base50),
         f"{p50 / base50:.1f}x", "", ""),
        _ratio_row("press -> committed event p99", _ms(p99), _ms(base99), p99 / base99,
                   LATENCY_RATIO_TARGET),
        ("  bare SQLite commit back to back, p50 / p99", "",
         f"{_ms(percentile(back_to_back, 0.5))} / {_ms(percentile(back_to_back, 0.99))}",
         f"{p99 / percentile(back_to_back, 0.99):.1f}x", "", ""),
        (f"button callback lag p50, loop drawing ({len(lags)} presses)", _ms(percentile(lags, 0.5)),
         "", "", "", ""),
        ("button callback lag p99, loop drawing", _ms(percentile(lags, 0.99)), "", "", "", ""),
        (f"clock frame {SIZE[0]}x{SIZE[1]}, CPU per frame", _ms(changed), _ms(full), "", "", ""),
        ("  only what changed / full redraw", f"{ratio:.3f}", "1", "", f"<= {FRAME_RATIO_TARGET}",
         _verdict(ratio <= FRAME_RATIO_TARGET)),
        (f"CPU, running clock, {AWAKE_S:g} s after an input", f"{awake:.2%}", f"{bare_idle:.2%}",
         f"{awake / bare_idle:.1f}x", "", ""),
        _ratio_row(f"idle CPU, running clock, nobody at the table ({idle_s:g} s)", f"{idle:.2%}",
                   f"{bare_idle:.2%}", idle / bare_idle, IDLE_RATIO_TARGET),
        start_row(pairs),
    ]
    print(f"Kiosk: Python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}, SDL dummy driver; "
          f"baselines: bare SQLite commit (WAL, synchronous=FULL; between the presses), full redraw, "
          f"bare pygame loop at 30 fps, python -c 'import pygame'", file=out)
    header = ("", "kiosk", "baseline", "ratio", "target", "")
    print_table(header, rows, out)
    if len(latencies) < presses // ROUNDS * ROUNDS * 0.9:
        print(f"WRONG: only {len(latencies)} of {presses} presses were committed", file=out)
        return 1
    if misplaced:
        print(f"WRONG: {misplaced} presses were charged further than {EDGE_MATCH_NS // 1000} us "
              "from their edge", file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.kiosk", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presses", type=int, default=300, help="button presses timed (default 300)")
    parser.add_argument("--frames", type=int, default=60, help="clock frames drawn per round (default 60)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of the idle loop (default 5)")
    parser.add_argument("--starts", type=int, default=3, help="fresh processes started (default 3)")
    parser.add_argument("--only-start", action="store_true",
                        help="measure only the start to first frame (--starts pairs, each pair shown)")
    args = parser.parse_args(argv)
    if min(args.presses, args.frames, args.starts) < 2 or args.idle <= 0:
        parser.error("--presses, --frames and --starts are at least 2; --idle is positive")
    if args.only_start:
        return run_start_only(args.starts)
    return run(args.presses, args.frames, args.idle, args.starts)


if __name__ == "__main__":
    sys.exit(main())
