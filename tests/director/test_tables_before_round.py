"""Issue 36 item 1: before round 1 of a two-division event, every table enrolled is heard from.
Its status (its setup screen, no assignment yet, so no division) is taken as no division's: the
tables page counts it heard from, waiting for its round; nothing is refused or logged; the
table's own top line says it is linked, never that the director refused its status. A result
still needs its pairing, and a status naming another division than its pairing's is refused."""
import json
import logging

from common.game.state import new_game
from common.presets import load_preset
from common.wire.signing import table_key
from common.wire.status import status_document
from kiosk.link.http_client import DirectorClient
from kiosk.link.sender import Sender, link_text
from kiosk.store.outbox import Outbox
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from director.web.tables import WAITING, tables_view
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes, status_doc
from tests.support.wait import wait_until

FAST = dict(idle_s=0.02, status_s=0.2, poll_s=0.2, base_delay_s=0.05, max_delay_s=0.5)


def two_divisions(director) -> None:
    """Divisions A and B, their players in, no round drawn yet."""
    store_players(director.db, [Player(n, f"A{n}", 1500 - n, "A") for n in range(1, 7)]
                  + [Player(n, f"B{n}", 900 - n, "B") for n in range(1, 9)])


def setup_status(table: str) -> dict:
    """A table's status as its kiosk makes it at its setup screen: no assignment yet, so no
    division, round 1, the default names."""
    return status_document(new_game(load_preset("aspa")), 0, tournament=TOURNAMENT, table=table,
                           game_id=f"table-{table}", outbox_pending=0, sent_wall=1e9)


def test_seven_tables_heard_from_before_any_round_is_drawn(director, caplog):
    two_divisions(director)
    caplog.set_level(logging.WARNING, logger="director.tables.ingest")
    for table in map(str, range(1, 8)):
        document = setup_status(table)
        assert "division" not in document
        answer = director.post(table, "status", signed_bytes(document))
        assert (answer.code, answer.body["outcome"]) == (200, "ok"), answer.body
    assert director.rows("rejections") == [] and caplog.records == []
    assert {r["table_name"]: r["division"] for r in director.rows("status")} == {
        str(t): None for t in range(1, 8)}
    view = tables_view(director.db, director.config, 1e9 + 5)
    assert (view["ready"], view["count"]) == (7, 7)
    assert {r["game"] for r in view["tables"]} == {WAITING}


def test_once_its_round_is_published_the_table_is_its_divisions_again(director):
    two_divisions(director)
    director.post(2, "status", signed_bytes(setup_status("2")))
    store_pairings(director.db, [Pairing(1, "2", (1, 2), 0, "B")])
    assert director.post(2, "status", signed_bytes(setup_status("2"))).body["outcome"] == "ok"
    assert director.rows("status")[0]["division"] == "B"
    (row,) = [r for r in tables_view(director.db, director.config, 1e9)["tables"] if r["table"] == "2"]
    assert row["game"].startswith("round 1: ") and row["game"] != WAITING
    # a status naming another division than its pairing's is still refused, and a result
    # without a pairing (several divisions, none named) too
    refused = director.post(2, "status", signed_bytes({**status_doc(2), "division": "A"}))
    assert refused.code == 409 and "round 1 table 2 is division B's" in refused.body["error"]
    missing = director.post(5, "results", signed_bytes(result_doc(5)))
    assert missing.code == 409 and "division: missing" in missing.body["error"]


def test_the_tables_top_line_says_linked_not_refused(director, tmp_path):
    """The kiosk's own link (kiosk.link.sender) posts its setup status to the real director:
    the top line's words are the link's, never a refusal."""
    two_divisions(director)
    store = tmp_path / "kiosk.sqlite"
    Outbox.open(store).close()
    key = table_key(KEY.encode(), "4")
    sender = Sender(store, DirectorClient(director.url, "4", key, timeout_s=30), key, **FAST).start()
    try:
        sender.publish(new_game(load_preset("aspa")), "table-4", TOURNAMENT, "4")
        wait_until(lambda: director.rows("status"), what="the status stored")
        wait_until(lambda: sender.link.reached, what="the director reached")
        assert sender.link.status_refused is None
        assert link_text(sender.link) == "director linked"
        assert sender.link.assignment is None               # no round drawn: none yet
    finally:
        assert sender.stop(60)
    assert json.loads(director.rows("status")[0]["document"])["phase"] == "setup"
