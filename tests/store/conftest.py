"""Store tests: a real SQLite file per test and a driver that keeps the kiosk's discipline
(decide, journal, then apply), with times passed in as seconds on a monotonic clock."""
from __future__ import annotations

import pytest

from common.game import commands as c
from common.game.clock import NS_PER_S
from common.game.game import decide
from common.game.state import replay
from common.presets import load_rules
from kiosk.store import Journal

BOOT_ZERO = 3_600 * NS_PER_S        # the kiosk had been up an hour when the game began
WALL_ZERO = 1_767_000_000.0         # wall time (epoch seconds) at the game's zero


def ns(seconds: float) -> int:
    return BOOT_ZERO + round(seconds * NS_PER_S)


class Kiosk:
    """What the app loop does with one game: ``decide``, ``journal.append``, then ``apply``."""

    def __init__(self, journal: Journal, game_id: int):
        self.journal, self.game_id = journal, game_id
        self.state, self.events = journal.load(game_id)

    def at(self, seconds: float, command):
        made = decide(self.state, command, ns(seconds))
        self.journal.append(self.game_id, made, WALL_ZERO + seconds)
        self.state = replay(self.state, made)
        self.events += made
        return made

    def checkpoint(self, seconds: float):
        return self.journal.checkpoint(self.game_id, self.state, ns(seconds), WALL_ZERO + seconds)

    ns = staticmethod(ns)

    @staticmethod
    def wall(seconds: float) -> float:
        return WALL_ZERO + seconds

    def opening(self) -> "Kiosk":
        """Ann starts; Ann 30, Bob 24, Ann 41: Bob's clock runs from 95 s."""
        self.at(0, c.Start(0))
        self.at(40, c.Play(0, 30))
        self.at(70, c.Play(1, 24))
        self.at(95, c.Play(0, 41))
        return self


@pytest.fixture
def journal(tmp_path):
    with Journal.open(tmp_path / "kiosk.db") as j:
        yield j


@pytest.fixture
def kiosk(journal):
    def make(preset="aspa", overrides=None, players=("Ann", "Bob"), table=7, round=3):
        game_id = journal.new_game(load_rules(preset, overrides), round, players, table,
                                   wall=WALL_ZERO - 60)
        return Kiosk(journal, game_id)
    return make

