"""The kiosk on its SQLite store: a game played on MockFactory pins, the kiosk dropped mid-turn
(a crash) or restarted on another boot (a power cut), a new kiosk on the same file resuming it
neutral with the right times, the game finished, and the signed result in the outbox."""
from tests.support.ui_harness import ENABLE_LABEL
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.support.app_harness import ENABLE, KEY, S, T0, journal_events, opening
from common.game import events as ev
from common.game.result import compute
from kiosk.lexicon import open_lexicon
from kiosk.store.adjudications import adjudications_for_table
from common.wire.document import events_of
from common.wire.signing import SignatureError, verify
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.setup.screen import SetupScreen
from kiosk.ui.judge.verdict import VerdictScreen, VerdictView

REPO = Path(__file__).resolve().parents[2]
RESTARTED = "CLOCK STOPPED: the kiosk restarted (the time it was off is charged to no one)"
ENABLE_FINGERPRINT = "d5ec7b3b1d35db798cee044fe3ec37e7cc0a96a00dee5695ad34c767f1797925"




def finish(k, at):
    """From Ann's clock running again: Ann plays JINX, Bob challenges JINX and ZZZQ: off; then
    passes to a zero-score run, the racks, both confirm."""
    k.press("left", at=at).type("11\n", at=at + 1)          # Ann: 11; Bob's clock runs
    k.press("centre", at=at + 2).press("centre", at=at + 3)  # Bob challenges it
    assert isinstance(k.screen, JudgeScreen)
    k.type("jinx zzzq", at=at + 4)
    k.press("left", at=at + 5)                               # Ann, challenged, asks the verdict
    assert isinstance(k.screen, VerdictScreen)
    verdict = k.view
    k.at(at + 16).step()
    assert isinstance(k.screen, ClockScreen) and k.state.turns[-1].phony
    k.press("left", at=at + 17)                              # Ann restarts Bob's clock
    t = at + 20
    while k.state.phase == "playing":                        # passes until six zero turns
        mover = k.state.clock.running
        k.press(("left", "right")[mover], at=t)
        k.key("Tab", at=t + 1).key("Tab").key("Enter")
        t += 5
    assert k.state.phase == "ended" and k.state.end == "zeros"
    k.type("ab\n", at=t).type("z\n", at=t + 1)               # the racks, Ann's first
    k.press("left", at=t + 2).press("right", at=t + 3)       # both confirm: locked
    assert k.state.phase == "confirmed"
    return verdict, t + 3


def the_outbox_holds_the_signed_result(k, lock_s):
    docs = k.session.outbox.due(time.time())
    assert [d.kind for d in docs] == ["result"]
    document = verify(docs[0].body, KEY)
    lock_ns = T0 + lock_s * S
    assert document["result"] == compute(k.state, lock_ns).to_dict()
    final = [int(half.score) for half in k.view.halves]
    assert document["result"]["final"] == final
    assert (document["tournament"], document["table"], document["round"]) == ("Test Open", "7", 3)
    assert document["players"] == ["Ann", "Bob"] and document["phase"] == "confirmed"
    events = events_of(document)                             # checked against the journal hash
    assert any(isinstance(e, ev.Recovered) for e in events)
    assert k.session.journal.replay(k.session.game_id).state == k.state
    (adjudication,) = document["adjudications"]
    assert adjudication["words"] == [{"word": "JINX", "valid": True}, {"word": "ZZZQ", "valid": False}]
    assert adjudication["valid"] is False and adjudication["challenger_side"] == 1
    assert adjudication["challenger"] == "Bob" and adjudication["table"] == "7"
    assert (adjudication["lexicon"], adjudication["lexicon_fingerprint"]) == ("enable2k", ENABLE_FINGERPRINT)
    tampered = dict(docs[0].body, document=dict(document, result=dict(document["result"], final=final[::-1])))
    try:
        verify(tampered, KEY)
    except SignatureError:
        pass
    else:
        raise AssertionError("an altered result verified")
    return document


def nothing_on_the_table_tells_which_word_failed(k, verdict):
    assert verdict == VerdictView(valid=False, words=("JINX", "ZZZQ"), lexicon=ENABLE_LABEL)
    verdicts = {view for view in k.views if isinstance(view, VerdictView)}
    assert verdicts == {verdict}               # the only verdict drawn: one for the whole play
    assert all("per_word" not in repr(view) for view in k.views)
    (shown,) = adjudications_for_table(k.session.journal, k.session.game_id)
    assert not hasattr(shown, "per_word") and shown.valid is False


def test_a_crash_mid_turn_then_the_game_resumes_neutral_and_finishes(kiosks, tmp_path):
    first = kiosks(boot_id="boot-A")
    opening(first)
    first.crash()                                            # dropped: nothing closed

    k = kiosks(boot_id="boot-A", start=1000)                 # the same boot, 925 s later
    k.shot("recovered")
    assert k.state.clock.running is None and k.state.neutral_reason == "recovered"
    assert isinstance(k.screen, ClockScreen)
    # Ann: 28 s to her first press, then 60..75 s (the last checkpoint): 43 s; Bob 30 s.
    assert [h.time for h in k.view.halves] == ["24:17", "24:30"]
    assert [h.score for h in k.view.halves] == ["24", "40"]
    assert k.view.banner[0] == RESTARTED
    assert re.fullmatch(r"The kiosk stopped at \d\d:\d\d:\d\d; clock stopped at 24:17 / 24:30; "
                        r"Bob: press your button to restart Ann's clock", k.view.notice), k.view.notice
    assert k.view.error == ""                                # news, not an error (its own colour)
    (recovered,) = [e for e in journal_events(tmp_path / "kiosk.sqlite") if isinstance(e, ev.Recovered)]
    assert recovered == ev.Recovered(T0 + 1000 * S, from_ns=T0 + 75 * S)

    k.press("left", at=1001)                                 # Ann's own button: refused (Bob waits)
    assert k.state.clock.running is None
    k.press("right", at=1002)                                # Bob restarts Ann's clock
    assert k.state.clock.running == 0 and k.view.error == k.view.notice == ""
    k.at(1012).step()
    assert k.view.halves[0].time == "24:07"                  # down time charged to no one
    verdict, lock_s = finish(k, 1012)
    k.shot("locked")
    the_outbox_holds_the_signed_result(k, lock_s)
    nothing_on_the_table_tells_which_word_failed(k, verdict)


def test_a_power_cut_the_new_boot_clock_starts_near_zero(kiosks, tmp_path):
    first = kiosks(boot_id="boot-A")
    opening(first)
    first.crash()

    k = kiosks(boot_id="boot-B", start=-4_990)              # rebooted: 10 s of monotonic time
    assert k.state.clock.running is None and k.state.neutral_reason == "recovered"
    assert [h.time for h in k.view.halves] == ["24:17", "24:30"]
    assert k.view.notice.startswith("Power was lost at ") and k.view.banner[0] == RESTARTED
    k.press("right", at=-4_980)
    k.at(-4_970).step()
    assert k.view.halves[0].time == "24:07"
    verdict, lock_s = finish(k, -4_970)
    the_outbox_holds_the_signed_result(k, lock_s)


def test_checkpoints_are_taken_while_time_runs_and_not_while_it_stands(kiosks):
    k = kiosks()
    journal, game_id = k.session.journal, k.session.game_id

    def checkpointed():
        point = journal.last_checkpoint(game_id)
        return None if point is None else (point.at_ns - T0) / S

    k.press("right", at=2)
    k.at(2.4).step()
    assert checkpointed() is None                            # not due yet (0.5 s by default)
    k.at(2.6).step()
    assert checkpointed() == 2.6
    k.at(2.9).step()
    assert checkpointed() == 2.6
    k.at(3.1).step()
    assert checkpointed() == 3.1
    k.press("left", at=30).type("24\n", at=31)               # Bob's clock runs from 30 s
    k.at(31.2).step()
    assert checkpointed() == 3.1                             # 0.5 s after the last event, not before
    k.at(31.5).step()
    assert checkpointed() == 31.5
    k.press("centre", at=40).press("centre", at=41)          # Bob challenges: the clock stands
    assert k.state.clock.running is None
    k.at(50).step()
    k.at(60).step()
    assert checkpointed() == 31.5


def test_after_a_locked_result_the_next_start_is_a_new_game(kiosks, tmp_path):
    k = kiosks()
    opening(k)
    finish(k, 80)
    old = k.session.game_id
    k.close()

    again = kiosks(start=2000, names=("Cat", "Dan"))
    assert again.session.game_id != old and again.state.phase == "setup"
    assert isinstance(again.screen, SetupScreen) and again.view.names == ("Cat", "Dan")
    assert again.view.error == ""
    assert again.session.outbox.pending() == 1               # the first game's result waits


def test_a_new_game_opens_after_the_result_has_been_shown_when_configured(kiosks):
    k = kiosks(new_game_after_s=60)
    opening(k)
    _, lock_s = finish(k, 80)
    old = k.session.game_id
    k.at(lock_s + 59).step()
    assert k.state.phase == "confirmed" and isinstance(k.screen, ClockScreen)
    k.at(lock_s + 60).step()
    k.shot("next-game")
    assert k.state.phase == "setup" and isinstance(k.screen, SetupScreen)
    assert k.session.game_id == old + 1 and k.session.journal.current_game() == old + 1
    k.press("right", at=lock_s + 70)                         # and it starts like any game
    assert k.state.clock.running == 0


def test_an_unstarted_game_is_kept_only_if_set_up_the_same(kiosks, tmp_path):
    first = kiosks()
    first_id = first.session.game_id
    first.close()
    same = kiosks(start=10)
    assert same.session.game_id == first_id
    same.close()
    other = kiosks(start=20, names=("Cat", "Dan"))
    assert other.session.game_id != first_id
    closed = other.session.journal.game(first_id)
    assert closed.closed_wall is not None and "replaced" in closed.closed_reason


def test_without_a_key_the_result_is_kept_unsigned(kiosks):
    k = kiosks(key=None)
    opening(k)
    finish(k, 80)
    (doc,) = k.session.outbox.due(time.time())
    assert doc.kind == "result-unsigned" and doc.body["signature"] is None
    assert doc.body["document"]["result"]["final"] == [int(h.score) for h in k.view.halves]


def test_the_recorded_lexicon_is_the_one_in_use():
    lexicon = open_lexicon(ENABLE)
    assert (lexicon.name, lexicon.fingerprint) == ("enable2k", ENABLE_FINGERPRINT)


@pytest.mark.slow
def test_killed_with_sigkill_the_kiosk_resumes_the_game_on_the_same_file(kiosks, tmp_path):
    store = tmp_path / "kiosk.sqlite"
    child = subprocess.Popen([sys.executable, "-m", "tests.support.kiosk_child", str(store), "boot-A"], cwd=REPO,
                             env=dict(os.environ, PYTHONPATH=str(REPO)), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: lines.put(child.stdout.readline()), daemon=True).start()
    try:
        line = lines.get(timeout=120)           # generous: a noisy 2-core machine
        assert line == "ready\n", child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=120)
    assert child.returncode == -signal.SIGKILL

    k = kiosks(boot_id="boot-A", start=1000)
    assert k.state.clock.running is None and k.state.neutral_reason == "recovered"
    assert [h.time for h in k.view.halves] == ["24:17", "24:30"]
    assert k.view.banner[0] == RESTARTED and k.view.notice.startswith("The kiosk stopped at ")
    k.press("right", at=1002)
    verdict, lock_s = finish(k, 1012)
    the_outbox_holds_the_signed_result(k, lock_s)
    nothing_on_the_table_tells_which_word_failed(k, verdict)
