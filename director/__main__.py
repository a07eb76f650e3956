"""``python -m director``: the director's service, its database and its live page; and the
director's offline commands (``python -m director COMMAND``, each in its own module: see
COMMANDS).

With no command it is the service, as the docs and the systemd unit run it: it reads the config
file (``--config``), lets the options override it, takes its port, opens the database and serves
the tables' API and the page with uvicorn until stopped. A bad config, key or database exits with
status 2 and one line naming the file, the key and what was expected; so does a port in use (a
second director), before the service says where it is. So does a service for the venue's
network without the director's password (``python -m director passwd``); one on this machine
only (127.0.0.1) makes a password for the run and prints it.
"""
from __future__ import annotations

import argparse
import ipaddress
import logging
import sys
from pathlib import Path

from common.presets import preset_choices

from director.tables import enroll
from director.files import commands as file_commands
from director.files import end_commands, event_commands, player_commands
from director.rehearsal import command as rehearsal
from director.web import password
from .config import ConfigError, DirectorConfig, load_config
from director.event.db import DirectorDB, DirectorDBError
from director.tables.serial_poll import start_pollers, stop_pollers

# Each adds its subcommands to the parser's subparsers (``add_parsers(sub)``), each subcommand's
# ``func(args) -> exit status`` set as a default: python -m director import, export, correct,
# standings, prizes, pairings, wallchart, late-entry, withdraw, back, absent, no-show, draw,
# enroll, passwd, rehearse.
COMMANDS = [file_commands.add_parsers, event_commands.add_parsers, end_commands.add_parsers,
            player_commands.add_parsers, enroll.add_parsers, password.add_parsers, rehearsal.add_parsers]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m director",
        description="The director's service: receives the tables' results and status over HTTP, "
                    "shows every table live at http://HOST:PORT/, keeps standings and exports.")
    parser.add_argument("--config", metavar="FILE",
                        help="the director's TOML config (config/director.example.toml shows every key)")
    parser.add_argument("--host", help="address to listen on (service.host; default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="HTTP port (service.port; default 8080)")
    parser.add_argument("--db", metavar="FILE",
                        help="the SQLite database (service.db; default var/director.sqlite)")
    parser.add_argument("--password-file", metavar="FILE",
                        help="the director's password hash, as python -m director passwd writes "
                             "it (service.password_file; default var/director.password)")
    parser.add_argument("--tournament", help="the tournament's name (tournament.name)")
    parser.add_argument("--preset", help=f"the rule book: {preset_choices()} or a preset file "
                                         "(tournament.preset; its caps, byes, forfeits for standings)")
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument("--key", help="the tournament key (tournament.key); prefer --key-file")
    keys.add_argument("--key-file", metavar="FILE",
                      help="a file whose first line is the tournament key (tournament.key_file)")
    parser.add_argument("--serial", action="append", default=[], metavar="PORT",
                        help="a serial line to the tables (/dev/ttyUSB0, or a pyserial URL): the "
                             "director polls --addresses on it; repeat for more lines")
    parser.add_argument("--addresses", metavar="LIST",
                        help="the tables' addresses on each serial line, e.g. 1-4 or 1,3,7-9")
    parser.add_argument("--baud", type=int, default=115200, help="the serial lines' speed")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                        help="what the service logs (default info: what a director should read; "
                             "debug adds a line for every request, the access log)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                help="an offline command (no command: the service)")
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is not None:
        return args.func(args)
    return serve(args)


def serve(args) -> int:
    """The service, with the options of ``python -m director`` (no command)."""
    overrides = {"service.host": args.host, "service.port": args.port, "service.db": args.db,
                 "service.password_file": args.password_file,
                 "tournament.name": args.tournament, "tournament.preset": args.preset}
    if args.key is not None or args.key_file is not None:
        overrides.update({"tournament.key": args.key or "", "tournament.key_file": args.key_file or ""})
    from director.web.connections import ListenError, listening_socket
    sock = None
    try:
        config = load_config(args.config, overrides)
        sock = listening_socket(config.host, config.port)       # before anything says it is up
        password_hash = director_password(config)
        if config.db == Path("var/director.sqlite"):
            config.db.parent.mkdir(exist_ok=True)
        db = DirectorDB.open(config.db)
    except (ConfigError, DirectorDBError, ListenError) as exc:
        if sock is not None:
            sock.close()
        print(f"director: {exc}", file=sys.stderr)
        return 2
    try:
        pollers = start_pollers(db, config, args.serial, args.addresses, args.baud)
    except ValueError as exc:
        db.close()
        sock.close()
        print(f"director: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    import dataclasses

    import uvicorn

    from director.web.app import create_app
    from director.web.connections import allow_open_files, quiet_logs, server_config

    from director.tables.announce import announce
    from director.web.addresses import service_addresses

    config = dataclasses.replace(config, limits=allow_open_files(config.limits))
    quiet_logs()
    announced = announce(config) if config.announce else None
    app = create_app(db, config, password_hash=password_hash, announcement=announced)
    where = service_addresses(config)
    print(f"director: {config.tournament or 'tournament'} on {where.page} (database "
          f"{config.db}); players' phones: {where.live}", flush=True)
    for poller in pollers:
        print(f"director: polling tables {args.addresses} on {poller.port.name} at {args.baud} baud",
              flush=True)
    if announced is not None:
        print(f"director: announced on the network for the tables to find as {announced.name!r} "
              f"({', '.join(announced.addresses)})", flush=True)
        if announced.conflict:
            print(f"director: {announced.conflict}", flush=True)
    try:
        uvicorn.Server(server_config(app, config.limits, access_log=args.log_level == "debug",
                                     host=config.host, port=config.port,
                                     log_level=args.log_level, timeout_graceful_shutdown=3)
                       ).run(sockets=[sock])
    except KeyboardInterrupt:           # Ctrl+C: uvicorn has shut the app down already
        pass
    finally:
        if announced is not None:
            announced.close()
        stop_pollers(pollers)
        db.close()
        sock.close()
    return 0


def director_password(config: DirectorConfig) -> str:
    """The director's password hash; on 127.0.0.1 without one, a password made for this run
    (printed); else ConfigError naming the key, the file and the command that sets it."""
    hashed = password.load_password_hash(config.password_file)
    if hashed is not None:
        return hashed
    if not listens_on_this_machine_only(config.host):
        raise ConfigError(str(config.password_file), "service.password_file",
                          "the director's password, set with python -m director passwd "
                          "(--config FILE): the page's controls need it on the venue's network",
                          detail="got no such file")
    made = password.one_time()
    print(f"director: no director's password yet ({config.password_file}): the page's password "
          f"for this run is {made} (set your own with python -m director passwd)", flush=True)
    return password.hash_password(made)


def listens_on_this_machine_only(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


if __name__ == "__main__":
    sys.exit(main())
