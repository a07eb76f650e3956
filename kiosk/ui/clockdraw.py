"""Painting a ClockView: two halves (left player, right player) between a thin top line and a
thin bottom line. The layout is fixed by the surface size alone, so nothing moves when a
prompt appears; the running half gets a thick amber frame, overtime digits are red, and a late
player's half says ABSENT in red. The touch keypad of the player entering a turn takes the rows
of their last turn and prompt, below the score: the digits never move. ``draw_changes`` paints
only the rows that changed (a running clock: one row a second).
"""
from __future__ import annotations

from dataclasses import dataclass

from operator import attrgetter

import pygame

from kiosk.ui import theme
from kiosk.ui.clockview import ClockView, HalfView

# Rows of a half, as shares of its inner height (top to bottom).
ROWS = (("name", 0.09), ("time", 0.42), ("banner", 0.13), ("score", 0.14), ("last", 0.08),
        ("entry", 0.08), ("note", 0.06))


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    top: pygame.Rect
    bottom: pygame.Rect
    halves: tuple[pygame.Rect, pygame.Rect]
    frame: int                                  # thickness of the running half's frame
    rows: tuple[dict, dict]                     # per half: row name -> rect
    banner: pygame.Rect                         # across both halves


def layout(size: tuple[int, int]) -> Layout:
    w, h = size
    bar = max(20, round(h * 0.055))
    frame = max(8, round(h * 0.03))
    pad = frame + max(4, round(h * 0.01))
    body_h = h - 2 * bar
    halves, rows = [], []
    for p in (0, 1):
        half = pygame.Rect(p * w // 2, bar, w // 2 if p == 0 else w - w // 2, body_h)
        inner = half.inflate(-2 * pad, -2 * pad)
        y, named = inner.top, {}
        for name, share in ROWS:
            height = round(inner.height * share)
            named[name] = pygame.Rect(inner.left, y, inner.width, height)
            y += height
        halves.append(half)
        rows.append(named)
    b = rows[0]["banner"]
    banner = pygame.Rect(pad, b.top, w - 2 * pad, b.height)
    return Layout(size, pygame.Rect(0, 0, w, bar), pygame.Rect(0, h - bar, w, bar),
                  tuple(halves), frame, tuple(rows), banner)


def draw(surface: pygame.Surface, view: ClockView) -> Layout:
    lay = layout(surface.get_size())
    paint(surface, lay, view)
    return lay


def paint(surface: pygame.Surface, lay: Layout, view: ClockView, players=(0, 1)) -> None:
    """The whole screen on ``lay``: ``players``' halves in its half slots (both, side by side;
    or one player's alone, for the flat orientation), the banner and both bars."""
    surface.fill(theme.BG)
    for slot, p in enumerate(players):
        _draw_half(surface, lay, slot, view.halves[p], view.template)
    if view.banner:
        _draw_banner(surface, lay.banner, view.banner)
    bar(surface, lay.top, view.top, theme.BAR_FG)
    bottom_bar(surface, lay.bottom, view.bottom, view.error)


def bar(surface, rect: pygame.Rect, text: str, colour) -> None:
    surface.fill(theme.BAR_BG, rect)
    if text:
        theme.blit_line(surface, text, colour, rect.inflate(-rect.height, -rect.height // 4))


def bottom_bar(surface, rect: pygame.Rect, text: str, error: str) -> None:
    """A screen's bottom line: ``error`` in red while there is one, else ``text``."""
    if error:
        bar(surface, rect, error, theme.ERROR)
    else:
        bar(surface, rect, text, theme.BAR_FG)


def _draw_half(surface, lay: Layout, p: int, half: HalfView, template: str) -> None:
    if half.running:
        pygame.draw.rect(surface, theme.RUNNING, lay.halves[p], width=lay.frame)
    for name, rect in lay.rows[p].items():
        _draw_row(surface, name, rect, half, template)


def _draw_row(surface, name: str, rect: pygame.Rect, half: HalfView, template: str) -> None:
    """One row of a half (on a background already painted)."""
    fg = theme.DIM if half.dimmed else theme.FG
    if name == "name":
        theme.blit_line(surface, half.name, fg, rect)
    elif name == "time":
        for cell, glyph in face_cells(half, rect, template):
            surface.blit(glyph, cell)
    elif name == "score" and half.penalty:
        left, right = rect.inflate(-rect.width // 3, 0), rect.copy()
        right.width = rect.width // 4
        right.right = rect.right
        theme.blit_line(surface, half.score, fg, left)
        theme.blit_line(surface, f"-{half.penalty}", theme.OVERTIME, right, align="right")
    elif name == "score":
        theme.blit_line(surface, half.score, fg, rect)
    elif name in ("last", "note") and half.keypad:
        for key_rect, _, label in keypad_row(name, rect):
            pygame.draw.rect(surface, theme.KEY_BG, key_rect, border_radius=max(2, rect.height // 6))
            theme.blit_line(surface, label, theme.WHITE, key_rect.inflate(-6, -key_rect.height // 4))
    elif name == "last":
        theme.blit_line(surface, half.last, theme.OVERTIME if half.absent else fg, rect)
    elif name == "entry" and half.entry:
        pygame.draw.rect(surface, theme.PROMPT, rect, width=2)
        theme.blit_line(surface, half.entry, theme.WHITE, rect.inflate(-8, -6))
    elif name == "note" and half.note:
        theme.blit_line(surface, half.note, theme.PROMPT, rect)


def face_cells(half: HalfView, rect: pygame.Rect, template: str):
    """Where each character of ``half``'s clock face goes in its time row, and its glyph."""
    scale = min(theme.clock_scale(template, rect.width, rect.height),     # the usual size ...
                theme.clock_scale(half.time, rect.width, rect.height),    # ... unless it cannot fit
                key=lambda xy: (xy[1], xy[0]))
    colour = theme.OVERTIME if half.overtime else (theme.DIM if half.dimmed else theme.FG)
    return theme.face_cells(half.time, colour, scale, rect)


def _changed_characters(surface, rect: pygame.Rect, half: HalfView, before: HalfView, template: str):
    """Repaint only the characters of the clock face that changed, when the others stay where
    they were (same length, same places); the rectangles painted, or None if it cannot."""
    if len(half.time) != len(before.time) or half.overtime != before.overtime:
        return None
    cells, old = face_cells(half, rect, template), face_cells(before, rect, template)
    if [c.topleft for c, _ in cells] != [c.topleft for c, _ in old] or \
            [c.size for c, _ in cells] != [c.size for c, _ in old]:
        return None
    dirty = []
    for (cell, glyph), new, was in zip(cells, half.time, before.time):
        if new != was:
            surface.blit(glyph, cell)
            dirty.append(cell)
    return dirty


#: The touch keypad: the keys of the "last" row, then of the "note" row, as (key, label).
KEYPAD = {"last": tuple((d, d) for d in "1234567890"),
          "note": (("Backspace", "DEL"), ("Tab", "PLAY/EXCH/PASS"), ("Enter", "ENTER"))}


def keypad_row(name: str, rect: pygame.Rect) -> list[tuple[pygame.Rect, str, str]]:
    """The keys of one keypad row over ``rect``: (where, key, label), a small gap between."""
    keys = KEYPAD[name]
    gap = max(2, rect.height // 10)
    width = (rect.width - gap * (len(keys) - 1)) / len(keys)
    return [(pygame.Rect(round(rect.left + i * (width + gap)), rect.top, round(width), rect.height), key, label)
            for i, (key, label) in enumerate(keys)]


def keypad_keys(rows: dict) -> list[tuple[pygame.Rect, str, str]]:
    """Every key of the keypad on a half whose rows are ``rows`` (layout().rows[p])."""
    return [key for name in KEYPAD for key in keypad_row(name, rows[name])]


#: What each row of a half shows, by HalfView field (besides ``dimmed``, which redraws it all).
ROW_FIELDS = {"name": ("name",), "time": ("time", "overtime"), "banner": (),
              "score": ("score", "penalty"), "last": ("last", "absent", "keypad"), "entry": ("entry",),
              "note": ("note", "keypad")}


def draw_changes(surface: pygame.Surface, view: ClockView, previous: ClockView | None) -> list | None:
    """Paint ``view`` over ``previous`` (what the surface shows now) touching only what changed:
    the rows of a half whose text changed, a whole half if it started or stopped running or
    was dimmed, a bar whose text changed. The rectangles painted, for
    ``pygame.display.update``; None if it had to paint everything (``draw``)."""
    if (previous is None or not isinstance(previous, ClockView) or previous.banner != view.banner
            or previous.template != view.template):
        draw(surface, view)
        return None
    lay, dirty = layout(surface.get_size()), []
    for p, (half, before) in enumerate(zip(view.halves, previous.halves)):
        if (half.running, half.dimmed) != (before.running, before.dimmed):
            surface.fill(theme.BG, lay.halves[p])
            _draw_half(surface, lay, p, half, view.template)
            dirty.append(lay.halves[p])
            continue
        for name, fields in ROW_FIELDS.items():
            if fields and attrgetter(*fields)(half) != attrgetter(*fields)(before):
                rect = lay.rows[p][name]
                if name == "time":
                    cells = _changed_characters(surface, rect, half, before, view.template)
                    if cells is not None:
                        dirty += cells
                        continue
                surface.fill(theme.BG, rect)
                _draw_row(surface, name, rect, half, view.template)
                dirty.append(rect)
    if view.banner and any(rect in lay.halves for rect in dirty):    # a half repainted under it
        _draw_banner(surface, lay.banner, view.banner)
        dirty.append(lay.banner)
    if view.top != previous.top:
        bar(surface, lay.top, view.top, theme.BAR_FG)
        dirty.append(lay.top)
    if (view.bottom, view.error) != (previous.bottom, previous.error):
        bottom_bar(surface, lay.bottom, view.bottom, view.error)
        dirty.append(lay.bottom)
    return dirty


def banner_rows(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each of ``count`` banner lines goes: the first as large as fits, the rest smaller."""
    inner = rect.inflate(-rect.height // 2, -rect.height // 8)
    line_h = inner.height // max(1, count)
    return [pygame.Rect(inner.left, inner.top + i * line_h, inner.width, line_h) for i in range(count)]


def banner_size(index: int, row: pygame.Rect) -> int | None:
    """The font limit of banner line ``index`` (None: as large as fits)."""
    return None if index == 0 else int(row.height * 1.0)


def _draw_banner(surface, rect: pygame.Rect, lines: tuple[str, ...]) -> None:
    surface.fill(theme.BANNER_BG, rect)
    for i, (line, row) in enumerate(zip(lines, banner_rows(rect, len(lines)))):
        theme.blit_line(surface, line, theme.WHITE, row, max_size=banner_size(i, row))
