"""The frame every screen of the table shares: a thin top line and a thin bottom line around two
halves (the left player's, the right player's), each half in rows. ``layout(size)`` fixes it by
the surface size alone, so nothing moves when a prompt appears; ``upright_layout`` is one
player's half on its own, upright (the ``flat`` orientation turns it to face them). ``bar`` and
``bottom_bar`` paint the two lines (the bottom one red with an error while there is one).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from kiosk.ui.widgets import keyboard as onscreen, theme

# Rows of a half, as shares of its inner height (top to bottom). The last two (the controls'
# strip) are together at least a key's 9 mm tall on the 7-inch panel, side and flat.
ROWS = (("name", 0.09), ("time", 0.42), ("banner", 0.13), ("score", 0.13), ("last", 0.08),
        ("entry", 0.09), ("note", 0.06))


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    top: pygame.Rect
    bottom: pygame.Rect
    halves: tuple[pygame.Rect, pygame.Rect]
    frame: int                                  # thickness of the running half's frame
    rows: tuple[dict, dict]                     # per half: row name -> rect
    banner: pygame.Rect                         # across both halves
    key_min: onscreen.KeyMin                    # the smallest key of the on-screen keyboard


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
                  tuple(halves), frame, tuple(rows), banner, onscreen.key_min(size))


def upright_layout(size: tuple[int, int]) -> Layout:
    """The layout of one player's half filling an upright surface of ``size`` (flat): the side
    layout of a surface twice as wide, cut to its left half."""
    w, h = size
    lay = layout((2 * w, h))
    banner = pygame.Rect(lay.banner.left, lay.banner.top, w - 2 * lay.banner.left, lay.banner.height)
    return replace(lay, size=size, top=pygame.Rect(0, 0, w, lay.top.height),
                   bottom=pygame.Rect(0, lay.bottom.top, w, lay.bottom.height), banner=banner,
                   key_min=onscreen.key_min(size, upright=True))


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
