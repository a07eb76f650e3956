"""The game in words every screen shares: the top line (``top_line``, from the table's ``Info``),
a length of time (``mmss``), a player's clock face (``face``, ``remaining``: a late player's
clock counts their absence down), whether a player is still awaited, and why the clock stopped
or the game ended, as the screens say it. Pure (no pygame).
"""
from __future__ import annotations

import re

from common.game import clock as clk
from common.game.frozen import value
from common.game.late import pending_charge
from common.game.rebase import RECOVERED
from common.game.state import GameState
from common.game.vocabulary import EndReason, Phase

NEUTRAL_REASONS = {
    "unspecified": "clock stopped", "challenge": "after a challenge", "play_out": "play-out",
    "score": "checking the score", "tiles": "counting tiles", "blank": "declaring a blank",
    "director": "director called", "end": "end of game", "observers": "observer",
    "bag_count": "counting the bag", "player_left": "a player left the table",
    "reopened": "tiles found after the end: play resumes",
    "false_blank": "a false blank: the play came off the board",
    RECOVERED: "the kiosk restarted (the time it was off is charged to no one)",
}
END_REASONS = {EndReason.OUT: "played out", EndReason.ZEROS: "zero-score run",
               EndReason.TIME: "round time over", EndReason.FORFEIT: "forfeit",
               EndReason.DIRECTOR: "ended by the director"}
_COUNTS = "_ one two three four five six seven eight nine ten eleven twelve".split()


def end_reason(state) -> str:
    """Why the game ended, as players say it: a zero-score run as the turns it took under the
    game's rules ("six scoreless turns"), else ``END_REASONS``' words."""
    if state.end == EndReason.ZEROS:
        turns = state.rules.zero_run.turns
        return f"{_COUNTS[turns] if 0 < turns < len(_COUNTS) else turns} scoreless turns"
    return str(END_REASONS.get(state.end, state.end))


@value
class Info:
    """What the top line says besides the game: the table, its division (when the director's
    assignment names one), the lexicon, the director link's state, and an alert for the
    director (the store's disk full) before all of them."""
    table: str = "-"
    lexicon: str = "no lexicon"
    legend: str = ""         # the simulated buttons' keys, shown in sim
    link: str = ""           # the director link's state (kiosk.link.sender.link_text), if linked
    alert: str = ""          # what the director must see at once (storage full), first on the line
    division: str = ""       # the division the director's assignment says the table plays for


def mmss(ns: int) -> str:
    """A length of time as minutes:seconds in whole seconds, without its sign: 2:30."""
    seconds = abs(ns) // clk.NS_PER_S
    return f"{seconds // 60}:{seconds % 60:02d}"


def short_title(title: str) -> str:
    """A rule book's title without its parenthesis: ``ASPA 2016`` for ``ASPA (Australia) 2016``."""
    return " ".join(re.sub(r"\([^)]*\)", " ", title).split()) or title


def top_line(state: GameState, info: Info) -> str:
    table = f"Table {info.table}  ·  Division {info.division}" if info.division else f"Table {info.table}"
    line = f"{table}  ·  Round {state.round}  ·  {short_title(state.rules.title)}  ·  {info.lexicon}"
    line = f"{line}  ·  {info.link}" if info.link else line
    return f"{info.alert}  ·  {line}" if info.alert else line


def awaited(state: GameState, player: int) -> bool:
    """Whether ``player`` was absent at the director's start call and has not arrived yet."""
    return state.phase == Phase.WAITING and player in state.absent and state.arrivals[player] is None


def remaining(state: GameState, player: int, now_ns: int) -> int:
    """The time on ``player``'s clock at ``now_ns``: a late player's clock counts their
    absence down as the core will charge it on arrival, and keeps it if they never came
    (``late.pending_charge``)."""
    return clk.remaining(state.clock, player, now_ns) - pending_charge(state, player, now_ns)


def face(state: GameState, player: int, now_ns: int) -> str:
    """``player``'s clock face at ``now_ns`` as their half shows it: 24:59, 0:07, -0:01."""
    return clk.display(remaining(state, player, now_ns), state.rules.clock.overtime_counts)
