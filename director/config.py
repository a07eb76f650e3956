"""The director's config file (TOML) and command-line settings, checked before anything starts.

``load_config(path, overrides)`` returns a ``DirectorConfig``; a bad file or value raises
``ConfigError`` naming the file, the key, what was expected and what was found (never the
key's secret value); an unknown key, the keys nearest to it (a typo's likely key). The paths
the file gives (``tournament.key_file``, ``tournament.event_file``, ``service.db``,
``service.password_file``) are relative to the file's folder, wherever the service runs; the
defaults and the command line's are relative to the working folder. config/director.example.toml
shows every key.

Each division may have tables of its own (``[divisions.NAME] tables = "1-15"``): its games are
drawn at them and at no other, and no other division's are (director.event.venue); two
divisions' tables never overlap, and they are the venue's when ``tournament.tables`` is given.

The tournament's rules are its preset (``tournament.preset``) with the overrides of
``[rules.SECTION]`` tables, as a kiosk's config gives them (common.presets, common.game.rules):
the standings follow them, and every table's result must have been played under them.
"""
from __future__ import annotations

import difflib
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
RATING_SYSTEMS = ("naspa", "aspa", "nzasp")     # director.event.ratings' (tests check they are)
DIVISION_NAME = re.compile(r"[\w.-]{1,40}")    # a division's name (director.event.migrate.NAME)
# the prize table's settings (director.event.prizes.settings: the same checks and words; tests
# check they agree): name -> (default, expected in words, check)
MAX_PLACES = 50
RATING_BAND = re.compile(r"(\d{1,4})\s*(?:-\s*(\d{1,4})|(\+))")
PRIZES: dict[str, tuple[Any, str]] = {
    "places": (3, f"a whole number of places from 0 to {MAX_PLACES}"),
    "class_places": (0, f"a whole number of places from 0 to {MAX_PLACES} (0: no class prizes)"),
    "bands": ([], 'a list of rating bands, each "LOW-HIGH" (both in the band) or "LOW+" (LOW and '
                  'over)'),
    "band_places": (1, f"a whole number of places from 1 to {MAX_PLACES}"),
    "high_win": (True, "true or false"),
    "high_loss": (True, "true or false"),
    "high_game": (True, "true or false"),
    "high_combined": (True, "true or false"),
    "upset": (True, "true or false"),
    "lucky_stiff": (0, f"a whole number of losses from 0 to {MAX_PLACES} (0: no lucky stiff prize)"),
    "high_word": (True, "true or false"),
    "one_each": (True, "true or false"),
}

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
    **{f"prizes.{name}": given for name, given in PRIZES.items()},
    "ratings.system": ("", "the rating system the standings estimate new ratings under: one of "
                           + ", ".join(f'"{s}"' for s in RATING_SYSTEMS) + ', or "" for none'),
    "ratings.list": ("", "a ratings list CSV (name, rating, games) relative to the config file, or "
                         "\"\" (the players' file's ratings and lifeg tags)"),
}
# the keys of a [divisions.NAME] table: a division's own settings
DIVISION_KEYS = {"tables": "the division's own tables, e.g. \"1-15\" (as tournament.tables): "
                           "its games are drawn at them, no other division's are"}
PATHS = ("tournament.key_file", "tournament.event_file", "service.db", "service.password_file",
         "ratings.list")


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
    prizes: dict = field(default_factory=dict)  # "": [prizes]'s keys given, NAME: [prizes.NAME]'s
    prizes_source: str = "default"              # the file [prizes] came from
    rating_system: str = ""                     # the standings' estimates' system ("": none)
    ratings_list: Path | None = None            # the ratings before the event (None: the file's)
    event_file: Path | None = None      # the event's players (tournament.event_file), for rehearse
    division_tables: dict = field(default_factory=dict)    # NAME: its own tables ([divisions.NAME])

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
        if prefix in ("draw.", "prizes.", "divisions.") and isinstance(value, dict):   # [draw.B], [prizes.B], [divisions.B]
            flat[key] = value
        elif isinstance(value, dict) and key not in KEYS:
            flat.update(_flatten(value, source, key + "."))
        elif key not in KEYS:
            raise unknown_key(source, key, KEYS)
        else:
            flat[key] = value
    return flat


def unknown_key(source: str, key: str, known) -> ConfigError:
    """An unknown key refused with the likely one: its section's key nearest to it (a typo), or
    the key nearest to it in another section; else the section's keys, else the sections."""
    known = list(known)
    section, _, name = key.rpartition(".")
    own = [k.rpartition(".")[2] for k in known if k.rpartition(".")[0] == section]
    if own:
        close = difflib.get_close_matches(name, own, n=1, cutoff=0.6)
        elsewhere = [k for k in known if k.rpartition(".")[2] == name]    # another section's
        expected = (f"one of [{section}]'s keys, most likely {section}.{close[0]}" if close else
                    f"one of [{section}]'s keys ({', '.join(own)})" + (
                        f", or {elsewhere[0]} in [{elsewhere[0].rpartition('.')[0]}]" if elsewhere else ""))
    else:
        close = (difflib.get_close_matches(key, known, n=1, cutoff=0.75)
                 or [k for k in known if k.rpartition(".")[2] == name])
        sections = ", ".join([*dict.fromkeys(f"[{k.split('.')[0]}]" for k in known),
                              "[draw.DIVISION]", "[divisions.DIVISION]"])
        expected = (f"one of the config's keys, most likely {close[0]}" if close
                    else f"a key of one of the sections {sections}")
    return ConfigError(source, key, expected + " (docs/reference.md lists every key)",
                       detail="got an unknown key")


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


def _key(values: dict, sources: dict, given: dict) -> bytes:
    text, path = values["tournament.key"], values["tournament.key_file"]
    if text and path:
        raise ConfigError(sources["tournament.key_file"], "tournament.key_file",
                          "either tournament.key or tournament.key_file, not both", detail="got both")
    if path:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            where = (f"{given['tournament.key_file']!r}: looked for {Path(path).absolute()}, "
                     "relative to the config's folder" if "tournament.key_file" in given
                     else f"{path!r}: looked for {Path(path).absolute()}")
            raise ConfigError(sources["tournament.key_file"], "tournament.key_file",
                              "a readable UTF-8 file holding the key",
                              detail=f"got {where} ({why})") from None
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
    given = _beside(values, sources, path)
    draw = _draws(values, sources)
    prizes_from = _prizes_source(sources)
    prizes = _prizes(values, sources)

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
    rating_system = check("ratings.system", lambda v: v == "" or v in RATING_SYSTEMS)
    ratings_list = check("ratings.list", lambda v: isinstance(v, (str, Path)))
    division_tables = _division_tables(values, sources, tables)
    rules = _overridden(load_rules(preset, sources["tournament.preset"]), values, sources)
    overrides = {s: dict(values[f"rules.{s}"]) for s in SECTIONS if values[f"rules.{s}"]}
    return DirectorConfig(tournament=name, preset=preset, rules=rules, overrides=overrides,
                          key=_key(values, sources, given) if need_key else b"",
                          host=host, port=port, db=Path(db), password_file=Path(password_file),
                          limits=limits, announce=announce, tables=tables, lexicon=lexicon,
                          lexicon_fingerprint=fingerprint.lower(), rated=rated, draw=draw,
                          prizes=prizes, prizes_source=prizes_from, rating_system=rating_system,
                          ratings_list=Path(ratings_list) if ratings_list else None,
                          event_file=Path(event_file) if event_file else None,
                          division_tables=division_tables)


def _beside(values: dict, sources: dict, path: str | Path | None) -> dict:
    """The paths the config file gave (``PATHS``), made relative to its folder: the service
    finds them wherever it runs (an absolute path stays as it is). Returns each as written."""
    given = {}
    for key in PATHS:
        value = values[key]
        if path is not None and sources[key] == str(path) and isinstance(value, (str, Path)) and str(value):
            given[key], values[key] = value, str(Path(path).parent / value)
    return given


def _division_tables(values: dict, sources: dict, venue: tuple[str, ...]) -> dict:
    """Each ``[divisions.NAME]``'s own tables, checked: known keys, tables as
    ``tournament.tables`` takes them, the venue's when it is given, no table two divisions'."""
    found: dict[str, tuple[str, ...]] = {}
    owner: dict[str, str] = {}
    for key in [k for k in values if k.startswith("divisions.")]:
        division, table, source = key[len("divisions."):], values.pop(key), sources.pop(key)
        if not DIVISION_NAME.fullmatch(division):
            raise ConfigError(source, key, "[divisions.DIVISION] with a division's name (one word "
                              "of letters, digits, '.', '-' or '_')", division)
        for name, value in table.items():
            if name not in DIVISION_KEYS:
                raise unknown_key(source, f"{key}.{name}", [f"{key}.{k}" for k in DIVISION_KEYS])
        text = table.get("tables", "")
        tables = expected_tables(text) if isinstance(text, str) else None
        if not tables:
            raise ConfigError(source, f"{key}.tables", DIVISION_KEYS["tables"], text)
        outside = [t for t in tables if venue and t not in venue]
        if outside:
            raise ConfigError(source, f"{key}.tables", "the venue's tables (tournament.tables)",
                              detail=f"got table {outside[0]}, which is not one of them")
        for t in tables:
            if t in owner:
                raise ConfigError(source, f"{key}.tables", "tables no other division has",
                                  detail=f"got table {t}, which is division {owner[t]}'s too")
            owner[t] = division
        found[division] = tables
    return found


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
                raise unknown_key(source, f"{key}.{name}", [f"{key}.{k}" for k in checks])
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


def _prize_ok(name: str, value: Any) -> bool:
    default = PRIZES[name][0]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return type(value) is int and (1 if name == "band_places" else 0) <= value <= MAX_PLACES
    return isinstance(value, list) and len(value) <= MAX_PLACES and all(
        isinstance(v, str) and _band(v) for v in value) and len(set(map(_band, value))) == len(value)


def _band(text: str) -> tuple | None:
    """A rating band's (low, high) (None: no top), or None if ``text`` is none."""
    match = RATING_BAND.fullmatch(text.strip())
    if match is None or (match[2] and int(match[2]) < int(match[1])):
        return None
    return (int(match[1]), None if match[3] else int(match[2]))


def _prizes(values: dict, sources: dict) -> dict:
    """The prize table's keys given (``""``: ``[prizes]``'s; NAME: ``[prizes.NAME]``'s, a
    division's own over them), each checked; the defaults are director.event.prizes.settings'.
    Whether a division named is the event's, and a band holds a player, is known only with the
    event (director.event.prizes refuses it then, naming the key)."""
    given = {name: values[f"prizes.{name}"] for name in PRIZES
             if sources[f"prizes.{name}"] != "default"}
    for name, value in given.items():
        if not _prize_ok(name, value):
            raise ConfigError(sources[f"prizes.{name}"], f"prizes.{name}", PRIZES[name][1], value)
    out = {"": given}
    for key in [k for k in values if k.startswith("prizes.") and k not in KEYS]:
        division, table, source = key[len("prizes."):], values.pop(key), sources.pop(key)
        if not DIVISION_NAME.fullmatch(division):
            raise ConfigError(source, key, "[prizes.DIVISION] with a division's name (one word of "
                              "letters, digits, '.', '-' or '_')", division)
        for name, value in table.items():
            if name not in PRIZES:
                raise ConfigError(source, f"{key}.{name}", "one of " + ", ".join(PRIZES),
                                  detail="got an unknown key")
            if not _prize_ok(name, value):
                raise ConfigError(source, f"{key}.{name}", PRIZES[name][1], value)
        out[division] = dict(table)
    return out


def _prizes_source(sources: dict) -> str:
    return next((s for k, s in sources.items() if k.startswith("prizes.") and s != "default"),
                "default")


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
