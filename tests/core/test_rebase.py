"""common/game/rebase.py moves every instant of a game onto the new boot's timeline: a tripwire
that fails when the core's state gains a field no one has classed as an instant or not.
(Recovery itself, through the journal, is tested in tests/store/test_store_recovery.py.)"""
from __future__ import annotations

from dataclasses import fields

from common.game import clock as clk
from common.game.rebase import CLOCK_INSTANTS, STATE_INSTANTS
from common.game.state import GameState, HoldState, OpenChallenge, Turn


def test_rebase_moves_every_instant_of_the_state():
    """A tripwire: a new field in the core's state must be classed here, and if it holds an
    instant (a monotonic reading), common/game/rebase.py must move it."""
    not_instants = {"rules", "clock", "round", "players", "phase", "starts", "first", "neutral_reason",
                    "racks", "end", "forfeit", "confirmed", "absent", "late_penalty",
                    "late_ns", "sent_back", "sent_back_from", "clock_brought_in", "ruling"}
    assert {f.name for f in fields(GameState)} == set(STATE_INSTANTS) | not_instants
    clock_durations = {"budget_ns", "used_ns", "running", "neutral_ns", "adjusted_ns"}
    assert {f.name for f in fields(clk.Clock)} == set(CLOCK_INSTANTS) | clock_durations
    for cls in (Turn, HoldState, OpenChallenge):
        assert [f.name for f in fields(cls) if f.name.endswith("_ns")] == ["at_ns"], cls
