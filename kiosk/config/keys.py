"""The kiosk's config file (TOML): one schema that validates it, renders the example and the docs.

Every key has a default, a help text and its allowed values here, and nowhere else:
``load(path)`` checks a file against it (unknown keys and bad values are refused with the file,
the key and what was expected), ``render()`` writes config/kiosk.example.toml, ``keys_table()``
the reference's table of keys (docs/reference.md). ``python -m kiosk run --config FILE`` reads a file; its command-line
options override the file (``load(path, options)``). ``kiosk_config`` turns the checked values
into the app's ``KioskConfig``.

The kinds of value (text, pin, seconds ...) are in kiosk/config/kinds.py; the keys of the link to
the director (url or serial line) in kiosk/config/director.py, those of the optional hardware in
kiosk/config/hardware.py. A rule preset's overrides (``[rules.challenge]`` ...) are checked by
common.game.rules against the preset; the official lexicon fingerprints by common.game.lexicon_check.
"""
from __future__ import annotations

import json
import re
import textwrap
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Collection, Mapping

from kiosk.config import director as config_director, enrolled as config_enrollment
from kiosk.config import hardware as config_hardware
from common.game.frozen import value
from common.game.rules import SECTIONS, Rules, RulesError, apply_overrides
from kiosk.config.kinds import (Choice, ConfigError, ExistingFile, Fingerprints, Int, Kind, Names,
                                Number, OffOr, Overrides, Preset, Size, Text, Wire)
from common.presets import load_preset, preset_names
from kiosk.ui.widgets.base import UiSettings

DEFAULT_STORE = "var/kiosk.sqlite"


# --- the schema ------------------------------------------------------------------------------

@value
class Key:
    name: str                   # dotted: "hardware.pins.left"
    default: Any
    help: str
    kind: Kind
    example: str = ""           # for keys whose default is empty: what a value looks like

    @property
    def expected(self) -> str:
        return self.kind.expected


PIN = Int("a BCM pin number 2-27", 2, 27)
SECONDS = "seconds: a number from {lo:g} to {hi:g}"


def _seconds(lo: float, hi: float) -> Number:
    return Number(SECONDS.format(lo=lo, hi=hi), lo, hi)


#: The screen timings of kiosk.ui.widgets.base.UiSettings: help and allowed values (a test checks that
#: every one of its fields is here).
_UI_HELP = {
    "verdict_s": ("how long the verdict fills the screen", _seconds(1, 120)),
    "verdict_ignore_s": ("presses this soon after the verdict appears are ignored", _seconds(0, 5)),
    "choice_timeout_s": ("how long the questions after a centre press (what for? why?) stay open; "
                         "unanswered, the stop stands with no stated reason", _seconds(1, 120)),
    "message_s": ("how long a refusal stays on the bottom line", _seconds(1, 60)),
    "big_times_s": ("how long the times fill the screen when asked for (TIMES, F5; spoken times without speech)",
                    _seconds(1, 60)),
    "failsafe_ignore_s": ("presses this soon after a failure do not restart the screens",
                          _seconds(0, 10)),
    "long_press_s": ("holding the centre button this long (GPIO buttons) asks for the director's "
                     "PIN; with the keyboard, F10 does", _seconds(1, 10)),
    "speak_hold_s": ("spoken times (ABSP Appendix 1): holding a player's own button this long "
                     "(GPIO buttons) says both times aloud with espeak-ng and is no clock press; "
                     "0 = off. With it on, a player's press acts when the button comes up, at the "
                     "moment it went down", OffOr("0 (off) or seconds from 1 to 10", 1, 10)),
}

SCHEMA: tuple[Key, ...] = (
    Key("kiosk.table", "1", "the table's number or name, shown on the screen and sent with results",
        Text("a table number or name of 1 to 20 characters", 1, 20)),
    Key("kiosk.tournament", "", "the tournament's name, carried by every result document",
        Wire("single-line printable text of at most 100 characters", "Tournament")),
    Key("kiosk.round", 1, "the round this table plays (with a director link, the director's assignment sets it)",
        Int("a round number 1-999", 1, 999)),
    Key("kiosk.players", ["Player 1", "Player 2"], "the two players' names, the left player first",
        Names("a list of two names of 1 to 40 characters, left player first")),
    Key("kiosk.enrollment", config_enrollment.DEFAULT_ENROLLMENT,
        "the table's enrollment, on the writable data partition (relative to the working "
        "directory, the service's /var/lib/tablekeeper): written when the table is enrolled by "
        "its code or from a USB stick, it gives kiosk.table and tournament, the rules, the "
        "director's url or serial line, the table's key and its director's PIN hash in place "
        "of this file's; no file: the table is not enrolled", Text("a file path", 1, 4096)),
    Key("kiosk.new_game_after_s", 0,
        "seconds the locked result stays on screen before a new game with the same settings opens "
        "on the setup screen; 0 = until the kiosk restarts",
        Int("seconds: a whole number from 0 to 86400", 0, 86400)),
    Key("rules.preset", "aspa", "the rule book: a preset's name or the path of a preset file",
        Preset("one of " + ", ".join(repr(n) for n in preset_names()) + ", or a preset file's path")),
    *(Key(f"rules.{section}", {},
          f"overrides of the preset's {section}.* settings (docs/reference.md's presets table lists them)",
          Overrides(f"a table of {section} settings"),
          example={"clock": "time_per_side_s = 1320", "hold": "draw_after_s = 30",
                   "challenge": "outcome_valid = \"points_per_challenge\"\npoints = 10",
                   "zero_run": "turns = 4", "end": "accept_window_s = 10",
                   "late": "forfeit_after_s = 900", "result": "spread_caps = [200]"}[section])
      for section in SECTIONS),
    Key("lexicon.file", "",
        "the word list or compiled .lex file the table judges with; empty = the ENABLE list "
        "bundled with the kiosk (public domain; not an official tournament lexicon)", ExistingFile("an existing file (a word list or .lex), or \"\""),
        example='"/var/lib/tablekeeper/lexicons/CSW21.lex"'),
    Key("lexicon.official", {},
        "the official lexicons' fingerprints by name: the judge then shows whether its lexicon "
        "is the official list", Fingerprints("a table of NAME = \"64 hex digits\""),
        example='{ CSW21 = "<the 64 hex digits of python -m kiosk lexicon info>" }'),
    Key("hardware.buttons", "gpio",
        "how the three buttons are read: gpio (lgpio on a Raspberry Pi; missing GPIO is an "
        "error) or sim (the keyboard); the --sim option forces sim", Choice("'gpio' or 'sim'", ("gpio", "sim"))),
    Key("hardware.pins.left", 17, "BCM pin of the left player's button (wired to ground)", PIN),
    Key("hardware.pins.right", 27, "BCM pin of the right player's button", PIN),
    Key("hardware.pins.centre", 22, "BCM pin of the centre (neutral) button", PIN),
    *(Key(*row) for row in config_hardware.KEYS),
    Key("display.size", "1280x720", "window size when not fullscreen, WIDTHxHEIGHT",
        Size("WIDTHxHEIGHT from 320x240 to 7680x4320")),
    Key("display.fullscreen", "auto",
        "fill the screen: true, false, or auto (fullscreen with GPIO buttons, a window in sim)",
        Choice("true, false or 'auto'", (True, False, "auto"))),
    Key("display.orientation", "side",
        "side: the screen stands at the side of the board, both halves read the same way (a "
        "screen taller than wide, such as the Touch Display 2 standing, stacks them, the left "
        "player's on top: found from the panel's size); flat: it lies between the players, each "
        "half turned to face its player (a landscape screen)",
        Choice("'side' or 'flat'", ("side", "flat"))),
    Key("display.keypad", True,
        "show the on-screen keyboard wherever something is typed (a turn, a blank's letter, the "
        "tiles left, the challenged words, the director's PIN and menu), on the half of the "
        "player typing, and the touch controls (HOLD, FIX SCORE, TIMES, a stop's reasons) where a "
        "player may use them; a tap there types like the keyboard",
        Choice("true or false", (True, False))),
    *(Key(f"ui.{f.name}", f.default, *_UI_HELP[f.name])
      for f in fields(UiSettings) if f.name in _UI_HELP),
    Key("store.path", DEFAULT_STORE,
        "the SQLite file of the game journal and the outbox, relative to the working directory "
        "(the service's is /var/lib/tablekeeper); the default's folder var/ is created, any "
        "other folder must exist", Text("a file path", 1, 4096)),
    Key("store.checkpoint_s", 0.5,
        "while a clock runs, how often its time is saved: a power cut loses at most this much",
        _seconds(0.1, 1)),
    Key("store.ballast_kb", 4096,
        "room kept in reserve for the journal: a file of this many KB beside the store "
        "(store.path + \".ballast\"), deleted when the disk is full so that the game can finish "
        "(the top line then says \"storage full — call the director\"); 0 = none",
        Int("a whole number of KB from 0 to 65536", 0, 65536)),
    *(Key(*row) for row in config_director.KEYS),
)
KEYS = {key.name: key for key in SCHEMA}
_TITLES = {
    "kiosk": "The table and its game (with a director link, the director's assignment sets them).",
    "rules": "The rule book and the tournament's changes to it.",
    "lexicon": "The word judge's lexicon.",
    "hardware": "The three arcade buttons.",
    "display": "The screen.",
    "ui": "Screen timings.",
    "store": "The journal (every game event) and the outbox (results for the director).",
    "director": "The link to the director (a url or a serial line), the table's own key and the "
                "director's PIN (its hash).",
    **config_hardware.TITLES,
}


def defaults() -> dict[str, Any]:
    return {key.name: json.loads(json.dumps(key.default)) for key in SCHEMA}


# --- reading and checking ----------------------------------------------------------------------

@value
class Settings:
    """Checked values for every key (defaults filled in), and what they give: the rules
    (preset plus overrides) and the table's key (None: none given)."""
    values: dict[str, Any]
    rules: Rules = field(repr=False)
    key: bytes | None = field(repr=False)
    enrolled: str | None = None         # the enrollment file read, if the table is enrolled

    def __getitem__(self, name: str) -> Any:
        return self.values[name]


def read(path: str | Path) -> dict[str, Any]:
    """The file's values for every key (unknown keys and bad values refused), before the
    checks across keys (``finish``)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "", "valid TOML", detail=str(exc)) from None
    except OSError as exc:
        raise ConfigError(source, "", "a readable file", detail=exc.strerror or str(exc)) from None
    values = defaults()
    _walk(source, data, "", values)
    return values


def _walk(source: str, data: Mapping, prefix: str, values: dict) -> None:
    children = {k.name[len(prefix):].split(".")[0] for k in SCHEMA if k.name.startswith(prefix)}
    for name, value in data.items():
        dotted = prefix + name
        if dotted in config_director.RETIRED:
            instead, why = config_director.RETIRED[dotted]
            raise ConfigError(source, dotted, instead, detail=why)
        if name not in children:
            where = f"[{prefix[:-1]}]" if prefix else "the file"
            raise ConfigError(source, dotted, f"one of the keys of {where}: " + ", ".join(sorted(children)),
                              detail="unknown key")
        if dotted in KEYS:
            values[dotted] = KEYS[dotted].kind.check(source, dotted, value)
        elif isinstance(value, dict):
            _walk(source, value, dotted + ".", values)
        else:
            raise ConfigError(source, dotted, f"a table ([{dotted}])", value)


def finish(values: dict[str, Any], source: str, given: Collection[str] = (), *,
           enrolled: str | None = None) -> Settings:
    """The checks across keys; the rules and the key they give. A pin clash that involves a
    key ``given`` on the command line names the command line rather than ``source``."""
    pins = {}
    for side in ("left", "right", "centre"):
        name = f"hardware.pins.{side}"
        if values[name] in pins:
            clash = {name, pins[values[name]]}
            raise ConfigError("command line" if clash & set(given) else source, name,
                              "a pin no other button uses",
                              detail=f"got {values[name]}, the pin of {pins[values[name]]}")
        pins[values[name]] = name
    config_hardware.check(values, source, given)
    config_director.check(values, source)
    try:
        rules = load_preset(values["rules.preset"])
    except RulesError as exc:
        raise ConfigError(source, "rules.preset", "a valid preset", detail=str(exc)) from None
    for section in SECTIONS:
        overrides = values[f"rules.{section}"]
        if overrides:
            rules = _overridden(rules, section, overrides, source)
    key = config_director.table_key(values, source)
    config_director.check_pin(values, source)       # last: a file otherwise fine needs only this
    return Settings(values=values, rules=rules, key=key, enrolled=enrolled)


def _overridden(rules: Rules, section: str, overrides: dict, source: str) -> Rules:
    try:
        return apply_overrides(rules, {section: overrides}, source)
    except RulesError as exc:                       # "<source>: <key>: expected ..." -> rules.<key>
        rest = str(exc)[len(f"{source}: {exc.key}: "):]
        raise ConfigError(source, f"rules.{exc.key}", exc.expected,
                          detail=rest.split("; ", 1)[1] if "; " in rest else rest) from None


def load(path: str | Path | None = None, options: Mapping[str, Any] | None = None) -> Settings:
    """The settings from ``path`` (or the defaults), with command-line ``options`` (schema key
    -> value, None for not given) on top, all checked."""
    values = read(path) if path is not None else defaults()
    given = {name: value for name, value in (options or {}).items() if value is not None}
    if "kiosk.enrollment" in given:
        values["kiosk.enrollment"] = KEYS["kiosk.enrollment"].kind.check(
            "command line", "kiosk.enrollment", given["kiosk.enrollment"])
    enrolled = config_enrollment.overlay(values, lambda where, name, value:
                                         KEYS[name].kind.check(where, name, value))
    for name, value in given.items():
        values[name] = KEYS[name].kind.check("command line", name, value)
    source = str(path) if path is not None else "command line" if given else "defaults"
    return finish(values, source, given, enrolled=enrolled)


# --- the example file and the reference's table---------------------------------------------------

def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def _toml_key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name, ensure_ascii=False)


def _table_of(key: Key) -> str:
    """The TOML table a key is written in: an override table is its own ([rules.clock])."""
    return key.name if isinstance(key.kind, Overrides) else key.name.rsplit(".", 1)[0]


def render(values: Mapping[str, Any] | None = None) -> str:
    """The config file for ``values`` (default: the defaults, i.e. the example file), each key
    with its help and allowed values. Reading it back gives the same values."""
    values = dict(defaults(), **(values or {}))
    lines = ["# tablekeeper kiosk config: python -m kiosk run --config FILE",
             "# Generated by kiosk/config/keys.py (python -m kiosk config): every key, what it is for,",
             "# what it may be and its default. Delete what you do not change; options on the",
             "# command line (--sim, --preset, ...) override the file."]
    titled = set()
    for table in dict.fromkeys(_table_of(key) for key in SCHEMA):     # in schema order
        keys = [k for k in SCHEMA if _table_of(k) == table]
        section = table.split(".")[0]
        if section not in titled:
            titled.add(section)
            lines += ["", f"# {_TITLES[section]}"]
        if isinstance(keys[0].kind, Overrides):
            key = keys[0]
            overrides = values[key.name]
            lines += _comment(key.help)
            if overrides:
                lines.append(f"[{table}]")
                lines += [f"{_toml_key(n)} = {toml_value(v)}" for n, v in overrides.items()]
            else:
                lines += [f"# [{table}]"] + [f"# {line}" for line in key.example.splitlines()]
            continue
        lines.append(f"[{table}]")
        for key in keys:
            lines += _comment(key.help) + _comment(f"allowed: {key.expected}")
            if key.example and values[key.name] == key.default:
                lines.append(f"# e.g. {key.name.rsplit('.', 1)[1]} = {key.example}")
            lines.append(f"{_toml_key(key.name.rsplit('.', 1)[1])} = {toml_value(values[key.name])}")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> list[str]:
    return textwrap.wrap(text, 98, initial_indent="# ", subsequent_indent="#   ")


def keys_table() -> str:
    """Every key as a Markdown table (docs/reference.md carries it verbatim)."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")
    rows = ["| key | default | allowed | what it is |", "|---|---|---|---|"]
    for key in SCHEMA:
        default = toml_value(key.default) if not isinstance(key.kind, Overrides) else "(none)"
        rows.append(f"| `{key.name}` | `{cell(default)}` | {cell(key.expected)} | {cell(key.help)} |")
    return "\n".join(rows)


EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "kiosk.example.toml"


# --- what the app runs with --------------------------------------------------------------------

def _size(text: str) -> tuple[int, int]:
    width, height = (int(n) for n in text.split("x"))
    return width, height


@dataclass
class KioskConfig:
    """What ``python -m kiosk run`` runs with: the checked settings, resolved. The defaults of
    the keys' fields are the schema's."""
    preset: str = KEYS["rules.preset"].default
    overrides: dict = field(default_factory=dict)   # {section: {setting: value}}
    lexicon: str | None = None          # None: kiosk.opening.DEFAULT_LEXICON (the bundled ENABLE list)
    official: dict = field(default_factory=dict)   # lexicon name -> SHA-256 of the official list
    table: str = KEYS["kiosk.table"].default
    tournament: str = KEYS["kiosk.tournament"].default
    round: int = KEYS["kiosk.round"].default
    names: tuple[str, str] = tuple(KEYS["kiosk.players"].default)
    sim: bool = False                   # keyboard as buttons; never chosen by itself
    pins: dict | None = None            # left/right/centre -> BCM pin (drivers.buttons.DEFAULT_PINS)
    size: tuple[int, int] = _size(KEYS["display.size"].default)
    fullscreen: bool = False
    orientation: str = KEYS["display.orientation"].default     # side or flat
    headless: bool = False
    screenshot_dir: str | None = None
    exit_after_s: float | None = None
    ui: UiSettings = field(default_factory=UiSettings)
    store: str = KEYS["store.path"].default         # the SQLite file (journal and outbox)
    checkpoint_s: float = KEYS["store.checkpoint_s"].default
    ballast_kb: int = KEYS["store.ballast_kb"].default      # room in reserve beside the store
    key: bytes | None = field(default=None, repr=False)   # the table's key; None: results wait unsigned
    enrollment: str = KEYS["kiosk.enrollment"].default   # where an enrollment is written and read
    enrolled: bool = False              # the table has an enrollment (its file was read)
    new_game_after_s: int = KEYS["kiosk.new_game_after_s"].default  # 0: until a restart
    director_pin_hash: str | None = KEYS["director.pin_hash"].default  # "": the default PIN (sim
                                        # only); None: none, the menu closed (on buttons)
    displays: dict = field(default_factory=dict)    # side -> drivers.displays.DisplaySpec
    leds: dict = field(default_factory=dict)        # status LED -> BCM pin (fitted ones only)
    director_url: str = KEYS["director.url"].default    # "": no link to the director
    director_poll_s: float = KEYS["director.poll_s"].default
    director_retry_max_s: float = KEYS["director.retry_max_s"].default
    director_serial: str = KEYS["director.serial"].default      # "": no serial link
    director_serial_address: int = 0    # the address the serial link answers to (checked)
    director_serial_baud: int = KEYS["director.serial_baud"].default
    director_serial_rs485: bool = KEYS["director.serial_rs485"].default
    judge_at_station: bool = KEYS["director.judge_at_station"].default  # challenges go to the station
    station: str = KEYS["director.station"].default     # "": not the judge station
    station_wait_s: float = KEYS["director.station_wait_s"].default   # the station's time limit


def kiosk_config(settings: Settings, *, headless: bool = False, screenshot_dir: str | None = None,
                 exit_after_s: float | None = None) -> KioskConfig:
    """The app's config from checked settings."""
    v = settings.values
    sim = v["hardware.buttons"] == "sim"
    return KioskConfig(
        preset=v["rules.preset"],
        overrides={s: dict(v[f"rules.{s}"]) for s in SECTIONS if v[f"rules.{s}"]},
        lexicon=v["lexicon.file"] or None, official=dict(v["lexicon.official"]),
        table=v["kiosk.table"], tournament=v["kiosk.tournament"], round=v["kiosk.round"],
        names=tuple(v["kiosk.players"]), sim=sim,
        pins={side: v[f"hardware.pins.{side}"] for side in ("left", "right", "centre")},
        size=_size(v["display.size"]),
        fullscreen=not sim if v["display.fullscreen"] == "auto" else v["display.fullscreen"],
        headless=headless, screenshot_dir=screenshot_dir, exit_after_s=exit_after_s,
        orientation=v["display.orientation"],
        ui=UiSettings(**{f.name: v[f"ui.{f.name}"] for f in fields(UiSettings) if f"ui.{f.name}" in v},
                      keypad=v["display.keypad"]),
        store=v["store.path"], checkpoint_s=v["store.checkpoint_s"], ballast_kb=v["store.ballast_kb"],
        key=settings.key, enrollment=v["kiosk.enrollment"], enrolled=settings.enrolled is not None,
        new_game_after_s=v["kiosk.new_game_after_s"], director_pin_hash=v["director.pin_hash"] or ("" if sim else None),
        displays=config_hardware.display_specs(v), leds=config_hardware.led_pins(v),
        director_url=v["director.url"], director_poll_s=v["director.poll_s"],
        director_retry_max_s=v["director.retry_max_s"], director_serial=v["director.serial"],
        director_serial_address=config_director.serial_address(v),
        director_serial_baud=v["director.serial_baud"], director_serial_rs485=v["director.serial_rs485"],
        judge_at_station=v["director.judge_at_station"], station=v["director.station"],
        station_wait_s=v["director.station_wait_s"])
