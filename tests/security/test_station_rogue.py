"""Attack: a rogue on the Wi-Fi between the judge station's parts and the director (issue 39,
item 2; residual risk 6 of docs/threat-model.md) swallows what they send and answers "taken"
itself, against the real service on 127.0.0.1, a real table (kiosk.app.Kiosk and its link) and
the real station (its screen and its link):

- a table's challenge answered "open" with no receipt, with a receipt under another table's
  key (a card taken from table 4), or with the director's real receipt of the table's previous
  challenge document: the table waited for a verdict that could not come and nobody knew. Now
  it counts the challenge taken only on the director's receipt: it keeps it and sends it
  again, its judge screen says the director did not confirm it, and after its time limit
  (*the director did not confirm the challenge in 2 minutes: call the director*); nothing at
  the director until the rogue passes it on, and then the table's own sending delivers it;
- the station's verdict answered "accepted" the same three ways: the station showed a verdict
  no table would get. Now it shows it only on the director's receipt: it keeps sending, says
  so, gives up after its time limit (*call the director*), and a verdict sent again once the
  rogue passes it on reaches the table.
Each: nothing changed at the director while swallowed, the service still serving."""
from __future__ import annotations

import json

import pytest

from bench.rigs.linked_kiosk import LinkedKiosk
from common.game import commands as cmd
from common.wire.schema_receipt import station_receipt
from common.wire.signing import sign, station_key, table_key, wire
from kiosk.link.sender import CHALLENGE
from kiosk.link.station_link import StationLink
from kiosk.store.outbox import Outbox
from kiosk.ui.judge.verdict import VerdictView
from tests.security.conftest import assert_honest_table_served
from tests.security.test_station_replay import (STATION_KEY, all_taken, challenge_at, challenges,
                                                document, listed, until)
from tests.support.director_harness import KEY, TOURNAMENT
from tests.support.dummy_display import display  # noqa: F401 - the station's screen
from tests.support.station_harness import StationHarness
from tests.support.station_relay import Relay
from tests.support.wait import wait_until

MODES = ["no receipt", "another's key", "the previous receipt"]


@pytest.fixture
def rogue(director):
    relay = Relay(director.url)
    yield relay
    relay.close()


def swallowing(rogue: Relay, ending: str, mode: str, of: str, forged_key: bytes, sender: str) -> None:
    """From now on the rogue answers a POST to ``ending`` "taken" in its way (``mode``)."""
    previous = rogue.receipts(ending)[-1] if rogue.receipts(ending) else None

    def answer(document: dict) -> dict:
        said = {"outcome": "open" if of == "challenge" else "accepted",
                "challenge_id": document["challenge_id"], "table": document["table"]}
        if mode == "another's key":
            said["receipt"] = station_receipt(forged_key, of, sender, document["challenge_id"],
                                              document)
        elif mode == "the previous receipt":
            said["receipt"] = previous
        return said
    rogue.answer, rogue.swallow = answer, ending


def post_verdict(director, cid: str, words: tuple[str, ...]) -> None:
    signed = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": "1", "table": "7",
              "challenge_id": cid, "words": list(words), "valid": True, "lexicon": "ENABLE",
              "lexicon_fingerprint": "x", "sent_wall": 0.0}
    answer = director.request("POST", "/api/stations/1/verdicts", wire(sign(signed, STATION_KEY)),
                              anonymous=True)
    assert answer.code == 200, answer


def newest_challenge(k: LinkedKiosk):
    with Outbox.open(k.config.store) as outbox:
        return outbox.newest(CHALLENGE)


@pytest.mark.parametrize("mode", MODES)
def test_a_challenge_the_rogue_swallows_is_not_taken_the_table_says_so_and_keeps_sending(
        director, rogue, tmp_path, mode):
    k = LinkedKiosk(tmp_path / "kiosk.sqlite", rogue.url, tournament=TOURNAMENT,
                    tournament_key=KEY.encode(), judge_at_station=True)
    try:
        k.press("left", at=1)                               # Ann goes second: Bob's clock runs
        first = challenge_at(k, "QUIRE", at=20)             # passed on: taken, its receipt seen
        post_verdict(director, first, ("QUIRE",))
        until(k, lambda: k.state.phase == "playing" and all_taken(k), "the first challenge ruled")
        assert k.submit(cmd.Resume(1 - k.state.to_move), 40)
        before = challenges(director), director.rows("taken_once")

        swallowing(rogue, "/challenge", mode, "challenge", table_key(KEY.encode(), "4"), "7")
        second = challenge_at(k, "ZEBRA", at=60, taken=False)      # pressed at 63
        until(k, lambda: len(rogue.swallowed) >= 2                 # sent, and sent again
              and (newest_challenge(k).last_error or "").startswith("unconfirmed: "),
              "the challenge sent again, unconfirmed")
        assert newest_challenge(k).acked is None
        until(k, lambda: k.view.lines[0] == "at the judge station: waiting  ·  the director did "
              "not confirm the challenge: sending it again", "the judge screen saying so")
        assert (challenges(director), director.rows("taken_once")) == before   # nothing taken
        assert listed(director) == []

        k.at(63 + 120).step()                               # the table's time limit
        assert k.view.lines[:2] == ("the director did not confirm the challenge in 2 minutes: "
                                    "call the director", "Ann: press your button to send it again")
        assert (k.state.phase, k.state.clock.running) == ("challenge", None)   # the clocks held

        rogue.swallow = None                                # it leaves, or passes it on
        until(k, lambda: all_taken(k), "the table's own sending delivering it")
        assert (second, "open", ["ZEBRA"], None) in challenges(director)
        assert [c["challenge_id"] for c in listed(director)] == [second]
    finally:
        k.close()
    assert_honest_table_served(director)


@pytest.mark.parametrize("mode", MODES)
def test_a_verdict_the_rogue_swallows_is_not_shown_the_station_says_so_and_keeps_sending(
        director, rogue, tmp_path, mode):
    assert director.post(7, "challenge", document("A", 1)).code == 200
    link = StationLink.open(rogue.url, "1", STATION_KEY, tournament=TOURNAMENT, poll_s=0.1)   # sent again each 0.1 s
    station = StationHarness(tmp_path / "station", link=link)
    try:
        wait_until(lambda: link.news.challenges, what="the station's list")
        station.keys("7\n", at=1).keys("\t", at=2)         # passed on: taken, its receipt seen
        wait_until(lambda: station.keys("", at=3) and isinstance(station.view, VerdictView),
                   what="the first verdict taken")
        station.keys("\n", at=20)                           # NEXT CHALLENGE
        assert director.post(7, "challenge", document("A", 2, "ruled")).code == 200
        assert director.post(7, "challenge", document("B", 3, words=("ZEBRA",))).code == 200
        before = challenges(director), director.rows("taken_once")

        swallowing(rogue, "/verdicts", mode, "verdict", station_key(KEY.encode(), "2"), "1")
        wait_until(lambda: any(c.challenge_id == "B" for c in link.news.challenges),
                   what="the next challenge listed")
        station.keys("7\n", at=30).keys("\t", at=31)       # VERDICT at 31
        wait_until(lambda: len(rogue.swallowed) >= 2 and link.news.answer.outcome == "unconfirmed",
                   what="the verdict sent again, unconfirmed")
        station.keys("", at=32)
        assert station.view.heading == "Table 7" and station.view.error == (
            "the director did not confirm the verdict: sending it again")      # no verdict shown
        assert (challenges(director), director.rows("taken_once")) == before
        assert director.request("GET", "/api/tables/7/verdict", anonymous=True).code == 404

        station.keys("", at=31 + 120)                       # the station's time limit
        assert station.view.heading == "Table number" and station.view.error == (
            "the director did not confirm table 7's verdict in 2 minutes: call the director")
        sent = len(rogue.swallowed)
        wait_until(lambda: link.sending() == (), what="the link stopping")
        assert len(rogue.swallowed) <= sent + 1             # given up: not sent on and on

        rogue.swallow = None                                # it leaves: the operator rules again
        station.keys("7\n", at=160).keys("\t", at=161)
        wait_until(lambda: station.keys("", at=162) and isinstance(station.view, VerdictView),
                   what="the verdict taken")
        assert ("B", "open", ["ZEBRA"], "1") in challenges(director)
    finally:
        link.close()
        station.close()
    assert_honest_table_served(director)
