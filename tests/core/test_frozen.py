"""kiosk.core.frozen.evolve: dataclasses.replace for the game's frozen values, faster."""
import dataclasses

import pytest

from kiosk.core.clock import Clock
from kiosk.core.frozen import evolve
from kiosk.core.state import Turn


def test_evolve_is_replace():
    turn = Turn(player=1, kind="play", score=30, at_ns=5)
    assert evolve(turn, score=31) == dataclasses.replace(turn, score=31)
    assert turn.score == 30 and evolve(turn) == turn and evolve(turn) is not turn
    clock = Clock(budget_ns=10)
    assert evolve(clock, running=0, since_ns=3) == dataclasses.replace(clock, running=0, since_ns=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(clock, running=0).running = 1          # still frozen


def test_a_field_the_value_has_not_is_refused():
    with pytest.raises(TypeError, match="Turn has no field 'points_x'"):
        evolve(Turn(player=0, kind="pass"), points_x=3)
