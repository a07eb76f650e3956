"""Holds, challenges, verdicts and play-outs: the handlers for those commands (pure).

One verdict covers all the words of a challenge; its outcome follows the preset: the play comes
off, or the challenged player gains points, or the challenger loses the turn. A word named twice
counts once (judge.clean_words). Before the clock restarts either player may have the verdict
checked again (a recheck, an appeal), as often as the preset allows: the new verdict replaces the
old one and its outcome is worked out afresh.
"""
from __future__ import annotations

from . import clock as clk
from . import commands as cmd
from . import events as ev
from .checks import check_player, ending_if_zeros, require_phase
from .incidents import check_not_sent_back
from .errors import ChallengeRefused, ClockStateError, GameError, NotYourTurn
from .frozen import value
from .judge import clean_words
from .state import GameState, replay
from .vocabulary import EndReason, Phase


def _challengeable(state: GameState, player: int) -> tuple[int, object]:
    last = state.last_play
    if last is None:
        raise ChallengeRefused("there is no play to challenge")
    index, turn = last
    if player != state.challenger:
        raise ChallengeRefused("a player cannot challenge their own play")
    return index, turn


def hold(state, c: cmd.Hold, now_ns):
    """The opponent considers a challenge: on their own running time, or after a play-out."""
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    index, _ = _challengeable(state, player)
    check_not_sent_back(state)
    if state.clock.running != player and not (state.phase == Phase.OUT and state.clock.running is None):
        raise ClockStateError("a hold is called while the holder's clock runs")
    if state.hold is not None:
        raise ChallengeRefused("the play is already held")
    return [ev.HoldCalled(now_ns, player, index)]


def challenge(state, c: cmd.Challenge, now_ns):
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    index, _ = _challengeable(state, player)
    check_not_sent_back(state)
    if state.clock.running not in (None, player):
        raise ClockStateError("a challenge is made on the challenger's own time")
    held = hold_status(state, now_ns)
    if held is not None and held.lapsed:
        raise ChallengeRefused(f"the hold lapsed after {state.rules.hold.lapse_s} s: the play stands")
    opened = [ev.ChallengeOpened(now_ns, player, index)]
    if c.valid is None:
        return opened
    return opened + _ruling(replay(state, opened), tuple(c.words), c.valid, now_ns)


def _no_open_challenge(state: GameState, what: str) -> None:
    """The truth when there is no open challenge to ``what`` (rule on, withdraw)."""
    if state.phase in (Phase.PLAYING, Phase.OUT) and state.challenge is None:
        held = " (a hold is not a challenge)" if state.hold is not None else ""
        raise ChallengeRefused(f"there is no open challenge to {what}{held}")


def rule(state, c: cmd.Rule, now_ns):
    _no_open_challenge(state, "rule on")
    require_phase(state, Phase.CHALLENGE)
    if c.by is not None and check_player(c.by) != state.verdict_player:
        name = state.players[state.verdict_player]
        raise NotYourTurn(f"{name} presses their button for the verdict")
    return _ruling(state, tuple(c.words), c.valid, now_ns)


def _ruling(state: GameState, words: tuple[str, ...], valid, now_ns: int) -> list[ev.Event]:
    """The verdict on the open challenge and the preset's outcome."""
    if not isinstance(valid, bool):
        raise ChallengeRefused(f"a verdict is acceptable (true) or not (false), not {valid!r}")
    try:
        words = clean_words(words, state.rules.challenge.max_words)
    except ValueError as exc:
        raise ChallengeRefused(str(exc)) from None
    challenger, index = state.challenge.player, state.challenge.turn
    ruled = [ev.ChallengeRuled(now_ns, challenger, index, words, valid)]
    return ruled + _outcome(replay(state, ruled), challenger, index, words, valid, now_ns)


def _outcome(state: GameState, challenger: int, index: int, words: tuple[str, ...], valid: bool,
             now_ns: int) -> list[ev.Event]:
    """What a verdict does, in ``state`` where the verdict is recorded: the play comes off, or
    the preset's cost of challenging an acceptable play; then the end it brings, if any."""
    turn = state.turns[index]
    events: list[ev.Event] = []
    if not valid:
        events.append(ev.PhonyWithdrawn(now_ns, index))
        return ending_if_zeros(state, events, now_ns)
    rule = state.rules.challenge
    if not (turn.out and rule.final_play_exempt):
        if rule.outcome_valid == "points_per_challenge" and rule.points:
            events.append(ev.ChallengeBonus(now_ns, turn.player, index, rule.points))
        elif rule.outcome_valid == "points_per_word" and rule.points:
            events.append(ev.ChallengeBonus(now_ns, turn.player, index, rule.points * len(words)))
        elif rule.outcome_valid == "challenger_loses_turn" and not turn.out:
            events.append(ev.TurnLost(now_ns, challenger))
    if turn.out:
        return events + [ev.GameEnded(now_ns, EndReason.OUT)]
    return ending_if_zeros(state, events, now_ns)


def withdraw(state, c: cmd.Withdraw, now_ns):
    _no_open_challenge(state, "withdraw")
    require_phase(state, Phase.CHALLENGE)
    mode = state.rules.challenge.withdraw
    cite = state.rules.cite("challenge.withdraw")
    rule = f" ({cite})" if cite else ""
    if mode == "never":
        raise ChallengeRefused(f"once the clock is neutralised a challenge cannot be withdrawn{rule}")
    if mode == "both_agree" and not c.agreed:
        raise ChallengeRefused(f"a challenge is withdrawn only if both players agree{rule}")
    if check_player(c.player) != state.challenge.player:
        raise ChallengeRefused("only the challenger may withdraw a challenge")
    return [ev.ChallengeWithdrawn(now_ns, c.player, state.challenge.turn)]


def recheck(state, c: cmd.Recheck, now_ns):
    """The latest verdict checked again, before the clock restarts (see the module's docstring)."""
    require_phase(state, Phase.PLAYING, Phase.ENDED)
    player = check_player(c.player)
    ruling = state.ruling
    if ruling is None:
        raise ChallengeRefused("there is no verdict to check again: a recheck is asked for before "
                               "the clock restarts")
    allowed = state.rules.challenge.rechecks
    cite = state.rules.cite("challenge.rechecks")
    rule = f" ({cite})" if cite else ""
    if ruling.rechecks >= allowed:
        raise ChallengeRefused(f"these rules allow no recheck of a verdict{rule}" if not allowed else
                               f"the verdict was checked again already: it is final{rule}")
    if not isinstance(c.valid, bool):
        raise ChallengeRefused(f"a verdict is acceptable (true) or not (false), not {c.valid!r}")
    rechecked = [ev.ChallengeRechecked(now_ns, player, ruling.turn, c.valid)]
    return rechecked + _outcome(replay(state, rechecked), ruling.player, ruling.turn, ruling.words,
                                c.valid, now_ns)


def accept(state, c: cmd.Accept, now_ns):
    require_phase(state, Phase.OUT)
    player = check_player(c.player)
    if player == state.turns[-1].player:
        raise GameError("the opponent of the player who went out accepts the play-out")
    check_not_sent_back(state)
    return [ev.PlayOutAccepted(now_ns, player), ev.GameEnded(now_ns, EndReason.OUT)]


@value
class HoldStatus:
    """What the hold timers say, for the screen: seconds held and what is allowed now."""
    player: int
    held_s: int
    may_accept: bool        # the holder has had the minimum time to see the play
    may_draw: bool          # the held player may draw (keeping the tiles apart)
    lapsed: bool            # the hold lapsed: the play can no longer be challenged


def hold_status(state: GameState, now_ns: int) -> HoldStatus | None:
    if state.hold is None:
        return None
    rules = state.rules.hold
    held = max(0, now_ns - state.hold.at_ns) // clk.NS_PER_S
    return HoldStatus(
        player=state.hold.player, held_s=held,
        may_accept=held >= rules.min_view_s,
        may_draw=rules.draw_after_s >= 0 and held >= rules.draw_after_s,
        lapsed=bool(rules.lapse_s) and held >= rules.lapse_s,
    )
