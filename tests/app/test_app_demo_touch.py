"""``python -m kiosk demo --headless --touch-only``, run as a real process: the simulated players
play the whole demo game by tapping the screen alone, through the real loop (the on-screen
keyboard for the scores, a blank's letter, the challenged words and the tiles left; their
halves and the bottom line for the simulated buttons). It ends with the result locked, and the
journal, read back through kiosk.store's Journal.replay as the demo's report reads it, holds
the hold tapped before the challenge (HOLD on the challenger's half), the challenge's ruling on
two words (one a phony), the blank's letter and the rack."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from common.game import events as ev
from kiosk.store import Journal

pytestmark = pytest.mark.slow          # the whole demo game: make check leaves it out

ROOT = Path(__file__).resolve().parents[2]


def test_the_touch_only_demo_plays_a_whole_game_by_taps_alone(tmp_path):
    store, shots = tmp_path / "demo.sqlite", tmp_path / "screens"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-m", "kiosk", "demo", "--headless", "--touch-only",
                          "--store", str(store), "--shots", str(shots)],
                         cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    lines = out.stdout.splitlines()
    (taps,) = [line for line in lines if line.startswith("touch only: ")]
    assert int(taps.split()[2]) > 40 and taps.endswith("no key pressed")

    with Journal.open(store) as journal:
        (game,) = [row["id"] for row in journal.db.query("SELECT id FROM games")]
        events = journal.replay(game).events
    assert isinstance(events[-1], ev.ResultLocked)                  # the result is locked
    (hold,) = [e for e in events if isinstance(e, ev.HoldCalled)]
    assert hold.player == 0 and hold.turn == 3                      # Ann holds Bob's phony ...
    (ruling,) = [e for e in events if isinstance(e, ev.ChallengeRuled)]
    assert ruling.words == ("ZAX", "QXZT") and ruling.valid is False   # two words, one a phony
    assert [e.blanks for e in events if isinstance(e, ev.TurnRecorded) and e.blanks] == ["E"]
    (rack,) = [e for e in events if isinstance(e, ev.RackEntered)]
    assert rack.tiles == "QU?"
    printed = [line.split()[2] for line in lines if line.startswith("event ")]
    assert printed == [type(e).__name__ for e in events]            # the report read the same journal
    assert any(path.name.endswith("-challenge.png") for path in shots.iterdir())


def test_a_key_event_in_the_touch_only_demo_is_an_error(tmp_path):
    """The demo's own kiosk, touch only: a key pressed on a keyboard (pygame's event, through
    the keyboard driver) is refused by the loop, loudly, and nothing is journaled for it."""
    import pygame

    from kiosk.demo.command import Demo, demo_config
    from kiosk.ui.touch import NotATap
    config = demo_config(str(tmp_path / "demo.sqlite"), headless=True)
    demo = Demo(config, pygame.Surface(config.size), touch_only=True, out=lambda line: None)
    try:
        demo.kiosk.loop.step()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
        with pytest.raises(NotATap, match=r"takes taps alone \(--touch-only\), and a key \(Enter, at"):
            demo.run(limit_s=60)
        assert demo.kiosk.session.journal.replay(demo.kiosk.session.game_id).events == []
        assert demo.kiosk.table.state.phase == "setup"
    finally:
        demo.close()
