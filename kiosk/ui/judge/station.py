"""The shared adjudication station (``python -m kiosk judge``): a kiosk used as the venue's
adjudication computer, in judge mode only.

Each challenge: type the table number (Enter), the challenger types the words (space or Enter
between words), the opponent checks them and presses Tab (or a button) for the verdict, which
fills the screen exactly as at a table (the table's verdict screen, kiosk.ui.judge.verdict): one
verdict for all the words, never a word's own. Escape while typing words starts again; Escape
at the table number asks for the PIN, and the right PIN (Enter) leaves the station. Button
releases (GPIO buttons report them) mean nothing here. The app runs the station behind the
table's failsafe screen (kiosk.ui.judge.guard), and journals every verdict (words, verdict, lexicon
and its fingerprint, table, time; each word's validity for the director only) before it is shown.

With a touch screen alone, each step shows its keys across the screen (``ui.keypad``, as at a
table): the digits with ENTER and LEAVE (Esc) for the table number; the letters, DEL, NEXT WORD,
VERDICT (Tab) and START AGAIN (Esc) for the words; the digits, ENTER and BACK for the PIN; and
NEXT CHALLENGE under the verdict. A tap types what the key's USB key types.
"""
from __future__ import annotations

import hmac
from dataclasses import replace
from typing import Callable, Container

from table_input import Action, ButtonPressed, KeyTyped
from kiosk.core.judge import Adjudication, adjudicate
from kiosk.ui.widgets.base import BottomLine, Screen, UiSettings
from kiosk.ui.widgets.entry import DigitsEntry, WordsEntry
from kiosk.ui.widgets.keys import digits_only
from kiosk.ui.judge.draw import JudgeView, draw_judge
from kiosk.ui.widgets.keys import BACK, ENTER, Key
from kiosk.ui.judge.verdict import NEXT, VerdictScreen, VerdictView, draw_verdict

LEAVE = Key(Action.ESCAPE, "LEAVE (PIN)", 2)
VERDICT = Key(Action.TAB, "VERDICT", 3)
START_AGAIN = Key(Action.ESCAPE, "START AGAIN", 2)


class Station(BottomLine, Screen):
    """A screen machine of its own: steps ``table`` -> ``words`` -> ``verdict``, and ``pin``."""

    def __init__(self, lexicon: Container[str], lexicon_label: str, *, max_words: int, pin: str,
                 settings: UiSettings = UiSettings(),
                 record: Callable[[Adjudication, str, int], None] | None = None):
        """``record(adjudication, table, at_ns)`` journals each verdict before it is shown.
        The defaults of the rest are kiosk.app.StationConfig's."""
        if not digits_only(pin):
            raise ValueError(f"the station's PIN is digits only, not {pin!r}")
        super().__init__(self)              # the station is its own table: its own bottom line
        self.lexicon, self.label, self.max_words, self.pin = lexicon, lexicon_label, max_words, pin
        self.settings, self.record = settings, record
        self.finished = False
        self._start()

    def restart(self) -> None:
        """Back to the table number (after the failsafe); the log keeps what was judged."""
        self._start()

    def _start(self) -> None:
        self.step = "table"
        self.table_no = DigitsEntry(4)
        self.words = WordsEntry(self.max_words)
        self.pin_entry = DigitsEntry(12)
        self.verdict: VerdictScreen | None = None

    # --- inputs -----------------------------------------------------------------------------

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if self.step == "verdict":
            self._to_verdict(item, now_ns)
        elif self.step == "words":
            self._judge(item.t_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if self.step == "verdict":
            return self._to_verdict(item, now_ns)
        keys = {"table": self._key_table, "words": self._key_words, "pin": self._key_pin}
        keys[self.step](item.key, item.t_ns)

    def _to_verdict(self, item, now_ns: int) -> None:
        self.verdict.handle(item, now_ns)
        self._after_verdict()

    def _key_table(self, key: str, t: int) -> None:
        if key == "Escape":
            self.step = "pin"
        elif key == "Enter":
            if self.table_no.digits:
                self.step = "words"
            else:
                self.say("type the table number first", t)
        else:
            self.table_no.key(key)

    def _key_words(self, key: str, t: int) -> None:
        if key == "Tab":
            self._judge(t)
        elif key == "Escape":
            self._start()
        else:
            self.words.key(key)
            if self.words.problem:
                self.say(self.words.problem, t)

    def _key_pin(self, key: str, t: int) -> None:
        if key == "Escape":
            self._start()
        elif key == "Enter":
            if hmac.compare_digest(self.pin_entry.digits, self.pin):
                self.finished = True
            else:
                self.say("wrong PIN", t)
                self._start()
        else:
            self.pin_entry.key(key)

    def _judge(self, t: int) -> None:
        if not self.words.words:
            self.say("type the challenged words first", t)
            return
        try:
            verdict = adjudicate(self.words.words, self.lexicon, self.max_words)
        except ValueError as exc:
            self.say(str(exc), t)
            return
        if self.record is not None:
            self.record(verdict, self.table_no.digits, t)      # journaled before it is shown
        self.step = "verdict"
        self.verdict = VerdictScreen(self, verdict.valid, verdict.words, self.label, t)

    def update(self, now_ns: int) -> None:
        if self.step == "verdict":
            self.verdict.update(now_ns)
            self._after_verdict()

    def _after_verdict(self) -> None:
        if self.verdict.next() is None:     # dismissed, or shown long enough: the next challenge
            self._start()

    # --- the view ---------------------------------------------------------------------------

    def view(self, now_ns: int):
        keypad = self.settings.keypad
        if self.step == "verdict":
            return replace(self.verdict.view(now_ns), keyboard=NEXT if keypad else None)
        top = f"WORD JUDGE  ·  {self.label}"
        error = self.message(now_ns)
        if self.step == "table":
            return JudgeView(top, "Table number", (), self.table_no.digits,
                             ("type your table number, then Enter",
                              "LEAVE or Esc: the director leaves the judge (PIN)" if keypad else
                              "Esc: leave the judge (PIN)"), error,
                             self.table_no.keyboard(actions=(ENTER, LEAVE)) if keypad else None)
        if self.step == "pin":
            return JudgeView(top, "PIN to leave the judge", (), "*" * len(self.pin_entry.digits),
                             ("Enter to leave  ·  Esc: back",), error,
                             self.pin_entry.keyboard(actions=(ENTER, BACK)) if keypad else None)
        if keypad:
            lines = ("Challenger: type the words, NEXT WORD between words",
                     "Opponent: check them, then VERDICT (or Tab)", "START AGAIN (Esc): clear the words")
        else:
            lines = ("Challenger: type the words (space or Enter between words)",
                     "Opponent: check them, then press Tab for the verdict", "Esc: start again")
        return JudgeView(top, f"Table {self.table_no.digits}", tuple(self.words.done), self.words.current,
                         lines, error, self.words.keyboard(extra=(VERDICT, START_AGAIN)) if keypad else None)

    def draw(self, surface, view) -> None:
        if isinstance(view, VerdictView):
            draw_verdict(surface, view)
        else:
            draw_judge(surface, view)
