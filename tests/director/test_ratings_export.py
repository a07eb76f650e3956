"""The ratings export (.TOU, AUPAIR's layout) against the books' words on what is rated: a forfeit
and a bye are written against oneself, which the ratings programs skip (AUPAIR writes a missed
round so), a bye as AUPAIR's bye (a win "scoring" 1: ``2001``); a game played is rated, an ABSP
overtime forfeit among them. Results come from real tables (signed, read back at ingest) and from
the director."""
import json

import pytest

from director.event.db import DirectorDB
from director.event.model import Pairing, Player, forfeit
from director.event.rounds import start_round, store_pairings, store_players
from director.event.tournament import store_imported_results
from director.files.exports import export_tou
from director.files.tou import parse_tou
from director.tables.ingest import receive
from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes

PLAYERS = [Player(1, "Ann Able", 1500), Player(2, "Bob Baker", 1400), Player(3, "Cat Cole", 1300)]


def table_result(lines, preset, table="1"):
    replayed = replay_lines(json.dumps(line) for line in
                            [{"preset": preset, "round": 1, "players": ["Ann Able", "Bob Baker"]}, *lines])
    return result_document(replayed.state, replayed.events, replayed.state.last_ns,
                           tournament=TOURNAMENT, table=table, game_id="g1")


def event(tmp_path, preset, document=None):
    db = DirectorDB.open(tmp_path / f"{preset}.sqlite")
    store_players(db, PLAYERS)
    store_pairings(db, [Pairing(1, "1", (1, 2)), Pairing(1, "", (3, 0))])
    start_round(db, 1, 1e9)
    if document is not None:
        reply = receive(db, "1", "results", signed_bytes(document), KEY.encode(), 1e9,
                        rules=load_preset(preset))
        assert reply.code == 200, reply
    return db


def round_one(db, preset):
    """Each player's round-1 entry in the exported .TOU: (outcome, score, opponent's line)."""
    text = export_tou(db, load_preset(preset), TOURNAMENT, __import__("datetime").date(2026, 11, 28)).decode()
    (section,) = parse_tou(text)
    return {row.name: (row.entries[0].outcome, row.entries[0].score, row.entries[0].opponent)
            for row in section.rows}


def test_absp_a_late_forfeit_is_not_rated(tmp_path):
    """ABSP 3.1.4: "If a game is forfeited because a player is late, then the game stands as a win
    for the opponent with a spread of 75 points. The game will not, however, count for ratings."
    Both players' round is written against themselves: the winner's as a bye, the loser's as a
    missed round."""
    late = table_result([{"t": 0, "cmd": "call", "absent": [1]},
                         {"t": 601, "cmd": "forfeit", "player": 1, "reason": "late"}], "absp")
    assert late["result"]["forfeit"]["reason"] == "late"
    with event(tmp_path, "absp", late) as db:
        entries = round_one(db, "absp")
    assert entries["Ann Able"] == ("2", 1, 1)           # 2001 against herself (line 1)
    assert entries["Bob Baker"] == (" ", 0, 2)          # 0 against himself (line 2)
    assert entries["Cat Cole"] == ("2", 1, 3)           # the bye: AUPAIR's bye


def test_absp_an_overtime_forfeit_ends_a_game_that_is_rated(tmp_path):
    """ABSP 9.3: "When a player has commenced a game and then overruns the allotted time by 10
    minutes the game shall be forfeited by that player ... This is different to a game forfeited
    by a player for not turning up (see rule 3)." The game was played: it is rated with its final
    scores (the forfeiting player deemed to have lost by 150)."""
    over = table_result([{"t": 0, "cmd": "start", "first": 0},
                         {"t": 30, "cmd": "play", "player": 0, "score": 300},
                         {"t": 60, "cmd": "play", "player": 1, "score": 100},
                         {"t": 60 + 1470 + 601, "cmd": "tick"}], "absp")     # Ann 10 minutes over
    assert over["result"]["forfeit"] == {"player": 0, "reason": "overtime"}
    final = over["result"]["final"]
    assert final[1] - final[0] == 150                   # Ann was ahead: deemed to lose by 150
    with event(tmp_path, "absp", over) as db:
        entries = round_one(db, "absp")
    assert entries["Bob Baker"] == ("2", final[1], 1)   # a win, his score, against Ann (line 1)
    assert entries["Ann Able"] == (" ", final[0], 2)


def test_nzasp_forfeits_and_byes_are_not_rated(tmp_path):
    """NZASP 10.4: "Forfeited games shall not be counted in ratings calculations." NZASP 9.3:
    "Wins awarded from byes shall not be counted in ratings calculations." The director's forfeit
    is written against oneself for both players, the bye as a bye."""
    with event(tmp_path, "nzasp") as db:
        store_imported_results(db, [forfeit(1, "1", 1, 2, 50)])     # Bob forfeits to Ann
        entries = round_one(db, "nzasp")
    assert entries == {"Ann Able": ("2", 1, 1), "Bob Baker": (" ", 0, 2), "Cat Cole": ("2", 1, 3)}


@pytest.mark.parametrize("preset", ["absp", "nzasp"])
def test_a_game_played_is_rated(tmp_path, preset):
    """A game played is written with both scores against the opponent: the ratings count it."""
    lines = [{"t": 0, "cmd": "start", "first": 0}, {"t": 20, "cmd": "play", "player": 0, "score": 30},
             {"t": 40, "cmd": "play", "player": 1, "score": 20}, {"t": 60, "cmd": "end"},
             {"t": 61, "cmd": "rack", "player": 0, "tiles": "A"},
             {"t": 62, "cmd": "rack", "player": 1, "tiles": "E"}]
    game = table_result(lines, preset)
    final = game["result"]["final"]
    with event(tmp_path, preset, game) as db:
        entries = round_one(db, preset)
    assert entries["Ann Able"][1:] == (final[0], 2) and entries["Bob Baker"][1:] == (final[1], 1)
