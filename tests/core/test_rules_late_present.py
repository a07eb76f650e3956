"""Lateness only for a player who is absent (issue 22 item 5). Every book charges lateness to a
player who is not at the table when the round starts, never to one who is sitting there and has
not pressed yet:

- ASPA 2.3: "If a player is not there on time, the Tournament Director may start that person's
  clock." 2.4: "A player who is not present before the time on that player's clock has expired
  forfeits that game."
- ABSP 3.1.3: "If one player is absent at the start of a round, his/her timer must be started if
  instructed by the Director." (3.1.2: "If both players are absent at the start of a round ...")
- NZASP 4.2: "If a player is late to start the game that player's clock shall be started at the
  adjudicator's call to start the game, and will run until the player arrives ..."
- School 25: "At the start of each round, the Director will start a clock. Any team not present
  will automatically lose 10 points for each three-minute interval it is absent."

So the round's start (``CallStart`` naming nobody) charges nobody; a player found missing is
declared absent afterwards (``DeclareAbsent``: by the opponent who is there, or the director)
and is late from the round's start, exactly as if the start call had named them.
"""
import pytest

from common.game import commands as c
from common.game.clock import NS_PER_S as S
from common.game.errors import GameError

PRESETS = ("aspa", "absp", "nzasp", "school")


@pytest.mark.parametrize("preset", PRESETS)
def test_players_sitting_at_the_table_are_charged_nothing_before_they_press(table, preset):
    t = table(preset)
    t.at(0, c.CallStart())                          # the director starts the round: both here
    assert t.state.phase == "setup" and t.state.absent == ()
    t.start(first=0, t=95)                          # Bob presses 95 s later: Ann's clock runs
    assert t.state.clock.used_ns == (0, 0) and t.state.late_penalty == (0, 0)
    t.at(100, c.Play(0, 20))
    assert t.state.clock.used_ns == (5 * S, 0)      # only the time since the press


@pytest.mark.parametrize("preset", PRESETS)
def test_a_player_declared_absent_is_late_from_the_rounds_start_as_if_the_call_named_them(table, preset):
    declared = table(preset)
    declared.at(0, c.CallStart())
    declared.at(40, c.DeclareAbsent((1,)))          # Ann says Bob is not here, 40 s in
    assert declared.state.phase == "waiting"
    declared.at(400, c.Arrive(1))
    named = table(preset)
    named.at(0, c.CallStart((1,)))                  # the same lateness, called at the start
    named.at(400, c.Arrive(1))
    assert declared.state.clock.used_ns == named.state.clock.used_ns
    assert declared.state.late_penalty == named.state.late_penalty
    assert declared.state.clock.used_ns[0] == 0 and declared.state.late_penalty[0] == 0   # Ann: none


def test_aspa_2_4_a_declared_absent_player_forfeits_when_their_clock_expires(table):
    t = table("aspa")
    t.at(0, c.CallStart())
    t.at(60, c.DeclareAbsent((1,)))
    made = t.at(1600, c.Tick())
    assert [(type(e).__name__, e.at_ns) for e in made] == [("Forfeited", 1500 * S), ("GameEnded", 1500 * S)]


def test_declaring_absent_needs_the_rounds_start_and_a_player_not_yet_absent(table):
    t = table("aspa")
    with pytest.raises(GameError, match="the round's start has not been called"):
        t.at(0, c.DeclareAbsent((1,)))
    t.at(0, c.CallStart())
    with pytest.raises(GameError, match="the start was called already"):
        t.at(1, c.CallStart((1,)))
    t.at(2, c.DeclareAbsent((1,)))
    with pytest.raises(GameError, match="Bob is absent already"):
        t.at(3, c.DeclareAbsent((1,)))
    t.at(4, c.Arrive(1))
    t.start(first=0, t=5)
    with pytest.raises(GameError):
        t.at(6, c.DeclareAbsent((0,)))              # once the game has started, nobody is late
