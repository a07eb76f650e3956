"""The result of a game: final scores, winner, spread, and every adjustment itemised.

final[p] = turn points + challenge points + rack adjustment - overtime penalty - late penalty
           + forfeit adjustment + spread-cap adjustment
Computed from the state at ``now_ns`` (a game still running gives a provisional result).

A forfeit's margin is the preset's, exactly or at least (the margin on the scores if greater):
the forfeit adjustment moves the winner's score to it. When both players forfeit (both absent
past the limit) there is no winner: ``forfeit`` lists both, each with a loss and
``each_spread`` (minus the preset's late-forfeit spread), and the scores stay 0-0.
The time used counts a late player's absence from the start call, as their clock did.
Under rules that count bonus words (``result.bonus_words``, NZASP 9.2, 10.2) the result carries
each player's: their plays of all seven tiles (``placed`` 7) that stayed on the board.
"""
from __future__ import annotations

from enum import StrEnum

from . import clock as clk
from .frozen import value
from .late import pending_charge
from .state import GameState
from .tiles import RACK_SIZE, rack_value
from .vocabulary import NOBODY_OUT, EndReason, ForfeitReason, Phase, TurnKind


@value
class TurnLine:
    player: int
    type: str           # play, exchange, pass, phony (challenged off), lost (turn lost)
    score: int
    cumulative: int     # the player's running total, challenge points included
    word: str = ""      # the word its player noted ("": none; left out of to_dict)


@value
class Result:
    final: tuple[int, int]
    winner: int | None
    spread: int                         # player 0 minus player 1, after caps
    end: str | None                     # out, zeros, time, forfeit, director; None while playing
    turn_points: tuple[int, int]
    challenge_points: tuple[int, int]
    rack_adjust: tuple[int, int]
    overtime_penalty: tuple[int, int]
    late_penalty: tuple[int, int]
    forfeit_adjust: tuple[int, int]
    cap_adjust: tuple[int, int]
    time_used_ms: tuple[int, int]
    turns: tuple[TurnLine, ...]
    racks_missing: tuple[int, ...]      # players whose unplayed tiles are still to be entered
    forfeit: dict | None
    confirmed: bool
    bonus_words: tuple[int, int] | None = None  # None: the rules count none (left out of to_dict)

    def to_dict(self) -> dict:
        """Plain data, as JSON has it: lists, and the vocabulary as its text."""
        out = _plain(self)
        if self.bonus_words is None:
            del out["bonus_words"]
        return out


def _plain(value):
    """``dataclasses.asdict`` as JSON has it, without asdict's deep copies."""
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, TurnLine) and not value.word:        # older documents' turns
        return {name: _plain(item) for name, item in vars(value).items() if name != "word"}
    if isinstance(value, (Result, TurnLine)):
        return {name: _plain(item) for name, item in vars(value).items()}
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def racks_needed(state: GameState) -> tuple[int, ...]:
    """The players whose unplayed tiles the result needs."""
    if state.end == EndReason.OUT:
        return (1 - state.turns[-1].player,)
    if state.end in NOBODY_OUT:
        return (0, 1)
    return ()


def _rack_adjust(state: GameState) -> list[int]:
    adjust = [0, 0]
    racks = [rack_value(r) if r else 0 for r in state.racks]
    if state.end == EndReason.OUT:
        out = state.turns[-1].player
        adjust[out] += state.rules.end.out_bonus_multiplier * racks[1 - out]
        if state.rules.end.opponent_minus_own:
            adjust[1 - out] -= racks[1 - out]
    elif state.end in NOBODY_OUT:
        adjust = [-racks[0], -racks[1]]
    return adjust


def overtime_penalties(state: GameState, now_ns: int) -> list[int]:
    rules = state.rules.clock
    return [clk.overtime_penalty_ns(clk.overtime_ns(state.clock, p, now_ns, rules.overtime_counts),
                                    rules.overtime_penalty_points, rules.overtime_penalty_period_s)
            for p in (0, 1)]


def _forfeit_margin(state: GameState) -> tuple[int, str]:
    """The forfeit's margin and whether it is exactly that or at least it."""
    reason, rules = state.forfeit.reason, state.rules
    if reason == ForfeitReason.OVERTIME:
        return rules.clock.overtime_forfeit_spread, rules.clock.overtime_forfeit_margin
    if reason == ForfeitReason.LATE:
        return rules.late.forfeit_spread, rules.late.forfeit_margin
    return rules.result.forfeit_spread, rules.result.forfeit_margin


def _forfeit_record(state: GameState) -> dict | None:
    forfeit = state.forfeit
    if forfeit is None:
        return None
    if forfeit.both:
        return {"players": [0, 1], "reason": forfeit.reason, "each_spread": -_forfeit_margin(state)[0]}
    return {"player": forfeit.player, "reason": forfeit.reason}


def _turn_lines(state: GameState) -> tuple[TurnLine, ...]:
    running, lines = [0, 0], []
    for turn in state.turns:
        running[turn.player] += turn.points + turn.bonus
        lines.append(TurnLine(turn.player, turn.label, turn.points, running[turn.player], turn.word))
    return tuple(lines)


def bonus_words(state: GameState) -> tuple[int, int]:
    """Each player's bonus words: plays of all seven tiles (``placed`` 7) still on the board."""
    count = [0, 0]
    for turn in state.turns:
        if turn.kind == TurnKind.PLAY and not turn.off and turn.placed == RACK_SIZE:
            count[turn.player] += 1
    return count[0], count[1]


def compute(state: GameState, now_ns: int) -> Result:
    turn_points, bonus = [0, 0], [0, 0]
    for turn in state.turns:
        turn_points[turn.player] += turn.points
        bonus[turn.player] += turn.bonus
    racks = _rack_adjust(state)
    overtime = overtime_penalties(state, now_ns)
    late = state.late_penalty
    score = [turn_points[p] + bonus[p] + racks[p] - overtime[p] - late[p] for p in (0, 1)]

    forfeit_adjust, winner = [0, 0], None
    if state.forfeit is not None and not state.forfeit.both:
        winner = 1 - state.forfeit.player
        margin, mode = _forfeit_margin(state)
        short = margin - (score[winner] - score[1 - winner])
        if short > 0 or (short and mode == "exactly"):
            forfeit_adjust[winner] = short
            score[winner] += short
    elif state.end is not None and state.forfeit is None:
        winner = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)

    cap_adjust = [0, 0]
    cap = state.rules.spread_cap(state.round)
    if cap is not None and winner is not None and score[winner] - score[1 - winner] > cap:
        cap_adjust[winner] = cap - (score[winner] - score[1 - winner])   # the winner's score is lowered
        score[winner] += cap_adjust[winner]

    return Result(
        final=(score[0], score[1]), winner=winner, spread=score[0] - score[1], end=state.end,
        turn_points=tuple(turn_points), challenge_points=tuple(bonus), rack_adjust=tuple(racks),
        overtime_penalty=tuple(overtime), late_penalty=late, forfeit_adjust=tuple(forfeit_adjust),
        cap_adjust=tuple(cap_adjust),
        time_used_ms=tuple((clk.used(state.clock, p, now_ns) + pending_charge(state, p, now_ns)) // 1_000_000
                           for p in (0, 1)),
        turns=_turn_lines(state),
        racks_missing=tuple(p for p in racks_needed(state) if state.racks[p] is None),
        forfeit=_forfeit_record(state),
        confirmed=state.phase == Phase.CONFIRMED,
        bonus_words=bonus_words(state) if state.rules.result.bonus_words else None,
    )
