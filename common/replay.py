"""Replaying a game script (JSON lines) through the core: how a director settles a dispute,
and how tests and demos drive the game.

The first line names the rules: ``{"preset": "aspa", "overrides": {...}, "round": 1,
"players": ["Ann", "Bob"], "first": 1}`` (``first``: who the director's draw has going first, 0
or 1, if it says; a ``start`` for the other is then refused, as at the table). Every further line is one command with ``"t"``, seconds since the
script's zero (a line without ``"t"`` happens at the previous line's time). See docs/reference.md.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Callable, Container, Iterable, Iterator

from common.game import commands as cmd
from common.game.clock import NS_PER_S
from common.game.errors import GameError
from common.game.game import decide
from common.game.judge import adjudicate
from common.game.result import Result, compute
from common.game.rules import Rules, RulesError
from common.game.state import GameState, apply, new_game
from common.presets import load_rules


class ScriptError(ValueError):
    """A script line that cannot be read or that the game refuses: carries the line number."""

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason
        super().__init__(f"line {line}: {reason}")


# name in the script -> (command class, {script key: (field, required)})
_FIELDS: dict[str, tuple[type, dict[str, bool]]] = {
    "call": (cmd.CallStart, {"absent": True}),
    "absent": (cmd.DeclareAbsent, {"absent": True}),
    "arrive": (cmd.Arrive, {"player": True}),
    "start": (cmd.Start, {"first": True}),
    "play": (cmd.Play, {"player": True, "score": True, "blanks": False, "placed": False}),
    "press": (cmd.Press, {"player": True}),
    "record": (cmd.Record, {"player": True, "kind": True, "score": False, "tiles": False,
                            "blanks": False, "placed": False}),
    "exchange": (cmd.Exchange, {"player": True, "tiles": True}),
    "pass": (cmd.Pass, {"player": True}),
    "out": (cmd.Out, {"player": True, "score": False, "blanks": False, "placed": False}),
    "hold": (cmd.Hold, {"player": True}),
    "challenge": (cmd.Challenge, {"player": True, "words": False, "valid": False, "open": False}),
    "rule": (cmd.Rule, {"words": True, "valid": False, "by": False}),
    "recheck": (cmd.Recheck, {"player": True, "valid": False}),
    "withdraw": (cmd.Withdraw, {"player": True, "agreed": False}),
    "accept": (cmd.Accept, {"player": True}),
    "neutral": (cmd.Neutral, {"reason": False}),
    "resume": (cmd.Resume, {"player": True}),
    "rack": (cmd.Rack, {"player": True, "tiles": True}),
    "correct": (cmd.Correct, {"turn": True, "score": True}),
    "word": (cmd.NoteWord, {"player": True, "turn": True, "word": True}),
    "end": (cmd.End, {}),
    "found": (cmd.Reopen, {"player": False, "tiles": False}),
    "reopen": (cmd.Reopen, {"player": False, "tiles": False}),
    "send_back": (cmd.SendBack, {"player": True}),
    "declare": (cmd.Declare, {"player": True, "blanks": True}),
    "no_blank": (cmd.NoBlank, {"player": True}),
    "false_blank": (cmd.FalseBlank, {"player": True}),
    "clock_in": (cmd.ClockIn, {"played_s": False}),
    "tick": (cmd.Tick, {}),
    "void": (cmd.Void, {}),
    "forfeit": (cmd.Forfeit, {"player": True, "reason": False}),
    "adjust": (cmd.AdjustTime, {"player": True, "delta_ms": True}),
    "confirm": (cmd.Confirm, {"player": True}),
    "lock": (cmd.Lock, {}),
}


@dataclass
class Replayed:
    state: GameState
    events: list
    result: Result


def _json_line(number: int, text: str) -> dict:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScriptError(number, f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ScriptError(number, "each line is a JSON object")
    return data


def _header(number: int, data: dict) -> GameState:
    unknown = set(data) - {"preset", "overrides", "round", "players", "first"}
    if unknown:
        raise ScriptError(number, f"unknown header key {sorted(unknown)[0]!r}")
    if "preset" not in data:
        raise ScriptError(number, "the first line names the preset: {\"preset\": \"aspa\"}")
    round_number = data.get("round", 1)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise ScriptError(number, f"round is a whole number from 1, not {round_number!r}")
    players = data.get("players", ["Player 1", "Player 2"])
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
        raise ScriptError(number, "players is a list of two names")
    overrides = data.get("overrides") or {}
    if not isinstance(overrides, dict):
        raise ScriptError(number, "overrides is an object of settings")
    try:
        rules: Rules = load_rules(str(data["preset"]), overrides, "overrides")
    except RulesError as exc:
        raise ScriptError(number, str(exc)) from None
    first = data.get("first")
    if first is not None and (isinstance(first, bool) or first not in (0, 1)):
        raise ScriptError(number, f"first is who the director has going first, 0 or 1, not {first!r}")
    return new_game(rules, round_number, tuple(players), first)


def _verdict(number: int, words: list, verdicts: Callable[[list], bool] | None) -> bool:
    """The lexicon's verdict on ``words``, for a line that gives none."""
    if verdicts is None:
        raise ScriptError(number, "a verdict without \"valid\" needs --lexicon FILE")
    try:
        return verdicts(list(words))
    except ValueError as exc:
        raise ScriptError(number, str(exc)) from None


def _command(number: int, data: dict, verdicts: Callable[[list], bool] | None, state: GameState):
    name = data.get("cmd")
    if name not in _FIELDS:
        raise ScriptError(number, f"unknown cmd {name!r}; one of {', '.join(_FIELDS)}")
    cls, spec = _FIELDS[name]
    unknown = set(data) - set(spec) - {"cmd", "t"}
    if unknown:
        raise ScriptError(number, f"{name} takes no {sorted(unknown)[0]!r}")
    missing = [key for key, required in spec.items() if required and key not in data]
    if missing:
        raise ScriptError(number, f"{name} needs {missing[0]!r}")
    args = {key: data[key] for key in spec if key in data}
    if name in ("call", "absent"):
        if not isinstance(args["absent"], list):
            raise ScriptError(number, "absent is a list of the absent players (0, 1)")
        args["absent"] = tuple(args["absent"])
    if name in ("challenge", "rule"):
        opened = args.pop("open", False)
        if opened not in (True, False):
            raise ScriptError(number, "open is true (the verdict comes later, by a rule line) or false")
        if "words" not in args and not opened:
            raise ScriptError(number, "challenge needs 'words' (or \"open\": true: words and verdict "
                                      "come later, by a rule line)")
        if not isinstance(args.get("words", []), list):
            raise ScriptError(number, "words is a list of the challenged words")
        args["words"] = tuple(args.get("words", ()))
        if opened:
            args["valid"] = None
        elif args.get("valid") is None:
            args["valid"] = _verdict(number, args["words"], verdicts)
    if name == "recheck" and args.get("valid") is None:
        if state.ruling is None:
            raise ScriptError(number, "there is no verdict to check again")
        args["valid"] = _verdict(number, list(state.ruling.words), verdicts)
    return cls(**args)


def _time_ns(number: int, data: dict, previous: int) -> int:
    if "t" not in data:
        return previous
    t = data["t"]
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t < 0:
        raise ScriptError(number, f"t is a number of seconds >= 0, not {t!r}")
    now = round(t * NS_PER_S)
    if now < previous:
        raise ScriptError(number, f"t={t} is before the previous line")
    return now


@dataclass(frozen=True)
class ScriptLine:
    """One command line of a script, read: its number in the file, its time (ns since the
    script's zero) and the line as written (``line_command`` makes its core command)."""
    number: int
    t_ns: int
    data: dict


def read_script(lines: Iterable[str]) -> Iterator[GameState | ScriptLine]:
    """The script read lazily: first the new game its header sets up, then each command line
    with its time (a line that cannot be read raises ScriptError when it is reached)."""
    state, now = None, 0
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        data = _json_line(number, text)
        if state is None:
            state = _header(number, data)
            yield state
            continue
        now = _time_ns(number, data, now)
        yield ScriptLine(number, now, data)
    if state is None:
        raise ScriptError(1, "the script is empty: its first line names the preset")


def line_command(line: ScriptLine, state: GameState, lexicon: Container[str] | None = None):
    """The core command ``line`` makes in the game ``state``; ``lexicon`` gives a verdict the
    line does not (ScriptError if it cannot be read, or needs a lexicon there is not)."""
    verdicts = None
    if lexicon is not None:
        max_words = state.rules.challenge.max_words
        verdicts = lambda words: adjudicate(words, lexicon, max_words).valid  # noqa: E731
    return _command(line.number, line.data, verdicts, state)


def replay_lines(lines: Iterable[str], lexicon: Container[str] | None = None) -> Replayed:
    """Run a script through the core; raises ScriptError naming the first bad line."""
    state, events, now = None, [], 0
    for line in read_script(lines):
        if isinstance(line, GameState):
            state = line
            continue
        now = line.t_ns
        command = line_command(line, state, lexicon)
        try:
            for tick_or_command in (cmd.Tick(), command):
                new = decide(state, tick_or_command, now)
                for event in new:
                    state = apply(state, event)
                events += new
        except GameError as exc:
            raise ScriptError(line.number, str(exc)) from None
    for event in decide(state, cmd.Tick(), now):
        state = apply(state, event)
        events.append(event)
    return Replayed(state=state, events=events, result=compute(state, now))


def result_document(replayed: Replayed) -> dict:
    """What ``python -m kiosk replay`` prints."""
    state = replayed.state
    return {"preset": state.rules.name, "round": state.round, "players": list(state.players),
            **replayed.result.to_dict()}
