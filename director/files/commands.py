"""``python -m director import`` and ``python -m director export``: the page's imports and
downloads (director.files.imports, director.files.exports) from the command line, for scripts and for
working without a browser.

- ``import [--config FILE | --db FILE] [--division NAME] [--kind KIND] [--replace]
  [--as-corrections] PATH...``: every file into the database (``--db``, else the config's
  ``service.db``) in one transaction (a config.tsh's .t files are read from beside it unless given
  too). A file that cannot be imported, or that would remove what a division holds (without
  ``--replace``), is refused whole, naming the file, the line and the reason; the database is
  then unchanged and the exit status is 1; so is a file whose scores differ from the results the
  tables sent for the tournament (``--config`` or ``--tournament``), unless ``--as-corrections``
  lets its scores stand as the director's corrections. A .TOU file's byes are the preset's
  forfeit spread (``--config`` or ``--preset``).
- ``export [--config FILE | --db FILE] --format t|tou|csv|tsh [--division NAME] [-o OUT]``: a
  division's .t file,
  the event's .TOU file (its completed rounds: the round in play is left out, and said on
  standard error), the standings CSV (every division's, or ``--division``'s) or a tsh archive of
  the event, to OUT or standard output. The results counted are the tournament's (``--config``,
  ``--tournament``: the service's name for it) under the preset's rules. A .t file and the
  archive are in the event's tsh encoding (``--encoding auto``: ISO-8859-1, else UTF-8, said on
  standard error with what tsh needs), the .TOU in Windows-1252 (a name romanised, said too).

A bad option, config or database exits with status 2.
"""
from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from common.presets import preset_choices

from . import exports, imports
from .beside import read_beside
from director.config import ConfigError, load_config
from director.event.db import DirectorDB, DirectorDBError

REFUSED, UNUSABLE = 1, 2


def add_parsers(sub) -> None:
    """The ``import`` and ``export`` subcommands, on ``python -m director``'s subparsers."""
    imp = sub.add_parser(
        "import", help="import tsh files (.t, config.tsh, a .tsh archive) and players or pairings "
                       "CSV files into the database, all or nothing",
        description="Import the files into the database together, in one transaction: a tsh .t "
                    "file is a division (named after the file unless --division names it), a "
                    "config.tsh or .tsh archive every division it names (its .t files read from "
                    "beside it unless given too), a CSV file players or pairings. A file that "
                    "cannot be imported is refused whole, naming the file, the line and the "
                    "reason, and the database is unchanged (exit status 1).")
    add_db_option(imp)
    imp.add_argument("--division", metavar="NAME",
                     help="the division of a .t or CSV file (default: a .t file's name, a CSV "
                          "file's division column, or the event's only division)")
    imp.add_argument("--kind", choices=imports.KINDS,
                     help="what every file is (default: by its name and first line)")
    imp.add_argument("--replace", action="store_true",
                     help="replace each division a file gives whole, even where the file would "
                          "remove players, pairings or results it holds")
    imp.add_argument("--as-corrections", action="store_true",
                     help="where a file's scores differ from a table's result, let the file's stand "
                          "as the director's corrections (else the import is refused, listing them)")
    add_event_options(imp)
    imp.add_argument("paths", nargs="+", metavar="PATH", help="the files, imported together")
    imp.set_defaults(func=run_import)
    exp = sub.add_parser(
        "export", help="write a division's .t file, the event's .TOU file, the standings CSV or a "
                       "tsh archive of the event",
        description="Write a division's tsh .t file, the event's .TOU file (a block per division), "
                    "the standings CSV (a division column) or a tsh archive of the whole event, "
                    "from the results that count for the tournament (--config or --tournament: "
                    "the service's name for it) under its preset. Data a file cannot hold is "
                    "refused naming it (exit status 1).")
    add_db_option(exp)
    exp.add_argument("--format", required=True, choices=list(exports.FORMATS),
                     help="t: a division's tsh file; tou: the ratings file; csv: the standings; "
                          "tsh: a tsh archive of the whole event")
    exp.add_argument("--division", metavar="NAME",
                     help="the division (--format t: needed when the event has several; "
                          "csv: its standings only)")
    exp.add_argument("-o", "--output", metavar="OUT", help="the file to write (default: standard output)")
    add_event_options(exp)
    exp.add_argument("--encoding", choices=["auto", *exports.ENCODINGS], default="auto",
                     help="of a .t file or archive (auto: the event's, iso-8859-1 unless a name "
                          "needs utf-8, which tsh is then told)")
    exp.add_argument("--date", type=dt.date.fromisoformat, metavar="YYYY-MM-DD",
                     help="the .TOU file's date when the event has none (default: today)")
    exp.set_defaults(func=run_export)


def add_db_option(parser) -> None:
    parser.add_argument("--db", metavar="FILE", help="the director's SQLite database (default: "
                                                     "--config's service.db, var/director.sqlite)")


def add_event_options(parser) -> None:
    """``--config``, ``--tournament``, ``--preset``: whose results count, under which book (and
    the config's database, unless ``--db``)."""
    parser.add_argument("--config", metavar="FILE", help="the director's TOML config (its "
                        "database, tournament name and preset; the key is not needed)")
    parser.add_argument("--tournament", help="the tournament's name the tables' results carry "
                                             "(tournament.name)")
    parser.add_argument("--preset", help=f"the rule book: {preset_choices()} or a preset file "
                                         "(tournament.preset)")


def event_config(args, command: str):
    """The config the event options give, or None (said on standard error); ``args.db`` is then
    the database (``--db``, else the config's)."""
    try:
        config = load_config(args.config, {"tournament.name": args.tournament,
                                           "tournament.preset": args.preset, "service.db": args.db},
                             need_key=False)
    except ConfigError as exc:
        print(f"director {command}: {exc}", file=sys.stderr)
        return None
    args.db = str(config.db)
    return config


def open_db(path: str, command: str) -> DirectorDB | None:
    try:
        return DirectorDB.open(path)
    except DirectorDBError as exc:
        print(f"director {command}: {exc}", file=sys.stderr)
        return None


def run_import(args) -> int:
    uploads = []
    for name in args.paths:
        try:
            uploads.append(imports.Upload(name, Path(name).read_bytes()))
        except OSError as exc:
            print(f"director import: {name}: {exc.strerror or exc}; nothing imported", file=sys.stderr)
            return UNUSABLE
    config = event_config(args, "import")
    db = open_db(args.db, "import") if config is not None else None
    if db is None:
        return UNUSABLE
    options = imports.Options(replace=args.replace, rules=config.rules, tournament=config.tournament,
                              as_corrections=args.as_corrections)
    try:
        messages = imports.import_files(db, uploads, kind=args.kind, division=args.division,
                                        beside=read_beside, options=options)
    except imports.FileRefused as exc:
        print(f"director import: {exc}; nothing imported, {args.db} is unchanged", file=sys.stderr)
        return REFUSED
    finally:
        db.close()
    print("\n".join(messages))
    return 0


def run_export(args) -> int:
    config = event_config(args, "export")
    if config is None:
        return UNUSABLE
    if not Path(args.db).is_file():
        print(f"director export: {args.db}: no such database", file=sys.stderr)
        return UNUSABLE
    db = open_db(args.db, "export")
    if db is None:
        return UNUSABLE
    rules, tournament = config.rules, config.tournament
    left_out: list[str] = []
    encoding = None if args.encoding == "auto" else args.encoding
    try:
        if args.format in ("t", "tsh") and encoding is None:
            encoding = exports.tsh_encoding(db, rules, tournament)
            if encoding == "utf-8":
                left_out.append(exports.utf8_note(db, rules, tournament, archive=args.format == "tsh"))
        if args.format == "t":
            data = exports.export_t(db, rules, tournament, args.division, encoding)
        elif args.format == "tou":
            data = exports.export_tou(db, rules, tournament, args.date or dt.date.today(), left_out,
                                      left_out)
        elif args.format == "csv":
            data = exports.export_standings_csv(db, rules, tournament, args.division)
        else:
            data = exports.export_archive(db, rules, tournament, encoding)
    except imports.FileRefused as exc:
        print(f"director export: {exc}", file=sys.stderr)
        return REFUSED
    finally:
        db.close()
    for note in left_out:                       # what the file leaves out, what to know of it
        print(f"director export: {note}", file=sys.stderr)
    if args.output:
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0
