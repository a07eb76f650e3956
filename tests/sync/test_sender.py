"""The sync worker on a kiosk's real SQLite store, sending to a director on a real HTTP port:
results arrive once, wait while the director is away, are kept with the director's reason when
refused, survive a restart of the kiosk; the loop's side never waits for the network."""
import json
import socket
import threading

import pytest

from tests.support.wait import wait_until
from common.replay import replay_lines
from kiosk.store.outbox import Outbox
from kiosk.link.http_client import DirectorClient
from kiosk.link.sender import Sender, assignment_alert, link_text
from kiosk.link.worker import LinkState
from common.wire.signing import table_key
from bench.rigs.sync_kiosks import KEY, TOURNAMENT, play, script

FAST = dict(idle_s=0.02, status_s=0.2, poll_s=0.2, base_delay_s=0.05, max_delay_s=0.5)


@pytest.fixture
def senders():
    made = []

    def make(path, url, table="3", **options):
        key = table_key(KEY, table)                      # the table's own key
        sender = Sender(path, DirectorClient(url, table, key, timeout_s=30), key, **(FAST | options))
        made.append(sender)
        return sender.start()
    yield make
    for sender in made:
        assert sender.stop(60), "the worker did not stop"


PAIRINGS = {1: {"3": ("Ann", "Bob", 0)}, 2: {"3": ("Ann", "Cy", 0)}}


def stored(director) -> list[tuple]:
    return sorted((r["round"], r["table_name"], r["score0"], r["score1"])
                  for r in director.rows("results"))


def _attempts(store) -> int:
    """The fewest failed attempts of any pending document."""
    with Outbox.open(store) as outbox:
        return min((d.attempts for d in outbox.due(float("inf"))), default=0)


def test_locked_results_reach_the_director_once_and_the_screen_says_so(tmp_path, real_director,
                                                                        senders):
    director = real_director(PAIRINGS)
    store = tmp_path / "kiosk.sqlite"
    play(store, "3", script(1, ("Ann", "Bob"), (30, 24)))
    sender = senders(store, director.url)
    wait_until(lambda: len(director.rows("results")) == 1, what="the first result")
    play(store, "3", script(2, ("Ann", "Cy"), (10, 50)))     # locked while the worker runs
    wait_until(lambda: len(director.rows("results")) == 2, what="the second result")
    assert stored(director) == [(1, "3", 30 - 2, 24 + 2), (2, "3", 10 - 2, 50 + 2)]
    wait_until(lambda: len(sender.posted) == 2, what="both answers")
    wait_until(lambda: link_text(sender.link) == "result sent to director")
    assert sender.posted == ["stored", "stored"]             # acknowledged: never sent again
    with Outbox.open(store) as outbox:
        assert outbox.pending("result") == 0


def test_while_the_director_is_away_results_wait_and_arrive_when_it_is_back(tmp_path, real_director,
                                                                            senders):
    director = real_director(PAIRINGS)
    director.kill()
    store = tmp_path / "kiosk.sqlite"
    for round, players, scores in ((1, ("Ann", "Bob"), (30, 24)), (2, ("Ann", "Cy"), (12, 40))):
        play(store, "3", script(round, players, scores))
    sender = senders(store, director.url)
    wait_until(lambda: sender.link.reached is False, what="the worker finding no director")
    wait_until(lambda: _attempts(store) >= 2, what="retries with backoff")
    assert link_text(sender.link) == "result waiting to send (2)"
    director.start()                                         # the same port and database
    wait_until(lambda: len(director.rows("results")) == 2, what="both results after its return")
    wait_until(lambda: len(sender.posted) == 2 and link_text(sender.link) == "result sent to director")
    assert sender.posted == ["stored", "stored"]


def test_a_refused_result_is_kept_with_the_directors_reason_shown_and_retried(tmp_path, real_director,
                                                                              senders):
    director = real_director(PAIRINGS, key=b"the director was given another key")
    store = tmp_path / "kiosk.sqlite"
    play(store, "3", script(1, ("Ann", "Bob"), (30, 24)))
    sender = senders(store, director.url)
    wait_until(lambda: sender.link.refused, what="the refusal")
    assert link_text(sender.link).startswith("the director refused the result: the signature ")
    assert "signature" in sender.link.refused and sender.link.pending == 1
    assert director.rows("results") == [] and director.rows("rejections")[0]["code"] == 403
    with Outbox.open(store) as outbox:
        [doc] = outbox.due(float("inf"))
        assert doc.last_error.startswith("refused: 403 ") and doc.acked is None
    director.stop()
    director.start(key=KEY)                                  # the director's key put right
    wait_until(lambda: len(director.rows("results")) == 1, what="the result, retried at the cap")
    wait_until(lambda: link_text(sender.link) == "result sent to director")


def test_pending_results_survive_a_restart_of_the_kiosk(tmp_path, real_director, senders):
    director = real_director(PAIRINGS)
    director.kill()
    store = tmp_path / "kiosk.sqlite"
    play(store, "3", script(1, ("Ann", "Bob"), (30, 24)))
    first = senders(store, director.url)
    wait_until(lambda: first.link.reached is False)
    assert first.stop(60)                                    # the kiosk goes off ...
    director.start()
    second = senders(store, director.url)                    # ... and comes back
    wait_until(lambda: len(director.rows("results")) == 1, what="the result sent after the restart")
    wait_until(lambda: link_text(second.link) == "result sent to director")


def test_the_status_of_the_published_game_reaches_the_director_and_follows_changes(
        tmp_path, real_director, senders):
    director = real_director(PAIRINGS)
    store = tmp_path / "kiosk.sqlite"
    Outbox.open(store).close()
    sender = senders(store, director.url, clock=lambda: 100 * 10**9)
    lines = script(2, ("Ann", "Cy"), (30, 24))
    running = replay_lines(json.dumps(line) for line in lines[:3]).state
    sender.publish(running, "table-3-round-2-game-1", TOURNAMENT, "3")

    def status():
        rows = director.rows("status")
        return json.loads(rows[0]["document"]) if rows else None
    now = wait_until(status, what="a status")
    assert (now["phase"], now["running"], now["scores"], now["round"]) == ("playing", 1, [30, 0], 2)
    assert now["times_ms"][0] == 1500_000 - 20_000 and now["outbox_pending"] == 0
    ended = replay_lines(json.dumps(line) for line in lines[:5]).state
    sender.publish(ended, "table-3-round-2-game-1", TOURNAMENT, "3")
    wait_until(lambda: status()["phase"] == "ended", what="the new status")
    assert link_text(sender.link) == "director linked"


def test_the_assignment_is_polled_and_a_forged_one_is_not_believed(tmp_path, real_director, senders):
    director = real_director({1: {"3": ("Dee", "Eve", 1)}})
    sender = senders(tmp_path / "kiosk.sqlite", director.url)
    assignment = wait_until(lambda: sender.link.assignment, what="the assignment")
    assert (assignment["round"], assignment["players"], assignment["first"]) == (1, ["Dee", "Eve"], 1)
    director.stop()
    director.start(key=b"a forger's key of some length")
    wait_until(lambda: sender.link.assignment_error, what="the forged assignment refused")
    assert sender.link.assignment == assignment                 # the believed one stays
    assert assignment_alert(sender.link).startswith("call the director: this table refused the "
                                                    "director's last assignment (the signature does not match")


def test_a_director_that_refuses_the_status_says_so_before_any_result(tmp_path, real_director, senders):
    director = real_director(PAIRINGS, key=b"the director was given another key")
    store = tmp_path / "kiosk.sqlite"
    Outbox.open(store).close()
    sender = senders(store, director.url)
    state = replay_lines(json.dumps(line) for line in script(1, ("Ann", "Bob"), (30, 24))[:2]).state
    sender.publish(state, "table-3-round-1-game-1", TOURNAMENT, "3")
    wait_until(lambda: sender.link.status_refused, what="the status refused")
    assert link_text(sender.link).startswith("the director refused the status: the signature ")
    assert director.rows("status") == []


def test_the_loop_never_waits_for_a_director_that_does_not_answer(tmp_path, senders):
    """A director that accepts the connection and never answers: the worker is stuck in its
    request, and the loop's side (publish, the link) goes on regardless."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted = threading.Event()

    def hang():
        connections = []
        while True:
            try:
                connections.append(listener.accept()[0])
            except OSError:
                break
            accepted.set()
    threading.Thread(target=hang, daemon=True).start()
    store = tmp_path / "kiosk.sqlite"
    play(store, "3", script(1, ("Ann", "Bob"), (30, 24)))
    key = table_key(KEY, "3")
    sender = Sender(store, DirectorClient(f"http://127.0.0.1:{listener.getsockname()[1]}", "3", key,
                                          timeout_s=3), key, **FAST).start()
    try:
        assert accepted.wait(30), "the worker never connected"
        state = replay_lines(['{"preset": "aspa"}']).state
        for _ in range(1000):                                   # the loop's calls, while stuck
            sender.publish(state, "g", "T", "3")
            assert isinstance(sender.link, LinkState)
        assert sender.link.delivered_wall is None
    finally:
        assert sender.stop(60)
        listener.close()
