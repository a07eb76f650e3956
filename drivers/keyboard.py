"""The keyboard: typing for the screens, and in simulation the twin of the three buttons.

``Keyboard.feed(pygame_event, t_ns)`` turns a key press into an input (table_input) on the same
queue the GPIO buttons use: ``ButtonPressed`` for a button key (only when ``buttons_twin`` is on,
that is in simulation), else ``KeyTyped``. Button keys are keys that never type text, so the judge's
word typing (letters, space, Enter) never presses a button:

    left button    F1  or Left Ctrl
    centre button  F6  or F7   (the middle of the function row)
    right button   F12 or Right Ctrl

Typing: printable characters arrive as themselves (``"a"``, ``"7"``, ``" "``, ``"?"``);
Enter, Backspace, Tab and Escape by those names; and seven function keys by what they ask:

    F2   ``"SendBack"``  restart the mover's clock: their blank is not declared (NZASP 6.2.2)
    F3   ``"FalseBlank"`` the opponent's last play used a false blank (school 7)
    F4   ``"Hold"``      a hold on the last play
    F5   ``"Speak"``     say both times aloud (or show them large)
    F8   ``"Word"``      note the word of the play being entered, else of the last play
    F9   ``"Correct"``   correct a score (both players agree with their buttons)
    F10  ``"Director"``  the director's menu (after its PIN); with GPIO buttons, also a long
                         press of the centre button

These are keys on any USB keyboard, with or without the button twin.
"""
from __future__ import annotations

import queue
import pygame

from table_input import Action, ButtonPressed, KeyTyped, Side

BUTTON_KEYS = {
    pygame.K_F1: Side.LEFT, pygame.K_LCTRL: Side.LEFT,
    pygame.K_F6: Side.CENTRE, pygame.K_F7: Side.CENTRE,
    pygame.K_F12: Side.RIGHT, pygame.K_RCTRL: Side.RIGHT,
}
NAMED_KEYS = {
    pygame.K_RETURN: Action.ENTER, pygame.K_KP_ENTER: Action.ENTER, pygame.K_BACKSPACE: Action.BACKSPACE,
    pygame.K_TAB: Action.TAB, pygame.K_ESCAPE: Action.ESCAPE, pygame.K_F2: Action.SEND_BACK,
    pygame.K_F3: Action.FALSE_BLANK, pygame.K_F4: Action.HOLD, pygame.K_F5: Action.SPEAK,
    pygame.K_F8: Action.WORD, pygame.K_F9: Action.CORRECT, pygame.K_F10: Action.DIRECTOR,
}
#: What the sim's bottom line says about the button keys.
LEGEND = "keys F1 left  ·  F6 centre  ·  F12 right  ·  F10 director"


class Keyboard:
    def __init__(self, events: queue.Queue, *, buttons_twin: bool):
        self.events, self.buttons_twin = events, buttons_twin

    def feed(self, event, t_ns: int) -> bool:
        """Enqueue what a pygame event means; True if it was a key press we use."""
        if event.type != pygame.KEYDOWN:
            return False
        if self.buttons_twin and event.key in BUTTON_KEYS:
            self.events.put(ButtonPressed(BUTTON_KEYS[event.key], t_ns))
            return True
        if event.key in NAMED_KEYS:
            self.events.put(KeyTyped(NAMED_KEYS[event.key], t_ns))
            return True
        text = getattr(event, "unicode", "") or ""
        if len(text) == 1 and text.isprintable():
            self.events.put(KeyTyped(text, t_ns))
            return True
        return False
