"""``python -m kiosk demo --store FILE`` after a crash, at a speed above 1: the demo's clock ran
ahead of the machine's, so the journal's last instant is later than the monotonic clock now.
The restarted demo's clock continues from that instant: the game is recovered (the clock
neutral) and played on, instead of the store refusing time that goes back."""
import pytest
import pygame

from common.game import events as ev
from kiosk.demo.command import Demo, demo_config
from kiosk.store import Journal

pytestmark = pytest.mark.slow          # two demo kiosks, each playing for a second of real time


def test_a_fast_demo_restarted_on_its_store_continues_from_the_journals_last_instant(tmp_path):
    store = str(tmp_path / "demo.sqlite")
    config = demo_config(store, headless=True)
    first = Demo(config, pygame.Surface((800, 480)), speed=60, out=lambda line: None)
    try:
        first.run(limit_s=2.0)                  # two seconds of real time: two minutes of game
    finally:
        first.kiosk.close()                     # as a crash leaves it: the game is still current
    with Journal.open(store) as journal:
        game = journal.current_game()
        before = journal.replay(game).events
        ahead = journal.last_instant()
    assert any(isinstance(e, ev.GameStarted) for e in before)

    second = Demo(config, pygame.Surface((800, 480)), speed=60, out=lambda line: None)
    try:
        assert second.clock() >= ahead
        second.run(limit_s=2.0)
    finally:
        second.close()
    with Journal.open(store) as journal:
        assert journal.current_game() == game
        after = journal.replay(game).events
    assert after[:len(before)] == before
    recovered = after[len(before)]
    assert isinstance(recovered, ev.Recovered) and recovered.at_ns >= recovered.from_ns == ahead
    assert len(after) > len(before) + 1         # the players went on after the recovery
