"""A full SD card does not stop the game. The kiosk's store on a real 400 KB file system (a tmpfs
mounted for the test), filled by something else mid-game: the next write (here the periodic
checkpoint's COMMIT) meets "database or disk is full". The kiosk deletes its ballast file
beside the store, the screen stays on the game (never the failsafe), the top line says
"storage full — call the director", and every event after it is still journaled, to the
locked result and its document in the outbox."""
import pytest

from kiosk.table import STORAGE_FULL
from common.game import events as ev
from kiosk.store import Journal
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.widgets.failsafe import FailsafeScreen
from tests.support.small_fs import fill, small_fs

BALLAST_KB = 160


@pytest.fixture
def card(tmp_path):
    """A 400 KB file system of its own."""
    with small_fs(tmp_path / "card") as folder:
        yield folder


def test_a_full_card_mid_game_leaves_the_game_to_finish_on_the_ballasts_room(kiosks, card):
    store = card / "kiosk.sqlite"
    ballast = card / "kiosk.sqlite.ballast"
    k = kiosks(store=store, ballast_kb=BALLAST_KB)
    assert ballast.stat().st_size == BALLAST_KB * 1024
    k.press("right", at=1)                                   # Ann's clock runs
    k.press("left", at=20).type("24\n", at=21)               # Ann 24; Bob's clock runs
    assert fill(card) > 0                                    # the card is full now
    k.at(22).step()
    k.at(23).step()                                          # the checkpoint meets a full disk
    assert not ballast.exists()
    assert isinstance(k.screen, ClockScreen) and not isinstance(k.screen, FailsafeScreen)
    assert k.view.top.startswith(STORAGE_FULL + "  ·  Table 7")
    assert [h.time for h in k.view.halves] == ["24:41", "24:57"]     # both clocks, Bob's running

    t = 30
    while k.state.phase == "playing":                        # passes to a zero-score run
        mover = k.state.clock.running
        k.press(("left", "right")[mover], at=t)
        k.key("Tab", at=t + 1).key("Tab").key("Enter")
        t += 5
    k.type("ab\n", at=t).type("z\n", at=t + 1)               # the racks
    k.press("left", at=t + 2).press("right", at=t + 3)       # both confirm: locked
    assert k.state.phase == "confirmed" and k.view.top.startswith(STORAGE_FULL)
    with Journal.open(store) as journal:                     # read back from the full card
        journaled = journal.load(k.session.game_id)[1]
    assert journaled == k.journal.events and k.session.journal.replay(k.session.game_id).state == k.state
    assert [type(e) for e in journaled].count(ev.TurnEnded) == 7 and isinstance(journaled[-1], ev.ResultLocked)
    assert k.session.outbox.pending() == 1                   # the result waits for the director

