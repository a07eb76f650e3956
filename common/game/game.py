"""``decide(state, command, now_ns) -> [events]``: judging what players and the director ask.

A refused command raises a GameError subclass and records nothing. An accepted one returns
the events that record it; the caller journals them and folds them in with ``state.apply``.
Events that fall due with time alone (a forfeit on time, the round's end) come first, stamped
with the instant they fell due, so the shell should send ``Tick`` on every pass of its loop.
"""
from __future__ import annotations

from . import clock as clk
from . import commands as cmd
from . import events as ev
from . import challenges, incidents, late
from .checks import (check_blanks, check_exchange_allowed, check_out_allowed, check_placed,
                     check_placed_fits, check_player, check_score, check_tiles, ending_if_zeros, require_phase)
from .errors import BadCorrection, BadRack, BadTurn, ClockStateError, GameError, GameOver, NotYourTurn
from .result import compute, racks_needed
from .state import GameState, replay
from .tiles import RACK_SIZE, normalise_rack
from .vocabulary import IN_PLAY, NOBODY_OUT, EndReason, ForfeitReason, Phase, TurnKind


def decide(state: GameState, command, now_ns: int) -> list[ev.Event]:
    if state.last_ns is not None and now_ns < state.last_ns:
        raise GameError(f"time went backwards: {now_ns} ns is before the last event")
    events = due(state, now_ns)
    state = replay(state, events)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise GameError(f"unknown command {type(command).__name__}")
    return events + handler(state, command, now_ns)


def due(state: GameState, now_ns: int) -> list[ev.Event]:
    """Events that time alone brings about by ``now_ns``."""
    if state.phase == Phase.WAITING:
        return [e for e in late.forfeit_due(state) if e.at_ns <= now_ns]
    if state.phase not in IN_PLAY:
        return []
    rules, clock, candidates = state.rules.clock, state.clock, []
    if rules.overtime_forfeit_after_s and clock.running is not None:
        # ABSP 9.3's reading (clock.overtime_forfeit_counts_late): whether overtime charged for
        # arriving late brings the forfeit nearer, or only overtime run after the start counts
        late_over = 0 if rules.overtime_forfeit_counts_late else max(0, state.late_ns[clock.running] - clock.budget_ns)
        limit = clock.budget_ns + late_over + rules.overtime_forfeit_after_s * clk.NS_PER_S
        at = clk.when_used_reaches(clock, clock.running, limit)
        if at is not None and at <= now_ns:
            candidates.append((at, [ev.Forfeited(at, clock.running, ForfeitReason.OVERTIME), ev.GameEnded(at, EndReason.FORFEIT)]))
    if rules.round_limit_s:
        round_start = state.start_called_ns if state.start_called_ns is not None else clock.started_ns
        at = round_start + rules.round_limit_s * clk.NS_PER_S
        if at <= now_ns:
            candidates.append((at, [ev.GameEnded(at, EndReason.TIME)]))
    return min(candidates, key=lambda c: c[0])[1] if candidates else []


# --- turns ----------------------------------------------------------------------------------

def _turn(state: GameState, player: int, now_ns: int, **turn) -> list[ev.Event]:
    require_phase(state, Phase.PLAYING)
    check_player(player)
    incidents.check_not_sent_back(state)
    if state.clock.running is None:
        # only the player going out, who stopped the clock with the centre button, ends a turn
        if not (turn.get("out") and _stopped_to_go_out(state, player)):
            raise ClockStateError("the clock is neutral: restart it before ending a turn")
    elif state.clock.running != player:
        raise NotYourTurn(f"{state.players[player]}'s clock is not running: it is not their turn")
    return ending_if_zeros(state, [ev.TurnEnded(now_ns, player, **turn)], now_ns)


def _stopped_to_go_out(state: GameState, player: int) -> bool:
    """The player on move neutralised the clock (ASPA 11.1a, ABSP 8.1, NZASP 8.2) and has not
    yet said why: the play-out may follow, the clock having stopped at that press."""
    return state.to_move == player and state.neutral_reason in ("unspecified", "end")


def _play(state, c: cmd.Play, now_ns):
    return _turn(state, c.player, now_ns, kind=TurnKind.PLAY, score=check_score(c.score),
                 blanks=check_blanks(c.blanks), placed=check_placed_fits(state, check_placed(c.placed)))


def _out(state, c: cmd.Out, now_ns):
    check_out_allowed(state)
    if c.score is None:
        return _turn(state, c.player, now_ns, kind=TurnKind.PENDING, out=True)
    return _turn(state, c.player, now_ns, kind=TurnKind.PLAY, score=check_score(c.score),
                 blanks=check_blanks(c.blanks), out=True,
                 placed=check_placed_fits(state, check_placed(c.placed)))


def _press(state, c: cmd.Press, now_ns):
    return _turn(state, c.player, now_ns, kind=TurnKind.PENDING)


def _record(state, c: cmd.Record, now_ns):
    require_phase(state, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT, Phase.ENDED)
    player = check_player(c.player)
    pending = [i for i, t in enumerate(state.turns) if t.player == player and t.kind == TurnKind.PENDING]
    if not pending:
        raise BadTurn(f"{state.players[player]} has no turn waiting to be entered")
    index, turn = pending[-1], state.turns[pending[-1]]
    if c.kind == TurnKind.PLAY:         # blanks declared already (a play sent back) stay
        details = {"score": check_score(c.score), "blanks": check_blanks(c.blanks) or turn.blanks,
                   "placed": check_placed_fits(state, check_placed(c.placed))}
    elif turn.out or turn.challenged or (state.challenge and state.challenge.turn == index):
        raise BadTurn("that turn was a play: enter its score")
    elif c.kind == TurnKind.EXCHANGE:
        check_exchange_allowed(state, before=index)
        details = {"tiles": check_tiles(c.tiles)}
    elif c.kind == TurnKind.PASS:
        details = {}
    else:
        raise BadTurn(f"a turn is a play, an exchange or a pass, not {c.kind!r}")
    return ending_if_zeros(state, [ev.TurnRecorded(now_ns, index, c.kind, **details)], now_ns)


def _exchange(state, c: cmd.Exchange, now_ns):
    check_exchange_allowed(state)
    return _turn(state, c.player, now_ns, kind=TurnKind.EXCHANGE, tiles=check_tiles(c.tiles))


def _pass(state, c: cmd.Pass, now_ns):
    return _turn(state, c.player, now_ns, kind=TurnKind.PASS)


# --- the clock ------------------------------------------------------------------------------

def _start(state, c: cmd.Start, now_ns):
    if state.phase != Phase.SETUP:
        require_phase(state)  # raises the phase's own reason
    first = check_player(c.first)
    if state.starts is not None and first != state.starts:
        names = state.players
        raise NotYourTurn(f"the director has {names[state.starts]} going first: "
                          f"{names[1 - state.starts]} presses their button to start")
    return [ev.GameStarted(now_ns, first)]


def _neutral(state, c: cmd.Neutral, now_ns):
    """The centre button; or, once stopped for no stated reason, the reason given after."""
    require_phase(state, Phase.PLAYING, Phase.OUT)
    reason = str(c.reason or "unspecified")
    if state.clock.running is None and not (state.neutral_reason == "unspecified"
                                            and reason != "unspecified"):
        raise ClockStateError("the clock is already neutral")
    if reason != "unspecified" and reason not in state.rules.clock.neutral_reasons:
        raise ClockStateError(f"these rules allow neutralising the clock only for: "
                              f"{', '.join(state.rules.clock.neutral_reasons)}")
    return [ev.ClockNeutralised(now_ns, reason)]


def _resume(state, c: cmd.Resume, now_ns):
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    if state.clock.running is not None:
        raise ClockStateError("the clock is already running")
    side = state.to_move
    if state.phase == Phase.OUT:
        if player == side:
            raise NotYourTurn("the player who went out restarts the opponent's clock")
        window = state.rules.end.accept_window_s * clk.NS_PER_S
        if now_ns - state.out_ns < window:
            raise ClockStateError(f"the opponent has {state.rules.end.accept_window_s} s to accept "
                                  "or challenge the play-out first")
    if state.rules.clock.resume_by == "waiting" and player == side:
        raise NotYourTurn(f"{state.players[1 - side]}, who waits for the opponent to move, "
                          "restarts the clock")
    return [ev.ClockResumed(now_ns, player, side)]


def _adjust_time(state, c: cmd.AdjustTime, now_ns):
    require_phase(state, Phase.SETUP, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT, Phase.ENDED)
    if isinstance(c.delta_ms, bool) or not isinstance(c.delta_ms, int) or c.delta_ms == 0:
        raise GameError(f"a time correction is a non-zero number of milliseconds, not {c.delta_ms!r}")
    # the command speaks of the time left; the event, of the time charged (used): the opposite sign
    return [ev.TimeAdjusted(now_ns, check_player(c.player), -c.delta_ms * 1_000_000)]


def _tick(state, c: cmd.Tick, now_ns):
    return []


# --- the end of the game --------------------------------------------------------------------

def _rack(state, c: cmd.Rack, now_ns):
    require_phase(state, Phase.ENDED)
    player = check_player(c.player)
    if player not in racks_needed(state):
        raise BadRack(f"no rack is entered for {state.players[player]} after this ending ({state.end})")
    try:
        tiles = normalise_rack(str(c.tiles))
    except ValueError as exc:
        raise BadRack(str(exc)) from None
    bag = state.bag()
    if state.rules.end.full_racks and state.end in NOBODY_OUT and bag and len(tiles) != RACK_SIZE:
        cite = state.rules.cite("end.full_racks")
        raise BadRack(f"the bag still holds {bag} tiles: {state.players[player]} ends the game with a "
                      f"full rack of {RACK_SIZE} tiles, not {len(tiles)}" + (f" ({cite})" if cite else ""))
    return [ev.RackEntered(now_ns, player, tiles)]


def _correct(state, c: cmd.Correct, now_ns):
    if state.phase == Phase.ENDED and state.rules.result.corrections_until == "game_end":
        raise GameOver("under these rules a score may be corrected only before the game ends")
    require_phase(state, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT, Phase.ENDED)
    if isinstance(c.turn, bool) or not isinstance(c.turn, int) or not 1 <= c.turn <= len(state.turns):
        raise BadCorrection(f"there is no turn {c.turn!r} (turns 1 to {len(state.turns)})")
    turn = state.turns[c.turn - 1]
    if turn.kind == TurnKind.PENDING:
        raise BadCorrection(f"turn {c.turn} has not been entered yet")
    if turn.kind != TurnKind.PLAY:
        article = "an" if turn.kind[0] in "aeiou" else "a"
        raise BadCorrection(f"turn {c.turn} is {article} {turn.kind}, which has no score to correct")
    if turn.off:
        why = "challenged off" if turn.phony else "taken off for a false blank"
        raise BadCorrection(f"turn {c.turn} was {why}: it scores 0")
    return [ev.ScoreCorrected(now_ns, c.turn - 1, check_score(c.score))]


WORD_LETTERS = 15           # a play's word: at most the board's width


def _note_word(state, c: cmd.NoteWord, now_ns):
    require_phase(state, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT, Phase.ENDED)
    player = check_player(c.player)
    if isinstance(c.turn, bool) or not isinstance(c.turn, int) or not 1 <= c.turn <= len(state.turns):
        raise BadTurn(f"there is no turn {c.turn!r} (turns 1 to {len(state.turns)})")
    turn = state.turns[c.turn - 1]
    if turn.player != player or turn.kind != TurnKind.PLAY:
        raise BadTurn(f"turn {c.turn} is not a play of {state.players[player]}'s")
    word = c.word.strip() if isinstance(c.word, str) else ""
    if not (2 <= len(word) <= WORD_LETTERS and word.isascii() and word.isalpha()):
        raise BadTurn(f"a word is 2 to {WORD_LETTERS} letters A to Z (a blank's in lower case); "
                      f"got {c.word!r}")
    return [ev.WordNoted(now_ns, player, c.turn - 1, word)]


def _end(state, c: cmd.End, now_ns):
    if state.phase == Phase.ENDED:
        return []      # already over: a forfeit on time, say; the director's end changes nothing
    require_phase(state, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT)
    return [ev.GameEnded(now_ns, EndReason.DIRECTOR)]


def _void(state, c: cmd.Void, now_ns):
    if state.phase == Phase.CONFIRMED:
        raise GameOver("the result is locked (and goes to the director): a locked game is not voided")
    if state.phase == Phase.VOID:
        raise GameOver("the game is already void")
    return [ev.GameVoided(now_ns)]


def _forfeit(state, c: cmd.Forfeit, now_ns):
    require_phase(state, Phase.WAITING, Phase.SETUP, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT)
    if c.reason not in (ForfeitReason.DIRECTOR, ForfeitReason.LATE):
        raise GameError(f"a forfeit's reason is director or late, not {c.reason!r}")
    player = check_player(c.player)
    if c.reason == ForfeitReason.LATE:
        late.check_election(state, player, now_ns)
    return [ev.Forfeited(now_ns, player, c.reason), ev.GameEnded(now_ns, EndReason.FORFEIT)]


def _check_complete(state: GameState) -> None:
    """The result can be confirmed or locked: every turn and every rack it counts entered."""
    require_phase(state, Phase.ENDED)
    pending = [str(i + 1) for i, t in enumerate(state.turns) if t.kind == TurnKind.PENDING]
    if pending:
        raise BadTurn(f"enter what happened on turn {', '.join(pending)} first")
    missing = [state.players[p] for p in racks_needed(state) if state.racks[p] is None]
    if missing:
        raise BadRack(f"enter the unplayed tiles of {' and '.join(missing)} first")


def _confirm(state, c: cmd.Confirm, now_ns):
    _check_complete(state)
    player = check_player(c.player)
    if player in late.no_shows(state):
        here = [state.players[p] for p in signers(state, now_ns)]
        who = f"{' and '.join(here)} confirms it" if here else "the director locks it (the director's menu)"
        raise GameError(f"{state.players[player]} never came to the table: {who}")
    if state.confirmed[player]:
        raise GameError(f"{state.players[player]} has already confirmed")
    events = [ev.ResultConfirmed(now_ns, player)]
    after = replay(state, events)
    if all(after.confirmed[p] for p in signers(after, now_ns)):
        events.append(ev.ResultLocked(now_ns))
    return events


def _lock(state, c: cmd.Lock, now_ns):
    _check_complete(state)
    return [ev.ResultLocked(now_ns)]


def signers(state: GameState, now_ns: int) -> tuple[int, ...]:
    """Who must confirm the result: both players, or the loser where the preset says so; never
    a player who never came to the table (a no-show's forfeit is confirmed by the player who
    was there, whatever the preset says; when neither came, nobody: the director locks it)."""
    winner = compute(state, now_ns).winner
    absent = late.no_shows(state)
    if state.rules.result.sign_off == "loser" and winner is not None and 1 - winner not in absent:
        return (1 - winner,)
    return tuple(p for p in (0, 1) if p not in absent)


_HANDLERS = {
    cmd.Start: _start, cmd.Press: _press, cmd.Record: _record, cmd.Play: _play, cmd.Exchange: _exchange, cmd.Pass: _pass, cmd.Out: _out,
    cmd.Hold: challenges.hold, cmd.Challenge: challenges.challenge, cmd.Rule: challenges.rule,
    cmd.Withdraw: challenges.withdraw, cmd.Accept: challenges.accept,
    cmd.CallStart: late.call_start, cmd.DeclareAbsent: late.declare_absent, cmd.Arrive: late.arrive, cmd.Neutral: _neutral, cmd.Resume: _resume, cmd.Rack: _rack,
    cmd.Correct: _correct, cmd.NoteWord: _note_word, cmd.End: _end, cmd.Reopen: incidents.found, cmd.Forfeit: _forfeit, cmd.Void: _void,
    cmd.SendBack: incidents.send_back, cmd.Declare: incidents.declare, cmd.NoBlank: incidents.no_blank,
    cmd.FalseBlank: incidents.false_blank, cmd.ClockIn: incidents.clock_in,
    cmd.Recheck: challenges.recheck,
    cmd.AdjustTime: _adjust_time,
    cmd.Confirm: _confirm, cmd.Lock: _lock, cmd.Tick: _tick,
}


def step(state: GameState, command, now_ns: int) -> tuple[GameState, list[ev.Event]]:
    """decide, then apply: the new state and the events that made it (for tests and replay)."""
    events = decide(state, command, now_ns)
    return replay(state, events), events


__all__ = ["decide", "due", "step", "signers"]
