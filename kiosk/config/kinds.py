"""The kinds of value a kiosk config key may hold; a bad value raises ``ConfigError`` (one class
for every refused setting, common.game.errors).

Each kind says in words what it accepts (``expected``, shown in errors, the example file and the
reference page) and checks a value parsed from TOML (or given on the command line). The schema itself,
which key has which kind, is kiosk/config/keys.py.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from common.game.errors import ConfigError
from common.game.frozen import value
from common.game.lexicon_check import official_fingerprints
from kiosk.pin import PinError, check_hash
from common.presets import preset_names


@value
class Kind:
    """What a key's value may be: ``expected`` says it in words; ``check`` returns the value or
    raises ConfigError."""
    expected: str

    def ok(self, value: Any) -> bool:
        raise NotImplementedError

    def check(self, source: str, key: str, value: Any) -> Any:
        if not self.ok(value):
            raise ConfigError(source, key, self.expected, value)
        return value


@value
class Text(Kind):
    min_len: int = 0
    max_len: int = 200
    pattern: str | None = None
    secret: bool = False        # never repeat the value in a message (a key)

    def ok(self, value):
        return (isinstance(value, str) and self.min_len <= len(value.strip()) <= self.max_len
                and (self.pattern is None or value == "" or re.fullmatch(self.pattern, value) is not None))

    def check(self, source, key, value):
        if self.secret and not self.ok(value):      # say what it was like, never what it was
            got = (f"{len(value)} characters" if isinstance(value, str) else "true or false"
                   if isinstance(value, bool) else "a number" if isinstance(value, (int, float))
                   else "a list" if isinstance(value, list) else "a table")
            raise ConfigError(source, key, self.expected, detail=f"got {got}")
        return super().check(source, key, value)


@value
class Wire(Kind):
    """A value the table sends in its documents: one of the protocol's schema's types
    (common.wire.schema: ``Tournament``...), so that the director never refuses what the config
    let in (a name of 5,000 characters, mostly spaces; a control character). ``kind`` names the
    type: the schema (msgspec and the core's events) is loaded only when a value is checked, not
    to start a table whose config has none."""
    kind: str = ""

    def ok(self, value):
        from common.wire import schema
        return schema.refusal(value, getattr(schema, self.kind)) is None


@value
class Int(Kind):
    lo: int = 0
    hi: int = 1 << 31

    def ok(self, value):
        return isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi


@value
class Number(Kind):
    lo: float = 0.0
    hi: float = 1e9

    def ok(self, value):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and self.lo <= value <= self.hi

    def check(self, source, key, value):
        return float(super().check(source, key, value))


@value
class OffOr(Number):
    """0 for off, or a number from ``lo`` to ``hi``."""

    def ok(self, value):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and (
            value == 0 or self.lo <= value <= self.hi)


@value
class Choice(Kind):
    choices: tuple = ()

    def ok(self, value):
        return any(value == c and type(value) is type(c) for c in self.choices)


@value
class Names(Kind):
    def ok(self, value):
        return (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, str) and v.strip() and len(v) <= 40 for v in value))


@value
class Size(Kind):
    def ok(self, value):
        match = isinstance(value, str) and re.fullmatch(r"(\d{3,4})x(\d{3,4})", value)
        return bool(match) and 320 <= int(match[1]) <= 7680 and 240 <= int(match[2]) <= 4320


@value
class Preset(Kind):
    def ok(self, value):
        return isinstance(value, str) and (value in preset_names()
                                           or (value.endswith(".toml") and Path(value).is_file()))


@value
class ExistingFile(Kind):
    """A path that names an existing file, or "" for none."""

    def check(self, source, key, value):
        if not isinstance(value, str):
            raise ConfigError(source, key, self.expected, value)
        if value and not Path(value).is_file():
            raise ConfigError(source, key, self.expected, value, detail=f"got {value!r} (no such file)")
        return value


@value
class Fingerprints(Kind):
    def check(self, source, key, value):
        if not isinstance(value, dict):
            raise ConfigError(source, key, self.expected, value)
        for name, digest in value.items():
            try:
                official_fingerprints({name: digest})
            except ValueError:
                raise ConfigError(source, f"{key}.{name}", "64 hex digits (a SHA-256 fingerprint)",
                                  digest) from None
        try:
            official_fingerprints(value)
        except ValueError as exc:
            raise ConfigError(source, key, "each lexicon listed once", detail=str(exc)) from None
        return dict(value)


@value
class Overrides(Kind):
    """A table of a preset section's settings; the values are checked against the preset."""

    def ok(self, value):
        return isinstance(value, dict)


@value
class PinHash(Kind):
    """"" or a PIN hash kiosk.pin can check (its value is never repeated in a message)."""

    def check(self, source, key, value):
        if value == "":
            return value
        try:
            return check_hash(value)
        except PinError as exc:
            got = f"{len(value)} characters" if isinstance(value, str) else "no text"
            raise ConfigError(source, key, self.expected, detail=f"got {got}: {exc}") from None
