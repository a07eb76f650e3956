"""The verdict, filling the screen: ACCEPTABLE on green or UNACCEPTABLE on red, with the words
as typed and the lexicon's name. One verdict for the whole play, never per word: the screen
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
from kiosk.ui.widgets import keyboard as onscreen, theme
from kiosk.ui.widgets.base import NS, Screen
from kiosk.ui.widgets.keys import Key, Keyboard

#: The station's key under its verdict.
NEXT = Keyboard((), (Key(Action.ENTER, "NEXT CHALLENGE"),))


@dataclass(frozen=True)
class VerdictView:
    valid: bool
    words: tuple[str, ...]
    lexicon: str
    keyboard: Keyboard | None = None    # the station's NEXT CHALLENGE key, if it shows


def verdict_layout(size: tuple[int, int], view: VerdictView) -> dict:
    """Where the verdict, the words, the lexicon's name and the keys (if any: at the bottom,
    the middle third of the width) go on a surface of ``size``."""
    w, h = size
    margin = max(8, w // 30)
    least = onscreen.key_min(size)
    if view.keyboard is None:
        return {"title": pygame.Rect(margin, h * 8 // 100, w - 2 * margin, h * 30 // 100),
                "words": pygame.Rect(margin, h * 44 // 100, w - 2 * margin, h * 30 // 100),
                "lexicon": pygame.Rect(margin, h * 82 // 100, w - 2 * margin, h * 10 // 100),
                "keys": None, "key_min": least}
    keys_h = onscreen.height(view.keyboard, w // 3, least)
    keys = pygame.Rect(w // 3, h - h // 30 - keys_h, w // 3, keys_h)
    return {"title": pygame.Rect(margin, h * 5 // 100, w - 2 * margin, h * 26 // 100),
            "words": pygame.Rect(margin, h * 34 // 100, w - 2 * margin, h * 26 // 100),
            "lexicon": pygame.Rect(margin, h * 63 // 100, w - 2 * margin, keys.top - h // 30 - h * 63 // 100),
            "keys": keys, "key_min": least}


def keyboard_keys(size: tuple[int, int], view: VerdictView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys under a verdict on a screen of ``size`` (the station's; it has no flat halves)."""
    return onscreen.keys_in(view.keyboard, verdict_layout(size, view))


def draw_verdict(surface: pygame.Surface, view: VerdictView) -> None:
    parts = verdict_layout(surface.get_size(), view)
    surface.fill(theme.ACCEPT_BG if view.valid else theme.REJECT_BG)
    title = "ACCEPTABLE" if view.valid else "UNACCEPTABLE"
    theme.blit_line(surface, title, theme.WHITE, parts["title"])
    words_box = parts["words"]
    lines = word_lines(view.words)
    step = words_box.height // len(lines)
    for i, line in enumerate(lines):
        theme.blit_line(surface, line, theme.WHITE,
                        pygame.Rect(words_box.left, words_box.top + i * step, words_box.width, step),
                        max_size=words_box.height // 2)
    theme.blit_line(surface, view.lexicon, theme.WHITE, parts["lexicon"])
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])


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
