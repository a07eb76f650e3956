"""The director under test: a real uvicorn server on 127.0.0.1 (a free port) in a thread, its
SQLite file in a temporary folder, and real signed documents built by the replay core, each
signed with the key of the table it names (``signed_bytes``) as that table's kiosk signs it.
Its page's requests log in with the director's password (``PASSWORD``) as the page does
(bench/rigs/page_session.py); ``anonymous=True`` sends one without the session.

It is the director's own app (director.web.app.create_app) behind the service's own door
(director.web.connections.server_config), as ``python -m director`` serves it, in the test's
process: it starts in a tenth of a second, where the process takes a second or more of a loaded
machine. The process (bench/rigs/director_process.py) is for what only a process shows: a
director killed and started again, its command line, its serial lines. The fixtures that make
either are in tests/support/fixtures.py."""
from __future__ import annotations

import contextlib
import functools
import http.client
import json
import logging
import sqlite3
import threading
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from director.web.app import create_app
from director.web.connections import listening_socket, server_config
from director.config import load_config
from director.event.db import DirectorDB
from tests.support.quick_hash import quick_hash
from bench.rigs.page_session import PageSession
from common.replay import replay_lines
from common.wire.document import result_document
from common.wire.signing import sign, table_key, wire
from tests.support.wait import wait_until

KEY = "director-test-key-0123"
TOURNAMENT = "Test Open"
PASSWORD = "the director's test password"
START_TIMEOUT_S = 60


def game_script(round_number: int, players: tuple[str, str], scores: tuple[int, int],
                preset: str = "aspa") -> list[dict]:
    """A short game: each player plays once, then player 0 goes out and the rack is counted."""
    return [
        {"preset": preset, "round": round_number, "players": list(players)},
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 20, "cmd": "play", "player": 0, "score": scores[0]},
        {"t": 40, "cmd": "play", "player": 1, "score": scores[1]},
        {"t": 60, "cmd": "out", "player": 0, "score": 10},
        {"t": 62, "cmd": "accept", "player": 1},
        {"t": 70, "cmd": "rack", "player": 1, "tiles": "AE"},
        {"t": 75, "cmd": "confirm", "player": 0},
        {"t": 76, "cmd": "confirm", "player": 1},
    ]


def result_doc(table: str | int, round_number: int = 1, players=("Ann", "Bob"),
               scores=(30, 20), revision: int = 1, tournament: str = TOURNAMENT) -> dict:
    replayed = replay_lines(json.dumps(line) for line in game_script(round_number, players, scores))
    return result_document(replayed.state, replayed.events, 80 * 10**9, tournament=tournament,
                           table=table, game_id=f"t{table}-r{round_number}", revision=revision)


def status_doc(table: str | int, round_number: int = 1, phase: str = "playing",
               times_ms=(1_200_000, 1_300_000), scores=(120, 98), sent_wall: float = 0.0,
               alerts: dict | None = None) -> dict:
    return {"schema": 1, "kind": "status", "tournament": TOURNAMENT, "round": round_number,
            "table": str(table), "game_id": f"t{table}-r{round_number}", "players": ["Ann", "Bob"],
            "phase": phase, "times_ms": list(times_ms), "scores": list(scores), "to_move": 0,
            "running": 0, "alerts": alerts or {"overtime": [], "hold": None, "challenge": None,
                                               "neutral": None, "absent": []},
            "outbox_pending": 0, "sent_wall": sent_wall}


def four_tables_at_play(director) -> dict[int, str]:
    """Tables 1 to 4 of a round under way, as they post: 1 playing, 2 in a challenge, 3's result
    (Eve 330 - Fay 290, division B) in, 4 in overtime. The tile's state of each, as pages show it."""
    director.post(1, "status", signed_bytes(status_doc(1, times_ms=(754_000, 1_200_000), scores=(180, 150))))
    director.post(2, "status", signed_bytes(status_doc(2, phase="challenge", alerts={
        "overtime": [], "hold": None, "challenge": 1, "neutral": "challenge", "absent": []})))
    director.post(4, "status", signed_bytes(status_doc(4, times_ms=(-65_000, 30_000), alerts={
        "overtime": [0], "hold": None, "challenge": None, "neutral": None, "absent": []})))
    document = {**result_doc(3, players=("Eve", "Fay"), scores=(330, 290)), "division": "B"}
    assert director.post(3, "results", signed_bytes(document)).body["outcome"] == "stored"
    return {1: "playing", 2: "challenge", 3: "result", 4: "overtime"}


def signed_bytes(document: dict, key: str = KEY, *, table: str | None = None) -> bytes:
    """``document`` signed as a table signs it: with the key of ``table`` (default: the table it
    names) derived from the tournament key ``key``."""
    table = document["table"] if table is None else table
    return wire(sign(document, table_key(key.encode(), table)))


@dataclass
class Answer:
    code: int
    body: dict


@functools.lru_cache(maxsize=None)
def password_hash() -> str:
    return quick_hash(PASSWORD)


class Director:
    """A running director: ``url``, ``db`` (its DirectorDB, ``db_path`` its file), ``post`` and
    ``request`` over real HTTP; ``settings``: more of its config's keys ({"limits.requests_per_s":
    5}) over those of the file ``config``, if any; ``key`` and ``tournament``: the tournament's
    (``key_file`` holds the key, for the director's commands: ``python -m director enroll
    --key-file``). ``log`` is a file of what its modules log at WARNING and above while it
    runs, as the service's journal would show. ``stop()`` (or ``kill()``, which does not wait
    for a request under way) and ``start()`` again: the service back on the same port and
    file, its page's sessions gone, as after a restart of the process."""

    def __init__(self, db_path: Path, preset: str = "aspa", settings: dict | None = None,
                 announcement=None, *, key: str | bytes = KEY, tournament: str = TOURNAMENT,
                 config: Path | None = None):
        key = key.decode() if isinstance(key, bytes) else key
        self.key, self.tournament, self.announcement = key.encode(), tournament, announcement
        self.db_path = Path(db_path)
        self.key_file, self.log = self.db_path.with_suffix(".key"), self.db_path.with_suffix(".log")
        self.key_file.write_bytes(self.key + b"\n")
        self._config_file = config
        self._settings = {"tournament.name": tournament, "tournament.key": key,
                          "tournament.preset": preset, "service.db": str(db_path), **(settings or {})}
        self.config = load_config(config, self._settings)
        self.port = 0                               # a free port, the first start's from then on
        self.server: uvicorn.Server | None = None
        self._open()
        self.url = f"http://127.0.0.1:{self.port}"
        self.page = PageSession(self.url, PASSWORD)
        self.logged = logging.FileHandler(self.log, encoding="utf-8")
        self.logged.setLevel(logging.WARNING)
        self.logged.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def _open(self) -> None:
        """The database, the app and its server, as the service's start makes them."""
        self.db = DirectorDB.open(self.db_path)
        self.app = create_app(self.db, self.config, password_hash=password_hash(),
                              announcement=self.announcement)
        self.sock = listening_socket("127.0.0.1", self.port)      # the service's own
        self.port = self.sock.getsockname()[1]
        self.server = uvicorn.Server(server_config(self.app, self.config.limits, log_level="warning",
                                                   timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    def start(self, key: str | bytes | None = None) -> "Director":
        """The service started (again, after ``stop``: with the tournament key ``key`` if given,
        as ``python -m director`` given another key file)."""
        if key is not None:
            assert self.server is None or not self.server.started, "a new key needs a stopped service"
            key = key.decode() if isinstance(key, bytes) else key
            self.key = key.encode()
            self.key_file.write_bytes(self.key + b"\n")
            self._settings["tournament.key"] = key
            self.config = load_config(self._config_file, self._settings)
        if self.server is None:                     # stopped before: started again
            self._open()
            self.page.token = None                  # the sessions were the last server's
        logging.getLogger("director").addHandler(self.logged)
        self.thread.start()
        wait_until(lambda: self.server.started or not self.thread.is_alive(), START_TIMEOUT_S,
                   "the director's server started")
        if not self.server.started:
            raise RuntimeError("the director's server did not start")
        return self

    def stop(self, *, wait: bool = True) -> None:
        """The service stopped (at once, a request under way cut short, unless ``wait``)."""
        if self.server is None:
            return
        self.server.force_exit = not wait
        self.server.should_exit = True
        self.thread.join(timeout=START_TIMEOUT_S)
        self.sock.close()
        self.db.close()
        logging.getLogger("director").removeHandler(self.logged)
        self.logged.close()
        self.server = None

    def kill(self) -> None:
        """Gone at once, as the process killed would be: what SQLite committed stays."""
        self.stop(wait=False)

    def round_action(self, action: str, round: int) -> dict:
        """The page's buttons: start or end a round (POST /api/rounds/start|end), logged in."""
        answer = self.request("POST", f"/api/rounds/{action}", json.dumps({"round": round}).encode())
        if answer.code != 200:
            raise RuntimeError(f"{action} round {round}: {answer.code} {answer.body}")
        return answer.body

    def request(self, method: str, path: str, data: bytes | None = None,
                headers: dict | None = None, *, anonymous: bool = False) -> Answer:
        """A request of the page's (logged in, unless ``anonymous``); the tables' API needs no
        session (``post``)."""
        page = {} if anonymous or path.startswith("/api/tables/") else self.page.headers(method)
        connection = http.client.HTTPConnection(urllib.parse.urlsplit(self.url).netloc, timeout=START_TIMEOUT_S)
        try:
            connection.putrequest(method, path)
            for name, value in {"Content-Type": "application/json", "Content-Length": str(len(data or b"")),
                                **page, **(headers or {})}.items():
                connection.putheader(name, value)
            connection.endheaders()
            try:
                connection.send(data or b"")
            except (BrokenPipeError, ConnectionResetError):
                pass            # refused before its body was read (a 413): the answer is there
            response = connection.getresponse()
            return Answer(response.status, json.loads(response.read() or b"{}"))
        finally:
            connection.close()

    def up(self) -> bool:
        """Whether the service still answers (the page's state)."""
        return self.request("GET", "/api/state").code == 200

    def download(self, path: str):
        """A download of the page's (an export): its bytes and headers."""
        request = urllib.request.Request(self.url + path, headers=self.page.headers("GET"))
        with urllib.request.urlopen(request, timeout=START_TIMEOUT_S) as response:
            return response.read(), response.headers

    def post(self, table: str | int, path: str, data: bytes) -> Answer:
        return self.request("POST", f"/api/tables/{table}/{path}", data)

    def stored(self) -> dict[str, list[dict]]:
        """Every table of the database but the audit of refusals: what an attack must not change."""
        with self.db.locked() as conn:
            names = [n for n in conn.table_names() if n != "rejections"]
        return {name: self.rows(name) for name in names}

    def rows(self, table: str) -> list[dict]:
        """A table of the database; read from its file while the service is stopped."""
        if self.server is None:
            with contextlib.closing(sqlite3.connect(self.db_path)) as conn:
                conn.row_factory = sqlite3.Row
                return [dict(r) for r in conn.execute(f"SELECT * FROM [{table}]")]
        with self.db.locked() as conn:
            return list(conn[table].rows)
