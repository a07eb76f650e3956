"""Reading a game back from events that came from elsewhere: a result document at the director.

``state.apply`` trusts its events, because ``game.decide`` made them. Events read from a
document were made by someone else, so ``read_back`` checks each one against the game as it
stands before folding it in, and refuses the first that cannot happen here with
``ImpossibleEvent``, naming its place in the list and its type:

- every side it names (``player``, ``side``, ``first``, each of ``absent``) is 0 or 1;
- every turn it names is one of the turns played so far;
- a rack holds tiles of the set (as a player would have typed them);
- tiles found go to the bag (-1) or to a player; a recheck follows a verdict, a blank's
  declaration (or its undoing: no blank) a play sent back for it, the time it moves no more than
  the mover's clock ran since;
- the clock runs only once the game has started, and a play-out ends a game that had a turn;
- time never runs backwards (the clock's own check), a recovery included (its ``from_ns``);
- the plays on the board never placed more tiles than the set holds (tiles.SET_SIZE, 100): a
  game's tallies (its bonus words, plays of seven tiles) are what such a game can hold.

``result_of`` is the whole read-back: the game the events give under ``rules``, and its result
computed by ``result.compute`` as of the last event (a kiosk computes its result document when
the result is locked, the last event). Pure: standard library and the core only.
"""
from __future__ import annotations

from typing import Sequence

from . import clock as clk
from . import events as ev
from .result import Result, compute
from .rules import Rules
from .state import GameState, apply, new_game
from .tiles import SET_SIZE, normalise_rack
from .vocabulary import EndReason

_SIDES = ("player", "side", "first")
#: Events that set a player's clock running (the others stop it, or do not touch it).
_RUN_THE_CLOCK = (ev.ClockResumed, ev.TurnSentBack, ev.BlankDeclared, ev.SendBackUndone)


class ImpossibleEvent(ValueError):
    """An event that cannot happen in the game as it stands: ``index`` (0-based) in the list,
    ``event`` its type's name, ``reason`` why."""

    def __init__(self, index: int, event: str, reason: str):
        self.index, self.event, self.reason = index, event, reason
        super().__init__(f"events[{index}] ({event}): {reason}")


def _problem(state: GameState, event: ev.Event) -> str | None:
    """Why ``event`` cannot apply to ``state``, or None if it can."""
    values = vars(event)                # its fields (events are plain frozen dataclasses)
    for name in _SIDES:
        if name in values and values[name] not in (0, 1):
            return f"{name} {values[name]!r} is not a player (0 or 1)"
    if isinstance(event, (ev.StartCalled, ev.AbsentDeclared)):
        if any(p not in (0, 1) for p in event.absent) or len(set(event.absent)) != len(event.absent):
            return f"absent {list(event.absent)!r}: expected players 0 and 1, each at most once"
    turn = values.get("turn")
    if turn is not None and not 0 <= turn < len(state.turns):
        return f"turn {turn} is not one of the game's {len(state.turns)} turns so far"
    if isinstance(event, ev.RackEntered):
        try:
            normalise_rack(event.tiles)
        except ValueError as exc:
            return f"tiles {event.tiles!r}: {exc}"
    if isinstance(event, ev.TilesFound) and (event.to not in (-1, 0, 1) or event.tiles < 1):
        return f"to {event.to!r}, tiles {event.tiles!r}: expected -1 (the bag) or a player, and a tile or more"
    if isinstance(event, ev.ChallengeRechecked) and (state.ruling is None or state.ruling.turn != event.turn):
        return f"turn {event.turn} has no verdict that may be checked again"
    if isinstance(event, (ev.BlankDeclared, ev.SendBackUndone)) and state.sent_back != event.turn:
        return f"turn {event.turn} was not sent back for its blank"
    if isinstance(event, ev.SendBackUndone):
        ran = clk.used(state.clock, state.turns[event.turn].player, event.at_ns) - state.sent_back_from[1]
        if not 0 <= event.moved_ns <= ran:
            return f"moved_ns {event.moved_ns}: the mover's clock ran {ran} ns since the send-back"
    runs = isinstance(event, _RUN_THE_CLOCK) or (isinstance(event, ev.TurnEnded) and not event.out)
    if runs and not state.clock.started:
        return "the clock has not been started (no GameStarted before it)"
    if isinstance(event, ev.GameEnded) and event.reason == EndReason.OUT and not state.turns:
        return "a game cannot end with a player out before any turn"
    return None


def _too_many_tiles(state: GameState) -> str | None:
    """Why the board as ``state`` has it cannot be: its plays placed more tiles than a set has."""
    on_board = state.tiles_on_board()
    if on_board > SET_SIZE:
        return f"the plays on the board placed {on_board} tiles; a set has {SET_SIZE}"
    return None


def read_back(state: GameState, events: Sequence[ev.Event]) -> GameState:
    """``state`` with every event folded in, each checked first; ImpossibleEvent for the first
    that cannot happen."""
    for index, event in enumerate(events):
        problem = _problem(state, event)
        if problem is None:
            try:
                before, state = state, apply(state, event)
            except ValueError as exc:           # the clock's own check: time ran backwards
                problem = str(exc)
            else:
                problem = None if state.turns is before.turns else _too_many_tiles(state)
                if problem is None:
                    continue
        raise ImpossibleEvent(index, type(event).__name__, problem)
    return state


def result_of(rules: Rules, round_number: int, players: tuple[str, str],
              events: Sequence[ev.Event]) -> tuple[GameState, Result]:
    """The game ``events`` give under ``rules``, and its result as of its last event."""
    state = read_back(new_game(rules, round_number, players), events)
    return state, compute(state, state.last_ns if state.last_ns is not None else 0)
