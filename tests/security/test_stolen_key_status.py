"""Attack: a stolen card (a table's own key) signs statuses meant to break the page or freeze a
tile. Each field of a status is the schema's (common.wire.schema: type, range, length, single-line
printable text, closed vocabulary) and is checked before anything else reads it: an ``alerts``
that is a list (which made /events, /live/events and /api/state answer 500 for everyone), a
``sent_wall`` of 2**53 - 1 (which made every honest status after it "older"), a 500 KB phase, a
dict where the players go, a name with a line break... each is refused 400 naming the field,
nothing is stored, the pages still answer, and the table's next honest status is shown: statuses
are ordered by when the director receives them, never by the clock a document claims."""
import json
import urllib.request

import pytest

from tests.security.conftest import assert_honest_table_served
from tests.support.director_harness import signed_bytes, status_doc

ALERTS = {"overtime": [], "hold": None, "challenge": None, "neutral": None, "absent": []}


@pytest.mark.parametrize("change, reason", [
    (dict(alerts=[]), "alerts: Expected `object`, got `array`"),
    (dict(alerts={**ALERTS, "hold": 7}), "alerts.hold: Expected `int` <= 1"),
    (dict(alerts={**ALERTS, "overtime": [0, 1, 0]}), "alerts.overtime: Expected `array` of length <= 2"),
    (dict(sent_wall=2.0 ** 53 - 1), "sent_wall: Expected `float` <= 17179869184.0"),
    (dict(phase="x" * 500_000), "phase: Invalid enum value"),
    (dict(phase="conquered"), "phase: Invalid enum value 'conquered'"),
    (dict(players={"0": "Ann", "1": "Bob"}), "players: Expected `array`, got `object`"),
    (dict(players=["Ann\nTable 9: Bob 500", "Bob"]), "players[0]: Expected `str` of single-line printable text"),
    (dict(players=["A" * 101, "Bob"]), "players[0]: Expected `str` of length <= 100"),
    (dict(scores=[10 ** 9, 0]), "scores[0]: Expected `int` <= 100000"),
    (dict(times_ms=[0, 0, 0]), "times_ms: Expected `array` of length 2"),
    (dict(round=0), "round: Expected `int` >= 1"),
    (dict(game_id=""), "game_id: Expected `str` of length >= 1"),
    (dict(division="A B"), "division: Expected `str` of one word of letters, digits, . - _"),
    (dict(extra="x"), "document: Object contains unknown field `extra`"),
], ids=["alerts a list", "a hold by a third player", "three in overtime", "sent in 287396 AD",
        "a 500 KB phase", "an unknown phase", "a dict of players", "a name with a line break",
        "a long name", "a billion points", "three clocks", "round 0", "no game", "a division of two words",
        "a field of no status"])
def test_a_status_not_of_the_schemas_form_is_refused_400_and_nothing_stored(director, change, reason):
    before = signed_bytes(status_doc(5, scores=(10, 0)))
    assert director.post(5, "status", before).code == 200
    stored = director.rows("status")
    answer = director.post(5, "status", signed_bytes({**status_doc(5, scores=(90, 40)), **change}))
    assert answer.code == 400 and answer.body["error"].startswith(reason), answer
    assert director.rows("status") == stored and director.rows("results") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["code"], rejection["table_name"], rejection["document"]) == (400, "5", None)
    assert director.up()                                    # /api/state, whose parts /events sends
    with urllib.request.urlopen(director.url + "/live", timeout=30) as page:
        assert page.status == 200
    honest = director.post(5, "status", signed_bytes(status_doc(5, scores=(95, 40), sent_wall=1.0)))
    assert honest.code == 200 and json.loads(director.rows("status")[0]["document"])["scores"] == [95, 40]
    assert_honest_table_served(director)


def test_a_status_from_the_future_cannot_freeze_the_tile(director):
    """The largest time the schema lets through, then the honest table's own: the honest one
    stands, as every later one will."""
    far = signed_bytes(status_doc(5, scores=(1, 1), sent_wall=2.0 ** 34))
    assert director.post(5, "status", far).code == 200
    for n, scores in enumerate([(10, 0), (20, 5)]):
        assert director.post(5, "status", signed_bytes(status_doc(5, scores=scores, sent_wall=1e9 + n))).code == 200
        assert json.loads(director.rows("status")[0]["document"])["scores"] == list(scores)
    assert director.rows("results") == []
