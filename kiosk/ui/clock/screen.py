"""The clock screen: the table's screen from the first press to the confirmed result.

Buttons (each press carries its own time; the core judges every command):
- clock running: the mover's button ends the turn (``Press``); the centre button stops the
  clock at once (``Neutral``, journaled at that press: a power cut cannot lose it) and asks what
  it is for: centre again = challenge the last play (``Challenge``), the mover's own button =
  going out (``Out``: the core accepts a play-out from the player who stopped the clock), the
  other button = just a stop, and then why: a digit picks one of the preset's reasons
  (``clock.neutral_reasons``, recorded as ``Neutral(reason)``), Enter or a button none. No
  answer within the timeout leaves a stop without a reason.
- clock stopped: a player's button restarts it (``Resume``); centre challenges the last play.
- after a play-out: the opponent's button accepts it, centre challenges it, and the player
  who went out may restart the opponent's clock once the accept window has passed.
- a play sent back for its blank (NZASP 6.2.2, DECLARE? or F2 on the opponent's half at once
  after the press: ``SendBack``): the mover types the blank's letter on their half and presses
  their button or Enter (``Declare``); the opponent's clock runs again; a score typed before
  waits to be recorded. No blank: NO BLANK or TAKE BACK undoes it (``NoBlank``). FALSE ? (F3,
  school 7) on the half of the team who may call it asks; the other team's button agrees and its
  last play comes off (``FalseBlank``). Both: kiosk.ui.clock.incidents.
- game over: each player confirms the result with their own button (``Confirm``).
- after the director's start call with a player absent (phase ``waiting``): the absent
  player's half says ABSENT and their clock counts their lateness; a late player presses their
  own button on arriving (``Arrive``). Once all are here, the player going second presses to
  start (``Start``), as on the setup screen, with both clocks showing what lateness cost.

A centre press that does not stop a running clock is held back until the button comes up when
the button reports its release (GPIO): a short press then does what it does, a long press
opens the director's menu instead (kiosk.ui.machine) and does nothing here. Stopping a running
clock never waits. With spoken times on (``ui.speak_hold_s``, kiosk.ui.clock.speak_press) a player's
own button is held back the same way: a short press acts at the moment it went down, a long one
says both times and is no clock press.

Keyboard: the player whose turn waits to be entered types it on their half (digits for the
score, letters for blanks, each alone or after ?, Tab for exchange / pass, Enter to record); at
the end the tiles left on a rack are typed as letters, ? for a blank. The same keys show on
their half below their clock (the editor's ``keyboard``, kiosk.ui.widgets.keys), unless
``display.keypad`` is off; a USB keyboard works beside them. F4 (``Hold``) calls a hold. F5
(``Speak``) shows both times large, and says them aloud where a speech program is: while they
fill the screen, a tap, any button (the mover's too) or a key only goes back to the clock,
nothing else (no turn ends, nothing is journaled: one press, one meaning). F9
(``Correct``) opens the score correction (kiosk.ui.clock.correct) while the clock is neutral or
after the game. Each has its touch control (HOLD, TIMES, FIX SCORE) on the half of a player who
may use it, when it can be used, and a plain stop's reasons show as keys
(kiosk.ui.clock.controls). Typing never opens the judge: only a challenge does.
"""
from __future__ import annotations

from table_input import PLAYERS, ButtonPressed, ButtonReleased, KeyTyped, Side
from common.game import commands as cmd
from common.game.challenges import hold_status
from common.game.frozen import value
from common.game.result import racks_needed
from common.game.state import GameState
from common.game.vocabulary import OVER, Phase, TurnKind
from kiosk.ui.clock import controls as clock_keys, paint as clockdraw, view as clockview, speech
from kiosk.ui.clock.incidents import Incidents
from kiosk.ui.clock.speak_press import SpeakPress
from kiosk.ui.end import summary
from kiosk.ui.widgets.base import NS, Screen
from kiosk.ui.widgets.entry import BlankEntry, EntryError, RackEntry, TurnEntry
from kiosk.ui.widgets.keys import DIGIT_KEYS, key_word
from kiosk.ui.widgets.words import NEUTRAL_REASONS, awaited, mmss, top_line

@value
class CentreChoice:
    t_ns: int               # the centre press, when the clock stopped
    player: int             # whose clock was running
    can_challenge: bool     # the last play is the opponent's and may be challenged


@value
class ReasonChoice:
    """A plain stop waiting for its reason (the clock stopped at the centre press)."""
    t_ns: int               # the centre press
    asked_ns: int           # when the players were asked why (the timeout runs from here)
    reasons: tuple[str, ...]


def stop_reasons(state: GameState) -> tuple[str, ...]:
    """The preset's reasons a plain stop may give (a challenge has its own way: centre again)."""
    return tuple(r for r in state.rules.clock.neutral_reasons if r != "challenge")[:9]


def entry_target(state: GameState):
    """What the keyboard enters now: a blank's letter for a play sent back, the oldest turn
    still to enter, then missing racks."""
    if state.sent_back is not None:
        return ("blank", state.sent_back, state.turns[state.sent_back].player)
    for index, turn in enumerate(state.turns):
        if turn.kind == TurnKind.PENDING:
            return ("turn", index, turn.player)
    if state.phase == Phase.ENDED:
        for player in racks_needed(state):
            if state.racks[player] is None:
                return ("rack", player, player)
    return None


def hold_text(state: GameState, at: int) -> str:
    """The bottom line during a hold, as the core's hold timers say (``hold_status``): how long
    it has been held, when the player whose play is held may draw (named), when it lapses, or
    that it lapsed."""
    held, rules = hold_status(state, at), state.rules.hold
    text = f"HOLD {mmss(held.held_s * NS)}"
    if held.lapsed:
        return f"{text}  ·  lapsed: the play stands"
    if rules.draw_after_s > 0:          # who draws: the player whose play is held
        drawer = state.players[state.turns[state.hold.turn].player]
        text += (f"  ·  {drawer} may draw now" if held.may_draw else
                 f"  ·  {drawer} may draw in {mmss((rules.draw_after_s - held.held_s) * NS)}")
    if rules.lapse_s:
        text += f"  ·  lapses in {mmss((rules.lapse_s - held.held_s) * NS)}"
    return text


class ClockScreen(Screen):
    def __init__(self, table):
        super().__init__(table)
        self.choice: CentreChoice | None = None
        self.why: ReasonChoice | None = None
        self._target = None
        self._editor = None
        self._parked = None                         # (target, editor): a turn's, while sent back
        self.incidents = Incidents(table)           # NZASP 6.2.2's send-back, school 7's false blank
        self._handover: Screen | None = None
        self._notice: tuple[str, int] | None = None
        self.speaker = speech.Speaker()
        self.big_until: int | None = None         # the times fill the screen until then
        self._held: ButtonPressed | None = None   # a centre press waiting for its release
        self.speak_press = SpeakPress(round(table.settings.speak_hold_s * NS))
        self._entry_error: tuple[str, object] | None = None     # said, for what was being typed

    def notify(self, text: str, t_ns: int) -> None:
        """A short note for the bottom line (a correction done, ...)."""
        self._notice = (text, t_ns)

    def next(self):
        handover, self._handover = self._handover, None
        return handover

    # --- inputs -----------------------------------------------------------------------------

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        if self.big_until is not None:              # the large times show: the press only leaves them
            self.big_until = None
            return
        if self.speak_press.takes(item):
            return                                  # a player's press: short, or times spoken?
        if item.side == Side.CENTRE and item.releases and not self._stops_the_clock():
            self._held = item                       # short or long? the release will tell
        else:
            self._button(item.side, item.t_ns)

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        if self.big_until is not None and item.key != "Speak":
            self.big_until = None                   # the large times show: the key only leaves them
            return
        self._key(item.key, item.t_ns, item.t_ns)

    def released(self, item: ButtonReleased, now_ns: int) -> None:
        """A button came up (and it was not a long press, which the machine takes)."""
        if item.side != Side.CENTRE:
            press, speak = self.speak_press.released(item)
            if speak:
                self._speak(item.t_ns, item.t_ns)
            elif press is not None:
                self._button(press.side, press.t_ns)    # a short press, at its own time
            return
        held, self._held = self._held, None
        if held is not None and item.side == Side.CENTRE:
            self._button(Side.CENTRE, held.t_ns)       # at the press's own time

    def _stops_the_clock(self) -> bool:
        state = self.table.state
        return (state.phase == Phase.PLAYING and state.clock.running is not None
                and not (self.choice or self.why))

    def _unsay_entry_error(self, t: int, changed: bool = False) -> None:
        """Take an entry's error off the bottom line once the entry it was about is done or
        another comes (``changed``: what is typed changed), so no stale error stays under a new
        prompt; any other message stays."""
        said = self._entry_error
        if said is None or not (changed or entry_target(self.table.state) != said[1]):
            return
        self._entry_error = None
        if self.table.message(t) == said[0]:
            self.table.say("", t)

    def update(self, now_ns: int) -> None:
        if self.big_until is not None and now_ns >= self.big_until:
            self.big_until = None                   # the large times' while is over: the clock again
        self._unsay_entry_error(now_ns)
        if self.speak_press.due(now_ns):
            self._speak(now_ns, now_ns)
        timeout = round(self.table.settings.choice_timeout_s * NS)
        if self.choice and now_ns - self.choice.t_ns >= timeout:
            self.choice = None                      # a stop for no stated reason
        if self.why and now_ns - self.why.asked_ns >= timeout:
            self.why = None

    def _button(self, side: str, t: int) -> None:
        state, submit = self.table.state, self.table.submit
        player = PLAYERS.get(side)
        if self.why:
            self.why = None                         # a button: no reason given
            return
        if self.choice:
            return self._choose(player, t)
        if state.phase in (Phase.WAITING, Phase.SETUP):
            return self._before_the_game(player, t)
        if self.incidents.pressed(player, t):
            return                                  # the team called agrees: the play comes off
        if state.phase == Phase.PLAYING:
            if state.clock.running is not None:
                if player is None:
                    mover = state.clock.running
                    if submit(cmd.Neutral(), t):
                        self.choice = CentreChoice(t, mover, state.challenger == mover)
                elif state.sent_back is not None and player == state.clock.running:
                    self._enter(player, t)          # the blank declared: the opponent's clock
                else:
                    submit(cmd.Press(player), t)
            elif player is None:
                who = state.challenger
                if who is None:
                    self.table.say("there is no play to challenge", t)
                else:
                    submit(cmd.Challenge(who), t)
            else:
                submit(cmd.Resume(player), t)
        elif state.phase == Phase.OUT:
            went_out = state.turns[-1].player
            if state.sent_back is not None and player == went_out:
                self._enter(player, t)              # the blank declared: the play-out waits again
            elif player is None:
                submit(cmd.Challenge(1 - went_out), t)
            elif player == went_out:
                submit(cmd.Resume(player), t)
            else:
                submit(cmd.Accept(player), t)
        elif state.phase == Phase.ENDED:
            if player is None:
                self.table.say("each player confirms the result with their own button", t)
            else:
                submit(cmd.Confirm(player), t)
        elif state.phase == Phase.CONFIRMED:
            self.table.say("the result is confirmed and locked", t)
        elif state.phase == Phase.VOID:
            self.table.say("the director voided this game", t)

    def _before_the_game(self, player: int | None, t: int) -> None:
        """After a late start call: arrivals, then the start."""
        waiting = self.table.state.phase == Phase.WAITING
        if player is None:
            self.table.say("a late player presses their own button on arriving" if waiting else
                           "the player going second presses their own button to start", t)
        elif waiting:
            self.table.submit(cmd.Arrive(player), t)
        else:
            self.table.submit(cmd.Start(first=1 - player), t)

    def _choose(self, player: int | None, t: int) -> None:
        choice, self.choice = self.choice, None
        if player is None and choice.can_challenge:
            self.table.submit(cmd.Challenge(choice.player), t)
        elif player == choice.player:
            self.table.submit(cmd.Out(choice.player), t)
        else:                                       # just a stop: why?
            self.why = ReasonChoice(choice.t_ns, max(t, choice.t_ns), stop_reasons(self.table.state))

    def _why_key(self, key: str, t: int) -> None:
        if key in ("Enter", "Escape"):
            self.why = None
        elif key in DIGIT_KEYS and 1 <= int(key) <= len(self.why.reasons):
            reason, self.why = self.why.reasons[int(key) - 1], None
            self.table.submit(cmd.Neutral(reason), t)

    def _key(self, key: str, t: int, typed_ns: int) -> None:
        state = self.table.state
        if key == "Speak":
            return self._speak(t, typed_ns, shown=True)
        if self.why:
            return self._why_key(key, t)
        if key == "Correct":
            return self._correct(typed_ns)
        if key == "Hold":
            holder = state.clock.running if state.clock.running is not None else state.to_move
            self.table.submit(cmd.Hold(holder), t)
            return
        if key in clock_keys.ABSENT_KEYS:
            self.table.submit(cmd.DeclareAbsent((clock_keys.ABSENT_KEYS[key],)), t)
            return
        if key in ("SendBack", "NoBlank", "FalseBlank"):
            return self.incidents.key(key, t)
        focus = self.focus()
        if focus is None:
            return                      # nothing to type now: keys do nothing (no lookups)
        player, editor = focus
        if key != "Enter":
            if editor.key(key):
                self._unsay_entry_error(t, changed=True)
            return
        self._enter(player, t)

    def _enter(self, player: int, t: int) -> None:
        """What the player's editor holds, to the core (Enter, or the mover's button)."""
        focus = self.focus()
        if focus is None or focus[0] != player:
            return
        try:
            command = focus[1].command(player)
        except EntryError as exc:
            self.table.say(str(exc), t)
            self._entry_error = (str(exc), entry_target(self.table.state))
            return
        if self.table.submit(command, t):
            self._target = None

    def _speak(self, at: int, typed_ns: int, shown: bool = False) -> None:
        """Both times aloud where a speech program is installed, and large for a while where it
        is not or where they were asked for on the screen (``shown``: TIMES or F5; a table with
        no speaker, or a silent hall, still gets an answer it can see). A player's held button
        (spoken times, ABSP Appendix 1) shows them large only without speech: their next press
        ends their turn as usual."""
        spoken = self.speaker.speak(speech.spoken_times(self.table.state, at))
        self.big_until = typed_ns + round(self.table.settings.big_times_s * NS) if shown or not spoken else None

    def _correct(self, t: int) -> None:
        refused = clock_keys.correction_refusal(self.table.state, self.choice is not None)
        if refused:
            self.table.say(refused, t)
        else:
            from kiosk.ui.clock.correct import CorrectionScreen     # loads when first asked for
            self._handover = CorrectionScreen(self.table, self, t)

    def focus(self):
        """(player, editor) for what the keyboard enters now, or None. A turn's entry is kept
        while its play is sent back for its blank, and comes back with the blank declared."""
        target = entry_target(self.table.state)
        if target != self._target:
            previous, self._target = (self._target, self._editor), target
            if target is not None and target[0] == "blank":
                self._parked = previous if previous[0] == ("turn", *target[1:]) else None
                self._editor = BlankEntry()
            elif self._parked is not None and self._parked[0] == target:
                self._editor, self._parked = self._parked[1], None
                self._editor.declared(self.table.state.turns[target[1]].blanks)
            else:
                self._parked, self._editor = None, self._new_editor(target)
        return None if target is None else (target[2], self._editor)

    def _new_editor(self, target):
        if target is None:
            return None
        if target[0] == "rack":
            return RackEntry()
        turn = self.table.state.turns[target[1]]
        editor = TurnEntry(play_only=turn.out or turn.challenged, bonus=self.table.state.rules.result.bonus_words)
        editor.declared(turn.blanks)                # a blank declared after a send-back shows
        return editor

    # --- the view ---------------------------------------------------------------------------

    def view(self, now_ns: int):
        state, info = self.table.state, self.table.info
        at = now_ns
        if self.big_until is not None:      # until a press, a tap or its while is over (update)
            return speech.big_times(state, at, top_line(state, info), speech.BACK)
        entries, notes, keyboard = ["", ""], ["", ""], None
        if state.phase in OVER:
            notes = summary.confirm_notes(state, at, entry_target(state))
        focus = self.focus()
        keypad = self.table.settings.keypad
        if focus:
            player, editor = focus
            entries[player] = editor.text()
            if self._parked is not None and self._parked[1].typed():     # the score waits meanwhile
                entries[player] = f"{self._parked[1].text()}  ·  {entries[player]}"
            notes[player] = self._note(editor)
            if keypad and not self.why:
                keyboard = editor.keyboard(seat=player)
        controls, shared = (None, None), None
        if keypad and self.why:
            shared = clock_keys.reasons(self.why.reasons)
        elif keypad:
            controls = clock_keys.controls(state, at, typing=None if keyboard is None else keyboard.seat,
                                           busy=self.choice is not None, calling=self.incidents.calling(at))
        dimmed = self.choice is not None or self.why is not None or state.clock.running is None
        banner, said = self._banner(state, at)
        return clockview.build(state, at, info, banner=banner, said=said,
                               bottom=self._bottom(state, at, now_ns), error=self.table.message(now_ns),
                               entries=tuple(entries), notes=tuple(notes), dimmed=dimmed, keyboard=keyboard,
                               controls=controls, shared=shared, target=entry_target(state))

    def _note(self, editor) -> str:
        """The typing player's hint: the keys of the keyboard at the table (a USB keyboard's,
        or the on-screen keys' names)."""
        keyboard = self.table.settings.keyboard
        enter = key_word("Enter", keyboard)
        if isinstance(editor, RackEntry):
            return f"letters, ? for a blank  ·  {enter}"
        if isinstance(editor, BlankEntry):
            return f"the blank's letter  ·  {enter}  ·  none? {'F2' if keyboard else 'NO BLANK'}"
        if editor.play_only:
            return f"the play's score, then {enter}"
        return f"{enter} records  ·  {key_word('Tab', keyboard)}: play / exchange / pass" if keyboard else \
            f"{enter} records  ·  {key_word('Tab', keyboard)} for an exchange or a pass"

    def draw(self, surface, view) -> None:
        if isinstance(view, speech.BigTimesView):
            speech.draw_big_times(surface, view)
        else:
            clockdraw.draw(surface, view)

    def draw_changes(self, surface, view, previous):
        """Paint ``view`` over ``previous`` (on the surface now): the rectangles that changed,
        or None if all of it was painted."""
        if isinstance(view, speech.BigTimesView) or isinstance(previous, speech.BigTimesView):
            self.draw(surface, view)
            return None
        return clockdraw.draw_changes(surface, view, previous)

    def _banner(self, state: GameState, at: int) -> tuple[tuple[str, ...], tuple[str, str]]:
        """The banner: its headline and lines for both players, and a sentence for each player
        under their own half (kiosk.ui.clock.banner), each a sentence read at a glance."""
        names, said = state.players, ["", ""]
        keyboard = self.table.settings.keyboard
        enter = key_word("Enter", keyboard)
        if state.phase == Phase.WAITING:
            late = [p for p in (0, 1) if awaited(state, p)]
            for p in late:
                said[p] = "On arriving, press your button. Your clock counts the lateness."
            who = names[late[0]].upper() if len(late) == 1 else "BOTH PLAYERS"
            return (f"WAITING FOR {who}",), tuple(said)
        if state.phase == Phase.SETUP and state.start_called_ns is not None and not state.absent:
            missing = ("Opponent not here? Tap OPPONENT ABSENT." if self.table.settings.keypad
                       else "Opponent not here? Call the director.")
            return ("ROUND STARTED", "The player going second presses their button to start.", missing), ("", "")
        if state.phase == Phase.SETUP:
            return ("READY TO START", "The player going second presses their button to start "
                                      "the first player's clock."), ("", "")
        if self.why:
            if self.table.settings.keypad:          # the reasons are keys below
                typed = "Tap the reason."
                none = (f"No reason: {enter} or a button." if keyboard
                        else "No reason? Tap NO REASON or press a button.")
                return ("CLOCK STOPPED: why?", typed, none), ("", "")
            return ("CLOCK STOPPED: why? type its number", "The reasons are on the bottom line.",
                    f"No reason: {enter} or a button."), ("", "")
        if self.choice:
            me, other = self.choice.player, 1 - self.choice.player
            said[me] = "Went out? Press your button."
            if self.choice.can_challenge:
                said[me] += f"\nChallenge {names[other]}'s play? Press centre."
            else:
                said[me] += "\nJust a stop? Press centre."
            said[other] = "Just a stop? Press your button."
            return ("CLOCK STOPPED: what for?",), tuple(said)
        incident = self.incidents.banner(state, at)
        if incident is not None:
            return incident
        if state.phase == Phase.PLAYING and state.clock.running is None:
            reason = NEUTRAL_REASONS.get(state.neutral_reason, state.neutral_reason)
            mover = names[state.to_move]
            lines = (f"CLOCK STOPPED: {reason}" if state.neutral_reason != "unspecified" else "CLOCK STOPPED",)
            if state.rules.clock.resume_by == "waiting":
                said[1 - state.to_move] = f"Press your button to restart {mover}'s clock."
            else:
                lines += (f"Either player presses their button to restart {mover}'s clock.",)
            who = state.challenger
            if who is not None:
                said[who] = f"{said[who]}\nChallenge {names[1 - who]}'s play? Press centre.".strip()
            return lines, tuple(said)
        if state.phase in (Phase.OUT, *OVER, Phase.VOID):
            return summary.banner(state, entry_target(state)), ("", "")
        return (), ("", "")

    def _bottom(self, state: GameState, at: int, now_ns: int) -> str:
        text = ""
        notice = self._notice
        if notice and now_ns - notice[1] < self.table.settings.message_s * NS:
            text = notice[0]
        if self.why and not self.table.settings.keypad:     # no keys: the reasons by number
            return "  ·  ".join(f"{i} {reason}" for i, reason in enumerate(self.why.reasons, 1))
        incident = self.incidents.bottom(state, at)
        if incident and not (self.choice or self.why):
            text = incident
        elif state.hold is not None and state.phase == Phase.PLAYING:
            text = hold_text(state, at)
        elif state.phase == Phase.PLAYING and state.clock.running is not None and not (self.choice or self.why):
            mover = state.players[state.clock.running]
            text = f"{mover}: your button ends your turn  ·  centre: challenge, out or stop"
        elif (not text and not (self.choice or self.why) and not self.table.settings.keypad
              and state.phase in (Phase.PLAYING, Phase.OUT, Phase.ENDED)):
            text = "F9: correct a score  ·  F5: both times"     # the touch controls say it otherwise
        return text
