"""Attacks on the judge station by replay (issue 39, item 1), against the real service on
127.0.0.1, a real table (kiosk.app.Kiosk with its link, bench/rigs/linked_kiosk.py) and the
real station (its screen and its link), someone on the Wi-Fi reading what crosses it:

- a table's challenge "open", sniffed and replayed after the players withdrew it: it opened
  the challenge again, so that two were open at the table, the station's screen took the
  stale one and the table waited with no time limit. Now each challenge document carries
  ``seq`` under the table's key and is taken once: the replay is refused 409, the challenge
  stays withdrawn, and the station takes the table's new challenge;
- the "open" of a challenge so old the director no longer keeps it (50 ended are kept),
  replayed: it was taken as a new challenge and ended the table's open one. Refused 409;
- a station's verdict replayed: the same verdict again is answered as before (200, nothing
  changed); after the station ruled on the table's next challenge, 409 (already ruled).
Each: the status it gets, nothing changed in the challenges, the refusal kept, the service
still serving."""
from __future__ import annotations

import json

import pytest

from bench.rigs.linked_kiosk import LinkedKiosk
from common.game import commands as cmd
from common.wire.signing import STATION_PROOF, sign, station_key, station_proof, table_key, verify, wire
from director.tables.challenges import KEPT_PER_TABLE
from kiosk.link.sender import CHALLENGE
from kiosk.link.station_link import StationLink
from kiosk.store.outbox import Outbox
from kiosk.ui.judge.verdict import VerdictView
from tests.security.conftest import assert_honest_table_served
from tests.support.director_harness import KEY, TOURNAMENT
from tests.support.dummy_display import display  # noqa: F401 - the station's screen
from tests.support.station_harness import StationHarness
from tests.support.station_relay import Relay
from tests.support.wait import wait_until

STATION_KEY = station_key(KEY.encode(), "1")


@pytest.fixture
def sniffer(director):
    relay = Relay(director.url)
    yield relay
    relay.close()


@pytest.fixture
def table(tmp_path, sniffer):
    """Table 7 (ABSP: a challenge may be withdrawn when both agree), its challenges judged at
    the station, its link through the sniffer."""
    kiosk = LinkedKiosk(tmp_path / "kiosk.sqlite", sniffer.url, preset="absp",
                        tournament=TOURNAMENT, tournament_key=KEY.encode(), judge_at_station=True)
    yield kiosk
    kiosk.close()


def until(kiosk, check, what: str):
    return wait_until(lambda: kiosk.step() is not None and check(), what=what)


def challenges(director) -> list[tuple]:
    return sorted((r["id"], r["state"], json.loads(r["words"]), r["station"])
                  for r in director.rows("challenges"))


def listed(director) -> list[dict]:
    answer = director.request("GET", "/api/stations/1/challenges", None,
                              {STATION_PROOF: station_proof(STATION_KEY, "1")}, anonymous=True)
    return verify(answer.body, STATION_KEY)["challenges"]


def challenge_at(k: LinkedKiosk, words: str, at: float, *, taken: bool = True) -> str:
    """The player to move plays, the other challenges and types ``words``, the verdict player
    presses (at ``at`` + 3): the challenge goes to the station (and, ``taken``, the director
    took it). Its id."""
    mover = k.state.clock.running
    assert k.submit(cmd.Play(mover, 30), at)
    assert k.submit(cmd.Challenge(1 - mover), at + 1)
    k.type(words, at=at + 2)
    k.press(("left", "right")[k.state.verdict_player], at=at + 3)
    if taken:
        until(k, lambda: all_taken(k), "the challenge taken on the director's receipt")
    return k.link.station.sent[0]


def all_taken(k: LinkedKiosk) -> bool:
    """The table has sent a challenge and the director took each (its receipt believed)."""
    with Outbox.open(k.config.store) as outbox:
        return outbox.newest(CHALLENGE) is not None and outbox.unacknowledged(CHALLENGE) == []


def sniffed_open(sniffer, challenge_id: str) -> bytes:
    return next(body for body in sniffer.sniffed("/challenge")
                if json.loads(body)["document"]["challenge_id"] == challenge_id
                and json.loads(body)["document"]["state"] == "open")


def test_an_open_replayed_after_the_withdrawal_is_refused_and_the_station_takes_the_new_one(
        director, sniffer, table, tmp_path):
    k = table
    k.press("left", at=1)                                   # Ann goes second: Bob's clock runs
    first = challenge_at(k, "QUIRE", at=20)
    k.type(["Escape"], at=30)                               # withdraw? both players agree
    k.press("left", at=31).press("right", at=32)
    assert k.state.phase == "playing"
    until(k, lambda: all_taken(k) and challenges(director) == [(first, "withdrawn", ["QUIRE"], None)],
          "the withdrawal taken")
    replay = sniffed_open(sniffer, first)
    taken = director.rows("taken_once")

    answer = director.post(7, "challenge", replay)          # the sniffer's replay
    assert answer.code == 409 and answer.body["error"].startswith(
        "seq: table 7's challenge documents are taken once each, in order: the director took "), answer
    assert challenges(director) == [(first, "withdrawn", ["QUIRE"], None)]
    assert director.rows("taken_once") == taken and listed(director) == []
    assert (director.rows("rejections")[-1]["code"], director.rows("rejections")[-1]["path"]) == (
        409, "challenge")

    assert k.submit(cmd.Resume(1 - k.state.to_move), 40)    # the game goes on: a new challenge
    second = challenge_at(k, "ZEBRA", at=60)
    assert director.post(7, "challenge", replay).code == 409    # replayed again: refused again
    assert [c["challenge_id"] for c in listed(director)] == [second]   # one open at the table

    link = StationLink.open(director.url, "1", STATION_KEY, tournament=TOURNAMENT)
    station = StationHarness(tmp_path / "station", link=link)
    try:
        wait_until(lambda: link.news.challenges, what="the station's list")
        station.keys("7\n", at=1)
        assert station.view.words == ("ZEBRA",)             # the table's challenge, not the stale one
        station.keys("\t", at=2)                            # VERDICT
        wait_until(lambda: station.keys("", at=3) and isinstance(station.view, VerdictView),
                   what="the verdict taken")
    finally:
        link.close()
        station.close()
    until(k, lambda: k.state.phase == "playing", "the table ruled with the station's verdict")
    assert k.kiosk.table.station_verdict.words == ("ZEBRA",)
    assert_honest_table_served(director)


def document(cid: str, seq: int, state: str = "open", words=("QUIRE",)) -> bytes:
    signed = {"schema": 1, "kind": "challenge", "tournament": TOURNAMENT, "table": "7", "round": 1,
              "game_id": "t7-r1", "challenge_id": cid, "player": 0, "turn": 3,
              "words": list(words), "state": state, "seq": seq, "sent_wall": 0.0}
    return wire(sign(signed, table_key(KEY.encode(), "7")))


def verdict(cid: str, words=("QUIRE",), valid=True) -> bytes:
    signed = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": "1", "table": "7",
              "challenge_id": cid, "words": list(words), "valid": valid, "lexicon": "ENABLE",
              "lexicon_fingerprint": "x", "sent_wall": 0.0}
    return wire(sign(signed, STATION_KEY))


def test_the_open_of_a_challenge_the_director_no_longer_keeps_is_refused_when_replayed(director):
    old = document("t7-r1:turn-0:1", 1)
    assert director.post(7, "challenge", old).code == 200
    for n in range(2, KEPT_PER_TABLE + 3):                  # 51 challenges later, each ended
        assert director.post(7, "challenge", document(f"t7-r1:turn-{n}:{n}", n)).code == 200
    assert "t7-r1:turn-0:1" not in [r["id"] for r in director.rows("challenges")]   # not kept
    before = challenges(director)
    answer = director.post(7, "challenge", old)
    assert answer.code == 409 and "the director took 52 last, not 1" in answer.body["error"]
    assert challenges(director) == before
    assert [c["challenge_id"] for c in listed(director)] == [f"t7-r1:turn-{KEPT_PER_TABLE + 2}:"
                                                            f"{KEPT_PER_TABLE + 2}"]
    assert_honest_table_served(director)


def test_a_replayed_verdict_is_answered_as_before_then_refused_and_changes_nothing(director):
    assert director.post(7, "challenge", document("A", 1)).code == 200
    sniffed = verdict("A", valid=False)
    taken = director.request("POST", "/api/stations/1/verdicts", sniffed, anonymous=True)
    assert (taken.code, taken.body["outcome"]) == (200, "accepted")
    before = challenges(director), director.rows("taken_once")

    again = director.request("POST", "/api/stations/1/verdicts", sniffed, anonymous=True)
    assert (again.code, again.body["outcome"]) == (200, "duplicate")      # answered as before
    assert again.body["receipt"] == taken.body["receipt"]
    assert (challenges(director), director.rows("taken_once")) == before

    assert director.post(7, "challenge", document("A", 2, "ruled")).code == 200
    assert director.post(7, "challenge", document("B", 3, words=("ZEBRA",))).code == 200
    ruled = director.request("POST", "/api/stations/1/verdicts", verdict("B", ("ZEBRA",)),
                             anonymous=True)
    assert ruled.code == 200
    before = challenges(director), director.rows("taken_once")
    replayed = director.request("POST", "/api/stations/1/verdicts", sniffed, anonymous=True)
    assert (replayed.code, replayed.body) == (409, {"error": "the challenge at table 7 was already ruled"})
    assert (challenges(director), director.rows("taken_once")) == before
    back = verify(director.request("GET", "/api/tables/7/verdict", anonymous=True).body,
                  table_key(KEY.encode(), "7"))
    assert (back["challenge_id"], back["words"], back["valid"]) == ("B", ["ZEBRA"], True)
    assert director.rows("rejections")[-1]["table_name"] == "station 1"
    assert_honest_table_served(director)
