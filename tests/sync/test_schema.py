"""The protocol's one schema (common/wire/schema.py) takes what the real ends make: a kiosk's
result of a whole game and its status (with what it says about the table), the director's
assignment and its answers; and refuses what they never make, naming the field. Hostile bodies
are tests/security's."""
import json
from pathlib import Path

import pytest

from common.replay import replay_lines
from common.wire import schema
from common.wire.document import result_document
from common.wire.signing import sign
from common.wire.status import about_table, status_document
from tests.support.director_harness import game_script

KEY = b"k" * 32


def replayed(lines=None):
    return replay_lines(json.dumps(line) for line in (lines or game_script(1, ("Ann", "Bob"), (30, 20))))


def test_a_kiosks_result_and_status_are_the_schemas():
    game = replayed()
    result = result_document(game.state, game.events, game.state.last_ns, tournament="T", table="7",
                             game_id="g", division="A")
    decoded = schema.decode(json.dumps(sign(result, KEY)).encode(), schema.SignedResult)
    assert decoded.document.result.final == tuple(result["result"]["final"])
    status = status_document(game.state, game.state.last_ns, tournament="T", table="7", game_id="g",
                             outbox_pending=1, sent_wall=1.7e9,
                             about=about_table("0.1.0", "ENABLE", "ab" * 32, "all good (10:00 25 Nov)"))
    assert schema.decode(json.dumps(sign(status, KEY)).encode(), schema.SignedStatus).document.about.lexicon == "ENABLE"


def test_the_directors_assignment_and_answers_are_the_schemas(tmp_path):
    from director.event.db import DirectorDB
    from director.event.model import Pairing, Player
    from director.event.rounds import assignment, start_round, store_pairings, store_players
    with DirectorDB.open(tmp_path / "d.sqlite") as db:
        store_players(db, [Player(1, "Ann"), Player(2, "Bob")])
        store_pairings(db, [Pairing(1, "7", (1, 2), 0)])
        start_round(db, 1, 1.7e9)
        document = assignment(db, "7", "T")
    assert schema.decode(json.dumps(sign(document, KEY)).encode(), schema.SignedAssignment).document.players == ("Ann", "Bob")
    from kiosk.link.sender import held_of
    assert held_of({"outcome": "ok", "held": [{"round": 1, "revision": 2}]}) == {1: 2}
    assert held_of({"outcome": "stored"}) is None and held_of("junk") is None


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.update(round=1000), "round: Expected `int` <= 999"),
    (lambda d: d.update(players=["Ann", "Bob\u2028"]), "players[1]: Expected `str` of single-line printable text"),
    (lambda d: d["events"].append({"schema": 1, "type": "Nope", "at_ns": 0}), "events[10].type: Invalid value 'Nope'"),
    (lambda d: d["rules"]["clock"].update(time_per_side_s=0), "rules.clock.time_per_side_s: Expected `int` >= 1"),
])
def test_what_no_end_makes_is_refused_naming_the_field(change, reason):
    game = replayed()
    document = result_document(game.state, game.events, game.state.last_ns, tournament="T", table="7", game_id="g")
    change(document)
    with pytest.raises(schema.SchemaError) as refused:
        schema.decode(json.dumps(sign(document, KEY)).encode(), schema.SignedResult)
    assert f"{refused.value.field}: {refused.value}".startswith(reason)


def test_a_tables_refusal_of_its_assignment_goes_in_its_status_as_the_schema_takes_it():
    """Whatever the refusal held (a director's answer of many lines, a NUL, 2,000 characters), the
    status carries it as one line of printable text the schema takes (issue 27 item 1)."""
    from kiosk.link.sender import refusal_words
    game = replayed()
    for error in ("assignment refused: players[1]: Expected `str` of length <= 100",
                  "the director's assignment: 404 <html>\n<body>\x00" + "x" * 2000):
        status = status_document(game.state, game.state.last_ns, tournament="T", table="7",
                                 game_id="g", outbox_pending=0, sent_wall=1.7e9,
                                 assignment_refused=refusal_words(error))
        decoded = schema.decode(json.dumps(sign(status, KEY)).encode(), schema.SignedStatus)
        assert decoded.document.assignment_refused.startswith(("players[1]: Expected", "the director's"))
    assert "assignment_refused" not in status_document(
        game.state, 0, tournament="T", table="7", game_id="g", outbox_pending=0, sent_wall=1.7e9,
        assignment_refused=refusal_words(None))


def test_a_result_carries_bonus_words_under_nzasp_and_one_without_them_is_the_schemas():
    """NZASP 9.2/10.2 add "average bonus words" to a player's aggregate: an NZASP table's result
    carries each player's bonus words (a play of all seven tiles), its rules say so. A result
    without them (an older table's, or another preset's, whose rules leave the settings out) is
    still the schema's, and its rules read as counting none."""
    lines = game_script(1, ("Ann", "Bob"), (30, 20), preset="nzasp")
    lines[2] = {**lines[2], "score": 82, "placed": 7}
    game = replayed(lines)
    result = result_document(game.state, game.events, game.state.last_ns, tournament="T", table="7",
                             game_id="g")
    assert result["result"]["bonus_words"] == [1, 0]
    decoded = schema.decode(json.dumps(sign(result, KEY)).encode(), schema.SignedResult)
    assert decoded.document.result.bonus_words == (1, 0) and decoded.document.rules.result.bonus_words
    del result["result"]["bonus_words"]
    del result["rules"]["result"]["bonus_words"], result["rules"]["result"]["average_credit"]
    old = schema.decode(json.dumps(sign(result, KEY)).encode(), schema.SignedResult).document
    assert old.result.bonus_words is schema.UNSET
    assert not old.rules.result.bonus_words and not old.rules.result.average_credit
    other = replayed()                                  # ASPA: no bonus words, no settings
    aspa = result_document(other.state, other.events, other.state.last_ns, tournament="T",
                           table="7", game_id="g")
    assert "bonus_words" not in aspa["result"] and "bonus_words" not in aspa["rules"]["result"]
    assert schema.decode(json.dumps(sign(aspa, KEY)).encode(), schema.SignedResult)


@pytest.mark.parametrize("golden", sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.golden")),
                         ids=lambda p: p.stem)
def test_every_held_in_games_result_and_status_are_the_schemas(golden):
    """Each held-in game's result and status documents (tests/scenarios, every preset and every
    ending) are what the director's door takes: a school game with a play taken off for a false
    blank was refused ("Invalid enum value 'false_blank'") before issue 38, and never arrived."""
    parts = golden.read_text().split("\n# ")
    documents = {part.split("\n", 1)[0]: part.split("\n", 1)[1].strip() for part in parts[1:]}
    for section, kind in (("result document", schema.ResultDocument), ("status document", schema.StatusDocument)):
        body = documents.get(section, "")
        if body.startswith("{"):
            assert schema.refusal(json.loads(body), kind) is None, f"{golden.name}: {section}"
