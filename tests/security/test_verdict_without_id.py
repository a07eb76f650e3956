"""Attack (issue 39, item 8): a judge station's verdict with no ``challenge_id`` was applied to
whatever challenge the table had open (the real station always names the challenge it rules
on, from its list). Such a verdict is refused 400 naming the field, kept in ``rejections``, and
the challenge stays open and unruled; the station's verdict naming it is then taken."""
from common.wire.signing import sign, station_key, wire
from tests.security.test_station_forgery import open_challenge
from tests.support.director_harness import KEY, TOURNAMENT


def verdict(challenge_id) -> bytes:
    document = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "station": "1",
                "table": "7", "challenge_id": challenge_id, "words": ["QUIRE"], "valid": False,
                "lexicon": "ENABLE", "lexicon_fingerprint": "x", "sent_wall": 0.0}
    return wire(sign(document, station_key(KEY.encode(), "1")))


def test_a_verdict_naming_no_challenge_is_refused_and_changes_nothing(director):
    open_challenge(director)
    before = director.stored()
    answer = director.request("POST", "/api/stations/1/verdicts", verdict(None), anonymous=True)
    assert answer.code == 400
    assert answer.body["error"].startswith("challenge_id: expected the id of the challenge it rules on")
    assert director.stored() == before
    (challenge,) = director.rows("challenges")
    assert (challenge["state"], challenge["station"]) == ("open", None)
    assert director.rows("rejections")[-1]["code"] == 400
    assert director.request("GET", "/api/tables/7/verdict", anonymous=True).code == 404
    taken = director.request("POST", "/api/stations/1/verdicts", verdict("t7-r1:turn-1:5"),
                             anonymous=True)
    assert (taken.code, taken.body["outcome"]) == (200, "accepted")
