"""Kiosk result documents become the director's results; names are matched, bad ones refused."""
import json

import pytest

from director.event.model import (GameResult, ModelError, Player, UnknownPlayer, bye, forfeit,
                                  game_from_document, games_from_document)
from director.event.standings import compute_standings
from common.replay import replay_lines
from common.wire.document import result_document

PLAYERS = [Player(1, "Ann Smith", 1800), Player(2, "Bob Jones", 1700), Player(3, "Cat Lee", 1600)]


def document(script, table=4):
    replayed = replay_lines(json.dumps(line) for line in script)
    return result_document(replayed.state, replayed.events, 100 * 10**9, tournament="Open",
                           table=table, game_id="g")


def test_a_finished_game_becomes_a_result_matched_by_name_case_and_spacing_aside():
    doc = document([
        {"preset": "nzasp", "round": 2, "players": ["bob  JONES", " Ann Smith"]},
        {"t": 0, "cmd": "start", "first": 1},          # Ann (the document's player 1) starts
        {"t": 10, "cmd": "play", "player": 1, "score": 30},
        {"t": 20, "cmd": "out", "player": 0, "score": 12},
        {"t": 22, "cmd": "accept", "player": 1},
        {"t": 25, "cmd": "rack", "player": 1, "tiles": "QZ"},
    ])
    # Bob went out: 12 + 2 x (Q 10 + Z 10) = 52 (NZASP doubles the rack); Ann keeps 30.
    assert game_from_document(doc, PLAYERS) == GameResult(2, "4", (2, 1), (52, 30), first=1, kind="game")


def test_a_capped_game_keeps_the_kiosks_capped_scores():
    doc = document([
        {"preset": "school", "round": 1, "players": ["Ann Smith", "Cat Lee"]},
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 180},
        {"t": 20, "cmd": "out", "player": 1, "score": 20},
        {"t": 22, "cmd": "accept", "player": 0},
        {"t": 25, "cmd": "rack", "player": 0, "tiles": "E"},
    ])
    # Cat went out: 20 + 1 = 21; Ann 180 - 1 = 179: spread 158, capped at 100 in round 1 by
    # lowering the winner's score to 121.
    result = game_from_document(doc, PLAYERS)
    assert (result.players, result.scores, result.winner) == ((1, 3), (121, 21), 0)


def test_a_forfeited_game_is_a_forfeit_with_the_presets_margin():
    doc = document([
        {"preset": "absp", "round": 3, "players": ["Ann Smith", "Bob Jones"]},
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 20},
        {"t": 20, "cmd": "forfeit", "player": 0},
    ])
    # Ann forfeits at 20-0: Bob wins by ABSP's result.forfeit_spread, 75, so Bob's score is 95.
    result = game_from_document(doc, PLAYERS)
    assert (result.kind, result.players, result.scores, result.winner) == ("forfeit", (1, 2), (20, 95), 1)


def test_a_double_forfeit_is_two_forfeit_losses_never_a_tie():
    """School 25: a team that fails to arrive within 15 minutes forfeits, "a loss and -50
    points of spread": both teams absent, both lose by 50 (docs/rules-check.md, section 5)."""
    doc = document([{"preset": "school", "round": 2, "players": ["Ann Smith", "Bob Jones"]},
                    {"t": 0, "cmd": "call", "absent": [0, 1]}, {"t": 900, "cmd": "tick"}])
    assert doc["result"]["forfeit"] == {"players": [0, 1], "reason": "late", "each_spread": -50}
    results = games_from_document(doc, PLAYERS)
    assert results == (GameResult(2, "4", (1, 0), (0, 50), None, "forfeit", 1),
                       GameResult(2, "4", (2, 0), (0, 50), None, "forfeit", 1))
    rows = {s.player.number: (s.wins, s.losses, s.spread) for s in compute_standings(PLAYERS, results)}
    assert rows[1] == rows[2] == (0, 1, -50)
    with pytest.raises(ModelError, match="two results"):
        game_from_document(doc, PLAYERS)


def test_an_unknown_or_ambiguous_name_is_refused_naming_it():
    doc = document([{"preset": "aspa", "round": 1, "players": ["Ann Smith", "Dora"]},
                    {"t": 0, "cmd": "start", "first": 0}, {"t": 5, "cmd": "end"}])
    with pytest.raises(UnknownPlayer, match=r"table '4'.*'Dora' is not one of the director's players"):
        game_from_document(doc, PLAYERS)
    with pytest.raises(UnknownPlayer, match="matches several players"):
        game_from_document(doc | {"players": ["Ann Smith", "Bob Jones"]},
                           PLAYERS + [Player(4, "ann  smith")])


def test_an_unfinished_or_malformed_document_is_refused():
    doc = document([{"preset": "aspa", "round": 1, "players": ["Ann Smith", "Bob Jones"]},
                    {"t": 0, "cmd": "start", "first": 0}])
    with pytest.raises(ModelError, match="the game has not ended"):
        game_from_document(doc, PLAYERS)
    with pytest.raises(ModelError, match="result.final: expected two whole numbers"):
        game_from_document(doc | {"result": {"final": [1]}}, PLAYERS)
    with pytest.raises(ModelError, match="players: expected two names"):
        game_from_document(doc | {"players": ["Ann Smith"]}, PLAYERS)


def test_byes_and_forfeits_carry_the_spread_and_winner():
    assert (bye(3, 2, 50).spread, bye(3, 2, 50).winner, bye(3, 2, 50).kind) == (50, 0, "bye")
    assert (bye(3, 2, -50).spread, bye(3, 2, -50).winner, bye(3, 2, -50).kind) == (-50, 1, "forfeit")
    assert forfeit(1, "2", 3, 1, 50) == GameResult(1, "2", (3, 1), (50, 0), None, "forfeit", 0)
    game = GameResult(2, "5", (7, 3), (300, 410), first=0)
    assert game.canonical() == GameResult(2, "5", (3, 7), (410, 300), first=1)
    assert game.canonical().winner == 0 and bye(3, 2, 50).canonical() == bye(3, 2, 50)
    with pytest.raises(ModelError, match="a game needs two players"):
        GameResult(1, "1", (1, 0), (300, 200))
    with pytest.raises(ModelError, match="the winner 1 has the lower score"):
        GameResult(1, "1", (1, 2), (300, 200), winner=1)
