"""``python -m kiosk demo`` (what ``make run`` starts): the kiosk with simulated hardware and a
fresh demo game.

With a display it opens the kiosk in a window: the keyboard (and a click or touch on the
screen) are the buttons, and you play. Without one (a server, a Pi reached over SSH: no
DISPLAY or WAYLAND_DISPLAY, and not a Linux console with a KMS device) it says so and plays a
short demo game by itself, headless: two simulated players (kiosk.demo.players) press and type
through the real app loop (the same input queue as the buttons and the keyboard, the same
screens, the real SQLite journal), each state change is printed, a PNG of each screen is
written to a folder it names, and the final result is printed. ``--auto`` plays by itself in
the window too; ``--headless`` forces the headless game. ``--touch-only``: a table with a
touchscreen and no keyboard; the players tap the screen (kiosk.demo.fingers), on the
on-screen keyboard and, their buttons being simulated, on their halves and the bottom line; a
key event is refused (the loop raises kiosk.ui.touch.NotATap) and ends the demo with an error.

The demo's game is the preset's with 5 minutes a side, so that overtime shows, and its clock
runs ``--speed`` times faster than real time (default 30). The journal is ``var/demo.sqlite``,
started afresh each time; with ``--store FILE`` the demo continues the game that file holds
(a game recovered after a crash goes on from where it was). At ``--speed 1`` its clock is the
machine's monotonic clock, as the kiosk's is; a faster clock runs ahead of it, so a demo that
continues a file starts its clock at the latest instant the file holds on this boot (never
before: the journal refuses time going back), or at the monotonic clock if that is later.

(kiosk.fast_clock: the instant is read once the store is the demo's alone.)
"""
from __future__ import annotations

import glob
import json
import os
import sys
import time
from dataclasses import fields
from pathlib import Path

from kiosk.config import KioskConfig
from common.game.events import Event
from common.game.result import compute
from common.game.vocabulary import OVER, Phase

DEMO_STORE = "var/demo.sqlite"
DEMO_SHOTS = "var/demo-screens"
DEMO_CLOCK = {"time_per_side_s": 300}
NS = 1_000_000_000


def has_display(environ=None) -> bool:
    """Whether a window can be opened here: an X or Wayland session, macOS or Windows, or a Linux
    text console (a virtual terminal on stdin) with a KMS/DRM device for SDL's kmsdrm driver."""
    env = os.environ if environ is None else environ
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or sys.platform in ("darwin", "win32"):
        return True
    try:
        console = os.isatty(0) and os.ttyname(0).startswith("/dev/tty")
    except OSError:
        console = False
    return console and bool(glob.glob("/dev/dri/card*"))


def demo_config(store: str, *, headless: bool, lexicon: str | None = None) -> KioskConfig:
    return KioskConfig(names=("Ann", "Bob"), table="demo", sim=True, headless=headless,
                       overrides={"clock": dict(DEMO_CLOCK)}, store=store, lexicon=lexicon)


def fresh_store(path: str) -> None:
    """Start the demo's journal afresh (only the demo's own file and its WAL)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(path + suffix).unlink(missing_ok=True)


def screen_label(kiosk, now_ns: int) -> str:
    """What the screen shows, in a word: pre-game, clock, entry, hold, overtime, stopped,
    challenge, verdict, went-out, end, confirmed (or the screen's own name)."""
    from kiosk.ui.clock.screen import ClockScreen, entry_target
    from kiosk.ui.widgets.words import face
    screen, state = kiosk.machine.screen, kiosk.table.state
    name = type(screen).__name__.removesuffix("Screen").lower()
    if name == "setup":
        return "pre-game"
    if name == "judge":
        return "challenge"
    if not isinstance(screen, ClockScreen):
        return name
    if state.phase in OVER:
        return "end" if state.phase == Phase.ENDED else "confirmed"
    if state.phase == Phase.OUT:
        return "went-out"
    if entry_target(state) is not None:
        return "entry"
    if state.hold is not None and state.phase == Phase.PLAYING:
        return "hold"
    if any(face(state, p, now_ns).startswith("-") for p in (0, 1)):
        return "overtime"
    return "clock" if state.clock.running is not None else "stopped"


def describe(event: Event, names) -> str:
    """One journaled event as a line: its kind and what it says (players by name)."""
    parts = []
    for f in fields(event):
        if f.name in ("at_ns", "from_ns"):
            continue
        value = getattr(event, f.name)
        if f.name in ("player", "first", "by") and isinstance(value, int):
            value = names[value]
        parts.append(f"{f.name}={value}")
    return f"{type(event).__name__} {' '.join(parts)}".strip()


def status(state, now_ns: int) -> str:
    from kiosk.ui.widgets.words import face
    scores = state.scores()
    return "  |  ".join(f"{state.players[p]} {face(state, p, now_ns)} {scores[p]}" for p in (0, 1))


def final_line(state, now_ns: int) -> str:
    result = compute(state, now_ns)
    a, b = state.players
    if result.winner is None:
        outcome = "a tie"
    else:
        outcome = f"{state.players[result.winner]} wins by {abs(result.spread)}"
    return (f"RESULT: {a} {result.final[0]} - {b} {result.final[1]} ({outcome}; the game ended: "
            f"{result.end}) {json.dumps(result.to_dict(), sort_keys=True)}")


class Demo:
    """The kiosk playing by itself: ``run()`` until the result is confirmed (or ``limit_s``)."""

    def __init__(self, config: KioskConfig, surface, *, speed: float = 30.0, pace: float = 1.0,
                 shots: str | Path | None = None, out=print, fps: int = 30, touch_only: bool = False):
        from kiosk.app import Kiosk
        from kiosk.demo.fingers import Fingers
        from kiosk.demo.players import DemoPlayers
        from kiosk.fast_clock import held_clock
        with held_clock(config.store, speed) as clock:
            self.clock = clock
            self.kiosk = Kiosk(config, surface, clock=self.clock, taps_only=touch_only)
        self.players = DemoPlayers(pace=pace, judge=self.kiosk.table.lexicon is not None)
        from kiosk.ui.clock.flat import orientation_for
        self.fingers = Fingers(surface.get_size(), orientation=orientation_for(config.orientation, surface.get_size())
                               ) if touch_only else None
        self.shots, self.out, self.fps = (Path(shots) if shots else None), out, fps
        if self.shots:
            self.shots.mkdir(parents=True, exist_ok=True)
        self.saved: list[Path] = []
        self.label = None
        self.printed = 0                    # events printed so far
        self.reported = None                # the state as of the last events printed

    def report(self, now_ns: int) -> None:
        """Print what the journal committed since the last pass (read back from the SQLite
        file, with each event's number), and save the screen if it changed."""
        kiosk = self.kiosk
        state = kiosk.table.state
        if state is not self.reported:          # events were journaled: read the journal back
            self.reported = state
            events = kiosk.session.journal.replay(kiosk.session.game_id).events
            for seq, event in enumerate(events[self.printed:], start=self.printed + 1):
                self.out(f"event {seq:3d}  {describe(event, state.players)}")
            if len(events) > self.printed:
                self.printed = len(events)
                self.out(f"state  {state.phase}: {status(state, now_ns)}")
        label = screen_label(kiosk, now_ns)
        if label != self.label:
            self.label = label
            line = f"screen {label}"
            if self.shots:
                path = kiosk.loop.save(self.shots / f"{len(self.saved) + 1:02d}-{label}.png")
                self.saved.append(path)
                line += f" -> {path}"
            self.out(line)

    def run(self, limit_s: float | None = None) -> bool:
        """Play until the result is confirmed (or the window is closed); True if it was. The
        loop itself updates a real window."""
        kiosk, loop = self.kiosk, self.kiosk.loop
        deadline = None if limit_s is None else time.monotonic() + limit_s
        while loop.running and (deadline is None or time.monotonic() < deadline):
            now = self.clock()
            if self.label is not None:              # the first screen is up
                self.play(now)
            loop.pump()
            loop.step()
            self.report(self.clock())
            if kiosk.table.state.phase == Phase.CONFIRMED:
                self.out(final_line(kiosk.table.state, kiosk.table.state.last_ns))
                if self.fingers is not None:
                    self.out(f"touch only: {self.fingers.taps} taps, no key pressed")
                return True
            loop.wait(1 / self.fps)
        return False

    def play(self, now: int) -> None:
        """What the players do now onto the kiosk's queue: their presses and keys, or with
        ``touch_only`` the next tap where the screen shows them."""
        state, inputs = self.kiosk.table.state, self.kiosk.inputs
        if self.fingers is None:
            for item in self.players.act(state, self.label, now):
                inputs.put(item)
            return
        if not self.fingers.busy:
            self.fingers.plan(self.players.act(state, self.label, now))
        tap = self.fingers.tap(self.kiosk.loop.last_view, now)
        if tap is not None:
            inputs.put(tap)

    def close(self) -> None:
        self.kiosk.close()


def run_demo(args) -> int:
    """``python -m kiosk demo``: a window to play in, or the headless game by itself."""
    from kiosk.lexicon import LexiconError
    from kiosk.demo.fingers import NothingToTap
    from kiosk.store import StoreError
    from kiosk.ui.touch import NotATap
    try:
        return _run_demo(args)
    except (LexiconError, StoreError, NotATap, NothingToTap) as exc:
        print(f"python -m kiosk demo: {exc}", file=sys.stderr)
        return 2


def _run_demo(args) -> int:
    import pygame

    from kiosk.app import run
    from kiosk.opening import open_display
    display = has_display()
    headless = args.headless or not display
    store = args.store or DEMO_STORE
    if not args.store:
        fresh_store(store)
    config = demo_config(store, headless=headless, lexicon=args.lexicon)
    config.size = args.size or config.size
    if not headless and not args.auto:
        keys = ("a click on a half: the players' buttons, a click on the bottom line: the centre "
                "button, the keys on the screen to type; a key pressed ends the demo" if args.touch_only else
                "F1 / F12 (or a click on a half): the players' buttons, F6 (or a click on the bottom "
                "line): the centre button")
        print(f"the kiosk in a window with simulated buttons, a fresh demo game ({store})\n"
              f"{keys}; close the window to stop")
        return run(config, taps_only=args.touch_only)
    if not display and not args.headless:
        print("No display here (no DISPLAY or WAYLAND_DISPLAY, and not a console with a KMS device): "
              "playing a short demo game by itself, headless.")
    shots = Path(args.shots or DEMO_SHOTS)
    for old in shots.glob("[0-9][0-9]-*.png"):         # the last demo's screens
        old.unlink()
    print(f"Screens: a PNG of each in {shots}/; the journal: {store}; the clock runs "
          f"{args.speed:g}x real time.", flush=True)
    demo = None
    try:
        surface = open_display(config.size, fullscreen=False, headless=headless,
                               caption="tablekeeper: demo game")
        demo = Demo(config, surface, speed=args.speed, pace=args.pace, shots=shots,
                    out=lambda line: print(line, flush=True), touch_only=args.touch_only)
        done = demo.run(limit_s=args.limit)
        print(f"{len(demo.saved)} screens saved in {shots}/" if done else
              f"the demo stopped before the end ({len(demo.saved)} screens saved in {shots}/)")
        return 0 if done else 1
    finally:
        if demo is not None:
            demo.close()
        pygame.quit()


def add_parser(sub, size_type) -> None:
    """``demo`` in ``python -m kiosk``'s subcommands."""
    demo = sub.add_parser("demo", help="the kiosk with simulated hardware and a fresh demo game "
                                       "(make run); without a display it plays by itself, headless")
    demo.add_argument("--auto", action="store_true", help="play by itself in the window too")
    demo.add_argument("--headless", action="store_true", help="play by itself, off-screen")
    demo.add_argument("--touch-only", action="store_true",
                      help="a touchscreen and no keyboard: the players only tap the screen (the "
                           "on-screen keyboard, their halves, the bottom line); a key event is an error")
    demo.add_argument("--shots", metavar="DIR", help=f"where the screens go (default {DEMO_SHOTS})")
    demo.add_argument("--store", metavar="FILE",
                      help=f"continue the game in this journal (default: {DEMO_STORE}, afresh)")
    demo.add_argument("--lexicon", help="word list for the challenge (default: the bundled ENABLE list)")
    demo.add_argument("--size", type=size_type, help="screen size (default 1280x720)")
    demo.add_argument("--speed", type=float, default=30.0,
                      help="the game clock runs this many times faster than real time (default 30)")
    demo.add_argument("--pace", type=float, default=1.0, help="scale the players' thinking times")
    demo.add_argument("--limit", type=float, default=600.0, metavar="SECONDS",
                      help="stop after this long in real time (default 600)")
    demo.set_defaults(func=run_demo)
