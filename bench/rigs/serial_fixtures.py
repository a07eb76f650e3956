"""What the serial tests send: result documents made by the replay core, signed with their
table's key (derived from ``KEY``, the director's tournament key), in real outbox files."""
from __future__ import annotations

import json
from pathlib import Path

from common.replay import replay_lines
from kiosk.store.outbox import Outbox
from common.wire.document import result_document
from common.wire.signing import sign, table_key

KEY = b"serial-line-tournament-key"
TOURNAMENT = "Serial Open"
WALL = 1_763_800_000.0


def names(table: int, round_: int) -> tuple[str, str]:
    """The players of ``table``'s game in ``round_``."""
    return f"A{table}-{round_}", f"B{table}-{round_}"


def paired(tables, rounds) -> tuple[list, list]:
    """The director's players and pairings (director.event.model) for the games ``signed_result``
    makes at ``tables`` in ``rounds``: a director checks every result against its pairing."""
    from director.event.model import Pairing, Player
    games = [(t, r) for r in rounds for t in tables]
    players = [Player(2 * i + side + 1, names(t, r)[side]) for i, (t, r) in enumerate(games)
               for side in (0, 1)]
    pairings = [Pairing(r, str(t), (2 * i + 1, 2 * i + 2), r % 2) for i, (t, r) in enumerate(games)]
    return players, pairings


def paired_and_started(db, tables, rounds) -> None:
    """``paired``'s players and pairings into the director's ``db``, every round started (a
    result counts only in a started round)."""
    from director.event.rounds import start_round, store_pairings, store_players
    players, pairings = paired(tables, rounds)
    store_players(db, players)
    store_pairings(db, pairings)
    for round_ in rounds:
        start_round(db, round_, WALL)


def signed_result(table: int, round_: int) -> dict:
    """A finished game's signed result for ``table`` in ``round_`` (scores vary with both)."""
    a, b = 10 + (table * 7 + round_ * 3) % 60, 5 + (table * 11 + round_ * 5) % 70
    script = [
        {"preset": "aspa", "round": round_, "players": list(names(table, round_))},
        {"t": 0, "cmd": "start", "first": round_ % 2},
        {"t": 20, "cmd": "play", "player": round_ % 2, "score": a},
        {"t": 45, "cmd": "play", "player": 1 - round_ % 2, "score": b},
        {"t": 60, "cmd": "challenge", "player": round_ % 2, "words": ["QI", "ZZX"], "valid": False},
        {"t": 62, "cmd": "resume", "player": 1 - round_ % 2},
        {"t": 70, "cmd": "play", "player": round_ % 2, "score": 9},
        {"t": 75, "cmd": "play", "player": 1 - round_ % 2, "score": 8},   # a final of 0 or more
        {"t": 80, "cmd": "out", "player": round_ % 2, "score": 12},
        {"t": 82, "cmd": "accept", "player": 1 - round_ % 2},
        {"t": 90, "cmd": "rack", "player": 1 - round_ % 2, "tiles": "AEI"},
    ]
    replayed = replay_lines(json.dumps(line) for line in script)
    document = result_document(replayed.state, replayed.events, 90 * 10**9, tournament=TOURNAMENT,
                               table=table, game_id=f"t{table}-r{round_}")
    return sign(document, table_key(KEY, str(table)))


def fill_outbox(path: Path, table: int, rounds: range) -> list[dict]:
    """An outbox file holding one signed result per round for ``table``; the documents."""
    documents = [signed_result(table, r) for r in rounds]
    with Outbox.open(path) as outbox:
        for document in documents:
            outbox.put("result", document, WALL)
    return documents


def unacked(path: Path) -> int:
    with Outbox.open(path) as outbox:
        return outbox.pending()
