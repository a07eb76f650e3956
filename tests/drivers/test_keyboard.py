"""The keyboard twin: button keys only in simulation, typing always, never a button by typing."""
import queue

import pygame
import pytest

from table_input import ButtonPressed, KeyTyped
from drivers.keyboard import Keyboard


def key(k, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0)


def fed(keyboard, *events):
    for i, event in enumerate(events):
        keyboard.feed(event, 100 + i)
    out = []
    while not keyboard.events.empty():
        out.append(keyboard.events.get_nowait())
    return out


def test_button_keys_press_buttons_in_simulation():
    kb = Keyboard(queue.Queue(), buttons_twin=True)
    assert fed(kb, key(pygame.K_F1), key(pygame.K_F6), key(pygame.K_F12),
               key(pygame.K_LCTRL), key(pygame.K_RCTRL), key(pygame.K_F7)) == [
        ButtonPressed("left", 100), ButtonPressed("centre", 101), ButtonPressed("right", 102),
        ButtonPressed("left", 103), ButtonPressed("right", 104), ButtonPressed("centre", 105)]


def test_without_the_twin_button_keys_press_nothing():
    kb = Keyboard(queue.Queue(), buttons_twin=False)
    assert fed(kb, key(pygame.K_F1), key(pygame.K_F12)) == []


@pytest.mark.parametrize("twin", [True, False])
def test_typing_is_never_a_button(twin):
    kb = Keyboard(queue.Queue(), buttons_twin=twin)
    out = fed(kb, key(pygame.K_q, "q"), key(pygame.K_SPACE, " "), key(pygame.K_RETURN, "\r"),
              key(pygame.K_BACKSPACE, "\b"), key(pygame.K_3, "3"), key(pygame.K_SLASH, "?"),
              key(pygame.K_TAB, "\t"), key(pygame.K_ESCAPE, "\x1b"), key(pygame.K_F4),
              key(pygame.K_F5), key(pygame.K_F9), key(pygame.K_F10))
    assert [e.key for e in out] == ["q", " ", "Enter", "Backspace", "3", "?", "Tab", "Escape", "Hold",
                                    "Speak", "Correct", "Director"]
    assert all(isinstance(e, KeyTyped) for e in out)


def test_control_characters_and_other_events_are_ignored():
    kb = Keyboard(queue.Queue(), buttons_twin=True)
    assert fed(kb, key(pygame.K_a, "\x01"), pygame.event.Event(pygame.KEYUP, key=pygame.K_F1)) == []
