"""The live view under a crowd: ``python -m bench.live [--tables 200] [--rounds 10]
[--spectators 500]``.

The ingest of bench.director (every table's result of every round, 2,000 signed documents
posted over 8 keep-alive connections) measured twice in the same run, each time on a fresh
``python -m director`` process and database: with no live page open, then with
``--spectators`` real HTTP clients reading ``/live/events`` from a process of their own
(bench/rigs/sse_crowd.py: one socket each, as spectators' phones). Target: the rate with the
crowd is at least half the rate without. And every spectator's page, rebuilt from the events it
received, must equal the final state: the public parts computed from the database once the
ingest is over (the clock aside). Beside them: the director's CPU time during the ingest, its
memory after it, and what each spectator received.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import all_passed, print_table
from bench.director import ROOT, TOURNAMENT, build, free_port, post_all, start_director

RATIO_TARGET = 0.5
CLIENTS = 8


def seed(db_path: Path, players, pairings) -> None:
    from director.event.db import DirectorDB
    from director.event.rounds import start_round, store_pairings, store_players

    with DirectorDB.open(db_path) as db:
        store_players(db, players)
        store_pairings(db, pairings)
        for round_number in sorted({p.round for p in pairings}):     # a result counts once its round has started
            start_round(db, round_number, time.time())


def cpu_s(pid: int) -> float:
    """The process's user and system CPU time so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def final_parts(db_path: Path) -> dict:
    """The public live parts as the database holds them now (the clock aside), as JSON."""
    from director.config import load_config
    from director.event.db import DirectorDB
    from director.web.parts import Snapshot

    config = load_config(None, {"tournament.name": TOURNAMENT}, need_key=False)
    with DirectorDB.open(db_path) as db:
        parts = Snapshot.public(Snapshot(db, config, time.time)())
    del parts["clock"]
    return json.loads(json.dumps(parts))


def phase(folder: Path, name: str, setup, bodies, spectators: int) -> dict:
    """One ingest on a fresh director: its rate, CPU, memory; and the crowd's report."""
    db_path = folder / name / "director.sqlite"
    db_path.parent.mkdir()
    seed(db_path, *setup)
    port = free_port()
    director = start_director(db_path, port)
    crowd = None
    try:
        if spectators:
            crowd = subprocess.Popen(
                [sys.executable, "-m", "bench.rigs.sse_crowd", "--port", str(port),
                 "--clients", str(spectators)],
                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            ready = crowd.stdout.readline()
            if not ready.startswith("ready "):
                raise RuntimeError(f"the spectators did not connect: {ready!r}")
        cpu_before = cpu_s(director.pid)
        seconds, answers = post_all(port, bodies, CLIENTS)
        out = {"rate": len(bodies) / seconds, "cpu_s": cpu_s(director.pid) - cpu_before,
               "rss_mb": rss_mb(director.pid), "answers": answers,
               "stored_right": sorted(answers) == [(200, "stored")] * len(bodies)}
        if crowd is not None:
            crowd.stdin.write(json.dumps(final_parts(db_path)) + "\n")
            crowd.stdin.flush()
            out["crowd"] = json.loads(crowd.stdout.readline())
            out["ready"] = int(ready.split()[1])
        return out
    finally:
        if crowd is not None:
            crowd.kill()
            crowd.wait()
        director.terminate()
        director.wait(timeout=60)


def run(tables: int, rounds: int, spectators: int, out=sys.stdout) -> int:
    began = time.perf_counter()
    setup, documents = build(tables, rounds)
    build_s = time.perf_counter() - began
    bodies = [(str(t), body) for (r, t), (_, body) in sorted(documents.items())]
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp:
        alone = phase(Path(tmp), "alone", setup, bodies, 0)
        watched = phase(Path(tmp), "watched", setup, bodies, spectators)
    crowd, total = watched["crowd"], len(bodies)
    ratio = watched["rate"] / alone["rate"]
    per = max(1, crowd["clients"])
    rows = [
        (f"ingest {total:,} results, no live page open", f"{alone['rate']:,.0f} results/s",
         f"director CPU {alone['cpu_s']:.1f} s, RSS {alone['rss_mb']:.0f} MB", ""),
        (f"ingest {total:,} results, {spectators} spectators on /live/events",
         f"{watched['rate']:,.0f} results/s",
         f"director CPU {watched['cpu_s']:.1f} s, RSS {watched['rss_mb']:.0f} MB", ""),
        ("  the rate with the crowd / without", f"{ratio:.2f}", f">= {RATIO_TARGET}",
         "PASS" if ratio >= RATIO_TARGET else "FAIL"),
        ("  spectators whose page matches the final state", f"{crowd['matched']} of {spectators}",
         "every one", "PASS" if crowd["matched"] == spectators and crowd["refused"] == 0 else "FAIL"),
    ]
    print(f"Live view: {tables} tables x {rounds} rounds; documents built in {build_s:.1f} s "
          f"(not timed); Python {sys.version.split()[0]}", file=out)
    print_table(("", "measured", "target, or beside it", ""), rows, out)
    print(f"each spectator received {crowd['events'] / per:,.0f} events, "
          f"{crowd['bytes'] / per / 1024:,.0f} KB; all settled {crowd['settled_s']:.1f} s after "
          f"the last result", file=out)
    if not (alone["stored_right"] and watched["stored_right"]):
        print("WRONG: a result was not stored exactly once", file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.live", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables, each with two players (default 200)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument("--spectators", type=int, default=500,
                        help="live pages open in the second run (default 500)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.rounds < 1 or args.spectators < 1 or args.rounds >= 2 * args.tables:
        parser.error("--tables, --rounds and --spectators are at least 1, and rounds < players")
    return run(args.tables, args.rounds, args.spectators)


if __name__ == "__main__":
    sys.exit(main())
