"""Late arrivals: the director's start call, arrivals, and what lateness costs (pure).

At the start call both players are present unless the call names one absent; a player found
missing afterwards is declared absent (by the opponent who is there, or by the director) and
is absent since the call. Only an absent player is late: a player at the table is charged
nothing for the seconds before the game's first press (ASPA 2.3 "if a player is not there on
time", ABSP 3.1.3 "if one player is absent at the start of a round", NZASP 4.2 "if a player is
late to start the game", school 25 "any team not present"). Each late player's absence is
measured from the call to their arrival and, by the preset, charged to their clock (when both are late, either each
their own absence, or half the time until the first arrives and then the second's own time:
ASPA 2.3), and/or costs points per interval absent (school 25). A player absent for the preset's
limit forfeits (ASPA 2.4, school 25). When both are still absent nobody forfeits automatically:
that is the director's call.
"""
from __future__ import annotations

from . import clock as clk
from . import commands as cmd
from . import events as ev
from .checks import check_player, require_phase
from .errors import GameError
from .state import GameState
from .vocabulary import EndReason, ForfeitReason, Phase


def absence(state: GameState, player: int, now_ns: int) -> int:
    """How long ``player`` has been (or was) absent since the start call."""
    if state.start_called_ns is None or player not in state.absent:
        return 0
    arrived = state.arrivals[player]
    return (now_ns if arrived is None else arrived) - state.start_called_ns


def absence_charge(state: GameState, player: int, now_ns: int) -> int:
    """Clock time ``player`` is (or will be, on arriving now) charged for being late."""
    late = absence(state, player, now_ns)
    if not late or not state.rules.late.charge_clock:
        return 0
    if len(state.absent) < 2 or state.rules.late.both_absent == "own_clocks":
        return late
    call, end = state.start_called_ns, state.start_called_ns + late
    other_arrived = state.arrivals[1 - player]
    if other_arrived is not None and other_arrived <= end:      # the other came first
        return (other_arrived - call) // 2 + (end - other_arrived)
    return late // 2                                             # first to arrive: half


def absence_penalty(state: GameState, player: int, now_ns: int) -> int:
    """Points off for being late: per completed (or started) interval of absence."""
    rules = state.rules.late
    late = absence(state, player, now_ns)
    if not rules.penalty_points or late <= 0:
        return 0
    interval = rules.penalty_interval_s * clk.NS_PER_S
    count = late // interval if rules.penalty_counts == "completed" else -(-late // interval)
    return rules.penalty_points * count


def forfeit_due(state: GameState) -> list[ev.Event]:
    """The instant a still-absent player reaches the preset's forfeit limit, as events."""
    limit = state.rules.late.forfeit_after_s * clk.NS_PER_S
    waiting = [p for p in state.absent if state.arrivals[p] is None]
    if state.phase != Phase.WAITING or not limit or len(waiting) != 1:
        return []
    player, call = waiting[0], state.start_called_ns
    at = call + limit
    other = 1 - player
    if (state.rules.late.charge_clock and state.rules.late.both_absent == "split_half"
            and other in state.absent):
        half = (state.arrivals[other] - call) // 2          # charged before the other arrived
        at = state.arrivals[other] + (limit - half)
    return [ev.Forfeited(at, player, ForfeitReason.LATE), ev.GameEnded(at, EndReason.FORFEIT)]


def _named(absent) -> tuple[int, ...]:
    players = tuple(sorted(check_player(p) for p in absent))
    if len(set(players)) != len(players):
        raise GameError("name each absent player once: 0, 1 or both")
    return players


def call_start(state: GameState, c: cmd.CallStart, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.SETUP)
    if state.start_called_ns is not None:
        raise GameError("the start was called already: declare the absent player instead")
    return [ev.StartCalled(now_ns, _named(c.absent))]


def declare_absent(state: GameState, c: cmd.DeclareAbsent, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.SETUP, Phase.WAITING)
    if state.start_called_ns is None:
        raise GameError("the round's start has not been called: call it with the player absent")
    absent = _named(c.absent)
    if not absent:
        raise GameError("name the absent player(s): 0, 1 or both")
    for player in absent:
        if player in state.absent:
            raise GameError(f"{state.players[player]} is absent already" if state.arrivals[player] is None
                            else f"{state.players[player]} has arrived")
    return [ev.AbsentDeclared(now_ns, absent)]


def arrive(state: GameState, c: cmd.Arrive, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.WAITING)
    player = check_player(c.player)
    if player not in state.absent or state.arrivals[player] is not None:
        raise GameError(f"{state.players[player]} is not awaited")
    return [ev.Arrived(now_ns, player, absence_charge(state, player, now_ns),
                       absence_penalty(state, player, now_ns))]
