"""The director's menu as data (``DirectorView``) and its painting: a heading, the running
clock large and framed with whose it is (over a running game), one line with both clocks and
the game's phase, the numbered choices, an entry box, the prompt, and the
table's top and bottom bars. The layout depends on the surface size alone.

With the on-screen keyboard (kiosk.ui.widgets.keys) the choices are its keys, one a row (a tap
chooses, as the digit does), and the PIN, a time or a confirmation have their keys under the
entry box, with BACK (Esc). The director is no player: the keyboard goes across the screen,
and on a ``flat`` screen on both halves, whichever side the director stands at.
"""
from __future__ import annotations

import math
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
    clock: tuple[str, str, bool] | None = None  # the running clock: whose (the name), its face, past zero
    notice: str = ""                    # news for the bottom line, when no error shows


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
    if entry_h and view is not None and view.entry:      # what was just recorded: wrapped, whole
        entry_h = max(entry_h, lay.text_height([view.entry], body.width - 4 * margin - 16, extra=8))
    prompt_h = max(line + 2, lay.text_height([view.prompt] if view else [], body.width))
    row_h = line + max(2, gap)
    keys_h = 0 if keyboard is None else onscreen.least_height(keyboard, body.width, lay.key_min)
    # beside keys, each row (what will be recorded) as tall as it takes wrapped: never cut
    heights = [row_h] * count if keyboard is None else \
        [max(row_h, lay.text_height([text], body.width - 2 * margin - 8, extra=max(2, gap)))
         for text in view.rows[:count]]
    heading_h = max(round(line * 1.3), lay.text_height([view.heading] if view else [], body.width))
    status_h = lay.text_height([view.status] if view else [""], body.width) if view else line + 2
    rows_h = None if keyboard is None else sum(heights)          # without keys: what is left
    clock_h = 0
    if view is not None and view.clock is not None:             # the running clock, large
        clock_h = max(round(line * 1.6), math.ceil(frame.SMALL_CLOCK_MM * lay.line_density) + 2 * clock_inset(lay))
    def stacked(prompt_h: int, status_h: int) -> dict:
        parts = [("heading", heading_h), ("clock", clock_h), ("status", status_h),
                 ("rows", rows_h), ("entry", entry_h),
                 ("keys", None if keyboard is not None and keyboard.choices else keys_h), ("prompt", prompt_h)]
        if keyboard is not None and not keyboard.choices:
            parts.insert(4, ("space", None))
        return frame.stack(body, [(n, h) for n, h in parts if h != 0 or n in ("keys", "rows", "entry")], gap)

    status_h = max(line + 2, status_h)
    named = stacked(prompt_h, status_h)

    def fits(named: dict) -> bool:
        if keyboard is not None and keyboard.choices:
            return _room_for(keyboard, named["keys"], lay.key_min)
        return max(r.bottom for r in named.values()) <= body.bottom

    # the keys 9 mm tall and what will be recorded whole first: the prompt's words give way,
    # then the status line's (the heading, the running clock and what was just recorded stay)
    for give in ((0, status_h), (0, 0)):
        if keyboard is None or fits(named):
            break
        named = stacked(*give)
    listing = named["rows"].inflate(-2 * margin, 0)
    columns = 2 if count * row_h > listing.height else 1     # a long list without keys: two columns
    per = -(-count // columns) if count else 0
    width = listing.width // columns
    if keyboard is None:
        rows = [pygame.Rect(listing.left + (i // per) * width, listing.top + (i % per) * row_h, width, row_h)
                for i in range(count)]
    else:
        tops = [listing.top + sum(heights[:i]) for i in range(count)]
        rows = [pygame.Rect(listing.left, top, listing.width, high) for top, high in zip(tops, heights)]
    entry = named["entry"].inflate(-2 * margin, 0)
    return {"heading": named["heading"], "status": named.get("status"), "rows": rows, "entry": entry,
            "entry_text": entry.inflate(-16, -4), "keys": named["keys"] if keyboard is not None else None,
            "prompt": named.get("prompt"), "top": lay.top, "bottom": lay.bottom, "key_min": lay.key_min,
            "clock": named.get("clock"), "frame": max(3, lay.frame // 2), "inset": clock_inset(lay)}


def _room_for(keyboard: Keyboard, area: pygame.Rect, least: onscreen.KeyMin) -> bool:
    """Whether the choices' keys are each 9 mm tall in ``area`` (in as many columns as it takes)."""
    cols = onscreen.columns(keyboard, area.width, least, area.height)
    count = onscreen.rows_count(keyboard, cols, area.width, least)
    return count * (least.height + 2) + (count - 1) * onscreen.gap_for(least) <= area.height


def clock_inset(lay: frame.Layout) -> int:
    """Room inside the running clock's row around its name and face (its frame in it)."""
    return max(4, lay.frame)


def keyboard_keys(size: tuple[int, int], view: DirectorView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on the director's screen of ``size`` (side), or on an upright half (flat)."""
    return onscreen.keys_in(view.keyboard, director_layout(size, view, facing))


def draw_director(surface: pygame.Surface, view: DirectorView, facing: int | None = None) -> None:
    parts = director_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_lines(surface, [view.heading], theme.RUNNING, parts["heading"], max_size=parts["heading"].height)
    if parts["clock"] is not None:
        _running_clock(surface, parts, view.clock)
    if parts["status"] is not None:
        theme.blit_lines(surface, [view.status], theme.BAR_FG, parts["status"], max_size=parts["status"].height)
    for text, row in zip(view.rows, parts["rows"]):
        if row.height > theme.text_line_height(theme.density(surface)) + row.height // 3 + 4:   # wrapped
            theme.blit_lines(surface, [text], theme.FG, row.inflate(-8, 0), max_size=theme.least_for(surface),
                             align="left")
        else:
            theme.blit_line(surface, text, theme.FG, row.inflate(-8, 0), align="left")
    if parts["entry"].height:
        pygame.draw.rect(surface, theme.RUNNING, parts["entry"], width=2)
    if view.entry:
        theme.blit_lines(surface, [view.entry], theme.WHITE, parts["entry_text"],
                         max_size=parts["entry_text"].height)
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    if parts["prompt"] is not None:
        theme.blit_lines(surface, [view.prompt], theme.PROMPT, parts["prompt"], max_size=parts["prompt"].height // 2)
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error, view.bottom, notice=view.notice)


def _running_clock(surface, parts: dict, clock: tuple[str, str, bool]) -> None:
    """The running clock framed amber as on the clock screen, whose it is before its face."""
    name, time, overtime = clock
    rect = parts["clock"]
    pygame.draw.rect(surface, theme.RUNNING, rect, width=parts["frame"])
    inner = rect.inflate(-2 * parts["inset"], -2 * parts["inset"])
    template = time.replace("1", "8")
    face_w = min(inner.width // 2, theme.clock_width(template, inner.height))
    label = pygame.Rect(inner.left, inner.top, inner.width - face_w - parts["inset"], inner.height)
    face = pygame.Rect(inner.right - face_w, inner.top, face_w, inner.height)
    least, whose = theme.least_for(surface), "'s clock runs"
    room = label.width - theme.text_size(whose, least)[0]
    theme.blit_line(surface, theme.shorten(name, room, least) + whose, theme.FG, label, align="left")
    scale = theme.clock_scale(template, face.width, face.height)
    cells = theme.face_cells(time, theme.OVERTIME if overtime else theme.FG, scale, face)
    for cell, glyph in cells:
        surface.blit(glyph, cell)
    theme.note(surface, "clock", face, cells[0][0].unionall([c for c, _ in cells]), time)
