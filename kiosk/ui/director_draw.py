"""The director's menu as data (``DirectorView``) and its painting: a heading, one line with
both clocks and the game's phase, the numbered choices, an entry box, the prompt, and the
table's top and bottom bars. The layout depends on the surface size alone.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.ui import clockdraw, theme

ROWS = 9                    # the most choices listed at once (the menu has nine)


@dataclass(frozen=True)
class DirectorView:
    top: str
    heading: str
    status: str                 # both clocks and the phase: "Ann 24:10 RUNNING  ·  Bob 20:00 ..."
    rows: tuple[str, ...]       # "1   late start: ...", or what a confirmation will record
    entry: str                  # what is typed (the PIN as stars), or what was just recorded
    prompt: str
    bottom: str
    error: str


def director_layout(size: tuple[int, int]) -> dict[str, pygame.Rect | list[pygame.Rect]]:
    w, h = size
    lay = clockdraw.layout(size)
    margin = max(8, w // 40)
    y = lay.top.bottom + h // 60
    heading = pygame.Rect(margin, y, w - 2 * margin, h * 8 // 100)
    status = pygame.Rect(margin, heading.bottom, w - 2 * margin, h * 5 // 100)
    listing = pygame.Rect(margin * 3, status.bottom + h // 60, w - 6 * margin, h * 46 // 100)
    step = listing.height // ROWS
    rows = [pygame.Rect(listing.left, listing.top + i * step, listing.width, step) for i in range(ROWS)]
    entry = pygame.Rect(margin * 3, listing.bottom + h // 60, w - 6 * margin, h * 9 // 100)
    prompt = pygame.Rect(margin, entry.bottom + h // 60, w - 2 * margin,
                         lay.bottom.top - entry.bottom - h // 30)
    return {"heading": heading, "status": status, "rows": rows, "entry": entry,
            "entry_text": entry.inflate(-16, -10), "prompt": prompt, "top": lay.top,
            "bottom": lay.bottom}


def draw_director(surface: pygame.Surface, view: DirectorView) -> None:
    h = surface.get_height()
    parts = director_layout(surface.get_size())
    surface.fill(theme.BG)
    theme.blit_line(surface, view.heading, theme.RUNNING, parts["heading"])
    theme.blit_line(surface, view.status, theme.BAR_FG, parts["status"])
    for text, row in zip(view.rows, parts["rows"]):
        theme.blit_line(surface, text, theme.FG, row.inflate(-8, -row.height // 5), align="left")
    pygame.draw.rect(surface, theme.RUNNING, parts["entry"], width=2)
    if view.entry:
        theme.blit_line(surface, view.entry, theme.WHITE, parts["entry_text"])
    theme.blit_line(surface, view.prompt, theme.PROMPT, parts["prompt"], max_size=h // 18)
    clockdraw.bar(surface, parts["top"], view.top, theme.BAR_FG)
    clockdraw.bottom_bar(surface, parts["bottom"], view.bottom, view.error)
