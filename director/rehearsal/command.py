"""``python -m director rehearse``: the rehearsal before the doors open (director.rehearsal.rehearsal),
its options, and its report printed. Exit status 0 when every check passed and the p99 is under
its target; 1 when the report names a problem; 3 when every check passed but the p99 missed its
target (a figure of this machine, not a failure of the event); 2 when it could not run."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from director.config import ConfigError, load_config


def add_parsers(sub) -> None:
    parser = sub.add_parser(
        "rehearse", help="rehearse the event before the doors open: a director and real kiosks "
                         "driven by game scripts, every round at once, faults included",
        description="Start a director on a fresh database, import the event (your config's "
                    "tournament.event_file: its divisions and players, at its tournament.tables; "
                    "else a made-up division for TABLES tables), enroll each table by its "
                    "one-time code and run it as a real kiosk whose players follow generated "
                    "game scripts, play ROUNDS rounds, each division's drawn by the director's "
                    "draw (its config's [draw], under tsh a Swiss) and started at once, "
                    "cut a table's power, kill the director, cut a table's network, put a table "
                    "on a serial line; then check every result and the standings, and report.")
    parser.add_argument("--tables", type=int, default=30, help="how many tables of a made-up "
                        "event (default 30; your event's are its own)")
    parser.add_argument("--rounds", type=int, default=3, help="how many rounds (default 3)")
    parser.add_argument("--speed", type=float, default=10.0,
                        help="the tables' clocks run this many times faster than real time (default 10)")
    parser.add_argument("--seed", type=int, default=23, help="the games' seed (default 23)")
    parser.add_argument("--net-cut-s", type=float, default=60.0,
                        help="how long a table is without its network (default 60)")
    parser.add_argument("--no-faults", action="store_true", help="play without faults")
    parser.add_argument("--config", metavar="FILE", help="the event's director config: its "
                        "tournament's name, preset, rules overrides, tables and event file (its "
                        "players); not its key, database, password or address")
    parser.add_argument("--out", metavar="DIR", help="every file (scripts, logs, databases, each "
                        "table's folder) goes here (default: a new temporary folder); it is "
                        "kept, and the report names it")
    parser.add_argument("--hold", action="store_true", help="after the report, start the "
                        "rehearsal's director again on its database and keep it running until "
                        "Ctrl-C: try its page, the tables page, the cards and the standings")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from director.rehearsal.plan import Options
    from director.rehearsal.rehearsal import Rehearsal
    if not 1 <= args.tables <= 150 or not 1 <= args.rounds <= 20 or args.speed <= 0:
        print("python -m director rehearse: --tables 1 to 150, --rounds 1 to 20, --speed above 0",
              file=sys.stderr)
        return 2
    options = Options(tables=args.tables, rounds=args.rounds, speed=args.speed, seed=args.seed,
                      net_cut_s=args.net_cut_s, faults=not args.no_faults,
                      folder=Path(args.out) if args.out else None)
    if args.config:
        try:
            event = load_config(args.config, {}, need_key=False)
        except ConfigError as exc:
            print(f"python -m director rehearse: {exc}", file=sys.stderr)
            return 2
        options.tournament = event.tournament or options.tournament
        options.preset, options.overrides = event.preset, dict(event.overrides)
        options.event_file, options.names = event.event_file, event.tables
        options.draws = dict(event.draw)                # each division's draw, as the config has it
        if event.event_file is None and event.tables:
            options.tables = len(event.tables)          # a made-up division at your tables
    from director.rehearsal.venue import EventFileError
    rehearsal = Rehearsal(options, out=lambda line: print(line, flush=True))
    try:
        report = rehearsal.run()
    except EventFileError as exc:
        print(f"python -m director rehearse: {exc}", file=sys.stderr)
        return 2
    print(report.text(), flush=True)
    if args.hold:
        rehearsal.hold()
    if not report.ok:
        return 1
    return 3 if report.target_missed else 0
