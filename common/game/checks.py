"""Checks and derived conditions shared by the command handlers (pure).

Each ``check_*`` returns the cleaned value or raises the GameError a player would see.
"""
from __future__ import annotations

from . import events as ev
from .errors import (BadTurn, ChallengeRefused, GameError, GameOver, NotStarted, ResultLocked)
from .state import GameState, replay
from .tiles import SET_SIZE
from .vocabulary import EndReason, Phase

#: The most one play can score: the highest-scoring play known on a standard board with a tournament
#: word list, OXYPHENBUTAZONE across three triple-word squares, its seven tiles joining eight on the
#: board and making seven other words: 1,778 with the OSPD (Dan Stock), 1,780 with TWL06
#: (scrabulizer.com, 2008), 1,785 the highest reported. The plays said to score over 2,000 use
#: SESQUIOXIDIZING, in no tournament word list (docs/rules-check.md). A score above it is a typo.
MAX_SCORE = 1785
BLANKS_IN_SET = 2
EXCHANGE_MIN_BAG = 7    # ASPA 8.1, ABSP 4.4.1, NZASP 6.7, school 8: the same in all four books


def check_player(player) -> int:
    if player not in (0, 1) or isinstance(player, bool):
        raise GameError(f"player must be 0 or 1, not {player!r}")
    return player


def require_phase(state: GameState, *phases: str) -> None:
    if state.phase in phases:
        return
    if state.phase == Phase.WAITING:
        raise NotStarted("waiting for the late player(s) to arrive")
    if state.phase == Phase.SETUP:
        raise NotStarted("the game has not started: the player going second presses to start")
    if state.phase == Phase.CONFIRMED:
        raise ResultLocked("the result is confirmed and locked: it can no longer change")
    if state.phase == Phase.VOID:
        raise GameOver("the director voided this game: it has no result")
    if state.phase == Phase.ENDED:
        raise GameOver(f"the game is over ({state.end})")
    if state.phase == Phase.CHALLENGE:
        raise ChallengeRefused("a challenge is open: give the verdict (or withdraw) first")
    if state.phase == Phase.OUT:
        raise GameOver("the play-out waits for the opponent to accept or challenge it")
    raise GameError(f"not allowed while the game is {state.phase}")


def check_score(score) -> int:
    if isinstance(score, bool) or not isinstance(score, int):
        raise BadTurn(f"a score is a whole number, not {score!r}")
    if score < 0:
        raise BadTurn(f"a score cannot be negative ({score})")
    if score > MAX_SCORE:
        raise BadTurn(f"{score} is more than one play can score: the highest play known scores "
                      f"{MAX_SCORE} (a 15-letter word across three triple-word squares)")
    return score


def check_blanks(blanks: str) -> str:
    letters = (blanks or "").strip().upper()
    if not all("A" <= c <= "Z" for c in letters) or len(letters) > BLANKS_IN_SET:
        raise BadTurn(f"blanks are declared as at most {BLANKS_IN_SET} letters A-Z, not {blanks!r}")
    return letters


def zero_run_over(state: GameState) -> bool:
    """Whether the turns now end the game by the preset's zero-score run."""
    rule = state.rules.zero_run
    run = state.turns[-rule.turns:]
    if len(run) < rule.turns or any(t.zero_kind not in rule.counts for t in run):
        return False
    if not rule.not_at_zero_zero:
        return True
    scores, late = state.scores(), state.late_penalty
    if rule.late_penalty_in_score:
        scores = (scores[0] - late[0], scores[1] - late[1])
    return scores != (0, 0)


def ending_if_zeros(state: GameState, so_far: list[ev.Event], now_ns: int) -> list[ev.Event]:
    after = replay(state, so_far)
    if after.phase == Phase.PLAYING and zero_run_over(after):
        return so_far + [ev.GameEnded(now_ns, EndReason.ZEROS)]
    return so_far


def check_placed(placed) -> int:
    """Tiles a play put on the board: 1 to 7, or 0 when not entered."""
    if isinstance(placed, bool) or not isinstance(placed, int) or not 0 <= placed <= 7:
        raise BadTurn(f"a play places 1 to 7 tiles, not {placed!r}")
    return placed


def check_placed_fits(state: GameState, placed: int) -> int:
    """``placed`` tiles more on the board, as long as the set holds them (a bonus word typed by
    mistake once too often: 100 tiles make at most 14)."""
    on_board = state.tiles_on_board()
    if on_board + placed > SET_SIZE:
        raise BadTurn(f"the set has {SET_SIZE} tiles and the plays on the board placed {on_board}: "
                      f"this play cannot place {placed} more")
    return placed


def check_exchange_allowed(state: GameState, before: int | None = None) -> None:
    bag = state.bag(before)
    if bag is not None and bag < EXCHANGE_MIN_BAG:
        raise BadTurn(f"an exchange needs at least {EXCHANGE_MIN_BAG} tiles in the bag; "
                      f"it holds {bag}")


def check_out_allowed(state: GameState) -> None:
    bag = state.bag()
    if bag:
        raise BadTurn(f"the bag still holds {bag} tiles: a play goes out only when it is empty")


def check_tiles(tiles) -> int:
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= 7:
        raise BadTurn(f"an exchange is of 1 to 7 tiles, not {tiles!r}")
    return tiles
