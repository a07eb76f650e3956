"""The judge screen as data (``JudgeView``) and its painting: the heading, the words typed so
far (large, for both players), the players' instructions, and the challenger's on-screen
keyboard (kiosk.ui.widgets.keys) when there is one.

The words go across the screen, the instructions below them and the challenger's keyboard
across the whole width at the bottom (a half of the 7-inch panel has no room for 9 mm keys). On a
``flat`` screen each player's upright half shows the heading and the words; the challenger's has
the keyboard below them, the other player's the instructions. Nothing here ever says which word
is good: the verdict is a screen of its own (kiosk.ui.judge.verdict). The judge station
(kiosk.ui.judge.station) draws its steps with the same view; its keyboard is nobody's (``seat``
None).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.ui.judge.verdict import word_lines
from kiosk.ui.widgets import frame, keyboard as onscreen, theme
from kiosk.ui.widgets.keys import Key, Keyboard


#: The challenged words' capitals at least this tall where the keyboard leaves room: the
#: challenged player checks them before pressing, from across the board.
WORDS_MM = 7.0


@dataclass(frozen=True)
class JudgeView:
    top: str
    heading: str
    words: tuple[str, ...]
    typing: str
    lines: tuple[str, ...]
    error: str
    keyboard: Keyboard | None = None    # the challenger's keys, if the screen shows them


def judge_layout(size: tuple[int, int], view: JudgeView, facing: int | None = None) -> dict:
    """Where each part goes on a surface of ``size``: the whole screen (``facing`` None) or
    the upright half of player ``facing`` (flat). The keys go across the whole width at the
    bottom (on the half of the player who types, flat), the instructions above them; ``keys``
    and ``lines`` are None where that surface shows no keyboard or no instructions (flat: the
    typist's half has its keys and no top line, the other half the instructions)."""
    lay = frame.layout(size, upright=facing is not None)
    line, gap = lay.line, onscreen.gap_for(lay.key_min)
    margin = max(8, 2 * gap)
    keyboard = view.keyboard
    mine = keyboard is not None and (facing is None or keyboard.seat is None or keyboard.seat == facing)
    flat_typist = mine and facing is not None       # its top line shows on the other half
    body = (pygame.Rect(0, 0, size[0], lay.bottom.top) if flat_typist else lay.body).inflate(-2 * margin, -2 * gap)
    keys_h = onscreen.least_height(keyboard, body.width, lay.key_min) if mine else 0
    lines_h = 0 if (mine and facing is not None) else lay.text_height(view.lines, body.width)
    heading_h = max(round(line * 1.25), lay.text_height([view.heading], body.width))
    room = body.height - keys_h - lines_h - 3 * gap
    if room < heading_h + 2 * line:             # a flat typist's half: the words, the keys
        heading_h = 0
    parts = [("heading", heading_h), ("words", None), ("lines", lines_h), ("keys", keys_h)]
    named = frame.stack(body, [(n, h) for n, h in parts if h != 0], gap)
    if mine and "keys" in named:                 # what the keyboard leaves over: its rows grow,
        rows = len(word_lines((*view.words, view.typing + "_")))   # the words kept WORDS_MM tall
        words_h = max(2 * line, rows * theme.line_step(theme.size_for_cap(WORDS_MM * lay.line_density)))
        extra = min(named["words"].height - words_h, round(keys_h * 0.3))
        if extra > 0:
            named["words"].height -= extra
            for name in ("lines", "keys"):
                if name in named:
                    named[name].top -= extra
            named["keys"].height += extra
    return {"top": None if flat_typist else lay.top, "bottom": lay.bottom, "key_min": lay.key_min,
            "heading": named.get("heading"), "words": named["words"],
            "lines": named.get("lines"), "keys": named.get("keys") if mine else None}


def keyboard_keys(size: tuple[int, int], view: JudgeView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on a judge screen of ``size`` (side), or on the upright half of ``facing``."""
    return onscreen.keys_in(view.keyboard, judge_layout(size, view, facing))


def draw_judge(surface: pygame.Surface, view: JudgeView, facing: int | None = None) -> None:
    parts = judge_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    if parts["heading"] is not None:
        theme.blit_lines(surface, [view.heading], theme.PROMPT, parts["heading"], max_size=parts["heading"].height)
    rows = word_lines((*view.words, view.typing + "_"))
    box = parts["words"]
    step = box.height // len(rows)
    most = max(box.height // 2, theme.size_for_cap(WORDS_MM * theme.density(surface)))
    for i, row in enumerate(rows):
        theme.blit_line(surface, row, theme.WHITE,
                        pygame.Rect(box.left, box.top + i * step, box.width, step), max_size=most)
    lines_box = parts["lines"]
    if view.lines and lines_box is not None:
        theme.blit_lines(surface, view.lines, theme.BAR_FG, lines_box, max_size=lines_box.height // 2)
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    if parts["top"] is not None:
        frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error)
