"""The two-sided game clock: pure arithmetic on timestamps.

The clock stores when its current period began and what each side has used before it; time
used is always computed from timestamps (``used + now - since``), never ticked down. Time is an
integer count of nanoseconds of a monotonic clock, passed in by the caller.

Conservation: ``used[0] + used[1] + neutral - adjusted[0] - adjusted[1]`` equals the time
from the start to ``now`` (or to when the clock stopped for good).
"""
from __future__ import annotations

from .frozen import evolve, value

NS_PER_S = 1_000_000_000


@value
class Clock:
    budget_ns: int
    used_ns: tuple[int, int] = (0, 0)
    running: int | None = None        # side whose time runs; None = neutral or stopped
    since_ns: int | None = None       # start of the current period (running or neutral)
    started_ns: int | None = None
    stopped_ns: int | None = None     # set when the game is over: no more time passes
    neutral_ns: int = 0               # time spent neutral, not charged to anyone
    adjusted_ns: tuple[int, int] = (0, 0)   # director's corrections, already in used_ns

    @property
    def started(self) -> bool:
        return self.started_ns is not None

    @property
    def stopped(self) -> bool:
        return self.stopped_ns is not None

    @property
    def neutral(self) -> bool:
        return self.started and not self.stopped and self.running is None


def _settle(clock: Clock, now_ns: int) -> Clock:
    """Fold the current period into the totals and begin a new one at ``now_ns``."""
    if not clock.started or clock.stopped:
        return clock
    if now_ns < clock.since_ns:
        raise ValueError(f"time went backwards: {now_ns} < {clock.since_ns}")
    elapsed = now_ns - clock.since_ns
    if clock.running is None:
        return evolve(clock, neutral_ns=clock.neutral_ns + elapsed, since_ns=now_ns)
    used = list(clock.used_ns)
    used[clock.running] += elapsed
    return evolve(clock, used_ns=(used[0], used[1]), since_ns=now_ns)


def start(clock: Clock, side: int, now_ns: int) -> Clock:
    return evolve(clock, running=side, since_ns=now_ns, started_ns=now_ns)


def run(clock: Clock, side: int, now_ns: int) -> Clock:
    """Stop whatever runs and run ``side``'s time from ``now_ns``."""
    return evolve(_settle(clock, now_ns), running=side)


def neutralise(clock: Clock, now_ns: int) -> Clock:
    return evolve(_settle(clock, now_ns), running=None)


def stop(clock: Clock, now_ns: int) -> Clock:
    """Stop the clock for good (the game is over)."""
    if clock.stopped:
        return clock
    return evolve(_settle(clock, now_ns), running=None, stopped_ns=now_ns)


def reopen(clock: Clock, now_ns: int) -> Clock:
    """A stopped clock comes back, neutral; the time it stood stopped counts as neutral."""
    if not clock.stopped:
        return clock
    return evolve(clock, stopped_ns=None, running=None, since_ns=now_ns,
                   neutral_ns=clock.neutral_ns + (now_ns - clock.stopped_ns))


def adjust(clock: Clock, side: int, delta_ns: int) -> Clock:
    """A director's correction: charge ``delta_ns`` more (or less, if negative) to ``side``."""
    used, adjusted = list(clock.used_ns), list(clock.adjusted_ns)
    used[side] += delta_ns
    adjusted[side] += delta_ns
    return evolve(clock, used_ns=(used[0], used[1]), adjusted_ns=(adjusted[0], adjusted[1]))


def move(clock: Clock, side: int, to: int | None, delta_ns: int) -> Clock:
    """``delta_ns`` charged to ``side`` charged instead to ``to`` (None: to nobody, as time the
    clock stood neutral): a charge undone, the conservation kept (no director's correction)."""
    used = list(clock.used_ns)
    used[side] -= delta_ns
    if to is None:
        return evolve(clock, used_ns=(used[0], used[1]), neutral_ns=clock.neutral_ns + delta_ns)
    used[to] += delta_ns
    return evolve(clock, used_ns=(used[0], used[1]))


def used(clock: Clock, side: int, now_ns: int) -> int:
    """Time charged to ``side`` as of ``now_ns``."""
    total = clock.used_ns[side]
    if clock.running == side and not clock.stopped:
        total += max(0, now_ns - clock.since_ns)
    return total


def neutral_time(clock: Clock, now_ns: int) -> int:
    total = clock.neutral_ns
    if clock.neutral:
        total += max(0, now_ns - clock.since_ns)
    return total


def remaining(clock: Clock, side: int, now_ns: int) -> int:
    """Time left on ``side``'s clock; negative in overtime."""
    return clock.budget_ns - used(clock, side, now_ns)


def overtime_seconds(clock: Clock, side: int, now_ns: int) -> int:
    """Whole seconds shown past zero (the fraction dropped): 0.9 s over is 0, 1 s is 1."""
    over = -remaining(clock, side, now_ns)
    return over // NS_PER_S if over > 0 else 0


def overtime_ns(clock: Clock, side: int, now_ns: int, counts: str = "whole_seconds") -> int:
    """Overtime as the preset counts it (clock.overtime_counts): the whole seconds shown past
    zero (0.9 s over is none), or every nanosecond past zero (0.5 s over is part of a minute)."""
    over = max(0, -remaining(clock, side, now_ns))
    return over if counts == "any_fraction" else over // NS_PER_S * NS_PER_S


def when_used_reaches(clock: Clock, side: int, target_ns: int) -> int | None:
    """The instant at which ``side`` will have used ``target_ns``, if its clock runs until then."""
    if clock.running != side or clock.stopped:
        return None
    return clock.since_ns + max(0, target_ns - clock.used_ns[side])


def overtime_penalty(over_s: int, points: int, period_s: int) -> int:
    """``points`` per started period of whole overtime seconds: 10 * ceil(over / 60) by default."""
    return points * (-(-over_s // period_s)) if over_s > 0 else 0


def overtime_penalty_ns(over_ns: int, points: int, period_s: int) -> int:
    """``points`` per started period of ``over_ns`` (as ``overtime_ns`` counts it)."""
    return points * (-(-over_ns // (period_s * NS_PER_S))) if over_ns > 0 else 0


def display(remaining_ns: int, counts: str = "whole_seconds") -> str:
    """The clock face: ``24:59``, ``0:07``, then ``-0:01`` once a whole second is over; where
    any fraction past zero is overtime (clock.overtime_counts), ``-0:00`` in its first second
    (school 19: overtime "is always shown with a negative sign in front of it")."""
    if remaining_ns >= 0:
        sign, seconds = "", remaining_ns // NS_PER_S
    else:
        seconds = -remaining_ns // NS_PER_S
        sign = "-" if seconds or counts == "any_fraction" else ""
    return f"{sign}{seconds // 60}:{seconds % 60:02d}"
