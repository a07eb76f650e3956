"""The clock screen as plain data: what each half and each line says, computed from the game
state at an instant. Pure (no pygame): the screen compares views to redraw only on a change,
and the drawing code (kiosk.ui.clock.paint) only paints what is here.
"""
from __future__ import annotations

from common.game import clock as clk
from common.game.frozen import value
from common.game.result import Result, TurnLine, compute
from common.game.state import GameState, Turn
from common.game.tiles import RACK_SIZE
from common.game.vocabulary import OVER, Phase, TurnKind
from kiosk.ui.end.summary import final_details, finals_lines, outcome_phrases, result_lines
from kiosk.ui.widgets.keys import Keyboard
from kiosk.ui.widgets.words import Info, awaited, face, mmss, top_line


@value
class HalfView:
    name: str
    time: str               # the clock face: 24:59, 0:07, -0:01
    score: str
    last: str               # the last turn, or the result's details at the end
    running: bool
    overtime: bool
    penalty: int            # overtime penalty so far
    dimmed: bool
    entry: str = ""         # what this player is typing (the entry line), if anything
    note: str = ""          # a short prompt for this player
    absent: bool = False    # late: not at the table yet (the last row says ABSENT)
    keyboard: Keyboard | None = None    # the on-screen keys on this half (this player is typing)
    controls: Keyboard | None = None    # this player's touch controls (HOLD, FIX SCORE, TIMES), if any
    said: str = ""          # the banner's sentence for this player, under their half (kiosk.ui.clock.banner)


@value
class ClockView:
    top: str
    halves: tuple[HalfView, HalfView]
    banner: tuple[str, ...]  # centred lines over both halves (neutral, choices, game over)
    bottom: str
    error: str
    template: str            # the widest clock face this game can show (fixes the digit size)
    shared: Keyboard | None = None   # keys for either player below the banner (a stop's reasons)
    result: tuple[str, ...] = ()     # the game over: who won and by how much, both scores, the status
    legend: str = ""                 # the simulated buttons' keys, after the bottom line where it fits
    headline: tuple[str, ...] = ()   # the result's first line in phrases (kiosk.ui.end.summary.outcome_phrases)
    finals: tuple[str, ...] = ()     # its second, a line per player, where both names do not fit one


def last_turn_text(line: TurnLine | None, turn: Turn | None) -> str:
    """A player's last turn as the core recorded it: ``line`` is its row in the result
    (``result.compute(...).turns``: what it counted), ``turn`` the same turn in the state (the
    details: tiles exchanged, blanks, a play-out, challenge points)."""
    if line is None or turn is None:
        return ""
    if turn.kind == TurnKind.PENDING:
        return "out: score to enter" if turn.out else "turn to enter"
    if line.type == "phony":
        return f"challenged off  +{line.score}"
    if line.type == "false_blank":                   # school 7: the play taken off the board
        return f"off for a false blank  +{line.score}"
    if line.type == "lost":
        return "lost turn"
    if line.type == TurnKind.EXCHANGE:
        return f"exchanged {turn.tiles}"
    if line.type == TurnKind.PASS:
        return "passed"
    if line.type != TurnKind.PLAY:
        return line.type
    parts = [f"+{line.score}"]
    if turn.placed == RACK_SIZE:
        parts.append("BONUS")           # all seven tiles: a bonus word (NZASP 9.2), checked here
    if turn.blanks:
        parts.append(f"blank {'/'.join(turn.blanks)}")
    if turn.bonus:
        parts.append(f"+{turn.bonus} challenge")
    if turn.out:
        parts.append("out")
    return "  ".join(parts)


def turn_lines(state: GameState, result: Result) -> list[tuple[int, TurnLine, Turn]]:
    """Every turn as (1-based number, result line, state turn): numbered as the core counts
    them for a correction (``Correct.turn``)."""
    return [(i + 1, line, turn) for i, (line, turn) in enumerate(zip(result.turns, state.turns))]


def face_template(state: GameState) -> str:
    """The widest face: the full time, a minute of overtime, or the overtime forfeit limit."""
    rules = state.rules.clock
    faces = [clk.display(state.clock.budget_ns), "-9:59"]
    if rules.overtime_forfeit_after_s:
        faces.append(clk.display(-rules.overtime_forfeit_after_s * clk.NS_PER_S))
    return max(faces, key=len).replace("1", "8")


def next_change(state: GameState, now_ns: int) -> int | None:
    """The next instant after ``now_ns`` at which the running clock's face (on the screen and
    the player's own display) or the hold timer shows another second; None if neither runs.
    What changes otherwise with time alone (a message that expires, a late player's absence)
    is the loop's to poll (kiosk.ui.loop)."""
    clock, changes = state.clock, []
    if clock.running is not None and not clock.stopped:
        left = clk.remaining(clock, clock.running, now_ns)   # the face drops a second ...
        changes.append(now_ns + (left % clk.NS_PER_S + 1 if left > 0 else clk.NS_PER_S - (-left) % clk.NS_PER_S))
    if state.hold is not None and now_ns >= state.hold.at_ns:  # ... the hold gains one
        changes.append(now_ns + clk.NS_PER_S - (now_ns - state.hold.at_ns) % clk.NS_PER_S)
    return min(changes, default=None)


def late_text(state: GameState, player: int) -> str:
    """After a late arrival, before the game: how late, and the points it cost."""
    arrived = state.arrivals[player]
    if arrived is None or state.start_called_ns is None:
        return ""
    points = state.late_penalty[player]
    return f"arrived {mmss(arrived - state.start_called_ns)} late" + (f"  -{points} points" if points else "")


def halves(state: GameState, result: Result, now_ns: int, dimmed: bool) -> list[dict]:
    """Each player's time, score and last turn as of ``now_ns``. Before the game a late
    player's half says ABSENT and their clock counts their absence (not dimmed: running, and
    framed like any running clock)."""
    scores = state.scores()
    numbered = turn_lines(state, result)
    out = []
    for p in (0, 1):
        mine = [(line, turn) for _, line, turn in numbered if turn.player == p]
        shown = face(state, p, now_ns)
        absent = awaited(state, p)
        last = last_turn_text(*mine[-1]) if mine else ""
        if absent:
            last = "ABSENT"
        elif state.phase == Phase.SETUP:
            last = late_text(state, p)
        out.append(dict(name=state.players[p], time=shown, score=str(scores[p]), last=last,
                        running=state.clock.running == p and not dimmed or absent,
                        overtime=shown.startswith("-"), penalty=result.overtime_penalty[p],
                        dimmed=dimmed and not absent, absent=absent))
    return out


def build(state: GameState, now_ns: int, info: Info, *, banner=(), bottom="", error="",
          entries=("", ""), notes=("", ""), dimmed=None, keyboard: Keyboard | None = None,
          controls: tuple[Keyboard | None, Keyboard | None] = (None, None),
          shared: Keyboard | None = None, target=None, said=("", "")) -> ClockView:
    """The whole screen. ``dimmed`` defaults to: the clock is not running. ``keyboard``: the
    on-screen keys, on the half of its ``seat``, if any; ``controls``: each player's own touch
    controls; ``shared``: keys for either player (kiosk.ui.clock.controls); ``target``: what the
    keyboard must still enter before the result is complete (kiosk.ui.end.summary); ``said``:
    the banner's sentence for each player."""
    if dimmed is None:
        dimmed = state.clock.running is None
    result = compute(state, now_ns)
    parts = halves(state, result, now_ns, dimmed)
    lines = result_lines(state, result, target, now_ns) if keyboard is None else ()
    complete = bool(lines) and state.phase != Phase.VOID
    headline = outcome_phrases(state, result) if complete else lines[:1]
    per_player = finals_lines(state, result) if complete else ()
    if state.phase in OVER:
        finals, details = final_details(result)
        for p in (0, 1):       # the final score already counts the penalty: details say so
            parts[p].update(score=finals[p], last=details[p], penalty=0)
    views = tuple(HalfView(**parts[p], entry=entries[p], note=notes[p],
                           keyboard=keyboard if keyboard is not None and keyboard.seat == p else None,
                           controls=controls[p], said=said[p] if banner else "")
                  for p in (0, 1))
    return ClockView(top=top_line(state, info), halves=views, banner=tuple(banner),
                     bottom=bottom, error=error, template=face_template(state), shared=shared,
                     result=lines, legend=info.legend, headline=headline, finals=per_player)
