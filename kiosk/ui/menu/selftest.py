"""The hardware self-test from the director's menu (item 8): the kiosk's own buttons, player
displays and status LEDs, tested in place by kiosk.hardware.selftest while the game waits.

The buttons are asked for in turn (a GPIO button's latency is from its edge to the loop pass
that handled it; the keyboard twins' F1 / F6 / F12 in simulation); then each display lights its
test patterns and each LED lights in turn. The displays stop showing the game meanwhile
(``PlayerOutputs.paused``) and show it again on leaving. Esc goes back to the menu at any time;
the outcome is then shown there, and journaled as a use of the director's menu. Drawn as the director's menu is (kiosk.ui.menu.paint).
"""
from __future__ import annotations

from table_input import ButtonPressed, KeyTyped
from common.game.vocabulary import MenuUse
from kiosk.hardware.selftest import SelfTest
from kiosk.ui.menu.paint import ROWS, DirectorView, draw_director
from kiosk.ui.widgets.base import Screen
from kiosk.ui.widgets.keys import BACK, Keyboard
from kiosk.ui.widgets.words import top_line

TIMEOUT_S = 10.0            # how long each button is waited for


class SelfTestScreen(Screen):
    director_menu = True    # the director's own screen: a long centre press opens no second menu

    def __init__(self, table, back: Screen, opened_ns: int, *, timeout_s: float = TIMEOUT_S):
        super().__init__(table)
        self.back, self.leaving = back, False
        self.outputs = table.outputs
        displays = self.outputs.displays if self.outputs is not None else {}
        leds = self.outputs.leds if self.outputs is not None else None
        self.test = SelfTest(timeout_s=timeout_s, displays=displays, leds=leds)
        self.test.start(opened_ns)
        self.now_ns = opened_ns

    def enter(self, now_ns: int) -> None:
        if self.outputs is not None:
            self.outputs.paused = True

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if item.key == "Escape":
            self.leaving, self.now_ns = True, max(self.now_ns, item.t_ns)

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        self.test.handle(item, now_ns)

    def update(self, now_ns: int) -> None:
        self.now_ns = max(self.now_ns, now_ns)
        self.test.update(now_ns)

    def next(self):
        if not self.leaving:
            return self
        if self.outputs is not None:
            self.outputs.paused = False
        outcome = ("self-test: all OK" if self.test.ok else "self-test: FAULTS found") \
            if self.test.finished else "self-test: stopped before the end"
        self.table.menu_used(MenuUse.SELFTEST, outcome, self.now_ns)
        self.back.notify(outcome, self.now_ns)
        return self.back

    def view(self, now_ns: int) -> DirectorView:
        state, info = self.table.state, self.table.info
        return DirectorView(top=top_line(state, info), heading="DIRECTOR: hardware self-test",
                            status="the game waits: nothing is recorded", rows=tuple(self.test.lines[-ROWS:]),
                            entry=self.test.prompt, prompt="Esc: back to the director's menu",
                            bottom=info.legend, error=self.table.message(now_ns), notice=self.table.told(now_ns),
                            keyboard=Keyboard((), (BACK,)) if self.table.settings.keypad else None)

    def draw(self, surface, view: DirectorView) -> None:
        draw_director(surface, view)

    def draw_upright(self, surface, view: DirectorView, facing: int) -> None:
        draw_director(surface, view, facing)
