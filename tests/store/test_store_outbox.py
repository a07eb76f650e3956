"""The outbox on a real file: due documents, exponential backoff with a cap, acks, reopening.
Every time is passed in: nothing sleeps."""
from __future__ import annotations

import pytest

from common.presets import load_rules
from kiosk.store import Journal, StoreError, UnknownRecord
from kiosk.store.db import pragmas
from kiosk.store.outbox import Outbox

T0 = 1_767_000_000.0
RESULT = {"schema": 1, "kind": "result", "table": 7, "round": 3, "final": [401, 377]}


@pytest.fixture
def outbox(tmp_path):
    with Outbox.open(tmp_path / "kiosk.db") as box:
        yield box


def test_a_new_document_is_due_at_once_and_comes_back_as_put(outbox):
    doc_id = outbox.put("result", RESULT, T0)
    [doc] = outbox.due(T0)
    assert (doc.id, doc.kind, doc.body, doc.created, doc.attempts, doc.acked) == (
        doc_id, "result", RESULT, T0, 0, None)
    assert outbox.due(T0 - 1) == []                  # not before it was put
    assert pragmas(outbox.db)["synchronous"] == 2 and pragmas(outbox.db)["journal_mode"] == "wal"


def test_failures_back_off_exponentially_up_to_the_cap(outbox):
    doc_id = outbox.put("result", RESULT, T0)
    now, waits = T0, []
    for _ in range(9):
        next_attempt = outbox.mark_sent_failed(doc_id, now, error="connection refused")
        waits.append(next_attempt - now)
        assert outbox.due(next_attempt - 0.001) == []
        [doc] = outbox.due(next_attempt)
        now = next_attempt
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert (doc.attempts, doc.last_error) == (9, "connection refused")


def test_the_backoff_base_and_cap_are_settings(tmp_path):
    with Outbox.open(tmp_path / "o.db", base_delay_s=5, max_delay_s=30) as box:
        assert [box.delay_after(n) for n in (1, 2, 3, 4, 50, 5000)] == [5, 10, 20, 30, 30, 30]
    with pytest.raises(StoreError, match="backoff"):
        Outbox.open(tmp_path / "o.db", base_delay_s=0)


def test_an_acknowledged_document_is_never_due_again(outbox):
    first = outbox.put("result", RESULT, T0)
    second = outbox.put("status", {"phase": "playing"}, T0 + 1)
    outbox.ack(first, T0 + 2)
    assert [d.id for d in outbox.due(T0 + 100)] == [second]
    outbox.ack(first, T0 + 50)                        # again, through the serial link: no change
    assert outbox.get(first).acked == T0 + 2
    assert outbox.mark_sent_failed(first, T0 + 60) is None   # a late failure does not un-ack it
    assert outbox.get(first).acked == T0 + 2 and outbox.pending() == 1
    with pytest.raises(UnknownRecord, match="no outbox document 99"):
        outbox.ack(99, T0)


def test_pending_documents_survive_reopening_the_file(tmp_path):
    path = tmp_path / "kiosk.db"
    with Outbox.open(path) as box:
        kept = box.put("result", RESULT, T0)
        box.mark_sent_failed(kept, T0 + 1)
        box.mark_sent_failed(kept, T0 + 2)             # next attempt at T0 + 4
        sent = box.put("status", {"phase": "ended"}, T0 + 3)
        box.ack(sent, T0 + 3)
    with Outbox.open(path) as box:                     # after a reboot
        assert box.due(T0 + 3.9) == []
        [doc] = box.due(T0 + 4)
        assert (doc.id, doc.body, doc.attempts) == (kept, RESULT, 2)
        assert box.pending() == 1


def test_the_outbox_shares_the_journals_file_and_its_transactions(tmp_path):
    """As the kiosk keeps them: a locked result and its document commit together or not at all."""
    path = tmp_path / "kiosk.db"
    with Journal.open(path) as journal:
        box = Outbox(journal.conn, journal.path)               # the journal's connection
        with pytest.raises(RuntimeError):
            with journal.transaction():
                journal.new_game(load_rules("aspa"), 3, ("Ann", "Bob"), 7)
                box.put("result", RESULT, T0)
                raise RuntimeError("power cut before the commit")
        assert journal.current_game() is None and box.pending() == 0
        with journal.transaction():
            game_id = journal.new_game(load_rules("aspa"), 3, ("Ann", "Bob"), 7)
            doc_id = box.put("result", RESULT, T0)
    with Journal.open(path) as journal, Outbox.open(path) as box:   # after a reboot
        assert journal.current_game() == game_id and journal.game(game_id).players == ("Ann", "Bob")
        assert [(d.id, d.body) for d in box.due(T0)] == [(doc_id, RESULT)]


def test_a_wall_clock_set_back_does_not_strand_a_document(outbox):
    doc_id = outbox.put("result", RESULT, T0)
    outbox.mark_sent_failed(doc_id, T0)                # due at T0 + 1 ...
    later = T0 - 86_400                                # ... then the clock goes back a day
    assert [d.id for d in outbox.due(later)] == [doc_id]


def test_documents_that_are_not_json_are_refused_and_nothing_is_queued(outbox):
    with pytest.raises(StoreError, match="the result document is not JSON"):
        outbox.put("result", {"final": {1, 2}}, T0)
    with pytest.raises(StoreError, match="not JSON"):
        outbox.put("result", {"spread": float("nan")}, T0)
    with pytest.raises(StoreError, match="JSON object or list, not str"):
        outbox.put("result", '{"already": "text"}', T0)
    with pytest.raises(StoreError, match="needs a kind"):
        outbox.put("", RESULT, T0)
    assert outbox.pending() == 0


def test_a_refused_document_waits_the_cap_and_pending_counts_by_kind(outbox):
    result = outbox.put("result", RESULT, T0)
    outbox.put("result-unsigned", {"document": RESULT, "signature": None}, T0)
    assert outbox.mark_sent_failed(result, T0, "refused: 403 forged", at_cap=True) == T0 + 60
    assert (outbox.pending(), outbox.pending("result"), outbox.last_acked("result")) == (2, 1, None)
    outbox.ack(result, T0 + 61)
    assert (outbox.pending("result"), outbox.last_acked("result")) == (0, T0 + 61)


def test_a_challenge_supersedes_those_waiting_and_its_seq_is_counted(outbox):
    """A judge station's challenge says all the earlier ones waiting said: they are done without
    being sent, in the same transaction, so none goes after it; ``seq`` counts them all."""
    assert outbox.last_seq("challenge") == 0 and outbox.newest("challenge") is None
    first = outbox.put("challenge", {"document": {"seq": 7, "state": "open"}}, 100.0)
    outbox.mark_sent_failed(first, 101.0, "director not reached")
    result = outbox.put("result", {"document": {"game_id": "g1"}}, 102.0)
    second = outbox.put_superseding("challenge", {"document": {"seq": 8, "state": "withdrawn"}}, 103.0)
    assert [d.id for d in outbox.due(200.0)] == [result, second]
    assert outbox.get(first).acked == 103.0
    assert outbox.get(first).last_error == f"superseded by document {second}"
    assert outbox.newest("challenge").id == second and outbox.last_seq("challenge") == 8
    assert outbox.pending("challenge") == 1 and outbox.get(result).acked is None
