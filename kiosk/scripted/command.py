"""``python -m kiosk run --script GAME.jsonl [--script NEXT.jsonl ...] [--speed N]``: the real
kiosk (screens, journal, outbox, director link) with its players and director played by replay
scripts (kiosk.scripted.runner), its buttons simulated.

Without a director link the first script's header sets up the game (preset, overrides, round,
players, who goes first); with one, the director's assignment does and the scripts must agree
with it. ``--speed`` runs the table's clock that many times faster than real time, from the
store's last instant (kiosk.fast_clock); the journal's checkpoints keep real time's pace (every
``store.checkpoint_s`` of real time). The director's PIN for the scripts' director's commands
comes from the environment (``TABLEKEEPER_DIRECTOR_PIN``; the simulated table's default
otherwise), never from the command line. Exit status 0 once every script is played (and, with a
link, the last result acknowledged); 2 with ``FILE:LINE: why`` for a line the table cannot do
or the rules refuse.
"""
from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

from kiosk.pin import DEFAULT_PIN
from common.replay import ScriptError

PIN_VARIABLE = "TABLEKEEPER_DIRECTOR_PIN"


def header(path: Path) -> dict:
    """The script's first line (its header), as written; ScriptError if it is not one."""
    from common.replay import read_script
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    next(read_script(lines))                # checks it as the replay does
    return json.loads(next(line for line in lines if line.strip()))


def scripted_config(config, first: dict, speed: float):
    """The config a scripted table runs with: simulated buttons; without a link, the game the
    first script's header sets up; checkpoints at real time's pace."""
    changes = {"sim": True, "checkpoint_s": config.checkpoint_s * speed}
    if not (config.director_url or config.director_serial):
        changes.update(preset=first["preset"], overrides=dict(first.get("overrides") or {}),
                       round=first.get("round", 1),
                       names=tuple(first.get("players", ("Player 1", "Player 2"))))
    return dataclasses.replace(config, **changes)


def run_scripts(config, scripts: list[str], speed: float) -> int:
    """Play ``scripts`` at the table ``config`` describes; the exit status."""
    import pygame

    from kiosk.app import Kiosk
    from kiosk.opening import open_display, open_lexicon
    from kiosk.fast_clock import held_clock
    from kiosk.scripted.plan import Plan
    from kiosk.scripted.runner import ScriptFailed, ScriptRunner

    paths = [Path(s) for s in scripts]
    current = paths[0]
    try:
        first = header(current)
        config = scripted_config(config, first, speed)
        lexicon = open_lexicon(config.lexicon, config.official)
        surface = open_display(config.size, fullscreen=False, headless=config.headless,
                               caption=f"tablekeeper: table {config.table}, scripted")
        with held_clock(config.store, speed) as clock:
            kiosk = Kiosk(config, surface, clock=clock, lexicon=lexicon)
        try:
            plans = []
            for current in paths:
                plans.append(Plan.read(current, kiosk.table.lexicon))
            runner = ScriptRunner(kiosk, plans, clock, speed=speed,
                                  out=lambda line: print(line, flush=True),
                                  pin=os.environ.get(PIN_VARIABLE, DEFAULT_PIN))
            runner.run()
        finally:
            kiosk.close()
            pygame.quit()
    except ScriptError as exc:
        print(f"{current}:{exc.line}: {exc.reason}", file=sys.stderr)
        return 2
    except ScriptFailed as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{current}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
