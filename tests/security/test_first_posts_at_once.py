"""Attack (or a restart at the event): every table posts at once the moment the director starts.

A director started again mid-round meets every table's sender at once, each with the result it
holds; a phone flooding the tables' API meets the same. msgspec builds a type's decoding
information on the type's first use and published it before it was whole: a worker thread
decoding a signed result while another was still building that information read a NULL and the
director died of SIGSEGV (``python -m bench door``, its quiet, half-open and forged phases). The
schema's decoders are now built whole, once, under a lock (common.wire.decoders). Here a real
director, as its own process whose threads take turns as often as the interpreter allows
(tests/support/switching_director.py), is sent a dozen tables' results and as many hostile
bodies at once as its very first requests: it stays up, stores every honest result once and
refuses every hostile body."""
from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

from bench.director import BENCH_LIMITS, START_TIMEOUT_S, build, free_port, start_director
from director.event.db import DirectorDB
from director.event.rounds import start_round, store_pairings, store_players

TABLES = 12
STARTS = 3                      # a fresh director each time: the race is at a type's first use


def post(port: int, table: str, path: str, body: bytes) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=START_TIMEOUT_S)
    try:
        conn.request("POST", f"/api/tables/{table}/{path}", body,
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()


def hostile(document: dict, signed: bytes) -> list[bytes]:
    """Bodies that pass the envelope and reach the schema's whole check, or stop before it."""
    whole = json.loads(signed)
    wrong_score = json.loads(signed)
    wrong_score["document"]["result"]["final"][0] = 100_000
    unknown = json.loads(signed)
    unknown["document"]["extra"] = [[[[1]]]]
    return [json.dumps(wrong_score).encode(), json.dumps(unknown).encode(),
            b'{"document": {"schema": 1, "kind": "result", "table": "1"}, "signature": "00"}',
            b"[" * 10_000, json.dumps({**whole, "signature": "f" * 64}).encode()]


def first_posts_at_once(tmp_path, n: int, setup, documents) -> tuple[int | None, list, int]:
    db_path = tmp_path / f"start{n}.sqlite"
    players, pairings = setup
    with DirectorDB.open(db_path) as db:
        store_players(db, players)
        store_pairings(db, pairings)
        start_round(db, 1, time.time())
    port = free_port()
    director = start_director(db_path, port, "tests.support.switching_director", config=BENCH_LIMITS)
    posts = [(str(t), "results", body, True) for (_, t), (_, body) in sorted(documents.items())]
    document, signed = documents[(1, 1)]
    posts += [("1", "results", body, False) for body in hostile(document, signed)]
    answers: list = []
    ready = threading.Barrier(len(posts))

    def send(table, path, body, honest):
        ready.wait()
        try:
            answers.append((honest, *post(port, table, path, body)))
        except OSError as exc:          # the director died under the posts
            answers.append((honest, 0, {"error": repr(exc)}))

    threads = [threading.Thread(target=send, args=p) for p in posts]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(START_TIMEOUT_S)
        exited = director.poll()
    finally:
        director.terminate()
        _, last_words = director.communicate(timeout=START_TIMEOUT_S)
    assert exited is None, f"the director died (exit {exited}) under the first posts:\n{last_words[-3000:]}"
    with DirectorDB.open(db_path) as db:
        stored = db.count("results")
    return exited, answers, stored


@pytest.mark.slow
def test_a_director_started_under_every_tables_posts_at_once_stays_up_and_stores_each(tmp_path):
    setup, documents = build(TABLES, 1)
    for n in range(STARTS):
        _, answers, stored = first_posts_at_once(tmp_path, n, setup, documents)
        honest = [(code, body.get("outcome")) for ok, code, body in answers if ok]
        refused = sorted(code for ok, code, _ in answers if not ok)
        assert honest == [(200, "stored")] * TABLES
        assert stored == TABLES
        assert refused and all(code in (400, 403, 413, 422) for code in refused), refused
