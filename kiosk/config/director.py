"""The config keys of the table's link to the director: over the network (``director.url``) or
over a serial line (``director.serial`` and its address, speed and RS-485 mode); the table's own
key (``director.table_key`` or ``director.table_key_file``), and the hash of the director's PIN.

``KEYS`` are (name, default, help, kind, example) rows that kiosk/config/keys.py puts in its one
schema; ``RETIRED`` the keys an older config may still hold, each refused with what to do
instead. ``check(values, source)`` is the check across keys (one link per table; a serial link's
address); ``check_pin`` refuses a kiosk on its buttons without a PIN of its own (the last check
of a file); ``serial_address(values)`` is the address a checked serial link answers to;
``table_key(values, source)`` the table's key, read and checked.

A table never holds the tournament key: with it anyone could sign any table's results. The
director derives each table's key from it (``python -m director enroll TABLE``,
docs/sync-protocol.md). A table without a key keeps its results in its outbox and says so.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from drivers.serial_port import DEFAULT_BAUD, MAX_BAUD, MIN_BAUD
from kiosk.config.kinds import Choice, ConfigError, ExistingFile, Int, Number, PinHash, Text
from kiosk.pin import DEFAULT_PIN, HASH_EXPECTED, is_default
from common.wire.signing import TABLE_KEY_HEX_DIGITS, parse_key_hex

MIN_ADDRESS, MAX_ADDRESS = 1, 254       # docs/sync-protocol.md (Serial): 0 and 255 are reserved


def _seconds(lo: float, hi: float) -> Number:
    return Number(f"seconds: a number from {lo:g} to {hi:g}", lo, hi)


KEYS: tuple[tuple, ...] = (
    ("director.url", "",
     "the director's service (python -m director): locked results are sent there, with the "
     "table's live status, and the table's assignment (round, players, who starts, the round's "
     "start and end) is read from it; empty = no link (results wait in the outbox). The link "
     "needs the table's key (table_key_file): without it nothing is sent; use url or serial, "
     "not both",
     Text("\"\" or an address starting with http:// or https://", 0, 500, r"https?://\S+"),
     '"http://director.local:8080"'),
    ("director.poll_s", 5.0,
     "with a director link: how often the table sends its status (a change of the game sends "
     "it at once, on a serial line at the next poll) and, over HTTP, asks for its assignment",
     _seconds(1, 300), ""),
    ("director.retry_max_s", 60.0,
     "with a director.url: the longest wait between two attempts to send a result; after a "
     "failure the waits double from 1 s up to this, and a result the director refused is "
     "tried again after this long", _seconds(1, 3600), ""),
    ("director.serial", "",
     "the serial line to the director instead of a url (python -m director --serial PORT "
     "--addresses ...): a device path or a pyserial URL; the table answers the director's polls "
     "with its results and live status and gets its assignment with them. Empty = no serial "
     "link. Needs the table's key (without it nothing is sent); a port that cannot be opened "
     "stops the kiosk",
     Text("\"\" or a device path or pyserial URL without spaces", 0, 500, r"\S+"),
     '"/dev/serial0"'),
    ("director.judge_at_station", False,
     "with director.url: this table's challenges are judged at the venue's judge station: the "
     "challenger types the words, the verdict player's press sends them through the director "
     "and the table shows \"at the judge station: waiting\" until the station's one verdict "
     "comes back, then shows it as if it had judged (docs/sync-protocol.md)",
     Choice("true or false", (True, False)), ""),
    ("director.station", "",
     "this kiosk is the venue's judge station with this name (python -m kiosk judge --config "
     "FILE; python -m director enroll --station NAME gives its key, in table_key_file): it "
     "rules on the challenges tables have open, through director.url; \"\" = not a station",
     Text("\"\" or a station's number or name of 1 to 20 characters", 0, 20), '"1"'),
    ("director.station_wait_s", 120.0,
     "the judge station's time limit: a table (director.judge_at_station) waits this long from "
     "the verdict player's press for the station's verdict, then says so on its judge screen "
     "(\"the judge station did not answer in 2 minutes: call the director\"), the clocks still "
     "held, and a press sends the challenge again; the station (director.station) sends a "
     "verdict the director has not confirmed this long, then says so and goes back to the "
     "table number", _seconds(10, 1800), ""),
    ("director.serial_address", 0,
     "with director.serial: the table's address on the line, 1-254; 0 = the table's number "
     "(kiosk.table). The director files what address N sends as table \"N\", so a table on a "
     "serial line is numbered 1-254 and its address is its number",
     Int(f"0 (the table's number) or an address {MIN_ADDRESS}-{MAX_ADDRESS}", 0, MAX_ADDRESS), ""),
    ("director.serial_baud", DEFAULT_BAUD,
     "with director.serial: the line's speed in baud (8N1), the same as the director's --baud",
     Int(f"a whole number from {MIN_BAUD} to {MAX_BAUD}", MIN_BAUD, MAX_BAUD), ""),
    ("director.serial_rs485", False,
     "with director.serial: let the UART driver switch an RS-485 transceiver's direction with "
     "RTS (the kernel's RS-485 mode); false for a transceiver that switches by itself. A port "
     "that cannot do it stops the kiosk", Choice("true or false", (True, False)), ""),
    ("director.table_key", "",
     "this table's own key, which signs its results and status and checks its assignment "
     f"({TABLE_KEY_HEX_DIGITS} hex digits from python -m director enroll TABLE; prefer "
     "table_key_file). A table without a key keeps its results in its outbox and says so on "
     "its top line. Never the tournament key: it stays on the director's machine",
     Text(f"\"\" or {TABLE_KEY_HEX_DIGITS} hex digits", 0, TABLE_KEY_HEX_DIGITS,
          rf"[0-9a-fA-F]{{{TABLE_KEY_HEX_DIGITS}}}", secret=True), ""),
    ("director.table_key_file", "",
     "a file whose first line is this table's key (instead of table_key): the key file "
     "python -m director enroll TABLE writes; keep it readable by the kiosk only",
     ExistingFile("an existing file holding the table's key, or \"\""),
     '"/etc/tablekeeper/table.key"'),
    ("director.pin_hash", "",
     "the hash of the PIN of the director's menu at the table (a long press of the centre "
     "button, or F10: late starts, time adjustments, forfeits, ending or reopening a game, "
     "score corrections, voids; three wrong PINs lock it for a minute): enrolling the table "
     "gives it its own (the director has the PIN), or python -m kiosk pin makes one. Empty = "
     "none: on its buttons the menu stays closed until the table is enrolled; simulated "
     f"(--sim, the demo), the default PIN {DEFAULT_PIN}, which a kiosk on its buttons refuses",
     PinHash(HASH_EXPECTED), ""),
)

#: Keys an older config holds that a table no longer takes: what to do instead.
RETIRED: dict[str, tuple[str, str]] = {
    "director.key": (
        "this table's own key in director.table_key_file instead (python -m director enroll "
        "TABLE on the director's machine makes it): delete director.key",
        "the tournament key no longer goes on a table, where it could sign any table's results"),
    "director.key_file": (
        "this table's own key file in director.table_key_file instead (python -m director enroll "
        "TABLE on the director's machine makes it): delete director.key_file",
        "the tournament key no longer goes on a table, where it could sign any table's results"),
    "director.pin": (
        "the PIN's hash in director.pin_hash instead (python -m kiosk pin makes it): delete "
        "director.pin", "a PIN is no longer kept in clear"),
}


def table_address(table: str) -> int | None:
    """The address a table of this number has on a serial line (``"7"`` -> 7), or None when the
    table's name is not a number 1-254 written as the director writes it."""
    if re.fullmatch(r"[1-9][0-9]{0,2}", table) and int(table) <= MAX_ADDRESS:
        return int(table)
    return None


def serial_address(values: dict[str, Any]) -> int:
    """The serial address of checked ``values``; 0 when there is no serial link."""
    if not values["director.serial"]:
        return 0
    return values["director.serial_address"] or table_address(values["kiosk.table"]) or 0


def table_key(values: dict[str, Any], source: str) -> bytes | None:
    """The table's key from ``director.table_key`` or the first line of ``director.table_key_file``
    (None: no key); ConfigError for both, or a file that holds no key."""
    text, path = values["director.table_key"], values["director.table_key_file"]
    if text and path:
        raise ConfigError(source, "director.table_key_file",
                          "either director.table_key or director.table_key_file, not both", path)
    if path:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(source, "director.table_key_file", "a readable UTF-8 file holding "
                              "the table's key", detail=f"{path}: {getattr(exc, 'strerror', None) or exc}") from None
        text = lines[0].strip() if lines else ""
        try:
            return parse_key_hex(text)
        except ValueError:
            raise ConfigError(source, "director.table_key_file", f"a first line of {TABLE_KEY_HEX_DIGITS} "
                              "hex digits (the key python -m director enroll wrote)",
                              detail=f"got {len(text)} characters in {path}") from None
    return parse_key_hex(text) if text else None


def check_pin(values: dict[str, Any], source: str) -> None:
    """A kiosk on its buttons (not simulated) never takes the default PIN 0000. Without any PIN
    it starts, its director's menu closed until it is enrolled (the enrollment brings the
    table's own PIN) or given one."""
    if values["hardware.buttons"] == "sim":
        return
    hashed = values["director.pin_hash"]
    if hashed and is_default(hashed):
        raise ConfigError(
            source, "director.pin_hash",
            "the hash of this table's own director's PIN (enrolling the table gives it one; "
            f"python -m kiosk pin makes one): a kiosk on its buttons does not take the default "
            f"PIN {DEFAULT_PIN}", detail=f"got the hash of {DEFAULT_PIN}")


def check(values: dict[str, Any], source: str) -> None:
    """Refuse a url and a serial line together, a serial address the director would not file
    under this table's name, and the judge station without a url."""
    for key in ("director.judge_at_station", "director.station"):
        if values[key] and not values["director.url"]:
            raise ConfigError(source, key, "a director.url too: the judge station and the tables "
                              "it judges for reach each other through the director's service",
                              values[key])
    if not values["director.serial"]:
        return
    if values["director.url"]:
        raise ConfigError(source, "director.serial", "either director.url or director.serial, not "
                          "both (one link to the director per table)", values["director.serial"])
    table, address = values["kiosk.table"], values["director.serial_address"]
    own = table_address(table)
    if own is None or address not in (0, own):
        got = f"got {address}" + (" (the table's number)" if address == 0 else "")
        raise ConfigError(
            source, "director.serial_address",
            f"an address {MIN_ADDRESS}-{MAX_ADDRESS} that is the table's number (kiosk.table): the "
            "director files what address N sends as table \"N\"",
            detail=f"{got} but kiosk.table is {table!r}"
                   + (f", not a number {MIN_ADDRESS}-{MAX_ADDRESS}" if own is None else ""))
