"""Driving a whole table kiosk in tests: the real app (config -> buttons, SQLite store, screens,
loop) on a real pygame Surface and a real SQLite file, inputs through the real paths (pygame key
events through the keyboard driver, or gpiozero MockFactory pins through the button driver) onto
the real queue, and time given explicitly: the kiosk's clock is the harness's ``now`` (and so are
the pins' ticks: bench.rigs.edge_pins), so nothing sleeps. What the game journaled is read back
from the file (``journal``, ``events``).
"""
from __future__ import annotations

from pathlib import Path

import pygame

from bench.rigs.edge_pins import EdgeFactory
from drivers.buttons import DEFAULT_PINS
from kiosk.app import Kiosk
from kiosk.config import KioskConfig
from common.game.events import to_json
from kiosk.lexicon import BUNDLED_LEXICON
from kiosk.store.adjudications import adjudications_for_director
from kiosk.ui.widgets.base import UiSettings

ROOT = Path(__file__).resolve().parents[2]
ENABLE = BUNDLED_LEXICON                # the ENABLE list the kiosk ships (labelled enable2k)
#: How a table under ASPA names it: not the list ASPA's book names (common.game.lexicon_check).
ENABLE_LABEL = "enable2k \u2014 not the official CSW"
#: How the judge station names it: the station has no preset, so no book to compare with.
STATION_LABEL = "enable2k (official status unknown)"
S = 1_000_000_000
T0 = 5_000 * S                       # an arbitrary monotonic instant for "second 0"

BUTTON_KEYS = {"left": pygame.K_F1, "centre": pygame.K_F6, "right": pygame.K_F12}
NAMED = {"Enter": (pygame.K_RETURN, "\r"), "Backspace": (pygame.K_BACKSPACE, "\b"),
         "Tab": (pygame.K_TAB, "\t"), "Escape": (pygame.K_ESCAPE, "\x1b"), "Hold": (pygame.K_F4, ""),
         "Speak": (pygame.K_F5, ""), "Correct": (pygame.K_F9, ""), "Director": (pygame.K_F10, ""),
         "SendBack": (pygame.K_F2, ""), "FalseBlank": (pygame.K_F3, ""), "Word": (pygame.K_F8, "")}
#: Characters typed as their named keys.
TEXT_KEYS = {"\n": NAMED["Enter"], "\t": NAMED["Tab"], " ": (pygame.K_SPACE, " ")}


def post(loop, key: int, text: str) -> None:
    """One key press as pygame reports it, read by the loop's keyboard driver."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    loop.pump()


def post_tap(loop, size: tuple[int, int], pos: tuple[int, int], *, finger: bool = False) -> None:
    """A tap on a screen of ``size`` at ``pos`` as pygame reports it, read by the loop's touch
    driver: a mouse click, or a finger (SDL's FINGERDOWN)."""
    w, h = size
    if finger:
        event = pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, touch_id=0, finger_id=0)
    else:
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    pygame.event.post(event)
    loop.pump()


def post_text(loop, text: str) -> None:
    """``text`` typed key by key (``\\n`` is Enter, ``\\t`` Tab)."""
    for ch in text:
        post(loop, *TEXT_KEYS.get(ch, (ord(ch.lower()), ch)))


class StoredGame:
    """The kiosk's current game as its SQLite store holds it, read back from the file."""

    def __init__(self, session):
        self.session = session

    @property
    def events(self) -> list:
        """Each journaled event of the game, in order."""
        return self.session.journal.replay(self.session.game_id).events

    @property
    def lines(self) -> list[str]:
        """Each journaled event of the game, as its JSON (common.game.events.to_json)."""
        return [to_json(e) for e in self.events]

    @property
    def adjudications(self) -> list[dict]:
        """The game's adjudications as the director's export has them (each word's validity)."""
        return adjudications_for_director(self.session.journal, self.session.game_id)


class Harness:
    """A table kiosk on the SQLite store at ``store``, as ``python -m kiosk run`` builds it; its
    clock starts ``start`` seconds after T0 (may be negative: a rebooted machine's monotonic
    clock starts again near zero). ``journal`` reads back what the store holds."""

    def __init__(self, shots: Path, *, store: Path, start: float = 0.0, preset="aspa", lexicon=ENABLE,
                 names=("Ann", "Bob"), size=(1280, 720), gpio=False, overrides=None, settings=None,
                 table="7", round=1, tournament="", pin_hash: str | None = "", key: bytes | None = None,
                 boot_id: str | None = None, new_game_after_s: int = 0, orientation: str = "side",
                 ballast_kb: int = 0, taps_only: bool = False, enrollment: str | None = None,
                 director_url: str = ""):
        self.shots, self.now = Path(shots), T0 + round_ns(start)
        self.shots.mkdir(parents=True, exist_ok=True)
        self.factory = EdgeFactory(lambda: self.now) if gpio else None
        self.config = KioskConfig(preset=preset, overrides=overrides or {},
                                  lexicon=str(lexicon) if lexicon else None, table=table, round=round,
                                  tournament=tournament, names=tuple(names), sim=not gpio, size=size,
                                  ui=settings or UiSettings(), director_pin_hash=pin_hash, store=str(store),
                                  key=key, new_game_after_s=new_game_after_s, orientation=orientation,
                                  ballast_kb=ballast_kb, director_url=director_url,
                                  **({"enrollment": enrollment} if enrollment else {}))
        self.surface = pygame.Surface(size)
        pygame.event.clear()
        self.kiosk = Kiosk(self.config, self.surface, factory=self.factory, clock=lambda: self.now,
                           boot_id=boot_id, taps_only=taps_only)
        self.loop, self.table, self.session = self.kiosk.loop, self.kiosk.table, self.kiosk.session
        self.journal = StoredGame(self.session)
        self.step()

    def close(self):
        self.kiosk.close()
        if self.factory is not None:
            self.factory.reset()

    # --- time and inputs --------------------------------------------------------------------

    def at(self, seconds: float) -> "Harness":
        """Move the kiosk's clock to ``seconds`` after second 0 (never backwards)."""
        now = T0 + round_ns(seconds)
        assert now >= self.now, "time only moves forward"
        self.now = now
        return self

    def step(self) -> bool:
        return self.loop.step()

    def machine_dirty(self):
        """The rectangles the last redraw painted (None: the whole screen)."""
        return self.loop.dirty

    def press(self, side: str, at: float | None = None, *, edge: float | None = None) -> "Harness":
        """A button press: a GPIO pin driven low (gpio) or its key twin, then one loop pass.
        ``edge``: the second its edge happened, before its callback runs ``at`` (gpio only)."""
        if at is not None:
            self.at(at)
        assert edge is None or self.factory is not None, "only a GPIO press has an edge of its own"
        if self.factory is not None:
            pin = self.factory.pin(DEFAULT_PINS[side])
            pin.drive_low(at_ns=None if edge is None else T0 + round_ns(edge))
            pin.drive_high()
        else:
            post(self.loop, BUTTON_KEYS[side], "")
        self.step()
        return self

    def key(self, name: str, at: float | None = None) -> "Harness":
        if at is not None:
            self.at(at)
        post(self.loop, *NAMED[name])
        self.step()
        return self

    def tap(self, pos: tuple[int, int], at: float | None = None, *, finger: bool = False) -> "Harness":
        """A tap on the screen at ``pos``: a mouse click, or a finger (SDL's FINGERDOWN)."""
        if at is not None:
            self.at(at)
        post_tap(self.loop, self.surface.get_size(), pos, finger=finger)
        self.step()
        return self

    def type(self, text: str, at: float | None = None) -> "Harness":
        """Type characters as key presses (each through pygame and the keyboard driver)."""
        if at is not None:
            self.at(at)
        post_text(self.loop, text)
        self.step()
        return self

    # --- what the screen shows --------------------------------------------------------------

    @property
    def state(self):
        return self.table.state

    def events(self, kind=None, since: int = 0) -> list:
        """The game's journaled events from the ``since``-th on (of type ``kind``, if given)."""
        return [e for e in self.journal.events[since:] if kind is None or isinstance(e, kind)]

    @property
    def screen(self):
        return self.kiosk.machine.screen

    @property
    def view(self):
        return self.loop.last_view

    def shot(self, name: str) -> Path:
        """The screen as it is now, saved as a PNG."""
        return self.loop.save(self.shots / f"{name}.png")


def round_ns(seconds: float) -> int:
    return round(seconds * S)
