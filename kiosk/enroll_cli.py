"""``python -m kiosk enroll``: enroll this table from a shell, as its ENROLL screen does (for a
table reached over SSH, a script, a rehearsal): by the one-time code the director's page or
``python -m director enroll T`` shows, or from a USB stick. The enrollment goes to the table's
data partition (``kiosk.enrollment`` of ``--config``); a running kiosk takes it when it starts
again (``sudo systemctl restart tablekeeper-kiosk``; the ENROLL screen restarts it itself).

Exit status 0 enrolled, 1 not (the reason on stderr: a wrong code, no director found...), 2 a
bad config or option.
"""
from __future__ import annotations

import argparse
import getpass
import sys

from kiosk.config import ConfigError, load
from kiosk.link import enroll


def add_parser(sub) -> None:
    parser = sub.add_parser("enroll", help="enroll this table: by the director's one-time code, "
                                           "or from a USB stick",
                            description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", metavar="FILE", help="the kiosk's config (where the "
                        "enrollment goes: kiosk.enrollment)")
    parser.add_argument("--table", required=True, help="this table's number or name: 7")
    parser.add_argument("--code", help="the table's one-time code, or with --stick the code "
                        "printed beside the stick's file (asked at a terminal otherwise)")
    parser.add_argument("--stick", nargs="?", const="", metavar="DIR",
                        help="from a USB stick: its tablekeeper/table-TABLE.toml (mounted on DIR; "
                             f"default: looked for under {', '.join(enroll.STICK_ROOTS)}), taken "
                             "only if sealed under --code")
    parser.add_argument("--director", metavar="URL", help="the director's address "
                        "(http://192.168.1.10:8080); default: found on the network (DNS-SD)")
    parser.add_argument("--wait", type=float, default=3.0, metavar="SECONDS",
                        help="how long to look for the director on the network (default 3)")
    parser.add_argument("--interface", action="append", metavar="ADDRESS",
                        help="look for the director through this address only (repeatable)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        settings = load(args.config, {"hardware.buttons": "sim"})    # the buttons do not matter here
    except ConfigError as exc:
        print(f"python -m kiosk enroll: {exc}", file=sys.stderr)
        return 2
    path = settings["kiosk.enrollment"]
    try:
        if args.stick is not None:
            roots = (args.stick,) if args.stick else enroll.STICK_ROOTS
            code = args.code if args.code is not None else getpass.getpass(
                "the code printed beside the stick's file: ")
            enrolled = enroll.from_stick(args.table, code, roots)
        else:
            code = args.code if args.code is not None else getpass.getpass("the table's code: ")
            url = args.director or _found(args.wait, args.interface)
            enrolled = enroll.by_code(url, args.table, code)
        saved = enroll.save(enrolled, path)
    except enroll.EnrollFailed as exc:
        print(f"python -m kiosk enroll: table {args.table} not enrolled: {exc}", file=sys.stderr)
        return 1
    print(f"table {enrolled.table} of {enrolled.tournament or 'the tournament'} enrolled "
          f"{enrolled.how}: {saved}")
    return 0


def _found(wait_s: float, interfaces: list[str] | None) -> str:
    from kiosk.link.discovery import find_directors
    found = find_directors(wait_s, interfaces=interfaces)
    if not found:
        raise enroll.EnrollFailed("no director's service found on the network (is it running, "
                                  "on this network? give its address with --director)")
    if len(found) > 1:
        names = "; ".join(f"{f.name} at {f.url}" for f in found)
        raise enroll.EnrollFailed(f"several directors on the network ({names}): give one with "
                                  "--director")
    return found[0].url
