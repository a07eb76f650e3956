"""Someone between the tables (or the judge station) and the director, as the judge station's
attacks need one: a real HTTP server on 127.0.0.1 that passes every request to the director
and keeps what it saw (``seen``: (path, body) of each POST, as a sniffer on the Wi-Fi reads
them) and what the director answered (``answered``: (path, the answer's JSON)). While
``swallow`` names a path's ending ("/challenge", "/verdicts"), a POST there is not passed on: it
is answered 200 with ``answer(document)`` (the rogue's "taken") and kept in ``swallowed``."""
from __future__ import annotations

import http.client
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

from tests.support.served import serve


class Relay:
    def __init__(self, target: str):
        self.target = urllib.parse.urlsplit(target).netloc
        self.swallow: str | None = None
        self.answer: Callable[[dict], dict] = lambda document: {"outcome": "accepted"}
        self.seen: list[tuple[str, bytes]] = []
        self.swallowed: list[bytes] = []
        self.answered: list[tuple[str, dict]] = []
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        serve(self.server)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def sniffed(self, ending: str) -> list[bytes]:
        """The bodies posted to a path ending so, in order (passed on or not)."""
        with self._lock:
            return [body for path, body in self.seen if path.endswith(ending)]

    def relay(self, method: str, path: str, body: bytes, headers: dict) -> tuple[int, bytes]:
        if method == "POST":
            with self._lock:
                self.seen.append((path, body))
        if method == "POST" and self.swallow and path.endswith(self.swallow):
            with self._lock:
                self.swallowed.append(body)
            return 200, json.dumps(self.answer(json.loads(body)["document"])).encode()
        connection = http.client.HTTPConnection(self.target, timeout=60)
        try:
            connection.request(method, path, body or None, headers)
            response = connection.getresponse()
            code, raw = response.status, response.read()
        finally:
            connection.close()
        if method == "POST":
            with self._lock:
                self.answered.append((path, json.loads(raw or b"{}")))
        return code, raw

    def receipts(self, ending: str) -> list[dict]:
        """The director's receipts in its answers to the POSTs to a path ending so, in order."""
        with self._lock:
            return [body["receipt"] for path, body in self.answered
                    if path.endswith(ending) and "receipt" in body]


def _handler(relay: Relay):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _relay(self, method: str) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            passed = {k: v for k, v in self.headers.items()
                      if k.lower() in ("content-type", "x-station-proof")}
            code, raw = relay.relay(method, self.path, body, passed)
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
