"""The UI tests' harness (tests/ui/ui_harness.py: inputs through pygame key events or gpiozero
MockFactory pins, the kiosk's clock at an explicit ``now``) on the real composition: the app
builds its table from a SQLite store (kiosk/session.py) as ``python -m kiosk run`` does.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from drivers.buttons import pin_factory
from kiosk.app import Kiosk
from kiosk.config import KioskConfig
from ui_harness import ENABLE, S, T0, Harness

KEY = b"test tournament key, 32 bytes ok"


class StoreHarness(Harness):
    """A kiosk on the store at ``store``; its clock starts ``start`` seconds after T0 (may be
    negative: a rebooted machine's monotonic clock starts again near zero)."""

    def __init__(self, shots: Path, *, store: Path, start: float = 0.0, key: bytes | None = KEY,
                 boot_id: str | None = None, gpio: bool = True, preset: str = "aspa",
                 names=("Ann", "Bob"), table: str = "7", round: int = 3,
                 tournament: str = "Test Open", new_game_after_s: int = 0, size=(1280, 720)):
        self.shots, self.now = Path(shots), T0 + round_ns(start)
        self.shots.mkdir(parents=True, exist_ok=True)
        self.factory = pin_factory("mock") if gpio else None
        self.crashed = False
        self.config = KioskConfig(preset=preset, lexicon=str(ENABLE), table=table, round=round,
                                  tournament=tournament, names=tuple(names), sim=not gpio, size=size,
                                  store=str(store), key=key, new_game_after_s=new_game_after_s)
        self.surface = pygame.Surface(size)
        pygame.event.clear()
        self.kiosk = Kiosk(self.config, self.surface, factory=self.factory, clock=lambda: self.now,
                           boot_id=boot_id)
        self.loop, self.table = self.kiosk.loop, self.kiosk.table
        self.session = self.kiosk.session
        self.views = []
        self.step()

    def step(self) -> bool:
        redrawn = self.loop.step()
        self.views.append(self.loop.last_view)
        return redrawn

    def crash(self) -> None:
        """Stop as a crash would: nothing closed, nothing flushed beyond what was committed.
        The GPIO lines are freed as the kernel frees a dead process's."""
        self.crashed = True
        if self.factory is not None:
            self.factory.reset()


def round_ns(seconds: float) -> int:
    return round(seconds * S)


__all__ = ["StoreHarness", "KEY", "ENABLE", "S", "T0"]
