"""The games a rehearsal plays: a replay script (docs/reference.md) for each table and round,
made from a seed under the event's rules, and each one's result worked out by the replay core
(common.replay) from the script alone.

Every game begins as a round does with a director link: the director's start of the round
with both players taken as present (``call`` naming nobody: a player at the table is charged
nothing before the first press); a late player is declared absent by the opponent who is there
(``absent``, a few seconds in) and presses their own button on arriving minutes after
(``arrive``); the player going second starts the first player's clock. Then some twenty-four turns of plays (now and then an exchange or a
pass), holds and challenges (acceptable words and phonies, each followed by the restart of the
clock by the waiting player), a player going out, the opponent accepting, the rack left
counted, and both players confirming. A game may have a late player, or a player who runs
into overtime. The words challenged are in the ENABLE list the tables judge with by default
(``GOOD``), or in no list (``PHONY``): the table's own judgement gives each the script's verdict.

Each line is checked with the core as it is written, so a script is always one the rules take.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

from common.game import commands as cmd
from common.game.errors import GameError
from common.game.game import decide
from common.game.state import GameState, apply
from common.replay import Replayed, line_command, read_script, replay_lines, ScriptLine

GOOD = ("QUIRE", "ZEBRA", "JINX", "OXEN", "FJORD", "WAXY", "GLYPH", "QUARTZ")
PHONY = ("ZXQ", "QWERTZ", "JJIV", "VOXQ", "KWYJIBO", "FLURG")
TILES = "AEIOURSTLNDG?"


@dataclass(frozen=True)
class GamePlan:
    """What a game is to show: ``late`` the player who comes minutes late, ``overtime`` the
    player who runs over time (None: nobody)."""
    late: int | None = None
    overtime: int | None = None


@dataclass(frozen=True)
class Game:
    round: int
    table: str
    players: tuple[str, str]
    lines: tuple[dict, ...]
    replayed: Replayed

    @property
    def text(self) -> str:
        return "".join(json.dumps(line) + "\n" for line in self.lines)

    @property
    def length_s(self) -> float:
        """The game's length in its own time (seconds from the round's start to the last line)."""
        return float(self.lines[-1]["t"])


class Writer:
    """A script written line by line, each line checked with the core at once."""

    def __init__(self, header: dict):
        self.lines: list[dict] = [header]
        self.state: GameState = next(read_script([json.dumps(header)]))
        self.t = 0.0

    def add(self, at: float, **line) -> None:
        self.t = max(self.t, round(at, 1))
        data = {"t": self.t, **line}
        item = ScriptLine(len(self.lines) + 1, round(self.t * 1e9), data)
        state = self.state
        for command in (cmd.Tick(), line_command(item, state)):
            for event in decide(state, command, item.t_ns):
                state = apply(state, event)
        self.state = state
        self.lines.append(data)

    def resume(self, at: float) -> None:
        """The clock restarted by a player whose press the rules take (the waiting player)."""
        waiting = 1 - self.state.to_move
        for player in (waiting, 1 - waiting):
            try:
                self.add(at, cmd="resume", player=player)
                return
            except GameError:
                continue
        raise GameError("nobody may restart the clock")


def game_script(header: dict, rng: random.Random, plan: GamePlan = GamePlan()) -> list[dict]:
    """One game's lines under ``header`` (its preset, overrides, round, players, first)."""
    w = Writer(header)
    first = header["first"]
    w.add(0, cmd="call", absent=[])
    ready = rng.uniform(1, 4)
    if plan.late is not None:
        w.add(rng.uniform(3, 8), cmd="absent", absent=[plan.late])
        ready = rng.uniform(150, 240)
        w.add(ready, cmd="arrive", player=plan.late)
    w.add(ready + 2, cmd="start", first=first)
    budget = w.state.rules.clock.time_per_side_s
    turns = rng.randint(22, 26)
    for turn in range(turns):
        mover = w.state.to_move
        think = rng.uniform(25, 70)
        if mover == plan.overtime and turn >= turns - 4:
            used = w.state.clock.used_ns[mover] / 1e9
            think = max(think, (budget + 75 - used) / max(1, (turns - turn) // 2))
        t = w.t + think
        if turn == turns - 1:
            w.add(t, cmd="out", player=mover, score=rng.randint(8, 40))
            w.add(t + 2, cmd="accept", player=1 - mover)
            rack = "".join(rng.choice(TILES) for _ in range(rng.randint(1, 4)))
            w.add(t + 6, cmd="rack", player=1 - mover, tiles=rack)
            w.add(t + 10, cmd="confirm", player=0)
            w.add(t + 11.5, cmd="confirm", player=1)
            break
        kind = rng.random()
        if kind < 0.05:
            w.add(t, cmd="exchange", player=mover, tiles=rng.randint(1, 7))
        elif kind < 0.08:
            w.add(t, cmd="pass", player=mover)
        else:
            w.add(t, cmd="play", player=mover, score=rng.randint(5, 80))
            if turn % 6 == 3:
                _challenge(w, rng, 1 - mover, hold=turn % 12 == 3)
    return w.lines


def _challenge(w: Writer, rng: random.Random, challenger: int, *, hold: bool) -> None:
    at = w.t + rng.uniform(3, 8)
    if hold:
        w.add(at, cmd="hold", player=challenger)
        at += rng.uniform(4, 15)
    valid = rng.random() < 0.5
    words = rng.sample(GOOD if valid else PHONY, 1) + (rng.sample(GOOD, 1) if rng.random() < 0.3 else [])
    w.add(at, cmd="challenge", player=challenger, words=words,
          valid=valid and all(word in GOOD for word in words))
    w.resume(at + rng.uniform(3, 6))


def make_game(header: dict, table: str, seed: int, plan: GamePlan = GamePlan()) -> Game:
    lines = game_script(header, random.Random(seed), plan)
    replayed = replay_lines(json.dumps(line) for line in lines)
    return Game(header["round"], table, tuple(header["players"]), tuple(lines), replayed)
