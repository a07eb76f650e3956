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
    the choices are keys). Every line is at least the smallest text tall (kiosk.ui.widgets.frame)."""
    lay = frame.layout(size, upright=facing is not None)
    line, gap = lay.line, onscreen.gap_for(lay.key_min)
    margin = max(8, 2 * gap)
    body = lay.body.inflate(-2 * margin, -2 * gap)
    keyboard = view.keyboard if view is not None else None
    count = (len(view.rows) if view is not None else ROWS) if keyboard is None else \
        (0 if keyboard.choices else len(view.rows))
    entry_h = round(line * 1.5) if keyboard is None or not keyboard.choices or view.entry else 0
    prompt_h = max(line + 2, lay.text_height([view.prompt] if view else [], body.width))
    row_h = line + max(2, gap)
    keys_h = 0 if keyboard is None else onscreen.least_height(keyboard, body.width, lay.key_min)
    heading_h = max(round(line * 1.3), lay.text_height([view.heading] if view else [], body.width))
    status_h = lay.text_height([view.status] if view else [""], body.width) if view else line + 2
    rows_h = None if keyboard is None else count * row_h        # without keys: what is left
    parts = [("heading", heading_h), ("status", max(line + 2, status_h)), ("rows", rows_h),
             ("entry", entry_h), ("keys", None if keyboard is not None and keyboard.choices else keys_h),
             ("prompt", prompt_h)]
    if keyboard is not None and not keyboard.choices:
        parts.insert(3, ("space", None))
    named = frame.stack(body, [(n, h) for n, h in parts if h != 0 or n in ("keys", "rows", "entry")], gap)
    listing = named["rows"].inflate(-2 * margin, 0)
    columns = 2 if count * row_h > listing.height else 1     # a long list without keys: two columns
    per = -(-count // columns) if count else 0
    width = listing.width // columns
    rows = [pygame.Rect(listing.left + (i // per) * width, listing.top + (i % per) * row_h, width, row_h)
            for i in range(count)]
    entry = named["entry"].inflate(-2 * margin, 0)
    return {"heading": named["heading"], "status": named["status"], "rows": rows, "entry": entry,
            "entry_text": entry.inflate(-16, -4), "keys": named["keys"] if keyboard is not None else None,
            "prompt": named["prompt"], "top": lay.top, "bottom": lay.bottom, "key_min": lay.key_min}


def keyboard_keys(size: tuple[int, int], view: DirectorView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on the director's screen of ``size`` (side), or on an upright half (flat)."""
    return onscreen.keys_in(view.keyboard, director_layout(size, view, facing))


def draw_director(surface: pygame.Surface, view: DirectorView, facing: int | None = None) -> None:
    parts = director_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_lines(surface, [view.heading], theme.RUNNING, parts["heading"], max_size=parts["heading"].height)
    theme.blit_lines(surface, [view.status], theme.BAR_FG, parts["status"], max_size=parts["status"].height)
    for text, row in zip(view.rows, parts["rows"]):
        theme.blit_line(surface, text, theme.FG, row.inflate(-8, 0), align="left")
    if parts["entry"].height:
        pygame.draw.rect(surface, theme.RUNNING, parts["entry"], width=2)
    if view.entry:
        theme.blit_line(surface, view.entry, theme.WHITE, parts["entry_text"])
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    theme.blit_lines(surface, [view.prompt], theme.PROMPT, parts["prompt"], max_size=parts["prompt"].height // 2)
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error, view.bottom)
