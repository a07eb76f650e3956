"""Simulated kiosks for the link tests: each its own SQLite store with the real Session (journal
and outbox), its games driven through the core from replay scripts (common.replay), each locked
result signed with the table's own key (derived from ``KEY``, the tournament key the director
holds) and queued by the session as on a real table."""
from __future__ import annotations

import json
from pathlib import Path

from common.presets import load_rules
from common.replay import replay_lines
from kiosk.session import GameSetup, Session
from common.wire.signing import table_key

KEY = b"the tournament key for tests"
TOURNAMENT = "Link Open"


def script(round: int, players: tuple[str, str], scores: tuple[int, int], preset: str = "aspa",
           first: int = 0) -> list[dict]:
    """A short game that ends by a play-out and is confirmed (locked): the player going
    second goes out; ``scores`` are each player's single play."""
    second = 1 - first
    return [{"preset": preset, "round": round, "players": list(players)},
            {"t": 0, "cmd": "start", "first": first},
            {"t": 20, "cmd": "play", "player": first, "score": scores[first]},
            {"t": 45, "cmd": "out", "player": second, "score": scores[second]},
            {"t": 50, "cmd": "accept", "player": first},
            {"t": 60, "cmd": "rack", "player": first, "tiles": "AE"},
            {"t": 70, "cmd": "confirm", "player": 0},
            {"t": 71, "cmd": "confirm", "player": 1}]


def play(path: Path, table: str, lines: list[dict], *, key: bytes | None = None,
         tournament: str = TOURNAMENT) -> dict:
    """Play one scripted game on the kiosk store at ``path`` (a new game in its journal) and
    lock it: its result, signed with ``key`` (default: the table's key), goes into the outbox.
    Returns the replayed result (as a dict)."""
    key = table_key(KEY, table) if key is None else key
    header = lines[0]
    replayed = replay_lines(json.dumps(line) for line in lines)
    assert replayed.state.phase == "confirmed", "the script must lock its result"
    setup = GameSetup(load_rules(header["preset"]), header["round"], tuple(header["players"]),
                      table, tournament)
    session = Session.open(path, setup, key=key)
    try:
        started = session.start(0)
        if started.state.phase != "setup" or started.state.last_ns is not None:
            session.new_game()
        session.append(replayed.events)
    finally:
        session.close()
    return replayed.result.to_dict()
