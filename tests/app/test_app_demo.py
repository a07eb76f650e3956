"""``make run`` on a machine without a display: its command, run as a real process with no
DISPLAY or WAYLAND_DISPLAY, says so, plays the demo game by itself through the real app loop,
prints each journaled event and each screen, writes a PNG of each screen to the folder it
names, and prints the final result, which is the one its SQLite journal gives."""
import pytest
import json
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame

from common.game.result import compute
from kiosk.store import Journal

pytestmark = pytest.mark.slow          # the whole demo game: make check leaves it out

ROOT = Path(__file__).resolve().parents[2]


def make_run_command() -> list[str]:
    """The ``run`` target's recipe in the Makefile, with the venv's python as this one."""
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    recipe = lines[lines.index(next(line for line in lines if line.startswith("run:"))) + 1]
    return [sys.executable if word == "$(PY)" else word for word in shlex.split(recipe.strip())]


def test_make_run_without_a_display_plays_a_demo_game_headless(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(ROOT)
    command = make_run_command()
    assert command[1:] == ["-m", "kiosk", "demo"]
    out = subprocess.run(command, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    lines = out.stdout.splitlines()
    assert lines[0].startswith("No display here (no DISPLAY or WAYLAND_DISPLAY")
    folder = re.match(r"Screens: a PNG of each in (\S+)/;", lines[1]).group(1)
    shots = tmp_path / folder
    assert shots == tmp_path / "var" / "demo-screens"

    screens = [re.match(r"screen (\S+) -> (\S+)$", line).groups() for line in lines if line.startswith("screen ")]
    labels = [label for label, _ in screens]
    for needed in ("pre-game", "clock", "entry", "challenge", "verdict", "overtime", "went-out", "end",
                   "confirmed"):
        assert needed in labels, labels
    assert sorted(p.name for p in shots.iterdir()) == [Path(path).name for _, path in screens]
    for _, path in screens:
        image = pygame.image.load(str(tmp_path / path))
        assert image.get_size() == (1280, 720)
        assert len({image.get_at((x, y))[:3] for x in range(0, 1280, 16) for y in range(0, 720, 16)}) > 3

    printed = [line for line in lines if line.startswith("event ")]
    with sqlite3.connect(tmp_path / "var" / "demo.sqlite") as db:
        kinds = [row[0] for row in db.execute("SELECT type FROM events ORDER BY seq")]
    assert [line.split()[2] for line in printed] == kinds    # each journaled event, in order
    for kind in ("GameStarted", "TurnRecorded", "ChallengeRuled", "PlayOutAccepted", "RackEntered",
                 "ResultLocked"):
        assert kind in kinds

    (result_line,) = [line for line in lines if line.startswith("RESULT: ")]
    printed_result = json.loads(result_line[result_line.index("{"):])
    with Journal.open(tmp_path / "var" / "demo.sqlite") as journal:
        state, _ = journal.load(1)                        # the fresh demo journal's one game
    assert state.phase == "confirmed"
    assert printed_result == json.loads(json.dumps(compute(state, state.last_ns).to_dict()))
    assert printed_result["overtime_penalty"][0] > 0 and printed_result["turns"][3]["type"] == "phony"
    assert result_line.startswith(f"RESULT: Ann {printed_result['final'][0]} - Bob {printed_result['final'][1]}")
