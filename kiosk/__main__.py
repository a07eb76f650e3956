"""``python -m kiosk``: the kiosk's command line (replay a game script, run the kiosk...).

With no subcommand, or options only (``python -m kiosk --sim``), it runs the kiosk: ``run``.
"""
from __future__ import annotations

import argparse
import json
import sys


def _replay(args) -> int:
    from common.replay import ScriptError, replay_lines, result_document
    lexicon = None
    if args.lexicon:
        from kiosk.lexicon import LexiconError, open_lexicon
        try:
            lexicon = open_lexicon(args.lexicon)
        except (LexiconError, OSError) as exc:
            print(f"{args.lexicon}: {exc}", file=sys.stderr)
            return 2
    try:
        with open(args.script, encoding="utf-8") as handle:
            replayed = replay_lines(handle, lexicon)
    except OSError as exc:
        print(f"{args.script}: {exc.strerror}", file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(f"{args.script}:{exc.line}: {exc.reason}", file=sys.stderr)
        return 1
    json.dump(result_document(replayed), sys.stdout, indent=1 if args.pretty else None)
    print()
    return 0


def _presets(args) -> int:
    from common.game.rules import RulesError
    from common.presets import load_rules, presets_table
    if args.name:
        try:
            print(json.dumps(load_rules(args.name).to_dict(), indent=1))
        except RulesError as exc:
            print(f"python -m kiosk presets: {exc}", file=sys.stderr)
            return 2
    else:
        print(presets_table())
    return 0


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every subcommand; for ``command`` "run", that one alone: the table starting up need not
    load the modules of the lexicon tools, the demo and the self-test to parse its options."""
    parser = argparse.ArgumentParser(prog="python -m kiosk", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    if command == "run":
        from kiosk.cli import add_run_parser
        add_run_parser(sub)
        return parser
    replay = sub.add_parser("replay", help="replay a game script and print its result as JSON")
    replay.add_argument("script", help="JSON-lines game script (see docs/reference.md)")
    replay.add_argument("--lexicon", help="word list to judge challenges that give no verdict")
    replay.add_argument("--pretty", action="store_true", help="indent the JSON")
    replay.set_defaults(func=_replay)
    presets = sub.add_parser("presets", help="print every rule preset's settings (Markdown table)")
    presets.add_argument("name", nargs="?", help="one preset, as JSON")
    presets.set_defaults(func=_presets)
    from kiosk.lexicon.cli import add_parser as add_lexicon_parser
    add_lexicon_parser(sub)
    from kiosk.cli import add_parsers as add_kiosk_parsers
    add_kiosk_parsers(sub)
    from kiosk.hardware.selftest_cli import add_parser as add_selftest_parser
    add_selftest_parser(sub)
    return parser


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv.insert(0, "run")           # ``python -m kiosk --sim``: the kiosk itself
    args = build_parser(argv[0]).parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
