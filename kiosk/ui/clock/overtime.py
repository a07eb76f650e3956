"""A player's name in overtime as their half says it: the name, OVER and the penalty so far in
points (``Bob  ·  OVER  ·  -20 points``), the words closing up before the name is cut short
(kiosk.ui.clock.paint draws it in the overtime colour: said, not only shown red)."""
from __future__ import annotations

import pygame

from kiosk.ui.widgets import theme

#: The word beside a clock face past zero (overtime is said, not only shown red).
OVER = "OVER"


def over_line(surface, rect: pygame.Rect, name: str, penalty: int) -> str:
    """A player's name in overtime, with OVER and the penalty so far said as points (``Bob  ·
    OVER  ·  -20 points``: never read as seconds beside the clock). Where the row is short at
    the smallest text the words close up, then the name is cut short (keeping three letters at
    least), never the words after it."""
    points = f"-{penalty} points" if penalty else ""
    tails = [f"  ·  {OVER}  ·  {points}", f" · {OVER} · {points}", f" {OVER} {points}"] if points else \
        [f"  ·  {OVER}", f" · {OVER}"]
    measure = theme.measurer(theme.least_for(surface))
    for tail in tails:
        if measure(f"{name}{tail}")[0] <= rect.width:
            return f"{name}{tail}"
    tail = tails[-1]
    while len(name) > 4 and measure(f"{name}{tail}")[0] > rect.width:
        name = name[:-2].rstrip() + "…"
    return f"{name}{tail}"
