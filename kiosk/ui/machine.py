"""The table's screens as one state machine: the current screen, switched by what the screen
asks (the verdict after a ruling) or else by the game's phase (setup, challenge, the rest).

The judge screen is only ever chosen by the phase ``challenge``: nothing typed can open it.
"""
from __future__ import annotations

from kiosk.ui.base import Screen, Table
from kiosk.ui.clock import ClockScreen
from kiosk.ui.judge import JudgeScreen
from kiosk.ui.setup import SetupScreen


def route(table: Table, current: Screen | None) -> Screen:
    """The screen for the game's phase: ``current`` if it is already the right kind."""
    phase = table.state.phase
    wanted = SetupScreen if phase in ("waiting", "setup") else JudgeScreen if phase == "challenge" else ClockScreen
    return current if type(current) is wanted else wanted(table)


class Machine:
    def __init__(self, table: Table, now_ns: int):
        self.table = table
        self.screen = route(table, None)
        self.screen.enter(now_ns)
        self.finished = False

    @property
    def frozen_at(self) -> int | None:
        return self.screen.frozen_at

    def handle(self, item, now_ns: int) -> None:
        self.screen.handle(item, now_ns)
        self._advance(now_ns)

    def update(self, now_ns: int) -> None:
        self.screen.update(now_ns)
        self._advance(now_ns)

    def _advance(self, now_ns: int) -> None:
        for _ in range(3):                      # a screen may hand over at most twice in a row
            chosen = self.screen.next()
            if chosen is self.screen:
                return
            if chosen is None:
                chosen = route(self.table, self.screen)
                if chosen is self.screen:
                    return
            self.screen = chosen
            chosen.enter(now_ns)

    def view(self, now_ns: int):
        return self.screen.view(now_ns)

    def draw(self, surface, view) -> None:
        self.screen.draw(surface, view)
