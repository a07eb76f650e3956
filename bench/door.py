"""The director's door under attack: ``python -m bench.door [--sockets 5000] [--results 800]``.

Starts ``python -m director`` as its own process (its own limits, as a venue runs it, but the
requests per second: the bench posts from one address far faster than tables do) and measures:

- the worst request: each hostile body at the tables' full 1 MiB (bench/rigs/hostile.py: the
  shapes that made the old depth pre-scan quadratic, the deepest nesting, the longest field, a
  million small items...) posted to a table's status and results; the director's CPU time
  (its /proc/PID/stat) per request, each refused 400 or 422; and 80 KB of escaped quotes (a
  ``"`` and 40,000 ``\\"``, issue 39) posted to each route of the tables' API that reads a
  body, and in 100-byte chunks (``Transfer-Encoding``: answered 411 at its headers, unread);
  target at most 10 ms each, as for every body the door reads;
- honest ingest under half-open sockets: ``--results`` whole games' signed results posted by 4
  keep-alive clients, results per second; then again while ``--sockets`` connections from 20
  other loopback addresses each send part of their headers, or headers and a promise of 100,000
  bytes, and hold (the attacker opens again those the service closes, 100 a second: the pace
  that took the old service down from one address); target at least half the rate without
  them. Every result must be stored exactly once;
- the forged result (issue 27: one phone cut intake to a fifth): a result valid in every field
  the schema checks, grown to the most a result may be (director.limits.RESULT_BODY) and sent
  as a table sends it (bench/rigs/hostile.py ``forged_result``), signed with a key not its table's (403)
  or a table's own posted under another table's number (409), or padded with empty objects
  and not sent as the text signed (403), and grown to 1 MiB (413): the
  director's CPU per request, target at most 10 ms each; then honest ingest while 4 other
  addresses post the forged result as fast as they are answered, the director at the venue's
  own limit on the tables' API (each refusal counts against its sender's rate, and the door
  refuses an address in debt unread), target at least half the rate without them (the first
  measure, same run). An honest post whose keep-alive connection closed before its answer is
  posted again on a new one, as a table's sender does, and said under the table;
- the live readers' memory (issue 39: 300 public live streams that never read held some 150 KB
  each, 46 to 106 MB, and intake fell to 77%): a fresh director's resident memory before and
  with 300 such streams (bench/rigs/slow_readers.py, from ten addresses), target at most 50 KB
  each; after the same ingest with them, beside it with one, target at most
  director.limits.LIVE_BUFFER and 50 KB each; the director's CPU per result beside them,
  target at most 1.3 times beside one; and every stream ended by the service once behind
  (dropped with its reason, or cut).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.director import (BENCH_LIMITS, ROOT, START_TIMEOUT_S, build, free_port, post_all,
                            start_director)
from bench.live import cpu_s, rss_mb
from bench.rigs.hostile import forged_result, shapes
from director.limits import RESULT_BODY, Limits

CPU_TARGET_S = FORGED_TARGET_S = 0.010        # every body the door reads (issue 39)
ESCAPED_QUOTES = b'"' + b'\\"' * 40_000         # 80 KB: it held the service 17 s in the old pre-scan
CHUNK = 100
LIVE_READERS = 300              # public live streams that never read (issue 39)
READER_KB_TARGET = 50           # what each adds to the director's memory
LIVE_CPU_TARGET = 1.3          # the director's CPU per result beside them, against one
FORGERS = [f"127.0.0.{n}" for n in range(30, 34)]      # 4 addresses posting the forged result
FORGED_LIMITS = "[limits]\nrequests_per_s = 100000\n"  # the tables' API at the venue's own limit
RATIO_TARGET = 0.5
TRIES = 20
REOPEN_PER_S = 100.0            # the attacker opens again what the door closed, at most this fast
ATTACKERS = [f"127.0.0.{n}" for n in range(2, 22)]      # 20 addresses, each under its cap
DOOR_LIMITS = BENCH_LIMITS.replace("live_per_address = 2000\nlive_total = 2000\n", "")
PARTIAL = b"POST /api/tables/9/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-"
PROMISE = (b"POST /api/tables/9/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
           b"\r\nContent-Length: 100000\r\n\r\n{\"")


def forged_bodies(documents: dict) -> dict[str, tuple[str, bytes]]:
    """The forged results, each with the table it is posted for."""
    from bench.director import KEY
    from common.wire.signing import table_key

    own = documents[(1, 1)][0]                  # table 1's result of round 1
    key = table_key(KEY.encode(), "1")
    return {
        f"forged result at {RESULT_BODY // 1024} KiB, another key": (
            "1", forged_result(own, RESULT_BODY, b"a phone's key")),
        f"table 1's result at {RESULT_BODY // 1024} KiB under table 2's number": (
            "2", forged_result(own, RESULT_BODY, key)),
        "forged result at 1 MiB": ("2", forged_result(own, 1 << 20, key)),
        f"table 1's result, {RESULT_BODY // 1024} KiB of empty objects, not sent as signed": (
            "1", empty_objects(own, key)),
    }


def empty_objects(document: dict, key: bytes) -> bytes:
    """Table 1's result signed with its own key, with a field of empty objects the document's
    head skips, up to a result's most, sent with spaces (``json.dumps``) rather than as the
    text signed: it cost two to three times the forged result while the director still wrote a
    canonical form for such senders (issue 27)."""
    import json

    from common.wire.signing import sign
    room = RESULT_BODY - len(json.dumps(sign({**document, "padding": []}, key))) - 64
    grown = {**document, "padding": [{}] * (room // len("{}, "))}
    return json.dumps(sign(grown, key)).encode()


def escaped_quotes_cases() -> list[tuple[str, str, bytes, int | None]]:
    """(name, path, body, chunk) of the 80 KB of escaped quotes (issue 39: a quote and 40,000
    ``\\"``) posted to each route of the tables' API that reads a body, sent with its length
    (``chunk`` None) and in 100-byte chunks (``Transfer-Encoding``: the door's 411)."""
    body = ESCAPED_QUOTES
    routes = ["/api/tables/7/status", "/api/tables/7/results", "/api/tables/7/challenge",
              "/api/stations/1/verdicts", "/api/enroll/start"]
    cases = [(f"80 KB of escaped quotes to {route}", route, body, None) for route in routes]
    return cases + [(f"80 KB of escaped quotes in {CHUNK}-byte chunks to {routes[0]}", routes[0],
                     body, CHUNK)]


def chunked_post(port: int, path: str, body: bytes, chunk: int) -> int:
    """``body`` posted in ``chunk``-byte chunks (Transfer-Encoding: chunked) on a connection of
    its own; the answer's status (0: none)."""
    pieces = [b"%x\r\n%s\r\n" % (len(body[i:i + chunk]), body[i:i + chunk])
              for i in range(0, len(body), chunk)]
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                     "\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
        try:
            sock.sendall(b"".join(pieces) + b"0\r\n\r\n")
        except OSError:
            pass                        # refused before the body was all sent: the answer is there
        answer = b""
        try:
            while b"\r\n" not in answer and (got := sock.recv(65536)):
                answer += got
        except OSError:
            pass
    return int(answer[9:12]) if answer[9:12].isdigit() else 0


def worst_requests(port: int, pid: int, forged: dict) -> list[tuple[str, float, set, float]]:
    """(shape, CPU seconds per request, the answers' codes, target) for each hostile shape
    (status and results in turn), the 80 KB of escaped quotes to each route (and in chunks),
    and each forged result."""
    import http.client
    out = []
    for name, path, body, chunk in escaped_quotes_cases():
        codes = set()
        before = cpu_s(pid)
        for _ in range(TRIES):
            if chunk is not None:
                codes.add(chunked_post(port, path, body, chunk))
                continue
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("POST", path, body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            codes.add(response.status)
            conn.close()
        out.append((name, (cpu_s(pid) - before) / TRIES, codes, CPU_TARGET_S))
    cases = [(f"1 MiB {name}", None, body, CPU_TARGET_S) for name, body in shapes().items()]
    cases += [(name, table, body, FORGED_TARGET_S) for name, (table, body) in forged.items()]
    for name, table, body, target in cases:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        codes = set()
        before = cpu_s(pid)
        for n in range(TRIES):
            path = ("status", "results")[n % 2] if table is None else "results"
            try:
                conn.request("POST", f"/api/tables/{table or 7}/{path}", body,
                             {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
            except OSError:             # a body over its cap answered 413 and closed unread
                conn.close()            # before it was all sent: the answer lost to the reset
                codes.add(413 if len(body) > RESULT_BODY and path == "results" else 0)
                continue
            codes.add(response.status)
            if response.getheader("Connection") == "close":
                conn.close()
        out.append((name, (cpu_s(pid) - before) / TRIES, codes, target))
        conn.close()
    return out


def forger(port: int, address: str, body: bytes, sent, stop) -> None:
    """One address posting the forged result to table 1 as fast as it is answered, whatever
    the answer (429s included), until ``stop``; ``sent``: a shared count of its answers."""
    import http.client
    conn = None
    while not stop.is_set():
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                                  source_address=(address, 0))
            conn.request("POST", "/api/tables/1/results", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            with sent.get_lock():
                sent.value += 1
            if response.getheader("Connection") == "close":
                conn.close()
                conn = None
        except OSError:
            if conn is not None:
                conn.close()
            conn = None


class HalfOpen:
    """``count`` sockets from the attackers' addresses, each sending part of a request and then
    nothing; one the service closes is opened again, until ``stop``."""

    def __init__(self, port: int, count: int):
        self.port, self.count = port, count
        self.selector = selectors.DefaultSelector()
        self.stopping = threading.Event()
        self.opened = self.closed_by_service = 0
        self.holding = 0                # sockets that sent their part (counted by the thread)
        self.to_open: list[int] = []
        self.budget, self.budget_at = 0.0, time.monotonic()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self, n: int) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((ATTACKERS[n % len(ATTACKERS)], 0))
        try:
            sock.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        self.selector.register(sock, selectors.EVENT_WRITE, n)

    def start(self) -> "HalfOpen":
        for n in range(self.count):
            self._open(n)
        self.thread.start()
        return self

    def _reopen(self) -> None:
        now = time.monotonic()
        self.budget = min(REOPEN_PER_S, self.budget + (now - self.budget_at) * REOPEN_PER_S)
        self.budget_at = now
        while self.to_open and self.budget >= 1 and not self.stopping.is_set():
            self.budget -= 1
            self._open(self.to_open.pop())

    def _run(self) -> None:
        while not self.stopping.is_set():
            self._reopen()
            for key, events in self.selector.select(0.05):
                sock, n = key.fileobj, key.data
                if events & selectors.EVENT_WRITE and key.events == selectors.EVENT_WRITE:
                    try:
                        sock.send(PARTIAL if n % 2 else PROMISE)
                        self.opened += 1
                        self.holding += 1
                        self.selector.modify(sock, selectors.EVENT_READ, n)
                        continue
                    except OSError:
                        pass
                else:
                    try:
                        if sock.recv(65536):
                            continue                        # a 408: its end comes next
                    except BlockingIOError:
                        continue
                    except OSError:
                        pass
                    self.closed_by_service += 1
                    self.holding -= 1
                self.selector.unregister(sock)
                sock.close()
                self.to_open.append(n)

    def held(self) -> int:
        """The sockets holding after their part was sent: the thread's own count (the selector's
        map is the thread's to change, never to be walked from another thread)."""
        return self.holding

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(START_TIMEOUT_S)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def attacker(port: int, count: int, held, closed, stop) -> None:
    """The half-open sockets, in a process of their own (the posters' threads never wait on its
    Python): ``held``, ``closed`` shared counters, until ``stop`` is set."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 1024)), hard))
    attack = HalfOpen(port, count).start()
    while not stop.wait(0.1):
        held.value, closed.value = attack.held(), attack.closed_by_service
    attack.stop()


def ingest(folder: Path, name: str, setup, bodies, sockets: int, forged: dict | None = None,
           forging: bytes | None = None, config: str = DOOR_LIMITS) -> dict:
    from director.event.db import DirectorDB
    from director.event.rounds import start_round, store_pairings, store_players

    db_path = folder / f"{name}.sqlite"
    players, pairings = setup
    with DirectorDB.open(db_path) as db:
        store_players(db, players)
        store_pairings(db, pairings)
        for r in sorted({p.round for p in pairings}):
            start_round(db, r, time.time())
    port = free_port()
    director = start_director(db_path, port, config=config)
    attack = None
    held, closed, stop = multiprocessing.Value("i", 0), multiprocessing.Value("i", 0), multiprocessing.Event()
    sent = multiprocessing.Value("i", 0)
    forgers = [multiprocessing.Process(target=forger, args=(port, address, forging, sent, stop))
               for address in (FORGERS if forging else [])]
    try:
        for process in forgers:
            process.start()
        while forgers and sent.value < 4 * len(forgers):
            time.sleep(0.05)            # every forger answered a few times: the attack under way
        before = cpu_s(director.pid)
        if sockets:
            attack = multiprocessing.Process(target=attacker, args=(port, sockets, held, closed, stop))
            attack.start()
            # every socket opened and those over the door's cap closed: the sockets held, as the
            # attack means them, rather than the burst of their first second
            over = max(0, sockets - Limits().connections_total)
            deadline = time.monotonic() + START_TIMEOUT_S
            while (held.value + closed.value < sockets or closed.value < over) \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
        at_start = held.value
        again: list = []
        seconds, answers = post_all(port, bodies, 4, again)
        report = {"per_s": len(bodies) / seconds, "held": at_start, "closed": closed.value,
                  "rss_mb": rss_mb(director.pid),
                  "again": len(again),
                  "right": sorted(answers) == [(200, "stored")] * len(bodies),
                  "cpu_per_s": (cpu_s(director.pid) - before) / seconds, "forged": sent.value}
        worst = worst_requests(port, director.pid, forged) if forged is not None else []
    finally:
        stop.set()
        if attack is not None:
            attack.join(START_TIMEOUT_S)
        for process in forgers:
            process.join(START_TIMEOUT_S)
        exited = director.poll()            # not None: the director ended before the bench did
        director.terminate()
        director.wait(timeout=START_TIMEOUT_S)
        if exited is not None:
            print(f"the director's last words:\n{director.stderr.read()[-3000:]}", file=sys.stderr)
    with DirectorDB.open(db_path) as db:
        report["right"] = report["right"] and db.count("results") == len(bodies)
    report["worst"], report["exited"] = worst, exited
    return report


def live_readers(folder: Path, setup, bodies, readers: int) -> dict:
    """The live readers' memory (issue 39): a fresh director's resident memory before and with
    ``readers`` public live streams that never read (bench/rigs/slow_readers.py, a process of
    its own), the same ingest as the quiet run meanwhile, then the memory once the streams have
    fallen behind (``BEHIND_S`` with the clock's updates) and been dropped or cut; and how
    each stream ended, read at last."""
    from bench.live import seed
    from director.web.live import BEHIND_S, DROP_GRACE_S, TICK_S

    db_path = folder / f"live-readers-{readers}.sqlite"
    seed(db_path, *setup)
    port = free_port()
    director = start_director(db_path, port, config=DOOR_LIMITS.replace(
        "[limits]\n", "[limits]\nlive_per_address = 1000\n"))
    crowd = None
    try:
        time.sleep(1.0)                     # the director settled: its memory before the crowd
        before = rss_mb(director.pid)
        crowd = subprocess.Popen([sys.executable, "-m", "bench.rigs.slow_readers", "--port",
                                  str(port), "--readers", str(readers)], cwd=ROOT,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        ready = crowd.stdout.readline()
        if not ready.startswith("ready "):
            raise RuntimeError(f"the live readers did not connect: {ready!r}")
        time.sleep(2.0)                     # every stream sent its parts whole
        opened = rss_mb(director.pid)
        cpu = cpu_s(director.pid)
        seconds, answers = post_all(port, bodies, 4)
        cpu = cpu_s(director.pid) - cpu
        time.sleep(BEHIND_S + TICK_S + DROP_GRACE_S + 1.0)
        report = {"before": before, "opened": opened, "after": rss_mb(director.pid),
                  "per_s": len(bodies) / seconds, "cpu_per_result": cpu / len(bodies),
                  "right": sorted(answers) == [(200, "stored")] * len(bodies)}
        crowd.stdin.write("\n")
        crowd.stdin.flush()
        report["ended"] = json.loads(crowd.stdout.readline())
        return report
    finally:
        if crowd is not None:
            crowd.kill()
            crowd.wait()
        director.terminate()
        director.wait(timeout=START_TIMEOUT_S)


def run(sockets: int, results: int = 800, out=sys.stdout) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, sockets + 1024)), hard))
    tables = max(1, results // 2)
    setup, documents = build(tables, 2)
    bodies = [(str(t), body) for (r, t), (_, body) in sorted(documents.items())][:results]
    with tempfile.TemporaryDirectory(prefix="bench-door-") as tmp:
        forged = forged_bodies(documents)
        quiet = ingest(Path(tmp), "quiet", setup, bodies, 0, forged)
        attacked = ingest(Path(tmp), "attacked", setup, bodies, sockets)
        worst_forged = next(iter(forged.values()))[1]
        forging = ingest(Path(tmp), "forged", setup, bodies, 0, forging=worst_forged,
                         config=FORGED_LIMITS)
        one = live_readers(Path(tmp), setup, bodies, 1)          # the live parts computed
        slow = live_readers(Path(tmp), setup, bodies, LIVE_READERS)
    ratio = attacked["per_s"] / quiet["per_s"]
    forged_ratio = forging["per_s"] / quiet["per_s"]
    rows = [(f"{name} (x{TRIES}, answered {'/'.join(map(str, sorted(codes)))})",
             f"{cpu * 1000:,.1f} ms CPU", f"<= {target * 1000:.0f} ms",
             cpu <= target and codes <= {400, 403, 409, 411, 413, 422})
            for name, cpu, codes, target in quiet["worst"]]
    rows += [
        (f"honest ingest, {len(bodies)} results (4 clients; the director at {quiet['cpu_per_s']:.0%} "
         "of a core)", f"{quiet['per_s']:,.0f} results/s", "", True),
        (f"  while {sockets:,} half-open sockets press ({attacked['held']:,} held at the start, "
         f"{attacked['closed']:,} closed by the door, opened again at {REOPEN_PER_S:.0f}/s)",
         f"{attacked['per_s']:,.0f} results/s",
         f">= {RATIO_TARGET:.0%} of it: {ratio:.0%}", ratio >= RATIO_TARGET),
        (f"  while {len(FORGERS)} addresses post the forged {RESULT_BODY // 1024} KiB result "
         f"({forging['forged']:,} answered, the director at {forging['cpu_per_s']:.0%} of a core)",
         f"{forging['per_s']:,.0f} results/s", f">= {RATIO_TARGET:.0%} of it: {forged_ratio:.0%}",
         forged_ratio >= RATIO_TARGET),
        *live_rows(slow, one),
    ]
    print(f"The director's door: Python {sys.version.split()[0]}, {os.cpu_count()} cores", file=out)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for name, value, target, ok in rows:
        print(f"{name.ljust(widths[0])}  {value.rjust(widths[1])}  {target.ljust(widths[2])}  "
              f"{'PASS' if ok else 'FAIL'}", file=out)
    for name, report in (("quiet", quiet), ("half-open", attacked), ("forged", forging)):
        if report["exited"] is not None:
            print(f"WRONG: the director of the {name} run ended before the bench did (exit "
                  f"status {report['exited']})", file=out)
        if report["again"]:
            print(f"  ({name}: {report['again']} posts posted again, their keep-alive connection "
                  "closed before an answer)", file=out)
    if not (quiet["right"] and attacked["right"] and forging["right"] and slow["right"]
            and one["right"]):
        print("WRONG: a result was not stored exactly once", file=out)
        return 1
    return 0 if all(row[3] for row in rows) else 1


def live_rows(slow: dict, one: dict) -> list[tuple[str, str, str, bool]]:
    """The live readers' rows, beside the same run with one reader (``one``: the live parts
    computed for it, as for any page): the memory each adds when it opens, what they all add
    once the updates they never read have come, the director's CPU per result, and how every
    stream ended."""
    ended, count = slow["ended"], slow["ended"]["readers"]
    per_reader_kb = (slow["opened"] - slow["before"]) * 1024 / max(1, count)
    from director.limits import LIVE_BUFFER
    added_mb = slow["after"] - one["after"]
    most_mb = (LIVE_BUFFER >> 20) + READER_KB_TARGET * count / 1024      # the budget, and each
    cpu_ratio = slow["cpu_per_result"] / one["cpu_per_result"]
    return [
        (f"{count} live streams that never read: the memory each adds (the director "
         f"{slow['before']:.0f} MB before, {slow['opened']:.0f} MB with them)",
         f"{per_reader_kb:,.0f} KB", f"<= {READER_KB_TARGET} KB (150 KB before)",
         per_reader_kb <= READER_KB_TARGET),
        (f"  after the ingest and its updates, beside one such stream ({slow['after']:.0f} MB, "
         f"{one['after']:.0f} MB)", f"{added_mb:+,.1f} MB", f"<= {most_mb:.0f} MB (LIVE_BUFFER and each's)",
         added_mb <= most_mb),
        (f"  the director's CPU per result beside them ({slow['per_s']:,.0f} results/s; "
         f"{one['per_s']:,.0f} beside one)", f"{slow['cpu_per_result'] * 1000:,.1f} ms",
         f"<= {LIVE_CPU_TARGET:.1f}x beside one: {cpu_ratio:.2f}x", cpu_ratio <= LIVE_CPU_TARGET),
        ("  the streams ended by the service (dropped with the reason, or cut)",
         f"{ended['dropped']} + {ended['cut']} of {count}", "every one", ended["open"] == 0),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.door", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=5000, help="half-open sockets (default 5000)")
    parser.add_argument("--results", type=int, default=800, help="results posted (default 800)")
    args = parser.parse_args(argv)
    return run(args.sockets, args.results)


if __name__ == "__main__":
    sys.exit(main())
