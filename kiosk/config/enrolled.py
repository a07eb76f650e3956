"""A table's enrollment, kept on its writable data partition and read as part of its config.

Enrolling a table (by its one-time code at the table, or from a USB stick: kiosk.link.enroll)
writes one file, ``kiosk.enrollment`` (default ``var/enrollment.toml``, beside the journal in
the service's working directory /var/lib/tablekeeper): config lines for the keys in
``ENROLLED`` (the table, the tournament, the rules, the link to the director, the table's key,
the hash of its own director's PIN), as common.wire.code_exchange.enrollment_toml writes them.
The read-only root and /etc/tablekeeper/kiosk.toml are never touched: no overlay to turn off,
no reboot.

``overlay(values, source)`` puts a file's values in place of the config file's, before the
command line's options and the checks across keys (kiosk.config.keys.load): the rules are
the enrollment's alone (its preset and overrides), the key is its key (``table_key_file`` is
set aside). ``write(path, text)`` replaces the file at once and durably (a power cut leaves the
old one or the new one, never half of either), readable by the kiosk only.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Callable

from kiosk.config.kinds import ConfigError
from common.game.rules import SECTIONS

DEFAULT_ENROLLMENT = "var/enrollment.toml"

#: What an enrollment sets: these keys and nothing else.
ENROLLED = ("kiosk.table", "kiosk.tournament", "rules.preset",
            *(f"rules.{section}" for section in SECTIONS),
            "director.url", "director.serial", "director.table_key", "director.pin_hash")


def read_enrollment(path: str | Path, check: Callable[[str, str, Any], Any]) -> dict[str, Any]:
    """The values of the enrollment file at ``path``, each checked by ``check(source, key,
    value)`` (the schema's); ConfigError for a file that is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), "", "a readable enrollment file",
                          detail=getattr(exc, "strerror", None) or str(exc)) from None
    return parse_enrollment(text, str(path), check)


def parse_enrollment(text: str, source: str, check: Callable[[str, str, Any], Any]) -> dict[str, Any]:
    """``read_enrollment`` of a file's ``text`` (``source`` names it)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "", "valid TOML (an enrollment)", detail=str(exc)) from None
    flat: dict[str, Any] = {}
    for table, keys in data.items():
        if not isinstance(keys, dict):
            raise ConfigError(source, table, "a table of an enrollment", keys)
        for name, value in keys.items():
            flat[f"{table}.{name}"] = value          # [rules.SECTION] is a table: its value
    unknown = sorted(set(flat) - set(ENROLLED))
    if unknown:
        raise ConfigError(source, unknown[0], "one of the keys an enrollment sets: "
                          + ", ".join(ENROLLED), detail="unknown key")
    for needed in ("kiosk.table", "director.table_key"):
        if needed not in flat:
            raise ConfigError(source, needed, "an enrollment's table and key", detail="missing")
    return {name: check(source, name, value) for name, value in flat.items()}


def overlay(values: dict[str, Any], check: Callable[[str, str, Any], Any]) -> str | None:
    """Put the enrollment (if its file exists) in place of ``values``' own keys, each checked by
    ``check(source, key, value)``; the file's path, or None when the table is not enrolled."""
    path = values["kiosk.enrollment"]
    if not path or not Path(path).exists():
        return None
    enrolled = read_enrollment(path, check)
    for section in SECTIONS:
        values[f"rules.{section}"] = {}
    values["director.url"] = values["director.serial"] = ""
    values["director.table_key_file"] = ""
    values.update(enrolled)
    return str(path)


def write(path: str | Path, text: str) -> Path:
    """Replace the enrollment at ``path`` with ``text``, durably, mode 0600 (folders made)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, text.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temporary, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
    return path
