"""Recovery in one process: the journal is reopened as after a restart (a new boot id for a
power cut, the same one for a crash of the app) and the game resumes with the clock neutral."""
from __future__ import annotations

import time

import pytest

from common.game import clock as clk
from common.game import commands as c
from common.game import events as ev
from common.game.clock import NS_PER_S
from common.game.errors import ClockStateError
from common.game.game import decide
from common.game.rebase import RECOVERED
from common.game.state import new_game, replay
from kiosk.store import Journal, StoreError, recover

S = NS_PER_S


def from_events_alone(state, events):
    """What a reader of the events alone (a result document, the director) rebuilds."""
    return replay(new_game(state.rules, state.round, state.players), events)


def boots(journal, game_id):
    """(type, boot id) of the game's event rows, in order."""
    return [(r["type"], r["boot_id"]) for r in journal.db.query(
        "SELECT type, boot_id FROM events WHERE game_id = ? ORDER BY seq", [game_id])]


def used(state, now_ns=None):
    now_ns = state.last_ns if now_ns is None else now_ns
    return clk.used(state.clock, 0, now_ns), clk.used(state.clock, 1, now_ns)


class Rebooted:
    """The kiosk after a restart: its own journal connection and its own monotonic clock."""

    def __init__(self, path, game_id, boot_id=None):
        self.journal = Journal.open(path, boot_id=boot_id)
        self.game_id = game_id

    def recover(self, now_s: float, wall: float = 1_767_100_000.0):
        self.recovered = recover(self.journal, self.game_id, round(now_s * S), wall)
        self.state = self.recovered.state
        return self.recovered

    def at(self, now_s: float, command):
        made = decide(self.state, command, round(now_s * S))
        self.journal.append(self.game_id, made)
        self.state = replay(self.state, made)
        return made


@pytest.fixture
def reboot(tmp_path):
    opened = []

    def make(game_id, boot_id="boot-after-the-power-cut"):
        opened.append(Rebooted(tmp_path / "kiosk.db", game_id, boot_id))
        return opened[-1]
    yield make
    for r in opened:
        r.journal.close()


def test_a_power_cut_resumes_neutral_with_the_checkpointed_times(kiosk, reboot):
    k = kiosk().opening()                       # Bob's clock runs from 95 s
    for second in range(96, 111):
        k.checkpoint(second)
    k.checkpoint(110.4)
    assert used(k.state, k.ns(110.4)) == (65 * S, round(45.4 * S))

    r = reboot(k.game_id)
    got = r.recover(7)                          # 7 s into the new boot: far below the old times
    assert got.power_lost and got.source == "checkpoint"
    assert got.state.clock.neutral and got.state.neutral_reason == RECOVERED
    assert used(got.state, 7 * S) == used(got.state, 900 * S) == (65 * S, round(45.4 * S))
    stopped_at = time.strftime("%H:%M:%S", time.localtime(k.wall(110.4)))
    assert got.message == (f"Power was lost at {stopped_at}; "
                           "clock stopped at 23:55 / 24:14; Ann: press your button to restart Bob's clock")
    assert got.fell_due == [] and got.recovered == ev.Recovered(7 * S, from_ns=k.ns(110.4))
    assert got.events == k.events + [got.recovered]
    assert r.journal.load(k.game_id) == (got.state, got.events)
    assert from_events_alone(k.state, got.events) == got.state
    assert boots(r.journal, k.game_id) == (
        [(type(e).__name__, k.journal.boot_id) for e in k.events] + [("Recovered", r.journal.boot_id)])
    assert r.journal.last_checkpoint(k.game_id) is None       # used up by the recovery

    # The game goes on in the new boot's time: Ann (waiting) restarts Bob's clock, Bob plays.
    r.at(20, c.Resume(0))
    r.at(50, c.Play(1, 33))
    assert used(r.state) == (65 * S, round(75.4 * S))
    assert r.state.scores() == (71, 57)
    reloaded = reboot(k.game_id, boot_id="yet-another-boot").journal.load(k.game_id)[0]
    assert reloaded == r.state
    clock = r.state.clock                       # nothing unaccounted for: time is conserved
    assert (sum(clock.used_ns) + clock.neutral_ns - sum(clock.adjusted_ns)
            == r.state.last_ns - clock.started_ns)


def test_a_checkpoint_older_than_the_last_event_is_not_used(kiosk, reboot):
    k = kiosk()
    k.at(0, c.Start(0))
    k.at(40, c.Play(0, 30))
    k.checkpoint(69)                            # Bob's clock, before his play at 70
    k.at(70, c.Play(1, 24))
    got = reboot(k.game_id).recover(5)
    assert got.source == "event" and got.recovered == ev.Recovered(5 * S, from_ns=k.ns(70))
    assert used(got.state, 5 * S) == (40 * S, 30 * S)
    assert got.message.endswith("clock stopped at 24:20 / 24:30; Bob: press your button to restart Ann's clock")


def test_an_app_crash_on_the_same_boot_says_so_and_charges_the_gap_to_no_one(kiosk, reboot):
    k = kiosk().opening()
    k.checkpoint(100)
    r = reboot(k.game_id, boot_id=k.journal.boot_id)
    with pytest.raises(StoreError, match="before the game's last instant .* on this same boot"):
        r.recover(k.ns(99) / S)
    got = r.recover(k.ns(130) / S)             # back 30 s later on the same monotonic clock
    assert not got.power_lost and got.message.startswith("The kiosk stopped at ")
    assert used(got.state, k.ns(130)) == (65 * S, 35 * S)
    r.at(k.ns(131) / S, c.Resume(0))
    r.at(k.ns(141) / S, c.Pass(1))
    assert used(r.state) == (65 * S, 45 * S)
    assert r.journal.load(k.game_id)[0] == r.state
    state, events = r.journal.load(k.game_id)
    assert ev.Recovered(k.ns(130), from_ns=k.ns(100)) in events
    assert from_events_alone(k.state, events) == state
    assert {boot for _, boot in boots(r.journal, k.game_id)} == {k.journal.boot_id}


def test_recovering_twice_without_a_press_in_between_keeps_the_times(kiosk, reboot):
    k = kiosk().opening()
    k.checkpoint(101)
    first = reboot(k.game_id, "second-boot").recover(4)
    second = reboot(k.game_id, "third-boot").recover(9)
    assert second.source == "event"             # the checkpoint was used up by the first
    assert used(second.state, 9 * S) == used(first.state, 4 * S) == (65 * S, 36 * S)
    assert second.state.clock.since_ns == 9 * S
    r = reboot(k.game_id, "third-boot")
    assert r.journal.load(k.game_id) == (second.state, second.events)
    assert second.events == k.events + [ev.Recovered(4 * S, from_ns=k.ns(101)),
                                        ev.Recovered(9 * S, from_ns=4 * S)]
    assert boots(r.journal, k.game_id)[-3:] == [
        ("TurnEnded", k.journal.boot_id), ("Recovered", "second-boot"), ("Recovered", "third-boot")]
    assert from_events_alone(k.state, second.events) == second.state


def test_the_play_out_accept_window_carries_on_after_a_restart(kiosk, reboot):
    k = kiosk()
    k.at(0, c.Start(0))
    k.at(40, c.Play(0, 30))
    k.at(70, c.Play(1, 24))
    k.at(95, c.Out(0, 20))                      # 5 s for Bob to accept or challenge
    k.at(96, c.Tick())
    r = reboot(k.game_id)
    got = r.recover(2)
    assert got.state.phase == "out" and got.state.neutral_reason == "play_out"
    assert got.message.endswith("press to resume")
    with pytest.raises(ClockStateError, match="5 s to accept"):
        r.at(6.9, c.Resume(0))                  # the play-out was the last instant known
    r.at(7, c.Resume(0))
    assert r.state.clock.running == 1


def test_an_open_challenge_survives_and_is_ruled_after_the_restart(kiosk, reboot):
    k = kiosk().opening()
    k.at(99, c.Challenge(1))                     # Bob challenges Ann's 41 on his own time
    r = reboot(k.game_id)
    got = r.recover(3)
    assert got.state.phase == "challenge" and got.message.endswith("the challenge is still open")
    r.at(30, c.Rule(("QAT", "ZAX"), False))
    assert r.state.turns[-1].phony and r.state.scores() == (30, 24)
    assert used(r.state) == (65 * S, 34 * S)


def test_time_that_ran_out_before_the_stop_is_journaled_at_the_instant_it_fell_due(kiosk, reboot):
    k = kiosk(overrides={"clock.time_per_side_s": 100, "clock.overtime_forfeit_after_s": 10})
    k.opening()                                 # Bob: 30 s used when his clock restarts at 95 s
    k.checkpoint(180)                           # Bob reached 110 s (the cap) at 175 s
    r = reboot(k.game_id)
    got = r.recover(6)
    assert [type(e).__name__ for e in got.fell_due] == ["Forfeited", "GameEnded"]
    assert {e.at_ns for e in got.fell_due} == {k.ns(175)}
    assert got.state.phase == "ended" and got.state.forfeit.player == 1
    assert used(got.state, 6 * S) == (65 * S, 110 * S)
    assert got.message.endswith("the game is over: finish the result")
    assert got.recovered == ev.Recovered(6 * S, from_ns=k.ns(180))
    assert boots(r.journal, k.game_id)[4:] == [          # fell due on the old boot's clock
        ("Forfeited", k.journal.boot_id), ("GameEnded", k.journal.boot_id),
        ("Recovered", r.journal.boot_id)]
    assert r.journal.load(k.game_id) == (got.state, got.events)
    assert from_events_alone(k.state, got.events) == got.state


def test_a_late_players_absence_is_checkpointed_too(kiosk, reboot):
    k = kiosk()
    k.at(0, c.CallStart((1,)))                  # Bob is not there at the start call
    for second in range(1, 31):
        k.checkpoint(second)
    r = reboot(k.game_id)
    r.recover(2)
    made = r.at(12, c.Arrive(1))                # 30 s before the cut, 10 s after the restart
    assert made[0].charged_ns == 40 * S


def test_a_game_not_started_needs_no_recovery(kiosk, reboot):
    k = kiosk()
    got = reboot(k.game_id).recover(1)
    assert (got.message, got.source, got.state, got.recovered) == (None, "none", k.state, None)
    assert k.journal.load(k.game_id) == (k.state, [])
    assert k.checkpoint(5) is None              # nothing runs: nothing to keep


def test_a_locked_result_is_left_as_it_was(kiosk, reboot):
    k = kiosk().opening()
    for seconds, command in [(100, c.Out(1, 20)), (102, c.Accept(0)), (110, c.Rack(0, "QU")),
                             (120, c.Confirm(0)), (121, c.Confirm(1))]:
        k.at(seconds, command)
    assert k.state.phase == "confirmed"
    r = reboot(k.game_id)
    got = r.recover(4)
    assert got.recovered is None and got.events == k.events and got.state == k.state
    assert got.message.endswith("the result is locked")
    assert r.journal.load(k.game_id) == (k.state, k.events)     # not one event more
