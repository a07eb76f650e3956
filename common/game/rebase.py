"""Moving a game onto a new timeline after a restart: the apply step of the Recovered event.

``rebase(state, from_ns, to_ns)`` is what a recovery does to a game: the side whose clock ran
is charged up to ``from_ns`` (the last instant the journal knows: the last event or
checkpoint), the clock goes neutral, and every timestamp the state holds moves by
``to_ns - from_ns`` so the game continues on the new boot's monotonic clock from ``to_ns``.
The time the kiosk was down is charged to no one, and hold timers, the play-out accept window,
late players' absence and the round limit carry on from where they were.

A monotonic clock restarts at boot, so the journal records the recovery as an event,
``Recovered(at_ns=to_ns, from_ns=...)``, and a replay of the events alone rebuilds the same state.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol, TypeVar

from . import clock as clk

#: The reason shown while the clock is neutral because the kiosk restarted.
RECOVERED = "recovered"

#: The fields of GameState and Clock that hold instants (monotonic readings), which move with
#: the timeline; everything else is a duration, a count or not time at all. A test compares
#: these with the core's dataclasses, so a new timestamp field cannot be forgotten here.
STATE_INSTANTS = ("last_ns", "start_called_ns", "arrivals", "turns", "hold", "challenge", "out_ns")
CLOCK_INSTANTS = ("since_ns", "started_ns", "stopped_ns")


def _shift(value: int | None, delta: int) -> int | None:
    return None if value is None else value + delta


class Timeline(Protocol):
    """What ``rebase`` reads of a game (common.game.state.GameState has it all): the instants it
    moves, the clock it stops, and the reason the clock shows neutral. Declared here so that this
    module needs nothing of the state's (state.py imports rebase, never the other way)."""
    last_ns: int | None
    start_called_ns: int | None
    out_ns: int | None
    arrivals: tuple
    turns: tuple
    hold: object
    challenge: object
    clock: clk.Clock
    neutral_reason: str


T = TypeVar("T", bound=Timeline)


def rebase(state: T, from_ns: int, to_ns: int) -> T:
    """``state`` resumed at ``to_ns`` (new timeline) after stopping at ``from_ns`` (old one)."""
    if state.last_ns is None:
        return state                                    # nothing happened yet: no timeline
    if from_ns < state.last_ns:
        raise ValueError(f"the game stopped at {from_ns} ns, before its last event at "
                         f"{state.last_ns} ns")
    was_running = state.clock.running is not None
    clock = clk.neutralise(state.clock, from_ns) if state.clock.started else state.clock
    delta = to_ns - from_ns
    clock = replace(clock, since_ns=_shift(clock.since_ns, delta),
                    started_ns=_shift(clock.started_ns, delta),
                    stopped_ns=_shift(clock.stopped_ns, delta))
    turns = tuple(replace(t, at_ns=t.at_ns + delta) for t in state.turns)
    hold = state.hold and replace(state.hold, at_ns=state.hold.at_ns + delta)
    challenge = state.challenge and replace(state.challenge, at_ns=state.challenge.at_ns + delta)
    arrivals = tuple(_shift(t, delta) for t in state.arrivals)
    reason = RECOVERED if was_running else state.neutral_reason
    return replace(state, clock=clock, turns=turns, hold=hold, challenge=challenge,
                   start_called_ns=_shift(state.start_called_ns, delta), arrivals=arrivals,
                   out_ns=_shift(state.out_ns, delta),
                   neutral_reason=reason, last_ns=to_ns)
