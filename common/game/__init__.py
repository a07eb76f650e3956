"""The pure game core: rules, clock, game (commands -> events -> state), result, judge.

Standard library only, no I/O; time is passed in as integer nanoseconds of a monotonic clock.
"""
