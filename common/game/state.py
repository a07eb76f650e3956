"""A game's state, and ``apply(state, event) -> state``: folding one event in.

``apply`` trusts its event (``game.decide`` judged the command that made it) and does no
checking beyond what keeps the state coherent. State is frozen: every event makes a new one.
"""
from __future__ import annotations

from . import clock as clk
from . import events as ev
from .frozen import evolve, value
from .rebase import rebase
from .rules import Rules
from .vocabulary import EndReason, ForfeitReason, Phase, TurnKind


@value
class Turn:
    player: int
    kind: TurnKind                  # play, exchange, pass, pending, or lost (to a challenge)
    score: int = 0                  # as entered, or as last corrected
    tiles: int = 0                  # tiles exchanged
    blanks: str = ""
    out: bool = False               # the play went out
    placed: int = 0                 # tiles put on the board (0 = not entered)
    phony: bool = False             # challenged off: tiles back, scores 0
    false_blank: bool = False       # taken off for a false blank (school 7): tiles back, scores 0
    challenged: bool = False
    bonus: int = 0                  # challenge points this play earned its player
    corrected: bool = False         # the score was corrected after it was entered
    declared: bool = False          # its blank declared after a send-back (NZASP 6.2.2): once only
    word: str = ""                  # the word its player noted for it ("" : none)
    at_ns: int = 0

    @property
    def off(self) -> bool:
        """The play came off the board: challenged off, or a false blank."""
        return self.phony or self.false_blank

    @property
    def points(self) -> int:
        return 0 if self.off else self.score

    @property
    def zero_kind(self) -> str | None:
        """How this turn counts towards a zero-score run (see ZeroRunRules.counts), if at all: a
        play taken off for a false blank counts as one challenged off (school 7 and 12)."""
        if self.off:
            return "phony"
        if self.kind == TurnKind.PENDING:
            return None
        if self.kind == TurnKind.PLAY:
            return "zero_play" if self.score == 0 else None
        return self.kind

    @property
    def label(self) -> str:
        """The turn as its result's row names it (one of vocabulary.TURN_LABELS)."""
        return "phony" if self.phony else "false_blank" if self.false_blank else self.kind


@value
class HoldState:
    player: int
    turn: int
    at_ns: int


@value
class OpenChallenge:
    player: int
    turn: int
    at_ns: int


@value
class ForfeitState:
    player: int                     # the first (or only) player to forfeit
    reason: ForfeitReason
    both: bool = False              # both players forfeited (both absent past the limit)


@value
class Ruling:
    """The latest verdict, while it may still be rechecked (before the clock restarts)."""
    player: int                     # the challenger
    turn: int
    words: tuple[str, ...]
    valid: bool
    rechecks: int = 0               # rechecks of this verdict so far


#: Tiles in the bag once both players have drawn their seven (100 - 2 x 7).
BAG_AFTER_DRAW = 86

@value
class GameState:
    rules: Rules
    clock: clk.Clock
    round: int = 1
    players: tuple[str, str] = ("Player 1", "Player 2")
    phase: Phase = Phase.SETUP
    starts: int | None = None       # who the director's draw has going first, if it says (setup)
    first: int | None = None        # who went first
    turns: tuple[Turn, ...] = ()
    hold: HoldState | None = None
    challenge: OpenChallenge | None = None
    neutral_reason: str | None = None
    racks: tuple[str | None, str | None] = (None, None)
    end: EndReason | None = None
    forfeit: ForfeitState | None = None
    confirmed: tuple[bool, bool] = (False, False)
    start_called_ns: int | None = None          # the director's start call of the round, if any
    absent: tuple[int, ...] = ()                # who was absent at it (or declared so since)
    arrivals: tuple[int | None, int | None] = (None, None)
    late_penalty: tuple[int, int] = (0, 0)
    late_ns: tuple[int, int] = (0, 0)           # clock time charged for arriving late
    sent_back: int | None = None    # the turn sent back for its blank to be declared (NZASP 6.2.2)
    sent_back_from: tuple[int | None, int] = (None, 0)  # at the send-back: whose clock ran (None:
                                    # neutral), the mover's time used (to undo it: SendBackUndone)
    clock_brought_in: bool = False  # the time left was divided for a clock brought in (ASPA 2.2)
    out_ns: int | None = None       # the play-out made: its press, or its blank declared after a
                                    # send-back (NZASP 6.2.2); the accept window runs from it
    ruling: Ruling | None = None    # the latest verdict, while it may be rechecked
    last_ns: int | None = None      # instant of the latest event

    @property
    def to_move(self) -> int | None:
        """Whose turn it is: turns alternate, a lost turn included."""
        if self.first is None:
            return None
        return self.first if not self.turns else 1 - self.turns[-1].player

    def scores(self) -> tuple[int, int]:
        """Cumulative scores as on the score sheet: turn points plus challenge points."""
        totals = [0, 0]
        for turn in self.turns:
            totals[turn.player] += turn.points + turn.bonus
        return totals[0], totals[1]

    def bag(self, before: int | None = None) -> int | None:
        """Tiles left in the bag (before turn index ``before``, if given), when every play so far
        gave the tiles it placed, and at least one did (else None: the kiosk is not counting):
        each placed tile was replaced from the bag; a phony's tiles went back to the rack."""
        placed, counted = 0, False
        for turn in self.turns[:before]:
            if turn.kind == TurnKind.PENDING or (turn.kind == TurnKind.PLAY and not turn.off and not turn.placed):
                return None
            if turn.kind == TurnKind.PLAY and not turn.off:
                placed, counted = placed + turn.placed, True
        return max(0, BAG_AFTER_DRAW - placed) if counted else None

    def tiles_on_board(self) -> int:
        """Tiles the plays still on the board placed, as entered (a play taken off put back its
        own): never more than the set holds (tiles.SET_SIZE) in a game that can happen."""
        return sum(t.placed for t in self.turns if t.kind == TurnKind.PLAY and not t.off)

    @property
    def time_runs(self) -> bool:
        """Whether time counts against someone: a player's clock runs, or a late player is
        awaited (their absence is charged when they arrive)."""
        if self.phase == Phase.WAITING:
            return True
        return self.clock.running is not None and not self.clock.stopped

    @property
    def challenger(self) -> int | None:
        """Who may challenge the last play, if there is one that may still be challenged."""
        last = self.last_play
        return None if last is None else 1 - last[1].player

    @property
    def verdict_player(self) -> int | None:
        """Who presses for the verdict on the open challenge (the preset's challenge.verdict_by)."""
        if self.challenge is None:
            return None
        if self.rules.challenge.verdict_by == "challenger":
            return self.challenge.player
        return self.turns[self.challenge.turn].player

    @property
    def last_play(self) -> tuple[int, Turn] | None:
        """The most recent turn, with its index, if it is a play that may still be challenged."""
        if not self.turns:
            return None
        index, turn = len(self.turns) - 1, self.turns[-1]
        if turn.kind not in (TurnKind.PLAY, TurnKind.PENDING) or turn.off or turn.challenged:
            return None
        if turn.out and self.phase not in (Phase.OUT, Phase.CHALLENGE):
            return None                 # a play-out accepted (and reopened since) stands
        return index, turn


def new_game(rules: Rules, round: int = 1, players: tuple[str, str] = ("Player 1", "Player 2"),
             starts: int | None = None) -> GameState:
    """A game set up and not started: ``starts`` is who the director's draw has going first
    (0 or 1; None: the players decide), and then a ``Start`` for the other is refused."""
    if starts is not None and (isinstance(starts, bool) or starts not in (0, 1)):
        raise ValueError(f"who starts is player 0, 1 or nobody yet (None), not {starts!r}")
    budget = rules.clock.time_per_side_s * clk.NS_PER_S
    return GameState(rules=rules, clock=clk.Clock(budget_ns=budget), round=round, players=tuple(players),
                     starts=starts)


def _set_turn(state: GameState, index: int, **changes) -> GameState:
    turns = list(state.turns)
    turns[index] = evolve(turns[index], **changes)
    return evolve(state, turns=tuple(turns))


def _pair(values: tuple, index: int, value) -> tuple:
    out = list(values)
    out[index] = value
    return tuple(out)


def _start_called(s: GameState, e: ev.StartCalled) -> GameState:
    return evolve(s, phase=Phase.WAITING if e.absent else Phase.SETUP, start_called_ns=e.at_ns,
                  absent=e.absent)


def _absent_declared(s: GameState, e: ev.AbsentDeclared) -> GameState:
    return evolve(s, phase=Phase.WAITING, absent=tuple(sorted(set(s.absent) | set(e.absent))))


def _arrived(s: GameState, e: ev.Arrived) -> GameState:
    s = evolve(s, arrivals=_pair(s.arrivals, e.player, e.at_ns),
                late_penalty=_pair(s.late_penalty, e.player, s.late_penalty[e.player] + e.penalty),
                late_ns=_pair(s.late_ns, e.player, s.late_ns[e.player] + e.charged_ns),
                clock=clk.adjust(s.clock, e.player, e.charged_ns) if e.charged_ns else s.clock)
    everyone_here = all(s.arrivals[p] is not None for p in s.absent)
    return evolve(s, phase=Phase.SETUP) if everyone_here else s


def _game_started(s: GameState, e: ev.GameStarted) -> GameState:
    return evolve(s, phase=Phase.PLAYING, first=e.first, clock=clk.start(s.clock, e.first, e.at_ns))


def _turn_ended(s: GameState, e: ev.TurnEnded) -> GameState:
    turn = Turn(player=e.player, kind=e.kind, score=e.score, tiles=e.tiles, blanks=e.blanks,
                out=e.out, placed=e.placed, at_ns=e.at_ns)
    s = evolve(s, turns=s.turns + (turn,), hold=None, ruling=None)
    if e.out:
        return evolve(s, phase=Phase.OUT, neutral_reason="play_out", clock=clk.neutralise(s.clock, e.at_ns),
                      out_ns=e.at_ns)
    return evolve(s, clock=clk.run(s.clock, 1 - e.player, e.at_ns))


def _turn_recorded(s: GameState, e: ev.TurnRecorded) -> GameState:
    return _set_turn(s, e.turn, kind=e.kind, score=e.score, tiles=e.tiles, blanks=e.blanks,
                     placed=e.placed)


def _hold_called(s: GameState, e: ev.HoldCalled) -> GameState:
    return evolve(s, hold=HoldState(e.player, e.turn, e.at_ns))


def _neutralised(s: GameState, e: ev.ClockNeutralised) -> GameState:
    return evolve(s, clock=clk.neutralise(s.clock, e.at_ns), neutral_reason=e.reason)


def _resumed(s: GameState, e: ev.ClockResumed) -> GameState:
    return evolve(s, clock=clk.run(s.clock, e.side, e.at_ns), neutral_reason=None, ruling=None)


def _challenge_opened(s: GameState, e: ev.ChallengeOpened) -> GameState:
    return evolve(s, phase=Phase.CHALLENGE, challenge=OpenChallenge(e.player, e.turn, e.at_ns),
                   clock=clk.neutralise(s.clock, e.at_ns), neutral_reason="challenge")


def _challenge_closed(s: GameState, at_ns: int) -> GameState:
    return evolve(s, phase=Phase.PLAYING, challenge=None, hold=None,
                   clock=clk.neutralise(s.clock, at_ns), neutral_reason="challenge")


def _challenge_ruled(s: GameState, e: ev.ChallengeRuled) -> GameState:
    s = evolve(s, ruling=Ruling(e.player, e.turn, e.words, e.valid))
    return _set_turn(_challenge_closed(s, e.at_ns), e.turn, challenged=True)


def _challenge_withdrawn(s: GameState, e: ev.ChallengeWithdrawn) -> GameState:
    return _challenge_closed(s, e.at_ns)


def _phony_withdrawn(s: GameState, e: ev.PhonyWithdrawn) -> GameState:
    return _set_turn(s, e.turn, phony=True)


def _challenge_bonus(s: GameState, e: ev.ChallengeBonus) -> GameState:
    return _set_turn(s, e.turn, bonus=s.turns[e.turn].bonus + e.points)


def _turn_lost(s: GameState, e: ev.TurnLost) -> GameState:
    return evolve(s, turns=s.turns + (Turn(player=e.player, kind=TurnKind.LOST, at_ns=e.at_ns),))


def _play_out_accepted(s: GameState, e: ev.PlayOutAccepted) -> GameState:
    return s


def _game_ended(s: GameState, e: ev.GameEnded) -> GameState:
    return evolve(s, phase=Phase.ENDED, end=e.reason, hold=None, challenge=None, sent_back=None,
                   clock=clk.stop(s.clock, e.at_ns), neutral_reason=None)


def _game_reopened(s: GameState, e: ev.GameReopened) -> GameState:
    return evolve(s, phase=Phase.PLAYING, end=None, racks=(None, None), confirmed=(False, False),
                   clock=clk.reopen(s.clock, e.at_ns), neutral_reason="reopened", ruling=None)


def _tiles_found(s: GameState, e: ev.TilesFound) -> GameState:
    """During play nothing changes (the bag's count already held them); after the end the
    player who takes them enters their rack again (a GameReopened follows if play resumes)."""
    if e.to < 0:
        return s
    return evolve(s, racks=_pair(s.racks, e.to, None), confirmed=(False, False), ruling=None)


def _turn_sent_back(s: GameState, e: ev.TurnSentBack) -> GameState:
    mover = s.turns[e.turn].player
    before = (s.clock.running, clk.used(s.clock, mover, e.at_ns))
    return evolve(s, clock=clk.run(s.clock, mover, e.at_ns), sent_back=e.turn, hold=None,
                  sent_back_from=before)


def _send_back_undone(s: GameState, e: ev.SendBackUndone) -> GameState:
    """As if the play had not been sent back: the clock that ran before it runs again, charged
    with the time since (a play-out waits again, as at its declaration); the play stands as
    entered, and is not sent back again."""
    mover, ran = s.turns[e.turn].player, s.sent_back_from[0]
    s = _set_turn(s, e.turn, declared=True)
    if s.phase == Phase.OUT:
        clock = clk.move(clk.neutralise(s.clock, e.at_ns), mover, ran, e.moved_ns)
        return evolve(s, clock=clock, sent_back=None, neutral_reason="play_out", out_ns=e.at_ns)
    return evolve(s, clock=clk.move(clk.run(s.clock, ran, e.at_ns), mover, ran, e.moved_ns), sent_back=None)


def _blank_declared(s: GameState, e: ev.BlankDeclared) -> GameState:
    """The blank declared: the opponent's clock runs again; or, for a play-out, the clock stops
    again and the play-out waits for the opponent as it did at its press (its window anew)."""
    s = _set_turn(s, e.turn, blanks=e.blanks, declared=True)
    if s.phase == Phase.OUT:
        return evolve(s, clock=clk.neutralise(s.clock, e.at_ns), sent_back=None,
                      neutral_reason="play_out", out_ns=e.at_ns)
    return evolve(s, clock=clk.run(s.clock, 1 - s.turns[e.turn].player, e.at_ns), sent_back=None)


def _false_blank_found(s: GameState, e: ev.FalseBlankFound) -> GameState:
    s = _set_turn(s, e.turn, false_blank=True)
    return evolve(s, phase=Phase.PLAYING, hold=None, ruling=None, neutral_reason="false_blank",
                  clock=clk.neutralise(s.clock, e.at_ns))


def _time_divided(s: GameState, e: ev.TimeDivided) -> GameState:
    clock = s.clock
    for side in (0, 1):
        clock = clk.adjust(clock, side, e.each_ns - clk.used(clock, side, e.at_ns))
    return evolve(s, clock=clock, clock_brought_in=True)


def _challenge_rechecked(s: GameState, e: ev.ChallengeRechecked) -> GameState:
    """The old verdict's outcome undone (its outcome events follow): the play back on the board
    with no challenge points, a turn lost for it given back, an ending it brought undone."""
    turns = list(s.turns)
    if len(turns) > e.turn + 1 and turns[-1].kind == TurnKind.LOST:
        turns.pop()
    turns[e.turn] = evolve(turns[e.turn], phony=False, bonus=0)
    s = evolve(s, turns=tuple(turns), ruling=evolve(s.ruling, valid=e.valid, rechecks=s.ruling.rechecks + 1))
    if s.phase == Phase.ENDED:
        s = evolve(s, phase=Phase.PLAYING, end=None, racks=(None, None), confirmed=(False, False),
                   clock=clk.reopen(s.clock, e.at_ns))
    return evolve(s, neutral_reason="challenge")


def _game_voided(s: GameState, e: ev.GameVoided) -> GameState:
    clock = s.clock if s.clock.stopped or not s.clock.started else clk.stop(s.clock, e.at_ns)
    return evolve(s, phase=Phase.VOID, hold=None, challenge=None, sent_back=None, clock=clock,
                  neutral_reason=None)


def _rack_entered(s: GameState, e: ev.RackEntered) -> GameState:
    return evolve(s, racks=_pair(s.racks, e.player, e.tiles), confirmed=(False, False), ruling=None)


def _score_corrected(s: GameState, e: ev.ScoreCorrected) -> GameState:
    return evolve(_set_turn(s, e.turn, score=e.score, corrected=True), confirmed=(False, False))


def _word_noted(s: GameState, e: ev.WordNoted) -> GameState:
    return _set_turn(s, e.turn, word=e.word)


def _time_adjusted(s: GameState, e: ev.TimeAdjusted) -> GameState:
    return evolve(s, clock=clk.adjust(s.clock, e.player, e.delta_ns), confirmed=(False, False))


def _forfeited(s: GameState, e: ev.Forfeited) -> GameState:
    if s.forfeit is not None and s.forfeit.player != e.player:          # the other forfeits too
        return evolve(s, forfeit=evolve(s.forfeit, both=True), ruling=None)
    return evolve(s, forfeit=ForfeitState(e.player, e.reason), ruling=None)


def _recovered(s: GameState, e: ev.Recovered) -> GameState:
    return rebase(s, e.from_ns, e.at_ns)


def _result_confirmed(s: GameState, e: ev.ResultConfirmed) -> GameState:
    return evolve(s, confirmed=_pair(s.confirmed, e.player, True), ruling=None)


def _result_locked(s: GameState, e: ev.ResultLocked) -> GameState:
    return evolve(s, phase=Phase.CONFIRMED)


_APPLY = {
    ev.StartCalled: _start_called, ev.AbsentDeclared: _absent_declared, ev.Arrived: _arrived, ev.GameStarted: _game_started,
    ev.TurnEnded: _turn_ended, ev.TurnRecorded: _turn_recorded,
    ev.HoldCalled: _hold_called,
    ev.ClockNeutralised: _neutralised, ev.ClockResumed: _resumed,
    ev.ChallengeOpened: _challenge_opened, ev.ChallengeRuled: _challenge_ruled,
    ev.ChallengeWithdrawn: _challenge_withdrawn, ev.PhonyWithdrawn: _phony_withdrawn,
    ev.ChallengeBonus: _challenge_bonus, ev.TurnLost: _turn_lost,
    ev.PlayOutAccepted: _play_out_accepted, ev.GameEnded: _game_ended,
    ev.GameReopened: _game_reopened, ev.GameVoided: _game_voided, ev.RackEntered: _rack_entered,
    ev.TilesFound: _tiles_found, ev.TurnSentBack: _turn_sent_back, ev.BlankDeclared: _blank_declared,
    ev.SendBackUndone: _send_back_undone,
    ev.FalseBlankFound: _false_blank_found, ev.TimeDivided: _time_divided,
    ev.ChallengeRechecked: _challenge_rechecked,
    ev.ScoreCorrected: _score_corrected, ev.WordNoted: _word_noted,
    ev.TimeAdjusted: _time_adjusted, ev.Forfeited: _forfeited,
    ev.Recovered: _recovered, ev.ResultConfirmed: _result_confirmed, ev.ResultLocked: _result_locked,
}
assert set(_APPLY) == set(ev.EVENT_TYPES.values()), "every event type needs an apply step"


def apply(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``."""
    state = _APPLY[type(event)](state, event)
    return evolve(state, last_ns=event.at_ns)


def replay(state: GameState, events) -> GameState:
    for event in events:
        state = apply(state, event)
    return state
