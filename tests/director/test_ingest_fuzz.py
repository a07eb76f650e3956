"""Fuzzing the director's document parser (director.tables.ingest.receive): whatever bytes or JSON a
table sends, it answers (a 4xx for anything but a valid document), never raises, and stores
nothing it refused."""
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.event.db import DirectorDB
from director.tables.ingest import receive
from tests.support.director_harness import KEY, result_doc, signed_bytes, status_doc
from common.game import events as ev
from common.presets import load_preset
from common.wire.document import journal_hash

pytestmark = pytest.mark.slow          # hypothesis: thousands of random documents: make check leaves it out

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)
RULES = load_preset("aspa")             # the harness's games are played under aspa
RESULT = result_doc(7)
STATUS = status_doc(7)


@pytest.fixture(scope="module")
def db():
    with tempfile.TemporaryDirectory() as folder:
        opened = DirectorDB.open(Path(folder) / "fuzz.sqlite")
        yield opened
        opened.close()


def stored(db):
    with db.locked() as conn:
        return conn["results"].count + conn["status"].count


def clear(db):
    with db.transaction() as conn:
        for table in ("results", "status", "results_audit"):
            conn[table].delete_where()


@SETTINGS
@given(raw=st.binary(max_size=300), path=st.sampled_from(["results", "status"]))
def test_random_bytes_get_a_4xx(db, raw, path):
    reply = receive(db, "7", path, raw, KEY.encode(), 1e9, rules=RULES)
    assert 400 <= reply.code < 500 and reply.body["error"]
    assert stored(db) == 0


@SETTINGS
@given(value=json_values, path=st.sampled_from(["results", "status"]))
def test_random_json_gets_a_4xx(db, value, path):
    reply = receive(db, "7", path, json.dumps(value).encode(), KEY.encode(), 1e9, rules=RULES)
    assert 400 <= reply.code < 500
    assert stored(db) == 0


@SETTINGS
@given(changes=st.dictionaries(st.sampled_from(sorted(RESULT) + ["extra"]), json_values, max_size=3),
       result_changes=st.dictionaries(st.sampled_from(["final", "spread", "winner", "end"]),
                                      json_values, max_size=2))
def test_signed_results_with_random_fields_are_stored_or_refused_never_raise(db, changes, result_changes):
    clear(db)
    document = {**RESULT, **changes}
    if isinstance(document.get("result"), dict):
        document["result"] = {**document["result"], **result_changes}
    reply = receive(db, "7", "results", signed_bytes(document), KEY.encode(), 1e9, rules=RULES)
    assert reply.code == 200 or 400 <= reply.code < 500
    assert stored(db) == (1 if reply.code == 200 else 0)


@SETTINGS
@given(changes=st.dictionaries(st.sampled_from(sorted(STATUS)), json_values, max_size=3))
def test_signed_status_with_random_fields_is_stored_or_refused_never_raises(db, changes):
    clear(db)
    reply = receive(db, "7", "status", signed_bytes({**STATUS, **changes}), KEY.encode(), 1e9, rules=RULES)
    assert reply.code == 200 or 400 <= reply.code < 500
    assert stored(db) == (1 if reply.code == 200 else 0)


def test_the_untouched_documents_are_stored(db):
    clear(db)
    assert receive(db, "7", "results", signed_bytes(RESULT), KEY.encode(), 1e9, rules=RULES).code == 200
    assert receive(db, "7", "status", signed_bytes(STATUS), KEY.encode(), 1e9, rules=RULES).code == 200
    assert stored(db) == 2


@pytest.mark.parametrize("path, document, field, value", [
    ("results", RESULT, "round", 2 ** 63),
    ("results", RESULT, "revision", 2 ** 64),
    ("status", STATUS, "round", 2 ** 63),
    ("status", STATUS, "scores", [2 ** 70, 0]),
    ("status", STATUS, "times_ms", [-(2 ** 63), 0]),
    ("status", STATUS, "sent_wall", 2 ** 63),
])
def test_integers_too_large_to_keep_are_refused_not_a_crash(db, path, document, field, value):
    """Found by the fuzz test above: a round of 2**63 reached SQLite and raised OverflowError."""
    clear(db)
    reply = receive(db, "7", path, signed_bytes({**document, field: value}), KEY.encode(), 1e9, rules=RULES)
    assert reply.code == 400 and field in reply.body["error"]
    assert stored(db) == 0


@SETTINGS
@given(index=st.integers(0, len(RESULT["events"]) - 1),
       changes=st.dictionaries(st.sampled_from(["player", "turn", "score", "at_ns", "kind", "tiles",
                                                "side", "first", "reason", "out", "from_ns"]),
                               st.none() | st.booleans() | st.integers(-3, 2 ** 40) | st.text(max_size=4),
                               min_size=1, max_size=2))
def test_signed_results_with_changed_events_are_stored_or_refused_never_raise(db, caplog, index, changes):
    """Events changed and hashed again (only the read-back can tell): a 4xx naming the events or
    the first field of the result that differs, never an error the read-back did not expect."""
    clear(db)
    events = [dict(e) for e in RESULT["events"]]
    events[index].update(changes)
    try:
        hashed = journal_hash(ev.from_dict(e) for e in events)
    except ev.EventFormatError:
        hashed = RESULT["journal_sha256"]           # unreadable: refused before any hash
    document = {**RESULT, "events": events, "journal_sha256": hashed}
    reply = receive(db, "7", "results", signed_bytes(document), KEY.encode(), 1e9, rules=RULES)
    assert reply.code == 200 or reply.code in (400, 422), reply
    assert stored(db) == (1 if reply.code == 200 else 0)
    assert "cannot be read back" not in reply.body.get("error", "")
    assert not [r for r in caplog.records if r.name == "director.tables.verify"]
