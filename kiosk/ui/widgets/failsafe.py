"""The failsafe screen (as in pibooth): shown when a screen fails, instead of the program ending.

It fills the screen with "Something went wrong — call the director", that the game is saved,
and how the director restarts the screens: words for the players, no error's name (what failed
is in the log, with its traceback: kiosk.ui.machine, kiosk.ui.judge.failsafe). It records nothing
and touches neither the game nor its journal: the game is exactly as the last accepted command
left it (a clock that was running keeps running, as a chess clock would). The director restarts
the screens with the centre button (or Enter on a keyboard); the machine then opens the screen
the game's phase calls for, from the same game. Presses in the first moment after the failure
are ignored, so the press that met the failure does not also restart.
"""
from __future__ import annotations

import pygame

from table_input import ButtonPressed, KeyTyped, Side
from common.game.frozen import value
from kiosk.ui.widgets import frame, panel, theme
from kiosk.ui.widgets.base import NS, Screen

TITLE = "Something went wrong — call the director"
#: What the players read under the title: nothing of what failed (that is in the log).
SAVED = "The game is saved: nothing is lost. The director restarts the screens."
FAIL_BG = (96, 10, 16)


def restart_words(keyboard: bool, what: str = "the screens", kept: str = "the game is kept as it was") -> str:
    """How the director restarts (the centre button; Enter too where a keyboard is at hand)."""
    how = "Enter or the centre button" if keyboard else "the centre button"
    return f"Director: press {how} to restart {what} ({kept})"


@value
class FailsafeView:
    title: str
    detail: str
    action: str


class FailsafeScreen(Screen):
    def __init__(self, table, error: BaseException, failed_ns: int):
        super().__init__(table)
        self.error = error              # for the log's sake: never shown (kiosk.ui.machine logs it)
        self.detail, self.failed_ns = SAVED, failed_ns
        self.restart = False

    def handle(self, item, now_ns: int) -> None:
        if item.t_ns - self.failed_ns >= round(self.table.settings.failsafe_ignore_s * NS):
            super().handle(item, now_ns)        # presses just after the failure are ignored

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if item.key == "Enter":
            self.restart = True

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if item.side == Side.CENTRE:
            self.restart = True

    def next(self):
        return None if self.restart else self

    def view(self, now_ns: int) -> FailsafeView:
        return FailsafeView(TITLE, self.detail, restart_words(self.table.settings.keyboard))

    def draw(self, surface, view: FailsafeView) -> None:
        draw_failsafe(surface, view)

    def draw_upright(self, surface, view: FailsafeView, facing: int) -> None:
        draw_failsafe(surface, view, upright=True)


def failsafe_layout(size: tuple[int, int], upright: bool = False) -> dict[str, pygame.Rect]:
    """The title (two lines of the largest text that fits), that the game is saved, the
    director's action:
    each wraps, never under the smallest text (kiosk.ui.widgets.panel)."""
    w, h = size
    down = panel.px_per_mm(size, upright)[1]
    line = theme.line_height(down)
    margin = max(8, w // 30)
    body = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    return frame.stack(body, [("title", None), ("detail", 3 * line + 2), ("action", 3 * line + 2)], line)


def draw_failsafe(surface: pygame.Surface, view: FailsafeView, upright: bool = False) -> None:
    parts = failsafe_layout(surface.get_size(), upright)
    surface.fill(FAIL_BG)
    theme.blit_lines(surface, [view.title], theme.WHITE, parts["title"], max_size=parts["title"].height // 2)
    theme.blit_lines(surface, [view.detail], theme.WHITE, parts["detail"])
    theme.blit_lines(surface, [view.action], theme.BAR_FG, parts["action"])
