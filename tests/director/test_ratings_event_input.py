"""What a rating estimate is given from the database (director.event.ratings.event_input): the
games that count, without byes and forfeits, as the books say; the ratings and the tsh ``lifeg``
of the players' file. Results come from real tables (signed, read back at ingest) and from the
director."""
import json

from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from director.event.db import DirectorDB
from director.event.model import Pairing, Player, forfeit
from director.event.ratings import Game
from director.event.ratings.event_input import division_input
from director.event.rounds import start_round, store_pairings, store_players
from director.event.tournament import store_imported_results
from director.files.imports import Upload, import_files
from director.tables.ingest import receive
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes

PLAYERS = [Player(1, "Ann Able", 1500), Player(2, "Bob Baker", 1400), Player(3, "Cat Cole", 1300),
           Player(4, "Dan Dale", 1200)]


def table_result(lines, preset, table, names, round_=1):
    replayed = replay_lines(json.dumps(line) for line in
                            [{"preset": preset, "round": round_, "players": names}, *lines])
    return result_document(replayed.state, replayed.events, replayed.state.last_ns,
                           tournament=TOURNAMENT, table=table, game_id=f"g{table}")


def received(db, preset, document):
    reply = receive(db, document["table"], "results", signed_bytes(document), KEY.encode(), 1e9,
                    rules=load_preset(preset))
    assert reply.code == 200, reply


def test_absp_3_1_4_a_late_forfeit_is_not_rated_and_9_3_an_overtime_forfeit_is(tmp_path):
    """ABSP 3.1.4: a game forfeited because a player is late "will not, however, count for
    ratings"; 9.3: a game overrun by ten minutes is forfeited, "different to a game forfeited by
    a player for not turning up": it was played, and is rated with its final scores."""
    with DirectorDB.open(tmp_path / "absp.sqlite") as db:
        store_players(db, PLAYERS)
        store_pairings(db, [Pairing(1, "1", (1, 2)), Pairing(1, "2", (3, 4))])
        start_round(db, 1, 1e9)
        received(db, "absp", table_result([{"t": 0, "cmd": "call", "absent": [1]},
                                           {"t": 601, "cmd": "forfeit", "player": 1, "reason": "late"}],
                                          "absp", "1", ["Ann Able", "Bob Baker"]))
        received(db, "absp", table_result([{"t": 0, "cmd": "start", "first": 0},
                                           {"t": 30, "cmd": "play", "player": 0, "score": 300},
                                           {"t": 60, "cmd": "play", "player": 1, "score": 100},
                                           {"t": 60 + 1470 + 601, "cmd": "tick"}],
                                          "absp", "2", ["Cat Cole", "Dan Dale"]))
        given = division_input(db, load_preset("absp"), TOURNAMENT, None)
    assert given.games == [Game(1, (3, 4), 1)]           # Cat, 10 minutes over, deemed to lose


def test_nzasp_9_3_and_10_4_byes_and_forfeits_are_not_rated(tmp_path):
    """NZASP 9.3: "Wins awarded from byes shall not be counted in ratings calculations"; 10.4:
    "Forfeited games shall not be counted in ratings calculations"."""
    with DirectorDB.open(tmp_path / "nzasp.sqlite") as db:
        store_players(db, PLAYERS[:3])
        store_pairings(db, [Pairing(1, "1", (1, 2)), Pairing(1, "", (3, 0)),
                            Pairing(2, "1", (1, 3)), Pairing(2, "", (2, 0))])
        start_round(db, 1, 1e9)
        start_round(db, 2, 2e9)
        store_imported_results(db, [forfeit(1, "1", 1, 2, 50)])         # Bob forfeits to Ann
        received(db, "nzasp", table_result(
            [{"t": 0, "cmd": "start", "first": 0}, {"t": 20, "cmd": "play", "player": 0, "score": 30},
             {"t": 40, "cmd": "play", "player": 1, "score": 20}, {"t": 60, "cmd": "end"},
             {"t": 61, "cmd": "rack", "player": 0, "tiles": "A"},
             {"t": 62, "cmd": "rack", "player": 1, "tiles": "E"}], "nzasp", "1", ["Ann Able", "Cat Cole"],
            round_=2))
        rules = load_preset("nzasp")
        given = division_input(db, rules, TOURNAMENT, None)
    assert given.games == [Game(2, (1, 3), 0)]             # the byes and the forfeit left out
    assert given.rounds == 2
    assert [(e.player, e.rating, e.games) for e in given.entrants] == [
        (1, 1500, None), (2, 1400, None), (3, 1300, None)]             # no lifeg: games not known


def test_the_players_files_lifeg_is_the_games_before_the_event(shared, tmp_path):
    with DirectorDB.open(tmp_path / "a.sqlite") as db:
        data = (shared.tsh / "naspa-2023-division-a.t").read_bytes()
        import_files(db, [Upload("a.t", data)])
        given = division_input(db, load_preset("aspa"), "", None)
    first = given.entrants[0]
    assert (given.players[0].name, first.rating, first.games) == ("Smylie, Jackson", 2009, 1726)
    assert given.rounds == 23 and len(given.games) == 295
