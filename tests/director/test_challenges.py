"""The judge station's side of the director (director.tables.challenges): a table's challenge
is taken under the table's signature only; the station's verdict under the station's own key
(common.wire.signing.station_key) only, and only for a challenge a table has open: one withdrawn,
already ruled, at a table with none open, or with other words than the table typed, is refused
with the reason and changes nothing; the table reads the verdict back signed for it."""
from __future__ import annotations


import itertools
import json

import pytest

from director.event.db import DirectorDB
from director.tables.challenges import open_challenges, receive_challenge, receive_verdict, verdict_for
from common.wire.schema_receipt import station_unconfirmed
from common.wire.signing import sign, station_key, table_key, verify, wire

KEY = b"a-tournament-key-for-the-test"
NOW = 1_800_000_000.0
SEQ = itertools.count(1)        # each challenge document the tables sign, in order


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as opened:
        yield opened


def challenge(state="open", words=("QUIRE",), table="7", cid="g7:turn-3:100", key=None) -> bytes:
    document = {"schema": 1, "kind": "challenge", "tournament": "T", "table": table, "round": 2,
                "game_id": "g7", "challenge_id": cid, "player": 1, "turn": 3, "words": list(words),
                "state": state, "seq": next(SEQ), "sent_wall": NOW}
    return wire(sign(document, key or table_key(KEY, table)))


def verdict(words=("QUIRE",), valid=True, cid="g7:turn-3:100", station="1", table="7", key=None) -> bytes:
    document = {"schema": 1, "kind": "verdict", "tournament": "T", "station": station, "table": table,
                "challenge_id": cid, "words": list(words), "valid": valid, "lexicon": "ENABLE",
                "lexicon_fingerprint": "f", "sent_wall": NOW}
    return wire(sign(document, key or station_key(KEY, station)))


def test_a_challenge_open_reaches_the_station_and_its_verdict_the_table(db):
    raw = challenge()
    taken = receive_challenge(db, "7", raw, KEY, NOW).body
    assert (taken["outcome"], taken["challenge_id"]) == ("open", "g7:turn-3:100")
    assert station_unconfirmed(taken, "challenge", "7", json.loads(raw)["document"],
                               table_key(KEY, "7")) is None        # the director's receipt
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


def signed_challenge(seq, state="open", cid="g7:turn-3:100", **fields) -> tuple[dict, bytes]:
    document = {"schema": 1, "kind": "challenge", "tournament": "T", "table": "7", "round": 2,
                "game_id": "g7", "challenge_id": cid, "player": 1, "turn": 3, "words": ["QUIRE"],
                "state": state, "seq": seq, "sent_wall": NOW, **fields}
    return document, wire(sign(document, table_key(KEY, "7")))


def test_each_challenge_document_is_taken_once_in_order_of_its_seq(db):
    opened, raw_open = signed_challenge(10)
    assert receive_challenge(db, "7", raw_open, KEY, NOW).code == 200
    again = receive_challenge(db, "7", raw_open, KEY, NOW + 1)           # its answer was lost
    assert (again.code, again.body["outcome"]) == (200, "duplicate")
    assert station_unconfirmed(again.body, "challenge", "7", opened, table_key(KEY, "7")) is None
    _, raw_withdrawn = signed_challenge(11, "withdrawn")
    assert receive_challenge(db, "7", raw_withdrawn, KEY, NOW + 2).body["outcome"] == "withdrawn"
    with db.locked() as conn:
        before = list(conn.query("SELECT * FROM challenges"))
    replayed = receive_challenge(db, "7", raw_open, KEY, NOW + 3)
    assert (replayed.code, replayed.body["error"]) == (409, (
        "seq: table 7's challenge documents are taken once each, in order: the director took 11 "
        "last, not 10 (a document sent again)"))
    _, same_seq = signed_challenge(11, "open")                          # another text, seq 11
    assert receive_challenge(db, "7", same_seq, KEY, NOW + 4).code == 409
    with db.locked() as conn:
        assert list(conn.query("SELECT * FROM challenges")) == before
        assert list(conn.query("SELECT kind, sender, seq FROM taken_once")) == [
            {"kind": "challenge", "sender": "7", "seq": 11}]
    _, reopened = signed_challenge(12, "open")                          # the table's own, later
    assert receive_challenge(db, "7", reopened, KEY, NOW + 5).body["outcome"] == "open"


@pytest.mark.parametrize("seq", [None, 0, -1, 2 ** 53, "12", 1.5])
def test_a_challenge_without_a_seq_the_table_counts_is_refused(db, seq):
    document, _ = signed_challenge(1)
    if seq is None:
        del document["seq"]
    else:
        document["seq"] = seq
    refused = receive_challenge(db, "7", wire(sign(document, table_key(KEY, "7"))), KEY, NOW)
    assert refused.code == 400 and refused.body["error"].startswith("seq: expected the table's count")
    with db.locked() as conn:
        assert conn["challenges"].count == conn["taken_once"].count == 0


def test_a_verdict_is_answered_with_its_receipt_and_the_same_again_as_before(db):
    receive_challenge(db, "7", challenge(), KEY, NOW)
    raw = verdict()
    taken = receive_verdict(db, "1", raw, KEY, NOW + 1)
    document = json.loads(raw)["document"]
    assert taken.body["outcome"] == "accepted"
    assert station_unconfirmed(taken.body, "verdict", "1", document, station_key(KEY, "1")) is None
    assert station_unconfirmed(taken.body, "verdict", "2", document, station_key(KEY, "2")) is not None
    again = receive_verdict(db, "1", raw, KEY, NOW + 2)
    assert (again.code, again.body["outcome"], again.body["receipt"]) == (200, "duplicate",
                                                                          taken.body["receipt"])
    other = receive_verdict(db, "1", verdict(valid=False), KEY, NOW + 3)   # another verdict on it
    assert (other.code, other.body["error"]) == (409, "the challenge at table 7 was already ruled")
