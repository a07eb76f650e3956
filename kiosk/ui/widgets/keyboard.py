"""The on-screen keyboard drawn: where each key of a ``Keyboard`` (kiosk.ui.widgets.keys) goes in the
area a screen gives it, and how it is painted. The same ``place`` serves the drawing and the
taps (kiosk.ui.touch), so a tap lands on the key that is drawn there.

Keys are at least 9 mm wide and 9 mm tall on the panel the screen is (``KeyMin``, from the
panel's density: kiosk.ui.widgets.panel); on a ``flat`` screen each half is turned a quarter, so
a key's width lies along the panel's height. The grid takes as many columns as fit keys that wide; a
menu's choices take as few columns as let every row be that tall in its area. The action keys
(ENTER, NEXT WORD, BACK...), in a colour of their own, end the grid's last row where they fit,
or else span a row of their own. Rows are as tall as their area allows, up to a little more
than a key's width: a screen gives its keys room enough for the minimum height. The labels of a
keyboard's grid are all one size (the size the longest fits), and so are its action keys'.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from common.game.frozen import value
from kiosk.ui.widgets import panel, theme
from kiosk.ui.widgets.keys import BACK, Key, Keyboard

#: Every key at least this many millimetres wide and tall (kiosk.ui.widgets.panel).
MIN_KEY_MM = panel.MIN_KEY_MM
#: A key row is at most this many times the narrowest key's width tall.
MAX_ROW_SHARE = 1.3


@value
class KeyMin:
    """The smallest key a surface may show: ``MIN_KEY_MM`` by ``MIN_KEY_MM`` on its panel."""
    width: float
    height: float


def key_min(size: tuple[int, int], upright: bool = False) -> KeyMin:
    """``KeyMin`` on a surface of ``size``: the screen (side), or an upright half (flat), at
    the density of the panel it shows on (kiosk.ui.widgets.panel)."""
    across, down = panel.px_per_mm(size, upright)
    return KeyMin(MIN_KEY_MM * across, MIN_KEY_MM * down)


def gap_for(least: KeyMin) -> int:
    return max(3, round(least.width / 12))


def label_pad(least: KeyMin) -> int:
    """Room on each side of a key's label."""
    return max(4, round(least.width / 6))


def _need(label: str, least: KeyMin) -> float:
    """How wide a key must be for ``label`` at the smallest text size (kiosk.ui.widgets.theme),
    with two pixels for the key's edges rounded in to whole pixels (``_rect``)."""
    size = theme.least_size(least.height / MIN_KEY_MM)
    return theme.text_size(label, size)[0] + 2 * label_pad(least) + 2


def _unit(width: float, cols: int, gap: int) -> float:
    return (width - gap * (cols - 1)) / cols


def spans(keyboard: Keyboard, keys: tuple[Key, ...], cols: int, unit: float, least: KeyMin) -> list[int]:
    """Each key's share of its row in columns: its own ``span``, or more where its label needs
    it at the smallest text size (a menu's choices keep theirs: their columns are as wide as
    the rows allow)."""
    if keyboard.choices:
        return [min(key.span, cols) for key in keys]
    gap = gap_for(least)
    return [min(cols, max(key.span, math.ceil((_need(key.label, least) + gap) / (unit + gap)))) for key in keys]


def columns(keyboard: Keyboard, width: int, least: KeyMin, height: float | None = None) -> int:
    """How many columns the grid takes: as many as fit keys ``least.width`` wide; a menu's
    choices as few as let all its rows be ``least.height`` tall in ``height`` (one without), and
    no more than leave each its label whole."""
    gap = gap_for(least)
    fit = max(1, int((width + gap) // (least.width + 1 + gap)))    # a pixel for whole pixels
    if not keyboard.choices:                    # no more columns than the grid's keys fill
        need = sum(spans(keyboard, keyboard.grid, fit, _unit(width, fit, gap), least))
        return min(fit, max(1, need))
    widest = max((_need(key.label, least) for key in keyboard.grid), default=least.width)
    fit = max(1, min(fit, int((width + gap) // (widest + gap))))    # each choice's label whole
    for cols in range(1, fit + 1):
        count = rows_count(keyboard, cols, width, least)
        if height is None or count * (least.height + 2) + (count - 1) * gap <= height:
            return cols
    return fit


def _grid_rows(keys: tuple[Key, ...], widths: list[int], cols: int) -> list[list[tuple[Key, int]]]:
    rows: list[list[tuple[Key, int]]] = [[]]
    used = 0
    for key, span in zip(keys, widths):
        if used + span > cols:
            rows.append([])
            used = 0
        rows[-1].append((key, span))
        used += span
    return [row for row in rows if row]


def _rows(keyboard: Keyboard, cols: int, width: float, least: KeyMin
          ) -> tuple[list[list[tuple[Key, int]]], list[list[tuple[Key, int]]]]:
    """The grid's rows of (key, span), and the action keys' rows of their own (none when they
    join the grid's last row, fitting in what it leaves free; more than one when their labels
    need more than a row's columns)."""
    unit = _unit(width, cols, gap_for(least))
    rows = _grid_rows(keyboard.grid, spans(keyboard, keyboard.grid, cols, unit, least), cols)
    if not keyboard.actions:
        return rows, []
    widths = spans(keyboard, keyboard.actions, cols, unit, least)
    free = cols - sum(span for _, span in rows[-1]) if rows else 0
    if rows and sum(widths) <= free:
        rows[-1] = rows[-1] + list(zip(keyboard.actions, widths))
        return rows, []
    return rows, _grid_rows(keyboard.actions, widths, cols)


def rows_count(keyboard: Keyboard, cols: int, width: float, least: KeyMin) -> int:
    """How many rows ``keyboard`` takes in ``cols`` columns of ``width``, its action rows included."""
    rows, action_rows = _rows(keyboard, cols, width, least)
    return len(rows) + len(action_rows)


def row_width(keyboard: Keyboard, least: KeyMin) -> int:
    """How wide ``keyboard``'s keys are in one row at the least (each 9 mm and its label)."""
    gap = gap_for(least)
    keys = keyboard.grid + keyboard.actions
    units = sum(max(key.span, math.ceil((_need(key.label, least) + gap) / (least.width + 1 + gap))) for key in keys)
    return math.ceil(units * (least.width + 1 + gap) - gap)


def row_height(least: KeyMin) -> float:
    """The tallest a row of keys grows: a little more than a key's width, never under its height."""
    return max(least.width * MAX_ROW_SHARE, least.height)


def place(keyboard: Keyboard, area: pygame.Rect, least: KeyMin) -> list[tuple[pygame.Rect, Key]]:
    """Where each key goes in ``area``: the grid's rows from the top, then the action row
    across the whole width (or the action keys at the end of the grid's last row, if they fit)."""
    cols = columns(keyboard, area.width, least, area.height)
    gap = gap_for(least)
    rows, action_rows = _rows(keyboard, cols, area.width, least)
    count = len(rows) + len(action_rows)
    if not count:
        return []
    row_h = min((area.height - gap * (count - 1)) / count, row_height(least))
    unit = _unit(area.width, cols, gap)
    placed = []
    for r, row in enumerate(rows):
        y, x = area.top + r * (row_h + gap), float(area.left)
        for key, span in row:
            width = unit * span + gap * (span - 1)
            placed.append((_rect(x, y, width, row_h), key))
            x += width + gap
    for r, row in enumerate(action_rows, len(rows)):        # each across the whole width
        y, x = area.top + r * (row_h + gap), float(area.left)
        share = (area.width - gap * (len(row) - 1)) / sum(span for _, span in row)
        for key, span in row:
            placed.append((_rect(x, y, share * span, row_h), key))
            x += share * span + gap
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


@lru_cache(maxsize=256)
def height(keyboard: Keyboard, width: int, least: KeyMin) -> int:
    """How tall the keyboard is at its tallest rows (for a screen that puts it under its text);
    worked out once for a keyboard, width and key size (a layout asks on every frame)."""
    count = rows_count(keyboard, columns(keyboard, width, least), width, least)
    gap = gap_for(least)
    return round(count * row_height(least) + gap * max(0, count - 1))


@lru_cache(maxsize=256)
def least_height(keyboard: Keyboard | None, width: int, least: KeyMin) -> int:
    """How tall the keyboard must be at the least: every row ``least.height`` (none: 0); worked
    out once for a keyboard, width and key size."""
    if keyboard is None:
        return 0
    count = rows_count(keyboard, columns(keyboard, width, least), width, least)
    return math.ceil(count * (least.height + 2) + gap_for(least) * max(0, count - 1))


@value
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
    colour, the action keys on their own (green: what goes on), but BACK (it only goes back); every label one size, the size the longest fits (a
    letter is never drawn smaller than its neighbour)."""
    placed = place(keyboard, area, least)
    if not placed:
        return []
    actions = set(keyboard.actions)
    pad = label_pad(least)
    boxes = [rect.inflate(-2 * pad, -max(4, rect.height // 5)) for rect, _ in placed]
    largest = round(min(rect.height for rect, _ in placed) * 0.75)
    size = min(theme.fit_size(key.label, box.width, box.height, largest) for box, (_, key) in zip(boxes, placed))
    return [KeyFace(rect, key, box, size,
                    "left" if keyboard.choices and key not in actions else "centre",
                    theme.KEY_ACTION_BG if key in actions and key.key != BACK.key else theme.KEY_BG)
            for box, (rect, key) in zip(boxes, placed)]


def paint(surface: pygame.Surface, keyboard: Keyboard, area: pygame.Rect, least: KeyMin) -> None:
    """The keys of ``keyboard`` in ``area`` (``faces``)."""
    for face in faces(keyboard, area, least):
        pygame.draw.rect(surface, face.colour, face.rect, border_radius=max(2, face.rect.height // 6))
        theme.note(surface, "key", face.rect, face.rect, face.key.label)
        theme.blit_line(surface, face.key.label, theme.WHITE, face.label_box, max_size=face.label_size,
                        align=face.align)
