"""The hardware self-test: each button pressed in turn (its latency reported), then each
player display's test patterns and each status LED lit in turn.

``SelfTest`` is the procedure, driven with explicit times like the screens: ``handle(item,
now_ns)`` for each input from the buttons' queue, ``update(now_ns)`` on every pass; ``lines``
is the report so far, ``prompt`` what to do now, ``finished`` and ``ok`` the outcome. A button's
latency is from its edge's own timestamp (``ButtonPressed.t_ns``, taken on the GPIO thread) to
the pass that handled it. A button not pressed within ``timeout_s`` is reported MISSING; a
display that could not be opened is reported with the reason (``missing``). It is run by
``python -m kiosk selftest`` (kiosk/hardware/selftest_cli.py) and from the director's menu
(kiosk/ui/menu/selftest.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from table_input import SIDES, ButtonPressed, Side
from drivers.player_display import PlayerDisplay
from drivers.leds import StatusLeds

NS = 1_000_000_000
NAMES = {Side.LEFT: "LEFT player's button", Side.RIGHT: "RIGHT player's button",
         Side.CENTRE: "CENTRE button"}


@dataclass
class ButtonResult:
    side: str
    latency_ns: int | None          # None: never arrived

    def line(self, timeout_s: float) -> str:
        if self.latency_ns is None:
            return f"{self.side} button: MISSING (not pressed within {timeout_s:g} s)"
        return f"{self.side} button: OK, latency {self.latency_ns / 1e6:.1f} ms"


@dataclass
class SelfTest:
    timeout_s: float = 10.0
    displays: Mapping[str, PlayerDisplay | None] = field(default_factory=dict)
    leds: StatusLeds | None = None
    missing: Mapping[str, str] = field(default_factory=dict)    # device -> why it is not there
    pattern_s: float = 1.0                                      # each pattern stays lit this long
    buttons: tuple[str, ...] = SIDES

    def __post_init__(self):
        self.results: list[ButtonResult] = []
        self.lines: list[str] = [f"{name}: NOT FOUND: {why}" for name, why in self.missing.items()]
        self.steps = self._light_steps()
        self.asked_ns: int | None = None
        self.stray: list[str] = []                  # buttons pressed when another was asked for
        self._lit = 0                               # test patterns lit so far
        self.finished = False

    def _light_steps(self) -> list[tuple[str, object, str]]:
        steps = []
        for side, display in self.displays.items():
            if display is not None:
                steps += [(f"{side} display ({display.name})", display, p) for p in display.patterns()]
        if self.leds is not None:
            steps += [("status LED", self.leds, name) for name in self.leds.leds]
        return steps

    @property
    def asking(self) -> str | None:
        """The button asked for now, if the buttons are being tested."""
        done = len(self.results)
        return self.buttons[done] if done < len(self.buttons) else None

    @property
    def prompt(self) -> str:
        if self.finished:
            return "self-test done: " + ("all OK" if self.ok else "FAULTS found (see above)")
        if self.asking is not None:
            return f"press the {NAMES[self.asking]}"
        return "watch each display and LED light up"

    @property
    def ok(self) -> bool:
        return not self.missing and all(r.latency_ns is not None for r in self.results)

    def start(self, now_ns: int) -> None:
        self.asked_ns = now_ns

    def handle(self, item, now_ns: int) -> None:
        if not isinstance(item, ButtonPressed) or self.asking is None:
            return
        if self.asked_ns is None:
            self.start(now_ns)
        if item.side != self.asking:
            self.stray.append(item.side)
            self.lines.append(f"  ({item.side} button pressed while the {self.asking} was asked for)")
            return
        self._record(ButtonResult(item.side, max(0, now_ns - item.t_ns)), now_ns)

    def update(self, now_ns: int) -> None:
        if self.finished:
            return
        if self.asked_ns is None:
            self.start(now_ns)
        if self.asking is not None:
            if now_ns - self.asked_ns >= round(self.timeout_s * NS):
                self._record(ButtonResult(self.asking, None), now_ns)
            return
        index = int((now_ns - self.asked_ns) // max(1, round(self.pattern_s * NS)))
        while self._lit < min(index + 1, len(self.steps)):
            name, device, pattern = self.steps[self._lit]
            self._light(device, pattern)
            self.lines.append(f"{name}: {pattern} lit")
            self._lit += 1
        if index >= len(self.steps):
            self._dark()
            self.finished = True

    def _record(self, result: ButtonResult, now_ns: int) -> None:
        self.results.append(result)
        self.lines.append(result.line(self.timeout_s))
        self.asked_ns = now_ns
        self._lit = 0

    def _light(self, device, pattern: str) -> None:
        if isinstance(device, StatusLeds):
            device.set(**{name: name == pattern for name in device.leds})
        else:
            device.light(pattern)

    def _dark(self) -> None:
        if self.leds is not None:
            self.leds.set(**dict.fromkeys(self.leds.leds, False))

    def report(self) -> str:
        return "\n".join(self.lines + [self.prompt])
