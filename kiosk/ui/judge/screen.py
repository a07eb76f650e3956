"""The judge screen at the table, reached only through a challenge (the game's phase is
``challenge``; there is no free lookup mode).

The challenger types the words (cleaned as typed: upper case, letters only; a space or Enter
between words) on a USB keyboard or on the on-screen keyboard, which shows on the challenger's
half (letters, DEL, NEXT WORD; kiosk.ui.judge.paint). The words show large for both players.
The player the preset names
(``rules.challenge.verdict_by``: the challenged player, or the challenger once the opponent
agrees) presses their own clock button: every word is judged (``adjudicate`` always checks
all of them), the one verdict goes to the core as ``Rule`` (journaled before anything is
shown) and the verdict fills the screen. Nothing per word is ever kept or shown here.

The judge screen offers to withdraw the challenge only where the preset allows it
(``withdraw = "both_agree"``: Escape or the WITHDRAW key, then both players press their
buttons), before and while the words are typed (issue 38: once asked, a press is agreement,
never the verdict; KEEP IT or Escape keeps the challenge, the words as typed).

At a table whose challenges the venue's judge station rules on (``Table.judge_at_station``),
the verdict player's press sends the challenge, with the words typed (or none: the station's
operator types them), to the station through the director; the screen says "at the judge
station: waiting" until the station's one verdict comes back (the link's news, read through the
table), then shows it exactly as a verdict judged here (kiosk.link.station_wait rules with it).
A table that waited its time limit (``director.station_wait_s``) says so and to call the
director (``Table.station_gave_up``); the clocks stay held, and the verdict player's press sends
the challenge again.
"""
from __future__ import annotations

from table_input import PLAYERS, Action, ButtonPressed, KeyTyped
from common.game.commands import Rule, Withdraw
from common.game.judge import adjudicate
from common.game.vocabulary import Phase
from kiosk.ui.judge.paint import JudgeView, draw_judge
from kiosk.ui.judge.verdict import VerdictScreen
from kiosk.ui.widgets.base import Screen
from kiosk.ui.widgets.entry import WordsEntry
from kiosk.ui.widgets.keys import Key
from kiosk.ui.widgets.words import top_line

WITHDRAW = Key(Action.ESCAPE, "WITHDRAW", 2)
KEEP = Key(Action.ESCAPE, "KEEP IT", 2)


class JudgeScreen(Screen):
    def __init__(self, table):
        super().__init__(table)
        rules = table.state.rules.challenge
        self.entry = WordsEntry(rules.max_words)
        self.withdraw_allowed = rules.withdraw != "never"
        self.withdrawing: set[int] | None = None      # players who agreed to withdraw so far
        self._verdict: VerdictScreen | None = None
        self.sent = False                               # sent to the judge station
        self.earlier = table.station_verdict            # an earlier challenge's, not this one's

    @property
    def challenger(self) -> int:
        return self.table.state.challenge.player

    def handle(self, item, now_ns: int) -> None:
        if self.table.state.phase == Phase.CHALLENGE:
            super().handle(item, now_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        self._key(item.key, item.t_ns)

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        self._button(PLAYERS.get(item.side), item.t_ns)

    def _key(self, key: str, t: int) -> None:
        if self.sent and key != "Escape":
            return                                  # the words went to the judge station
        if key == "Escape":
            if self.withdrawing is not None:
                self.withdrawing = None
            elif self.withdraw_allowed:
                self.withdrawing = set()
            return
        if self.withdrawing is not None:
            return                                  # asked to withdraw: KEEP IT first, then type
        self.entry.key(key)
        if self.entry.problem:
            self.table.say(self.entry.problem, t)

    def _button(self, player: int | None, t: int) -> None:
        names = self.table.state.players
        if self.withdrawing is not None:
            if player is not None:
                self.withdrawing.add(player)
            if self.withdrawing == {0, 1}:
                self.withdrawing = None
                self.table.submit(Withdraw(self.challenger, agreed=True), t)
            return
        presser = self.table.state.verdict_player
        if player != presser:               # said before any word is looked up
            self.table.say(f"{names[presser]} presses their button for the verdict", t)
            return
        if self.table.judge_at_station:
            if not self.sent or self.table.station_gave_up:    # a second press: sent again
                self.sent = True
                self.table.to_station(self.entry.words, t)
            return
        self._judge(player, t)

    def update(self, now_ns: int) -> None:
        verdict = self.table.station_verdict
        if verdict is not None and verdict != self.earlier and self._verdict is None:
            self._verdict = VerdictScreen(self.table, verdict.valid, verdict.words, verdict.label,
                                          verdict.at_ns)

    def _judge(self, player: int, t: int) -> None:
        lexicon = self.table.lexicon
        if lexicon is None:
            self.table.say("no lexicon is loaded: call the director to adjudicate", t)
            return
        if not self.entry.words:
            self.table.say("type the challenged words first", t)
            return
        try:
            verdict = adjudicate(self.entry.words, lexicon, self.table.state.rules.challenge.max_words)
        except ValueError as exc:
            self.table.say(str(exc), t)
            return
        if self.table.submit(Rule(verdict.words, verdict.valid, by=player), t, adjudication=verdict):
            self._verdict = VerdictScreen(self.table, verdict.valid, verdict.words,
                                          self.table.info.lexicon, t)

    def next(self):
        return self._verdict

    def view(self, now_ns: int) -> JudgeView:
        state = self.table.state
        names = state.players
        if state.phase != Phase.CHALLENGE:
            return JudgeView(top_line(state, self.table.info), "", (), "", (), "")
        me, them = names[self.challenger], names[1 - self.challenger]
        keyboard = self._keyboard()
        between = "NEXT WORD between words, DEL to fix" if keyboard else \
            "space or Enter between words, Backspace to fix"
        lines = [f"{me}: type the words  ({between})"]
        if self.sent:
            lines = [self.table.station_line or "at the judge station: waiting"]
            if self.table.station_gave_up:
                lines.append(f"{names[state.verdict_player]}: press your button to send it again")
        elif self.table.judge_at_station:
            who = names[state.verdict_player]
            lines.append(f"{who}: check the words, then press your button: they go to the judge station")
        elif state.verdict_player != self.challenger:
            lines.append(f"{them}: check the words, then press your button for the verdict")
        else:
            lines.append(f"{them}: check the words; then {me} presses their button for the verdict")
        if self.withdrawing is not None:
            agreed = ", ".join(names[p] for p in sorted(self.withdrawing)) or "nobody yet"
            keep = "Esc" if self.table.settings.keyboard else KEEP.label
            lines.append(f"WITHDRAW? both players press their buttons (agreed: {agreed})  ·  {keep}: keep it")
        elif self.withdraw_allowed:
            withdraw = "Esc" if self.table.settings.keyboard else WITHDRAW.label
            lines.append(f"{withdraw}: withdraw the challenge (both players must agree)")
        return JudgeView(top=top_line(state, self.table.info),
                         heading=f"CHALLENGE: {me} challenges {them}'s play",
                         words=tuple(self.entry.done), typing=self.entry.current,
                         lines=tuple(lines), error=self.table.message(now_ns), keyboard=keyboard,
                         notice=self.table.told(now_ns))

    def _keyboard(self):
        """The challenger's keys (the letters, DEL, NEXT WORD, and WITHDRAW where the rules
        allow it), unless the table has no on-screen keyboard."""
        if not self.table.settings.keypad:
            return None
        extra = ()
        if self.withdrawing is not None:
            extra = (KEEP,)
        elif self.withdraw_allowed:
            extra = (WITHDRAW,)
        return self.entry.keyboard(seat=self.challenger, extra=extra)

    def draw(self, surface, view: JudgeView) -> None:
        draw_judge(surface, view)

    def draw_upright(self, surface, view: JudgeView, facing: int) -> None:
        draw_judge(surface, view, facing)
