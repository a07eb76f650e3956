"""``python -m kiosk lexicon ...``: import a word list, or show and check a compiled lexicon.

Exit codes: 0 done; 1 the word list was refused (``import``) or the lexicon is damaged or NOT
the official list (``info``); 2 a file could not be read or written, or a bad argument.
"""
from __future__ import annotations

import argparse
import sys

from common.game.lexicon_check import NOT_OFFICIAL, check_official
from kiosk.lexicon import LexiconError, open_lexicon
from kiosk.lexicon.importer import (DEFAULT_MAX_BAD_SHARE, ImportRefused, bad_lines_text,
                                    import_word_list, percent)


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"expected a fraction from 0 up to 1 (0.001 is 0.1%), "
                                         f"not {text!r}")
    return value


def _official(text: str) -> tuple[str, str]:
    name, sep, digest = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=SHA256, not {text!r}")
    return name, digest


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _import(args) -> int:
    try:
        report = import_word_list(args.file, args.name, args.out, args.max_bad_share, args.force)
    except ImportRefused as exc:
        print(f"{exc}\nNothing was written.", file=sys.stderr)
        return 1
    except (ValueError, FileExistsError) as exc:
        print(f"{exc}\nNothing was written.", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{exc.filename or args.file}: {exc.strerror}\nNothing was written.", file=sys.stderr)
        return 2
    lexicon, listed = report.lexicon, report.word_list
    print(f"Imported {lexicon.name}: {_count(lexicon.word_count, 'word')} from {args.file}")
    print(f"Fingerprint (SHA-256 of the sorted words): {lexicon.fingerprint}")
    if listed.bad_count:
        print(f"{_count(listed.bad_count, 'bad line')} left out ({percent(listed.bad_share)} of "
              f"{listed.entries:,} entries; the limit is {percent(args.max_bad_share)}):")
        for line in bad_lines_text(listed):
            print(f"  {line}")
    if listed.duplicates:
        print(f"{_count(listed.duplicates, 'repeated word')} counted once")
    print(f"Written to {report.path.resolve()}")
    return 0


def _info(args) -> int:
    try:
        lexicon = open_lexicon(args.file)
        official = dict(args.official or [])
        status = check_official(lexicon, official)
    except LexiconError as exc:
        print(exc, file=sys.stderr)
        return 1
    except ValueError as exc:  # a malformed --official
        print(exc, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{exc.filename or args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    meta = lexicon.metadata
    print(status.label)
    print(f"  words        {lexicon.word_count:,}")
    print(f"  fingerprint  {lexicon.fingerprint}")
    for key in ("source", "imported_at", "bad_lines", "duplicates"):
        if key in meta:
            print(f"  {key.replace('_', ' '):<12} {meta[key]}")
    if not lexicon.verify():
        print(f"{args.file}: damaged: its words do not give its recorded fingerprint",
              file=sys.stderr)
        return 1
    print("  verified     the words give this fingerprint")
    return 1 if status.status == NOT_OFFICIAL else 0


def add_parser(subparsers) -> None:
    """Register ``lexicon import`` and ``lexicon info`` under ``python -m kiosk``."""
    lexicon = subparsers.add_parser("lexicon", help="import a word list; show a lexicon",
                                    description=__doc__,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = lexicon.add_subparsers(dest="lexicon_command", required=True)
    imp = sub.add_parser("import", help="compile a word list (plain or .gz) into a .lex file")
    imp.add_argument("file", help="word list: one word per line, # comments, definitions ignored")
    imp.add_argument("--name", required=True, help="the lexicon's name, e.g. CSW21 or NWL2023")
    imp.add_argument("--out", help="output file (default: var/lexicons/NAME.lex)")
    imp.add_argument("--max-bad-share", type=_share, default=DEFAULT_MAX_BAD_SHARE, metavar="FRACTION",
                     help="refuse the list if more than this share of its entries are not "
                          "words of the letters A-Z (default 0.001, i.e. 0.1%%)")
    imp.add_argument("--force", action="store_true", help="replace an existing output file")
    imp.set_defaults(func=_import)
    info = sub.add_parser("info", help="show a lexicon's name, size and fingerprint, and check it")
    info.add_argument("file", help="a compiled .lex file or a plain word list")
    info.add_argument("--official", type=_official, action="append", metavar="NAME=SHA256",
                      help="an official lexicon's fingerprint (repeatable)")
    info.set_defaults(func=_info)
