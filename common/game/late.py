"""Late arrivals: the director's start call, arrivals, and what lateness costs (pure).

At the start call both players are present unless the call names one absent; a player found
missing afterwards is declared absent (by the opponent who is there, or by the director) and
is absent since the call. Only an absent player is late: a player at the table is charged
nothing for the seconds before the game's first press (ASPA 2.3 "if a player is not there on
time", ABSP 3.1.3 "if one player is absent at the start of a round", NZASP 4.2 "if a player is
late to start the game", school 25 "any team not present"). Each late player's absence is
measured from the call to their arrival and, by the preset, charged to their clock (when both are late, either each
their own absence, or half the time until the first arrives and then the second's own time:
ASPA 2.3), up to the preset's limit (NZASP 4.2: until arrival "or twenty five (25) minutes
expires"), and/or costs points per interval absent (school 25). A player absent for the preset's
limit forfeits (ASPA 2.4, school 25); when both are still absent at their limits, both forfeit
at once (a double forfeit: each a loss) and a later arrival is refused. Where the preset says so,
a late player may elect to forfeit only once less than a given time is left (ABSP 3.1.3).
"""
from __future__ import annotations

from . import clock as clk
from . import commands as cmd
from . import events as ev
from .checks import check_player, require_phase
from .errors import GameError, GameOver
from .state import GameState
from .vocabulary import OVER, EndReason, ForfeitReason, Phase


def absence(state: GameState, player: int, now_ns: int) -> int:
    """How long ``player`` has been (or was) absent since the start call."""
    if state.start_called_ns is None or player not in state.absent:
        return 0
    arrived = state.arrivals[player]
    return (now_ns if arrived is None else arrived) - state.start_called_ns


def no_shows(state: GameState) -> tuple[int, ...]:
    """The players absent at the start call who have not arrived (once the game is over: who
    never came to the table, and so cannot confirm its result)."""
    return tuple(p for p in state.absent if state.arrivals[p] is None)


def absence_charge(state: GameState, player: int, now_ns: int) -> int:
    """Clock time ``player`` is (or will be, on arriving now) charged for being late."""
    late = absence(state, player, now_ns)
    rules = state.rules.late
    if not late or not rules.charge_clock:
        return 0
    if len(state.absent) < 2 or rules.both_absent == "own_clocks":
        charge = late
    else:
        call, end = state.start_called_ns, state.start_called_ns + late
        other_arrived = state.arrivals[1 - player]
        if other_arrived is not None and other_arrived <= end:      # the other came first
            charge = (other_arrived - call) // 2 + (end - other_arrived)
        else:
            charge = late // 2                                       # first to arrive: half
    limit = rules.charge_limit_s * clk.NS_PER_S
    return min(charge, limit) if limit else charge


def pending_charge(state: GameState, player: int, now_ns: int) -> int:
    """Absence not yet on ``player``'s clock: that of a player still awaited (counted to now),
    or of one who never came before the game ended (counted to the end)."""
    if player not in state.absent or state.arrivals[player] is not None:
        return 0
    if state.phase == Phase.WAITING:
        return absence_charge(state, player, now_ns)
    if state.phase in OVER and state.clock.stopped_ns is not None and not state.clock.started:
        return absence_charge(state, player, state.clock.stopped_ns)
    return 0


def absence_penalty(state: GameState, player: int, now_ns: int) -> int:
    """Points off for being late: per completed (or started) interval of absence."""
    rules = state.rules.late
    late = absence(state, player, now_ns)
    if not rules.penalty_points or late <= 0:
        return 0
    interval = rules.penalty_interval_s * clk.NS_PER_S
    count = late // interval if rules.penalty_counts == "completed" else -(-late // interval)
    return rules.penalty_points * count


def _forfeit_instant(state: GameState, player: int, limit: int) -> int | None:
    """When the still-absent ``player`` reaches the forfeit limit (None: never)."""
    rules, call = state.rules.late, state.start_called_ns
    if not rules.charge_clock:
        return call + limit                                 # school 25: after the round begins
    if rules.charge_limit_s and rules.charge_limit_s * clk.NS_PER_S < limit:
        return None                                         # the clock stops short of the limit
    other = 1 - player
    if rules.both_absent == "split_half" and other in state.absent:
        if state.arrivals[other] is None:
            return call + 2 * limit                         # each charged half the elapsed time
        half = (state.arrivals[other] - call) // 2          # charged before the other arrived
        return state.arrivals[other] + (limit - half)
    return call + limit


def forfeit_due(state: GameState) -> list[ev.Event]:
    """The instant the still-absent player(s) reach the preset's forfeit limit, as events: both
    forfeit together when both reach it at that instant (a double forfeit)."""
    limit = state.rules.late.forfeit_after_s * clk.NS_PER_S
    waiting = [p for p in state.absent if state.arrivals[p] is None]
    if state.phase != Phase.WAITING or not limit or not waiting:
        return []
    instants = {p: at for p in waiting if (at := _forfeit_instant(state, p, limit)) is not None}
    if not instants:
        return []
    at = min(instants.values())
    return ([ev.Forfeited(at, p, ForfeitReason.LATE) for p in sorted(instants) if instants[p] == at]
            + [ev.GameEnded(at, EndReason.FORFEIT)])


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
    player = check_player(c.player)
    forfeit = state.forfeit
    if (state.phase in OVER and forfeit is not None and forfeit.reason == ForfeitReason.LATE
            and (forfeit.player == player or forfeit.both)):
        limit = state.rules.late.forfeit_after_s
        cite = state.rules.cite("late.forfeit_after_s")
        raise GameOver(f"{state.players[player]} came too late: the game was forfeited once the "
                       f"limit of {clk.display(limit * clk.NS_PER_S)} was reached"
                       + (f" ({cite})" if cite else ""))
    require_phase(state, Phase.WAITING)
    if player not in state.absent or state.arrivals[player] is not None:
        raise GameError(f"{state.players[player]} is not awaited")
    return [ev.Arrived(now_ns, player, absence_charge(state, player, now_ns),
                       absence_penalty(state, player, now_ns))]


def check_election(state: GameState, player: int, now_ns: int) -> None:
    """A late player's own forfeit, where the preset limits it to when less than
    ``late.elect_forfeit_under_s`` is left before penalties (ABSP 3.1.3); GameError otherwise."""
    under = state.rules.late.elect_forfeit_under_s
    if not under:
        return
    cite = state.rules.cite("late.elect_forfeit_under_s")
    rule = f" ({cite})" if cite else ""
    name = state.players[player]
    if player not in state.absent:
        raise GameError(f"{name} was not late: only a late player elects to forfeit{rule}; "
                        "the director's own forfeit is a forfeit for reason director")
    if state.phase not in (Phase.WAITING, Phase.SETUP):
        raise GameError(f"the game has started: it is played as a normal game{rule}; the "
                        "director's own forfeit is a forfeit for reason director")
    left = clk.remaining(state.clock, player, now_ns) - pending_charge(state, player, now_ns)
    if left >= under * clk.NS_PER_S:
        raise GameError(f"{name} has {clk.display(left)} left before penalties: a late player may "
                        f"elect to forfeit only with less than {clk.display(under * clk.NS_PER_S)} "
                        f"left{rule}")
