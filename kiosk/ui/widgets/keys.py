"""The on-screen keyboard as data: which keys a screen offers now. Pure (no pygame).

A ``Keyboard`` is part of a screen's view (a clock half, the judge, the director's menu...), so
the loop redraws when it changes and resolves a tap against the keys on screen
(kiosk.ui.touch). A key types what a USB keyboard would (``table_input.KeyTyped.key``: one
character, or an ``Action``'s name): the screens read both the same way, and a USB keyboard
keeps working beside it. Each editor (kiosk.ui.widgets.entry) offers only the keys it accepts now:
letters only where letters are allowed, ``?`` where a blank is. Where and how large the keys
are drawn is kiosk.ui.widgets.keyboard.
"""
from __future__ import annotations

import string

from table_input import Action

from common.game.frozen import value


@value
class Key:
    key: str                # what a tap types: a character, or an Action's name
    label: str              # what the key says
    span: int = 1           # its share of its row (the action row: of the whole width)


@value
class Keyboard:
    """``grid``: keys flowed into as many columns as fit (each key at least 9 mm wide);
    ``actions``: the last row, across the keyboard's width. ``seat``: the player whose half
    shows it (0 left, 1 right), or None for whoever stands at the screen (the director).
    ``choices``: its keys are a menu's choices, their labels the choices' texts (as few columns
    as let each row be a key's height). ``even``: the grid's labels all one size (a menu's are)."""
    grid: tuple[Key, ...] = ()
    actions: tuple[Key, ...] = ()
    seat: int | None = None
    choices: bool = False
    even: bool = False


LETTERS = tuple(Key(c, c) for c in string.ascii_uppercase)
DIGITS = tuple(Key(d, d) for d in "1234567890")
#: The keys that are digits: 0 to 9, never ² or ⁹ from a USB keyboard (str.isdigit takes them,
#: int() refuses them).
DIGIT_KEYS = frozenset("0123456789")


def digits_only(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0 to 9, and nothing else."""
    return bool(text) and all(c in DIGIT_KEYS for c in text)


DEL = Key(Action.BACKSPACE, "DEL", 2)
ENTER = Key(Action.ENTER, "ENTER", 2)
BACK = Key(Action.ESCAPE, "BACK", 2)
KIND = Key(Action.TAB, "PLAY/EXCH/PASS", 3)
BLANK_TILE = Key("?", "?")                     # a blank on a rack
BLANK_NEXT = Key("?", "BLANK TILE", 3)         # in a play's score: the next letter is a blank's
NEXT_WORD = Key(" ", "NEXT WORD", 3)
BONUS = Key("*", "BONUS OFF", 3)              # a play of all seven tiles (a toggle): tap to say so
BONUS_ON = Key("*", "BONUS ON", 3)            # ... said: tap again to unsay it
NO_BLANK = Key(Action.NO_BLANK, "NO BLANK", 2)  # a play sent back for its blank has none (NZASP 6.2.2)
WORD = Key(Action.WORD, "WORD", 2)            # in a play's entry: its word, noted with its score


#: How a hint names a key: on a USB keyboard, and on the on-screen keyboard (its label).
KEY_WORDS = {"Enter": ("Enter", ENTER.label), "Escape": ("Esc", BACK.label), "Tab": ("Tab", KIND.label),
             "Backspace": ("Backspace", DEL.label)}


def key_word(key: str, keyboard: bool) -> str:
    """``key`` (Enter, Escape, Tab, Backspace) as a hint names it: the USB keyboard's key when
    a keyboard is at the table (``keyboard``), else the on-screen key that types it."""
    return KEY_WORDS[key][0 if keyboard else 1]


def digits(*extra: Key, actions: tuple[Key, ...] = (ENTER,)) -> Keyboard:
    """The ten digits and DEL (and ``extra`` keys before DEL), then ``actions``."""
    return Keyboard(DIGITS + extra + (DEL,), actions)


def choices(options: dict[str, str], actions: tuple[Key, ...] = (BACK,)) -> Keyboard:
    """A menu's choices as keys, in rows: ``options`` maps the key a choice types (its
    digit) to the text the key shows."""
    return Keyboard(tuple(Key(key, label) for key, label in options.items()), actions, choices=True)
