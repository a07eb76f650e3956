"""The table's player displays and status LEDs, fed from the game: what each player's own
display shows, worked out here (the drivers only show text and flags).

``player_view(state, player, now_ns)`` is that player's time exactly as their half of the main
screen shows it (kiosk.ui.clock.view.face: ``24:59``, ``-0:07``), whether their clock runs, and
the mode: challenge while a challenge is open, neutral while the clock is stopped during the
game, overtime when their time is below zero, else normal; once the result is complete (the game
over, nothing left to enter), as the main screen says it (kiosk.ui.end.summary), ``final``: the
player's final score and their side of the spread.

``PlayerOutputs.push(state, now_ns, sent=...)`` runs on every pass of the kiosk's loop; the
displays write only when what they show changed, the LEDs only when they switch.
``open_outputs(config, factory)`` opens what the config names: a configured display or LED
that is missing stops the kiosk with ``HardwareError`` (never a silent fallback).
"""
from __future__ import annotations

from typing import Callable, Mapping

from drivers.buttons import HardwareError, pin_factory
from drivers.displays import open_display
from drivers.player_display import DisplaySpec, PlayerDisplay, Shown
from drivers.leds import StatusLeds
from common.game.state import GameState
from common.game.vocabulary import Phase
from common.game.result import compute
from kiosk.ui.end.summary import complete
from kiosk.ui.widgets.words import face

SIDES = ("left", "right")          # player 0 sits left, player 1 right
NS = 1_000_000_000


def player_view(state: GameState, player: int, now_ns: int) -> Shown:
    """What ``player``'s own display shows at ``now_ns``."""
    if state.phase in (Phase.ENDED, Phase.CONFIRMED) and complete(state):
        result = compute(state, now_ns)
        spread = result.spread if player == 0 else -result.spread
        return Shown(str(result.final[player]), False, "final", f"{spread:+d}" if spread else "0")
    text = face(state, player, now_ns)
    clock = state.clock
    running = clock.running == player and not clock.stopped
    if state.phase == Phase.CHALLENGE:
        mode = "challenge"
    elif clock.neutral and state.phase in (Phase.PLAYING, Phase.OUT):
        mode = "neutral"
    elif text.startswith("-"):
        mode = "overtime"
    else:
        mode = "normal"
    return Shown(text, running, mode)


def led_states(state: GameState, sent: bool) -> dict[str, bool]:
    """Which status LEDs are lit: whose clock runs, neutral, the result sent."""
    clock = state.clock
    runs = clock.running if not clock.stopped else None
    return {"left_runs": runs == 0, "right_runs": runs == 1,
            "neutral": state.phase == Phase.CHALLENGE or (clock.neutral and state.phase in (Phase.PLAYING, Phase.OUT)),
            "result_sent": sent}


class PlayerOutputs:
    """Both players' displays (either may be absent) and the status LEDs (if fitted)."""

    def __init__(self, displays: Mapping[str, PlayerDisplay | None], leds: StatusLeds | None = None):
        self.displays = {side: displays.get(side) for side in SIDES}
        self.leds = leds
        self.paused = False         # the self-test has them: the game is not shown meanwhile

    @property
    def fitted(self) -> bool:
        return self.leds is not None or any(self.displays.values())

    def push(self, state: GameState, now_ns: int, *, sent: bool = False) -> None:
        if self.paused:
            return
        for player, side in enumerate(SIDES):
            display = self.displays[side]
            if display is not None:
                shown = player_view(state, player, now_ns)
                display.show(shown.text, shown.running, shown.mode, shown.margin)
        if self.leds is not None:
            self.leds.set(**led_states(state, sent))

    def close(self) -> None:
        for display in self.displays.values():
            if display is not None:
                display.close()
        if self.leds is not None:
            self.leds.close()
        self.displays, self.leds = {side: None for side in SIDES}, None


class SentWatch:
    """Whether this game's locked result has reached the director: ``sent()`` (the session's
    ``result_sent``: the director acknowledged this game's result document) is asked at most once
    a second, and only once the result is locked. Another game's result still in the outbox (one
    the director refused, say) does not keep the light off."""

    def __init__(self, sent: Callable[[], bool]):
        self.sent = sent
        self._asked_ns: int | None = None
        self._sent = False

    def __call__(self, state: GameState, now_ns: int) -> bool:
        if state.phase != Phase.CONFIRMED:
            self._asked_ns, self._sent = None, False
            return False
        if self._asked_ns is None or now_ns - self._asked_ns >= NS:
            self._asked_ns, self._sent = now_ns, self.sent()
        return self._sent


def open_outputs(displays: Mapping[str, DisplaySpec], leds: Mapping[str, int], factory=None,
                 ) -> PlayerOutputs:
    """Open the displays ``displays`` names (side -> spec) and the fitted LEDs (name -> BCM pin,
    0 = none). ``factory``: the gpiozero pin factory (lgpio if needed and not given)."""
    opened: dict[str, PlayerDisplay | None] = {}
    fitted = {name: pin for name, pin in leds.items() if pin}
    needs_gpio = fitted or any(s.kind == "ssd1306" and s.chosen_bus == "spi" for s in displays.values())
    if needs_gpio and factory is None:
        factory = pin_factory("lgpio")
    try:
        for side in SIDES:
            spec = displays.get(side)
            opened[side] = open_display(spec, factory) if spec is not None else None
        status = StatusLeds(factory, fitted) if fitted else None
    except BaseException:
        PlayerOutputs(opened).close()
        raise
    return PlayerOutputs(opened, status)


__all__ = ["player_view", "led_states", "PlayerOutputs", "SentWatch", "open_outputs", "HardwareError"]
