"""Two simulated players for the demo game: what they press and type, decided from the game as
the kiosk holds it, and put on the kiosk's input queue like the buttons and the keyboard do.

They play a fixed, seeded game (``PLAN``): turns with their thinking times and scores, a play
with a blank (its letter typed after ``?``), a phony held (F4, or HOLD on the screen) and then
challenged off (two words, one of them good), a long think that takes Ann into overtime, an exchange, a pass, and a play-out accepted
by the opponent; then the tiles left are typed and both confirm. What they press and type works
the same on a USB keyboard and on the on-screen keyboard (``--touch-only``: kiosk.demo.fingers
taps it). Everything is
derived from the game's state (how many turns, whose clock runs, what waits to be entered), so
they pick up a game the kiosk recovered after a crash and play it on to the end.
"""
from __future__ import annotations

from dataclasses import dataclass

from table_input import PLAYER_SIDES, ButtonPressed, KeyTyped, Side
from common.game.state import GameState
from common.game.vocabulary import Phase, TurnKind
from kiosk.ui.clock.screen import entry_target

NS = 1_000_000_000


@dataclass(frozen=True)
class Move:
    think_s: float                   # how long the mover thinks before pressing (game seconds)
    kind: str = "play"               # play, exchange, pass, phony (challenged off), out
    score: int = 0
    typed: str = ""                  # a phony's words as the challenger types them
    blanks: str = ""                 # the letters the play's blanks stand for


#: The demo game: Ann (left) moves first. Ann's thinking adds up to more than the demo's
#: 5 minutes a side, so her last moves are in overtime.
PLAN = (Move(40, score=24), Move(35, score=31, blanks="E"), Move(50, score=18), Move(30, "phony", 40, "ZAX QXZT"),
        Move(60, score=27), Move(25, "exchange", 4), Move(80, score=36), Move(45, score=22),
        Move(90, score=14), Move(20, "pass"), Move(15, "out", 19))
#: Each player's rack when the game ends (only the opponent of the player who went out has one).
RACKS = ("", "QU?")


class DemoPlayers:
    """``act(state, screen, now_ns)``: the inputs the players give now (usually none). ``pace``
    scales the thinking times; ``judge`` is False when the kiosk has no lexicon (the phony is
    then played as an ordinary play)."""

    def __init__(self, *, pace: float = 1.0, judge: bool = True, react_s: float = 0.6):
        self.pace, self.judge, self.react_ns = pace, judge, round(react_s * NS)
        self._last = None                   # (what the game looked like, when) at the last act
        self._typed_for = None              # the challenge whose words were typed
        self._confirmed: set[int] = set()

    def act(self, state: GameState, screen: str, now_ns: int) -> list:
        """The inputs due at ``now_ns``; ``screen`` is the screen's label (demo.screen_label)."""
        seen = (len(state.turns), state.phase, state.clock.running, state.clock.since_ns, screen,
                state.challenge, entry_target(state), state.hold)
        if self._last is None or self._last[0] != seen:
            self._last = (seen, now_ns)     # something changed: react after a moment
        if now_ns - self._last[1] < self.react_ns or screen in ("verdict", "failsafe", "director"):
            return []
        inputs = self._decide(state, screen, now_ns)
        if inputs:
            self._last = (seen, now_ns)     # one action per change and reaction time
        return inputs

    def _decide(self, state: GameState, screen: str, t: int) -> list:
        phase = state.phase
        if phase == Phase.SETUP:
            return [press(Side.RIGHT, t)]    # Bob goes second: Ann's clock starts
        if phase == Phase.CHALLENGE:
            return self._challenge(state, t)
        target = entry_target(state)
        if target is not None:
            return self._entry(state, target, t)
        if phase == Phase.PLAYING:
            return self._playing(state, t)
        if phase == Phase.OUT:                  # the opponent accepts the play-out
            return [press(PLAYER_SIDES[1 - state.turns[-1].player], t)]
        if phase == Phase.ENDED:
            for player in (0, 1):
                if not state.confirmed[player] and player not in self._confirmed:
                    self._confirmed.add(player)
                    return [press(PLAYER_SIDES[player], t)]
        return []

    def move(self, index: int) -> Move:
        move = PLAN[min(index, len(PLAN) - 1)]
        if move.kind == "phony" and not self.judge:
            return Move(move.think_s, score=move.score)
        return move

    def _playing(self, state: GameState, t: int) -> list:
        mover = state.clock.running
        if mover is None:                   # stopped: the waiting player restarts the clock
            waiting = 1 - state.to_move if state.to_move is not None else 1
            return [press(PLAYER_SIDES[waiting], t)]
        index = len(state.turns)
        last = state.turns[-1] if state.turns else None
        planned = self.move(index - 1) if last else None
        if (last and last.kind == TurnKind.PLAY and planned and planned.kind == "phony"
                and not last.challenged and not last.phony):
            if state.hold is None:
                return [key("Hold", t)]                                  # the opponent holds ...
            return [press(Side.CENTRE, t), press(Side.CENTRE, t + 1)]    # ... then challenges
        move = self.move(index)
        if t - state.clock.since_ns < round(move.think_s * self.pace * NS):
            return []
        if move.kind == "out":              # centre stops the clock, the mover's button: went out
            return [press(Side.CENTRE, t), press(PLAYER_SIDES[mover], t + 1)]
        return [press(PLAYER_SIDES[mover], t)]

    def _entry(self, state: GameState, target, t: int) -> list:
        kind, index, player = target
        if kind == "rack":
            return typed(RACKS[player] + "\n", t)
        move = self.move(index)
        if move.kind == TurnKind.EXCHANGE:
            return [key("Tab", t)] + typed(f"{move.score}\n", t)
        if move.kind == TurnKind.PASS:
            return [key("Tab", t), key("Tab", t), key("Enter", t)]
        blanks = "".join(f"?{letter}" for letter in move.blanks)     # ? then the blank's letter
        return typed(f"{move.score}{blanks}\n", t)

    def _challenge(self, state: GameState, t: int) -> list:
        challenge = state.challenge
        if self._typed_for != challenge:
            self._typed_for = challenge
            return typed(self.move(challenge.turn).typed or "QI", t)
        return [press(PLAYER_SIDES[state.verdict_player], t)]


def press(side: str, t_ns: int) -> ButtonPressed:
    return ButtonPressed(side, t_ns)


def key(name: str, t_ns: int) -> KeyTyped:
    return KeyTyped(name, t_ns)


def typed(text: str, t_ns: int) -> list[KeyTyped]:
    """``text`` as keys: ``\\n`` is Enter, everything else itself."""
    return [KeyTyped("Enter" if ch == "\n" else ch, t_ns) for ch in text]
