"""A flood of refused documents cannot fill the director's disk through its audit: the same
refusal again within a minute is counted on its row, a flood's excess beyond the minute's rows is
counted on one row of its own, and a stolen table key signing junk keeps at most its share of
refused texts. Every refusal is still counted, and the service still stores a true result.
Times are passed in (director.tables.ingest.receive's ``now_wall``) against a real SQLite file."""
from __future__ import annotations

import json

import pytest

from director.event.db import DirectorDB
from director.tables.ingest import receive
from director.event.model import Pairing, Player
from director.tables.refusal import (DOCUMENTS_PER_TABLE, FLOOD_TABLE, REFUSAL_ROWS_PER_MINUTE,
                              refused_results)
from director.event.rounds import start_round, store_pairings, store_players
from common.presets import load_rules
from tests.security.conftest import played
from tests.support.director_harness import KEY, signed_bytes

RULES = load_rules("aspa")


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as opened:
        store_players(opened, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")])
        store_pairings(opened, [Pairing(1, "5", (1, 2), 0)])
        start_round(opened, 1, 1000.0)
        yield opened


def post(db, table: str, raw: bytes, at: float):
    return receive(db, table, "results", raw, KEY.encode(), at, rules=RULES)


def rejections(db) -> list[dict]:
    with db.locked() as conn:
        return list(conn.query("SELECT * FROM rejections ORDER BY id"))


def counted(rows) -> int:
    return sum(1 + row["repeats"] for row in rows)


def test_the_same_refusal_again_within_a_minute_is_counted_on_its_row(db):
    forged = signed_bytes(played(), key="not-the-tournament-key")
    for second in range(1000):
        assert post(db, "5", forged, 1000.0 + second * 0.05).code == 403
    (row,) = rejections(db)
    assert (row["repeats"], row["received_wall"], row["last_wall"]) == (999, 1000.0, 1049.95)
    assert post(db, "5", forged, 1049.95 + 61).code == 403          # a minute's silence: a new row
    assert [r["repeats"] for r in rejections(db)] == [999, 0]


def test_a_flood_of_different_refusals_is_counted_beyond_the_minutes_rows(db):
    junk = [f'{{"document": {{"n": {n}}}, "signature": "x"}}'.encode() for n in range(1000)]
    for n, raw in enumerate(junk):                   # each names another table: no two alike
        assert post(db, str(100 + n), raw, 2000.0 + n * 0.01).code == 422   # no schema 1
    rows = rejections(db)
    flood = [r for r in rows if r["table_name"] == FLOOD_TABLE]
    assert len(rows) == REFUSAL_ROWS_PER_MINUTE + 1 and len(flood) == 1
    assert counted(rows) == 1000 and flood[0]["repeats"] == 1000 - REFUSAL_ROWS_PER_MINUTE - 1
    true_result = signed_bytes(played())
    assert post(db, "5", true_result, 2011.0).body["outcome"] == "stored"


def test_a_stolen_table_key_keeps_at_most_its_share_of_refused_texts(db):
    """Table 5's key signing 60 different results of players it is not paired with: each is
    refused and audited by its sha256 and reason, and only the first texts are kept."""
    sent = [played(players=("Ann", "Cat"), scores=(300 + n, 200)) for n in range(60)]
    for n, document in enumerate(sent):
        assert post(db, "5", signed_bytes(document), 3000.0 + n).code == 409
    rows = rejections(db)
    assert len(rows) == 60 and len({r["sha256"] for r in rows}) == 60
    kept = [r for r in rows if r["document"] is not None]
    assert len(kept) == DOCUMENTS_PER_TABLE
    assert [json.loads(r["document"]) for r in kept] == sent[:DOCUMENTS_PER_TABLE]
    problems = refused_results(db)
    assert len(problems) == 60
    assert sum("its document not kept" in p for p in problems) == 60 - DOCUMENTS_PER_TABLE
