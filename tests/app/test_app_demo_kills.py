"""A demo at ``--speed 10`` killed anywhere always continues from its journal.

Its clock runs ahead of the machine's, so a restarted demo starts its clock at the journal's
last instant on this boot. A demo restarted while the old one still ran (killed a moment
later, as a wrapper's kill may leave it) read that instant, the old one wrote on, and the
recovery then refused to resume before the old one's later instants:
``... ns is before the game's last instant ... ns on this same boot``, exit 2. One kiosk process
at a time now plays on a store (kiosk.store.writer_lock): the new one waits for the old one to
be gone before it reads the journal.
"""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from common.game import events as ev
from kiosk.store import Journal
from tests.support.demo_process import DemoProcess

pytestmark = pytest.mark.slow          # many demos started and killed



def fast_demo(store: Path, shots: Path) -> DemoProcess:
    """The demo with its clock at ten times the machine's."""
    return DemoProcess(store, shots, speed=10, pace=0.2)


def events_of(store: Path) -> list:
    with Journal.open(store) as journal:
        game = journal.conn.execute("SELECT MAX(id) FROM games").fetchone()[0]
        return journal.replay(game).events


def test_a_fast_demo_killed_at_many_points_always_continues(tmp_path):
    """Sixteen kills of a demo at ``--speed 10``, at random points: every other time the next
    demo is started first and the old one killed while it starts. Every restart comes up,
    keeps every event the killed one printed as committed, and resumes the game from no
    earlier than its last instant."""
    store, shots = tmp_path / "demo.sqlite", tmp_path / "shots"
    rng = random.Random(23)
    demo = fast_demo(store, shots)
    demo.wait_until_up()
    recovered = 0
    for kill in range(16):
        demo.run_for(rng.uniform(0.2, 2.0))
        if kill % 2:                        # the old one still runs while the new one starts
            after = fast_demo(store, shots)
            time.sleep(rng.uniform(0.2, 1.2))
            demo.kill()
        else:
            demo.kill()
            after = fast_demo(store, shots)
        after.wait_until_up()
        events = events_of(store)
        kinds = {seq: type(e).__name__ for seq, e in enumerate(events, 1)}
        lost = {seq: kind for seq, kind in demo.committed.items() if kinds.get(seq) != kind}
        assert not lost, f"kill {kill}: committed events lost: {lost}"
        for before, event in zip(events, events[1:]):
            if isinstance(event, ev.Recovered):
                assert event.at_ns >= event.from_ns >= before.at_ns
        recovered += sum(isinstance(e, ev.Recovered) for e in events[len(demo.committed):])
        demo = after
    demo.kill()
    assert recovered >= 8                   # most kills came mid-game
