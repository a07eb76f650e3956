"""Enrolling the table at the table: its number, then the one-time code the director's page (or
``python -m director enroll T``) shows and ENTER, or the code printed beside its USB stick's file
and STICK (the file is taken only if it was sealed under that code).

Shown on a table that is not enrolled when it starts on its buttons, or when the director's
door is asked for and the table has no PIN yet (a long press of the centre button); on an
enrolled table, from the director's menu (E, behind its PIN). Nothing here is secret: without
the director's code for this table, or its file and the code it was sealed under, nothing
happens (each wrong code spends one of
the code's three tries, at the director).

The network work is the ``Enroller``'s (kiosk.link.enroll_worker: on a thread of its own, so
the loop keeps passing): it looks for the director's service as soon as the screen opens
(DNS-SD), then enrolls by the code, or from the stick, and writes the enrollment to the data
partition. Once enrolled the screen asks the kiosk to start again (``restart``): a second, no
reboot, and the table comes back with its number, key, PIN, rules and link.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from kiosk.link.enroll_worker import Progress
from table_input import ButtonPressed, KeyTyped
from kiosk.ui.widgets import frame, keyboard as onscreen, theme
from kiosk.ui.widgets.base import Screen
from kiosk.ui.widgets.entry import DigitsEntry
from kiosk.ui.widgets.keys import BACK, DEL, DIGITS, ENTER, Key, Keyboard, choices
from kiosk.ui.widgets.words import top_line

CODE_DIGITS = 6
STICK = Key("s", "STICK", 2)            # a USB stick's file instead of a code


class Enroller(Protocol):
    """What the screen asks of its worker (kiosk.link.enroll_worker.EnrollWorker): its
    ``progress()`` is a ``Progress``, read on every pass."""
    def find(self) -> None: ...
    def by_code(self, url: str, table: str, code: str) -> None: ...
    def from_stick(self, table: str, code: str) -> None: ...
    def progress(self) -> Progress: ...


@dataclass(frozen=True)
class EnrollView:
    top: str
    heading: str
    lines: tuple[str, ...]
    entry: str
    prompt: str
    error: str
    keyboard: Keyboard | None


class EnrollScreen(Screen):
    def __init__(self, table, enroller: Enroller, *, table_name: str = "", url: str = "",
                 again: bool = False):
        super().__init__(table)
        self.enroller, self.url = enroller, url         # url: the config's director.url, if any
        self.again = again                              # enrolled already: enrolling it again
        self.step = "table"                             # table, code, which, working
        self.number = DigitsEntry(3)
        self.number.digits = table_name if table_name.isdigit() else ""
        self.code = DigitsEntry(CODE_DIGITS)
        self.closed = self.restart = False
        self.chosen = ""                                # the director's url chosen of several

    def enter(self, now_ns: int) -> None:
        if not self.url:
            self.enroller.find()

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if self.step != "working":
            self.table.say("type the table's number and its code  ·  BACK: play without enrolling", item.t_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        key, t = item.key, item.t_ns
        if self.step == "working" or key == "Director":
            return
        if key == "Escape":
            if self.step == "table":
                self.closed = True
            else:
                self.step = "table" if self.step == "code" else "code"
            return
        if self.step == "table":
            if key == "Enter" and self.number.digits:
                self.step = "code"
            else:
                self.number.key(key)
        elif self.step == "which":
            found = self.enroller.progress().found
            if key.isdigit() and 1 <= int(key) <= len(found):
                self.chosen = found[int(key) - 1][1]
                self._enroll_by_code(t)
        elif key.lower() == "s":
            if len(self.code.digits) != CODE_DIGITS:
                self.table.say(f"type the {CODE_DIGITS}-digit code printed beside the stick's "
                               "file, then STICK", t)
                return
            self.step = "working"
            self.enroller.from_stick(self.number.digits, self.code.digits)
        elif key == "Enter":
            self._enroll_by_code(t)
        else:
            self.code.key(key)

    def _enroll_by_code(self, t: int) -> None:
        if len(self.code.digits) != CODE_DIGITS:
            self.table.say(f"the code is {CODE_DIGITS} digits", t)
            self.step = "code"
            return
        url = self.chosen or self.url
        if not url:
            progress = self.enroller.progress()
            if progress.phase == "finding":
                self.table.say("still looking for the director's service: a moment", t)
                return
            if len(progress.found) > 1:
                self.step = "which"
                return
            if not progress.found:
                self.table.say("no director's service found on this network: is it running? "
                               "(looking again)", t)
                self.enroller.find()
                return
            url = progress.found[0][1]
        self.step = "working"
        self.enroller.by_code(url, self.number.digits, self.code.digits)

    def update(self, now_ns: int) -> None:
        if self.step != "working":
            return
        progress = self.enroller.progress()
        if progress.phase == "enrolled":
            self.restart = True
        elif progress.phase == "failed":
            self.table.say(progress.text, now_ns)
            self.step, self.chosen = "code", ""
            self.code.clear()

    def next(self):
        return None if self.closed else self

    # --- the view --------------------------------------------------------------------------

    def view(self, now_ns: int) -> EnrollView:
        progress = self.enroller.progress()
        where = (f"the director: {self.url}" if self.url else
                 "looking for the director's service..." if progress.phase == "finding" else
                 "found: " + "; ".join(f"{name} ({url})" for name, url in progress.found)
                 if progress.found else "no director's service found yet")
        lines = ("Enrolling this table again" if self.again else "This table is not enrolled yet",
                 where)
        keypad = self.table.settings.keypad
        if self.step == "table":
            entry, prompt = f"TABLE {self.number.digits}_", "the table's number, then ENTER  ·  BACK: play without enrolling"
            keys = Keyboard(DIGITS + (DEL,), (ENTER, BACK))
        elif self.step == "code":
            entry = f"TABLE {self.number.digits}   CODE {self.code.digits}_"
            prompt = ("the code the director's page shows for this table, then ENTER  ·  or the code "
                      "printed beside its stick's file, then STICK")
            keys = Keyboard(DIGITS + (DEL,), (ENTER, STICK, BACK))
        elif self.step == "which":
            entry, prompt = "WHICH DIRECTOR?", "several directors on this network: choose yours"
            keys = choices({str(i + 1): f"{i + 1}   {name}" for i, (name, _) in enumerate(progress.found)})
        else:
            entry = "ENROLLED: starting again" if self.restart else "ENROLLING..."
            prompt, keys = progress.text or f"table {self.number.digits}: asking the director", None
        return EnrollView(top=top_line(self.table.state, self.table.info), heading="ENROLL THIS TABLE",
                          lines=lines, entry=entry, prompt=prompt, error=self.table.message(now_ns),
                          keyboard=keys if keypad else None)

    def draw(self, surface, view: EnrollView) -> None:
        draw_enroll(surface, view)

    def draw_upright(self, surface, view: EnrollView, facing: int) -> None:
        draw_enroll(surface, view, facing)


def enroll_layout(size: tuple[int, int], view: EnrollView, facing: int | None = None) -> dict:
    """Where each part goes, in millimetres (kiosk.ui.widgets.frame): the heading, the lines,
    the entry box, the keys (if any), the prompt; each line wraps, never under the smallest text."""
    lay = frame.layout(size, upright=facing is not None)
    line, gap = lay.line, onscreen.gap_for(lay.key_min)
    margin = max(8, 2 * gap)
    body = lay.body.inflate(-2 * margin, -2 * gap)
    keyboard = view.keyboard
    keys_h = onscreen.least_height(keyboard, body.width, lay.key_min)
    parts = [("heading", max(round(line * 1.3), lay.text_height([view.heading], body.width))),
             ("lines", lay.text_height(view.lines, body.width) if view.lines else 0),
             ("entry", round(line * 1.5)),
             ("keys", None if keyboard is not None and keyboard.choices else keys_h),
             ("prompt", lay.text_height([view.prompt], body.width))]
    if keyboard is None or not keyboard.choices:
        parts.insert(3, ("space", None))
    named = frame.stack(body, [(n, v) for n, v in parts if v != 0 or n in ("keys", "lines")], gap)
    return {"heading": named["heading"], "lines": named["lines"], "entry": named["entry"],
            "keys": named["keys"] if keyboard is not None else None, "prompt": named["prompt"],
            "top": lay.top, "bottom": lay.bottom, "key_min": lay.key_min}


def keyboard_keys(size: tuple[int, int], view: EnrollView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    return onscreen.keys_in(view.keyboard, enroll_layout(size, view, facing))


def draw_enroll(surface: pygame.Surface, view: EnrollView, facing: int | None = None) -> None:
    parts = enroll_layout(surface.get_size(), view, facing)
    surface.fill(theme.BG)
    theme.blit_lines(surface, [view.heading], theme.RUNNING, parts["heading"], max_size=parts["heading"].height)
    if view.lines:
        theme.blit_lines(surface, view.lines, theme.BAR_FG, parts["lines"])
    pygame.draw.rect(surface, theme.RUNNING, parts["entry"], width=2)
    theme.blit_line(surface, view.entry, theme.WHITE, parts["entry"].inflate(-16, -4))
    if parts["keys"] is not None:
        onscreen.paint(surface, view.keyboard, parts["keys"], parts["key_min"])
    theme.blit_lines(surface, [view.prompt], theme.PROMPT, parts["prompt"])
    frame.bar(surface, parts["top"], view.top, theme.BAR_FG)
    frame.bottom_bar(surface, parts["bottom"], "", view.error)
