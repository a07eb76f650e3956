"""The director's config file (TOML) and command-line settings, checked before anything starts.

``load_config(path, overrides)`` returns a ``DirectorConfig``; a bad file or value raises
``ConfigError`` naming the file, the key, what was expected and what was found (never the
key's secret value). config/director.example.toml shows every key.

The tournament's rules are its preset (``tournament.preset``) with the overrides of
``[rules.SECTION]`` tables, as a kiosk's config gives them (common.presets, common.game.rules):
the standings follow them, and every table's result must have been played under them.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from common.game.errors import ConfigError
from common.game.rules import SECTIONS, Rules, RulesError, apply_overrides
from common.presets import load_preset, preset_choices
from common.wire.schema import MAX_NAME, MAX_WORD_LIST, Tournament, WordListName, refusal

from .limits import Limits

MIN_KEY_LENGTH = 16
# a division's draw (director.event.draw's SYSTEMS and seedings; tests check they are the same)
DRAW_SYSTEMS = ("round_robin", "double_round_robin", "swiss", "tsh")
DRAW_SEEDINGS = ("rating", "file")
DIVISION_NAME = re.compile(r"[\w.-]{1,40}")    # a division's name (director.event.migrate.NAME)

# key -> (default, expected in words)
KEYS: dict[str, tuple[Any, str]] = {
    "tournament.name": ("", f"one line of printable text of at most {MAX_NAME} characters (every "
                            "table's assignment carries it)"),
    "tournament.preset": ("aspa", f"a preset's name ({preset_choices()}) or a preset file's path"),
    "tournament.key": ("", f"the tournament's key, at least {MIN_KEY_LENGTH} characters"),
    "tournament.key_file": ("", "an existing file whose first line is the key, or \"\""),
    "tournament.lexicon": ("", f"the name of the word list every table judges with (e.g. \"CSW21\": "
                               f"one line of printable text, at most {MAX_WORD_LIST} characters), "
                               "or \"\" to leave it to each table"),
    "tournament.lexicon_fingerprint": ("", "that word list's SHA-256 fingerprint, 64 hex digits "
                                           "(python -m kiosk lexicon info FILE prints it)"),
    "tournament.rated": (True, "true or false: whether the rounds count for ratings (a table then "
                               "refuses to start a game with another word list)"),
    "service.host": ("127.0.0.1", "an address to listen on, e.g. 127.0.0.1 or 0.0.0.0"),
    "service.port": (8080, "a port number 1-65535"),
    "service.db": ("var/director.sqlite", "the SQLite file's path (its folder must exist, var/ is made)"),
    "service.password_file": ("var/director.password",
                              "the file python -m director passwd writes (the page's password hash)"),
    "service.announce": ("auto", "true, false or \"auto\" (announce the service when it listens "
                                 "on the venue's network)"),
    "tournament.tables": ("", "the tables the director expects, e.g. \"1-30\" or \"1-12, 14, A1\""),
    "tournament.event_file": ("", "the event's players: a tsh config.tsh (its .t files beside it), a "
                                  ".t file or a players CSV, its path relative to the config file, "
                                  "or \"\" (python -m director rehearse plays it)"),
    "limits.requests_per_s": (Limits.requests_per_s, "requests a second: a number from 1 to 100000"),
    "limits.table_requests_per_s": (Limits.table_requests_per_s,
                                    "requests a second: a number from 1 to 100000"),
    "limits.live_per_address": (Limits.live_per_address, "a whole number from 1 to 100000"),
    "limits.live_total": (Limits.live_total, "a whole number from 1 to 100000"),
    "limits.live_director": (Limits.live_director, "a whole number from 1 to 1000, below limits.live_total"),
    "limits.connections_per_address": (Limits.connections_per_address,
                                       "a whole number from 1 to 100000"),
    "limits.connections_total": (Limits.connections_total,
                                 "a whole number from 1 to 100000, above limits.live_total"),
    "limits.header_timeout_s": (Limits.header_timeout_s, "seconds: a number from 0.1 to 3600"),
    "limits.body_timeout_s": (Limits.body_timeout_s, "seconds: a number from 0.1 to 3600"),
    **{f"rules.{section}": ({}, f"a table of the preset's {section} settings to override, as in "
                                "the kiosks' configs") for section in SECTIONS},
    "draw.system": ("tsh", "one of " + ", ".join(f'"{s}"' for s in DRAW_SYSTEMS)),
    "draw.king_of_the_hill": (0, "a whole number of last rounds from 0 to 99 (0: none)"),
    "draw.seeding": ("rating", "one of " + ", ".join(f'"{s}"' for s in DRAW_SEEDINGS)),
    "draw.rounds": (0, "a whole number of rounds from 0 to 99 (0: as the system has them: a "
                       "round robin's, a Swiss as many as a round robin of its players)"),
    "draw.gibson": (0, "a whole number of prize places from 0 to 99 (0: no Gibsonization)"),
}


@dataclass(frozen=True)
class DirectorConfig:
    tournament: str
    preset: str
    rules: Rules
    key: bytes = field(repr=False)      # the tournament key: never shown, never sent
    host: str
    port: int
    db: Path
    password_file: Path = Path(KEYS["service.password_file"][0])
    limits: Limits = Limits()
    overrides: dict = field(default_factory=dict)   # {section: {setting: value}}, as the file had them
    announce: bool = False              # announced on the network (DNS-SD) for tables to find it
    tables: tuple[str, ...] = ()        # the tables the director expects (tournament.tables)
    lexicon: str = ""                   # the word list's name every table judges with ("": theirs)
    lexicon_fingerprint: str = ""       # its SHA-256
    rated: bool = True                  # the rounds count for ratings
    draw: dict = field(default_factory=dict)    # "": every division's draw, NAME: division NAME's
    event_file: Path | None = None      # the event's players (tournament.event_file), for rehearse

    @property
    def word_list(self) -> dict | None:
        """What every assignment says of the word list (docs/sync-protocol.md), if one is named."""
        if not self.lexicon:
            return None
        return {"lexicon": {"name": self.lexicon, "fingerprint": self.lexicon_fingerprint},
                "rated": self.rated}


def _flatten(data: Mapping, source: str, prefix: str = "") -> dict:
    flat = {}
    for name, value in data.items():
        key = f"{prefix}{name}"
        if prefix == "draw." and isinstance(value, dict):     # [draw.DIVISION]: one division's
            flat[key] = value
        elif isinstance(value, dict) and key not in KEYS:
            flat.update(_flatten(value, source, key + "."))
        elif key not in KEYS:
            raise ConfigError(source, key, "one of " + ", ".join(KEYS), detail="got an unknown key")
        else:
            flat[key] = value
    return flat


def read_file(path: str | Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return _flatten(tomllib.load(handle), str(path))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), "(file)", "valid TOML", detail=f"got {exc}") from None
    except OSError as exc:
        raise ConfigError(str(path), "(file)", "a readable file",
                          detail=f"got {exc.strerror or exc}") from None


def load_rules(preset: str, source: str) -> Rules:
    """The tournament's rules, through the kiosk's one preset loader (common.presets)."""
    try:
        return load_preset(preset)
    except RulesError as exc:
        if exc.source == "preset":          # a name that is no preset
            raise ConfigError(source, "tournament.preset", f"one of {preset_choices()} or a preset file",
                              detail=f"got {preset!r}") from None
        if exc.key == "(file)":
            raise ConfigError(source, "tournament.preset", "a readable preset file",
                              detail=f"got {exc}") from None
        raise ConfigError(source, "tournament.preset", "a valid preset", detail=f"got {exc}") from None


def _overridden(rules: Rules, values: dict, sources: dict) -> Rules:
    """``rules`` with the config's ``[rules.SECTION]`` overrides applied, each checked."""
    for section in SECTIONS:
        key, overrides = f"rules.{section}", values[f"rules.{section}"]
        if not isinstance(overrides, dict):
            raise ConfigError(sources[key], key, KEYS[key][1], overrides)
        if not overrides:
            continue
        try:
            rules = apply_overrides(rules, {section: overrides}, sources[key])
        except RulesError as exc:              # "<source>: <key>: expected ...; got ..."
            detail = str(exc).split("; ", 1)[1] if "; " in str(exc) else str(exc)
            raise ConfigError(sources[key], f"rules.{exc.key}", exc.expected, detail=detail) from None
    return rules


def _key(values: dict, sources: dict) -> bytes:
    text, path = values["tournament.key"], values["tournament.key_file"]
    if text and path:
        raise ConfigError(sources["tournament.key_file"], "tournament.key_file",
                          "either tournament.key or tournament.key_file, not both", detail="got both")
    if path:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(sources["tournament.key_file"], "tournament.key_file",
                              "a readable UTF-8 file holding the key", detail=f"got {path!r} ({exc})") from None
        text = lines[0].strip() if lines else ""
        where, key = sources["tournament.key_file"], f"tournament.key_file ({path})"
    else:
        where, key = sources["tournament.key"], "tournament.key"
    if len(text) < MIN_KEY_LENGTH:
        raise ConfigError(where, key, KEYS["tournament.key"][1],
                          detail=f"got {len(text)} characters" if text else "got none")
    return text.encode()


def load_config(path: str | Path | None = None, overrides: Mapping[str, Any] | None = None, *,
                need_key: bool = True) -> DirectorConfig:
    """The config from ``path`` (optional), then ``overrides`` (command-line options, None = not
    given), each value checked. ``need_key=False``: the offline commands, which sign nothing,
    neither need nor read the tournament key (its ``key`` is empty)."""
    values = {key: default for key, (default, _) in KEYS.items()}
    sources = {key: "default" for key in KEYS}
    if path is not None:
        for key, value in read_file(path).items():
            values[key], sources[key] = value, str(path)
    for key, value in (overrides or {}).items():
        if value is not None:
            values[key], sources[key] = value, "command line"
    draw = _draws(values, sources)

    def check(key: str, ok) -> Any:
        value = values[key]
        if not ok(value):
            raise ConfigError(sources[key], key, KEYS[key][1], value)
        return value

    name = check("tournament.name", lambda v: isinstance(v, str) and refusal(v, Tournament) is None)
    preset = check("tournament.preset", lambda v: isinstance(v, str) and v.strip())
    check("tournament.key", lambda v: isinstance(v, str))
    check("tournament.key_file", lambda v: isinstance(v, str))
    host = check("service.host", lambda v: isinstance(v, str) and v.strip() and " " not in v)
    port = check("service.port", lambda v: type(v) is int and 1 <= v <= 65535)
    db = check("service.db", lambda v: isinstance(v, (str, Path)) and str(v).strip())
    password_file = check("service.password_file", lambda v: isinstance(v, (str, Path)) and str(v).strip())
    rate = lambda v: type(v) in (int, float) and 1 <= v <= 100_000      # noqa: E731
    count = lambda v: type(v) is int and 1 <= v <= 100_000              # noqa: E731
    seconds = lambda v: type(v) in (int, float) and 0.1 <= v <= 3600          # noqa: E731
    live_total = check("limits.live_total", count)
    limits = Limits(requests_per_s=float(check("limits.requests_per_s", rate)),
                    table_requests_per_s=float(check("limits.table_requests_per_s", rate)),
                    live_per_address=check("limits.live_per_address", count),
                    live_total=live_total,
                    live_director=check("limits.live_director",
                                        lambda v: type(v) is int and 1 <= v <= 1000 and v < live_total),
                    connections_per_address=check("limits.connections_per_address", count),
                    connections_total=check("limits.connections_total",
                                            lambda v: count(v) and v > live_total),
                    header_timeout_s=float(check("limits.header_timeout_s", seconds)),
                    body_timeout_s=float(check("limits.body_timeout_s", seconds)))
    lexicon = check("tournament.lexicon", lambda v: isinstance(v, str) and (
        not v or refusal(v, WordListName) is None))
    fingerprint = check("tournament.lexicon_fingerprint",
                        lambda v: isinstance(v, str) and (not v or re.fullmatch(r"[0-9a-fA-F]{64}", v)))
    if lexicon and not fingerprint:
        raise ConfigError(sources["tournament.lexicon"], "tournament.lexicon_fingerprint",
                          KEYS["tournament.lexicon_fingerprint"][1], detail=f"got none for {lexicon}")
    rated = check("tournament.rated", lambda v: isinstance(v, bool))
    announce = check("service.announce", lambda v: v in (True, False, "auto"))
    if announce == "auto":
        announce = host not in ("127.0.0.1", "localhost", "::1")
    tables = expected_tables(check("tournament.tables", lambda v: isinstance(v, str)
                                   and expected_tables(v) is not None))
    event_file = check("tournament.event_file", lambda v: isinstance(v, (str, Path)))
    if event_file and sources["tournament.event_file"] == str(path):
        event_file = Path(path).parent / event_file       # beside the config, as it names it
    rules = _overridden(load_rules(preset, sources["tournament.preset"]), values, sources)
    overrides = {s: dict(values[f"rules.{s}"]) for s in SECTIONS if values[f"rules.{s}"]}
    return DirectorConfig(tournament=name, preset=preset, rules=rules, overrides=overrides,
                          key=_key(values, sources) if need_key else b"",
                          host=host, port=port, db=Path(db), password_file=Path(password_file),
                          limits=limits, announce=announce, tables=tables, lexicon=lexicon,
                          lexicon_fingerprint=fingerprint.lower(), rated=rated, draw=draw,
                          event_file=Path(event_file) if event_file else None)


def _draw_checks() -> dict:
    whole = lambda v: type(v) is int and 0 <= v <= 99      # noqa: E731
    return {"system": lambda v: v in DRAW_SYSTEMS, "king_of_the_hill": whole,
            "seeding": lambda v: v in DRAW_SEEDINGS, "rounds": whole, "gibson": whole}


def _draws(values: dict, sources: dict) -> dict:
    """The draw of every division (``""``: ``[draw]``'s keys) and of each ``[draw.DIVISION]``
    (its own keys over ``[draw]``'s), each value checked: {"": {...}, "B": {...}}."""
    checks = _draw_checks()
    default = {}
    for name, ok in checks.items():
        key = f"draw.{name}"
        if not ok(values[key]):
            raise ConfigError(sources[key], key, KEYS[key][1], values[key])
        default[name] = values[key]
    draws = {"": default}
    for key in [k for k in values if k.startswith("draw.") and k not in KEYS]:
        division, table, source = key[len("draw."):], values.pop(key), sources.pop(key)
        if not DIVISION_NAME.fullmatch(division):
            raise ConfigError(source, key, "[draw.DIVISION] with a division's name (one word of "
                              "letters, digits, '.', '-' or '_')", division)
        for name, value in table.items():
            if name not in checks:
                raise ConfigError(source, f"{key}.{name}", "one of " + ", ".join(checks),
                                  detail="got an unknown key")
            if not checks[name](value):
                raise ConfigError(source, f"{key}.{name}", KEYS[f"draw.{name}"][1], value)
        draws[division] = {**default, **table}
        _draw_agrees(draws[division], f"{key}.", source)
    _draw_agrees(default, "draw.", sources["draw.rounds"] if sources["draw.rounds"] != "default"
                 else sources["draw.system"])
    return draws


def _draw_agrees(draw: dict, prefix: str, source: str) -> None:
    """The draw's keys agree with each other, as director.event.draw.DrawSettings asks."""
    system, koth, rounds = draw["system"], draw["king_of_the_hill"], draw["rounds"]
    for name in ("king_of_the_hill", "gibson"):
        if draw[name] and system in ("round_robin", "double_round_robin"):
            raise ConfigError(source, prefix + name,
                              f"0 for a {system.replace('_', ' ')} (its rounds are fixed)",
                              draw[name])
    if koth and rounds < koth:
        raise ConfigError(source, prefix + "rounds", f"at least king_of_the_hill ({koth}), to know "
                          "which rounds are last", rounds)


def expected_tables(text: str) -> tuple[str, ...] | None:
    """The tables of ``tournament.tables``: numbers, ranges ``1-30`` and names, comma- or
    space-separated, each once, in order; None if it is not that."""
    names: list[str] = []
    for item in text.replace(",", " ").split():
        if "-" in item and all(part.isdigit() for part in item.split("-", 1)):
            first, last = (int(part) for part in item.split("-", 1))
            if not 1 <= first <= last <= 999:
                return None
            names += [str(n) for n in range(first, last + 1)]
        elif len(item) <= 20 and item.isprintable():
            names.append(item)
        else:
            return None
    return tuple(dict.fromkeys(names))
