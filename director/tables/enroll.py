"""Enrolling a table: its own key, as a key file, and the kiosk config lines that go with it,
for the volunteer to copy to the table's card.

``enroll(config, table, url=..., serial=...)`` gives an ``Enrollment`` (the key file's text, the
config snippet, their file names): what ``python -m director enroll TABLE`` writes to a folder
and what the director's page may offer to download. The table's key is derived from the
tournament key (``kiosk.sync.signing.table_key``, docs/sync-protocol.md); the tournament key
itself is never written, printed or sent. Enrolling a table again gives the same key: a card
that was lost or wiped is enrolled again the same way. A new tournament key changes every
table's key.
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

from kiosk.sync.signing import key_hex, station_key, table_key

from director.config import ConfigError, DirectorConfig, load_config

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
        "enroll", help="give tables their own keys: a key file and the kiosk config lines each",
        description="Give a table its own key: a key file and the kiosk config lines, written to "
                    "a folder for the volunteer to copy to the table's card. The tournament key "
                    "never leaves this machine.")
    parser.add_argument("tables", nargs="+", metavar="TABLE", help="the table's name as its kiosk "
                        "has it (kiosk.table): 7, or several: 1 2 3")
    parser.add_argument("--config", metavar="FILE", help="the director's config (its tournament "
                        "key, name, host and port)")
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument("--key", help="the tournament key (tournament.key); prefer --key-file")
    keys.add_argument("--key-file", metavar="FILE", help="a file whose first line is the "
                      "tournament key (tournament.key_file)")
    parser.add_argument("--tournament", help="the tournament's name (tournament.name)")
    links = parser.add_mutually_exclusive_group()
    links.add_argument("--url", help="the director's address as the tables reach it (default: "
                       "service.host and port, or this machine's NAME.local)")
    links.add_argument("--serial", metavar="DEVICE", help="for tables on a serial line: the "
                       "table's own port, e.g. /dev/serial0 (the table's number is its address)")
    parser.add_argument("--station", action="store_true", help="enroll judge stations, not tables: "
                        "each its own station key and the lines of python -m kiosk judge --config")
    parser.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                        help=f"the folder the files go to (default {DEFAULT_OUT})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``python -m director enroll``: the files of each table, written, and what they are."""
    overrides = {"tournament.name": args.tournament}
    if args.key is not None or args.key_file is not None:
        overrides.update({"tournament.key": args.key or "", "tournament.key_file": args.key_file or ""})
    try:
        config = load_config(args.config, overrides)
        if args.station and args.serial:
            raise EnrollError("a judge station reaches the director over the network: --url, not --serial")
        made = [enroll_station(config, name, url=args.url) if args.station else
                enroll(config, name, url=args.url, serial=args.serial) for name in args.tables]
    except (ConfigError, EnrollError) as exc:
        print(f"python -m director enroll: {exc}", file=sys.stderr)
        return 2
    for enrollment in made:
        key_path, snippet_path = write(enrollment, Path(args.out))
        what = "judge station" if args.station else "table"
        print(f"{what} {enrollment.table}: key file {key_path} (keep it secret), config lines "
              f"{snippet_path}:")
        print("    " + enrollment.snippet.rstrip("\n").replace("\n", "\n    "))
    return 0
