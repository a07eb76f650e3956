"""Resuming a game after a crash or a power cut.

On start the kiosk calls ``recover(journal, game_id, now_ns)`` for the current game. It replays
the journal, finds the last instant it knows (the last event, or the latest checkpoint if one
was taken after it on the same boot), and resumes the game with the clock NEUTRAL at ``now_ns``
on this boot's monotonic clock: each side has the time it had then, and the time the kiosk was
down is charged to no one. Events that time alone brought about before the stop (a forfeit on
time between the last event and the checkpoint) are journaled first, at the instant they fell
due, with the old boot's id. Then, in the same transaction, the recovery itself is journaled as
the event ``Recovered(at_ns=now_ns, from_ns=<the last instant known>)`` with this boot's id,
and the checkpoint it used is dropped. The core applies that event (common/game/rebase.py), so
anything that replays the events alone (the result document, the director) crosses the reboot
exactly as the kiosk did. The screen shows ``RecoveredGame.message``.

What the recovery started from needs no column of its own: ``from_ns`` equal to the previous
event's ``at_ns`` means the last event; later means a checkpoint. A locked result is left as it
is: nothing may be added after ``ResultLocked``.
"""
from __future__ import annotations

import time

from common.game import clock as clk
from common.game import events as ev
from common.game.frozen import value
from common.game.game import due
from common.game.state import GameState, apply, replay
from common.game.vocabulary import Phase

from .db import StoreError
from .journal import Journal, Mark, Replayed


@value
class RecoveredGame:
    game_id: int
    state: GameState                # clock neutral, on this boot's timeline from ``now_ns``
    events: list[ev.Event]          # every event of the game, those journaled now included
    message: str | None             # for the screen; None if the game had not started
    stopped: Mark | None            # the last instant known before the stop
    source: str                     # what ``stopped`` is: "checkpoint", "event" or "none"
    power_lost: bool                # the boot changed (power cut or reboot), not just the app
    fell_due: list[ev.Event]        # events that fell due before the stop, journaled now
    recovered: ev.Recovered | None  # the event journaled now; None if nothing was to move


def recover(journal: Journal, game_id: int, now_ns: int, wall: float | None = None) -> RecoveredGame:
    """Resume ``game_id`` at ``now_ns`` (this boot's monotonic clock) with the clock neutral.
    What it reads and what it writes are one transaction: the journal it checks ``now_ns``
    against is the one it appends to."""
    with journal.transaction():
        return _recover(journal, game_id, now_ns, wall)


def _recover(journal: Journal, game_id: int, now_ns: int, wall: float | None) -> RecoveredGame:
    replayed = journal.replay(game_id)
    state, stopped = replayed.state, replayed.last
    if stopped is None:                                 # no event yet: nothing to move
        return RecoveredGame(game_id, state, replayed.events, None, None, "none", False, [], None)
    power_lost = stopped.boot_id != journal.boot_id
    if state.phase == Phase.CONFIRMED:                      # locked: the journal is final
        return RecoveredGame(game_id, state, replayed.events,
                             _message(state, stopped, power_lost, now_ns), stopped, "event",
                             power_lost, [], None)
    source = "event"
    point = journal.last_checkpoint(game_id)
    if _checkpoint_fits(point, replayed):
        stopped, source = Mark(point.at_ns, point.boot_id, point.wall), "checkpoint"
    if not power_lost and now_ns < stopped.at_ns:
        raise StoreError(f"{journal.path}: game {game_id}: {now_ns} ns is before the game's last "
                         f"instant {stopped.at_ns} ns on this same boot")
    recovered = ev.Recovered(now_ns, from_ns=stopped.at_ns)
    fell_due = due(state, stopped.at_ns)
    if fell_due:
        journal.append(game_id, fell_due, wall, boot_id=stopped.boot_id)
        state = replay(state, fell_due)
    journal.append(game_id, [recovered], wall)
    journal.discard_checkpoint(game_id)
    state = apply(state, recovered)
    return RecoveredGame(game_id, state, replayed.events + fell_due + [recovered],
                         _message(state, stopped, power_lost, now_ns), stopped, source,
                         power_lost, fell_due, recovered)


def _checkpoint_fits(point, replayed: Replayed) -> bool:
    """Whether the checkpoint continues the journal's last state: taken after its last event,
    on the same boot, while time ran, with the same clock running, agreeing with its arithmetic."""
    clock, last = replayed.state.clock, replayed.last
    if point is None or last is None or not replayed.state.time_runs:
        return False
    if (point.after_seq, point.boot_id, point.running) != (replayed.seq, last.boot_id, clock.running):
        return False
    if point.at_ns < last.at_ns:
        return False
    return point.used_ns == (clk.used(clock, 0, point.at_ns), clk.used(clock, 1, point.at_ns))


_NEXT = {
    Phase.PLAYING: "press to resume",
    Phase.OUT: "press to resume",
    Phase.CHALLENGE: "the challenge is still open",
    Phase.ENDED: "the game is over: finish the result",
    Phase.CONFIRMED: "the result is locked",
}


def _message(state: GameState, stopped: Mark, power_lost: bool, now_ns: int) -> str | None:
    if not state.clock.started:
        return None
    cause = "Power was lost" if power_lost else "The kiosk stopped"
    at = time.strftime("%H:%M:%S", time.localtime(stopped.wall))
    faces = " / ".join(clk.display(clk.remaining(state.clock, p, now_ns)) for p in (0, 1))
    return f"{cause} at {at}; clock stopped at {faces}; {_next(state)}"


def _next(state: GameState) -> str:
    """What the players do next, naming who restarts the clock in play (as the clock screen's
    banner does): the waiting player, or either where the rules let either."""
    if state.phase != Phase.PLAYING or state.to_move is None:
        return _NEXT[state.phase]
    mover = state.players[state.to_move]
    if state.rules.clock.resume_by == "waiting":
        return f"{state.players[1 - state.to_move]}: press your button to restart {mover}'s clock"
    return f"either player's button restarts {mover}'s clock"
