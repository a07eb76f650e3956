"""Attack: a rogue on the Wi-Fi (issue 27, item 6). It announced the tournament's name first, so
a table being enrolled found it first; it relays the table's requests to the real director
(enrollment, statuses, assignments) but answers a result "stored" and drops it.

- a result answered "stored" with no receipt, with a receipt under another table's key (a card
  taken from table 4), or with the real receipt of the table's previous result: the table keeps
  the result queued and its top line says the director did not confirm it; nothing changes at
  the director; once the relay passes it on, the director stores it and the table counts it
  sent (the director's receipt, common.wire.schema_receipt);
- a table enrolled by code through the rogue, found first by DNS-SD: its enrollment keeps the
  address the director sealed, not the rogue's; its confirmation goes to the director itself.

The director's own answer to a name conflict (the rogue holding the tournament's name on the
network) is tested with zeroconf in a network namespace: test_rogue_name.py.
"""
from __future__ import annotations

import http.client
import json
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kiosk.config import enrolled as enrollment_file
from kiosk.store.outbox import Outbox
from kiosk.link.discovery import Found
from kiosk.link.enroll import _check
from kiosk.link.enroll_worker import EnrollWorker
from kiosk.link.http_client import DirectorClient
from common.wire.schema_receipt import receipt, result_sha256
from kiosk.link.sender import Sender, link_text
from common.wire.signing import sign, table_key
from tests.support.director_harness import KEY, TOURNAMENT, result_doc
from tests.support.wait import wait_until
from tests.support.served import serve

TABLE = "5"
TABLE_KEY = table_key(KEY.encode(), TABLE)
WALL = 1_800_000_000.0


class Relay:
    """The rogue: a real HTTP server on 127.0.0.1 passing every request to the director at
    ``target``, but a result posted while ``mode`` is not "forward" is answered 200 "stored" in
    the rogue's way and dropped (``dropped``); ``receipts``: the real receipts it passed on."""

    def __init__(self, target: str):
        self.target = urllib.parse.urlsplit(target).netloc
        self.mode = "forward"
        self.dropped: list[bytes] = []
        self.paths: list[str] = []
        self.receipts: list[dict] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        serve(self.server)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, method: str, path: str, body: bytes) -> tuple[int, bytes]:
        self.paths.append(path)
        if method == "POST" and path.endswith("/results") and self.mode != "forward":
            self.dropped.append(body)
            return 200, json.dumps(self.stored(json.loads(body)["document"])).encode()
        connection = http.client.HTTPConnection(self.target, timeout=60)
        try:
            connection.request(method, path, body or None, {"Content-Type": "application/json"})
            response = connection.getresponse()
            code, raw = response.status, response.read()
        finally:
            connection.close()
        if path.endswith("/results") and code == 200:
            self.receipts.append(json.loads(raw)["receipt"])
        return code, raw

    def stored(self, document: dict) -> dict:
        """The rogue's "stored", as its mode makes it."""
        said = {"outcome": "replaced", "tournament": document["tournament"],
                "round": document["round"], "table": document["table"],
                "revision": document["revision"]}
        if self.mode == "another table's key":
            said["receipt"] = receipt(table_key(KEY.encode(), "4"), document["table"], document,
                                      result_sha256(document))
        elif self.mode == "the previous result's receipt":
            said["receipt"] = self.receipts[-1]
        return said


def _handler(relay: Relay):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _relay(self, method: str) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            code, raw = relay.answer(method, self.path, body)
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_GET(self):
            self._relay("GET")

        def do_POST(self):
            self._relay("POST")
    return Handler


@pytest.fixture
def relay(director):
    rogue = Relay(director.url)
    yield rogue
    rogue.close()


def results(director) -> list[tuple]:
    return [(r["table_name"], r["revision"], r["score0"], r["score1"]) for r in director.rows("results")]


@pytest.mark.parametrize("mode", ["no receipt", "another table's key", "the previous result's receipt"])
def test_a_relay_that_answers_stored_and_drops_the_result_does_not_end_it(director, relay, tmp_path,
                                                                          mode):
    store, now = tmp_path / "kiosk.sqlite", [WALL]
    sender = Sender(store, DirectorClient(relay.url, TABLE, TABLE_KEY, timeout_s=60), TABLE_KEY,
                    base_delay_s=1.0, max_delay_s=30.0, wall=lambda: now[0])
    with Outbox.open(store) as outbox:
        outbox.put("result", sign(result_doc(TABLE, scores=(400, 300)), TABLE_KEY), WALL)
        sender.step(outbox)                          # the relay passes the first one on
        assert outbox.pending("result") == 0 and len(relay.receipts) == 1
        assert link_text(sender.link) == "result sent to director"
        before = results(director)
        assert before == [(TABLE, 1, 400 + 12, 300 - 2)]

        relay.mode = mode                            # now it answers "stored" and drops it
        second = outbox.put("result", sign(result_doc(TABLE, scores=(410, 300), revision=2),
                                           TABLE_KEY), now[0])
        for _ in range(3):
            sender.step(outbox)
            now[0] += 60                             # past the backoff: sent again
        assert len(relay.dropped) == 3
        assert outbox.get(second).acked is None and outbox.pending("result") == 1
        assert outbox.get(second).last_error.startswith("unconfirmed: ")
        assert link_text(sender.link) == ("the director did not confirm the result: kept to send "
                                          "again (1)")
        assert results(director) == before and director.rows("results_audit") == []

        relay.mode = "forward"                       # the rogue leaves, or passes it on
        sender.step(outbox)
        assert outbox.get(second).acked == now[0] and outbox.pending("result") == 0
        assert link_text(sender.link) == "result sent to director"
    assert results(director) == [(TABLE, 2, 410 + 12, 300 - 2)]
    assert director.up()


def test_a_rogue_found_first_is_not_the_tables_director_after_enrollment(director, relay, tmp_path):
    code = director.request("POST", "/api/enroll", json.dumps({"table": "7"}).encode()).body["code"]
    path = tmp_path / "enrollment.toml"

    def finder(wait_s, interfaces=None):         # the rogue took the name, the director is "-2"
        return [Found(TOURNAMENT, relay.url), Found(f"{TOURNAMENT}-2", director.url)]

    worker = EnrollWorker(str(path), finder=finder)
    worker.find()
    found = wait_until(lambda: worker.progress().found, what="the directors found")
    assert found[0] == (TOURNAMENT, relay.url)
    worker.by_code(found[0][1], "7", code)      # the volunteer takes the first one
    progress = wait_until(lambda: worker.progress().phase in ("enrolled", "failed")
                          and worker.progress(), timeout=120, what="the enrollment")
    assert progress.phase == "enrolled", progress.text
    assert director.url in progress.text and f"came through {relay.url}" in progress.text
    values = enrollment_file.read_enrollment(path, _check)
    assert values["director.url"] == director.url and values["kiosk.table"] == "7"
    assert relay.paths == ["/api/enroll/start"]                  # the confirmation went direct
    assert [(r["table_name"], r["state"]) for r in director.rows("enrollment_codes")] == [("7", "used")]
    assert director.up()
