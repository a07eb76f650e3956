"""Attacks on enrolling by code (issue 27, item 4), against the real service on 127.0.0.1; a
phone's own address is another of the loopback's (127.0.0.2 and on: the service sees each as an
address of its own, as it sees phones on the Wi-Fi).

- one phone, no code known, sends a start message for every table with a code, again and again:
  it spent every code's tries (30 codes, 90 tries, in 7-10 s). Now an address may spend three
  tries of a code (of its ten in all) and ten starts, then one every 6 s (429, Retry-After): the
  phone's tries cost the phone; every code stays open and the honest table enrolls;
- a start whose message is not a point of SPAKE2's group: 500, and a try spent. Now 400, and
  nothing spent;
- an exchange id seen on the Wi-Fi and one bogus confirmation: it ended the honest table's
  exchange. Now 403 and the exchange still waits: the honest table's confirmation enrolls it;
- sixty starts at once: each made the PIN's slow hash (16 MiB of scrypt), 42 to 600 MB. Now at
  most four are worked on at once (503, Retry-After, nothing spent) and the hash is made once
  per table: the service's memory stays near where it was.
Each: nothing stored but what the honest table does, and the service still serving."""
from __future__ import annotations

import http.client
import json
import math
import threading
import time

import pytest

from director.tables import codes
from director.tables.exchange import START_EVERY_S, STARTS_AT_ONCE
from common.wire import code_exchange as protocol
from tests.security.conftest import assert_honest_table_served

PHONE = "127.0.0.2"


def post(director, path: str, body: bytes, source: str = "127.0.0.1"):
    """POST ``body`` as JSON from the local address ``source``: (status, answer, headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", director.port, timeout=60,
                                      source_address=(source, 0))
    try:
        conn.request("POST", path, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}"), response.headers
    finally:
        conn.close()


def enroll(director, table: str, code: str, source: str = "127.0.0.1") -> dict:
    """The table's whole exchange, as kiosk.link.enroll does it, from ``source``."""
    exchange = protocol.TableExchange(table, code)
    status, answer, _ = post(director, "/api/enroll/start", exchange.start_body(), source)
    assert status == 200, answer
    opened = protocol.parse_start_answer(json.dumps(answer).encode())
    exchange.open(opened)
    status, confirmed, _ = post(director, "/api/enroll/confirm", exchange.confirm_body(opened.exchange),
                                source)
    assert status == 200, confirmed
    return confirmed


def made(director, *tables: str) -> dict[str, str]:
    return {t: director.request("POST", "/api/enroll", json.dumps({"table": t}).encode()).body["code"]
            for t in tables}


def rows(director) -> dict[str, tuple[str, int]]:
    return {r["table_name"]: (r["state"], r["tries_left"]) for r in director.rows("enrollment_codes")}


def test_one_phone_spends_its_own_tries_not_the_tables(director):
    tables = [str(n) for n in range(1, 31)]
    made_codes = made(director, *tables)
    reused = protocol.TableExchange("1", "000000").message.hex()      # one start message, no code
    started = time.monotonic()
    answers = [post(director, "/api/enroll/start", json.dumps(
        {"protocol": 1, "table": t, "message": reused}).encode(), PHONE) for t in tables for _ in range(3)]
    statuses = [a[0] for a in answers]
    allowed = STARTS_AT_ONCE + math.ceil((time.monotonic() - started) / START_EVERY_S)
    assert statuses[:STARTS_AT_ONCE] == [200] * STARTS_AT_ONCE           # each a guess, answered
    assert set(statuses) == {200, 429} and statuses.count(200) <= allowed  # then one every 6 s
    refused = answers[statuses.index(429)]
    assert 1 <= int(refused[2]["Retry-After"]) <= START_EVERY_S
    assert "too many enrollment starts from 127.0.0.2" in refused[1]["error"]
    spent = rows(director)
    assert all(state == "open" for state, _ in spent.values())            # no code ended
    assert sum(codes.TRIES_IN_ALL - left for _, left in spent.values()) == statuses.count(200)
    assert max(codes.TRIES_IN_ALL - left for _, left in spent.values()) <= protocol.TRIES
    assert director.rows("enrolled") == []
    for table in ("1", "4", "30"):                   # the honest tables enroll, from their address
        assert enroll(director, table, made_codes[table]) == {"outcome": "enrolled", "table": table}
    assert_honest_table_served(director)


def test_an_address_spends_three_tries_of_a_code_and_no_more(director):
    code = made(director, "7")["7"]
    wrong = protocol.TableExchange("7", f"{(int(code) + 1) % 10**6:06d}").start_body()
    said = [post(director, "/api/enroll/start", wrong, PHONE)[:2] for _ in range(protocol.TRIES + 1)]
    assert [s[0] for s in said] == [200] * protocol.TRIES + [404]
    assert [s[1].get("tries_left") for s in said[:protocol.TRIES]] == [2, 1, 0]
    assert "the 3 tries from this address (127.0.0.2) are spent" in said[-1][1]["error"]
    assert rows(director)["7"] == ("open", codes.TRIES_IN_ALL - protocol.TRIES)
    assert enroll(director, "7", code)["outcome"] == "enrolled"


@pytest.mark.parametrize("message", ["41" + "ff" * 32, "41" + "00" * 32, "42" + "11" * 32,
                                     "41" + "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"],
                         ids=["not on the curve", "zero", "the director's side", "a point of order 8"])
def test_a_start_that_is_no_spake2_point_is_refused_400_and_spends_nothing(director, message):
    code = made(director, "7")["7"]
    body = json.dumps({"protocol": 1, "table": "7", "message": message}).encode()
    status, answer, _ = post(director, "/api/enroll/start", body, PHONE)
    assert status == 400 and answer["error"].startswith("message: not a"), answer
    assert rows(director)["7"] == ("open", codes.TRIES_IN_ALL)
    assert enroll(director, "7", code)["outcome"] == "enrolled"
    assert_honest_table_served(director)


def test_a_sniffed_exchange_and_a_bogus_confirmation_do_not_end_the_enrollment(director):
    code = made(director, "7")["7"]
    exchange = protocol.TableExchange("7", code)
    status, answer, _ = post(director, "/api/enroll/start", exchange.start_body())
    assert status == 200
    opened = protocol.parse_start_answer(json.dumps(answer).encode())
    bogus = json.dumps({"exchange": opened.exchange, "confirm": "0" * 64}).encode()   # seen on the Wi-Fi
    for _ in range(3):
        status, refused, _ = post(director, "/api/enroll/confirm", bogus, PHONE)
        assert (status, refused) == (403, {"error": "the confirmation does not match the exchange"})
    assert director.rows("enrolled") == [] and rows(director)["7"][0] == "open"
    exchange.open(opened)
    status, confirmed, _ = post(director, "/api/enroll/confirm", exchange.confirm_body(opened.exchange))
    assert (status, confirmed) == (200, {"outcome": "enrolled", "table": "7"})
    assert [r["table_name"] for r in director.rows("enrolled")] == ["7"]


def test_sixty_starts_at_once_spend_nothing_they_are_not_answered_for(director):
    tables = [str(n) for n in range(1, 61)]
    made(director, *tables)
    answers: list[tuple[str, int]] = []

    def start(n: int) -> None:
        body = protocol.TableExchange(tables[n], "000000").start_body()
        status = post(director, "/api/enroll/start", body, f"127.0.1.{n + 1}")[0]
        answers.append((tables[n], status))

    threads = [threading.Thread(target=start, args=(n,)) for n in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert len(answers) == 60 and {status for _, status in answers} <= {200, 503}
    left = rows(director)
    for table, status in answers:       # a busy answer spent nothing
        assert left[table] == ("open", codes.TRIES_IN_ALL - (status == 200))
    assert_honest_table_served(director)


def peak_mib(pid: int) -> float:
    """The process's peak resident memory (VmHWM), MiB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def process_db(process):
    from director.event.db import DirectorDB
    return DirectorDB.open(process.db)


@pytest.mark.slow
def test_sixty_starts_at_once_keep_the_services_memory_bounded(tmp_path):
    """The service as a process (its own memory), sixty tables' codes, sixty addresses starting
    at once, twice: before, each start made the PIN's scrypt hash (16 MiB) on a thread of the
    pool, each thread's memory kept it, and sixty took the service from 42 to 600 MB. Now the
    hash is made once per table, on one thread of its own."""
    from bench.rigs.director_process import DirectorProcess
    from tests.support.director_harness import KEY, TOURNAMENT
    process = DirectorProcess(tmp_path / "d.sqlite", KEY.encode(), tournament=TOURNAMENT).start()
    try:
        tables = [str(n) for n in range(1, 61)]
        with process_db(process) as db:
            for table in [*tables, "61"]:
                codes.make(db, table, time.time())
        warm = protocol.TableExchange("61", "000000").start_body()   # the modules a start loads
        assert post(process, "/api/enroll/start", warm, "127.0.2.1")[0] == 200
        before = peak_mib(process.process.pid)
        statuses: list[int] = []

        def start(n: int) -> None:
            body = protocol.TableExchange(tables[n % 60], "000000").start_body()
            statuses.append(post(process, "/api/enroll/start", body, f"127.0.1.{n + 1}")[0])

        for wave in range(2):
            threads = [threading.Thread(target=start, args=(wave * 60 + n,)) for n in range(60)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
        grown = peak_mib(process.process.pid) - before
        assert len(statuses) == 120 and set(statuses) <= {200, 503} and 200 in statuses
        assert grown < 3 * 16, f"the service's peak memory grew {grown:.0f} MiB"     # was 550
        assert process.answers()
    finally:
        process.stop()
