"""Touch and mouse on the screen: the twins of the buttons and of the entry keys.

A tap (a finger, or a mouse click that SDL did not make up from a finger) goes on the kiosk's
input queue as ``Tapped`` at the tap's time; when the loop handles it, it becomes the same input a
button or a key would, ``ButtonPressed`` or ``KeyTyped``, by what the screen shows:

- the touch keypad, drawn on the half of the player whose turn waits to be entered (and only
  then: kiosk.ui.clockdraw.keypad_keys): digits, DEL (Backspace), KIND (Tab: play / exchange /
  pass), ENTER;
- with simulated hardware (``--sim``), anywhere else on a player's half is that player's
  button and the bottom line is the centre button, on every screen.

With GPIO buttons only the keypad answers a tap: the buttons are the buttons. In the ``flat``
orientation the point is first turned back onto the upright half it fell on (kiosk.ui.flat).
"""
from __future__ import annotations

import queue

import pygame

from table_input import PLAYER_SIDES, ButtonPressed, KeyTyped, Side, Tapped
from kiosk.ui import clockdraw, flat
from kiosk.ui.clockview import ClockView



def meaning(size: tuple[int, int], view, pos: tuple[int, int], *, sim: bool,
            orientation: str = "side") -> tuple[str, str] | None:
    """What a tap at ``pos`` on a screen of ``size`` showing ``view`` means: ("button", side),
    ("key", name) or None."""
    if orientation == "flat":
        half, point = flat.to_portrait(size, pos)
        lay = flat.half_layout(flat.portrait_size(size))
        slots = {0: half}                               # the upright half shows one player
        sim_side = PLAYER_SIDES[half]
    else:
        lay, point = clockdraw.layout(size), pos
        slots = {0: 0, 1: 1}
        sim_side = PLAYER_SIDES[0] if pos[0] < size[0] // 2 else PLAYER_SIDES[1]
    if isinstance(view, ClockView):
        for slot, player in slots.items():
            if view.halves[player].keypad:
                for rect, key, _ in clockdraw.keypad_keys(lay.rows[slot]):
                    if rect.collidepoint(point):
                        return ("key", key)
    if not sim:
        return None
    if lay.bottom.collidepoint(point):
        return ("button", Side.CENTRE)
    return ("button", sim_side)


class Touch:
    """Taps on the screen: pygame's finger and mouse events become ``Tapped`` inputs on
    ``events`` (the queue the buttons and keys use), and the loop ``resolve``s each against the
    view on screen when it handles it."""

    def __init__(self, events: queue.Queue, *, sim: bool, orientation: str = "side"):
        self.events, self.sim, self.orientation = events, sim, orientation

    def feed(self, event, t_ns: int, size: tuple[int, int]) -> bool:
        """Enqueue a tap; True if the pygame event was one. A click SDL made up from a finger
        (``touch`` set) is not a second tap."""
        if event.type == pygame.FINGERDOWN:
            pos = (int(event.x * size[0]), int(event.y * size[1]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not event.dict.get("touch"):
            pos = event.pos
        else:
            return False
        self.events.put(Tapped(pos[0], pos[1], t_ns))
        return True

    def resolve(self, tap: Tapped, size: tuple[int, int], view) -> ButtonPressed | KeyTyped | None:
        """What ``tap`` means on a screen of ``size`` showing ``view``: a press, a key, or
        nothing."""
        what = meaning(size, view, (tap.x, tap.y), sim=self.sim, orientation=self.orientation)
        if what is None:
            return None
        kind, name = what
        return ButtonPressed(name, tap.t_ns) if kind == "button" else KeyTyped(name, tap.t_ns)
