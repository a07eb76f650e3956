"""The config keys of the table's link to the director: over the network (``director.url``) or
over a serial line (``director.serial`` and its address, speed and RS-485 mode).

``KEYS`` are (name, default, help, kind, example) rows that kiosk/config/schema.py puts in its one
schema; ``check(values, source)`` is the check across keys (one link per table; a serial link's
address); ``serial_address(values)`` is the address a checked serial link answers to. The
tournament key both links need is checked by kiosk/config/schema.py with the other key settings.
"""
from __future__ import annotations

import re
from typing import Any

from drivers.serial_port import DEFAULT_BAUD, MAX_BAUD, MIN_BAUD
from kiosk.config.kinds import Choice, ConfigError, Int, Number, Text

MIN_ADDRESS, MAX_ADDRESS = 1, 254       # docs/sync-protocol.md (Serial): 0 and 255 are reserved


def _seconds(lo: float, hi: float) -> Number:
    return Number(f"seconds: a number from {lo:g} to {hi:g}", lo, hi)


KEYS: tuple[tuple, ...] = (
    ("director.url", "",
     "the director's service (python -m director): locked results are sent there, with the "
     "table's live status, and the table's assignment (round, players, who starts, the round's "
     "start and end) is read from it; empty = no link (results wait in the outbox). A kiosk "
     "with a url refuses to start without the tournament key; use url or serial, not both",
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
     "link. Needs the tournament key; a port that cannot be opened stops the kiosk",
     Text("\"\" or a device path or pyserial URL without spaces", 0, 500, r"\S+"),
     '"/dev/serial0"'),
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
)


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


def check(values: dict[str, Any], source: str) -> None:
    """Refuse a url and a serial line together, and a serial address the director would not
    file under this table's name."""
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
