"""``python -m bench [NAME ...]``: run every benchmark in BENCHES (or those named) in turn.

To add one: write ``bench/NAME.py`` with ``main(argv=None) -> int`` (see ``bench/__init__``)
and add ``"NAME"`` below. Options of a single benchmark: ``python -m bench.NAME --help``.
The exit status is the worst of the benchmarks' (0 = every target met).
"""
from __future__ import annotations

import argparse
import importlib
import sys

BENCHES = [
    "lexicon",
    "serial",
    "player_displays",
    "link",
    "kiosk",
    "journeys",
    "director",
    "live",
    "divisions",
    "end_of_day",
    "draw",
    "door",
    "honest",
    "rehearsal",
]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"one of: {', '.join(BENCHES)}")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(BENCHES))
        return 0
    unknown = [name for name in args.names if name not in BENCHES]
    if unknown:
        parser.error(f"no benchmark {unknown[0]!r}; one of: {', '.join(BENCHES)}")
    worst = 0
    for name in args.names or BENCHES:
        print(f"== bench.{name} ==", flush=True)
        status = importlib.import_module(f"bench.{name}").main([])
        worst = max(worst, status)
        print(flush=True)
    return worst


if __name__ == "__main__":
    sys.exit(main())
