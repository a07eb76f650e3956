"""A table driven by a replay script in the test's own process (kiosk.scripted.runner on a
real kiosk.app.Kiosk, its SQLite store and an off-screen pygame surface), on a simulated
clock: between passes the clock moves on by a frame while inputs are going in, else straight
to the next line's instant. What ``python -m kiosk run --script`` does, without the waiting."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from kiosk.app import Kiosk
from kiosk.config import KioskConfig
from kiosk.scripted.command import header, scripted_config
from kiosk.scripted.plan import Plan
from kiosk.scripted.runner import ScriptRunner

FRAME_NS = 33_000_000
START_NS = 5_000 * 1_000_000_000


class SimClock:
    def __init__(self, now: int = START_NS):
        self.now = now

    def __call__(self) -> int:
        return self.now


def write_script(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def scripted_kiosk(store: Path, script: Path, *, lexicon: str | None = None, clock=None,
                   size=(800, 480), **config) -> tuple[Kiosk, ScriptRunner, SimClock]:
    """A kiosk on ``store`` (unlinked) with the runner of ``script``."""
    clock = clock or SimClock()
    base = KioskConfig(store=str(store), sim=True, headless=True, lexicon=lexicon, size=size, **config)
    kiosk_config = scripted_config(base, header(script), 1)
    pygame.display.init()
    pygame.font.init()
    kiosk = Kiosk(kiosk_config, pygame.Surface(size), clock=clock)
    lines: list[str] = []
    runner = ScriptRunner(kiosk, [Plan.read(script, kiosk.table.lexicon)], clock,
                          out=lines.append)
    runner.lines = lines
    return kiosk, runner, clock


def drive(kiosk: Kiosk, runner: ScriptRunner, clock: SimClock, *, passes: int = 20_000) -> None:
    """Pass until the script is played (raises kiosk.scripted.runner.ScriptFailed)."""
    for _ in played(kiosk, runner, clock, passes=passes):
        pass


def played(kiosk: Kiosk, runner: ScriptRunner, clock: SimClock, *, passes: int = 20_000):
    """Pass until the script is played, yielding after each pass of the kiosk's loop (what the
    screen shows then is ``kiosk.loop.last_view``)."""
    kiosk.loop.step()
    for _ in range(passes):
        put = runner.act(clock())
        kiosk.loop.step()
        runner.observe()
        yield
        if runner.finished:
            return
        due = runner.due()
        if put or runner.pending or runner.planned or due is None or due <= clock.now:
            clock.now += FRAME_NS
        else:
            clock.now = due
    raise AssertionError(f"the script did not finish in {passes} passes")
