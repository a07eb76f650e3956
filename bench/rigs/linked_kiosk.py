"""A whole table kiosk (kiosk.app.Kiosk: store, screens, loop, and its director link) on a
real SQLite file and a real pygame surface, linked to a director on a real HTTP port (``url``)
or on a serial line (``serial``: a pseudo-terminal's device; the table's number is its address).
The game's clock is ``now`` (explicit); the link's worker runs in its own thread on the wall
clock. The kiosk holds its table's key (derived from ``tournament_key``, ``KEY`` unless given), as
enrolling gives it; ``enrolled=False`` is a table that has none yet. ``judge_at_station``: its
challenges go to the venue's judge station, which it waits ``station_wait_s`` for."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from table_input import ButtonPressed, KeyTyped  # noqa: E402
from kiosk.app import Kiosk  # noqa: E402
from kiosk.config import KioskConfig  # noqa: E402
from common.wire.signing import table_key  # noqa: E402
from bench.rigs.sync_kiosks import KEY, TOURNAMENT  # noqa: E402

S = 1_000_000_000
T0 = 5_000 * S


class LinkedKiosk:
    def __init__(self, store: Path, url: str = "", *, serial: str = "", table: str = "7",
                 preset: str = "aspa", names=("Ann", "Bob"), round: int = 1,
                 tournament: str = TOURNAMENT, enrolled: bool = True,
                 judge_at_station: bool = False, station_wait_s: float = 120.0,
                 tournament_key: bytes = KEY):
        pygame.display.init()
        pygame.font.init()
        self.now = T0
        self.config = KioskConfig(preset=preset, lexicon=None, table=table, round=round,
                                  tournament=tournament, names=tuple(names), sim=True,
                                  size=(640, 360), store=str(store), key=table_key(tournament_key, table) if enrolled else None,
                                  director_url=url,
                                  director_poll_s=0.05, headless=True,
                                  director_retry_max_s=0.3, director_serial=serial,
                                  director_serial_address=int(table) if serial else 0,
                                  judge_at_station=judge_at_station, station_wait_s=station_wait_s)
        self.kiosk = Kiosk(self.config, pygame.Surface((640, 360)), clock=lambda: self.now)
        self.link = self.kiosk.link
        if self.link is not None and url:
            self.link.sender.idle_s = 0.02
        self.kiosk.loop.step()

    @property
    def state(self):
        return self.kiosk.table.state

    @property
    def view(self):
        return self.kiosk.loop.last_view

    def at(self, seconds: float) -> "LinkedKiosk":
        self.now = max(self.now, T0 + round(seconds * S))
        return self

    def step(self) -> "LinkedKiosk":
        self.kiosk.loop.step()
        return self

    def press(self, side: str, at: float | None = None) -> "LinkedKiosk":
        """A button press onto the kiosk's input queue (as the keyboard or GPIO driver puts it)."""
        if at is not None:
            self.at(at)
        self.kiosk.inputs.put(ButtonPressed(side, self.now))
        return self.step()

    def type(self, keys, at: float | None = None) -> "LinkedKiosk":
        """Keys typed (a USB keyboard's), each onto the input queue, then one pass: ``keys`` a
        text (a key each character) or a list of keys ("Escape", "Q")."""
        if at is not None:
            self.at(at)
        for key in keys:
            self.kiosk.inputs.put(KeyTyped(key, self.now))
        return self.step()

    def submit(self, command, at: float) -> bool:
        """A command as a screen makes it, through the table (the core, then the journal)."""
        self.at(at)
        accepted = self.kiosk.table.submit(command, self.now)
        self.step()
        return accepted

    def close(self) -> None:
        self.kiosk.close()
