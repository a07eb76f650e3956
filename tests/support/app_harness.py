"""The UI tests' harness (tests/support/ui_harness.py: the whole kiosk on its SQLite store, inputs
through pygame key events or gpiozero MockFactory pins, the kiosk's clock at an explicit ``now``)
as the app tests use it: GPIO buttons, a tournament's round with table 7's key, every view kept,
and a crash that leaves the store as a killed process would.
"""
from __future__ import annotations

from pathlib import Path

from kiosk.store import Journal
from common.wire.signing import table_key
from tests.support.ui_harness import ENABLE, S, T0, Harness

TOURNAMENT_KEY = b"test tournament key, 32 bytes ok"   # the director's: never on a table
KEY = table_key(TOURNAMENT_KEY, "7")                    # table 7's own, as enrolling gives it


class StoreHarness(Harness):
    """A kiosk on the store at ``store`` (see ``Harness``), GPIO buttons by default, round 3 of
    the Test Open, results signed with ``KEY`` (table 7's); ``views`` is every view the loop
    computed."""

    def __init__(self, shots: Path, *, store: Path, key: bytes | None = KEY, gpio: bool = True,
                 round: int = 3, tournament: str = "Test Open", **options):
        self.crashed = False
        self.views = []
        super().__init__(shots, store=store, key=key, gpio=gpio, round=round, tournament=tournament,
                         **options)

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


def journal_events(store: Path) -> list:
    """The current game's events in the SQLite file ``store``, read on a connection of its own."""
    with Journal.open(store) as journal:
        return journal.load(journal.current_game())[1]



def opening(k):
    """Bob goes second (Ann's clock runs from 2 s); Ann 24 at 30 s, Bob 40 at 60 s; Ann
    thinks, the loop passing (and checkpointing) until 75 s."""
    k.press("right", at=2)
    k.press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    for second in range(62, 76):
        k.at(second).step()
    assert k.state.clock.running == 0


__all__ = ["StoreHarness", "KEY", "TOURNAMENT_KEY", "ENABLE", "S", "T0", "journal_events", "opening"]
