"""The table kiosk's composition root (``python -m kiosk run``): config -> drivers, store,
screens, the director's link; and the main loop.

One thread owns the game. Each pass of the loop (kiosk.ui.loop) drains the input queue (GPIO
buttons from their thread, keys from pygame), and the screens turn each input into a core
command stamped with the input's own time, which the game at this table (kiosk.table.Table)
asks the core, journals (durable first) and applies. Every pass also ticks the table at
``time.monotonic_ns()`` so time-driven events (a forfeit on time, the round's end) are recorded
when they fall due and the journal checkpoints a running clock; the director's link, if any,
gets the game and gives its news, which the table reads; and the screen is redrawn only when
its view changed.

The journal is the SQLite store (kiosk/session.py: the current game recovered after a crash or
a new one, checkpoints, the signed result into the outbox). The config file and the command
line are kiosk/config/keys.py and kiosk/cli.py; the judge station's program is
kiosk/station_app.py.
"""
from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from common.game.vocabulary import Phase
from common.presets import load_rules
from drivers.buttons import Buttons, pin_factory
from kiosk.config import DEFAULT_STORE, KioskConfig
from kiosk.hardware.player_displays import PlayerOutputs, SentWatch, open_outputs
from kiosk.link.news import NO_TABLE_KEY, NOT_ENROLLED, DirectorNews
from kiosk.opening import open_display, open_lexicon
from kiosk.session import GameSetup, Session
from kiosk.table import Table
from kiosk.ui.clock import view as clockview
from kiosk.ui.widgets.base import NS
from kiosk.ui.widgets.words import Info

log = logging.getLogger(__name__)


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


def open_link(config: KioskConfig, table: Table, now_ns: int, *, clock: Callable[[], int]):
    """The director link (kiosk.link.table_link, over HTTP or a serial line) if the config names
    one, else None; its code (urllib, ssl, pyserial...) is loaded only then, not before a
    table's first frame."""
    if not (config.director_url or config.director_serial):
        return None
    from kiosk.link.table_link import TableLink
    return TableLink.open(config, table, now_ns, clock=clock)


def unlinked_news(config: KioskConfig) -> DirectorNews:
    """What the top line says of the director at a table with no link open: a link named
    without the table's key opens none (kiosk.link.table_link), a table never enrolled keeps
    its results; a table in simulation says nothing."""
    if config.director_url or config.director_serial:
        return DirectorNews(words=NO_TABLE_KEY)
    if not (config.enrolled or config.key or config.sim):
        return DirectorNews(words=NOT_ENROLLED)
    return DirectorNews()


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
            self.table.hear(self.link.news if self.link is not None else unlinked_news(config))
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
            self.table.hear(self.link.news)         # what the link said, as of this pass
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


__all__ = ["Kiosk", "RESTART", "build_table", "run"]
