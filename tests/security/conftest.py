"""The attacks of docs/threat-model.md, one test each, against the real parts: the director's
service on 127.0.0.1 (in a thread, tests/support/director_harness.py). Each asserts the answer,
that nothing was stored (beyond the rejection row that audits it), and that the service still
serves."""
from __future__ import annotations

import json

import pytest

from director.app import standings_part
from director.model import Pairing, Player
from director.rounds import store_pairings, store_players
from kiosk.replay import replay_lines
from kiosk.sync.document import journal_hash, result_document
from kiosk.core import events as ev
from tests.support.director_harness import Director, game_script, result_doc, signed_bytes


@pytest.fixture
def paired_director(tmp_path):
    """The director (aspa) with round 1's pairings: Ann v Bob at table 5, Cat v Dan at table 6."""
    running = Director(tmp_path / "director.sqlite").start()
    store_players(running.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat"), Player(4, "Dan")])
    store_pairings(running.db, [Pairing(1, "5", (1, 2), 0), Pairing(1, "6", (3, 4), 1)])
    yield running
    running.stop()


def played(table="5", round_number=1, players=("Ann", "Bob"), scores=(30, 20), preset="aspa",
           overrides=None) -> dict:
    """The result document of a game really played through the core (the harness's game)."""
    script = game_script(round_number, players, scores, preset)
    if overrides:
        script[0]["overrides"] = overrides
    replayed = replay_lines(json.dumps(line) for line in script)
    return result_document(replayed.state, replayed.events, replayed.state.last_ns,
                           tournament=result_doc(table)["tournament"], table=table,
                           game_id=f"t{table}-r{round_number}")


def with_events(document: dict, events: list[dict]) -> dict:
    """``document`` carrying ``events`` (plain JSON) under their own journal hash: only the
    read-back can tell them from the result."""
    hashed = journal_hash(ev.from_dict(e) for e in events)
    return {**document, "events": events, "journal_sha256": hashed}


def assert_refused_and_nothing_stored(director: Director, answer, code: int, reason: str) -> None:
    """The answer, an empty database but for the one rejection row that audits the document
    (with its reason and the document), the page's problems list naming it, a live service."""
    assert (answer.code, answer.body) == (code, {"error": reason})
    assert director.rows("results") == director.rows("results_audit") == director.rows("status") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["code"], rejection["reason"], rejection["path"]) == (code, reason, "results")
    assert json.loads(rejection["document"])["table"] == rejection["table_name"]
    problems = standings_part(director.db, director.config)["problems"]
    assert any(reason in problem and f"table {rejection['table_name']}:" in problem
               for problem in problems), problems
    assert_still_serving(director)


def assert_still_serving(director: Director) -> None:
    """The service answers, and takes the table's true result."""
    assert director.request("GET", "/api/state").code == 200
    true = director.post(5, "results", signed_bytes(played()))
    assert true.code == 200 and true.body["outcome"] == "stored"
