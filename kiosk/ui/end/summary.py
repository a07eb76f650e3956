"""The end of a game in words: the banner over both halves once the game is over (who went out,
why it ended, the result confirmed or the game void), the result itself once it is complete (who
won, both final scores and the margin, or a tie: ``result_lines``, what both players are asked to
confirm, shown large by the clock screen and on the players' own displays), what each player's half
notes while the result waits for both confirmations, and each final score with what went into it
beyond the turns. Pure (no pygame); the clock screen shows them (kiosk.ui.clock.screen).

``target`` is what the keyboard must enter before the result can be confirmed, as the clock
screen works it out (kiosk.ui.clock.screen.entry_target): ("turn" or "rack", index, player), or
None.
"""
from __future__ import annotations

from common.game.game import signers
from common.game.result import Result, racks_needed
from common.game.state import GameState
from common.game.vocabulary import Phase, TurnKind
from kiosk.ui.widgets.words import end_reason


def banner(state: GameState, target) -> tuple[str, ...]:
    """The banner's lines once a player went out or the game is over; () before that."""
    names = state.players
    if state.phase == Phase.OUT:
        went_out = state.turns[-1].player
        return (f"{names[went_out]} WENT OUT",
                f"{names[1 - went_out]}: your button ACCEPTS  ·  centre CHALLENGES")
    if state.phase == Phase.ENDED:
        if state.forfeit is not None and state.forfeit.both:
            title = f"GAME OVER: both forfeit ({state.forfeit.reason})"
        elif state.forfeit is not None:
            title = f"GAME OVER: {names[state.forfeit.player]} forfeits ({state.forfeit.reason})"
        else:
            title = f"GAME OVER: {end_reason(state)}"
        if target is None:
            return (title, confirm_prompt(state, state.last_ns or 0))
        if target[0] == "turn":
            return (title, f"{names[target[2]]}: enter your last turn")
        return (title, f"enter the tiles left on {names[target[2]]}'s rack")
    if state.phase == Phase.CONFIRMED:
        return ("RESULT CONFIRMED", "the result is locked")
    if state.phase == Phase.VOID:
        return ("GAME VOID", "the director voided this game: it has no result")
    return ()


def complete(state: GameState) -> bool:
    """Whether the result is complete: no turn left to enter, every rack the rules count entered
    (the same test the clock screen's keyboard follows, kiosk.ui.clock.screen.entry_target)."""
    pending = any(turn.kind == TurnKind.PENDING for turn in state.turns)
    return not pending and all(state.racks[p] is not None for p in racks_needed(state))


def outcome(state: GameState, result: Result) -> str:
    """Who won and by how much, or a tie, in capitals: ``ANN WINS BY 97``, ``TIE AT 350``."""
    return " ".join(outcome_phrases(state, result))


def outcome_phrases(state: GameState, result: Result) -> tuple[str, ...]:
    """``outcome`` in the phrases a line breaks between before it breaks inside one (a long
    name, then its margin whole): ``("ZOË Ó DÁLAIGH", "WINS BY 97")``, ``("TIE AT 350",)``."""
    if result.winner is None:
        return (f"TIE AT {result.final[0]}",)
    return (state.players[result.winner].upper(), f"WINS BY {abs(result.spread)}")


def finals_lines(state: GameState, result: Result) -> tuple[str, str]:
    """``scores_line`` as two lines, each name beside its own score: ``("Ann 412", "Bob 315")``
    (for a screen too narrow for both names on one line)."""
    return tuple(f"{state.players[p]} {result.final[p]}" for p in (0, 1))


def scores_line(state: GameState, result: Result) -> str:
    """Both final scores, the left player's first: ``Ann 412  –  315 Bob``."""
    names, final = state.players, result.final
    return f"{names[0]} {final[0]}  –  {final[1]} {names[1]}"


def result_lines(state: GameState, result: Result, target, at: int) -> tuple[str, ...]:
    """Once the result is complete (the game over, nothing left to enter) or void: who won and
    by how much, both final scores, and what happens now; () before that."""
    if state.phase == Phase.VOID:
        return ("GAME VOID", "no result", "the director voided this game")
    if state.phase not in (Phase.ENDED, Phase.CONFIRMED) or target is not None:
        return ()
    if state.phase == Phase.CONFIRMED:
        status = "RESULT CONFIRMED  ·  locked"
    else:
        needed = signers(state, at)
        who = ("both players confirm" if len(needed) == 2 else f"{state.players[needed[0]]} confirms"
               if needed else "the director locks it")
        status = f"{_why(state)}  ·  {who}"
    return (outcome(state, result), scores_line(state, result), status)


def confirm_prompt(state: GameState, at: int) -> str:
    """Who presses to confirm the result once it is complete: each player, the one the preset
    names (ABSP: the loser), the one who came (a no-show's forfeit), or nobody at the table."""
    needed = signers(state, at)
    if len(needed) == 2:
        return "each player presses their button to confirm the result"
    if needed:
        return f"{state.players[needed[0]]} presses their button to confirm the result"
    return "nobody here confirms it: the director locks the result (director's menu)"


def _why(state: GameState) -> str:
    if state.forfeit is not None:
        return f"{state.players[state.forfeit.player]} forfeits ({state.forfeit.reason})"
    return end_reason(state)


def confirm_notes(state: GameState, at: int, target) -> list[str]:
    """Each player's note once the game is over: what is still to enter, or who has confirmed
    and who is to press."""
    if state.phase == Phase.CONFIRMED:
        return ["", ""]
    if target is not None:          # a last turn or a rack to enter first: say which
        awaited = "last turn" if target[0] == "turn" else "tiles left"
        return [f"waiting for {state.players[target[2]]}'s {awaited}"] * 2
    needed = signers(state, at)
    return ["CONFIRMED" if state.confirmed[p] else
            "press your button to confirm" if p in needed else "" for p in (0, 1)]


def final_details(result: Result) -> tuple[list[str], list[str]]:
    """At the end: each final score, and what went into it beyond the turns."""
    details = []
    for p in (0, 1):
        parts = []
        if result.rack_adjust[p]:
            parts.append(f"rack {result.rack_adjust[p]:+d}")
        if result.overtime_penalty[p]:
            parts.append(f"time -{result.overtime_penalty[p]}")
        if result.late_penalty[p]:
            parts.append(f"late -{result.late_penalty[p]}")
        if result.challenge_points[p]:
            parts.append(f"challenges +{result.challenge_points[p]}")
        if result.forfeit_adjust[p]:
            parts.append(f"forfeit {result.forfeit_adjust[p]:+d}")
        if result.cap_adjust[p]:
            parts.append(f"spread cap {result.cap_adjust[p]:+d}")
        details.append(", ".join(parts))
    return [str(s) for s in result.final], details
