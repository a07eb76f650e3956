"""Attack: one phone cuts result intake to a fifth. A result valid in every field the schema
checks, grown to the most a result may be (director.limits.RESULT_BODY), posted under another
table's number or signed with a key not its table's, cost the director 108 ms of CPU (the typed
decode, and the canonical JSON written two or three times on the refusal's path). The signature
is now checked over what was sent, and over nothing else: a table sends the text it signed
(common.wire.signing.wire), so nothing is built or written again before the signature holds; a
result over what a real game can hold is refused 413 before it is read, and each refusal counts
against its sender's rate. (What each costs: python -m bench door.)"""
import time

import pytest

import director.tables.ingest as ingest
from bench.rigs.hostile import forged_result
from director.limits import BURST_S, RESULT_BODY, refusal_cost
from common.wire import schema
from common.wire.signing import table_key
from tests.security.conftest import assert_honest_table_served, played
from tests.support.director_harness import KEY, signed_bytes

FORGED = b"not the tournament's key, nor any table's"


def nothing_stored(director) -> None:
    stored = director.stored()
    assert stored["results"] == stored["results_audit"] == []
    assert [r["table_name"] for r in stored["status"]] in ([], ["8"])     # the honest table's


@pytest.mark.parametrize("signer, posted, code, reason", [
    (FORGED, "5", 403, "the signature does not match table 5's key"),
    (table_key(KEY.encode(), "6"), "6", 409, "table: the document is table '5', posted for table '6'"),
], ids=["forged", "under another table's number"])
def test_a_forged_result_at_the_most_a_game_holds_is_refused(paired_director, signer, posted,
                                                              code, reason):
    director = paired_director
    body = forged_result({**played(table="5" if code == 403 else "6"), "table": "5"}, RESULT_BODY,
                         signer if code == 403 else table_key(KEY.encode(), "5"))
    assert RESULT_BODY - 4096 < len(body) <= RESULT_BODY
    schema.decode(body, schema.SignedResult)            # valid in every field the schema checks
    answer = director.post(posted, "results", body)
    assert answer.code == code and answer.body["error"].startswith(reason), answer
    nothing_stored(director)
    assert_honest_table_served(director)


def test_a_forged_mebibyte_result_is_refused_413_before_it_is_read(paired_director):
    director = paired_director
    body = forged_result(played(table="5"), 1 << 20, FORGED)
    assert len(body) > RESULT_BODY
    answer = director.post(6, "results", body)
    assert answer.code == 413 and answer.body["error"].startswith(f"body over {RESULT_BODY} bytes")
    nothing_stored(director)
    assert director.post(5, "results", forged_result(played(table="5"), 1 << 20,
                                                     table_key(KEY.encode(), "5"))).code == 413
    assert_honest_table_served(director)


class Calls:
    """What the director's ingest was seen to do, in order: each signature checked (over which
    text), each typed decode of a whole signed document, each reading of the events."""

    def __init__(self, monkeypatch):
        self.seen: list[tuple[str, object]] = []
        signs, decode, events_of = ingest.signs, ingest.schema.decode, ingest.events_of
        monkeypatch.setattr(ingest, "signs", lambda s, k, text: self._saw("signature", bytes(text))
                            or signs(s, k, text))
        monkeypatch.setattr(ingest.schema, "decode", lambda raw, kind: self._saw(
            "typed", kind) if kind in schema.SIGNED.values() else None or decode(raw, kind))
        monkeypatch.setattr(ingest, "events_of", lambda d: self._saw("events", None) or events_of(d))

    def _saw(self, what: str, detail) -> None:
        self.seen.append((what, detail))

    def kinds(self) -> list[str]:
        return [what for what, _ in self.seen]


def test_a_refusal_builds_nothing_from_the_body_and_writes_nothing_again(paired_director,
                                                                          monkeypatch):
    director = paired_director
    calls = Calls(monkeypatch)
    body = forged_result({**played(table="5")}, RESULT_BODY, FORGED)
    assert director.post(5, "results", body).code == 403
    assert "typed" not in calls.kinds() and "events" not in calls.kinds()
    texts = {text for what, text in calls.seen if what == "signature"}
    assert len(texts) == 1 and next(iter(texts)) in body     # only what was sent, as it was sent
    calls.seen.clear()
    replayed = forged_result({**played(table="6"), "table": "5"}, RESULT_BODY,
                             table_key(KEY.encode(), "5"))
    assert director.post(6, "results", replayed).code == 409
    assert calls.kinds() == ["signature"]   # table 5's key, over what was sent: no more
    calls.seen.clear()
    assert director.post(5, "results", signed_bytes(played(table="5"))).body["outcome"] == "stored"
    kinds = calls.kinds()                   # an honest result: the signature first, then the rest
    assert kinds[0] == "signature" and kinds.index("typed") < kinds.index("events")
    assert max(i for i, k in enumerate(kinds) if k == "signature") < kinds.index("typed")


def test_refusals_count_against_the_senders_rate(paired_director):
    director = paired_director
    body = forged_result(played(table="5"), RESULT_BODY, FORGED)
    began = time.monotonic()
    codes = [director.post(5, "results", body).code for _ in range(40)]
    elapsed = time.monotonic() - began
    # a refused 256 KiB costs its request and 129 more: the allowance (5 s of requests) holds 7,
    # then the address is in debt, and at most one more each 130 requests' time
    limits, cost = director.config.limits, 1 + refusal_cost(len(body))
    allowance = int(limits.table_requests_per_s * BURST_S // cost)
    assert allowance == 7 and codes[:allowance] == [403] * allowance and 429 in codes, codes
    assert codes.count(403) <= 1 + (limits.table_requests_per_s * (BURST_S + elapsed)) // cost
    nothing_stored(director)


def test_a_document_not_sent_as_the_text_it_signed_is_refused_for_its_reading_alone(
        paired_director, monkeypatch):
    """The right key over the canonical text, but the body written with spaces (or any other
    order): refused 403 by the one check over what was sent, saying how a table sends; nothing
    parsed, typed or written again (the kiosk's own senders have always sent the text they
    signed)."""
    import json

    from common.wire.signing import sign
    director = paired_director
    calls = Calls(monkeypatch)
    spaced = json.dumps(sign(played(table="5"), table_key(KEY.encode(), "5"))).encode()
    answer = director.post(5, "results", spaced)
    assert answer.code == 403 and "not sent as the text it signed" in answer.body["error"]
    assert "typed" not in calls.kinds() and len({t for _, t in calls.seen}) == 1
    nothing_stored(director)
    assert director.post(5, "results", signed_bytes(played(table="5"))).body["outcome"] == "stored"
