"""The on-screen keyboard drawn: where each key of a ``Keyboard`` (kiosk.ui.widgets.keys) goes in the
area a screen gives it, and how it is painted. The same ``place`` serves the drawing and the
taps (kiosk.ui.touch), so a tap lands on the key that is drawn there.

Keys are at least 9 mm wide and 9 mm tall on the official 7-inch touch display (800x480 pixels
over an active area of about 154.2 x 85.9 mm): ``KeyMin``. The kiosk does not know its panel's
size, so the minimum is that share of the panel: side by side a key's width lies along the
panel's width and its height along the panel's height; on a ``flat`` screen each half is turned
a quarter, and the other way round. The grid takes as many columns as fit keys that wide; a
menu's choices take as few columns as let every row be that tall in its area. The action keys
(ENTER, NEXT WORD, BACK...), in a colour of their own, end the grid's last row where they fit,
or else span a row of their own. Rows are as tall as their area allows, up to a little more
than a key's width: a screen gives its keys room enough for the minimum height (the letters
below a clock on the 7-inch panel cannot have it: tests/ui/test_ui_keyboard.py says how tall).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from kiosk.ui.widgets import theme
from kiosk.ui.widgets.keys import Key, Keyboard

#: The official Raspberry Pi 7-inch touch display: pixels, and its active area in millimetres.
PANEL_PX = (800, 480)
PANEL_MM = (154.2, 85.9)
MIN_KEY_MM = 9.0
#: A key row is at most this many times the narrowest key's width tall.
MAX_ROW_SHARE = 1.3


def px_per_mm(upright: bool = False) -> float:
    """Pixels per millimetre of the 7-inch panel along a key's width: the panel's width side by
    side, its height on a flat screen (the half is turned a quarter)."""
    axis = 1 if upright else 0
    return PANEL_PX[axis] / PANEL_MM[axis]


def min_key_width(size: tuple[int, int], upright: bool = False) -> float:
    """The narrowest key on a surface of ``size``, so that it is ``MIN_KEY_MM`` wide on the
    7-inch panel, whatever the resolution: the surface is the screen (side), or an upright half
    whose width is the screen's height (flat)."""
    scale = size[0] / PANEL_PX[1 if upright else 0]
    return MIN_KEY_MM * px_per_mm(upright) * scale


def min_key_height(size: tuple[int, int], upright: bool = False) -> float:
    """The shortest key on a surface of ``size``, so that it is ``MIN_KEY_MM`` tall on the
    7-inch panel: along the panel's height side by side; along its width on an upright half
    (flat), which is half the panel's width tall."""
    panel = PANEL_PX[0] / 2 if upright else PANEL_PX[1]
    return MIN_KEY_MM * px_per_mm(not upright) * size[1] / panel


@dataclass(frozen=True)
class KeyMin:
    """The smallest key a surface may show: ``MIN_KEY_MM`` by ``MIN_KEY_MM`` on the 7-inch panel."""
    width: float
    height: float


def key_min(size: tuple[int, int], upright: bool = False) -> KeyMin:
    """``KeyMin`` on a surface of ``size``: the screen (side), or an upright half (flat)."""
    return KeyMin(min_key_width(size, upright), min_key_height(size, upright))


def gap_for(least: KeyMin) -> int:
    return max(3, round(least.width / 12))


def columns(keyboard: Keyboard, width: int, least: KeyMin, height: float | None = None) -> int:
    """How many columns the grid takes: as many as fit keys ``least.width`` wide; a menu's
    choices as few as let all its rows be ``least.height`` tall in ``height`` (one without)."""
    gap = gap_for(least)
    fit = max(1, int((width + gap) // (least.width + 1 + gap)))    # a pixel for whole pixels
    if not keyboard.choices:
        return min(fit, max(1, sum(key.span for key in keyboard.grid)))
    for cols in range(1, fit + 1):
        count = rows_count(keyboard, cols)
        if height is None or count * (least.height + 1) + (count - 1) * gap <= height:
            return cols
    return fit


def _grid_rows(keys: tuple[Key, ...], cols: int) -> list[list[Key]]:
    rows: list[list[Key]] = [[]]
    used = 0
    for key in keys:
        span = min(key.span, cols)
        if used + span > cols:
            rows.append([])
            used = 0
        rows[-1].append(key)
        used += span
    return [row for row in rows if row]


def _rows(keyboard: Keyboard, cols: int) -> tuple[list[list[Key]], bool]:
    """The grid's rows, and whether the action keys take a row of their own (they join the
    grid's last row when they fit in what it leaves free)."""
    rows = _grid_rows(keyboard.grid, cols)
    if not keyboard.actions:
        return rows, False
    free = cols - sum(min(key.span, cols) for key in rows[-1]) if rows else 0
    if rows and sum(key.span for key in keyboard.actions) <= free:
        rows[-1] = rows[-1] + list(keyboard.actions)
        return rows, False
    return rows, True


def rows_count(keyboard: Keyboard, cols: int) -> int:
    """How many rows ``keyboard`` takes in ``cols`` columns, its action row included."""
    rows, action_row = _rows(keyboard, cols)
    return len(rows) + action_row


def row_height(least: KeyMin) -> float:
    """The tallest a row of keys grows: a little more than a key's width, never under its height."""
    return max(least.width * MAX_ROW_SHARE, least.height)


def place(keyboard: Keyboard, area: pygame.Rect, least: KeyMin) -> list[tuple[pygame.Rect, Key]]:
    """Where each key goes in ``area``: the grid's rows from the top, then the action row
    across the whole width (or the action keys at the end of the grid's last row, if they fit)."""
    cols = columns(keyboard, area.width, least, area.height)
    gap = gap_for(least)
    rows, action_row = _rows(keyboard, cols)
    count = len(rows) + action_row
    if not count:
        return []
    row_h = min((area.height - gap * (count - 1)) / count, row_height(least))
    unit = (area.width - gap * (cols - 1)) / cols
    placed = []
    for r, row in enumerate(rows):
        y, x = area.top + r * (row_h + gap), float(area.left)
        for key in row:
            span = min(key.span, cols)
            width = unit * span + gap * (span - 1)
            placed.append((_rect(x, y, width, row_h), key))
            x += width + gap
    if action_row:
        y = area.top + len(rows) * (row_h + gap)
        total = sum(key.span for key in keyboard.actions)
        share = (area.width - gap * (len(keyboard.actions) - 1)) / total
        x = float(area.left)
        for key in keyboard.actions:
            placed.append((_rect(x, y, share * key.span, row_h), key))
            x += share * key.span + gap
    return placed


def keys_in(keyboard: Keyboard | None, parts: dict) -> list[tuple[pygame.Rect, Key]]:
    """``place`` in a screen's layout ``parts`` (its ``keys`` area and ``key_min``, a
    ``KeyMin``): no keys without a keyboard, or where the layout gives it no area."""
    if keyboard is None or parts["keys"] is None:
        return []
    return place(keyboard, parts["keys"], parts["key_min"])


def _rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    """Whole pixels inside the float box (a key never grows into its neighbour's gap)."""
    left, top = math.ceil(x), math.ceil(y)
    return pygame.Rect(left, top, max(1, math.floor(x + w) - left), max(1, math.floor(y + h) - top))


def height(keyboard: Keyboard, width: int, least: KeyMin) -> int:
    """How tall the keyboard is at its tallest rows (for a screen that puts it under its text)."""
    count = rows_count(keyboard, columns(keyboard, width, least))
    gap = gap_for(least)
    return round(count * row_height(least) + gap * max(0, count - 1))


@dataclass(frozen=True)
class KeyFace:
    """A key as painted: where, which, its label's box, font size and alignment, its colour."""
    rect: pygame.Rect
    key: Key
    label_box: pygame.Rect
    label_size: int
    align: str
    colour: tuple[int, int, int]


def faces(keyboard: Keyboard, area: pygame.Rect, least: KeyMin) -> list[KeyFace]:
    """Every key of ``keyboard`` in ``area`` as ``paint`` draws it: the grid's on the key
    colour, the action row's on its own, the labels as large as fits (all one size at most;
    a menu's choices, or an ``even`` grid's keys, all one size: the size the longest fits)."""
    placed = place(keyboard, area, least)
    if not placed:
        return []
    size = min(rect.height for rect, _ in placed)
    actions = set(keyboard.actions)
    boxes = [rect.inflate(-max(6, rect.height // 4), -max(4, rect.height // 5)) for rect, _ in placed]
    if keyboard.choices or keyboard.even:
        size = min([size] + [theme.fit_size(key.label, box.width, box.height, size)
                             for box, (_, key) in zip(boxes, placed) if key not in actions])
    return [KeyFace(rect, key, box, size, "left" if keyboard.choices and key not in actions else "centre",
                    theme.KEY_ACTION_BG if key in actions else theme.KEY_BG)
            for box, (rect, key) in zip(boxes, placed)]


def paint(surface: pygame.Surface, keyboard: Keyboard, area: pygame.Rect, least: KeyMin) -> None:
    """The keys of ``keyboard`` in ``area`` (``faces``)."""
    for face in faces(keyboard, area, least):
        pygame.draw.rect(surface, face.colour, face.rect, border_radius=max(2, face.rect.height // 6))
        theme.note(surface, "key", face.rect, face.rect, face.key.label)
        theme.blit_line(surface, face.key.label, theme.WHITE, face.label_box, max_size=face.label_size,
                        align=face.align)
