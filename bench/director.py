"""The director's service under load: ``python -m bench.director [--tables 200] [--rounds 10]``.

Starts ``python -m director`` as its own process on a free 127.0.0.1 port with a fresh database
(players and pairings for every round already in it), then measures:

- ingest: every table's result of every round (200 x 10 = 2,000 signed documents of whole
  games, about 50 events each, built by the replay core beforehand) posted over HTTP by
  ``--clients`` keep-alive connections at once; results per second, each result checked against
  its pairing and the rules and read back from its events (director.tables.verify), target over 300/s;
  beside it, in the same run, the same documents into the same service with the read-back left
  out (bench/rigs/director_without_readback.py, on its own database), the baseline; every
  result must be stored exactly once by each;
- the page's live update: a newer revision of a round-1 result posted while a page listens on
  ``/live/events``; seconds until its ``results`` event arrives (median of 5), target under 2 s;
- standings: every counted result read from the database, the standings of all players
  (2 x tables, 400 by default) computed and rendered as the page's HTML; ms (median of 5),
  target under 500 ms.
"""
from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEY = "bench-director-key-0123456"
TOURNAMENT = "Bench Open"
INGEST_TARGET_PER_S = 300.0            # with every result read back from its events (issue 12)
UPDATE_TARGET_S = 2.0
STANDINGS_TARGET_S = 0.5
START_TIMEOUT_S = 60.0
BASELINE = "bench.rigs.director_without_readback"


def script(round_number: int, names: tuple[str, str], table: int) -> list[dict]:
    """A whole game as a table journals it (about 50 events): 26 plays, a hold and a challenge
    every seventh, an exchange and a pass, the play-out, the rack and both confirmations."""
    first = table % 2
    lines = [{"preset": "aspa", "round": round_number, "players": list(names)},
             {"t": 0, "cmd": "start", "first": first}]
    t = 0
    for turn in range(26):
        t, player = t + 30 + (table + turn) % 40, (first + turn) % 2
        if turn == 9:
            lines.append({"t": t, "cmd": "exchange", "player": player, "tiles": 3})
        elif turn == 14:
            lines.append({"t": t, "cmd": "pass", "player": player})
        else:
            lines.append({"t": t, "cmd": "play", "player": player,
                          "score": 8 + (table * 7 + round_number * 13 + turn * 11) % 60})
        if turn % 7 == 3:
            lines += [{"t": t + 4, "cmd": "hold", "player": 1 - player},
                      {"t": t + 9, "cmd": "challenge", "player": 1 - player, "words": ["QI"],
                       "valid": True},
                      {"t": t + 15, "cmd": "resume", "player": player}]
            t += 15
    out = (first + 26) % 2
    return lines + [{"t": t + 40, "cmd": "out", "player": out, "score": 12},
                    {"t": t + 42, "cmd": "accept", "player": 1 - out},
                    {"t": t + 45, "cmd": "rack", "player": 1 - out, "tiles": "QI"},
                    {"t": t + 50, "cmd": "confirm", "player": 0},
                    {"t": t + 51, "cmd": "confirm", "player": 1}]


def pairs(tables: int, round_number: int) -> list[tuple[int, int]]:
    """A round's pairings of players 1..2*tables, a different opponent each round."""
    n = 2 * tables
    shift = (round_number - 1) % (n - 1)
    ring = [1] + [2 + (i + shift) % (n - 1) for i in range(n - 1)]
    return [(ring[i], ring[n - 1 - i]) for i in range(tables)]


def build(tables: int, rounds: int) -> tuple[list, dict]:
    """Players, pairings and every signed result document, keyed by (round, table)."""
    from director.event.model import Pairing, Player
    from common.replay import replay_lines
    from common.wire.document import result_document
    from common.wire.signing import sign, table_key, wire

    players = [Player(n, f"Player {n:03d}", 1000 + (n * 37) % 1000) for n in range(1, 2 * tables + 1)]
    pairings, documents = [], {}
    for r in range(1, rounds + 1):
        for t, (p0, p1) in enumerate(pairs(tables, r), start=1):
            pairings.append(Pairing(r, str(t), (p0, p1), t % 2))
            names = (players[p0 - 1].name, players[p1 - 1].name)
            replayed = replay_lines(json.dumps(line) for line in script(r, names, t))
            document = result_document(replayed.state, replayed.events, replayed.state.last_ns,
                                       tournament=TOURNAMENT, table=t, game_id=f"t{t}-r{r}")
            signed = sign(document, table_key(KEY.encode(), str(t)))      # as table t signs it
            documents[(r, t)] = (document, wire(signed))
    return [players, pairings], documents


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# The bench posts from one address as fast as it can: far more than a venue's tables do, so its
# director lets it (and hundreds of spectators' streams from it: bench.live).
BENCH_LIMITS = ("[limits]\nrequests_per_s = 100000\ntable_requests_per_s = 100000\n"
                "live_per_address = 2000\nlive_total = 2000\n")


def start_director(db_path: Path, port: int, module: str = "director", *,
                   config: str = BENCH_LIMITS) -> subprocess.Popen:
    """``python -m director`` (or ``module``, the baseline's rig: the same options) on ``port``,
    with the bench's limits (``config``: the config file's text)."""
    limits, config = config, db_path.with_name(db_path.stem + "-limits.toml")
    config.write_text(limits)
    process = subprocess.Popen(
        [sys.executable, "-m", module, "--config", str(config), "--port", str(port),
         "--db", str(db_path), "--key", KEY, "--tournament", TOURNAMENT, "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the director did not start: {process.stderr.read()}")
            time.sleep(0.05)


def post_all(port: int, bodies: list[tuple[str, bytes]], clients: int,
             again: list | None = None) -> tuple[float, list]:
    """Post every (table, body) over ``clients`` keep-alive connections; seconds and answers.
    ``again``: when given, a post whose connection the service closed before answering is
    posted again on a new connection, as a table's sender does (each noted in ``again``)."""
    answers: list = []
    lock = threading.Lock()

    def post(conn, table, body):
        conn.request("POST", f"/api/tables/{table}/results", body,
                     {"Content-Type": "application/json"})
        return conn.getresponse()

    def worker(share):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for table, body in share:
            try:
                response = post(conn, table, body)
            except (http.client.RemoteDisconnected, ConnectionError):
                if again is None:
                    raise
                with lock:
                    again.append(table)
                conn.close()
                response = post(conn, table, body)
            answer = (response.status, json.loads(response.read()).get("outcome"))
            with lock:
                answers.append(answer)
        conn.close()

    threads = [threading.Thread(target=worker, args=(bodies[i::clients],)) for i in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began, answers


def update_latency(port: int, documents: dict, tries: int) -> list[float]:
    """Seconds from posting a newer revision of round 1 table 1 to its ``results`` event."""
    from director.web.live_patch import apply
    from common.wire.signing import sign, table_key, wire

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/live/events")
    stream = conn.getresponse()
    arrived = threading.Event()
    seen: list[list] = []
    page: dict = {}

    def read():
        event = None
        try:
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "results":
                    apply(page, "results", json.loads(line[6:]))
                    seen.append(page["results"])
                    arrived.set()
        except (OSError, AttributeError, ValueError):
            pass                            # the stream was closed when the measuring ended

    threading.Thread(target=read, daemon=True).start()
    if not arrived.wait(START_TIMEOUT_S):
        raise RuntimeError("no results event from /live/events")
    document = documents[(1, 1)][0]
    out = []
    for revision in range(2, 2 + tries):
        arrived.clear()
        body = wire(sign({**document, "revision": revision},
                         table_key(KEY.encode(), document["table"])))
        poster = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        began = time.perf_counter()
        poster.request("POST", "/api/tables/1/results", body, {"Content-Type": "application/json"})
        poster.getresponse().read()
        while arrived.wait(START_TIMEOUT_S):
            arrived.clear()
            if any(r["table"] == "1" and r["revision"] == revision
                   for group in seen[-1] for r in group["rows"]):     # a group per division
                break
        else:
            raise RuntimeError(f"revision {revision} never reached the page")
        out.append(time.perf_counter() - began)
        poster.close()
    conn.close()
    return out


def standings_time(db_path: Path, runs: int) -> tuple[float, int, int]:
    from director.config import load_rules
    from director.event.db import DirectorDB
    from director.event.standings import render_standings_html
    from director.event.tournament import standings

    rules = load_rules("aspa", "bench")
    times = []
    for _ in range(runs):
        with DirectorDB.open(db_path) as db:          # each run reads afresh: nothing kept
            began = time.perf_counter()
            table, problems = standings(db, rules, TOURNAMENT)
            html = render_standings_html(table)
            times.append(time.perf_counter() - began)
    return statistics.median(times), len(table), len(problems) + (0 if html.count("<tr") == len(table) + 1 else 1)


def run(tables: int, rounds: int, clients: int, out=sys.stdout) -> int:
    from director.event.db import DirectorDB
    from director.event.rounds import start_round, store_pairings, store_players

    began = time.perf_counter()
    (players, pairings), documents = build(tables, rounds)
    build_s = time.perf_counter() - began
    bodies = [(str(t), body) for (r, t), (_, body) in sorted(documents.items())]
    with tempfile.TemporaryDirectory(prefix="bench-director-") as tmp:
        for name in ("director.sqlite", "baseline.sqlite"):
            with DirectorDB.open(Path(tmp) / name) as db:
                store_players(db, players)
                store_pairings(db, pairings)
                for r in range(1, rounds + 1):          # a result counts once its round has started
                    start_round(db, r, time.time())
        port = free_port()          # the baseline first: the same service, results not read back
        process = start_director(Path(tmp) / "baseline.sqlite", port, BASELINE)
        try:
            baseline_s, baseline_answers = post_all(port, bodies, clients)
        finally:
            process.terminate()
            process.wait(timeout=START_TIMEOUT_S)
        db_path = Path(tmp) / "director.sqlite"
        port = free_port()
        process = start_director(db_path, port)
        try:
            ingest_s, answers = post_all(port, bodies, clients)
            latencies = update_latency(port, documents, 5)
        finally:
            process.terminate()
            process.wait(timeout=START_TIMEOUT_S)
        with DirectorDB.open(db_path) as db:
            stored = db.count("results")
        standings_s, ranked, problems = standings_time(db_path, 5)

    total = len(documents)
    rate = total / ingest_s
    events = len(documents[(1, 1)][0]["events"])
    latency = statistics.median(latencies)
    right = (stored == total and ranked == len(players) and problems == 0
             and sorted(answers) == sorted(baseline_answers) == [(200, "stored")] * total)
    rows = [
        (f"ingest {total:,} results over HTTP ({clients} clients), each read back from its events",
         f"{rate:,.0f} results/s", f"> {INGEST_TARGET_PER_S:.0f}/s", rate > INGEST_TARGET_PER_S),
        ("  the same without the read-back (the baseline, same run)",
         f"{total / baseline_s:,.0f} results/s", f"{rate * baseline_s / total:.0%} of it kept", True),
        ("result posted -> the page's results event (median of 5)", f"{latency * 1000:,.0f} ms",
         f"< {UPDATE_TARGET_S * 1000:,.0f} ms", latency < UPDATE_TARGET_S),
        (f"standings of {ranked} players, computed and rendered (median of 5)",
         f"{standings_s * 1000:,.0f} ms", f"< {STANDINGS_TARGET_S * 1000:,.0f} ms",
         standings_s < STANDINGS_TARGET_S),
    ]
    print(f"Director: {tables} tables x {rounds} rounds, {len(players)} players; whole games of "
          f"{events} events; documents built in {build_s:.1f} s (not timed); Python "
          f"{sys.version.split()[0]}", file=out)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for name, value, target, ok in rows:
        print(f"{name.ljust(widths[0])}  {value.rjust(widths[1])}  {target.ljust(widths[2])}  "
              f"{'PASS' if ok else 'FAIL'}", file=out)
    if not right:
        print(f"WRONG: stored {stored} of {total} results; ranked {ranked} of {len(players)} "
              f"players; {problems} problems; answers {sorted(set(answers))}", file=out)
        return 1
    return 0 if all(row[3] for row in rows) else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.director", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables, each with two players (default 200)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument("--clients", type=int, default=8, help="connections posting at once (default 8)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.rounds < 1 or args.clients < 1 or args.rounds >= 2 * args.tables:
        parser.error("--tables, --rounds and --clients are at least 1, and rounds < players")
    return run(args.tables, args.rounds, args.clients)


if __name__ == "__main__":
    sys.exit(main())
