"""What a table meets besides turns and challenges (pure): tiles found out of the bag, a blank
not declared, a false blank, a clock brought in during the game.

Each is allowed by a setting of the preset, and refused where the rule book has no such rule,
naming the rule the preset cites:

- tiles found (ASPA 11.4-11.5, NZASP 6.10-6.11): during play they go back into the bag; after a
  play-out or a zero-score run, the player who should have drawn them takes them, and play
  resumes only if both players then have tiles;
- a turn sent back for its blank (NZASP 6.2.2, clock.blank_send_back): the opponent restarts the
  mover's clock; the mover declares the blank and the opponent's clock runs again; no turn passed.
  A play with no blank (a send-back by mistake): either player says so and the send-back is
  undone (``NoBlank``), the time since charged as if it had not been made, or left on the
  mover's clock (clock.no_blank_time).
  A play-out too: it ends the turn as a press does (NZASP 8.2), so until the opponent accepts or
  challenges it; once declared, the clock stops again and the play-out waits as before;
- a false blank (school 7, challenge.false_blank): the play comes off, its player loses the turn;
- a clock brought in (ASPA 2.2, clock.divide_when_brought_in): the time left divided equally,
  once: a clock brought in is there for the rest of the game, nothing is left to ask for. Brought
  in once more than both players' time was played, the time left is below zero: divided too, each
  player as far over (clock.brought_in_over "split"), or both clocks at 0:00 ("zero").
"""
from __future__ import annotations

from . import clock as clk
from . import commands as cmd
from . import events as ev
from .checks import check_blanks, check_player, ending_if_zeros, require_phase
from .errors import BadTurn, ChallengeRefused, ClockStateError, GameError, GameOver, NotYourTurn
from .state import GameState
from .vocabulary import IN_PLAY, EndReason, Phase, TurnKind

MAX_FOUND = 14          # more than two racks' worth is not a few tiles found: a wrong set


def _rule(state: GameState, key: str) -> str:
    cite = state.rules.cite(key)
    return f" ({cite})" if cite else ""


# --- tiles found ------------------------------------------------------------------------------

def found(state: GameState, c: cmd.Reopen, now_ns: int) -> list[ev.Event]:
    tiles = c.tiles
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= MAX_FOUND:
        raise GameError(f"tiles found are 1 to {MAX_FOUND} tiles, not {tiles!r}")
    if state.phase in IN_PLAY:
        if c.player is not None:
            raise GameError("tiles found during play go back into the bag (ASPA 11.4, NZASP 6.10): "
                            "no player takes them")
        return [ev.TilesFound(now_ns, tiles, -1)]
    require_phase(state, Phase.ENDED)
    if state.end not in (EndReason.OUT, EndReason.ZEROS):
        raise GameOver(f"a game that ended by {state.end} is not reopened by tiles found later")
    to = None if c.player is None else check_player(c.player)
    if state.end == EndReason.ZEROS:                    # both players still have tiles
        taken = [] if to is None else [ev.TilesFound(now_ns, tiles, to)]
        return taken + [ev.GameReopened(now_ns)]
    out = state.turns[-1].player
    to = 1 - out if to is None else to
    if to == out:                                       # now both have tiles: play resumes
        return [ev.TilesFound(now_ns, tiles, to), ev.GameReopened(now_ns)]
    return [ev.TilesFound(now_ns, tiles, to)]           # only one has tiles: the game stays over


# --- a blank not declared (NZASP 6.2.2) -------------------------------------------------------

def check_not_sent_back(state: GameState) -> None:
    """A turn cannot end while a play is sent back for its blank to be declared."""
    if state.sent_back is not None:
        mover = state.players[state.turns[state.sent_back].player]
        raise BadTurn(f"{mover}'s play was sent back: {mover} declares the blank first"
                      + _rule(state, "clock.blank_send_back"))


def send_back(state: GameState, c: cmd.SendBack, now_ns: int) -> list[ev.Event]:
    """At once, as the turn ends: while the sender's own clock runs, or after a play-out (which
    stops the clock) before the opponent accepts, holds to its end or challenges it."""
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    if not state.rules.clock.blank_send_back:
        raise GameError("these rules have no sending a play back for its blank: stop the clock "
                        "and have the blank declared")
    last = state.last_play
    if last is None or last[1].player == player:
        raise BadTurn(f"{state.players[player]} has no play of the opponent's to send back")
    if last[1].declared:
        mover = state.players[last[1].player]
        stands = "its blank declared: it stands as declared" if last[1].blanks else \
            "it has no blank: it stands as entered"
        raise BadTurn(f"{mover}'s play was sent back once and {stands}" + _rule(state, "clock.blank_send_back"))
    running = (None, player) if state.phase == Phase.OUT else (player,)
    if state.clock.running not in running:
        raise ClockStateError("a play is sent back at once, while the sender's own clock runs"
                              + _rule(state, "clock.blank_send_back"))
    return [ev.TurnSentBack(now_ns, player, last[0])]


def declare(state: GameState, c: cmd.Declare, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    if state.sent_back is None:
        raise BadTurn("no play was sent back for its blank to be declared")
    if player != state.turns[state.sent_back].player:
        raise NotYourTurn("the player whose play was sent back declares its blank")
    blanks = check_blanks(c.blanks)
    if not blanks:
        raise BadTurn("declare the letter each blank stands for")
    return [ev.BlankDeclared(now_ns, state.sent_back, blanks)]


def no_blank(state: GameState, c: cmd.NoBlank, now_ns: int) -> list[ev.Event]:
    """The play sent back has no blank: the mover, or the opponent who sent it back by mistake,
    undoes the send-back; the time the mover's clock ran since is not the mover's."""
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    if state.sent_back is None:
        raise BadTurn("no play was sent back for its blank")
    mover = state.turns[state.sent_back].player
    moved = max(0, clk.used(state.clock, mover, now_ns) - state.sent_back_from[1])
    if state.rules.clock.no_blank_time == "mover":
        moved = 0                                   # as a chess clock pressed back: the mover's
    return [ev.SendBackUndone(now_ns, player, state.sent_back, moved)]


# --- a false blank (school 7) -----------------------------------------------------------------

def false_blank(state: GameState, c: cmd.FalseBlank, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.PLAYING, Phase.OUT)
    player = check_player(c.player)
    if not state.rules.challenge.false_blank:
        raise GameError("these rules have no false-blank rule: stop the clock and call the director")
    last = state.turns[-1] if state.turns else None
    if last is None or last.player == player or last.kind not in (TurnKind.PLAY, TurnKind.PENDING) or last.off:
        raise ChallengeRefused(f"a false blank is corrected only in the opponent's play, before "
                               f"{state.players[player]} makes a play" + _rule(state, "challenge.false_blank"))
    if last.kind == TurnKind.PENDING:
        raise BadTurn("enter the play first: then it comes off the board")
    return ending_if_zeros(state, [ev.FalseBlankFound(now_ns, player, len(state.turns) - 1)], now_ns)


# --- a clock brought in (ASPA 2.2) ------------------------------------------------------------

def clock_in(state: GameState, c: cmd.ClockIn, now_ns: int) -> list[ev.Event]:
    require_phase(state, Phase.PLAYING)
    if not state.rules.clock.divide_when_brought_in:
        raise GameError("these rules do not divide the time left for a clock brought in during the "
                        "game: the director adjusts each side's time")
    if state.clock_brought_in:
        raise GameError("a clock was brought in already and the time left divided then"
                        + _rule(state, "clock.divide_when_brought_in")
                        + ": to change one side's time, adjust that player's time")
    played = c.played_s
    if played is None:
        total = sum(clk.used(state.clock, p, now_ns) for p in (0, 1))
    elif isinstance(played, bool) or not isinstance(played, int) or played < 0:
        raise GameError(f"the time played is a whole number of seconds, not {played!r}")
    else:
        total = played * clk.NS_PER_S
    each = total // 2
    if state.rules.clock.brought_in_over == "zero":     # the time left below zero: both at 0:00
        each = min(each, state.clock.budget_ns)
    return [ev.TimeDivided(now_ns, each)]
