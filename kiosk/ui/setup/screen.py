"""Before the game: the table, both names, the preset and the lexicon. The player going
second presses their own button, which starts the first player's clock (core ``Start``).
Once the director has called the start with a player absent (the director's menu), the clock
screen takes over: it shows the absent player's clock counting their lateness (kiosk.ui.clock.screen)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from table_input import PLAYERS, ButtonPressed, Side
from kiosk.core.commands import Start
from kiosk.ui.widgets import frame, theme
from kiosk.ui.widgets.base import Screen
from kiosk.ui.widgets.words import top_line


@dataclass(frozen=True)
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
        lay = frame.layout(surface.get_size())
        surface.fill(theme.BG)
        for p in (0, 1):
            rows = lay.rows[p]
            theme.blit_line(surface, view.names[p], theme.FG, rows["name"].union(rows["time"]).inflate(0, -rows["time"].height // 2))
        lines = lay.rows[0]["score"].union(lay.rows[1]["last"])
        step = lines.height // len(view.lines)
        for i, line in enumerate(view.lines):
            theme.blit_line(surface, line, theme.BAR_FG, pygame.Rect(lines.left, lines.top + i * step, lines.width, step))
        surface.fill(theme.BANNER_BG, lay.banner)
        theme.blit_line(surface, view.prompt, theme.WHITE, lay.banner.inflate(-lay.banner.height // 2, -lay.banner.height // 3))
        frame.bar(surface, lay.top, view.top, theme.BAR_FG)
        frame.bottom_bar(surface, lay.bottom, "", view.error, view.bottom)
