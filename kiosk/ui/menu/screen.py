"""The director's menu at the table (DESIGN: "long press plus PIN adjusts times, voids,
forfeits").

Opened by the screen machine (kiosk.ui.machine) on a long press of the centre button or F10
(kiosk.ui.menu.pin_prompt), it first asks for the PIN (digits, Enter; Esc or any button goes
back to the game; three wrong PINs lock it for a minute). ``try_pin`` is what any way of
typing the PIN ends in. Then the menu: a digit chooses
(kiosk.ui.menu.actions.ACTIONS):

1 late start: ``CallStart(absent)`` at the round's start call, a digit for who is absent;
2 a late player arrives: ``Arrive(player)``;
3 adjust a player's time: ``AdjustTime(player, delta_ms)``, seconds typed with a sign (+30:
  thirty seconds more on their clock); or 3 for both: a clock brought in during the game,
  the time left divided equally (ASPA 2.2: ``ClockIn``);
4 forfeit a player: ``Forfeit(player, reason)``, the director's decision or late arrival;
5 end the game now: ``End``; once it is over, lock the result instead (``Lock``: for whoever
  cannot confirm it, nobody having come, a player gone); 6 tiles found (ASPA 11.4-11.5, NZASP 6.10-6.11): during play back
  into the bag; after a play-out, a digit for who takes them (``Reopen(player)``);
7 correct a score: the correction screen (kiosk.ui.clock.correct) without the players' agreement;
8 the hardware self-test (kiosk.ui.menu.selftest): buttons, player displays, LEDs;
9 void the game: ``Void`` (set aside with no result; a locked result is not voided);
0 recheck the last verdict, the adjudicator's or referee's (ABSP 4.10.7, NZASP 6.15.3, ASPA
  10.4): who asked and the new verdict (``Recheck(player, valid)``);
E enroll the table again (a new tournament key, another director): its ENROLL screen
  (kiosk.ui.setup.enroll, which the screen machine hands in as ``enroll``).

Each action ends on a confirmation that shows what the core would record (asked of the core
without recording); Enter records it through ``Table.submit``, journaled like any command.
Without a USB keyboard the on-screen keyboard does the same (kiosk.ui.menu.paint): the PIN's
digits, the menu's choices and each question's as keys, a time's digits and sign, ENTER and
BACK (Esc).
What the core refuses is shown with its own reason and records nothing. Esc goes back a step
and leaves the menu. Nothing else changes the game while the menu is open: the players'
buttons do nothing here (a running clock keeps running: stop it first, which the long press
does). Without a key for ``IDLE_S`` the menu closes by itself.

Every use is journaled with the game on screen (``Table.menu_used``, kiosk.store.menu_uses) and
carried by its result document: the PIN given, each wrong PIN and the lock, each action recorded
with what it did, a score corrected, the self-test and its outcome.
"""
from __future__ import annotations

from typing import Callable

from table_input import ButtonPressed, KeyTyped
from common.game.commands import Correct
from common.game.state import GameState
from common.game.vocabulary import IN_PLAY, MenuUse, Phase
from kiosk.ui.clock.correct import PHASES as CORRECTION_PHASES, CorrectionScreen
from kiosk.ui.widgets.base import NS, Screen, preview
from kiosk.ui.menu.actions import (BOTH_DIGITS, CORRECT, ENROLL, ENROLL_AGAIN, PLAYER_DIGITS,
                                   REASONS, REASON_TEXT, SELFTEST, TIME_DIGITS, VERDICTS, Action,
                                   SecondsEntry, after_void, command, describe, offered, questions)
from kiosk.ui.menu.pin_prompt import DirectorDoor
from kiosk.ui.menu.paint import DirectorView, draw_director
from kiosk.ui.widgets.entry import DigitsEntry
from kiosk.ui.widgets.keys import BACK, ENTER, Key, Keyboard, choices, key_word
from kiosk.ui.menu.selftest import SelfTestScreen
from kiosk.ui.widgets.words import awaited, end_reason, face, top_line

IDLE_S = 120                 # the menu closes after this long without a key

PHASE_TEXT = {Phase.SETUP: "before the game", Phase.WAITING: "waiting for a late player",
              Phase.CHALLENGE: "a challenge is open", Phase.OUT: "a play-out waits for the opponent",
              Phase.CONFIRMED: "the result is confirmed and locked",
              Phase.VOID: "the game is void"}


def status_line(state: GameState, now_ns: int) -> str:
    """Both clocks as their halves show them, and where the game stands."""
    parts = []
    for p in (0, 1):
        shown = face(state, p, now_ns)
        tag = ("  RUNNING" if state.clock.running == p else
               "  ABSENT" if awaited(state, p) else "")
        parts.append(f"{state.players[p]} {shown}{tag}")
    if state.phase == Phase.PLAYING:
        phase = "clock running" if state.clock.running is not None else "clock stopped"
    elif state.phase == Phase.ENDED:
        phase = "game over: " + end_reason(state)
    else:
        phase = PHASE_TEXT.get(state.phase, state.phase)
    return "  ·  ".join(parts + [phase])


def running_clock(state: GameState, now_ns: int) -> tuple[str, str, bool] | None:
    """The clock that runs behind the menu, as the menu shows it large: whose (the name), its
    face, whether it is past zero; None while no clock runs."""
    player = state.clock.running
    if player is None or state.phase not in IN_PLAY:
        return None
    shown = face(state, player, now_ns)
    return state.players[player], shown, shown.startswith("-")


class DirectorScreen(Screen):
    director_menu = True

    def __init__(self, table, door: DirectorDoor, opened_ns: int, *,
                 enroll: Callable[[], Screen] | None = None):
        """``enroll``: makes the ENROLL screen (0: enroll this table again), if the table has one."""
        super().__init__(table)
        self.door, self.enroll = door, enroll
        self.step = "pin"                       # pin, menu, ask, confirm
        self.pin = DigitsEntry(12)
        self.action: Action | None = None
        self.answers: dict = {}
        self.asked = 0                          # index of the question asked in action.asks
        self.seconds = SecondsEntry()
        self.command = None                     # what a confirmation records
        self.done = ""                          # what the last action recorded
        self.last_key_ns = opened_ns
        self.closed = False
        self._handover = None

    def enter(self, now_ns: int) -> None:
        self.last_key_ns = max(self.last_key_ns, now_ns)   # back from the correction screen

    def notify(self, text: str, t_ns: int) -> None:
        """The correction screen's report: shown on the menu."""
        self.done = text

    # --- inputs -----------------------------------------------------------------------------

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if self.step == "pin":
            self.closed = True                  # any button: back to the game
        else:
            self.table.say("the buttons do nothing in the director's menu  ·  Esc leaves it", item.t_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if item.key == "Director":
            return
        self.last_key_ns = max(self.last_key_ns, item.t_ns)
        keys = {"pin": self._key_pin, "menu": self._key_menu, "ask": self._key_ask,
                "confirm": self._key_confirm}
        keys[self.step](item.key, item.t_ns)

    def update(self, now_ns: int) -> None:
        if now_ns - self.last_key_ns >= IDLE_S * NS:
            self.closed = True

    def next(self):
        handover, self._handover = self._handover, None
        if handover is not None:
            return handover
        return None if self.closed else self

    def _key_pin(self, key: str, t: int) -> None:
        if key == "Escape":
            self.closed = True
        elif key == "Enter":
            digits = self.pin.digits
            self.pin.clear()
            self.try_pin(digits, t)
        else:
            self.pin.key(key)

    def try_pin(self, digits: str, t: int) -> str:
        """The PIN as typed (by keys, the keypad or a touch keyboard): the menu opens, or the
        screen says why not; the attempt is journaled. Returns the door's answer."""
        outcome = self.door.check(digits, t)
        if outcome == "open":
            self.step = "menu"
            self.table.menu_used(MenuUse.OPENED, "", t)
        elif outcome == "wrong":
            left = self.door.attempts_left
            self.table.say(f"wrong PIN ({left} attempt{'s' if left != 1 else ''} left)", t)
            self.table.menu_used(MenuUse.WRONG_PIN, "", t)
        else:
            self.table.say(self.door.locked_message(t), t)
            self.table.menu_used(MenuUse.LOCKED, self.door.locked_message(t), t)
            self.closed = True
        return outcome

    def _key_menu(self, key: str, t: int) -> None:
        if key == "Escape":
            self.closed = True
        elif key.upper() == ENROLL and self.enroll is not None:
            self.table.menu_used(MenuUse.RECORDED, "enroll the table again (its ENROLL screen)", t)
            self._handover = self.enroll()
        elif chosen := {a.digit: a for a in offered(self.table.state)}.get(key):
            self.done = ""
            self._choose(chosen, t)

    def _choose(self, action: Action, t: int) -> None:
        if action.digit == CORRECT:
            return self._correct(t)
        if action.digit == SELFTEST:
            self._handover = SelfTestScreen(self.table, self, t)
            return
        self.action, self.answers, self.asked = action, {}, 0
        self.seconds = SecondsEntry()
        if self._asks():
            self.step = "ask"
        else:
            self._ready(t)

    def _asks(self) -> tuple[str, ...]:
        """What the chosen action asks now (kiosk.ui.menu.actions.questions)."""
        return questions(self.action, self.table.state, self.answers)

    def _correct(self, t: int) -> None:
        state = self.table.state
        if state.phase == Phase.CHALLENGE:
            self.table.say("a challenge is open: give the verdict (or withdraw) first", t)
        elif state.phase not in CORRECTION_PHASES:
            _, reason = preview(state, Correct(1, 0), t)
            self.table.say(reason or "a score is corrected during or after the game", t)
        elif not state.turns:
            self.table.say("there is no turn to correct yet", t)
        else:
            self._handover = CorrectionScreen(self.table, self, t, director=True)

    def _key_ask(self, key: str, t: int) -> None:
        question = self._asks()[self.asked]
        if key == "Escape":
            return self._back_one()
        if question == "seconds":
            if key != "Enter":
                self.seconds.key(key)
                return
            try:
                answer = self.seconds.seconds()
            except ValueError as exc:
                self.table.say(str(exc), t)
                return
        else:
            choices = {"absent": BOTH_DIGITS, "player": PLAYER_DIGITS, "reason": REASONS,
                       "whose_time": TIME_DIGITS, "taker": PLAYER_DIGITS, "verdict": VERDICTS}[question]
            if key not in choices:
                return
            answer = choices[key]
        self.answers[question] = answer
        if self.asked + 1 < len(self._asks()):
            self.asked += 1
        else:
            self._ready(t)

    def _back_one(self) -> None:
        if self.step == "confirm" and self._asks():
            self.step = "ask"
        elif self.step == "ask" and self.asked > 0:
            self.asked -= 1
        else:
            self.step, self.action = "menu", None

    def _ready(self, t: int) -> None:
        """All asked: check with the core, then ask the director to confirm."""
        wanted = command(self.action, self.answers, self.table.state)
        events, reason = preview(self.table.state, wanted, t)
        if reason or not events:
            self.table.say(reason or "nothing to record: the game is already over", t)
            if not self._asks():
                self.step, self.action = "menu", None
            return
        self.command, self.step = wanted, "confirm"

    def _key_confirm(self, key: str, t: int) -> None:
        if key == "Escape":
            return self._back_one()
        if key != "Enter":
            return
        state, wanted = self.table.state, self.command
        events, _ = preview(state, wanted, t)
        summary = self._describe(state, wanted, events, t)[0] if events else ""
        if self.table.submit(wanted, t):
            self.done = f"recorded: {summary}"
            self.table.menu_used(MenuUse.RECORDED, f"{self.action.label}: {summary}", t)
        self.step, self.action, self.command = "menu", None, None

    # --- the view ---------------------------------------------------------------------------

    def view(self, now_ns: int) -> DirectorView:
        state, info = self.table.state, self.table.info
        heading, rows, entry, prompt = self._content(state, now_ns)
        return DirectorView(top=top_line(state, info), heading=heading,
                            status=status_line(state, now_ns), rows=rows, entry=entry,
                            prompt=prompt, bottom=info.legend, error=self.table.message(now_ns),
                            keyboard=self._keyboard(rows) if self.table.settings.keypad else None,
                            clock=running_clock(state, now_ns))

    def _keyboard(self, rows: tuple[str, ...]) -> Keyboard:
        """The keys of this step: the PIN's digits; the menu's or a question's choices (the
        rows listed, each typing its digit); a time's digits and sign; ENTER to confirm."""
        if self.step == "pin":
            return self.pin.keyboard(actions=(ENTER, BACK))
        if self.step == "menu":                 # short labels: the choices flow into columns
            last = (Key(ENROLL, "ENROLL", 1), Key(BACK.key, BACK.label, 1)) if self.enroll else (BACK,)
            listed = offered(self.table.state)
            return choices({a.digit: f"{a.digit}   {a.short}" for a in listed}, actions=last)
        if self.step == "confirm":             # RECORD the one action (green), BACK a plain key
            return Keyboard((BACK,), (Key(ENTER.key, "RECORD", 2),))
        if self._asks()[self.asked] == "seconds":
            return self.seconds.keyboard()
        return choices({row.split()[0]: row for row in rows})

    def _content(self, state: GameState, now_ns: int):
        names = state.players
        usb = self.table.settings.keyboard          # the hints name a keyboard's keys, or the keys shown
        enter, back = key_word("Enter", usb), key_word("Escape", usb)
        pick = "type the number" if usb else "tap one"
        if self.step == "pin":
            return ("DIRECTOR'S MENU: PIN", (), f"PIN {'*' * len(self.pin.digits)}_",
                    f"type the director's PIN, then {enter}  ·  {back} or any button: back to the game")
        if self.step == "menu":
            listed = (lambda a: a.label) if self.table.settings.keypad else (lambda a: a.short)
            return ("DIRECTOR'S MENU", tuple(f"{a.digit}   {listed(a)}" for a in self._actions()),
                    self.done, f"{'type the number of' if usb else 'tap'} what to do  ·  {back}: back to the game")
        heading = f"DIRECTOR: {self.action.label}"
        if self.step == "confirm":
            events, reason = preview(state, self.command, now_ns)
            rows = self._describe(state, self.command, events, now_ns) if events else (reason,)
            return heading, rows, "CONFIRM?", f"{enter if usb else 'RECORD'} records it  ·  {back}: back"
        question = self._asks()[self.asked]
        if question == "seconds":
            player = self.answers["whose_time"][0]
            return (heading, (f"{names[player]}'s clock now shows "
                              f"{face(state, player, now_ns)}",),
                    f"SECONDS {self.seconds.text or '_'}",
                    f"+ gives time, - takes it off: +30, -1:30  ·  then {enter}  ·  {back}: back")
        if question == "reason":
            rows = tuple(f"{d}   {REASON_TEXT[r]}" for d, r in REASONS.items())
            return heading, rows, "", f"why? {'type its number' if usb else 'tap one'}  ·  {back}: back"
        rows = tuple(f"{d}   {names[p]} ({'left' if p == 0 else 'right'})"
                     for d, (p,) in PLAYER_DIGITS.items())
        if question == "absent":
            return heading, rows + ("3   both",), "", f"who is absent? {pick}  ·  {back}: back"
        if question == "whose_time":
            both = "3   both (a clock brought in)"
            return heading, rows + (both,), "", f"whose time? {pick}  ·  {back}: back"
        if question == "taker":
            return (heading, rows, "", "who takes the found tiles (who should have drawn them "
                                       f"first)? {pick}  ·  {back}: back")
        if question == "verdict":
            return (heading, ("1   acceptable: the play stands", "2   not acceptable: the play comes off"),
                    "", f"the new verdict? {pick}  ·  {back}: back")
        if self.action.digit == "0":
            return heading, rows, "", f"who asked for the recheck? {pick}  ·  {back}: back"
        return heading, rows, "", f"which player? {pick}  ·  {back}: back"

    def _actions(self) -> tuple[Action, ...]:
        return offered(self.table.state) + ((ENROLL_AGAIN,) if self.enroll is not None else ())

    def _describe(self, state: GameState, wanted, events, t: int) -> tuple[str, ...]:
        """``describe``, with what follows a void at this table (its new-game delay, its link)."""
        table = self.table
        return describe(state, wanted, events, t,
                        after_void=after_void(table.new_game_after_s, bool(table.info.link)))

    def draw(self, surface, view: DirectorView) -> None:
        draw_director(surface, view)

    def draw_upright(self, surface, view: DirectorView, facing: int) -> None:
        draw_director(surface, view, facing)
