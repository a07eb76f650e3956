"""Before the game: the table, both names, the preset and the lexicon. The player going
second presses their own button, which starts the first player's clock (core ``Start``).
Once the director has called the start with a player absent (the director's menu), the clock
screen takes over: it shows the absent player's clock counting their lateness (kiosk.ui.clock.screen)."""
from __future__ import annotations

import pygame

from table_input import PLAYERS, ButtonPressed, Side
from common.game.commands import Start
from common.game.frozen import value
from kiosk.ui.widgets import frame, theme
from kiosk.ui.widgets.base import Screen
from kiosk.ui.widgets.words import top_line


@value
class SetupView:
    top: str
    names: tuple[str, str]
    lines: tuple[str, ...]
    prompt: str
    bottom: str
    error: str


class SetupScreen(Screen):
    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if item.side == Side.CENTRE:
            self.table.say("the player going second presses their own button to start", item.t_ns)
            return
        self.table.submit(Start(first=1 - PLAYERS[item.side]), item.t_ns)

    def view(self, now_ns: int) -> SetupView:
        state, info = self.table.state, self.table.info
        minutes = state.rules.clock.time_per_side_s / 60
        prompt = "The player going SECOND presses their button: the first player's clock starts"
        if state.starts is not None:                # the director's assignment says who starts
            first, second = state.players[state.starts], state.players[1 - state.starts]
            prompt = f"{first} goes first: {second} presses their button to start {first}'s clock"
        if self.table.start_refusal:
            prompt = self.table.start_refusal
        return SetupView(
            top=top_line(state, info), names=state.players,
            lines=(state.rules.title, f"{minutes:g} minutes each", f"lexicon: {info.lexicon}"),
            prompt=prompt,
            bottom=info.legend, error=self.table.message(now_ns))

    def draw(self, surface: pygame.Surface, view: SetupView) -> None:
        draw_setup(surface, view)

    def draw_upright(self, surface, view: SetupView, facing: int) -> None:
        draw_setup(surface, view, upright=True)


def setup_layout(size: tuple[int, int], upright: bool = False) -> dict:
    """Both names large (side by side, or one above the other on a portrait screen or a flat
    screen's upright half), the rules, time and word list below them, the prompt in the
    banner's colours, wrapped."""
    lay = frame.layout(size, upright)
    gap = max(4, lay.line // 4)
    body = lay.body.inflate(-2 * gap, -2 * gap)
    prompt_h = 3 * lay.line + 2 * gap
    named = frame.stack(body, [("names", None), ("lines", 3 * (lay.line + gap)), ("prompt", prompt_h)], gap)
    row = named["names"]
    if lay.narrow:
        names = [pygame.Rect(row.left, row.top + i * row.height // 2, row.width, row.height // 2) for i in (0, 1)]
    else:
        names = [pygame.Rect(row.left + i * row.width // 2, row.top, row.width // 2, row.height) for i in (0, 1)]
    return {"top": lay.top, "bottom": lay.bottom, "names": names, "lines": named["lines"],
            "prompt": named["prompt"]}


def draw_setup(surface: pygame.Surface, view: SetupView, upright: bool = False) -> None:
    parts = setup_layout(surface.get_size(), upright)
    surface.fill(theme.BG)
    for name, box in zip(view.names, parts["names"]):
        theme.blit_lines(surface, [name], theme.FG, box.inflate(-box.width // 10, -box.height // 3))   # wrapped, never cut
    lines = parts["lines"]
    step = lines.height // len(view.lines)
    for i, line in enumerate(view.lines):
        theme.blit_line(surface, line, theme.BAR_FG, pygame.Rect(lines.left, lines.top + i * step, lines.width, step))
    prompt = parts["prompt"]
    surface.fill(theme.BANNER_BG, prompt)
    theme.blit_lines(surface, [view.prompt], theme.WHITE, prompt.inflate(-prompt.height // 4, -4))
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error, view.bottom)
