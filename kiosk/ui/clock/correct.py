"""Correcting a score with both players' agreement (ASPA 3.2, ABSP 4.9.2; core ``Correct``).

Opened from the clock screen (F9) while the clock is neutral, or after the game ended and
before the result is confirmed. Three steps, Escape going back one:
1. pick: the last turns are listed with their numbers; type the turn's number, Enter;
2. score: type the new score, Enter;
3. agree: each player presses their own button; the second press sends ``Correct(turn,
   score)`` at its own instant. The centre button cancels.
From the director's menu (``director=True``) the third step is the director's: Enter records
the correction on the director's authority, without the players' agreement.
The core judges everything: a turn that cannot be corrected, or a correction these rules do
not allow now, is refused with the core's own reason, shown on the bottom line (checked with
the core as soon as the turn is picked, and again when both have agreed).
Without a USB keyboard the on-screen keyboard types the numbers (digits, DEL, ENTER) and goes
back a step (BACK: Esc); it goes across the screen, under the entry box (either player types).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from table_input import PLAYERS, ButtonPressed, KeyTyped
from common.game.commands import Correct
from common.game.result import compute
from common.game.vocabulary import MenuUse, Phase
from kiosk.ui.clock.view import last_turn_text, turn_lines
from kiosk.ui.widgets import frame, keyboard as onscreen, theme
from kiosk.ui.widgets.base import Screen, preview
from kiosk.ui.widgets.words import top_line
from kiosk.ui.widgets.entry import DigitsEntry
from kiosk.ui.widgets.keys import BACK, ENTER, Key, Keyboard, key_word

LISTED = 12                 # the most of the latest turns listed (as many as the screen has room for)
FEWEST = 6                  # two columns rather than fewer of them listed, where the width allows
LISTED_MM = 60.0            # the narrowest a column of turns may be (a long name shortened in it)
#: The phases in which the flow may be open (the clock screen opens it only with the clock neutral).
PHASES = (Phase.PLAYING, Phase.OUT, Phase.ENDED)


@dataclass(frozen=True)
class CorrectionView:
    top: str
    heading: str
    turns: tuple[str, ...]      # "3   Bob   +35", the latest last
    chosen: int | None          # the turn number picked, if any
    entry: str                  # what is being typed, with its label
    prompt: str
    bottom: str
    error: str
    keyboard: Keyboard | None = None    # the on-screen keys, if the screen shows them
    director: bool = False              # opened from the director's menu (the director types)
    names: tuple[str, ...] = ()         # the words noted and the players' names the turns say (each
                                        # shortened where a row is short, the words first)
    notice: str = ""                    # news for the bottom line, when no error shows


class CorrectionScreen(Screen):
    def __init__(self, table, back: Screen, opened_ns: int, *, director: bool = False):
        super().__init__(table)
        self.back, self.opened_ns, self.director = back, opened_ns, director
        self.step = "pick"
        self.number, self.score = DigitsEntry(3), DigitsEntry(4)
        self.turn: int | None = None
        self.agreed: set[int] = set()
        self.closed = False

    # --- inputs -----------------------------------------------------------------------------

    @property
    def director_menu(self) -> bool:
        """Opened from the director's menu: the menu does not open over it."""
        return self.director

    def handle(self, item, now_ns: int) -> None:
        if self.table.state.phase not in PHASES:
            self.closed = True
            return
        super().handle(item, now_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        self._key(item.key, item.t_ns)

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        self._button(PLAYERS.get(item.side), item.t_ns)

    def _key(self, key: str, t: int) -> None:
        if key == "Escape":
            return self._back_one()
        if self.step == "pick":
            if key == "Enter":
                return self._pick(t)
            self.number.key(key)
        elif self.step == "score":
            if key == "Enter":
                return self._score(t)
            self.score.key(key)
        elif self.director and key == "Enter":
            self._record(t)

    def _back_one(self) -> None:
        if self.step == "agree":
            self.step, self.agreed = "score", set()
        elif self.step == "score":
            self.step, self.turn = "pick", None
            self.score.clear()
        else:
            self.closed = True

    def _check(self, turn: int, score: int, t: int) -> bool:
        """Ask the core (without recording anything) whether it would take this correction."""
        _, reason = preview(self.table.state, Correct(turn, score), t)
        if reason:
            self.table.say(reason, t)
        return not reason

    def _pick(self, t: int) -> None:
        if not self.number.digits:
            self.table.say(f"{self._verb()} the number of the turn to correct", t)
            return
        turn = int(self.number.digits)
        turns = self.table.state.turns
        current = turns[turn - 1].score if 1 <= turn <= len(turns) else 0
        if self._check(turn, current, t):
            self.turn, self.step = turn, "score"

    def _score(self, t: int) -> None:
        if not self.score.digits:
            self.table.say(f"{self._verb()} the new score", t)
            return
        score = int(self.score.digits)
        if score == self.table.state.turns[self.turn - 1].score:
            self.table.say(f"turn {self.turn} already scores {score}", t)
            return
        if self._check(self.turn, score, t):
            self.step, self.agreed = "agree", set()

    def _button(self, player: int | None, t: int) -> None:
        if player is None:
            self.closed = True          # centre: cancel, nothing recorded
            return
        if self.director:
            self.table.say(f"the director records the correction with {self._word('Enter')}  ·  "
                           f"{self._word('Escape')}: back", t)
            return
        if self.step != "agree":
            self.table.say("type the turn and the new score first  ·  centre cancels", t)
            return
        self.agreed.add(player)
        if self.agreed == {0, 1}:
            self._record(t)

    def _record(self, t: int) -> None:
        turn, score = self.turn, int(self.score.digits)
        before = self.table.state.turns[turn - 1].score
        if self.table.submit(Correct(turn, score), t):
            said = f"turn {turn} corrected: {before} is now {score}"
            if self.director:
                self.table.menu_used(MenuUse.CORRECTED, said, t)
            self.back.notify(said, t)
            self.closed = True
        else:                           # refused: the core's reason is on the bottom line
            self.step, self.turn, self.agreed = "pick", None, set()
            self.number.clear()
            self.score.clear()

    def next(self):
        return self.back if self.closed else self

    # --- the view ---------------------------------------------------------------------------

    def view(self, now_ns: int) -> CorrectionView:
        state = self.table.state
        names = state.players
        listed = turn_lines(state, compute(state, now_ns))[-LISTED:]
        enter, back = self._word("Enter"), self._word("Escape")
        rows = tuple(f"{n}    {names[turn.player]}    {last_turn_text(line, turn)}"
                     for n, line, turn in listed)
        if self.step == "pick":
            entry = f"TURN {self.number.digits or '_'}"
            prompt = f"{self._verb()} the number of the turn to correct, then {enter}  ·  {back}: cancel"
        elif self.step == "score":
            entry = f"TURN {self.turn}: NEW SCORE {self.score.digits or '_'}"
            prompt = f"{self._verb()} the new score, then {enter}  ·  {back}: back"
        elif self.director:
            before = state.turns[self.turn - 1].score
            entry = f"TURN {self.turn}: {before} BECOMES {self.score.digits}"
            record = enter if self.table.settings.keyboard else "RECORD"
            prompt = f"{record} records it (the director's decision)  ·  {back}: back"
        else:
            before = state.turns[self.turn - 1].score
            entry = f"TURN {self.turn}: {before} BECOMES {self.score.digits}"
            waiting = [names[p] for p in (0, 1) if p not in self.agreed]
            agreed = [names[p] for p in (0, 1) if p in self.agreed]
            prompt = (f"{' and '.join(waiting)}: press your own button to agree"
                      + (f"  ·  agreed: {', '.join(agreed)}" if agreed else "")
                      + f"  ·  centre or {back}: cancel")
        return CorrectionView(top=top_line(state, self.table.info),
                              heading=("CORRECT A SCORE  (the director's decision)" if self.director
                                       else "CORRECT A SCORE  (both players must agree)"),
                              turns=rows, chosen=self.turn, entry=entry, prompt=prompt,
                              bottom=self.table.info.legend, error=self.table.message(now_ns),
                              notice=self.table.told(now_ns),
                              keyboard=self._keyboard() if self.table.settings.keypad else None,
                              director=self.director,
                              names=tuple(t.word for t in state.turns if t.word) + tuple(names))

    def _word(self, key: str) -> str:
        """A key as the prompt names it: the USB keyboard's, or the on-screen key's."""
        return key_word(key, self.table.settings.keyboard)

    def _verb(self) -> str:
        """How a number is put in: typed on the USB keyboard, tapped on the screen's digits."""
        return "type" if self.table.settings.keyboard else "tap"

    def _keyboard(self) -> Keyboard:
        """The digits while a number is typed; then ENTER (the director) or only BACK (the
        players agree with their buttons)."""
        if self.step in ("pick", "score"):
            return self.number.keyboard(actions=(ENTER, BACK))
        if self.director:
            return Keyboard((), (Key(ENTER.key, "RECORD", 2), BACK))
        return Keyboard((), (BACK,))

    def draw(self, surface, view: CorrectionView) -> None:
        draw_correction(surface, view)

    def draw_upright(self, surface, view: CorrectionView, facing: int) -> None:
        draw_correction(surface, view, facing)


def correction_layout(size: tuple[int, int], view: CorrectionView | None = None,
                      facing: int | None = None) -> dict:
    """Where each part of the correction screen goes: heading, a row per listed turn (the latest
    that fit, in two columns where the lines leave room), the entry box, the keys if ``view``
    has any, the prompt, and the top and bottom bars; on the whole screen (``facing`` None) or
    an upright half (flat). Every line is at least the smallest text tall."""
    lay = frame.layout(size, upright=facing is not None)
    line, gap = lay.line, onscreen.gap_for(lay.key_min)
    margin = max(8, 2 * gap)
    body = lay.body.inflate(-2 * margin, -2 * gap)
    keyboard = view.keyboard if view is not None else None
    keys_h = onscreen.least_height(keyboard, body.width, lay.key_min)
    named = frame.stack(body, [(n, h) for n, h in (
        ("heading", max(round(line * 1.3), lay.text_height([view.heading] if view else [], body.width))),
        ("listing", None), ("entry", round(line * 1.5)),
        ("keys", keys_h), ("prompt", max(line + 2, lay.text_height([view.prompt] if view else [], body.width))))
        if h != 0], gap)
    listing = named["listing"]
    row_h = line + max(2, gap)
    turns = view.turns if view is not None else ()
    widest = max((theme.text_size(t, theme.least_size(lay.line_density))[0] for t in turns), default=0) + 24
    per_column = max(0, listing.height // row_h)
    # two columns where the rows fit them, or where one column lists fewer than FEWEST turns and
    # half the width keeps LISTED_MM for a row (its name shortened: draw_correction)
    wanted = min(FEWEST, len(turns))
    columns = 2 if turns and (2 * widest <= listing.width or (
        per_column < wanted and listing.width // 2 >= LISTED_MM * lay.key_min.width / onscreen.MIN_KEY_MM)) else 1
    shown = min(LISTED, per_column * columns, len(turns) if view is not None else LISTED)
    col_w = listing.width // columns
    rows = [pygame.Rect(listing.left + (i // per_column) * col_w, listing.top + (i % per_column) * row_h,
                        col_w, row_h) for i in range(shown)]
    entry = named["entry"]
    return {"heading": named["heading"], "rows": rows, "entry": entry, "entry_text": entry.inflate(-16, -4),
            "keys": named.get("keys") if keyboard is not None else None, "prompt": named["prompt"],
            "top": lay.top, "bottom": lay.bottom, "key_min": lay.key_min}


def keyboard_keys(size: tuple[int, int], view: CorrectionView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on the correction screen of ``size`` (side), or on an upright half (flat)."""
    return onscreen.keys_in(view.keyboard, correction_layout(size, view, facing))


def draw_correction(surface: pygame.Surface, view: CorrectionView, facing: int | None = None) -> None:
    parts = correction_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_lines(surface, [view.heading], theme.PROMPT, parts["heading"], max_size=parts["heading"].height)
    shown = view.turns[max(0, len(view.turns) - len(parts["rows"])):] if parts["rows"] else ()
    least = theme.least_for(surface)
    for row, line in zip(shown, parts["rows"]):
        chosen = view.chosen is not None and row.split(" ", 1)[0] == str(view.chosen)
        if chosen:
            surface.fill(theme.BANNER_BG, line)
        room = line.inflate(-8, 0)      # the score recorded always whole: a long name gives way
        row = theme.names_shortened(row, view.names, lambda text: theme.text_size(text, least)[0] <= room.width,
                                    least)
        theme.blit_line(surface, row, theme.WHITE if chosen else theme.FG, room, align="left")
    pygame.draw.rect(surface, theme.PROMPT, parts["entry"], width=2)
    theme.blit_line(surface, view.entry, theme.WHITE, parts["entry_text"])
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    theme.blit_lines(surface, [view.prompt], theme.BAR_FG, parts["prompt"], max_size=parts["prompt"].height // 2)
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error, view.bottom, notice=view.notice)
