"""Painting a ClockView: two halves (left player, right player) between a thin top line and a
thin bottom line. The layout is fixed by the surface size alone, so nothing moves when a
prompt appears; the running half gets a thick amber frame, overtime digits are red, and a late
player's half says ABSENT in red.
"""
from __future__ import annotations

from dataclasses import dataclass

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
    surface.fill(theme.BG)
    for p, half in enumerate(view.halves):
        _draw_half(surface, lay, p, half, view.template)
    if view.banner:
        _draw_banner(surface, lay.banner, view.banner)
    bar(surface, lay.top, view.top, theme.BAR_FG)
    bottom_bar(surface, lay.bottom, view.bottom, view.error)
    return lay


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
    rows = lay.rows[p]
    fg = theme.DIM if half.dimmed else theme.FG
    if half.running:
        pygame.draw.rect(surface, theme.RUNNING, lay.halves[p], width=lay.frame)
    theme.blit_line(surface, half.name, fg, rows["name"])
    face = rows["time"]
    scale = min(theme.clock_scale(template, face.width, face.height),     # the usual size ...
                theme.clock_scale(half.time, face.width, face.height),    # ... unless it cannot fit
                key=lambda xy: (xy[1], xy[0]))
    colour = theme.OVERTIME if half.overtime else fg
    theme.blit_centred(surface, theme.clock_digits(half.time, colour, scale), face)
    score = rows["score"]
    if half.penalty:
        left, right = score.inflate(-score.width // 3, 0), score.copy()
        right.width = score.width // 4
        right.right = score.right
        theme.blit_line(surface, half.score, fg, left)
        theme.blit_line(surface, f"-{half.penalty}", theme.OVERTIME, right, align="right")
    else:
        theme.blit_line(surface, half.score, fg, score)
    theme.blit_line(surface, half.last, theme.OVERTIME if half.absent else fg, rows["last"])
    if half.entry:
        entry = rows["entry"]
        pygame.draw.rect(surface, theme.PROMPT, entry, width=2)
        theme.blit_line(surface, half.entry, theme.WHITE, entry.inflate(-8, -6))
    if half.note:
        theme.blit_line(surface, half.note, theme.PROMPT, rows["note"])


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
