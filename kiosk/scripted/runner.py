"""A table driven by replay scripts: ``python -m kiosk run --headless --script GAME.jsonl``.

``ScriptRunner(kiosk, plans, ...)`` runs the real kiosk (kiosk.app.Kiosk: its screens, journal,
outbox and director link) and, between the passes of its loop, plays each script's lines as
the table's players and director would: presses of its buttons and taps where its screen shows
the keys (kiosk.scripted.hands, kiosk.ui.touch.where), each stamped with the line's instant.
A line is done when the table's game stands where the core has it after the line
(kiosk.scripted.plan.position); then the next line is played once its instant has come.

The script's zero: the director's start of the round when the script begins with it
(``{"cmd": "call", "absent": []}``: both players present, common.game.late) on a linked table;
else the moment the script begins. Scripts play one after the other, each on its own game: a linked table waits
for the director's assignment to bring the game the script's header names (round, players);
an unlinked one sets it up itself.

A restarted table (a power cut) continues: how far it had got is kept beside the store
(``STORE.script``: the script, the lines done, the zero), checked against the journal, and the
script's times go on from the instant the journal last knew, so the time the table was off is
charged to no one and the game keeps the script's times. A line the table cannot do stops the
run with ``FILE:LINE: why`` (exit status 2): a line the core refuses with the core's reason, as
the replay gives it.
"""
from __future__ import annotations

import collections
import dataclasses
import json
import os
import time
from pathlib import Path
from typing import Callable

from table_input import ButtonPressed, ButtonReleased, Tapped
from common.game import events as ev
from common.game.judge import adjudicate
from common.game.vocabulary import Phase
from kiosk.scripted import hands as hand
from kiosk.scripted.plan import Plan, differences, position
from kiosk.ui import touch

NS = 1_000_000_000
STUCK_PASSES = 6            # passes after a line's last input without the line done: not taken


class ScriptFailed(RuntimeError):
    """A line the table did not do: ``FILE:LINE: why``."""


@dataclasses.dataclass
class Progress:
    """How far the scripts got, kept beside the store for a restarted table."""
    plan: int = 0
    done: int = 0
    zero_ns: int | None = None
    recovered_at: int | None = None     # the Recovered event the zero was last set after


class ScriptRunner:
    def __init__(self, kiosk, plans: list[Plan], clock: Callable[[], int], *, speed: float = 1.0,
                 out=print, pin: str = "0000", fps: int = 30, wall: Callable[[], float] = time.time):
        self.kiosk, self.plans, self.clock, self.speed = kiosk, plans, clock, speed
        self.out, self.pin, self.fps, self.wall = out, pin, fps, wall
        config = kiosk.config
        self.linked = bool(config.director_url or config.director_serial)
        self.size = kiosk.loop.surface.get_size()
        self.orientation = config.orientation
        self.progress_path = Path(str(config.store) + ".script")
        self.progress = self._load_progress()
        self.ready = False              # the current plan's game is on the table
        self.pending: collections.deque = collections.deque()
        self.planned = False            # the current line's inputs were planned (and queued)
        self.quiet = 0                  # passes since the line's last input, the line not done
        self.restarted = True           # the first passes after the kiosk started
        self.restoring = None           # the game's position when a stopped clock was restarted
        self.resume_at: int | None = None   # when to restart the clock a restart left neutral
        self.recovery = self._last_recovery()   # the kiosk's start recovered its game

    # --- progress beside the store -------------------------------------------------------------

    def _load_progress(self) -> Progress:
        try:
            data = json.loads(self.progress_path.read_text())
            if data.get("scripts") == [str(p.path) for p in self.plans]:
                return Progress(data["plan"], data["done"], data["zero_ns"], data.get("recovered_at"))
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return Progress()

    def _save_progress(self) -> None:
        data = {"scripts": [str(p.path) for p in self.plans], **dataclasses.asdict(self.progress)}
        temporary = self.progress_path.with_name(self.progress_path.name + ".new")
        temporary.write_text(json.dumps(data))
        os.replace(temporary, self.progress_path)

    # --- the run ----------------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.progress.plan >= len(self.plans)

    def run(self, limit_s: float | None = None) -> None:
        """Play every script (raises ScriptFailed); with a link, then until the director has
        acknowledged the last result."""
        kiosk, loop = self.kiosk, self.kiosk.loop
        deadline = None if limit_s is None else time.monotonic() + limit_s
        loop.step()
        while loop.running:
            if deadline is not None and time.monotonic() >= deadline:
                raise ScriptFailed(f"the scripts did not finish within {limit_s:g} s")
            put = self.act(self.clock())
            loop.pump()
            loop.step()
            self.observe()
            if self.finished and (not self.linked or kiosk.session.result_sent()):
                if self.linked:
                    self.out(f"sent round {kiosk.table.state.round} at wall {self.wall():.6f}")
                return
            loop.wait(0.002 if put or self.pending else self._idle_s())

    def _idle_s(self) -> float:
        """Real seconds to sleep: until the next line's instant, at most a tenth of a second."""
        due = self.due()
        if due is None:
            return 0.1
        return min(0.1, max(0.002, (due - self.clock()) / self.speed / NS))

    def due(self) -> int | None:
        """The instant the next line is due on the table's clock, once the script has its zero."""
        step = self._current()
        if step is None or self.progress.zero_ns is None:
            return None
        return self.progress.zero_ns + step.line.t_ns

    def _current(self):
        if self.finished:
            return None
        plan = self.plans[self.progress.plan]
        if self.progress.done < len(plan.steps):
            return plan.steps[self.progress.done]
        return plan.refused

    # --- after each pass: how far the table got ---------------------------------------------------

    def observe(self) -> None:
        if self.finished or not self.ready:
            return
        plan, state = self.plans[self.progress.plan], self.kiosk.table.state
        advanced = False
        while self.progress.done < len(plan.steps):
            ahead = self._matching(plan, position(state))
            if ahead is None and self.restarted:
                ahead = self._matching(plan, position(state, clock=False), clock=False)
            if ahead is None:
                break
            for step in plan.steps[self.progress.done:ahead + 1]:
                self.out(f"{plan.where(step.line.number)}: {step.name} done")
            self.progress.done, advanced = ahead + 1, True
            if state.phase == Phase.CONFIRMED:
                self.out(f"locked round {state.round} at wall {self.wall():.6f}")
        self.restarted = False
        if advanced:                    # what is left of the line's inputs still goes in (BACK)
            self.planned, self.quiet = False, 0
            self._save_progress()
        if self.progress.done == len(plan.steps) and plan.refused is None:
            self.progress = Progress(self.progress.plan + 1)
            self.ready, self.recovery = False, None
            self._save_progress()
        elif self.planned and not self.pending:
            at_station = self.kiosk.table.judge_at_station and state.phase == Phase.CHALLENGE
            self.quiet = 0 if at_station else self.quiet + 1    # the judge station's verdict: wait
            if self.quiet >= STUCK_PASSES:
                self._stuck(plan, state)

    def _matching(self, plan: Plan, where: tuple, *, clock: bool = True) -> int | None:
        """The step the table's game now stands after: the next one, or the one after it when
        the table asked for two racks in the other order than the script gives them."""
        done = self.progress.done
        ahead = 2 if plan.steps[done].name == "rack" else 1
        for index in range(min(done + ahead, len(plan.steps)) - 1, done - 1, -1):
            step = plan.steps[index]
            if clock and position(step.after) == where:
                return index
            if not clock and position(step.after, clock=False) == where \
                    and position(step.before, clock=False) != where:
                return index
        return None

    def _stuck(self, plan: Plan, state) -> None:
        """The line's inputs are in and the table's game does not stand where the script's
        does after it: the core refused it (the replay's reason), or the table did otherwise."""
        current = self._current()
        number = current.line.number
        if current is plan.refused:
            if position(state) != position(current.before):
                raise ScriptFailed(f"{plan.where(number)}: the table took the line the rules "
                                   f"refuse ({plan.refused.reason})")
            raise ScriptFailed(f"{plan.where(number)}: {plan.refused.reason}")
        said = self.kiosk.table.message(self.clock())
        if position(state) == position(current.before):
            raise ScriptFailed(f"{plan.where(number)}: the table did not do {current.name!r}"
                               + (f": {said}" if said else ""))
        raise ScriptFailed(f"{plan.where(number)}: after {current.name!r} the table's game stands "
                           f"otherwise: {differences(state, current.after)}"
                           + (f" ({said})" if said else ""))

    # --- before each pass: the next inputs --------------------------------------------------------

    def act(self, now: int) -> bool:
        """Put the next group of inputs on the table's queue, if one is due; True if put."""
        if self.finished or not self._set_up():
            return False
        if self.pending:
            return self._put(self.pending.popleft())
        step = self._current()
        plan = self.plans[self.progress.plan]
        if step is None:
            return False
        state = self.kiosk.table.state
        if self.planned:
            return False                # its inputs are in: wait for the table
        if self.progress.zero_ns is None and not self._anchor(plan, step, now):
            return False
        self._after_recovery(plan, now)
        at = self.progress.zero_ns + step.line.t_ns
        if hand.stopped_by_the_table(step.line.data, state, step.before):
            return self._restart_clock(state)
        if now < at or self._verdict_shows():
            return False
        data = self._line_data(plan, step, state)
        if step.name in ("challenge", "rule") and self.kiosk.table.lexicon is not None \
                and not self.kiosk.table.judge_at_station:     # the station judges, not this table
            self._check_verdict(plan, step)
        try:
            groups = hand.inputs(data, state, max(at, state.last_ns or at), before=step.before,
                                 command=step.command, linked=self.linked, pin=self.pin,
                                 long_press_s=self.kiosk.table.settings.long_press_s,
                                 words_typed=self._words_typed())
        except hand.CannotPlay as exc:
            raise ScriptFailed(f"{plan.where(step.line.number)}: {exc}") from None
        if not groups:
            if step is plan.refused:
                raise ScriptFailed(f"{plan.where(step.line.number)}: {plan.refused.reason}")
            return False
        self.pending.extend(groups)
        self.planned, self.quiet = True, 0
        return self._put(self.pending.popleft())

    def _set_up(self) -> bool:
        """The current plan's game on the table: a linked table waits for the director's
        assignment to bring it (its round and players); an unlinked one sets it up."""
        if self.ready:
            return True
        plan, table = self.plans[self.progress.plan], self.kiosk.table
        header, state, session = plan.header, table.state, table.session
        if self.linked:
            if (state.round, tuple(state.players)) != (header.round, tuple(header.players)):
                return False
            if header.rules.to_dict() != state.rules.to_dict():
                raise ScriptFailed(f"{plan.where(1)}: the table plays under the director's rules "
                                   f"({state.rules.name}), not the script's ({header.rules.name})")
        elif (state.round, tuple(state.players), state.starts, state.rules.to_dict()) != \
                (header.round, tuple(header.players), header.starts, header.rules.to_dict()):
            if state.last_ns is not None and state.phase not in (Phase.CONFIRMED, Phase.VOID):
                raise ScriptFailed(f"{plan.where(1)}: the table's game in progress (round "
                                   f"{state.round}, {' v '.join(state.players)}) is not the script's")
            session.change_setup(rules=header.rules, round=header.round,
                                 players=tuple(header.players), starts=header.starts)
            table.restart(session.replace_game().state)
            self.kiosk.loop.step()
        self.ready = True
        self.out(f"{plan.path}: round {header.round}, {header.players[0]} v {header.players[1]}")
        return True

    def _anchor(self, plan: Plan, step, now: int) -> bool:
        """Set the script's zero: the director's start call on a linked table whose script
        begins with it, else now (the line due is due at once)."""
        state = self.kiosk.table.state
        first = plan.steps[0] if plan.steps else None
        if first is not None and first.name == "call" and self.linked and not first.line.data["absent"]:
            if state.start_called_ns is None:
                return False
            self.progress.zero_ns = state.start_called_ns - first.line.t_ns
        else:
            self.progress.zero_ns = now - step.line.t_ns
        recovered = self._last_recovery()
        self.progress.recovered_at = None if recovered is None else recovered.at_ns
        self._save_progress()
        return True

    def _recoveries(self) -> list[ev.Recovered]:
        """The game's recoveries (each start of the kiosk that recovered it), in order."""
        events = self.kiosk.session.journal.replay(self.kiosk.session.game_id).events
        return [event for event in events if isinstance(event, ev.Recovered)]

    def _last_recovery(self) -> ev.Recovered | None:
        """The game's last recovery, if it had one."""
        recoveries = self._recoveries()
        return recoveries[-1] if recoveries else None

    def _after_recovery(self, plan: Plan, now: int) -> None:
        """A table restarted since the zero was set: the script's times go on from the last
        instant the journal knew before the stop (``Recovered.from_ns``), as from now."""
        recovered = self.recovery
        if recovered is None or recovered.at_ns == self.progress.recovered_at:
            return
        # The script's time then: at the first stop since the zero was last set. A table stopped
        # again before it saved that (between its recovery and the progress file) played no line
        # in between, its clock neutral: that start's own instants are no script time.
        unseen = [r for r in self._recoveries()
                  if self.progress.recovered_at is None or r.at_ns > self.progress.recovered_at]
        known = (unseen[0] if unseen else recovered).from_ns - self.progress.zero_ns
        self.resume_at = max(now, recovered.at_ns)
        self.progress.zero_ns = self.resume_at - known
        self.progress.recovered_at = recovered.at_ns
        self._save_progress()
        self.out(f"{plan.path}: the table restarted; the script goes on from {known / NS:.1f} s")

    def _restart_clock(self, state) -> bool:
        """The clock the table stopped on its own (a restart, the director's long press) runs
        again: at the instant the script's time went on from after a restart, else at once
        from where it stopped."""
        if self.restoring == position(state):
            return False                # pressed already: wait for the table
        self.restoring = position(state)
        at = max(self.resume_at or 0, state.last_ns or 0)
        self.resume_at = None
        return self._put((hand.Press(hand.PLAYER_SIDES[hand.resumer(state, at)], at),))

    def _line_data(self, plan: Plan, step, state) -> dict:
        """The line as the table takes it: racks in the order the table asks for them."""
        from kiosk.ui.clock.screen import entry_target
        data = step.line.data
        target = entry_target(state)
        if data["cmd"] == "rack" and target is not None and target[0] == "rack" \
                and target[2] != data["player"]:
            after = plan.steps[self.progress.done + 1:self.progress.done + 2]
            if after and after[0].line.data.get("cmd") == "rack" and after[0].line.data["player"] == target[2]:
                return after[0].line.data
        return data

    def _check_verdict(self, plan: Plan, step) -> None:
        """The table judges with its own lexicon: the script's verdict must be its verdict."""
        data, rules = step.line.data, step.before.rules.challenge
        if "valid" not in data:
            return
        try:
            valid = adjudicate([str(w) for w in data["words"]], self.kiosk.table.lexicon,
                               rules.max_words).valid
        except ValueError as exc:
            raise ScriptFailed(f"{plan.where(step.line.number)}: {exc}") from None
        if valid != data["valid"]:
            said = "acceptable" if valid else "not acceptable"
            raise ScriptFailed(f"{plan.where(step.line.number)}: the table's lexicon finds "
                               f"{' '.join(data['words'])} {said}; the script says otherwise")

    def _verdict_shows(self) -> bool:
        from kiosk.ui.judge.verdict import VerdictScreen
        return isinstance(self.kiosk.machine.screen, VerdictScreen)

    def _words_typed(self) -> tuple[str, ...]:
        from kiosk.ui.judge.paint import JudgeView
        view = self.kiosk.loop.last_view
        if isinstance(view, JudgeView):
            return tuple(view.words) + ((view.typing,) if view.typing else ())
        return ()

    def _put(self, group) -> bool:
        """One group of inputs onto the table's queue: presses as the buttons give them, taps
        where the screen shows the key."""
        view = self.kiosk.loop.last_view
        for item in group:
            if isinstance(item, hand.Press):
                self.kiosk.inputs.put(ButtonPressed(item.side, item.t_ns, item.releases))
            elif isinstance(item, hand.Release):
                self.kiosk.inputs.put(ButtonReleased(item.side, item.t_ns))
            else:
                point = touch.where(self.size, view, ("key", item.key), sim=True,
                                    orientation=self.orientation)
                if point is None:
                    step = self._current()
                    plan = self.plans[self.progress.plan]
                    if step is plan.refused:            # the table refused it: no keys followed
                        self._stuck(plan, self.kiosk.table.state)
                    said = self.kiosk.table.message(self.clock())
                    raise ScriptFailed(f"{plan.where(step.line.number)}: the screen shows no key "
                                       f"{item.key!r} ({type(view).__name__})"
                                       + (f": {said}" if said else ""))
                self.kiosk.inputs.put(Tapped(point[0], point[1], item.t_ns))
        return True
