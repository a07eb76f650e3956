"""A replay script (docs/reference.md, "Replay scripts") planned for a table: each line with
the game as the core has it before and after the line, so that the table driven by the script
(kiosk.scripted.runner) can tell when the table has done a line, whatever presses and taps it
took.

``Plan.read(path, lexicon)`` reads the script through common.replay.read_script and runs it
through the core as the replay does (a ``Tick`` at each line's time, then its command). A line
the core refuses ends the plan there: ``refused`` keeps it and the core's reason, for the
runner to play up to it and stop with ``FILE:LINE: reason``, as the replay would. A line that
cannot be read stops the reading at once (ScriptError with the line's number).

``position(state)`` is what a table and a replay of the same game must agree on after each
line, leaving out what a table records its own way: the instants, the tiles placed (the table
does not ask for them), what a stop's reason was while the clock is stopped (the table stops
first and asks why after). ``clock=False`` leaves out whether a clock runs, to find how far a
restarted table had got (its clock comes back neutral).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Container

from common.game import commands as cmd
from common.game.errors import GameError
from common.game.game import decide
from common.game.state import GameState, Turn, apply
from common.replay import ScriptError, ScriptLine, line_command, read_script


@dataclass(frozen=True)
class Step:
    """One line planned: the line, its core command, the game as it finds it and leaves it."""
    line: ScriptLine
    command: object
    before: GameState
    after: GameState

    @property
    def name(self) -> str:
        return str(self.line.data.get("cmd"))


@dataclass(frozen=True)
class Refused:
    """The line the core refuses, where the plan ends."""
    line: ScriptLine
    command: object
    before: GameState
    reason: str

    @property
    def name(self) -> str:
        return str(self.line.data.get("cmd"))


@dataclass(frozen=True)
class Plan:
    path: Path
    header: GameState               # the new game the script's first line sets up
    steps: tuple[Step, ...]
    refused: Refused | None

    @classmethod
    def read(cls, path: str | Path, lexicon: Container[str] | None = None) -> "Plan":
        """The script at ``path``; ``lexicon`` judges a challenge that gives no verdict (as
        ``replay --lexicon`` does). Raises ScriptError for a line that cannot be read, or for
        a challenge without a verdict when there is no lexicon."""
        path = Path(path)
        with open(path, encoding="utf-8") as handle:
            return cls.from_lines(path, handle.read().splitlines(), lexicon)

    @classmethod
    def from_lines(cls, path: Path, lines: list[str], lexicon: Container[str] | None = None) -> "Plan":
        header, state, steps = None, None, []
        for item in read_script(lines):
            if isinstance(item, GameState):
                header = state = item
                continue
            command = line_command(item, state, lexicon)
            try:
                ticked = _run(state, cmd.Tick(), item.t_ns)
            except GameError as exc:
                return cls(path, header, tuple(steps), Refused(item, command, state, str(exc)))
            try:
                after = _run(ticked, command, item.t_ns)
            except GameError as exc:
                return cls(path, header, tuple(steps), Refused(item, command, ticked, str(exc)))
            steps.append(Step(item, command, ticked, after))
            state = after
        return cls(path, header, tuple(steps), None)

    def where(self, number: int) -> str:
        """``FILE:LINE`` for messages."""
        return f"{self.path}:{number}"

    def error(self, number: int, reason: str) -> ScriptError:
        return ScriptError(number, reason)


def _run(state: GameState, command, now_ns: int) -> GameState:
    for event in decide(state, command, now_ns):
        state = apply(state, event)
    return state


def _turn(turn: Turn) -> tuple:
    return (turn.player, str(turn.kind), turn.score, turn.tiles, turn.blanks.upper(), turn.out,
            turn.phony, turn.challenged, turn.bonus, turn.corrected, turn.word)


def position(state: GameState, *, clock: bool = True) -> tuple:
    """What a table and a replay of the same game agree on after a line (see the module)."""
    running = state.clock.running
    stopped_for = state.neutral_reason if running is None and state.clock.started else None
    return (str(state.phase), state.first, tuple(_turn(t) for t in state.turns),
            None if state.hold is None else (state.hold.player, state.hold.turn),
            None if state.challenge is None else (state.challenge.player, state.challenge.turn),
            tuple(r if r is None else r.upper() for r in state.racks), state.end,
            state.forfeit, state.confirmed, state.absent, state.start_called_ns is not None,
            tuple(a is not None for a in state.arrivals), state.clock.adjusted_ns,
            (running, stopped_for) if clock else None)


#: What each part of a ``position`` is, for messages.
PARTS = ("phase", "who went first", "turns", "hold", "open challenge", "racks", "end", "forfeit",
         "confirmations", "absent at the call", "start called", "arrivals", "time adjustments",
         "clock (running, stopped for)")


def differences(table: GameState, script: GameState) -> str:
    """Where the table's game stands otherwise than the script's, in words."""
    parts = [f"{name}: the table has {a!r}, the script {b!r}"
             for name, a, b in zip(PARTS, position(table), position(script)) if a != b]
    return "; ".join(parts) or "nothing"
