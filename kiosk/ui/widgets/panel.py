"""The panel a table's screen is, in millimetres: how many pixels make a millimetre on it, so that
every touch target is at least ``MIN_KEY_MM`` both ways, every text at least ``MIN_CAP_MM``
capital height, every clock face's digits ``MIN_CLOCK_MM`` and every score's ``MIN_SCORE_MM``
tall, whatever the resolution. Pure (no pygame).

The panels the docs name are known by their pixels (``PANELS``): the Raspberry Pi Touch Display
(7-inch, 800x480) and Touch Display 2 (7-inch, 720x1280 portrait, or 1280x720 turned). Any other
size (an HDMI monitor at the side of the board) is taken as ``DEFAULT_DIAGONAL_IN`` across, the
smallest screen a table uses: on a larger one everything only shows larger.

A ``flat`` screen draws each player's half on an upright surface (the screen's height wide, half
its width tall, kiosk.ui.clock.flat): its pixels are the screen's, so its density is the
screen's (``upright=True`` finds the screen from the half).
"""
from __future__ import annotations

import math

from common.game.frozen import value

#: Every touch target at least this wide and tall (common touch guidance: about 9 mm).
MIN_KEY_MM = 9.0
#: Every text at least this tall in capital height (read at arm's length).
MIN_CAP_MM = 3.0
#: Every clock face's digits at least this tall while a game is in play (the running clock is
#: the one thing a player must always read: kiosk.ui.widgets.frame keeps room for it).
MIN_CLOCK_MM = 6.0
#: Every player's score at least this tall (its digits) on every screen of a game in play, both
#: always shown: what a player checks after every turn, from across the board.
MIN_SCORE_MM = 6.0
#: A screen whose size names no known panel is taken as this many inches across.
DEFAULT_DIAGONAL_IN = 7.0


@value
class Panel:
    name: str
    px: tuple[int, int]
    mm: tuple[float, float]          # the active area, width x height as the pixels lie

    @property
    def px_per_mm(self) -> tuple[float, float]:
        """Pixels per millimetre across and down (the official 7-inch panel's pixels are not
        square: 5.19 across, 5.59 down)."""
        return self.px[0] / self.mm[0], self.px[1] / self.mm[1]


def _turned(panel: Panel) -> Panel:
    return Panel(panel.name + ", turned", (panel.px[1], panel.px[0]), (panel.mm[1], panel.mm[0]))


TOUCH_DISPLAY = Panel("Raspberry Pi Touch Display (7-inch)", (800, 480), (154.08, 85.92))
TOUCH_DISPLAY_2 = Panel("Raspberry Pi Touch Display 2 (7-inch)", (720, 1280), (88.0, 155.0))
PANELS = {p.px: p for p in (TOUCH_DISPLAY, _turned(TOUCH_DISPLAY), TOUCH_DISPLAY_2, _turned(TOUCH_DISPLAY_2))}


def of_diagonal(size: tuple[int, int], inches: float, name: str = "") -> Panel:
    """A panel of ``size`` pixels (square pixels) ``inches`` across its diagonal."""
    w, h = size
    diagonal_mm = inches * 25.4
    scale = diagonal_mm / math.hypot(w, h)
    return Panel(name or f"a {inches:g}-inch panel", (w, h), (w * scale, h * scale))


def panel(size: tuple[int, int], diagonal_in: float | None = None) -> Panel:
    """The panel of a screen of ``size``: ``diagonal_in`` across if given, else a known panel,
    else ``DEFAULT_DIAGONAL_IN`` across."""
    size = (int(size[0]), int(size[1]))
    if diagonal_in:
        return of_diagonal(size, diagonal_in)
    return PANELS.get(size) or of_diagonal(size, DEFAULT_DIAGONAL_IN)


def screen_of(size: tuple[int, int], upright: bool = False) -> tuple[int, int]:
    """The screen's size for a surface of ``size``: itself, or the screen an upright half of
    ``size`` (flat) was cut from."""
    return (2 * size[1], size[0]) if upright else size


def px_per_mm(size: tuple[int, int], upright: bool = False, diagonal_in: float | None = None
              ) -> tuple[float, float]:
    """Pixels per millimetre across and down a surface of ``size``: the screen, or an upright
    half of it (flat: ``upright``), whose across is the screen's down."""
    across, down = panel(screen_of(size, upright), diagonal_in).px_per_mm
    return (down, across) if upright else (across, down)


def mm(size: tuple[int, int], millimetres: float, upright: bool = False) -> tuple[int, int]:
    """``millimetres`` in whole pixels (rounded up) across and down a surface of ``size``."""
    across, down = px_per_mm(size, upright)
    return math.ceil(millimetres * across - 1e-9), math.ceil(millimetres * down - 1e-9)
