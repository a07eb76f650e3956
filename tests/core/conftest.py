"""A table to drive the pure core with exact times: commands in, state and result out."""
from __future__ import annotations

import pytest

from common.game import commands as c
from common.game.clock import NS_PER_S
from common.game.game import decide
from common.game.result import compute
from common.game.state import apply, new_game
from common.presets import load_rules


class Table:
    """One game, driven at explicit times in seconds (floats allowed)."""

    def __init__(self, preset: str = "aspa", overrides=None, round: int = 1):
        self.state = new_game(load_rules(preset, overrides), round, ("Ann", "Bob"))
        self.events = []
        self.now = 0

    def at(self, seconds: float, command):
        """Run ``command`` at ``seconds``; returns the events it made."""
        self.now = round(seconds * NS_PER_S)
        made = decide(self.state, command, self.now)
        for event in made:
            self.state = apply(self.state, event)
        self.events += made
        return made

    def result(self, seconds: float | None = None):
        return compute(self.state, self.now if seconds is None else round(seconds * NS_PER_S))

    # shorthand for a game's usual steps
    def start(self, first=0, t=0):
        return self.at(t, c.Start(first))

    def play(self, t, player, score, **kw):
        return self.at(t, c.Play(player, score, **kw))


@pytest.fixture
def table():
    return Table
