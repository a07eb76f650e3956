"""The end of the day from the command line: ``python -m director prizes``, ``pairings`` and
``wallchart``, the same tables as the page's printable ones (docs/director.md, "At the end of
the day").

- ``prizes [--config FILE | --db FILE] [--division D] [--format text|csv|html]``: the prize
  table (director.files.prize_report; CSV columns prize, division, player, value). A
  ``[prizes]`` setting the event cannot satisfy is refused (status 1) naming the key.
- ``pairings [--config FILE | --db FILE] [--division D] [--round N] [--format text|csv|html]``:
  a round's pairings by player name and by table (director.files.sheets; the division's round
  in play without ``--round``).
- ``wallchart [--config FILE | --db FILE] [--division D] [--format text|csv|html]``: every
  player's every round (director.files.sheets).

Each takes the tournament's name and rules as ``export`` does (``--config``, ``--tournament``,
``--preset``). A bad option, config or database exits with status 2.
"""
from __future__ import annotations

import sys
from pathlib import Path

from director.event.model import ModelError
from director.event.prizes import PrizeError
from . import prize_report, sheets
from .commands import REFUSED, UNUSABLE, add_db_option, add_event_options, event_config, open_db


def add_parsers(sub) -> None:
    """The ``prizes``, ``pairings`` and ``wallchart`` subcommands."""
    pri = sub.add_parser(
        "prizes", help="the prize table: places, classes, rating bands, high games, upsets, lucky "
                       "stiff and high word, ties shown as ties",
        description="Who won what in each division, as the config's [prizes] (or the page) sets "
                    "the prizes: each prize's winners, the value and what decided it. A setting "
                    "the event cannot satisfy is refused naming the key (exit status 1).")
    _common(pri, prize_report.FORMATS)
    pri.set_defaults(func=run_prizes)
    pai = sub.add_parser(
        "pairings", help="a round's pairings by player name (table, opponent, who starts) and by "
                         "table, to pin up",
        description="A round's pairings, alphabetical by player (name, table, opponent, who "
                    "starts) and by table: the division's round in play unless --round.")
    _common(pai, sheets.FORMATS)
    pai.add_argument("--round", type=int, metavar="N", help="the round (default: the division's "
                                                             "round in play)")
    pai.set_defaults(func=run_pairings)
    wal = sub.add_parser(
        "wallchart", help="the wall chart: each player's opponent, result, score and spread in "
                          "every round, with the wins and spread so far",
        description="Each division's wall chart (tsh's): every player's every round, the "
                    "opponent, the result, the scores and the spread, and the wins and spread "
                    "after it.")
    _common(wal, sheets.FORMATS)
    wal.set_defaults(func=run_wallchart)


def _common(parser, formats) -> None:
    add_db_option(parser)
    parser.add_argument("--division", metavar="NAME", help="one division (default: every one)")
    parser.add_argument("--format", choices=formats, default="text",
                        help=f"{', '.join(formats)} (default text)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="the file to write (default: standard output)")
    add_event_options(parser)


def _run(args, command: str, make) -> int:
    config = event_config(args, command)
    if config is None:
        return UNUSABLE
    if not Path(args.db).is_file():
        print(f"director {command}: {args.db}: no such database", file=sys.stderr)
        return UNUSABLE
    db = open_db(args.db, command)
    if db is None:
        return UNUSABLE
    try:
        text = make(db, config)
    except (PrizeError, ModelError) as exc:
        print(f"director {command}: {exc}", file=sys.stderr)
        return REFUSED
    finally:
        db.close()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8", newline="")
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


def run_prizes(args) -> int:
    return _run(args, "prizes", lambda db, config: prize_report.report(
        db, prize_report.prize_event(config), args.division, args.format))


def run_pairings(args) -> int:
    return _run(args, "pairings", lambda db, config: sheets.pairings_report(
        db, config, args.division, args.round, args.format))


def run_wallchart(args) -> int:
    return _run(args, "wallchart", lambda db, config: sheets.wallchart_report(
        db, config, args.division, args.format))
