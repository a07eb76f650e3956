"""Attack: one unauthenticated request that freezes the whole service. The old depth pre-scan was
a regular expression, quadratic on ``"`` followed by many ``\\"``: 80 KB posted to a table's status
held the service 17 s. Every body from the network is now parsed and checked against the one
schema in a single linear pass (common.wire.schema) before anything else reads it. Each hostile
shape at a status's full 1 MiB and a result's full 256 KiB (bench/rigs/hostile.py; a result
over that is refused 413 before it is read) is refused 400 naming what is wrong, nothing is stored, and an honest table's post is answered while they pour in (how fast: python -m bench honest);
the page's JSON bodies are checked by the same schema. (What each costs: python -m bench door.)"""
import http.client
import json

import pytest

from bench.rigs.hostile import shapes
from director.limits import RESULT_BODY
from tests.security.conftest import Attack, assert_honest_table_served

SHAPES = shapes()
RESULT_SHAPES = shapes(RESULT_BODY)


def nothing_stored(director) -> None:
    stored = director.stored()
    assert stored["results"] == stored["results_audit"] == stored["rounds"] == []
    assert [r["table_name"] for r in stored["status"]] in ([], ["8"])     # the honest table's


@pytest.mark.parametrize("name", list(SHAPES))
def test_a_hostile_mebibyte_is_refused_400_naming_what_is_wrong(director, name):
    for path, body in (("status", SHAPES[name]), ("results", RESULT_SHAPES[name])):
        answer = director.post(7, path, body)
        assert answer.code in (400, 422), (path, answer)
        error = answer.body["error"]
        assert len(error) <= 300 and error.isprintable()
    assert director.post(7, "results", SHAPES[name]).code == 413     # more than a game holds
    nothing_stored(director)
    assert {r["code"] for r in director.rows("rejections")} <= {400, 413, 422}
    assert_honest_table_served(director)


def test_the_service_answers_an_honest_table_while_hostile_bodies_pour_in(director):
    bodies = list(SHAPES.values())

    def attack():               # from an address of its own: its refusals count against it
        for raw in bodies:
            conn = http.client.HTTPConnection("127.0.0.1", director.port, timeout=60,
                                              source_address=("127.0.0.2", 0))
            conn.request("POST", "/api/tables/7/status", raw, {"Content-Type": "application/json"})
            assert conn.getresponse().status in (400, 422, 429)
            conn.close()

    with Attack(attack, least=1):
        assert_honest_table_served(director)
    nothing_stored(director)


@pytest.mark.parametrize("path, body, reason", [
    ("/api/rounds/start", b'{"division": ' + b"[" * 60_000, "division: Expected `str | null`, got `array`"),
    ("/api/rounds/start", b'{"round": "' + b'\\"' * 30_000 + b'"}', "round: Expected `int | null`, got `str`"),
    ("/api/rounds/start", json.dumps({"round": 2 ** 40}).encode(), "round: Expected `int` <= 999"),
    ("/api/enroll", json.dumps({"table": "7\n"}).encode(), "table: Expected `str` of printable text without a space at either end"),
    ("/api/enroll", json.dumps({"table": "7", "url": ["x"]}).encode(), "url: Expected `str | null`"),
    ("/api/import", json.dumps({"files": [{"name": "a.t", "data": "!!"}]}).encode(),
     "files[0].data: Expected `str` of base64"),
    ("/api/import", json.dumps({"files": [{"name": "a\r\nb.t", "data": ""}]}).encode(),
     "files[0].name: Expected `str` of single-line printable text"),
], ids=["deep", "escaped quotes", "out of range", "a newline", "a list", "not base64", "a CR LF"])
def test_the_pages_bodies_are_checked_by_the_same_schema(director, path, body, reason):
    answer = director.request("POST", path, body)
    assert answer.code == 400 and reason in answer.body["error"], answer
    nothing_stored(director)
    assert director.stored()["players"] == []
    assert_honest_table_served(director)


@pytest.mark.parametrize("path, body, code, reason", [
    ("/api/enroll/start", SHAPES["quote then escaped quotes"], 413, "body over"),
    ("/api/enroll/start", b'{"protocol": 1, "table": "7", "message": "' + b"\\\"" * 3000 + b'"}', 400,
     "message: Expected `str` of length"),
    ("/api/enroll/start", json.dumps({"protocol": 1, "table": ["7"], "message": "ab" * 33}).encode(), 400,
     "table: Expected `str`, got `array`"),
    ("/api/enroll/confirm", json.dumps({"exchange": "x" * 32, "confirm": "0" * 64}).encode(), 400,
     "exchange: Expected `str` of lowercase hex digits"),
], ids=["a mebibyte", "escaped quotes", "a list", "not hex"])
def test_a_tables_enrollment_bodies_are_checked_by_the_same_schema(director, path, body, code, reason):
    answer = director.request("POST", path, body, anonymous=True)
    assert answer.code == code and reason in answer.body["error"], answer
    nothing_stored(director)
    assert_honest_table_served(director)


def deep_inside(n: int, opener: bytes, closer: bytes) -> bytes:
    return opener * n + b"1" * (opener == b'{"a":') + closer * n


@pytest.mark.parametrize("path, name_field", [("/api/tables/5/challenge", "table"),
                                              ("/api/stations/1/verdicts", "station")])
@pytest.mark.parametrize("depth", [500, 990, 5000])
@pytest.mark.parametrize("shape", ["objects", "lists"])
def test_a_challenge_or_verdict_nested_deep_is_refused_400(director, path, name_field, depth, shape):
    """Attack: a challenge or a station's verdict whose document nests 990 deep: the parser
    takes it (its bound is deeper), and making the signature's canonical form recursed until
    Python gave up: 500. It is refused 400 before the signature is looked at."""
    opener, closer = (b'{"a":', b"}") if shape == "objects" else (b"[", b"]")
    who = path.split("/")[3]
    body = (b'{"document": {"schema": 1, "kind": "x", "' + name_field.encode() + b'": "' + who.encode()
            + b'", "x": ' + deep_inside(depth, opener, closer) + b'}, "signature": "' + b"0" * 64 + b'"}')
    answer = director.request("POST", path, body, anonymous=True)
    assert answer.code == 400 and "nested deeper" in answer.body["error"], answer
    nothing_stored(director)
    assert director.rows("challenges") == []
    assert_honest_table_served(director)
