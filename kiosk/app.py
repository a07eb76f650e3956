"""The table kiosk's composition root: config -> drivers, store, screens; and the main loop.

One thread owns the game. Each pass of the loop (kiosk.ui.loop) drains the input queue (GPIO
buttons from their thread, keys from pygame), and the screens turn each input into a core
command stamped with the input's own time. ``Table.submit`` asks the core
(``decide(state, command, t_ns)``); a refused command shows its reason on screen and writes
nothing; accepted events go to the journal *before* the state advances. Every pass also sends
``Tick`` at ``time.monotonic_ns()`` so time-driven events (a forfeit on time, the round's end)
are recorded when they fall due, lets the journal checkpoint a running clock, and the screen is
redrawn only when its view changed.

The journal is the SQLite store (kiosk/session.py: the current game recovered after a crash or
a new one, checkpoints, the signed result into the outbox). The config file and the command
line are kiosk/config/keys.py and kiosk/cli.py.
"""
from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Container

from drivers.buttons import Buttons, HardwareError, pin_factory
from kiosk.config import DEFAULT_STORE, KioskConfig
from common.game.commands import Start, Tick
from common.game.errors import GameError
from common.game.events import Event
from common.game.game import decide
from common.game.judge import Adjudication
from common.game.state import GameState, replay
from common.game.vocabulary import MenuUse, Phase
from kiosk.display_error import DisplayError, display_error
from kiosk.hardware.player_displays import PlayerOutputs, SentWatch, open_outputs
from kiosk.lexicon import BUNDLED_LEXICON, Lexicon, LexiconError, status_of
from common.presets import load_rules
from kiosk.session import GameSetup, Session
from kiosk.store import StorageFull
from kiosk.ui.widgets.base import NS, BottomLine, StationVerdict, UiSettings
from kiosk.ui.clock import view as clockview
from kiosk.ui.widgets.words import Info

log = logging.getLogger(__name__)

#: The lexicon used when none is named: the public-domain ENABLE list shipped with the kiosk.
DEFAULT_LEXICON = BUNDLED_LEXICON
#: The top line's alert once the store's file system was found full (kiosk.store.ballast).
STORAGE_FULL = "storage full — call the director"
#: The top line's word on a table with no enrollment and no key (it keeps its results).
NOT_ENROLLED = "not enrolled: results kept here"


def open_lexicon(path: str | Path | None, official: dict | None = None, preset: str = ""
                 ) -> tuple[Container[str] | None, str]:
    """(lexicon, label for the screen: its name, and whether it is the official list of the
    ``preset``'s book, common.game.lexicon_check). Without a path: the default list if it exists."""
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
    return lexicon, status_of(lexicon, official, preset).label


class Table(BottomLine):
    """The game at this table: its state, its store (``session``: the journal), and how a
    command gets in. ``notice`` (what a recovery says) shows, when nothing else is said, until
    the next accepted command."""

    def __init__(self, state: GameState, session: Session, info: Info,
                 lexicon: Container[str] | None, settings: UiSettings, *, notice: str | None = None,
                 outputs: PlayerOutputs | None = None, new_game_after_s: int = 0):
        self.state, self.session, self.info = state, session, info
        self.lexicon, self.settings, self.notice = lexicon, settings, notice
        self.outputs = outputs          # the players' displays and LEDs (the self-test lights them)
        self.start_refusal = ""         # why the game may not start (the director's word list), if so
        self.new_game_after_s = new_game_after_s    # kiosk.new_game_after_s (the director's menu says it)
        self.selftest = last_selftest(session)      # the last hardware self-test, for the director
        self.judge_at_station = False   # director.judge_at_station (the link sets it: kiosk.link.station_wait)
        self.station_line = ""
        self.station_verdict: StationVerdict | None = None
        self.station_request: tuple[tuple[str, ...], int] | None = None    # words to send, when

    def to_station(self, words: tuple[str, ...], t_ns: int) -> None:
        self.station_request = (tuple(words), t_ns)

    def submit(self, command, t_ns: int, *, adjudication: Adjudication | None = None) -> bool:
        # Inputs are handled in time order, but one drained late never goes back in time.
        t_ns = max(t_ns, self.state.last_ns or t_ns)
        if isinstance(command, Start) and self.start_refusal:
            self.say(self.start_refusal, t_ns)      # a rated round on another word list
            return False
        try:
            events = decide(self.state, command, t_ns)
        except GameError as exc:
            self.say(str(exc), t_ns)
            return False
        try:
            self._commit(events, adjudication)
        except StorageFull:
            self.say(f"{STORAGE_FULL}: not recorded", t_ns)
            return False
        self._message = self.notice = None
        return True

    def menu_used(self, use: MenuUse, detail: str, t_ns: int) -> None:
        self.session.record_menu_use(use, detail, max(t_ns, self.state.last_ns or t_ns))
        if use == MenuUse.SELFTEST:
            self.selftest = f"{detail} ({time.strftime('%H:%M %d %b')})"

    def tick(self, now_ns: int) -> None:
        if self.state.last_ns is not None and now_ns < self.state.last_ns:
            return
        try:
            self._commit(decide(self.state, Tick(), now_ns))
        except StorageFull:
            pass                        # what fell due is decided again on the next pass
        self.session.checkpoint(self.state, now_ns)
        self._show_storage()

    def _commit(self, events: list[Event], adjudication: Adjudication | None = None) -> None:
        """Journal ``events`` in one transaction (with the adjudication behind a ruling), then
        apply them; if the journal raises, the state stays as it was."""
        if events:
            try:
                self.session.append(events, adjudication=adjudication)  # durable first ...
            finally:
                self._show_storage()
            self.state = replay(self.state, events)  # ... then the state (and screen) move on

    def _show_storage(self) -> None:
        """Once the store's file system was found full, the top line says so (every screen)."""
        if self.session.storage_full and self.info.alert != STORAGE_FULL:
            self.info = replace(self.info, alert=STORAGE_FULL)

    def restart(self, state: GameState) -> None:
        """Play ``state`` (a new game) from now on."""
        self.state, self._message, self.notice = state, None, None

    def message(self, now_ns: int) -> str:
        return super().message(now_ns) or self.notice or ""

    def close(self) -> None:
        self.session.close()


def last_selftest(session: Session) -> str:
    """The last hardware self-test's outcome and when, as the store keeps it ("" never run)."""
    row = session.journal.conn.execute(
        "SELECT detail, wall FROM director_menu WHERE use = ? ORDER BY id DESC LIMIT 1",
        [str(MenuUse.SELFTEST)]).fetchone()
    if row is None:
        return ""
    return f"{row[0]} ({time.strftime('%H:%M %d %b', time.localtime(row[1]))})" if row[1] else row[0]


def open_session(config: KioskConfig, setup: GameSetup, lexicon, *, boot_id: str | None = None) -> Session:
    """The store named by the config; the default's folder (var/) is made if need be."""
    path = Path(config.store)
    if config.store == DEFAULT_STORE:
        path.parent.mkdir(parents=True, exist_ok=True)
    return Session.open(path, setup, boot_id=boot_id, lexicon=lexicon, key=config.key,
                        checkpoint_s=config.checkpoint_s, ballast_kb=config.ballast_kb)


def build_table(config: KioskConfig, *, clock: Callable[[], int] = time.monotonic_ns,
                boot_id: str | None = None, lexicon: tuple | None = None,
                outputs: PlayerOutputs | None = None) -> Table:
    """The table's game on the store: the current one recovered, or a new one. ``lexicon`` is
    (lexicon, label) if already opened; ``outputs`` the players' displays and LEDs, if fitted."""
    from drivers.keyboard import LEGEND
    rules = load_rules(config.preset, config.overrides or None)
    lexicon, label = lexicon or open_lexicon(config.lexicon, config.official, config.preset)
    legend = LEGEND if config.sim and config.ui.keyboard else ""    # the keys are the buttons' twins
    setup = GameSetup(rules, config.round, tuple(config.names), str(config.table), config.tournament)
    session = open_session(config, setup, lexicon, boot_id=boot_id)
    try:
        started = session.start(clock())
    except BaseException:
        session.close()
        raise
    return Table(started.state, session, Info(table=started.table, lexicon=label, legend=legend),
                 lexicon, config.ui, notice=started.message, outputs=outputs,
                 new_game_after_s=config.new_game_after_s)


def open_display(size: tuple[int, int], *, fullscreen: bool, headless: bool, caption: str):
    """The screen: a window in simulation, fullscreen on the kiosk (KMSDRM), or off-screen;
    ``DisplayError`` saying what to check when there is none."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    try:
        pygame.display.init()
        if fullscreen and not headless:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surface = pygame.display.set_mode(size)
    except pygame.error as exc:     # no screen for SDL's driver: what to check (exit 2, cli.py)
        raise display_error(exc, os.environ.get("SDL_VIDEODRIVER")) from exc
    pygame.font.init()
    if fullscreen and not headless:
        pygame.mouse.set_visible(False)
    pygame.display.set_caption(caption)
    return surface


def open_link(config: KioskConfig, table: Table, now_ns: int, *, clock: Callable[[], int]):
    """The director link (kiosk.link.table_link, over HTTP or a serial line) if the config names
    one, else None; its code (urllib, ssl, pyserial...) is loaded only then, not before a
    table's first frame."""
    if not (config.director_url or config.director_serial):
        return None
    from kiosk.link.table_link import TableLink
    return TableLink.open(config, table, now_ns, clock=clock)


class Kiosk:
    """One table kiosk, assembled: buttons (GPIO, or the keyboard in simulation), the game on
    its store, the screens and the loop, and with ``director.url`` the link to the director
    (kiosk.link.table_link: its own thread; the loop only hands it the game and reads a snapshot).
    ``factory`` is the GPIO pin factory (default: lgpio). The buttons are opened before the
    store: a kiosk without its hardware touches no game. ``taps_only``: the loop refuses any
    input but a tap (the demo's --touch-only)."""

    def __init__(self, config: KioskConfig, surface, *, factory=None,
                 clock: Callable[[], int] = time.monotonic_ns, lexicon: tuple | None = None,
                 boot_id: str | None = None, taps_only: bool = False):
        from drivers.keyboard import Keyboard
        from kiosk.ui.loop import InputQueue, Loop
        from kiosk.ui.machine import Machine
        from kiosk.ui.clock.flat import orientation_for
        from kiosk.ui.touch import Touch

        # a keyboard at the table: in simulation (the keys are the buttons' twins) unless only
        # taps are taken, or without the on-screen keypad (then typing needs one)
        keyboard = (config.sim and not taps_only) or not config.ui.keypad
        config = replace(config, ui=replace(config.ui, keyboard=keyboard))
        self.config, self.inputs = config, InputQueue()
        self.buttons = self.outputs = self.table = self.link = None
        if not config.sim:
            factory = factory if factory is not None else pin_factory("lgpio")
            self.buttons = Buttons(self.inputs, factory, config.pins, clock=clock)
        try:
            self.outputs = open_outputs(config.displays, config.leds, factory)  # player displays, LEDs
            self.table = build_table(config, clock=clock, boot_id=boot_id, lexicon=lexicon,
                                     outputs=self.outputs)
            self.sent = SentWatch(self.table.session.result_sent)   # this game's result acknowledged
            self.link = open_link(config, self.table, clock(), clock=clock)
            if not (config.enrolled or config.key or config.director_url or config.director_serial
                    or config.sim):
                self.table.info = replace(self.table.info, link=NOT_ENROLLED)
        except BaseException:
            self.close()
            raise
        self.keyboard = Keyboard(self.inputs, buttons_twin=config.sim)
        orientation = orientation_for(config.orientation, surface.get_size())
        if orientation != config.orientation:
            log.warning("display.orientation = flat needs a landscape screen: this %dx%d one stacks "
                        "the halves side up", *surface.get_size())
        from kiosk.link.enroll_worker import EnrollWorker
        self.machine = Machine(self.table, clock(), director_pin_hash=config.director_pin_hash,
                               orientation=orientation, enroller=EnrollWorker(config.enrollment),
                               enrolled=config.enrolled or config.key is not None,
                               enroll_first=config.director_pin_hash is None and not (
                                   config.enrolled or config.key),     # fresh: no PIN, no key
                               director_url=config.director_url)
        from kiosk.store.menu_uses import recent_menu_uses
        self.machine.door.resume(recent_menu_uses(self.session.journal), time.time(), clock())
        self.loop = Loop(self.machine, self.inputs, self.keyboard, surface, tick=self.tick,
                         due=self.due, clock=clock, screenshot_dir=config.screenshot_dir,
                         display=surface is not None and not config.headless,
                         touch=Touch(self.inputs, sim=config.sim, orientation=orientation),
                         taps_only=taps_only)

    @property
    def session(self) -> Session:
        return self.table.session

    def tick(self, now_ns: int) -> None:
        """Every pass: time-driven events and checkpoints; a new game once a locked result
        (or a voided game) has been shown ``new_game_after_s`` (if set)."""
        self.table.tick(now_ns)
        self.outputs.push(self.table.state, now_ns, sent=self.sent(self.table.state, now_ns))
        if self.link is not None:
            self.link.tick(now_ns)
        state, after = self.table.state, self.config.new_game_after_s
        if after and state.phase in (Phase.CONFIRMED, Phase.VOID) and now_ns - state.last_ns >= after * NS:
            self.table.restart(self.session.new_game().state)

    def due(self, now_ns: int) -> int | None:
        """When the loop must pass next for the game: the running clock's next face (the
        screen's and the players' displays'), the hold timer's next second, the next
        checkpoint; what else changes with time the loop's heartbeat serves."""
        state = self.table.state
        return min((t for t in (clockview.next_change(state, now_ns),
                                self.session.checkpoint_due(state)) if t is not None), default=None)

    def close(self) -> None:
        """Release the buttons and the store. (A crash skips this; the journal needs nothing.)"""
        if self.link is not None:
            self.link.close()
            self.link = None
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        if self.outputs is not None:
            self.outputs.close()
            self.outputs = None
        if self.table is not None:
            self.table.close()
        self.inputs.close()


#: What ``run`` returns when the table was enrolled: the kiosk starts again with its enrollment.
RESTART = 3


def run(config: KioskConfig, *, taps_only: bool = False) -> int:
    """``python -m kiosk run``: the table kiosk until its window is closed (``taps_only``: the
    demo's --touch-only, kiosk.ui.touch.NotATap for any key); ``RESTART`` once the table has
    been enrolled on its ENROLL screen (kiosk/cli.py then starts it again)."""
    import pygame

    from kiosk.service import ServiceNotifier
    load_rules(config.preset, config.overrides or None)     # a bad preset or lexicon stops us
    lexicon = open_lexicon(config.lexicon, config.official, config.preset)  # before the screen opens
    kiosk, service = None, ServiceNotifier()                 # systemd's Type=notify, if there
    try:
        surface = open_display(config.size, fullscreen=config.fullscreen, headless=config.headless,
                               caption=f"tablekeeper: table {config.table}")
        kiosk = Kiosk(config, surface, lexicon=lexicon, taps_only=taps_only)
        quiet_fps = 30 if config.sim else 10        # in simulation, keys and taps are the buttons
        kiosk.loop.run(exit_after_s=config.exit_after_s, service=service, idle_fps=quiet_fps)
        restart = kiosk.machine.restart
    finally:
        if kiosk is None or not kiosk.machine.restart:
            service.stopping()
        if kiosk is not None:
            kiosk.close()
        pygame.quit()
    return RESTART if restart else 0


@dataclass
class StationConfig:
    lexicon: str | None = None
    official: dict = field(default_factory=dict)
    preset: str = ""                    # the rule book whose official word list the label names, if any
    pin_hash: str = ""                  # the PIN that leaves the station, hashed (kiosk.pin): no default
    max_words: int = 8
    store: str = "var/station.sqlite"   # every adjudication, per-word validity for the director
    log: str | None = None              # also JSON lines, one per adjudication (never per word)
    buttons: bool = False               # also read the GPIO buttons (lgpio) as the verdict key
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = True
    headless: bool = False
    screenshot_dir: str | None = None
    exit_after_s: float | None = None
    ui: UiSettings = field(default_factory=UiSettings)
    director_url: str = ""              # linked to the director as judge station ``station``
    station: str = ""
    key: bytes | None = None            # the station's own key (python -m director enroll --station)
    tournament: str = ""


def station_recorder(journal, lexicon: Lexicon, label: str, log: str | None = None):
    """``record(adjudication, table, at_ns)`` for the station: each adjudication into the SQLite
    journal (kiosk.store.adjudications: per-word validity for the director's export only) and,
    if asked, a JSON line for people to read, which never says which word failed."""
    from kiosk.store.adjudications import record_adjudication

    def record(adjudication: Adjudication, table: str, at_ns: int) -> None:
        wall = time.time()
        record_adjudication(journal, adjudication, lexicon=label,
                            lexicon_fingerprint=lexicon.fingerprint or "unknown",
                            table=table, at_ns=at_ns, wall=wall)
        if log:
            entry = {"table": table, "words": list(adjudication.words), "valid": adjudication.valid,
                     "lexicon": label, "at_ns": at_ns, "wall_time": wall}
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(entry, sort_keys=True) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
    return record


def station_lexicon(config: StationConfig) -> tuple[Container[str], str]:
    """The station's lexicon and label. Without one the station refuses to start."""
    lexicon, label = open_lexicon(config.lexicon, config.official, config.preset)
    if lexicon is None:
        raise LexiconError(f"no lexicon: name one with --lexicon FILE (the default, {DEFAULT_LEXICON}, "
                           "is not there)")
    return lexicon, label


def build_station(config: StationConfig, surface, *, clock: Callable[[], int] = time.monotonic_ns,
                  factory=None, lexicon: tuple[Container[str], str] | None = None, journal=None,
                  link=None):
    """(station, loop, buttons) for ``python -m kiosk judge``: the loop runs the station
    behind the failsafe screen (kiosk.ui.judge.failsafe); every verdict is journaled in ``journal``
    (the SQLite file ``config.store`` when not given); ``link``: the director's
    (kiosk.link.station_link), for a linked station."""
    from drivers.keyboard import Keyboard
    from kiosk.ui.judge.failsafe import GuardedStation
    from kiosk.ui.loop import InputQueue, Loop
    from kiosk.ui.judge.station import Station
    from kiosk.ui.touch import station_touch

    lexicon, label = lexicon or station_lexicon(config)
    inputs = InputQueue()
    buttons = None
    if config.buttons:
        buttons = Buttons(inputs, factory if factory is not None else pin_factory("lgpio"), clock=clock)
    if journal is None:
        journal = open_station_journal(config.store)
    station = Station(lexicon, label, max_words=config.max_words, pin_hash=config.pin_hash,
                      settings=config.ui, record=station_recorder(journal, lexicon, label, config.log),
                      link=link, fingerprint=lexicon.fingerprint or "unknown")
    loop = Loop(GuardedStation(station), inputs, Keyboard(inputs, buttons_twin=True), surface,
                clock=clock, screenshot_dir=config.screenshot_dir,
                display=surface is not None and not config.headless, touch=station_touch(inputs))
    return station, loop, buttons


def open_station_journal(path: str):
    from kiosk.store import Journal
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return Journal.open(path)


def open_station_link(config: StationConfig):
    """The director link of a linked judge station, else None."""
    if not (config.director_url and config.station):
        return None
    from kiosk.link.station_link import StationLink
    return StationLink.open(config.director_url, config.station, config.key,
                            tournament=config.tournament)


def run_station(config: StationConfig, *, drive=None) -> int:
    """``python -m kiosk judge``: the shared adjudication station until the PIN is given.
    ``drive(station, loop)``: plays the station instead of its operator (a script)."""
    import pygame
    lexicon = station_lexicon(config)           # refuse before opening a screen
    buttons = link = None
    journal = open_station_journal(config.store)
    try:
        surface = open_display(config.size, fullscreen=config.fullscreen, headless=config.headless,
                               caption="tablekeeper: word judge")
        link = open_station_link(config)
        station, loop, buttons = build_station(config, surface, lexicon=lexicon, journal=journal,
                                               link=link)
        if drive is not None:
            return drive(station, loop)
        loop.run(exit_after_s=config.exit_after_s, idle_fps=30)   # typing is all it takes
    finally:
        if link is not None:
            link.close()
        journal.close()
        if buttons is not None:
            buttons.close()
        pygame.quit()
    return 0


__all__ = ["KioskConfig", "StationConfig", "Table", "Kiosk",
           "DisplayError", "HardwareError", "LexiconError", "build_table", "open_lexicon", "run", "run_station"]
