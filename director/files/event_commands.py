"""``python -m director correct`` and ``python -m director standings``: the director's word on a
result, and the standings to print or pin up, from the command line.

- ``correct [--config FILE | --db FILE] [--division D] --round N (--table T | --players A [B]) (--scores S1 S2 |
  --forfeit PLAYER | --void | --original) --reason TEXT``: corrects one game
  (director.event.correct): new scores (in the order of ``--players``, else of the table's result
  as the page lists it), who forfeited, a void, or the recorded result again. Prints what the
  game is now and what it was; the table learns it with its next assignment. Refused (status 1)
  with the reason, nothing changed.
- ``standings [--config FILE | --db FILE] [--division D] [--format text|csv|html]``: the standings as the page
  counts them, with the event's name and date, each division's round and order
  (director.files.standings_report).
- ``results [--config FILE | --db FILE] [--division D] [--format html|csv|draw|teams]``: the
  results a tournament forwards (NZASP 11.4: grade, full name, club, wins, total spread, average
  points per game; the draw of a grade not played as a round robin; the team standings, NZASP
  11.2), director.files.results_report.

- ``ratings [--config FILE | --db FILE] --system naspa|wespa|absp|nzasp|aspa [--ratings LIST.csv]
  [--division D] [--format text|csv]``: each player's rating estimate after the event under the
  system named (director.files.rating_report, director.event.ratings): the ratings before it from
  the list (name, rating, games) or the players' file. A system whose rules could not be had
  (absp, wespa), or a division whose players' games before the event the system needs and
  nothing gives, is refused (status 1) saying what is missing; a bad list too, naming its line.

Each takes the tournament's name and rules as ``export`` does (``--config``, ``--tournament``,
``--preset``). A bad option, config or database exits with status 2.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from director.event import ratings
from director.event.correct import Ask, correct
from director.event.corrections import CorrectionError
from director.event.model import ModelError
from .commands import REFUSED, UNUSABLE, add_db_option, add_event_options, event_config, open_db
from .csv_io import CsvError, read_ratings_list
from . import rating_report, results_report
from .standings_report import FORMATS, report


def add_parsers(sub) -> None:
    """The ``correct`` and ``standings`` subcommands, on ``python -m director``'s subparsers."""
    cor = sub.add_parser(
        "correct", help="correct a result: new scores, a forfeit, a void, or the recorded result again",
        description="Correct one game's result with a reason. The table's signed result is kept "
                    "as it was; the correction is kept beside it, counts in the standings and "
                    "every export, shows on the page and the public view, and reaches the table "
                    "with its next assignment.")
    add_db_option(cor)
    cor.add_argument("--division", metavar="NAME", help="the game's division (when the event has several)")
    cor.add_argument("--round", type=int, required=True, help="the game's round")
    which = cor.add_mutually_exclusive_group(required=True)
    which.add_argument("--table", help="the game's table, as the page lists it")
    which.add_argument("--players", nargs="+", metavar="PLAYER",
                       help="the game's players (numbers or names); one for a result against no one")
    what = cor.add_mutually_exclusive_group(required=True)
    what.add_argument("--scores", nargs=2, type=int, metavar=("S1", "S2"),
                      help="the new scores, in the order of --players, else of the table's result")
    what.add_argument("--forfeit", metavar="PLAYER", help="the player who forfeited (number or name)")
    what.add_argument("--void", action="store_true", help="no game for either player")
    what.add_argument("--original", action="store_true", help="the recorded result again")
    cor.add_argument("--reason", required=True, help="why (kept with the correction and shown)")
    add_event_options(cor)
    cor.set_defaults(func=run_correct)
    std = sub.add_parser(
        "standings", help="the standings to print or pin up, as the page counts them",
        description="The standings of every division (or one), with the event's name and date, "
                    "each division's round and the order it is ranked in.")
    add_db_option(std)
    std.add_argument("--division", metavar="NAME", help="one division (default: every one)")
    std.add_argument("--format", choices=FORMATS, default="text", help="text (default), csv or html")
    std.add_argument("-o", "--output", metavar="OUT", help="the file to write (default: standard output)")
    add_event_options(std)
    std.set_defaults(func=run_standings)
    res = sub.add_parser(
        "results", help="the results to forward (NZASP 11.4): grade, full name, club, wins, total "
                        "spread, average points per game",
        description="The results a tournament forwards, as NZASP 11.4 lists them: grade, player's "
                    "full name, club, number of wins, total spread, average points per game; the "
                    "draw of each grade not played as a round robin; the team standings (NZASP "
                    "11.2: the members' wins and spread combined).")
    add_db_option(res)
    res.add_argument("--division", metavar="NAME", help="one grade (default: every one)")
    res.add_argument("--format", choices=results_report.FORMATS, default="html",
                     help="html (default: the results, the draws, the teams), csv (11.4's "
                          "columns), draw (CSV) or teams (CSV)")
    res.add_argument("-o", "--output", metavar="OUT", help="the file to write (default: standard output)")
    add_event_options(res)
    res.set_defaults(func=run_results)
    rat = sub.add_parser(
        "ratings", help="each player's rating estimate after the event, under the system it is "
                        "rated by (naspa, aspa, nzasp; wespa and absp refused, saying why)",
        description="Each player's rating after the event as the rating system estimates it, "
                    "from the results that count: the ratings before it from a ratings list "
                    "(CSV: name, rating, games) or the players' file (a tsh lifeg tag for the "
                    "games). An estimate, not the association's published rating. A system whose "
                    "rules could not be had is refused saying what is missing (exit status 1).")
    add_db_option(rat)
    rat.add_argument("--system", required=True, choices=ratings.NAMES,
                     help="the rating system: naspa, aspa or nzasp; wespa and absp are refused "
                          "(what is missing is said)")
    rat.add_argument("--ratings", metavar="LIST.csv",
                     help="the ratings before the event: a CSV with columns name, rating, games "
                          "(default: the players' file's ratings and lifeg tags)")
    rat.add_argument("--division", metavar="NAME", help="one division (default: every one)")
    rat.add_argument("--format", choices=rating_report.FORMATS, default="text",
                     help="text (default) or csv (division, player, old, new)")
    rat.add_argument("-o", "--output", metavar="OUT", help="the file to write (default: standard output)")
    add_event_options(rat)
    rat.set_defaults(func=run_ratings)


def run_correct(args) -> int:
    config = event_config(args, "correct")
    db = open_db(args.db, "correct") if config is not None and _exists(args.db, "correct") else None
    if db is None:
        return UNUSABLE
    kind = ("scores" if args.scores else "forfeit" if args.forfeit else
            "void" if args.void else "original")
    ask = Ask(args.round, kind, args.reason, division=args.division, table=args.table,
              players=tuple(args.players or ()), scores=tuple(args.scores) if args.scores else None,
              forfeit=args.forfeit)
    try:
        made = correct(db, config.rules, config.tournament, ask, now_wall=time.time(),
                       source="command line")
    except (CorrectionError, ModelError) as exc:
        print(f"director correct: {exc}; nothing changed", file=sys.stderr)
        return REFUSED
    finally:
        db.close()
    told = " (the table learns it with its next assignment)" if made.correction.original.get("table_result") else ""
    print(f"correction {made.correction.id}: {made.words}{told}")
    return 0


def _standings(db, config, division, fmt) -> str:
    return report(db, config.rules, config.tournament, division, fmt)


def _results(db, config, division, fmt) -> str:
    """The results to forward; the config's draws say which grades are round robins."""
    return results_report.report(db, config.rules, config.tournament, division, fmt, config.draw)


def run_standings(args, command: str = "standings", make=_standings) -> int:
    config = event_config(args, command)
    db = open_db(args.db, command) if config is not None and _exists(args.db, command) else None
    if db is None:
        return UNUSABLE
    try:
        text = make(db, config, args.division, args.format)
    except ModelError as exc:
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


def run_results(args) -> int:
    return run_standings(args, "results", _results)


def run_ratings(args) -> int:
    try:
        system = ratings.system(args.system)
    except ratings.SystemRefused as exc:
        print(f"director ratings: {exc}; looked for in: "
              + "; ".join(s.cite() for s in exc.sources), file=sys.stderr)
        return REFUSED
    try:
        listed = read_ratings_list(args.ratings) if args.ratings else None
    except OSError as exc:
        print(f"director ratings: {args.ratings}: {exc.strerror or exc}", file=sys.stderr)
        return UNUSABLE
    except CsvError as exc:
        print(f"director ratings: {exc}", file=sys.stderr)
        return REFUSED
    config = event_config(args, "ratings")
    db = open_db(args.db, "ratings") if config is not None and _exists(args.db, "ratings") else None
    if db is None:
        return UNUSABLE
    try:
        made = rating_report.report(db, config.rules, config.tournament, args.division,
                                    args.format, system, listed)
    except ModelError as exc:
        print(f"director ratings: {exc}", file=sys.stderr)
        return REFUSED
    finally:
        db.close()
    for note in made.notes + made.refused:
        print(f"director ratings: {note}", file=sys.stderr)
    if args.output:
        Path(args.output).write_text(made.text, encoding="utf-8", newline="")
    else:
        sys.stdout.write(made.text)
        sys.stdout.flush()
    return REFUSED if made.refused else 0


def _exists(path: str, command: str) -> bool:
    if Path(path).is_file():
        return True
    print(f"director {command}: {path}: no such database", file=sys.stderr)
    return False
