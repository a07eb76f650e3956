"""Enrolling a table: what it learns (its own key, its own director's PIN as a hash, the
tournament, the rules, the link), and the three ways it gets it.

- **By code, at the table** (the usual way): ``python -m director enroll T`` (or the page) opens
  a one-time code for table T (director.tables.codes) and prints it with the table's PIN; the
  volunteer types T and the code at the table, which fetches ``sealed_enrollment(config, T)``
  over the network, sealed (director.tables.exchange, common.wire.code_exchange).
- **By USB stick**, for a table on a serial line: ``--stick DIR`` writes one file per table,
  ``DIR/tablekeeper/table-T.toml`` (``stick_file``), sealed under a one-time code printed beside
  it (never on the stick); the table reads the file from the stick by its number and takes it
  only with that code typed at it (a stick from anyone else is refused).
- **By hand**: ``--out DIR`` writes the key file and the config lines (``enroll``), as before;
  the venue's judge station is enrolled this way (``--station --out DIR``: ``enroll_station``,
  its own key derived as a table's from "station:" + its name).

The table's key is derived from the tournament key (``common.wire.signing.table_key``,
docs/sync-protocol.md), and so is its PIN (``common.wire.code_exchange.table_pin``, 8 digits): a
table keeps only the PIN's salted hash, and one table's PIN says nothing of another's. The
tournament key itself is never written, printed or sent. Enrolling a table again gives the same
key and PIN; a new tournament key changes every table's.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from common.secret_hash import make_hash
from common.wire.code_exchange import (CODE_MINUTES, TRIES, enrollment, enrollment_toml, make_code,
                                   shown_code, stick_name, stick_seal, table_pin)
from common.wire.signing import key_hex, station_key, table_key

from director.config import ConfigError, DirectorConfig, load_config
from director.event.db import DirectorDB, DirectorDBError
from . import codes

KIOSK_KEY_FILE = "/etc/tablekeeper/table.key"       # where the key goes on the table's card
KIOSK_CONFIG = "/etc/tablekeeper/kiosk.toml"
MAX_TABLE = 20                                      # the kiosk's kiosk.table: 1 to 20 characters
LOCAL_HOSTS = ("0.0.0.0", "::", "127.0.0.1", "localhost", "::1")
DEFAULT_OUT = "var/tables"


class EnrollError(ValueError):
    """A table name or a link a kiosk could not take: says which and why."""


@dataclass(frozen=True)
class Enrollment:
    table: str
    key_file_name: str          # table-7.key
    key_file_text: str          # the key's 64 hex digits on the first line, then a comment
    snippet_name: str           # table-7.toml
    snippet: str                # the kiosk config lines (no secret in them)


def check_table(table: str) -> str:
    """``table`` if a kiosk takes it as its ``kiosk.table``; else EnrollError."""
    if not isinstance(table, str) or not 1 <= len(table.strip()) <= MAX_TABLE or table != table.strip():
        raise EnrollError(f"table: expected a table number or name of 1 to {MAX_TABLE} characters "
                          f"without spaces around it; got {table!r}")
    if any(ord(c) < 32 for c in table):
        raise EnrollError(f"table: expected no control characters; got {table!r}")
    return table


def _toml(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def director_url(config: DirectorConfig) -> str:
    """Where the tables reach this director: its service.host, or this machine's name on the
    local network (NAME.local) when it listens on every address or only on itself."""
    host = config.host if config.host not in LOCAL_HOSTS else f"{socket.gethostname()}.local"
    return f"http://{host}:{config.port}"


def enroll(config: DirectorConfig, table: str, *, url: str | None = None,
           serial: str | None = None) -> Enrollment:
    """Table ``table``'s key file and config lines; the link is ``url`` (default: this
    director's address) or, for a table on a serial line, the table's ``serial`` port."""
    table = check_table(table)
    if serial is not None:
        if not (re.fullmatch(r"[1-9][0-9]{0,2}", table) and int(table) <= 254):
            raise EnrollError(f"table: a table on a serial line is numbered 1-254 (its address); "
                              f"got {table!r}")
        link = f"serial = {_toml(serial)}"
    else:
        url = url or director_url(config)
        if not re.fullmatch(r"https?://\S+", url):
            raise EnrollError(f"url: expected an address starting with http:// or https://; got {url!r}")
        link = f"url = {_toml(url)}"
    stem = "table-" + re.sub(r"[^A-Za-z0-9_-]", "_", table)
    tournament = " ".join(config.tournament.split()) or "the tournament"     # for comments
    key_text = (f"{key_hex(table_key(config.key, table))}\n"
                f"# the key of table {table} of {tournament} (python -m director enroll): "
                f"{KIOSK_KEY_FILE} on the table's card, readable by the kiosk only\n")
    snippet = "\n".join([
        f"# Table {table} of {tournament}: made by python -m director enroll {table}.",
        f"# On the table's card: {stem}.key becomes {KIOSK_KEY_FILE} (owner root, group kiosk,",
        f"# mode 0640), and these lines go into {KIOSK_CONFIG}, in place of the same keys.",
        "[kiosk]",
        f"table = {_toml(table)}",
        f"tournament = {_toml(config.tournament)}",
        "",
        "[director]",
        link,
        f"table_key_file = {_toml(KIOSK_KEY_FILE)}",
        "# the table's own director's PIN as a salted hash (python -m director enroll printed "
        "the PIN)",
        f"pin_hash = {_toml(make_hash(pin(config, table)))}",
        "",
        *rules_lines(config),
    ])
    return Enrollment(table, f"{stem}.key", key_text, f"{stem}.toml", snippet)


def enroll_station(config: DirectorConfig, station: str, *, url: str | None = None) -> Enrollment:
    """Judge station ``station``'s key file and config lines (for ``python -m kiosk judge
    --config``): its own key, HMAC-SHA256(tournament key, "station:" + station), as a table's
    is derived (docs/sync-protocol.md), and its link to this director. The station's PIN hash
    (``director.pin_hash``) is the volunteer's to add: no PIN is made here."""
    station = check_table(station)
    url = url or director_url(config)
    if not re.fullmatch(r"https?://\S+", url):
        raise EnrollError(f"url: expected an address starting with http:// or https://; got {url!r}")
    stem = "station-" + re.sub(r"[^A-Za-z0-9_-]", "_", station)
    tournament = " ".join(config.tournament.split()) or "the tournament"
    key_text = (f"{key_hex(station_key(config.key, station))}\n"
                f"# the key of judge station {station} of {tournament} (python -m director enroll "
                f"--station): {KIOSK_KEY_FILE} on the station's card, readable by the kiosk only\n")
    snippet = "\n".join([
        f"# Judge station {station} of {tournament}: made by python -m director enroll --station {station}.",
        f"# On the station's card: {stem}.key becomes {KIOSK_KEY_FILE} (owner root, group kiosk,",
        f"# mode 0640), and these lines go into {KIOSK_CONFIG}, in place of the same keys. Add the",
        "# hash of the station's own PIN (python -m kiosk pin) as director.pin_hash.",
        "[kiosk]",
        f"tournament = {_toml(config.tournament)}",
        "",
        "[director]",
        f"url = {_toml(url)}",
        f"table_key_file = {_toml(KIOSK_KEY_FILE)}",
        f"station = {_toml(station)}",
        "",
    ])
    return Enrollment(station, f"{stem}.key", key_text, f"{stem}.toml", snippet)


def rules_lines(config: DirectorConfig) -> list[str]:
    """The tournament's rules as a kiosk's config gives them: the director takes a table's result
    only if it was played under this same preset and these same overrides."""
    lines = ["# the tournament's rules: the director refuses a result played under others",
             "[rules]", f"preset = {_toml(config.preset)}", ""]
    for section, settings in config.overrides.items():
        lines += [f"[rules.{section}]",
                  *(f"{name} = {json.dumps(value)}" for name, value in settings.items()), ""]
    return lines


def pin(config: DirectorConfig, table: str) -> str:
    """Table ``table``'s own director's PIN (8 digits, derived from the tournament key)."""
    return table_pin(config.key, check_table(table))


def sealed_enrollment(config: DirectorConfig, table: str) -> dict:
    """What table ``table`` learns when it enrolls: its key, its PIN's salted hash (never the
    PIN), the tournament, the rules and this director's name."""
    table = check_table(table)
    return enrollment(table=table, tournament=config.tournament, key=table_key(config.key, table),
                      pin_hash=make_hash(pin(config, table)), preset=config.preset,
                      overrides=config.overrides, director=config.tournament)


def stick_file(config: DirectorConfig, table: str, *, url: str | None = None,
               serial: str | None = None) -> tuple[str, str, str]:
    """(file name, text, code) of table ``table``'s enrollment for a USB stick: on a serial
    line (``serial``: the table's port) or over the network (``url``, default this director's),
    sealed under a new one-time ``code`` (common.wire.code_exchange.stick_seal) that is shown to
    the director and never written: the table takes the file only with it typed."""
    table = check_table(table)
    if serial is not None:
        if not (re.fullmatch(r"[1-9][0-9]{0,2}", table) and int(table) <= 254):
            raise EnrollError(f"table: a table on a serial line is numbered 1-254 (its address); "
                              f"got {table!r}")
        link = {"serial": serial}
    else:
        link = {"url": _checked_url(url or director_url(config))}
    text = enrollment_toml(sealed_enrollment(config, table), how="from a USB stick (python -m "
                           f"director enroll {table} --stick)", **link)
    code = make_code()
    return stick_name(table), stick_seal(text, code), code


def _checked_url(url: str) -> str:
    if not re.fullmatch(r"https?://\S+", url):
        raise EnrollError(f"url: expected an address starting with http:// or https://; got {url!r}")
    return url


def write(enrollment: Enrollment, folder: Path) -> tuple[Path, Path]:
    """The key file (mode 0600) and the snippet into ``folder`` (made if need be)."""
    folder.mkdir(parents=True, exist_ok=True)
    key_path, snippet_path = folder / enrollment.key_file_name, folder / enrollment.snippet_name
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(enrollment.key_file_text)
    os.chmod(key_path, 0o600)                   # an older file keeps its mode otherwise
    snippet_path.write_text(enrollment.snippet, encoding="utf-8")
    return key_path, snippet_path


# --- python -m director enroll ------------------------------------------------------------------

def add_parsers(sub) -> None:
    """The ``enroll`` subcommand, on ``python -m director``'s subparsers."""
    parser = sub.add_parser(
        "enroll", help="enroll tables: a one-time code each to type at the table (or a USB "
                       "stick's file, or the files by hand)",
        description="Enroll tables. Without --stick or --out: open a one-time code for each "
                    f"table (open {CODE_MINUTES} minutes, {TRIES} tries), to type at the table "
                    "with its number while this director's service runs; each table's own "
                    "director's PIN is printed beside it. The tournament key never leaves this "
                    "machine.")
    parser.add_argument("tables", nargs="+", metavar="TABLE", help="the table's number or name "
                        "(kiosk.table): 7, or several: 1 2 3, or a range: 1-30")
    parser.add_argument("--config", metavar="FILE", help="the director's config (its tournament "
                        "key, name, rules, database, host and port)")
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument("--key", help="the tournament key (tournament.key); prefer --key-file")
    keys.add_argument("--key-file", metavar="FILE", help="a file whose first line is the "
                      "tournament key (tournament.key_file)")
    parser.add_argument("--tournament", help="the tournament's name (tournament.name)")
    parser.add_argument("--db", metavar="FILE", help="the service's database, where the codes "
                        "wait for the tables (service.db)")
    parser.add_argument("--minutes", type=float, default=CODE_MINUTES,
                        help=f"how long each code stays open (default {CODE_MINUTES}, at most "
                             f"{codes.MAX_MINUTES}: 30 tables in 15 minutes want 30)")
    ways = parser.add_mutually_exclusive_group()
    ways.add_argument("--stick", metavar="DIR", help="instead of codes: write each table's "
                      "enrollment to DIR/tablekeeper/table-TABLE.toml (a USB stick mounted on "
                      "DIR), for a table on a serial line")
    ways.add_argument("--out", metavar="DIR", help="instead of codes: write each table's key "
                      "file and config lines to DIR, to copy by hand")
    parser.add_argument("--station", action="store_true", help="with --out: enroll judge stations, "
                        "not tables: each its own station key and the lines of python -m kiosk "
                        "judge --config")
    links = parser.add_mutually_exclusive_group()
    links.add_argument("--url", help="with --stick or --out: the director's address as the "
                       "tables reach it (default: service.host and port, or this machine's "
                       "NAME.local)")
    links.add_argument("--serial", metavar="DEVICE", help="with --stick or --out: for tables on "
                       "a serial line, the table's own port, e.g. /dev/serial0 (the table's "
                       "number is its address)")
    parser.set_defaults(func=run)


def table_list(items: list[str]) -> list[str]:
    """The tables named: ``7``, ``A1``, and ranges ``1-30``, in order, each once."""
    names: list[str] = []
    for item in items:
        ranged = re.fullmatch(r"([0-9]{1,3})-([0-9]{1,3})", item)
        if ranged and int(ranged[1]) <= int(ranged[2]) <= 999:
            names += [str(n) for n in range(int(ranged[1]), int(ranged[2]) + 1)]
        else:
            names.append(check_table(item))
    return list(dict.fromkeys(names))


def run(args: argparse.Namespace) -> int:
    """``python -m director enroll``: a code for each table (or the files), and what they are."""
    import time
    overrides = {"tournament.name": args.tournament, "service.db": args.db}
    if args.key is not None or args.key_file is not None:
        overrides.update({"tournament.key": args.key or "", "tournament.key_file": args.key_file or ""})
    if (args.url or args.serial) and not (args.stick or args.out):
        print("python -m director enroll: --url and --serial go with --stick or --out (a table "
              "enrolled by code learns the address it reached)", file=sys.stderr)
        return 2
    try:
        config = load_config(args.config, overrides)
        tables = table_list(args.tables)
        if args.station:
            if not args.out or args.serial:
                raise EnrollError("a judge station is enrolled by its files (--station --out DIR) "
                                  "and reaches the director over the network (--url, not --serial)")
            return _write_station_files(config, tables, Path(args.out), url=args.url)
        if args.stick:
            return _write_stick(config, tables, Path(args.stick), url=args.url, serial=args.serial)
        if args.out:
            return _write_files(config, tables, Path(args.out), url=args.url, serial=args.serial)
        if config.db == Path("var/director.sqlite"):
            config.db.parent.mkdir(exist_ok=True)
        with DirectorDB.open(config.db) as db:
            made = [codes.make(db, table, time.time(), minutes=args.minutes) for table in tables]
    except (ConfigError, EnrollError, DirectorDBError, OSError, ValueError) as exc:
        print(f"python -m director enroll: {exc}", file=sys.stderr)
        return 2
    for code in made:
        until = time.strftime("%H:%M", time.localtime(code.expires_wall))
        print(f"table {code.table}: code {shown_code(code.code)} (until {until}, {TRIES} tries); "
              f"its director's PIN {pin(config, code.table)}")
    print(f"At each table: ENROLL, its number, its code (the director's service must be running, "
          f"database {config.db}).")
    return 0


def _write_stick(config: DirectorConfig, tables: list[str], stick: Path, *, url, serial) -> int:
    folder = stick / "tablekeeper"
    folder.mkdir(parents=True, exist_ok=True)
    for table in tables:
        name, text, code = stick_file(config, table, url=url, serial=serial)
        path = folder / name
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"table {table}: {path} (it holds the table's key: keep the stick safe); its code "
              f"{shown_code(code)} (not on the stick); its director's PIN {pin(config, table)}")
    print("At each table: ENROLL, its number, its code, STICK (the table reads its own file and "
          "takes it only if it was sealed under that code).")
    return 0


def _write_station_files(config: DirectorConfig, stations: list[str], out: Path, *, url) -> int:
    for station in stations:
        enrollment = enroll_station(config, station, url=url)
        key_path, snippet_path = write(enrollment, out)
        print(f"judge station {enrollment.table}: key file {key_path} (keep it secret), config "
              f"lines {snippet_path}:")
        print("    " + enrollment.snippet.rstrip("\n").replace("\n", "\n    "))
    return 0


def _write_files(config: DirectorConfig, tables: list[str], out: Path, *, url, serial) -> int:
    for table in tables:
        enrollment = enroll(config, table, url=url, serial=serial)
        key_path, snippet_path = write(enrollment, out)
        print(f"table {enrollment.table}: key file {key_path} (keep it secret), config lines "
              f"{snippet_path}:")
        print("    " + enrollment.snippet.rstrip("\n").replace("\n", "\n    "))
        print(f"    (its director's PIN {pin(config, table)})")
    return 0
