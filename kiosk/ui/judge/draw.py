"""The judge screen as data (``JudgeView``) and its painting: the heading, the words typed so
far (large, for both players), the players' instructions, and the challenger's on-screen
keyboard (kiosk.ui.widgets.keys) when there is one.

Side by side the words go across the screen and the keyboard takes the challenger's half
below them, the instructions the other half. On a ``flat`` screen each player's upright half
shows the heading and the words; the challenger's has the keyboard below them, the other
player's the instructions. Nothing here ever says which word is good: the verdict is a
screen of its own (kiosk.ui.judge.verdict). The judge station (kiosk.ui.judge.station) draws its steps
with the same view; its keyboard is nobody's half (``seat`` None): it goes across the
screen at the bottom, the instructions between it and the words.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.ui.judge.verdict import word_lines
from kiosk.ui.widgets import frame, keyboard as onscreen, theme
from kiosk.ui.widgets.keys import Key, Keyboard


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
    the upright half of player ``facing`` (flat). ``keys`` and ``lines`` are None where that
    surface shows no keyboard or no instructions."""
    w, h = size
    lay = frame.layout(size) if facing is None else frame.upright_layout(size)
    margin = max(8, w // 40)
    body_top = lay.top.bottom
    heading = pygame.Rect(margin, body_top + h // 50, w - 2 * margin, h * 9 // 100)
    parts = {"top": lay.top, "bottom": lay.bottom, "heading": heading, "key_min": lay.key_min}
    keyboard = view.keyboard
    if keyboard is None:
        words = pygame.Rect(margin, body_top + h * 14 // 100, w - 2 * margin, h * 46 // 100)
        lines = pygame.Rect(margin, words.bottom + h // 50, w - 2 * margin,
                            lay.bottom.top - words.bottom - h // 25)
        return {**parts, "words": words, "lines": lines, "keys": None}
    words = pygame.Rect(margin, heading.bottom + h // 60, w - 2 * margin, h * 16 // 100)
    top = words.bottom + h // 40
    lower = pygame.Rect(margin, top, w - 2 * margin, lay.bottom.top - h // 50 - top)
    if facing is not None:                       # flat: the keyboard or the lines, full width
        mine = keyboard.seat is None or keyboard.seat == facing
        return {**parts, "words": words, "keys": lower if mine else None, "lines": None if mine else lower}
    if keyboard.seat is None:                    # the station: the keys across the bottom
        keys_h = min(lower.height, onscreen.height(keyboard, lower.width, lay.key_min))
        keys = pygame.Rect(lower.left, lower.bottom - keys_h, lower.width, keys_h)
        lines = pygame.Rect(lower.left, top, lower.width, max(0, keys.top - h // 50 - top))
        return {**parts, "words": words, "keys": keys, "lines": lines}
    typist, other = lay.halves[keyboard.seat], lay.halves[1 - keyboard.seat]
    keys = pygame.Rect(typist.left + margin, top, typist.width - 2 * margin, lower.height)
    lines = pygame.Rect(other.left + margin, top, other.width - 2 * margin, lower.height)
    return {**parts, "words": words, "keys": keys, "lines": lines}


def keyboard_keys(size: tuple[int, int], view: JudgeView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on a judge screen of ``size`` (side), or on the upright half of ``facing``."""
    return onscreen.keys_in(view.keyboard, judge_layout(size, view, facing))


def draw_judge(surface: pygame.Surface, view: JudgeView, facing: int | None = None) -> None:
    h = surface.get_height()
    parts = judge_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_line(surface, view.heading, theme.PROMPT, parts["heading"])
    rows = word_lines((*view.words, view.typing + "_"))
    box = parts["words"]
    step = box.height // len(rows)
    for i, row in enumerate(rows):
        theme.blit_line(surface, row, theme.WHITE,
                        pygame.Rect(box.left, box.top + i * step, box.width, step), max_size=box.height // 2)
    lines_box = parts["lines"]
    if view.lines and lines_box is not None:
        if view.keyboard is None:
            step = lines_box.height // len(view.lines)
            for i, line in enumerate(view.lines):
                theme.blit_line(surface, line, theme.BAR_FG,
                                pygame.Rect(lines_box.left, lines_box.top + i * step, lines_box.width, step),
                                max_size=h // 16)
        else:
            theme.blit_lines(surface, view.lines, theme.BAR_FG, lines_box, max_size=h // 16)
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error)
