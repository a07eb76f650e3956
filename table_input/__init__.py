"""What a table's inputs say, whichever device they come from: the vocabulary that the drivers
(GPIO buttons, the keyboard) and the screens (kiosk.ui) share, and nothing else of ours.

- ``ButtonPressed`` / ``ButtonReleased``: one of the three buttons (``Side``), at the edge's own
  ``t_ns`` (``time.monotonic_ns()`` base). The GPIO buttons and the keyboard twin make them.
- ``KeyTyped``: one printable character, or an ``Action`` by name (``"Enter"``, ``"Hold"``...).
- ``Tapped``: a tap on the screen at a point. What a point means depends on what the screen
  shows (a keypad key, a player's half...): the loop resolves it against the view on screen
  (kiosk.ui.touch) into one of the inputs above, or nothing.

Every input carries ``t_ns``: the core charges time from it, never from when it was handled.
Standard library only: drivers/ must not import kiosk/, and kiosk/ui must not import drivers/.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Side(StrEnum):
    """The three buttons: each player's clock button, and the centre (neutral) button."""
    LEFT = "left"
    RIGHT = "right"
    CENTRE = "centre"


SIDES = tuple(Side)
#: The players' own buttons, player 0's first (the left player is player 0).
PLAYER_SIDES = (Side.LEFT, Side.RIGHT)
#: Whose clock button is whose (the centre button is nobody's: ``PLAYERS.get`` gives None).
PLAYERS = {Side.LEFT: 0, Side.RIGHT: 1}


class Action(StrEnum):
    """Named keys a screen may receive besides single printable characters."""
    ENTER = "Enter"
    BACKSPACE = "Backspace"
    TAB = "Tab"
    ESCAPE = "Escape"
    HOLD = "Hold"                   # a hold on the last play
    SPEAK = "Speak"                 # say both times aloud (or show them large)
    CORRECT = "Correct"             # correct a score (both players agree with their buttons)
    SEND_BACK = "SendBack"          # restart the mover's clock for an undeclared blank (NZASP 6.2.2)
    NO_BLANK = "NoBlank"            # the play sent back has no blank: the send-back undone
    FALSE_BLANK = "FalseBlank"      # the opponent's last play used a false blank (school 7)
    DIRECTOR = "Director"           # the director's menu (after its PIN)
    ABSENT_LEFT = "AbsentLeft"      # the left player is not at the table (said by the right one)
    ABSENT_RIGHT = "AbsentRight"    # the right player is not at the table (said by the left one)
    WORD = "Word"                   # note the word of the play being entered (else of the last play)
    WORD_LEFT = "WordLeft"          # note the word of the left player's last play
    WORD_RIGHT = "WordRight"        # note the word of the right player's last play


KEY_NAMES = frozenset(Action)


def _side(value) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise ValueError(f"a button is one of {', '.join(SIDES)}, not {value!r}") from None


@dataclass(frozen=True)
class ButtonPressed:
    """One press of a button at ``t_ns``, the press's own time (not when it was handled).
    ``releases``: a ``ButtonReleased`` will follow (the GPIO buttons; the keyboard twin and
    taps send none), so a screen may wait for it to tell a long press from a short one."""
    side: Side
    t_ns: int
    releases: bool = False

    def __post_init__(self):
        object.__setattr__(self, "side", _side(self.side))


@dataclass(frozen=True)
class ButtonReleased:
    """The release of a pressed button, at the edge's own ``t_ns``."""
    side: Side
    t_ns: int

    def __post_init__(self):
        object.__setattr__(self, "side", _side(self.side))


@dataclass(frozen=True)
class KeyTyped:
    """A key typed at ``t_ns``: one printable character, or an ``Action``'s name."""
    key: str
    t_ns: int


@dataclass(frozen=True)
class Tapped:
    """A tap (a finger, or a mouse click) on the screen at pixel ``(x, y)``, at ``t_ns``."""
    x: int
    y: int
    t_ns: int


#: Any input on the table's queue.
Input = ButtonPressed | ButtonReleased | KeyTyped | Tapped

__all__ = ["Action", "ButtonPressed", "ButtonReleased", "Input", "KEY_NAMES", "KeyTyped", "PLAYERS",
           "PLAYER_SIDES", "SIDES", "Side", "Tapped"]
