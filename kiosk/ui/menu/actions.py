"""What the director's menu offers, as data: each action, what it asks, the core command it
makes, and how what the core would record reads for the director before they confirm it.
Pure (no pygame); the screen is kiosk.ui.menu.screen.

The core judges every command: the screen asks it (kiosk.ui.widgets.base.preview, recording nothing)
for the events a command would make now, or the core's reason for refusing it, and ``describe``
puts those events in the director's words.
"""
from __future__ import annotations

from dataclasses import dataclass

from common.game import clock as clk
from common.game import commands as cmd
from common.game import events as ev
from common.game.result import compute
from common.game.state import GameState, replay
from common.game.vocabulary import IN_PLAY, EndReason, Phase
from kiosk.ui.widgets.keys import BACK, DIGIT_KEYS, ENTER, Key, Keyboard, digits, digits_only
from kiosk.ui.widgets.words import mmss, remaining

#: Which player a digit names; "3" names both where both may be meant (a late start).
PLAYER_DIGITS = {"1": (0,), "2": (1,)}
BOTH_DIGITS = {**PLAYER_DIGITS, "3": (0, 1)}
REASONS = {"1": "director", "2": "late"}
REASON_TEXT = {"director": "the director's decision", "late": "late arrival"}
#: Whose time to adjust: one player's, or "3" both: a clock brought in (ASPA 2.2).
TIME_DIGITS = {**PLAYER_DIGITS, "3": (0, 1)}
VERDICTS = {"1": True, "2": False}
MAX_SECONDS = 99 * 60 + 59


@dataclass(frozen=True)
class Action:
    digit: str
    label: str
    asks: tuple[str, ...] = ()      # absent, player, whose_time, seconds, reason, taker, verdict
    short: str = ""                 # the label on its key of the on-screen keyboard


ACTIONS = (
    Action("1", "late start: call the start with a player absent", ("absent",), "late start"),
    Action("2", "a late player arrives", ("player",), "late arrival"),
    Action("3", "adjust a player's time", ("whose_time", "seconds"), "adjust a time"),
    Action("4", "forfeit a player", ("player", "reason"), "forfeit"),
    Action("5", "end the game now (round over)", short="end the game"),
    Action("6", "tiles found (during play, or after the end: who takes them)", ("taker",),
           "tiles found"),
    Action("7", "correct a score (the director's decision)", short="correct a score"),
    Action("8", "hardware self-test: buttons, player displays, LEDs", short="self-test"),
    Action("9", "VOID the game: set it aside, no result", short="VOID the game"),
    Action("0", "recheck the last verdict (the adjudicator's or the referee's)",
           ("player", "verdict"), "recheck"),
)
ENROLL = "E"
#: E hands over to the table's ENROLL screen (the screen machine's), not an action of the game.
ENROLL_AGAIN = Action(ENROLL, "enroll this table again (a new tournament key, another director)",
                      short="enroll again")
END = "5"
#: Once the game is over (nothing to end), 5 locks a result nobody at the table can confirm: a
#: no-show's when neither came, or a player gone (the menu's keys stay as they are).
LOCK_RESULT = Action(END, "lock the result, for whoever cannot confirm it (nobody came, a player left)",
                     short="lock result")
CORRECT = "7"
SELFTEST = "8"


def offered(state: GameState) -> tuple[Action, ...]:
    """The menu's actions in ``state``: 5 ends the game while it is played, and once it is over
    (and not locked) locks its result."""
    if state.phase == Phase.ENDED:
        return tuple(LOCK_RESULT if action.digit == END else action for action in ACTIONS)
    return ACTIONS


def questions(action: Action, state: GameState, answers: dict) -> tuple[str, ...]:
    """What ``action`` asks now, in order: a clock brought in needs no seconds; tiles found
    during play or after a zero-score run go back without anyone taking them."""
    if action.digit == "3" and answers.get("whose_time") == (0, 1):
        return ("whose_time",)
    if action.digit == "6" and (state.phase in IN_PLAY or state.end != EndReason.OUT):
        return ()
    return action.asks


def command(action: Action, answers: dict, state: GameState):
    """The core command for ``action`` with the director's ``answers`` in the game ``state``: a
    late start once the round's start was called (the director's page) declares the player
    absent since that call."""
    if action.digit == "1":
        if state.start_called_ns is not None:
            return cmd.DeclareAbsent(answers["absent"])
        return cmd.CallStart(absent=answers["absent"])
    if action.digit == "2":
        return cmd.Arrive(answers["player"][0])
    if action.digit == "3" and answers["whose_time"] == (0, 1):
        return cmd.ClockIn()        # ASPA 2.2: the time left divided equally
    if action.digit == "3":         # + seconds: that much more time left on the clock
        return cmd.AdjustTime(answers["whose_time"][0], answers["seconds"] * 1000)
    if action.digit == "4":
        return cmd.Forfeit(answers["player"][0], answers["reason"])
    if action == LOCK_RESULT:
        return cmd.Lock()
    if action.digit == END:
        return cmd.End()
    if action.digit == "6":
        return cmd.Reopen(player=answers["taker"][0] if "taker" in answers else None)
    if action.digit == "9":
        return cmd.Void()
    if action.digit == "0":
        return cmd.Recheck(answers["player"][0], answers["verdict"])
    raise ValueError(f"action {action.digit} makes no command of its own")


def after_void(new_game_after_s: int, linked: bool) -> str:
    """What the table does after a void, as it will happen: a new game after
    ``kiosk.new_game_after_s`` if set; else the void stays on screen until the director pairs the
    table anew (with a director link) or the kiosk restarts, either of which opens a new game."""
    if new_game_after_s:
        return (f"a new game with the same players opens on the setup screen "
                f"{mmss(new_game_after_s * clk.NS_PER_S)} after")
    if linked:
        return "GAME VOID stays on screen until the director pairs this table anew or the kiosk restarts"
    return "GAME VOID stays on screen until the kiosk restarts, which opens a new game"


def describe(state: GameState, command, events: list[ev.Event], t_ns: int, *,
             after_void: str = after_void(0, False)) -> tuple[str, ...]:
    """What recording ``events`` (the core's answer to ``command``) does, in the director's
    words; ``after_void`` is what follows a void at this table (``after_void(...)``)."""
    names = state.players
    at = max(t_ns, state.last_ns or t_ns)
    if isinstance(command, cmd.CallStart):
        who = " and ".join(names[p] for p in command.absent)
        return (f"call the start now: {who} absent", _late_rules(state))
    if isinstance(command, cmd.DeclareAbsent):
        who = " and ".join(names[p] for p in command.absent)
        since = mmss(at - state.start_called_ns)
        return (f"{who} absent since the round's start ({since} ago)", _late_rules(state))
    if isinstance(command, cmd.Arrive):
        arrived = next(e for e in events if isinstance(e, ev.Arrived))
        late = arrived.at_ns - state.start_called_ns
        after = clk.display(clk.remaining(replay(state, events).clock, arrived.player, at))
        costs = []
        if arrived.charged_ns:
            costs.append(f"{mmss(arrived.charged_ns)} off their clock ({after} left)")
        if arrived.penalty:
            costs.append(f"-{arrived.penalty} points")
        return (f"{names[arrived.player]} arrives {mmss(late)} late",
                ", ".join(costs) or "nothing is charged for it")
    if isinstance(command, cmd.AdjustTime):
        p, delta = command.player, command.delta_ms // 1000
        before = clk.display(remaining(state, p, at))
        after = clk.display(remaining(state, p, at) + delta * clk.NS_PER_S)
        return (f"{names[p]}'s clock: {before} becomes {after}",
                f"{'+' if delta > 0 else '-'}{mmss(delta * clk.NS_PER_S)} on the clock")
    if isinstance(command, cmd.Forfeit):
        final = compute(replay(state, events), at).final
        return (f"{names[command.player]} forfeits ({REASON_TEXT[command.reason]}): the game ends now",
                f"result: {names[0]} {final[0]}, {names[1]} {final[1]}")
    if isinstance(command, cmd.End):
        return ("end the game now (ended by the director)",
                "then the tiles left on the racks, and the players confirm the result")
    if isinstance(command, cmd.Void):
        return ("VOID the game: it is set aside and has no result",
                "journaled; nothing is sent to the director's results", after_void)
    if isinstance(command, cmd.Reopen):
        return _found(state, events)
    if isinstance(command, cmd.ClockIn):
        after = replay(state, events)
        return ("a clock brought in: the time left is divided equally",
                f"each clock shows {clk.display(remaining(after, 0, at))}")
    if isinstance(command, cmd.Lock):
        final = compute(state, at).final
        return ("lock the result now, on the director's authority: it goes to the director",
                f"result: {names[0]} {final[0]}, {names[1]} {final[1]}")
    if isinstance(command, cmd.Recheck):
        verdict = "ACCEPTABLE" if command.valid else "NOT ACCEPTABLE"
        outcome = "the play stands" if command.valid else "the play comes off the board"
        final = compute(replay(state, events), at).final
        return (f"{names[command.player]} asked for a recheck: the verdict is {verdict}",
                f"{outcome}  ·  {names[0]} {final[0]}, {names[1]} {final[1]}")
    return (type(command).__name__,)


def _found(state: GameState, events: list[ev.Event]) -> tuple[str, ...]:
    """Tiles found, as recording them would leave the game."""
    found = next(e for e in events if isinstance(e, ev.TilesFound) or isinstance(e, ev.GameReopened))
    if isinstance(found, ev.TilesFound) and found.to < 0:
        return ("tiles found during play: back into the bag",
                "play goes on (the bag's count already counted them)")
    taker = "" if isinstance(found, ev.GameReopened) else f"{state.players[found.to]} takes them"
    if any(isinstance(e, ev.GameReopened) for e in events):
        return (f"tiles found after the end{': ' + taker if taker else ''}",
                "both players have tiles: play resumes with the clock stopped; the moves stay")
    return (f"tiles found after the end: {taker}",
            f"only {state.players[found.to]} has tiles: the game stays over; enter the tiles "
            f"left on {state.players[found.to]}'s rack again")


def _late_rules(state: GameState) -> str:
    """The preset's late-arrival rules in a line."""
    rules, parts = state.rules.late, []
    if rules.charge_clock:
        limit = f" (at most {mmss(rules.charge_limit_s * clk.NS_PER_S)})" if rules.charge_limit_s else ""
        parts.append(f"the lateness comes off their clock{limit}")
    if rules.penalty_points:
        counted = "completed" if rules.penalty_counts == "completed" else "started"
        parts.append(f"-{rules.penalty_points} points per {counted} "
                     f"{mmss(rules.penalty_interval_s * clk.NS_PER_S)}")
    if rules.forfeit_after_s:
        parts.append(f"forfeit after {mmss(rules.forfeit_after_s * clk.NS_PER_S)}")
    return "; ".join(parts) or "these rules charge nothing for lateness"


class SecondsEntry:
    """A signed time typed by the director: ``+30``, ``-90``, ``+1:30`` (minutes:seconds).
    ``+`` gives the player more time on their clock, ``-`` takes it off."""

    def __init__(self):
        self.text = ""

    def key(self, key: str) -> bool:
        if key == "Backspace":
            changed, self.text = bool(self.text), self.text[:-1]
            return changed
        if key == "Escape":
            changed, self.text = bool(self.text), ""
            return changed
        if key in "+-" and len(key) == 1:
            self.text = key + self.text.lstrip("+-")
            return True
        if (len(key) == 1 and (key in DIGIT_KEYS or (key == ":" and ":" not in self.text))
                and len(self.text) < 8):
            self.text += key
            return True
        return False

    def keyboard(self) -> Keyboard:
        """The digits, + and - (more or less time), : (minutes:seconds) and DEL; ENTER, BACK."""
        return digits(Key("+", "+"), Key("-", "-"), Key(":", ":"), actions=(ENTER, BACK))

    def seconds(self) -> int:
        """The signed number of seconds typed, or ValueError saying what is wrong."""
        text = self.text
        if not text or text[0] not in "+-":
            raise ValueError("type + (more time) or - (less time), then the seconds")
        sign, body = (1 if text[0] == "+" else -1), text[1:]
        minutes, _, seconds = body.rpartition(":")
        well_formed = digits_only(seconds) and (not minutes or digits_only(minutes))
        if not well_formed or (":" in body and len(seconds) != 2):
            raise ValueError("type seconds (+30) or minutes:seconds (+1:30)")
        total = int(minutes or 0) * 60 + int(seconds)
        if total == 0 or total > MAX_SECONDS:
            raise ValueError(f"a time from 1 second to {mmss(MAX_SECONDS * clk.NS_PER_S)}")
        return sign * total
