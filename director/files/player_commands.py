"""Players who come and go, and the draw, from the command line: what the page's buttons do
(director.event.entries, director.event.next_round, director.event.published), for a director
without a browser or a script beside the service. Each prints what was done, a line each, and
what it did to the division's proposal; a change that cannot be made is refused (status 1) with
the reason, and nothing changes.

- ``late-entry [--division D] --name NAME [--rating R] [--missed none|forfeit]``: a late entry,
  the rounds already paired missed (no game, or forfeit losses: the book's late forfeit spread);
- ``withdraw [--division D] --player P [--round N] [--missed none|forfeit]``: from round N on
  (default: the first not started);
- ``back [--division D] --player P [--round N]``: a withdrawn or absent player paired again;
- ``absent [--division D] --player P [--round N] [--missed none|forfeit]``: one round only;
- ``no-show [--division D] --round N --player P [P] [--undo]``: the player (or both of a
  game) never came: a forfeit by the book's late forfeit spread (``--undo``: one entered by
  mistake taken back);
- ``draw [--division D] (--propose | --publish | --swap A B | --move PLAYER TABLE | --take-back)
  [--round N] [--published]``: the next round drawn, published, adjusted (``--published``: in
  the published round, not started), or the published round taken back.

A player is named by number or name. Each takes ``--config`` (or ``--db``, ``--tournament``,
``--preset``) as ``export`` does: the draw of each division is the page's choice, else the
config's. A bad option, config or database exits with status 2.
"""
from __future__ import annotations

import sys
import time

from director.event import divisions, entries, next_round, published
from director.event.draw import DrawError
from director.event.model import ModelError
from director.event.roster import MISSED
from director.event.rounds import RoundError
from .commands import REFUSED, UNUSABLE, add_db_option, add_event_options, event_config, open_db


def add_parsers(sub) -> None:
    """``late-entry``, ``withdraw``, ``back``, ``absent``, ``no-show`` and ``draw``."""
    late = _parser(sub, "late-entry", "a player entered late: the next number, the rounds already "
                                      "paired missed as tsh writes them")
    late.add_argument("--name", required=True, help="the player's name, one line")
    late.add_argument("--rating", type=int, default=0, help="their rating (default 0)")
    _missed(late)
    late.set_defaults(func=_run("late-entry", lambda db, event, args, now: entries.late_entry(
        db, event, args.division, args.name, args.rating, args.missed, now)))
    out = _parser(sub, "withdraw", "a player withdrawn from a round on: not paired again, not "
                                   "ranked (tsh's off tag)")
    _who(out)
    _missed(out)
    out.set_defaults(func=_run("withdraw", lambda db, event, args, now: entries.withdraw(
        db, event, args.division, args.player, args.round, args.missed, now)))
    back = _parser(sub, "back", "a withdrawn or absent player paired again")
    _who(back)
    back.set_defaults(func=_run("back", lambda db, event, args, now: entries.come_back(
        db, event, args.division, args.player, args.round, now)))
    away = _parser(sub, "absent", "a player absent for one round only")
    _who(away)
    _missed(away)
    away.set_defaults(func=_run("absent", lambda db, event, args, now: entries.absent(
        db, event, args.division, args.player, args.round, args.missed, now)))
    gone = _parser(sub, "no-show", "a player who never came to their table forfeits the game "
                                   "(the book's late forfeit spread)")
    gone.add_argument("--round", type=int, required=True, help="the round under way")
    gone.add_argument("--player", nargs="+", required=True, metavar="PLAYER",
                      help="who did not come (number or name); both of a game: each loses")
    gone.add_argument("--undo", action="store_true",
                      help="take back a no-show's forfeit entered by mistake (one player)")
    gone.set_defaults(func=_run("no-show", lambda db, event, args, now: (
        entries.take_back_no_show(db, event, args.division, args.round, args.player[0], now)
        if args.undo else entries.no_show(db, event, args.division, args.round, args.player, now))))
    draw = _parser(sub, "draw", "the division's next round drawn, adjusted, published, or the "
                                "published round taken back")
    what = draw.add_mutually_exclusive_group(required=True)
    what.add_argument("--propose", action="store_true", help="draw the next round now")
    what.add_argument("--publish", action="store_true", help="publish the proposed round")
    what.add_argument("--swap", nargs=2, type=int, metavar=("A", "B"), help="swap two players")
    what.add_argument("--move", nargs=2, metavar=("PLAYER", "TABLE"),
                      help="move a player's game to a table")
    what.add_argument("--take-back", action="store_true",
                      help="the published round, not started, is the proposal again")
    draw.add_argument("--round", type=int, help="the round meant (refused if it is not the one)")
    draw.add_argument("--published", action="store_true",
                      help="--swap or --move in the published round, not started")
    draw.set_defaults(func=_run("draw", _draw))


def _parser(sub, name: str, words: str):
    parser = sub.add_parser(name, help=words, description=words[0].upper() + words[1:] + ".")
    add_db_option(parser)
    parser.add_argument("--division", metavar="NAME", help="the division (when the event has several)")
    add_event_options(parser)
    return parser


def _who(parser) -> None:
    parser.add_argument("--player", required=True, help="the player: their number or their name")
    parser.add_argument("--round", type=int, help="from this round (default: the first not started)")


def _missed(parser) -> None:
    parser.add_argument("--missed", choices=MISSED, default="none",
                        help="each round missed: none (no game, the default) or forfeit (a "
                             "forfeit loss by the book's late forfeit spread)")


def _draw(db, event, args, now: float) -> list[str]:
    name = divisions.resolve(db, args.division)
    if args.propose:
        made = next_round.propose(db, event, name, now)
        return [f"division {name}: round {made['round']} drawn; check it and publish it"]
    if args.publish:
        count = next_round.publish(db, name, event, now, args.round)
        return [f"division {name}: round {next_round.published(db, name)['round']} published "
                f"({count} games and byes)"]
    if args.take_back or args.published:
        round_number = args.round or published.last_published(db, name)
        if round_number is None:
            raise RoundError(f"division {name} has no published round open to change")
        if args.take_back:
            return [published.take_back(db, event, name, round_number, now)]
        if args.swap:
            return [published.swap(db, name, *args.swap, round_number)]
        return [published.set_table(db, name, int(args.move[0]), args.move[1], round_number)]
    if args.swap:
        made = next_round.swap(db, name, *args.swap, round_number=args.round)
        return [f"division {name}: players {args.swap[0]} and {args.swap[1]} swapped in the "
                f"proposal of round {made['round']}"]
    made = next_round.set_table(db, name, int(args.move[0]), args.move[1], round_number=args.round)
    return [f"division {name}: player {args.move[0]}'s game at table {args.move[1]} in the "
            f"proposal of round {made['round']}"]


def _run(command: str, change):
    """The subcommand: the config and database opened, ``change`` made, what it did printed."""
    def run(args) -> int:
        config = event_config(args, command)
        db = open_db(args.db, command) if config is not None else None
        if db is None:
            return UNUSABLE
        event = next_round.Event(config.rules, config.tournament, config.draw, config.tables)
        try:
            done = change(db, event, args, time.time())
        except (DrawError, ModelError, RoundError, ValueError) as exc:
            print(f"director {command}: {exc}", file=sys.stderr)
            return REFUSED
        finally:
            db.close()
        print("\n".join(done))
        return 0
    return run
