"""The table kiosk's composition root: config -> drivers, journal, screens; and the main loop.

One thread owns the game. Each pass of the loop (kiosk.ui.loop) drains the input queue (GPIO
buttons from their thread, keys from pygame), and the screens turn each input into a core
command stamped with the input's own time. ``Table.submit`` asks the core
(``decide(state, command, t_ns)``); a refused command shows its reason on screen and writes
nothing; accepted events go to the journal *before* the state advances. Every pass also sends
``Tick`` at ``time.monotonic_ns()`` so time-driven events (a forfeit on time, the round's end)
are recorded when they fall due, and the screen is redrawn only when its view changed.

The journal is anything with ``append(events)`` (kiosk.store's SQLite journal when wired);
until then ``MemoryJournal`` keeps the events in memory only.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Container, Protocol, Sequence

from drivers.buttons import Buttons, HardwareError, pin_factory
from kiosk.core.commands import Tick
from kiosk.core.errors import GameError
from kiosk.core.events import Event, to_json
from kiosk.core.game import decide
from kiosk.core.judge import Adjudication
from kiosk.core.lexicon_check import check_official
from kiosk.core.rules import RulesError
from kiosk.core.state import GameState, new_game, replay
from kiosk.presets import load_rules
from kiosk.ui.base import NS, UiSettings
from kiosk.ui.clockview import Info

REPO = Path(__file__).resolve().parent.parent
#: The lexicon used when none is named: the ENABLE list beside the repository, if present.
DEFAULT_LEXICON = REPO.parent / "shared" / "lexicons" / "enable2k.txt"


class Journal(Protocol):
    def append(self, events: Sequence[Event], *, adjudication: Adjudication | None = None) -> None:
        """Make ``events`` durable in one transaction (with the adjudication behind a ruling,
        whose per-word validity is for the director only), or raise: the state then stays as
        it was. kiosk.store's journal fits behind this with its game id bound and
        ``record_adjudication`` in the same transaction."""


class MemoryJournal:
    """Stand-in for kiosk.store's journal until it is wired in: the events' JSON and the
    adjudications, in memory only (lost when the kiosk stops)."""

    def __init__(self):
        self.lines: list[str] = []
        self.adjudications: list[Adjudication] = []

    def append(self, events: Sequence[Event], *, adjudication: Adjudication | None = None) -> None:
        self.lines.extend(to_json(event) for event in events)
        if adjudication is not None:
            self.adjudications.append(adjudication)


@dataclass
class KioskConfig:
    preset: str = "aspa"
    overrides: dict = field(default_factory=dict)
    lexicon: str | None = None          # None: DEFAULT_LEXICON if present, else no judge
    official: dict = field(default_factory=dict)   # lexicon name -> SHA-256 of the official list
    table: str = "1"
    round: int = 1
    names: tuple[str, str] = ("Player 1", "Player 2")
    sim: bool = False                   # keyboard as buttons; never chosen by itself
    pins: dict | None = None            # left/right/centre -> BCM pin (drivers.buttons.DEFAULT_PINS)
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    headless: bool = False
    screenshot_dir: str | None = None
    exit_after_s: float | None = None
    ui: UiSettings = field(default_factory=UiSettings)


class LexiconError(ValueError):
    """The lexicon named cannot be opened."""


def open_lexicon(path: str | Path | None, official: dict | None = None
                 ) -> tuple[Container[str] | None, str]:
    """(lexicon, label for the screen). Without a path: the default list if it exists."""
    explicit = path is not None
    path = Path(path) if explicit else DEFAULT_LEXICON
    if not path.exists():
        if explicit:
            raise LexiconError(f"lexicon {path}: no such file")
        return None, "no lexicon"
    from kiosk.lexicon import open_lexicon as open_file
    try:
        lexicon = open_file(path)
    except (OSError, ValueError) as exc:
        raise LexiconError(f"lexicon {path}: {exc}") from exc
    return lexicon, lexicon_label(lexicon, path, official)


def lexicon_label(lexicon, path: Path, official: dict | None = None) -> str:
    """The lexicon's name, and whether it is the official list when fingerprints are given."""
    if official:
        return check_official(lexicon, official).label
    return getattr(lexicon, "name", None) or path.name.split(".")[0]


class Table:
    """The game at this table: its state, its journal, and how a command gets in."""

    def __init__(self, state: GameState, journal: Journal, info: Info,
                 lexicon: Container[str] | None, settings: UiSettings):
        self.state, self.journal, self.info = state, journal, info
        self.lexicon, self.settings = lexicon, settings
        self._message: tuple[str, int] | None = None

    def submit(self, command, t_ns: int, *, adjudication: Adjudication | None = None) -> bool:
        # Inputs are handled in time order, but one drained late never goes back in time.
        t_ns = max(t_ns, self.state.last_ns or t_ns)
        try:
            events = decide(self.state, command, t_ns)
        except GameError as exc:
            self.say(str(exc), t_ns)
            return False
        self._commit(events, adjudication)
        self._message = None
        return True

    def tick(self, now_ns: int) -> None:
        if self.state.last_ns is not None and now_ns < self.state.last_ns:
            return
        self._commit(decide(self.state, Tick(), now_ns))

    def _commit(self, events: list[Event], adjudication: Adjudication | None = None) -> None:
        if events:
            self.journal.append(events, adjudication=adjudication)  # durable first ...
            self.state = replay(self.state, events)  # ... then the state (and screen) move on

    def say(self, message: str, t_ns: int) -> None:
        self._message = (message, t_ns)

    def message(self, now_ns: int) -> str:
        if self._message and now_ns - self._message[1] < self.settings.message_s * NS:
            return self._message[0]
        return ""


def build_table(config: KioskConfig, journal: Journal | None = None) -> Table:
    from drivers.keyboard import LEGEND
    rules = load_rules(config.preset, config.overrides or None)
    lexicon, label = open_lexicon(config.lexicon, config.official)
    state = new_game(rules, config.round, tuple(config.names))
    info = Info(table=str(config.table), lexicon=label, legend=LEGEND if config.sim else "")
    return Table(state, journal if journal is not None else MemoryJournal(), info, lexicon, config.ui)


def open_display(size: tuple[int, int], *, fullscreen: bool, headless: bool, caption: str):
    """The screen: a window in simulation, fullscreen on the kiosk (KMSDRM), or off-screen."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    pygame.display.init()
    pygame.font.init()
    if fullscreen and not headless:
        surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        surface = pygame.display.set_mode(size)
    pygame.display.set_caption(caption)
    return surface


class Kiosk:
    """One table kiosk, assembled: buttons (GPIO, or the keyboard in simulation), the game,
    the screens and the loop. ``factory`` is the GPIO pin factory (default: lgpio)."""

    def __init__(self, config: KioskConfig, surface, *, journal: Journal | None = None,
                 factory=None, clock: Callable[[], int] = time.monotonic_ns, table: Table | None = None):
        from drivers.keyboard import Keyboard
        from kiosk.ui.loop import Loop
        from kiosk.ui.machine import Machine

        self.config, self.inputs = config, queue.Queue()
        self.table = table if table is not None else build_table(config, journal)
        self.buttons = None
        if not config.sim:
            self.buttons = Buttons(self.inputs, factory if factory is not None else pin_factory("lgpio"),
                                   config.pins, clock=clock)
        self.keyboard = Keyboard(self.inputs, buttons_twin=config.sim)
        self.machine = Machine(self.table, clock())
        self.loop = Loop(self.machine, self.inputs, self.keyboard, surface, tick=self.table.tick,
                         clock=clock, screenshot_dir=config.screenshot_dir,
                         display=surface is not None and not config.headless)

    def close(self) -> None:
        if self.buttons is not None:
            self.buttons.close()


def run(config: KioskConfig) -> int:
    """``python -m kiosk run``: the table kiosk until its window is closed."""
    import pygame
    table = build_table(config)             # a bad preset or lexicon stops us before the screen
    kiosk = None
    try:
        surface = open_display(config.size, fullscreen=config.fullscreen, headless=config.headless,
                               caption=f"tablekeeper: table {config.table}")
        kiosk = Kiosk(config, surface, table=table)
        kiosk.loop.run(exit_after_s=config.exit_after_s)
    finally:
        if kiosk is not None:
            kiosk.close()
        pygame.quit()
    return 0


@dataclass
class StationConfig:
    lexicon: str | None = None
    official: dict = field(default_factory=dict)
    pin: str = "0000"
    max_words: int = 8
    log: str | None = None              # JSON lines, one per adjudication (never per word)
    buttons: bool = False               # also read the GPIO buttons (lgpio) as the verdict key
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = True
    headless: bool = False
    screenshot_dir: str | None = None
    exit_after_s: float | None = None
    ui: UiSettings = field(default_factory=UiSettings)


def append_log(path: str) -> Callable[[dict], None]:
    def record(entry: dict) -> None:
        entry = dict(entry, wall_time=time.time())
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, sort_keys=True) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
    return record


def station_lexicon(config: StationConfig) -> tuple[Container[str], str]:
    """The station's lexicon and label. Without one the station refuses to start."""
    lexicon, label = open_lexicon(config.lexicon, config.official)
    if lexicon is None:
        raise LexiconError(f"no lexicon: name one with --lexicon FILE (the default, {DEFAULT_LEXICON}, "
                           "is not there)")
    return lexicon, label


def build_station(config: StationConfig, surface, *, clock: Callable[[], int] = time.monotonic_ns,
                  factory=None, lexicon: tuple[Container[str], str] | None = None):
    """(station, loop, buttons) for ``python -m kiosk judge``."""
    from drivers.keyboard import Keyboard
    from kiosk.ui.loop import Loop
    from kiosk.ui.station import Station

    lexicon, label = lexicon or station_lexicon(config)
    inputs = queue.Queue()
    buttons = None
    if config.buttons:
        buttons = Buttons(inputs, factory if factory is not None else pin_factory("lgpio"))
    station = Station(lexicon, label, max_words=config.max_words, pin=config.pin, settings=config.ui,
                      record=append_log(config.log) if config.log else None)
    loop = Loop(station, inputs, Keyboard(inputs, buttons_twin=True), surface, clock=clock,
                screenshot_dir=config.screenshot_dir, display=surface is not None and not config.headless)
    return station, loop, buttons


def run_station(config: StationConfig) -> int:
    """``python -m kiosk judge``: the shared adjudication station until the PIN is given."""
    import pygame
    lexicon = station_lexicon(config)           # refuse before opening a screen
    buttons = None
    try:
        surface = open_display(config.size, fullscreen=config.fullscreen, headless=config.headless,
                               caption="tablekeeper: word judge")
        station, loop, buttons = build_station(config, surface, lexicon=lexicon)
        loop.run(exit_after_s=config.exit_after_s)
    finally:
        if buttons is not None:
            buttons.close()
        pygame.quit()
    return 0


__all__ = ["Journal", "MemoryJournal", "KioskConfig", "StationConfig", "Table", "Kiosk",
           "HardwareError", "LexiconError", "build_table", "open_lexicon", "run", "run_station"]


# --- the command line: ``python -m kiosk run`` and ``python -m kiosk judge`` --------------------

def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a screen size is WIDTHxHEIGHT such as 1280x720, not {text!r}")
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"a screen of at least 320x240, not {text!r}")
    return w, h


def _names(text: str) -> tuple[str, str]:
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 2 or not all(names):
        raise argparse.ArgumentTypeError(f"two names, left player first: 'Ann,Bob', not {text!r}")
    return names


def _pins(text: str) -> dict[str, int]:
    try:
        left, right, centre = (int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"three BCM pin numbers, left,right,centre such as 17,27,22, "
                                         f"not {text!r}")
    return {"left": left, "right": right, "centre": centre}


def _screen_options(parser, fullscreen_default: bool) -> None:
    parser.add_argument("--size", type=_size, default=(1280, 720), help="window size (default 1280x720)")
    parser.add_argument("--fullscreen", action=argparse.BooleanOptionalAction, default=fullscreen_default,
                        help="fill the screen (the kiosk's KMSDRM display)")
    parser.add_argument("--headless", action="store_true",
                        help="draw off-screen (SDL dummy video driver); with --screenshot-dir for tests")
    parser.add_argument("--screenshot-dir", help="save every redrawn screen as a PNG in this folder")
    parser.add_argument("--exit-after", type=float, metavar="SECONDS", help="stop after this long")


def _run_command(args) -> int:
    config = KioskConfig(preset=args.preset, lexicon=args.lexicon, table=args.table, round=args.round,
                         names=args.names, sim=args.sim, pins=args.pins, size=args.size,
                         fullscreen=args.fullscreen if args.fullscreen is not None else not args.sim,
                         headless=args.headless, screenshot_dir=args.screenshot_dir,
                         exit_after_s=args.exit_after)
    try:
        return run(config)
    except (HardwareError, LexiconError, RulesError) as exc:
        print(f"python -m kiosk run: {exc}", file=sys.stderr)
        return 2


def _judge_command(args) -> int:
    if not args.pin.isdigit():
        print(f"python -m kiosk judge: --pin is digits only, not {args.pin!r}", file=sys.stderr)
        return 2
    config = StationConfig(lexicon=args.lexicon, pin=args.pin, max_words=args.max_words, log=args.log,
                           buttons=args.buttons, size=args.size, fullscreen=args.fullscreen,
                           headless=args.headless, screenshot_dir=args.screenshot_dir,
                           exit_after_s=args.exit_after)
    try:
        return run_station(config)
    except (HardwareError, LexiconError) as exc:
        print(f"python -m kiosk judge: {exc}", file=sys.stderr)
        return 2


def add_parsers(sub) -> None:
    """Add ``run`` and ``judge`` to ``python -m kiosk``'s subcommands."""
    run_parser = sub.add_parser("run", help="run the table kiosk (clock, score sheet, word judge)")
    run_parser.add_argument("--sim", action="store_true",
                            help="simulate the three buttons with the keyboard (F1 / F6 / F12); "
                                 "without it the GPIO buttons must be there")
    run_parser.add_argument("--preset", default="aspa", help="rule preset (default aspa)")
    run_parser.add_argument("--lexicon", help=f"word list or compiled lexicon (default {DEFAULT_LEXICON.name} "
                                              "from ../shared/lexicons if present)")
    run_parser.add_argument("--table", default="1", help="table number shown on screen")
    run_parser.add_argument("--round", type=int, default=1, help="round number")
    run_parser.add_argument("--names", type=_names, default=("Player 1", "Player 2"),
                            help="the two players, left first: 'Ann,Bob'")
    run_parser.add_argument("--pins", type=_pins, help="BCM pins left,right,centre (default 17,27,22)")
    _screen_options(run_parser, fullscreen_default=None)
    run_parser.set_defaults(func=_run_command)

    judge = sub.add_parser("judge", help="run a shared adjudication station (judge mode only)")
    judge.add_argument("--lexicon", help=f"word list or compiled lexicon (default {DEFAULT_LEXICON.name} "
                                         "from ../shared/lexicons if present)")
    judge.add_argument("--pin", default="0000", help="digits that leave the station (default 0000)")
    judge.add_argument("--max-words", type=int, default=8, help="most words in one challenge (default 8)")
    judge.add_argument("--log", help="append each verdict (table, words, verdict, lexicon) to this JSON-lines file")
    judge.add_argument("--buttons", action="store_true", help="also take the GPIO buttons as the verdict key")
    _screen_options(judge, fullscreen_default=True)
    judge.set_defaults(func=_judge_command)
