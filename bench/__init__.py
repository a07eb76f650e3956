"""Benchmarks: ``make bench`` (``python -m bench``). Performance figures live here, never in a
timed unit test.

A benchmark is a module of this package listed in ``bench.__main__.BENCHES`` with a
``main(argv=None) -> int`` that prints a readable table of figures beside their targets and
returns 0 when every target is met, 1 otherwise (2 when it cannot run at all).
"""
