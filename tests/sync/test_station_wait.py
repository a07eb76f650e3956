"""A table whose challenges the judge station rules on (kiosk.link.station_wait), linked to the
real director (``python -m director``): the challenge goes with its ``seq`` and counts as taken
on the director's receipt; the table waits ``director.station_wait_s`` and then says so in a
player's words, the clocks still held by the challenge (every preset), and the verdict
player's press sends it again, taken as the next document; the station's verdict then comes
back and the table rules with it. The times of the rules are the kiosk's own (passed in)."""
from __future__ import annotations

import json
import urllib.request

import pytest

from bench.rigs.linked_kiosk import LinkedKiosk
from bench.rigs.sync_kiosks import KEY, TOURNAMENT
from common.game import commands as cmd
from common.wire.signing import sign, station_key, wire
from kiosk.link.sender import CHALLENGE
from kiosk.store.outbox import Outbox
from kiosk.ui.widgets.words import remaining
from tests.support.wait import wait_until

NAMES = ("Ann", "Bob")


@pytest.fixture
def table(tmp_path):
    made = []

    def make(url, **options):
        kiosk = LinkedKiosk(tmp_path / "kiosk.sqlite", url, judge_at_station=True, **options)
        made.append(kiosk)
        return kiosk
    yield make
    for kiosk in made:
        kiosk.close()


def until(kiosk, check, what):
    return wait_until(lambda: kiosk.step() is not None and check(), what=what)


def challenged(k: LinkedKiosk, at: float = 30) -> int:
    """Bob plays, Ann challenges and types QUIRE, the verdict player presses: the side pressed."""
    k.press("left", at=1)                              # Ann goes second: Bob's clock runs
    assert k.submit(cmd.Play(1, 30), at - 10)
    assert k.submit(cmd.Challenge(0), at - 5)
    k.type("QUIRE", at=at - 4)
    side = ("left", "right")[k.state.verdict_player]
    k.press(side, at=at)
    return side


def post_verdict(director, challenge_id: str, words=("QUIRE",), valid=True) -> int:
    document = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": "1",
                "table": "7", "challenge_id": challenge_id, "words": list(words), "valid": valid,
                "lexicon": "ENABLE", "lexicon_fingerprint": "x", "sent_wall": 0.0}
    request = urllib.request.Request(f"{director.url}/api/stations/1/verdicts",
                                     data=wire(sign(document, station_key(KEY, "1"))),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status


def challenge_documents(store) -> list:
    """Every challenge document the table queued, in order (sent, superseded or waiting)."""
    with Outbox.open(store) as outbox:
        ids = [i for (i,) in outbox.conn.execute("SELECT id FROM outbox WHERE kind = ? ORDER BY id",
                                                 [CHALLENGE])]
        return [outbox.get(i) for i in ids]


def test_the_challenge_is_taken_on_its_receipt_then_the_table_gives_up_and_sends_it_again(
        tmp_path, real_director, table):
    director = real_director()
    k = table(director.url)
    side = challenged(k, at=30)
    until(k, lambda: director.rows("challenges") and k.link.sender.link.challenge_pending is None,
          "the challenge taken on the director's receipt")
    (row,) = director.rows("challenges")
    assert (row["state"], json.loads(row["words"])) == ("open", ["QUIRE"])
    first = director.rows("taken_once")[0]["seq"]
    assert k.view.lines[0] == "at the judge station: waiting"
    held = (k.state.clock.running, k.state.clock.used_ns)

    k.at(30 + 119).step()                              # a second short of the time limit
    assert k.view.lines[0] == "at the judge station: waiting"
    k.at(30 + 120).step()
    assert k.view.lines[:2] == ("the judge station did not answer in 2 minutes: call the director",
                                "Bob: press your button to send it again")
    assert k.kiosk.table.station_gave_up and k.state.phase == "challenge"
    assert (k.state.clock.running, k.state.clock.used_ns) == held   # held, as the rules say

    k.press(side, at=200)                              # sent again: the next document, taken
    until(k, lambda: director.rows("taken_once")[0]["seq"] > first
          and k.link.sender.link.challenge_pending is None, "the challenge sent again, taken")
    assert k.view.lines[0] == "at the judge station: waiting"
    assert not k.kiosk.table.station_gave_up
    assert [d.body["document"]["state"] for d in challenge_documents(tmp_path / "kiosk.sqlite")] == [
        "open", "open"]
    assert post_verdict(director, row["id"]) == 200
    until(k, lambda: k.state.phase == "playing", "the station's verdict ruled at the table")
    assert k.kiosk.table.station_verdict.label == "judge station 1 · ENABLE"
    until(k, lambda: director.rows("challenges")[0]["state"] == "ruled", "the challenge ruled")


@pytest.mark.parametrize("preset", ["aspa", "absp", "nzasp", "school"])
def test_each_presets_clocks_stay_held_while_the_table_waits_and_after_it_gives_up(
        real_director, table, preset):
    """Every rule book holds both clocks while a challenge is judged (ASPA 10.11, ABSP 4.8,
    NZASP 6.13.6; school 19): the table's time limit changes nothing on them."""
    director = real_director(preset=preset)
    k = table(director.url, preset=preset, station_wait_s=30.0)
    challenged(k, at=30)
    until(k, lambda: director.rows("challenges") and k.link.sender.link.challenge_pending is None,
          "the challenge taken")
    held = (k.state.clock.running, k.state.clock.used_ns)
    assert held[0] is None
    k.at(30 + 30).step()
    assert k.view.lines[0] == "the judge station did not answer in 30 seconds: call the director"
    faces = [remaining(k.state, p, k.now) for p in (0, 1)]
    k.at(30 + 600).step()
    assert (k.state.phase, k.state.clock.running, k.state.clock.used_ns) == ("challenge", *held)
    assert [remaining(k.state, p, k.now) for p in (0, 1)] == faces     # ten minutes on: the same
