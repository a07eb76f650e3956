"""Director link benchmark (HTTP): what the link costs the table's loop, and how fast a kiosk's
outbox drains into the real director.

1. **loop pass**: ``TableLink.tick`` (hand the game to the worker, the link's words on the top
   line, the assignment) on a real kiosk (``kiosk.app.Kiosk`` on a SQLite store, pygame's dummy
   display) whose worker is stuck in a request to a director that accepts the connection and
   never answers: the loop's share must not depend on the network. Target: the 99th percentile
   under 1 ms, 3% of a frame at 30 frames a second.
2. **drain**: results locked in one kiosk's outbox (games played through the replay core, signed
   by the session) sent by the sync worker to ``python -m director`` (a subprocess on a free port
   with its own database) until every one is acknowledged. Target: at least 20 results/s, a
   round of 200 tables' results from one kiosk's backlog in 10 s.

``python -m bench.link --help`` for options.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

TICK_TARGET_MS = 1.0
DRAIN_TARGET_PER_S = 20.0
WAIT_S = 600.0


def hanging_director() -> tuple[socket.socket, str]:
    """A listening socket that accepts connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []

    def accept():
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return
    threading.Thread(target=accept, daemon=True).start()
    return listener, f"http://127.0.0.1:{listener.getsockname()[1]}"


def loop_pass(folder: Path, calls: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from bench.rigs.linked_kiosk import S, T0, LinkedKiosk
    listener, url = hanging_director()
    kiosk = LinkedKiosk(folder / "kiosk.sqlite", url)
    try:
        kiosk.press("right", at=1)                      # a game under way: Ann's clock runs
        times = []
        for i in range(calls):
            now = T0 + 2 * S + i * S // 30
            started = time.perf_counter_ns()
            kiosk.link.tick(now)
            times.append(time.perf_counter_ns() - started)
        assert kiosk.link.sender.link.delivered_wall is None      # nothing got through
    finally:
        kiosk.close()
        listener.close()
    times.sort()
    return {"mean_ms": statistics.fmean(times) / 1e6, "p99_ms": times[int(len(times) * 0.99)] / 1e6,
            "max_ms": times[-1] / 1e6}


def drain(folder: Path, results: int) -> dict:
    from bench.rigs.director_process import DirectorProcess
    from kiosk.store.outbox import Outbox
    from kiosk.link.http_client import DirectorClient
    from kiosk.link.sender import Sender
    from common.wire.signing import table_key
    from bench.rigs.sync_kiosks import KEY, TOURNAMENT, play, script

    store = folder / "drain.sqlite"
    for round in range(1, results + 1):
        play(store, "1", script(round, ("Ann", "Bob"), (30 + round % 50, 24)))
    director = DirectorProcess(folder / "director.sqlite", KEY, tournament=TOURNAMENT).start()
    key = table_key(KEY, "1")                              # table 1's own key
    sender = Sender(store, DirectorClient(director.url, "1", key, timeout_s=30), key,
                    idle_s=0.01, status_s=60, poll_s=60)
    try:
        started = time.perf_counter()
        sender.start()
        deadline = time.monotonic() + WAIT_S
        with Outbox.open(store) as outbox:
            while outbox.pending("result"):
                if time.monotonic() > deadline:
                    raise RuntimeError("the results were not all acknowledged in time")
                time.sleep(0.01)
        elapsed = time.perf_counter() - started
        stored = len(director.rows("results"))
    finally:
        sender.stop(60)
        director.stop()
    return {"results": results, "stored": stored, "seconds": elapsed, "per_s": results / elapsed}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.link", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=5000, help="loop passes timed (default 5000)")
    parser.add_argument("--results", type=int, default=200, help="results to drain (default 200)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        tick = loop_pass(Path(folder), args.calls)
        drained = drain(Path(folder), args.results)
    tick_ok = tick["p99_ms"] < TICK_TARGET_MS
    drain_ok = drained["stored"] == drained["results"] and drained["per_s"] >= DRAIN_TARGET_PER_S
    print(f"loop pass with the link (worker stuck on the network), {args.calls} passes: "
          f"mean {tick['mean_ms']:.3f} ms, p99 {tick['p99_ms']:.3f} ms, max {tick['max_ms']:.3f} ms "
          f"(target p99 < {TICK_TARGET_MS:g} ms) {'ok' if tick_ok else 'MISSED'}")
    print(f"drain to python -m director: {drained['results']} results in {drained['seconds']:.2f} s, "
          f"{drained['per_s']:.1f} results/s, stored {drained['stored']} "
          f"(target >= {DRAIN_TARGET_PER_S:g}/s) {'ok' if drain_ok else 'MISSED'}")
    return 0 if tick_ok and drain_ok else 1


if __name__ == "__main__":
    sys.exit(main())
