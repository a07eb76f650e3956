"""The rehearsal's event: its players, every round's pairings (a different opponent each round,
who goes first alternating, table 1 to N), as one tsh division file the director imports
through its page; and the standings the scripts alone give.

``expected_standings(...)`` writes the same division file with every game's final score as the
replay core works it out from the game's script (its result document read back as the director
reads a table's: director.event.model.game_from_document), imports it into a database of its
own and exports its standings as the director's page does (director.files.exports): the
director's standings after the rehearsal must be that file, byte for byte.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.event.model import GameResult, Pairing, Player, game_from_document
from director.files import exports, imports, tsh
from common.wire.document import result_document

FILE = "rehearsal.t"
FIRST = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee",
         "Max", "Ned", "Oda", "Pat", "Quin", "Ros", "Sam", "Tia")
LAST = ("Abbot", "Baker", "Cole", "Drake", "Ellis", "Ford", "Grant", "Hale", "Irwin", "Joyce",
        "Kerr", "Lowe", "Marsh", "Nash", "Orr")


def players(count: int) -> list[Player]:
    """``count`` players with names a .t file holds (no digits), numbered from 1."""
    if count > len(FIRST) * len(LAST):
        raise ValueError(f"at most {len(FIRST) * len(LAST)} players")
    return [Player(n + 1, f"{FIRST[n % len(FIRST)]} {LAST[n // len(FIRST)]}", 1200 + (n * 37) % 800)
            for n in range(count)]


def pairings(tables: int, rounds: int) -> list[Pairing]:
    """Each round's pairings of players 1..2*tables (a round robin's rounds: a different
    opponent each time), at tables 1..tables, who goes first alternating. Each pairing names
    the lower-numbered player first, as the director holds a pairing read from a .t file (and
    sends it to the table: the left player, then the right)."""
    n = 2 * tables
    out = []
    for round_number in range(1, rounds + 1):
        shift = (round_number - 1) % (n - 1)
        ring = [1] + [2 + (i + shift) % (n - 1) for i in range(n - 1)]
        for t in range(tables):
            pair = (ring[t], ring[n - 1 - t])
            first = pair[(t + round_number) % 2]
            players = tuple(sorted(pair))
            out.append(Pairing(round_number, str(t + 1), players, players.index(first)))
    return out


def event_file(people: Sequence[Player], paired: Sequence[Pairing],
               results: Sequence[GameResult] = ()) -> bytes:
    return tsh.format_t(people, paired, results).encode(tsh.ENCODING)


def result_of(game, tournament: str, people: Sequence[Player]) -> GameResult:
    """The game's result as the director reads it from the table's document."""
    state = game.replayed.state
    document = result_document(state, game.replayed.events, state.last_ns, tournament=tournament,
                               table=game.table, game_id=f"rehearsal-{game.table}-{game.round}")
    return game_from_document(document, people)


def expected_standings(folder: Path, config: DirectorConfig, people: Sequence[Player],
                       paired: Sequence[Pairing], games) -> bytes:
    """The standings (CSV, as the page exports them) that the scripts alone give."""
    results = [result_of(game, config.tournament, people) for game in games]
    path = folder / "expected.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with DirectorDB.open(path) as db:
        imports.import_files(db, [imports.Upload(FILE, event_file(people, paired, results))])
        return exports.export_standings_csv(db, config.rules, config.tournament)
