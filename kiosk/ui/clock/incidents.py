"""A blank not declared (NZASP 6.2.2) and a false blank (school 7) at the clock screen: what the
players' keys and buttons do, and what the screen says meanwhile. No one tap takes a play off or
traps a clock, and each has a way back without the director (issue 38):

- DECLARE? (F2) on the half of the opponent whose clock the mover's press just started sends the
  play back (``SendBack``): the mover's clock runs again until they type the blank's letter and
  press their button (``Declare``; the screen's editor). A play with no blank: the mover taps
  NO BLANK, or the opponent TAKE BACK where DECLARE? was (F2 again): the send-back is undone,
  the time since charged as if it had not been made (``NoBlank``).
- FALSE ? (F3) on the half of the team who may call a false blank only asks: nothing is
  recorded and the caller's clock runs on. The team whose play it is turns the tile over and,
  if it is no blank, presses its own button to agree: then the play comes off (``FalseBlank``,
  at that press). The caller takes the call back with TAKE BACK where FALSE ? was (F3 again); it
  lapses once the caller's turn ends or the core would no longer take it.
"""
from __future__ import annotations

from common.game import commands as cmd
from common.game.frozen import value
from common.game.state import GameState
from common.game.vocabulary import Phase
from kiosk.ui.clock import controls as clock_keys
from kiosk.ui.widgets.base import preview


@value
class FalseCall:
    """A false blank called, waiting for the other team's agreement."""
    caller: int             # the team that called it
    turn: int               # the play called (its index)


class Incidents:
    """The clock screen's blank and false-blank ways, on its ``table``."""

    def __init__(self, table):
        self.table = table
        self.call: FalseCall | None = None

    def calling(self, now_ns: int) -> int | None:
        """The team whose false-blank call waits for the other's agreement, if any (a call the
        core would no longer take lapses here)."""
        call, state = self.call, self.table.state
        if call is not None and (len(state.turns) != call.turn + 1
                                 or not preview(state, cmd.FalseBlank(call.caller), now_ns)[0]):
            self.call = call = None
        return None if call is None else call.caller

    def key(self, key: str, t: int) -> None:
        """DECLARE? / TAKE BACK (SendBack), NO BLANK (NoBlank), FALSE ? / TAKE BACK (FalseBlank)."""
        state = self.table.state
        fallback = 1 - state.to_move if state.to_move is not None else 0
        if key in ("SendBack", "NoBlank") and state.sent_back is not None:
            mover = state.turns[state.sent_back].player
            self.table.submit(cmd.NoBlank(mover if key == "NoBlank" else 1 - mover), t)
        elif key == "NoBlank":
            self.table.submit(cmd.NoBlank(fallback), t)      # the core says why not
        elif key == "SendBack":
            who = clock_keys.sender(state, t)
            self.table.submit(cmd.SendBack(fallback if who is None else who), t)
        elif self.calling(t) is not None:
            self.call = None                                 # TAKE BACK: the play stands
        else:
            who = clock_keys.false_blank_caller(state, t)
            if who is None:                                  # nobody may: the core says why
                self.table.submit(cmd.FalseBlank(fallback), t)
            else:
                self.call = FalseCall(who, len(state.turns) - 1)

    def pressed(self, player: int | None, t: int) -> bool:
        """A button while a false blank is called: the called team's agrees and the play comes
        off (True: the press is taken); any other does what it does (False)."""
        caller = self.calling(t)
        if caller is None or player != 1 - caller:
            return False
        self.call = None
        self.table.submit(cmd.FalseBlank(caller), t)
        return True

    def _way(self, key: str, fkey: str) -> str:
        """How a player reaches ``key``: its touch key where the screen shows them, else its F key."""
        return f"Tap {key}" if self.table.settings.keypad else fkey

    def banner(self, state: GameState, now_ns: int) -> tuple[tuple[str, ...], tuple[str, str]] | None:
        """The banner while a play is sent back or a false blank is called, else None."""
        said = ["", ""]
        if state.phase in (Phase.PLAYING, Phase.OUT) and state.sent_back is not None:
            mover = state.turns[state.sent_back].player
            said[mover] = f"Type the blank's letter, then press your button. No blank? {self._way('NO BLANK', 'F2')}."
            said[1 - mover] = f"Sent back by mistake? {self._way('TAKE BACK', 'F2')}."
            return ("DECLARE THE BLANK",), tuple(said)
        caller = self.calling(now_ns)
        if caller is None:
            return None
        said[1 - caller] = "Not a blank? Press your button: your play comes off."
        said[caller] = f"Called by mistake? {self._way('TAKE BACK', 'F3')}."
        return ("FALSE BLANK? Turn the tile over.",), tuple(said)

    def bottom(self, state: GameState, now_ns: int) -> str:
        """The bottom line meanwhile (why the clock runs, who answers), else ""."""
        names = state.players
        if state.sent_back is not None:
            mover = state.turns[state.sent_back].player
            return f"{names[mover]}'s clock runs: their play was sent back for its blank"
        caller = self.calling(now_ns)
        if caller is None:
            return ""
        keep = "TAKE BACK" if self.table.settings.keypad else "F3"
        return f"{names[1 - caller]}: your button agrees it comes off  ·  {keep} keeps it"
