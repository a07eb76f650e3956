"""A division played at real tables, for the end-of-day tests: its players and rounds as the
rehearsal makes them (director.rehearsal.event: names, ratings 1200 to 2000, a round robin's
opponents, who goes first alternating), imported as a .t file; every game a replay script
of some twenty-four turns (director.rehearsal.games), its result document signed with its
table's key and taken in by the director as a table's post is (director.tables.ingest.receive).
A game may be given its words (``words``): a ``word`` line noting the word of a side's best
play, as a player at the table does."""
from __future__ import annotations

import json
from dataclasses import dataclass

from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, Pairing, Player
from director.files.imports import Upload, import_files
from director.rehearsal import event as rehearsal_event
from director.rehearsal.games import make_game
from director.event.rounds import end_round, start_round
from director.event.tournament import pairings
from director.tables.ingest import receive
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes


@dataclass(frozen=True)
class Played:
    players: list[Player]
    pairings: list[Pairing]
    documents: dict[tuple[int, str], dict]         # (round, table) -> the result document


def play_division(db: DirectorDB, *, count: int = 8, rounds: int = 3, seed: int = 37,
                  division: str = "A", preset: str = "aspa",
                  words: dict[tuple[int, str], dict[int, str]] | None = None,
                  people: list[Player] | None = None) -> Played:
    """The division imported and every game of its ``rounds`` played; ``words``: for (round,
    table), {side: word} noted on that side's best play."""
    people = people or rehearsal_event.players(count)
    paired = rehearsal_event.pairings(len(people) // 2, rounds)
    import_files(db, [Upload(f"{division}.t", rehearsal_event.event_file(people, paired))],
                 division=division)
    paired = pairings(db, division)         # at the venue's tables (after another division's)
    rules = load_preset(preset)
    names = {p.number: p.name for p in people}
    documents = {}
    for pairing in paired:
        start_round(db, pairing.round, 1_700_000_000.0 + pairing.round, division)
        if NO_OPPONENT in pairing.players:
            continue
        header = {"preset": preset, "round": pairing.round,
                  "players": [names[n] for n in pairing.players], "first": pairing.first}
        game = make_game(header, pairing.table, seed * 1009 + pairing.round * 31 + int(pairing.table))
        lines = list(game.lines)
        noted = (words or {}).get((pairing.round, pairing.table), {})
        if noted:
            lines = with_words(lines, noted)
        replayed = replay_lines(json.dumps(line) for line in lines)
        state = replayed.state
        document = result_document(state, replayed.events, state.last_ns, tournament=TOURNAMENT,
                                   table=pairing.table, division=division,
                                   game_id=f"{division}-{pairing.round}-{pairing.table}")
        reply = receive(db, pairing.table, "results", signed_bytes(document), KEY.encode(),
                        1_700_000_000.0 + pairing.round, rules=rules)
        assert reply.body.get("outcome") == "stored", reply.body
        documents[(pairing.round, pairing.table)] = document
    for round_number in range(1, rounds + 1):
        end_round(db, round_number, 1_700_000_100.0 + round_number, division)
    return Played(people, paired, documents)


def with_words(lines: list[dict], noted: dict[int, str]) -> list[dict]:
    """The script with a ``word`` line for each side's best play, before the first confirm."""
    replayed = replay_lines(json.dumps(line) for line in lines)
    turns = replayed.state.turns
    at = next(i for i, line in enumerate(lines) if line.get("cmd") == "confirm")
    added = []
    for side, word in noted.items():
        plays = [(t.points, i) for i, t in enumerate(turns) if t.player == side and t.kind == "play"
                 and not t.off]
        best = max(plays)[1]
        added.append({"t": lines[at]["t"], "cmd": "word", "player": side, "turn": best + 1,
                      "word": word})
    return lines[:at] + added + lines[at:]


def best_turns(document: dict) -> dict[int, int]:
    """Each side's best play's score in a result document (as the prize reads it)."""
    best: dict[int, int] = {}
    for turn in document["result"]["turns"]:
        if turn["type"] == "play":
            best[turn["player"]] = max(best.get(turn["player"], 0), turn["score"])
    return best
