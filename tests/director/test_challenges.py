"""The judge station's side of the director (director.tables.challenges): a table's challenge
is taken under the table's signature only; the station's verdict under the station's own key
(common.wire.signing.station_key) only, and only for a challenge a table has open: one withdrawn,
already ruled, at a table with none open, or with other words than the table typed, is refused
with the reason and changes nothing; the table reads the verdict back signed for it."""
from __future__ import annotations


import pytest

from director.event.db import DirectorDB
from director.tables.challenges import open_challenges, receive_challenge, receive_verdict, verdict_for
from common.wire.signing import sign, station_key, table_key, verify, wire

KEY = b"a-tournament-key-for-the-test"
NOW = 1_800_000_000.0


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as opened:
        yield opened


def challenge(state="open", words=("QUIRE",), table="7", cid="g7:turn-3:100", key=None) -> bytes:
    document = {"schema": 1, "kind": "challenge", "tournament": "T", "table": table, "round": 2,
                "game_id": "g7", "challenge_id": cid, "player": 1, "turn": 3, "words": list(words),
                "state": state, "sent_wall": NOW}
    return wire(sign(document, key or table_key(KEY, table)))


def verdict(words=("QUIRE",), valid=True, cid="g7:turn-3:100", station="1", table="7", key=None) -> bytes:
    document = {"schema": 1, "kind": "verdict", "tournament": "T", "station": station, "table": table,
                "challenge_id": cid, "words": list(words), "valid": valid, "lexicon": "ENABLE",
                "lexicon_fingerprint": "f", "sent_wall": NOW}
    return wire(sign(document, key or station_key(KEY, station)))


def test_a_challenge_open_reaches_the_station_and_its_verdict_the_table(db):
    assert receive_challenge(db, "7", challenge(), KEY, NOW).body == {"outcome": "open",
                                                                      "challenge_id": "g7:turn-3:100"}
    listed = verify(open_challenges(db, "1", "T", KEY, NOW + 10), station_key(KEY, "1"))
    assert listed["challenges"] == [{"challenge_id": "g7:turn-3:100", "table": "7", "round": 2,
                                     "player": 1, "words": ["QUIRE"], "opened_wall": NOW}]
    assert verdict_for(db, "7", "T", KEY) is None
    assert receive_verdict(db, "1", verdict(), KEY, NOW + 5).code == 200
    back = verify(verdict_for(db, "7", "T", KEY), table_key(KEY, "7"))
    assert (back["words"], back["valid"], back["station"], back["challenge_id"]) == (
        ["QUIRE"], True, "1", "g7:turn-3:100")
    assert verify(open_challenges(db, "1", "T", KEY, NOW + 10), station_key(KEY, "1"))["challenges"] == []
    again = receive_verdict(db, "1", verdict(valid=False), KEY, NOW + 6)
    assert (again.code, again.body) == (409, {"error": "the challenge at table 7 was already ruled"})
    receive_challenge(db, "7", challenge("ruled"), KEY, NOW + 7)
    assert verdict_for(db, "7", "T", KEY) is None             # the table has it: nothing to read


def test_a_verdict_for_a_challenge_withdrawn_or_not_open_is_refused(db):
    refused = receive_verdict(db, "1", verdict(), KEY, NOW)
    assert (refused.code, refused.body["error"]) == (409, "table 7 has no challenge open")
    receive_challenge(db, "7", challenge(), KEY, NOW)
    receive_challenge(db, "7", challenge("withdrawn"), KEY, NOW + 1)
    refused = receive_verdict(db, "1", verdict(), KEY, NOW + 2)
    assert (refused.code, refused.body["error"]) == (409, "the challenge at table 7 was withdrawn")
    with db.locked() as conn:
        assert conn.execute("SELECT state, station FROM challenges").fetchall() == [("withdrawn", None)]
        assert conn.execute("SELECT table_name, path, code FROM rejections").fetchall() == [
            ("station 1", "verdict", 409), ("station 1", "verdict", 409)]


def test_the_station_rules_on_the_words_the_table_typed_or_types_them_itself(db):
    receive_challenge(db, "7", challenge(words=("QUIRE", "ZEBRA")), KEY, NOW)
    refused = receive_verdict(db, "1", verdict(words=("QUIRE",)), KEY, NOW + 1)
    assert (refused.code, refused.body["error"]) == (409, "words: table 7 challenged QUIRE ZEBRA, not QUIRE")
    receive_challenge(db, "8", challenge(words=(), table="8", cid="g8:turn-1:5"), KEY, NOW)
    taken = receive_verdict(db, "1", verdict(words=("JINX",), table="8", cid="g8:turn-1:5"), KEY,
                            NOW + 2)                  # the station names it (issue 39: never null)
    assert taken.code == 200 and taken.body["challenge_id"] == "g8:turn-1:5"
    assert verify(verdict_for(db, "8", "T", KEY), table_key(KEY, "8"))["words"] == ["JINX"]


@pytest.mark.parametrize("raw, code, reason", [
    (verdict(key=table_key(KEY, "7")), 403, "the signature is not station 1's"),
    (verdict(key=station_key(KEY, "2")), 403, "the signature is not station 1's"),
    (verdict(key=KEY), 403, "the signature is not station 1's"),
    (verdict(station="2", key=station_key(KEY, "2")), 409, "station: the document is \"2\"'s, posted for '1'"),
    (verdict(words=("qu!",)), 400, "words: expected at most 8 words"),
    (b"{not json", 400, "not JSON"),
])
def test_a_verdict_not_the_stations_own_is_refused(db, raw, code, reason):
    receive_challenge(db, "7", challenge(), KEY, NOW)
    refused = receive_verdict(db, "1", raw, KEY, NOW)
    assert refused.code == code and refused.body["error"].startswith(reason)
    with db.locked() as conn:
        assert conn.execute("SELECT state, station FROM challenges").fetchall() == [("open", None)]


def test_a_challenge_is_taken_under_its_tables_key_only(db):
    forged = receive_challenge(db, "7", challenge(key=station_key(KEY, "1")), KEY, NOW)
    assert (forged.code, forged.body["error"]) == (403, "the signature is not table 7's")
    elsewhere = receive_challenge(db, "8", challenge(), KEY, NOW)
    assert elsewhere.code == 409
    with db.locked() as conn:
        assert conn.execute("SELECT COUNT(*) FROM challenges").fetchone()[0] == 0
