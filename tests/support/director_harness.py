"""The director under test: a real uvicorn server on 127.0.0.1 (a free port) in a thread, its
SQLite file in a temporary folder, and real signed documents built by the replay core, each
signed with the key of the table it names (``signed_bytes``) as that table's kiosk signs it."""
from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from director.app import create_app
from director.config import load_config
from director.db import DirectorDB
from kiosk.replay import replay_lines
from kiosk.sync.document import result_document
from kiosk.sync.signing import sign, table_key

KEY = "director-test-key-0123"
TOURNAMENT = "Test Open"
START_TIMEOUT_S = 30


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


def signed_bytes(document: dict, key: str = KEY, *, table: str | None = None) -> bytes:
    """``document`` signed as a table signs it: with the key of ``table`` (default: the table it
    names) derived from the tournament key ``key``."""
    table = document["table"] if table is None else table
    return json.dumps(sign(document, table_key(key.encode(), table))).encode()


@dataclass
class Answer:
    code: int
    body: dict


class Director:
    """A running director: ``url``, ``db`` (its DirectorDB), ``post``/``get`` over real HTTP."""

    def __init__(self, db_path: Path, preset: str = "aspa"):
        self.config = load_config(None, {"tournament.name": TOURNAMENT, "tournament.key": KEY,
                                         "tournament.preset": preset, "service.db": str(db_path)})
        self.db = DirectorDB.open(db_path)
        self.app = create_app(self.db, self.config)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning",
                                                    timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    def start(self) -> "Director":
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the director's server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=START_TIMEOUT_S)
        self.sock.close()
        self.db.close()

    def request(self, method: str, path: str, data: bytes | None = None,
                headers: dict | None = None) -> Answer:
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=START_TIMEOUT_S) as response:
                return Answer(response.status, json.loads(response.read() or b"{}"))
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, json.loads(exc.read() or b"{}"))

    def post(self, table: str | int, path: str, data: bytes) -> Answer:
        return self.request("POST", f"/api/tables/{table}/{path}", data)

    def up(self) -> bool:
        """Whether the service still answers (the page's state)."""
        return self.request("GET", "/api/state").code == 200

    def rows(self, table: str) -> list[dict]:
        with self.db.locked() as conn:
            return list(conn[table].rows)
