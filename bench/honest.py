"""An honest table's post while the director is attacked: ``python -m bench.honest [--tries 3]``.

The security tests (tests/security) assert what each attack gets (its answers, nothing stored,
the service still serving an honest table); how fast the honest table is answered meanwhile is
this figure. For each attack, ``python -m director`` as its own process on a fresh database (a
process: the attack's threads here do not share the service's interpreter), the attack running
in threads of its own, and ``--tries`` honest status posts of table 8 from 127.0.0.1, each on a
fresh connection as a kiosk's; the quickest, target under 1 s (the attack's answers are
counted, and every honest post must be answered 200):

- quiet: no attack, the baseline;
- hostile bodies: each hostile shape at 1 MiB (bench/rigs/hostile.py) posted to a table's
  status from another address, again and again (tests/security/test_hostile_json.py);
- enrollment starts: the same start message for a table with no code, as fast as answered,
  from the tables' own address (test_log_flood.py);
- a hundred logins at once: a hundred wrong passwords, each with its own login form
  (test_login_race.py; the page's requests a second raised, as there);
- a phone in debt: the forged 256 KiB result posted from another address as fast as it is
  answered, the door holding the address off (test_refused_at_the_door.py);
- half-open sockets: six addresses holding 60 connections each, half with part of their
  headers, half with a promise of a body, against the door's limits of 40 an address and 120 in
  all and a second for headers and body (test_half_open.py; thousands, opened again as the door
  closes them, against honest ingest: python -m bench door).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from bench.director import KEY, TOURNAMENT, free_port, start_director
from bench.rigs.hostile import forged_result, shapes
from common.wire.signing import sign, table_key, wire
from director.limits import RESULT_BODY
from director.rehearsal.page import Page

HONEST_TARGET_S = 1.0
TIMEOUT_S = 60.0
HONEST_TABLE = "8"
PHONE = "127.0.0.9"
HALF_OPEN = [f"127.0.0.{n}" for n in range(2, 8)]
HEADERS = b"POST /api/tables/7/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-"
PROMISE = (b"POST /api/tables/7/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
           b"\r\nContent-Length: 100000\r\n\r\n{\"")
DOOR = ("[limits]\nheader_timeout_s = 1.0\nbody_timeout_s = 1.0\nconnections_per_address = 40\n"
        "connections_total = 120\nlive_total = 60\nlive_director = 5\n")


def status_body(table: str, n: int) -> bytes:
    """Table ``table``'s signed status, its ``n``th (a new ``sent_wall`` each)."""
    document = {"schema": 1, "kind": "status", "tournament": TOURNAMENT, "round": 1, "table": table,
                "game_id": f"t{table}-r1", "players": ["Ann", "Bob"], "phase": "playing",
                "times_ms": [1_200_000, 1_300_000], "scores": [120, 98], "to_move": 0, "running": 0,
                "alerts": {"overtime": [], "hold": None, "challenge": None, "neutral": None, "absent": []},
                "outbox_pending": 0, "sent_wall": float(n)}
    return wire(sign(document, table_key(KEY.encode(), table)))


def post(port: int, path: str, body: bytes, address: str = "127.0.0.1",
         headers: dict | None = None) -> int:
    """``body`` posted on a connection of its own from ``address``: its status (0: the service
    closed the connection before its answer could be read)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_S,
                                            source_address=(address, 0))
    try:
        connection.request("POST", path, body, {"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        response.read()
        return response.status
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        return 0
    finally:
        connection.close()


def honest_seconds(port: int, tries: int, first: int) -> tuple[float, list[int]]:
    """The quickest of ``tries`` honest status posts, and every answer's status."""
    best, codes = float("inf"), []
    for n in range(tries):
        began = time.perf_counter()
        codes.append(post(port, f"/api/tables/{HONEST_TABLE}/status", status_body(HONEST_TABLE, first + n)))
        best = min(best, time.perf_counter() - began)
    return best, codes


# --- the attacks: each a function of the port, called again and again until the posts are done --

def hostile_bodies() -> Callable[[int], list[int]]:
    bodies = list(shapes().values())
    return lambda port: [post(port, "/api/tables/7/status", raw, "127.0.0.2") for raw in bodies]


def enrollment_starts() -> Callable[[int], list[int]]:
    from common.wire import code_exchange as protocol
    start = protocol.TableExchange("7", "123456").start_body()
    return lambda port: [post(port, "/api/enroll/start", start)]


def logins_at_once() -> Callable[[int], list[int]]:
    def attack(port: int) -> list[int]:
        guessers = [Page(f"http://127.0.0.1:{port}", "not the password") for _ in range(100)]
        with ThreadPoolExecutor(len(guessers)) as pool:
            return list(pool.map(lambda n: guessers[n].try_login(f"guess{n}"), range(len(guessers))))
    return attack


def phone_in_debt() -> Callable[[int], list[int]]:
    from bench.director import script
    from common.replay import replay_lines
    from common.wire.document import result_document
    replayed = replay_lines(json.dumps(line) for line in script(1, ("Ann", "Bob"), 5))
    document = result_document(replayed.state, replayed.events, replayed.state.last_ns,
                               tournament=TOURNAMENT, table="5", game_id="t5-r1")
    forged = forged_result(document, RESULT_BODY, b"a phone's own key")
    return lambda port: [post(port, "/api/tables/5/results", forged, PHONE)]


class HalfOpen:
    """Six addresses' 60 half-open connections each, opened at once and held."""

    def __init__(self):
        self.socks: list[socket.socket] = []

    def __call__(self, port: int) -> list[int]:
        if self.socks:
            time.sleep(0.05)
            return []
        for n in range(len(HALF_OPEN) * 60):
            sock = socket.socket()
            sock.bind((HALF_OPEN[n % len(HALF_OPEN)], 0))
            sock.settimeout(TIMEOUT_S)
            sock.connect(("127.0.0.1", port))
            sock.sendall(HEADERS if n % 2 else PROMISE)
            self.socks.append(sock)
        return [len(self.socks)]

    def close(self) -> None:
        for sock in self.socks:
            sock.close()


ATTACKS = [
    ("quiet", "nothing else", None, ""),
    ("hostile bodies", "every hostile shape at 1 MiB from another address, again and again",
     hostile_bodies, ""),
    ("enrollment starts", "one start message for a table with no code, as fast as answered",
     enrollment_starts, ""),
    ("a hundred logins", "a hundred wrong passwords at once, each with its login form",
     logins_at_once, "[limits]\nrequests_per_s = 10000\n"),
    ("a phone in debt", "the forged 256 KiB result from another address, as fast as answered",
     phone_in_debt, ""),
    ("half-open sockets", "360 half-open connections from six addresses, held",
     HalfOpen, DOOR),
]


def measure(folder: Path, name: str, make, config: str, tries: int) -> dict:
    """One attack against a fresh director: the honest figure and what the attack got."""
    port, db = free_port(), folder / f"{name.replace(' ', '-')}.sqlite"
    process = start_director(db, port, config=config or "[limits]\n")
    attack = make() if make else None
    stop, answers, errors = threading.Event(), [], []

    def run() -> None:
        while not stop.is_set():
            try:
                answers.extend(attack(port))
            except Exception as exc:        # noqa: BLE001 - reported beside the figure
                errors.append(repr(exc))
                return
    thread = threading.Thread(target=run, daemon=True)
    try:
        if attack is not None:
            thread.start()
            time.sleep(0.5)                 # the attack under way before the honest table posts
        seconds, codes = honest_seconds(port, tries, 0)
    finally:
        stop.set()
        if attack is not None:
            thread.join(TIMEOUT_S)
        if isinstance(attack, HalfOpen):
            attack.close()
        exited = process.poll()
        process.terminate()
        process.wait(TIMEOUT_S)
    return {"seconds": seconds, "codes": codes, "attack": len(answers), "errors": errors,
            "exited": exited}


def run(tries: int, out=sys.stdout) -> int:
    rows, wrong = [], []
    with tempfile.TemporaryDirectory(prefix="bench-honest-") as tmp:
        for name, what, make, config in ATTACKS:
            report = measure(Path(tmp), name, make, config, tries)
            ok = report["seconds"] < HONEST_TARGET_S and set(report["codes"]) == {200}
            said = f"{name}: {what}" + (f" ({report['attack']:,} of its requests answered meanwhile)"
                                        if make and make is not HalfOpen else "")
            rows.append((said, f"{report['seconds'] * 1000:,.0f} ms", f"< {HONEST_TARGET_S * 1000:.0f} ms", ok))
            if set(report["codes"]) != {200}:
                wrong.append(f"{name}: the honest posts were answered {report['codes']}")
            if report["errors"]:
                wrong.append(f"{name}: the attack failed: {report['errors'][0]}")
            if report["exited"] is not None:
                wrong.append(f"{name}: the director ended before the bench did ({report['exited']})")
    print(f"An honest table's post under attack (the quickest of {tries}): Python "
          f"{sys.version.split()[0]}, {os.cpu_count()} cores", file=out)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for name, value, target, ok in rows:
        print(f"{name.ljust(widths[0])}  {value.rjust(widths[1])}  {target.ljust(widths[2])}  "
              f"{'PASS' if ok else 'FAIL'}", file=out)
    for line in wrong:
        print(f"WRONG: {line}", file=out)
    return 0 if all(row[3] for row in rows) and not wrong else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.honest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tries", type=int, default=3, help="honest posts per attack (default 3)")
    args = parser.parse_args(argv)
    if args.tries < 1:
        parser.error("--tries takes 1 or more")
    return run(args.tries)


if __name__ == "__main__":
    sys.exit(main())
