"""The kiosk's subcommands of ``python -m kiosk``: ``run`` (the table kiosk), ``judge`` (a shared
adjudication station), ``demo`` (kiosk/demo/command.py: what ``make run`` starts), ``config`` (print
the example config file, or check one) and ``pin`` (the hash of the director's PIN, kiosk/pin.py).

``run --config FILE`` reads the kiosk's config file (kiosk/config/keys.py); each option given on the
command line overrides the file's key (``--sim`` forces ``hardware.buttons = "sim"``). A bad file
or option refuses to start: exit status 2, the file, the key and what was expected on stderr; so
does a missing part (no GPIO, no serial port, no screen: what to check).
"""
from __future__ import annotations

import argparse
import os
import sys

from drivers.buttons import HardwareError
from kiosk.config import ConfigError, kiosk_config, load, render
from common.game.rules import RulesError
from kiosk.store import StoreError


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a screen size is WIDTHxHEIGHT such as 1280x720, not {text!r}")
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"a screen of at least 320x240, not {text!r}")
    return w, h


def _names(text: str) -> tuple[str, str]:
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 2 or not all(names):
        raise argparse.ArgumentTypeError(f"two names, left player first: 'Ann,Bob', not {text!r}")
    return names


def _pins(text: str) -> dict[str, int]:
    try:
        left, right, centre = (int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"three BCM pin numbers, left,right,centre such as 17,27,22, "
                                         f"not {text!r}")
    return {"left": left, "right": right, "centre": centre}


def _screen_options(parser, *, fullscreen_default, size_default) -> None:
    parser.add_argument("--size", type=_size, default=size_default, help="window size (default 1280x720)")
    parser.add_argument("--fullscreen", action=argparse.BooleanOptionalAction, default=fullscreen_default,
                        help="fill the screen (the kiosk's KMSDRM display)")
    parser.add_argument("--headless", action="store_true",
                        help="draw off-screen (SDL dummy video driver); with --screenshot-dir for tests")
    parser.add_argument("--screenshot-dir", help="save every redrawn screen as a PNG in this folder")
    parser.add_argument("--exit-after", type=float, metavar="SECONDS", help="stop after this long")


def run_options(args) -> dict:
    """The command line's values by config key (None: not given, the file's value stands)."""
    pins = args.pins or {}
    return {
        "rules.preset": args.preset, "lexicon.file": args.lexicon, "kiosk.table": args.table,
        "kiosk.round": args.round, "kiosk.players": list(args.names) if args.names else None,
        "hardware.buttons": "sim" if args.sim or args.script else None,
        **{f"hardware.pins.{side}": pins.get(side) for side in ("left", "right", "centre")},
        "display.size": f"{args.size[0]}x{args.size[1]}" if args.size else None,
        "display.fullscreen": args.fullscreen, "store.path": args.store,
    }


def _run_command(args) -> int:
    from kiosk.app import RESTART, run
    from kiosk.display_error import DisplayError
    from kiosk.lexicon import LexiconError
    if args.speed != 1 and not args.script:
        print("python -m kiosk run: --speed is for a table driven by --script", file=sys.stderr)
        return 2
    try:
        settings = load(args.config, run_options(args))
        config = kiosk_config(settings, headless=args.headless, screenshot_dir=args.screenshot_dir,
                              exit_after_s=args.exit_after)
        if args.script:
            from kiosk.scripted.command import run_scripts
            return run_scripts(config, args.script, args.speed)
        status = run(config)
    except (ConfigError, DisplayError, HardwareError, LexiconError, RulesError, StoreError) as exc:
        print(f"python -m kiosk run: {exc}", file=sys.stderr)
        return 2
    if status == RESTART:           # enrolled on its screen: the same process starts again with it
        print("python -m kiosk run: enrolled: starting again", file=sys.stderr, flush=True)
        os.execv(sys.executable, [sys.executable, "-m", "kiosk", *sys.argv[1:]])
    return status


def station_config(args) -> StationConfig:
    """The station's settings: its config file's (``--config``: the lexicon, the PIN's hash, the
    link to the director as judge station ``director.station``), the command line's over them.
    ConfigError without a PIN hash: a station has no default PIN."""
    from kiosk.station_app import StationConfig
    from kiosk.pin import is_default
    settings = load(args.config, {"lexicon.file": args.lexicon, "hardware.buttons": "sim"})
    v = settings.values                 # the station's buttons are --buttons', not hardware.buttons
    if not v["director.pin_hash"] or is_default(v["director.pin_hash"]):
        raise ConfigError(args.config or "command line", "director.pin_hash",
                          "the hash of the station's own PIN (python -m kiosk pin makes it), in the "
                          "station's config file (--config FILE): a station has no default PIN and "
                          "takes none on its command line")
    return StationConfig(lexicon=v["lexicon.file"] or None, official=dict(v["lexicon.official"]),
                         preset=v["rules.preset"] if args.config else "",     # its book's word list
                         pin_hash=v["director.pin_hash"], max_words=args.max_words, log=args.log,
                         store=args.store, buttons=args.buttons, size=args.size,
                         fullscreen=args.fullscreen, headless=args.headless,
                         screenshot_dir=args.screenshot_dir, exit_after_s=args.exit_after,
                         director_url=v["director.url"], station=v["director.station"],
                         key=settings.key, tournament=v["kiosk.tournament"],
                         wait_s=v["director.station_wait_s"])


def _judge_command(args) -> int:
    from kiosk.display_error import DisplayError
    from kiosk.lexicon import LexiconError
    from kiosk.station_app import run_station
    drive = None
    try:
        config = station_config(args)
        if args.script:
            from kiosk.scripted.station import station_driver
            drive = station_driver(args.script, args.speed)
        return run_station(config, drive=drive)
    except (ConfigError, DisplayError, HardwareError, LexiconError, StoreError) as exc:
        print(f"python -m kiosk judge: {exc}", file=sys.stderr)
        return 2


def _config_command(args) -> int:
    if args.file is None:
        sys.stdout.write(render())
        return 0
    try:
        settings = load(args.file)
    except ConfigError as exc:
        print(f"python -m kiosk config: {exc}", file=sys.stderr)
        return 2
    signed = ("signed with the table's key" if settings.key else
              "NOT signed: kept on the table (not enrolled, no director.table_key_file)")
    enrolled = (f"enrolled ({settings.enrolled})" if settings.enrolled else
                f"not enrolled (no {settings['kiosk.enrollment']})")
    menu = ("director's menu closed (no PIN: the table is not enrolled)"
            if not settings["director.pin_hash"] and settings["hardware.buttons"] != "sim"
            else "director's menu behind its PIN")
    try:
        words = word_list(settings)
    except (OSError, ValueError) as exc:
        print(f"python -m kiosk config: {args.file}: lexicon.file: {exc}", file=sys.stderr)
        return 2
    print(f"{args.file}: OK: table {settings['kiosk.table']}, {enrolled}, {settings.rules.title}, "
          f"word list {words}, buttons {settings['hardware.buttons']}, store {settings['store.path']}, "
          f"results {signed}, {menu}")
    return 0


def word_list(settings) -> str:
    """The word list a config judges with, as the screens name it: the bundled ENABLE list when
    none is given, and whether it is the official one (kiosk.lexicon.status_of)."""
    from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon, status_of
    path = settings["lexicon.file"] or BUNDLED_LEXICON
    label = status_of(open_lexicon(path), settings["lexicon.official"], settings["rules.preset"]).label
    return label if settings["lexicon.file"] else f"{label} (the bundled ENABLE list)"


def add_parsers(sub) -> None:
    """Add ``run``, ``judge``, ``demo``, ``config``, ``enroll`` (kiosk/enroll_cli.py) and ``pin``
    to ``python -m kiosk``'s subcommands."""
    from kiosk.opening import DEFAULT_LEXICON
    from kiosk.station_app import StationConfig as Station

    add_run_parser(sub)
    judge = sub.add_parser("judge", help="run a shared adjudication station (judge mode only)")
    judge.add_argument("--config", metavar="FILE",
                       help="the station's config file: its PIN's hash (director.pin_hash, required), "
                            "lexicon, and as the venue's judge station its director.url, "
                            "director.station and key (python -m director enroll --station)")
    judge.add_argument("--lexicon", help="word list or compiled lexicon (default: the bundled ENABLE list, "
                                         f"{DEFAULT_LEXICON.name})")
    judge.add_argument("--max-words", type=int, default=Station.max_words,
                       help=f"most words in one challenge (default {Station.max_words})")
    judge.add_argument("--store", default=Station.store,
                       help=f"SQLite file journaling every adjudication (default {Station.store})")
    judge.add_argument("--log", help="also append each verdict (table, words, verdict, lexicon) to this "
                                     "JSON-lines file (never which word failed)")
    judge.add_argument("--buttons", action="store_true", help="also take the GPIO buttons as the verdict key")
    judge.add_argument("--script", metavar="FILE",
                       help="the operator's script (JSON lines: the tables and words to rule on), "
                            "played by taps on the screen, for rehearsals and tests")
    judge.add_argument("--speed", type=float, default=1.0,
                       help="with --script: its times run this many times faster than real time")
    _screen_options(judge, fullscreen_default=Station.fullscreen, size_default=Station.size)
    judge.set_defaults(func=_judge_command)

    from kiosk.demo.command import add_parser as add_demo_parser
    add_demo_parser(sub, _size)

    config = sub.add_parser("config", help="print the example kiosk config file, or check one")
    config.add_argument("file", nargs="?", help="a config file to check (exit 2 naming the bad key)")
    config.set_defaults(func=_config_command)

    from kiosk import enroll_cli
    enroll_cli.add_parser(sub)

    from kiosk import pin
    pin_parser = sub.add_parser("pin", help="make the hash of the director's PIN for the config "
                                            "(director.pin_hash): asked, read from stdin, or made")
    pin.add_arguments(pin_parser).set_defaults(func=pin.run)


def add_run_parser(sub) -> None:
    """Add ``run`` (the table kiosk) to ``python -m kiosk``'s subcommands."""
    from kiosk.opening import DEFAULT_LEXICON

    run = sub.add_parser("run", help="run the table kiosk (clock, score sheet, word judge)")
    run.add_argument("--config", metavar="FILE",
                     help="the kiosk's config file (TOML; see config/kiosk.example.toml); the "
                          "options below override it")
    run.add_argument("--sim", action="store_true",
                     help="simulate the three buttons with the keyboard (F1 / F6 / F12); "
                          "without it the GPIO buttons must be there")
    run.add_argument("--preset", help="rule preset (default aspa)")
    run.add_argument("--lexicon", help="word list or compiled lexicon (default: the bundled ENABLE list, "
                                       f"{DEFAULT_LEXICON.name})")
    run.add_argument("--table", help="table number shown on screen")
    run.add_argument("--round", type=int, help="round number")
    run.add_argument("--names", type=_names, help="the two players, left first: 'Ann,Bob'")
    run.add_argument("--pins", type=_pins, help="BCM pins left,right,centre (default 17,27,22)")
    run.add_argument("--store", help="the SQLite file of the journal and outbox (default var/kiosk.sqlite)")
    run.add_argument("--script", action="append", metavar="GAME.jsonl",
                     help="play this replay script at the table, its commands as presses of the "
                          "(simulated) buttons and taps on the screen; repeat for the next games")
    run.add_argument("--speed", type=float, default=1.0,
                     help="with --script: the table's clock runs this many times faster than real time")
    _screen_options(run, fullscreen_default=None, size_default=None)
    run.set_defaults(func=_run_command)
