"""``python -m kiosk run --headless --script GAME.jsonl --speed N`` as a process: it plays the
script and exits 0; killed with SIGKILL anywhere and started again, it goes on from where the
journal was and the game ends exactly as the replay of the script (scores and times); a script
the rules refuse exits 2 with ``FILE:LINE: reason``."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from common.game.result import compute
from common.replay import replay_lines
from kiosk.store import Journal
from tests.support.scripted_table import write_script

pytestmark = pytest.mark.slow          # kiosks as processes, killed and started again

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
TIMEOUT_S = 180


def game() -> list[dict]:
    """Two minutes a side, sixteen plays, a hold and a challenge, a play-out, the rack."""
    lines = [{"preset": "aspa", "round": 2, "players": ["Ann", "Bob"],
              "overrides": {"clock": {"time_per_side_s": 120}}},
             {"t": 0, "cmd": "start", "first": 0}]
    t = 0
    for turn in range(16):
        t, player = t + 7 + turn % 5, turn % 2
        lines.append({"t": t, "cmd": "play", "player": player, "score": 10 + turn * 3})
        if turn == 5:
            lines += [{"t": t + 2, "cmd": "hold", "player": 1 - player},
                      {"t": t + 4, "cmd": "challenge", "player": 1 - player, "words": ["CAT"], "valid": True},
                      {"t": t + 6, "cmd": "resume", "player": player}]
            t += 6
    return lines + [{"t": t + 9, "cmd": "out", "player": 0, "score": 12},
                    {"t": t + 10, "cmd": "accept", "player": 1},
                    {"t": t + 12, "cmd": "rack", "player": 1, "tiles": "AB"},
                    {"t": t + 14, "cmd": "confirm", "player": 0},
                    {"t": t + 15, "cmd": "confirm", "player": 1}]


def table(store: Path, script: Path, speed: int = 20) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kiosk", "run", "--headless", "--store", str(store),
                             "--script", str(script), "--speed", str(speed)],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result_in(store: Path) -> dict:
    with Journal.open(store) as journal:
        state = journal.replay(journal.current_game() or 1).state
    return compute(state, state.last_ns).to_dict()


def test_a_scripted_table_killed_anywhere_goes_on_and_ends_as_the_replay(tmp_path):
    script = write_script(tmp_path / "game.jsonl", game())
    store = tmp_path / "table.sqlite"
    rng = random.Random(7)
    killed = 0
    for _ in range(4):
        proc = table(store, script)
        try:
            out, err = proc.communicate(timeout=rng.uniform(1.5, 4.0))
            assert proc.returncode == 0, err
            break
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            killed += 1
    else:
        proc = table(store, script)
        out, err = proc.communicate(timeout=TIMEOUT_S)
        assert proc.returncode == 0, err
    assert killed >= 2
    assert "locked round 2 at wall" in out
    expected = replay_lines(json.dumps(line) for line in game()).result.to_dict()
    assert result_in(store) == expected         # the times too: the time off was charged to no one


def test_a_script_the_rules_refuse_exits_2_naming_its_line(tmp_path):
    script = write_script(tmp_path / "bad.jsonl", [
        {"preset": "aspa", "players": ["Ann", "Bob"]},
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 5, "cmd": "play", "player": 1, "score": 10}])
    proc = table(tmp_path / "table.sqlite", script, speed=10)
    out, err = proc.communicate(timeout=TIMEOUT_S)
    assert proc.returncode == 2
    assert err.strip() == f"{script}:3: Bob's clock is not running: it is not their turn"
