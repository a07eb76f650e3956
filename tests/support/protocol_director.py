"""A small director that speaks docs/sync-protocol.md over real HTTP on 127.0.0.1, for the
kiosk's link tests: a real ``http.server`` (a free port, its own thread) that holds the
tournament key, checks each document under the key of the table it names, stores results by
(tournament, round, table) with the protocol's outcomes and the director's receipt, keeps the latest status and serves an
assignment signed with its table's key; ``raw`` answers a path with any bytes (a hostile
director). It can be taken down and brought up again
on the same port. (The end-to-end test runs the real ``python -m director``.)"""
from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from common.wire.schema_receipt import receipt, result_sha256
from common.wire.signing import SignatureError, sign, table_key, verify
from tests.support.served import serve


class ProtocolDirector:
    def __init__(self, key: bytes, port: int = 0):
        self.key, self.port = key, port             # the tournament key
        self.results: dict[tuple, dict] = {}        # (tournament, round, table) -> document
        self.posts: list[tuple[str, int]] = []      # (path, code) of every request answered
        self.statuses: dict[str, dict] = {}         # table -> the latest status
        self.assignments: dict[str, dict] = {}      # table -> signed assignment
        self.refuse_with: int | None = None         # answer every result with this code
        self.raw: dict[str, tuple[int, bytes]] = {}  # path -> (code, bytes): a hostile answer
        self.server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def up(self) -> "ProtocolDirector":
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), _handler(self))
        self.port = self.server.server_address[1]
        serve(self.server)
        return self

    def down(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def assign(self, path_table: str, key: bytes | None = None, **fields) -> None:
        """Serve an assignment at ``path_table``'s address (``table=`` may name another), signed
        with ``key`` or else the key of the table it names."""
        document = {"schema": 1, "kind": "assignment", "tournament": "", "round": 1,
                    "table": path_table, "players": ["Player 1", "Player 2"], "first": None,
                    "round_started_wall": None, "round_ended_wall": None, "revision": 1} | fields
        self.assignments[path_table] = sign(document, key or table_key(self.key, document["table"]))

    def answer(self, path: str, table: str, body: bytes) -> tuple[int, dict]:
        try:
            signed = json.loads(body)
        except ValueError:
            return 400, {"error": "not JSON"}
        if not isinstance(signed, dict) or signed.get("signature") is None:
            return 401, {"error": "no signature"}
        named = signed["document"].get("table") if isinstance(signed.get("document"), dict) else None
        try:
            document = verify(signed, table_key(self.key, str(named)))
        except SignatureError as exc:
            return 403, {"error": str(exc)}
        if document.get("table") != table:
            return 409, {"error": f"the document is for table {document.get('table')}"}
        if path == "status":
            self.statuses[table] = document
            return 200, {"outcome": "ok"}
        if self.refuse_with:
            return self.refuse_with, {"error": "refused by the test"}
        identity = (document["tournament"], document["round"], document["table"])
        stored = self.results.get(identity)
        held = {"receipt": receipt(table_key(self.key, table), table, document,
                                   result_sha256(document))}       # the director's, as it signs it
        if stored == document:
            return 200, {"outcome": "duplicate", **held}
        if stored is not None and stored["revision"] >= document["revision"]:
            return 200, {"outcome": "older"}
        self.results[identity] = document
        return 200, {"outcome": "replaced" if stored else "stored", **held}


def _handler(director: ProtocolDirector):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _send(self, code: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _route(self) -> tuple[str, str] | None:
            parts = self.path.strip("/").split("/")
            if len(parts) == 4 and parts[:2] == ["api", "tables"]:
                return parts[2], parts[3]
            return None

        def _send_raw(self) -> bool:
            if self.path not in director.raw:
                return False
            code, data = director.raw[self.path]
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return True

        def do_POST(self):
            route = self._route()
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self._send_raw():
                director.posts.append((route[1] if route else self.path, director.raw[self.path][0]))
                return
            if route is None or route[1] not in ("results", "status"):
                code, answer = 404, {"error": "no such path"}
            else:
                code, answer = director.answer(route[1], route[0], body)
            director.posts.append((route[1] if route else self.path, code))
            self._send(code, answer)

        def do_GET(self):
            route = self._route()
            if self._send_raw():
                return
            if route is None or route[1] != "assignment" or route[0] not in director.assignments:
                self._send(404, {"error": "no assignment"})
            else:
                self._send(200, director.assignments[route[0]])
    return Handler
