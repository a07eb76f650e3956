"""The director's menu as data (``DirectorView``) and its painting: a heading, one line with
both clocks and the game's phase, the numbered choices, an entry box, the prompt, and the
table's top and bottom bars. The layout depends on the surface size alone.

With the on-screen keyboard (kiosk.ui.widgets.keys) the choices are its keys, one a row (a tap
chooses, as the digit does), and the PIN, a time or a confirmation have their keys under the
entry box, with BACK (Esc). The director is no player: the keyboard goes across the screen,
and on a ``flat`` screen on both halves, whichever side the director stands at.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.ui.widgets import frame, keyboard as onscreen, theme
from kiosk.ui.widgets.keys import Key, Keyboard

ROWS = 11                   # the most choices listed at once (ten, and E: enroll again; on the
                            # on-screen keyboard, E is a key of its last row)


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
    keyboard: Keyboard | None = None    # the on-screen keys, if the screen shows them


def director_layout(size: tuple[int, int], view: DirectorView | None = None,
                    facing: int | None = None) -> dict:
    """Where each part goes on a surface of ``size``: the whole screen (``facing`` None) or an
    upright half (flat); ``keys`` is where ``view``'s keyboard goes, if it has one. Without
    one, ``rows`` has room for ``ROWS`` choices; with one, for ``view``'s rows (none where
    the choices are keys)."""
    w, h = size
    lay = frame.layout(size) if facing is None else frame.upright_layout(size)
    margin, gap = max(8, w // 40), h // 60
    heading = pygame.Rect(margin, lay.top.bottom + gap, w - 2 * margin, h * 8 // 100)
    status = pygame.Rect(margin, heading.bottom, w - 2 * margin, h * 5 // 100)
    keyboard = view.keyboard if view is not None else None
    keys, count = None, ROWS
    if keyboard is None:
        listing = pygame.Rect(margin * 3, status.bottom + gap, w - 6 * margin, h * 46 // 100)
        entry = pygame.Rect(margin * 3, listing.bottom + gap, w - 6 * margin, h * 9 // 100)
    else:
        entry_h, prompt_h, top = h * 8 // 100, h * 6 // 100, status.bottom + gap
        if keyboard.choices and not view.entry:
            entry_h = 0                         # the choices as keys: no entry box to show
        free = lay.bottom.top - 3 * gap - prompt_h - entry_h - top     # the rows and the keys
        keys_h = free if keyboard.choices else min(free, onscreen.height(keyboard, w - 2 * margin, lay.key_min))
        count = 0 if keyboard.choices else len(view.rows)
        listing = pygame.Rect(margin * 3, top, w - 6 * margin, free - keys_h)
        entry = pygame.Rect(margin * 3, listing.bottom, w - 6 * margin, entry_h)
        keys = pygame.Rect(margin, entry.bottom + gap, w - 2 * margin, keys_h)
    step = min(h * 46 // 100 // ROWS, listing.height // max(1, count))
    rows = [pygame.Rect(listing.left, listing.top + i * step, listing.width, step) for i in range(count)]
    below = keys if keys is not None else entry
    prompt = pygame.Rect(margin, below.bottom + gap, w - 2 * margin, lay.bottom.top - below.bottom - 2 * gap)
    return {"heading": heading, "status": status, "rows": rows, "entry": entry,
            "entry_text": entry.inflate(-16, -10), "keys": keys, "prompt": prompt, "top": lay.top,
            "bottom": lay.bottom, "key_min": lay.key_min}


def keyboard_keys(size: tuple[int, int], view: DirectorView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on the director's screen of ``size`` (side), or on an upright half (flat)."""
    return onscreen.keys_in(view.keyboard, director_layout(size, view, facing))


def draw_director(surface: pygame.Surface, view: DirectorView, facing: int | None = None) -> None:
    h = surface.get_height()
    parts = director_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_line(surface, view.heading, theme.RUNNING, parts["heading"])
    theme.blit_line(surface, view.status, theme.BAR_FG, parts["status"])
    for text, row in zip(view.rows, parts["rows"]):
        theme.blit_line(surface, text, theme.FG, row.inflate(-8, -row.height // 5), align="left")
    if parts["entry"].height:
        pygame.draw.rect(surface, theme.RUNNING, parts["entry"], width=2)
    if view.entry:
        theme.blit_line(surface, view.entry, theme.WHITE, parts["entry_text"])
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    theme.blit_line(surface, view.prompt, theme.PROMPT, parts["prompt"], max_size=h // 18)
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], view.bottom, view.error)
