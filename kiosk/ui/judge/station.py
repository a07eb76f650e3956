"""The shared adjudication station (``python -m kiosk judge``): a kiosk used as the venue's
adjudication computer, in judge mode only.

Each challenge: type the table number (Enter), the challenger types the words (space or Enter
between words), the opponent checks them and presses Tab (or a button) for the verdict, which
fills the screen exactly as at a table (the table's verdict screen, kiosk.ui.judge.verdict): one
verdict for all the words, never a word's own. Escape while typing words starts again; Escape
at the table number asks for the PIN, and the right PIN (Enter) leaves the station. Button
releases (GPIO buttons report them) mean nothing here. The app runs the station behind the
table's failsafe screen (kiosk.ui.judge.failsafe), and journals every verdict (words, verdict, lexicon
and its fingerprint, table, time; each word's validity for the director only) before it is shown.

With a touch screen alone, each step shows its keys across the screen (``ui.keypad``, as at a
table): the digits with ENTER and LEAVE (Esc) for the table number; the letters, DEL, NEXT WORD,
VERDICT (Tab) and START AGAIN (Esc) for the words; the digits, ENTER and BACK for the PIN; and
NEXT CHALLENGE under the verdict. A tap types what the key's USB key types.

The PIN is checked against its salted hash (``director.pin_hash``, kiosk.pin): a station has no
default PIN and never takes one on its command line.

Linked to the director (``link``: kiosk.link.station_link), the station rules only on a
challenge a table has open: the table number's step lists the tables waiting, a table without a
challenge open is refused at once, and the words the table typed come with it (the operator
types them when the table sent none). The verdict is journaled, then sent; it shows once the
director took it for the table (``sending``: its receipt, kiosk.link.station_link), the
director's refusal (withdrawn, already ruled) is said instead. While the director cannot be
reached, or answers without its receipt, the screen says so and the link sends the verdict
again, for ``wait_s`` (``director.station_wait_s``) at most: then the screen says the director
did not confirm it in that time (*call the director*) and goes back to the table number, as
Escape does sooner.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Container

from table_input import Action, ButtonPressed, KeyTyped
from common.game.judge import Adjudication, adjudicate
from kiosk.link.news import in_words
from kiosk.pin import verify_pin
from kiosk.ui.widgets.base import NS, BottomLine, Screen, UiSettings
from kiosk.ui.widgets.entry import DigitsEntry, WordsEntry
from kiosk.ui.judge.paint import JudgeView, draw_judge
from kiosk.ui.widgets.keys import BACK, ENTER, Key
from kiosk.ui.judge.verdict import NEXT, VerdictScreen, VerdictView, draw_verdict

LEAVE = Key(Action.ESCAPE, "LEAVE (PIN)", 2)
VERDICT = Key(Action.TAB, "VERDICT", 3)
START_AGAIN = Key(Action.ESCAPE, "START AGAIN", 2)


class Station(BottomLine, Screen):
    """A screen machine of its own: steps ``table`` -> ``words`` -> ``verdict``, and ``pin``."""

    def __init__(self, lexicon: Container[str], lexicon_label: str, *, max_words: int, pin_hash: str,
                 wait_s: float, settings: UiSettings = UiSettings(),
                 record: Callable[[Adjudication, str, int], None] | None = None, link=None,
                 fingerprint: str = ""):
        """``record(adjudication, table, at_ns)`` journals each verdict before it is shown;
        ``pin_hash`` is the PIN's (kiosk.pin.hash_pin); ``link`` the director's, if linked;
        ``wait_s`` how long a verdict is sent before the station gives up on it. The defaults
        of the rest are kiosk.station_app.StationConfig's."""
        super().__init__(self)              # the station is its own table: its own bottom line
        self.lexicon, self.label, self.max_words, self.pin_hash = lexicon, lexicon_label, max_words, pin_hash
        self.settings, self.record, self.link, self.fingerprint = settings, record, link, fingerprint
        self.wait_s = wait_s
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
        self.challenge = None               # the table's open challenge (linked)
        self.judged: Adjudication | None = None
        self.sending: int | None = None     # the verdict's request to the director
        self.sending_since = 0              # when it was first sent (ns)
        self.not_yet = ""                   # why the director has not taken it yet

    # --- inputs -----------------------------------------------------------------------------

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if self.step == "verdict":
            self._to_verdict(item, now_ns)
        elif self.step == "words":
            self._judge(item.t_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if self.step == "verdict":
            return self._to_verdict(item, now_ns)
        keys = {"table": self._key_table, "words": self._key_words, "pin": self._key_pin,
                "sending": self._key_sending}
        keys[self.step](item.key, item.t_ns)

    def _to_verdict(self, item, now_ns: int) -> None:
        self.verdict.handle(item, now_ns)
        self._after_verdict()

    def _key_table(self, key: str, t: int) -> None:
        if key == "Escape":
            self.step = "pin"
        elif key == "Enter":
            if not self.table_no.digits:
                self.say("type the table number first", t)
            elif self.link is None:
                self.step = "words"
            else:
                self._open_challenge(t)
        else:
            self.table_no.key(key)

    def _open_challenge(self, t: int) -> None:
        """Linked: the table's open challenge, its words typed in if it sent them."""
        table, news = self.table_no.digits.lstrip("0") or "0", self.link.news
        found = next((c for c in news.challenges if c.table == table), None)
        if found is None:
            unreached = "  ·  the director cannot be reached" if news.reached is False else ""
            self.say(f"table {table} has no challenge open{unreached}", t)
            return
        self.challenge = found
        for word in found.words:
            for letter in word + " ":
                self.words.key(letter)
        self.step = "words"

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
            if verify_pin(self.pin_entry.digits, self.pin_hash):
                self.finished = True
            else:
                self.say("wrong PIN", t)
                self._start()
        else:
            self.pin_entry.key(key)

    def _key_sending(self, key: str, t: int) -> None:
        """Escape stops sending the verdict (the director has not taken it); nothing else types."""
        if key == "Escape":
            self._stop_sending(f"table {self.challenge.table}'s verdict was not sent again: the "
                               f"director had not confirmed it", t)

    def _stop_sending(self, said: str, t: int) -> None:
        self.link.cancel(self.sending)
        self._start()
        self.say(said, t)

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
        if self.link is not None:                               # shown once the table has it
            self.judged, self.step, self.sending_since, self.not_yet = verdict, "sending", t, ""
            self.sending = self.link.send(self.challenge.table, self.challenge.challenge_id,
                                          verdict.words, verdict.valid, self.label, self.fingerprint)
            return
        self._show(verdict, t)

    def _show(self, verdict: Adjudication, t: int) -> None:
        self.step = "verdict"
        self.verdict = VerdictScreen(self, verdict.valid, verdict.words, self.label, t)

    def update(self, now_ns: int) -> None:
        if self.step == "verdict":
            self.verdict.update(now_ns)
            self._after_verdict()
        elif self.step == "sending":
            self._sending(now_ns)

    def _sending(self, now_ns: int) -> None:
        """The director's answer to the verdict sent: shown once taken, else why not yet, until
        the time limit."""
        answer = self.link.news.answer
        outcome = answer.outcome if answer is not None and answer.request == self.sending else None
        if outcome == "accepted":
            self._show(self.judged, now_ns)
        elif outcome == "refused":
            self._start()
            self.say(f"the director refused the verdict: {answer.reason}", now_ns)
        elif outcome is not None:
            self.not_yet = ("the director did not confirm the verdict: sending it again"
                            if outcome == "unconfirmed" else
                            "the director cannot be reached: sending the verdict again")
        if self.step == "sending" and now_ns - self.sending_since >= self.wait_s * NS:
            self._stop_sending(f"the director did not confirm table {self.challenge.table}'s verdict "
                               f"in {in_words(self.wait_s)}: call the director", now_ns)

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
        if self.link is not None and not error and self.link.news.reached is False:
            error = "the director cannot be reached: no challenge can be ruled until it is"
        if self.step == "sending":
            return JudgeView(top, f"Table {self.challenge.table}", tuple(self.words.words), "",
                             ("sending the verdict to the table through the director...",
                              "Esc: stop sending it"), self.message(now_ns) or self.not_yet or error)
        if self.step == "table":
            waiting = self._waiting()
            return JudgeView(top, "Table number", (), self.table_no.digits,
                             ("type your table number, then Enter",) + waiting +
                             ("LEAVE or Esc: the director leaves the judge (PIN)" if keypad else
                              "Esc: leave the judge (PIN)",), error,
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

    def _waiting(self) -> tuple[str, ...]:
        """Linked: the tables whose challenges wait for the station."""
        if self.link is None:
            return ()
        open_ = self.link.news.challenges
        if not open_:
            return ("no challenge waiting",)
        return ("waiting: " + ", ".join(f"table {c.table}" + (f" ({' '.join(c.words)})" if c.words else "")
                                        for c in open_[:4]) + ("..." if len(open_) > 4 else ""),)

    def draw(self, surface, view) -> None:
        if isinstance(view, VerdictView):
            draw_verdict(surface, view)
        else:
            draw_judge(surface, view)
