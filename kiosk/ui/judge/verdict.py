"""The verdict, filling the screen: a tick and ACCEPTABLE, or a cross and NOT ACCEPTABLE (as the
books and the guides say it), each on a colour of its own that stays apart from the other for the
three common colour-vision deficiencies (light green with black ink, deep red with white:
tests/ui/test_ui_colour_vision.py), with the words as typed and the word list's name (and
whether it is the official one). One verdict for the whole play, never per word: the screen
is drawn from (verdict, words, lexicon name) only, so it is the same pixels whichever word
failed. Presses in the first moments are ignored (a press meant for the judge must not also
dismiss it); after that any press dismisses it, and it leaves by itself after a while. The
judge station's verdict also has a key for the next challenge (``keyboard``: a tap is its Enter),
the same whatever the verdict; the table's has none (its players have their buttons).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from table_input import Action
from kiosk.ui.widgets import frame, keyboard as onscreen, panel, theme
from kiosk.ui.widgets.base import NS, Screen
from kiosk.ui.widgets.keys import Key, Keyboard

ACCEPTABLE = "ACCEPTABLE"
NOT_ACCEPTABLE = "NOT ACCEPTABLE"
#: The station's key under its verdict.
NEXT = Keyboard((), (Key(Action.ENTER, "NEXT CHALLENGE"),))


@dataclass(frozen=True)
class VerdictView:
    valid: bool
    words: tuple[str, ...]
    lexicon: str
    keyboard: Keyboard | None = None    # the station's NEXT CHALLENGE key, if it shows


def verdict_layout(size: tuple[int, int], view: VerdictView) -> dict:
    """Where the verdict (its mark and its word), the words, the word list's name and the keys
    (if any: across the bottom) go on a surface of ``size``."""
    w, h = size
    across, down = panel.px_per_mm(size)
    least = onscreen.key_min(size)
    line = theme.line_height(down)
    margin = max(8, round(3 * across))
    body = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    keys_h = onscreen.least_height(view.keyboard, body.width, least)
    lexicon_h = max(line + 2, theme.lines_needed([view.lexicon], body.width, down) * line + 2)
    parts = [("title", None), ("words", None), ("lexicon", lexicon_h), ("keys", keys_h)]
    named = frame.stack(body, [(n, v) for n, v in parts if v != 0], round(2 * down))
    title = named["title"]
    if w >= h:                                  # the mark before the word
        mark = pygame.Rect(title.left, title.top, title.height, title.height)
        word = pygame.Rect(mark.right + margin, title.top, title.right - mark.right - margin, title.height)
    else:                                       # portrait: the mark above the word
        side = title.height * 55 // 100
        mark = pygame.Rect(title.centerx - side // 2, title.top, side, side)
        word = pygame.Rect(title.left, mark.bottom, title.width, title.bottom - mark.bottom)
    return {"mark": mark, "title": word,
            "words": named["words"], "lexicon": named["lexicon"], "keys": named.get("keys"), "key_min": least}


def keyboard_keys(size: tuple[int, int], view: VerdictView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys under a verdict on a screen of ``size`` (the station's; it has no flat halves)."""
    return onscreen.keys_in(view.keyboard, verdict_layout(size, view))


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, valid: bool, colour) -> None:
    """A tick (acceptable) or a cross (not acceptable), drawn with strokes of one weight: the
    verdict by its shape, whatever colours a player sees."""
    box = rect.inflate(-rect.width // 6, -rect.height // 6)
    stroke = max(4, box.width // 7)
    if valid:
        points = [(box.left, box.top + box.height * 55 // 100), (box.left + box.width * 38 // 100, box.bottom),
                  (box.right, box.top)]
        pygame.draw.lines(surface, colour, False, points, stroke)
        for point in points:
            pygame.draw.circle(surface, colour, point, stroke // 2)
    else:
        for a, b in ((box.topleft, box.bottomright), (box.topright, box.bottomleft)):
            pygame.draw.line(surface, colour, a, b, stroke)
            for point in (a, b):
                pygame.draw.circle(surface, colour, point, stroke // 2)
    theme.note(surface, "mark", rect, box.inflate(stroke, stroke), "tick" if valid else "cross")


def draw_verdict(surface: pygame.Surface, view: VerdictView) -> None:
    parts = verdict_layout(surface.get_size(), view)
    background, ink = (theme.ACCEPT_BG, theme.ACCEPT_INK) if view.valid else (theme.REJECT_BG, theme.REJECT_INK)
    surface.fill(background)
    draw_mark(surface, parts["mark"], view.valid, ink)
    theme.blit_line(surface, verdict_word(view.valid), ink, parts["title"],
                    align="left" if parts["title"].top == parts["mark"].top else "centre")
    words_box = parts["words"]
    lines = word_lines(view.words)
    step = words_box.height // len(lines)
    for i, line in enumerate(lines):
        theme.blit_line(surface, line, ink, pygame.Rect(words_box.left, words_box.top + i * step, words_box.width, step),
                        max_size=words_box.height // 2)
    theme.blit_lines(surface, [view.lexicon], ink, parts["lexicon"], max_size=parts["lexicon"].height)
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])


def verdict_word(valid: bool) -> str:
    """The verdict as the books and the guides say it."""
    return ACCEPTABLE if valid else NOT_ACCEPTABLE


def word_lines(words: tuple[str, ...]) -> list[str]:
    """The words on one line, or two when there are many (the verdict, the judge screen)."""
    if len(words) <= 3:
        return ["  ".join(words)]
    half = (len(words) + 1) // 2
    return ["  ".join(words[:half]), "  ".join(words[half:])]


class VerdictScreen(Screen):
    def __init__(self, table, valid: bool, words: tuple[str, ...], lexicon: str, shown_ns: int):
        """``table``: anything with the ``settings`` (a table, or the judge station)."""
        super().__init__(table)
        settings = table.settings
        self._view = VerdictView(valid, tuple(words), lexicon)
        self.shown_ns = shown_ns
        self.ignore_ns = round(settings.verdict_ignore_s * NS)
        self.show_ns = round(settings.verdict_s * NS)
        self.done = False

    def pressed(self, item, now_ns: int) -> None:
        self._dismiss(item.t_ns)

    def typed(self, item, now_ns: int) -> None:
        self._dismiss(item.t_ns)

    def _dismiss(self, t_ns: int) -> None:
        """Any press or key ends the verdict, unless it came too soon to be an answer to it."""
        if t_ns - self.shown_ns >= self.ignore_ns:
            self.done = True

    def update(self, now_ns: int) -> None:
        if now_ns - self.shown_ns >= self.show_ns:
            self.done = True

    def next(self):
        return None if self.done else self

    def view(self, now_ns: int) -> VerdictView:
        return self._view

    def draw(self, surface, view: VerdictView) -> None:
        draw_verdict(surface, view)
