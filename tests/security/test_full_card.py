"""Attack (or accident): a card already too full at start for the store's ballast, filled by
something else mid-game. The game stopped: no ballast to give back, every press "not recorded"
(the headless demo hung, the journal's WAL filling the rest). The kiosk now keeps what ballast
the card has room for at start (its top line says storage is full from then on), gives it back
when the card fills, and keeps its WAL small: the game goes on and ends, its result is locked
into the outbox and sent to a real director, and the top line says storage is full. The kiosk on
its real SQLite file on a real 400 KB file system (a tmpfs), the whole app and its screens."""
import pytest

from kiosk.table import STORAGE_FULL
from common.game import events as ev
from kiosk.store import Journal
from kiosk.store.outbox import Outbox
from kiosk.link.http_client import DirectorClient
from kiosk.ui.widgets.failsafe import FailsafeScreen
from tests.support.dummy_display import display  # noqa: F401 - the session's display
from tests.support.small_fs import fill, small_fs

BALLAST_KB = 160


@pytest.fixture
def card(tmp_path):
    with small_fs(tmp_path / "card") as folder:
        yield folder


def fill_to(folder, free_kb: int) -> None:
    """Another file takes the card's room but ``free_kb``."""
    import os
    stats = os.statvfs(folder)
    take = stats.f_bavail * stats.f_frsize - free_kb * 1024
    if take > 0:
        with open(folder / "other.bin", "wb") as other:
            other.write(b"x" * take)


def test_a_card_too_full_for_the_ballast_filled_mid_game_lets_the_game_end_and_its_result_go(
        tmp_path, card):
    from tests.support.app_harness import StoreHarness
    from tests.support.director_harness import Director
    store = card / "kiosk.sqlite"
    fill_to(card, 200)                                       # room, but not for 160 KB of ballast beside the store
    k = StoreHarness(tmp_path / "shots", store=store, ballast_kb=BALLAST_KB)
    try:
        assert k.view.top.startswith(STORAGE_FULL)           # said from the start
        k.press("right", at=1)
        k.press("left", at=20).type("24\n", at=21)           # Ann 24
        k.press("right", at=25).type("30\n", at=26)          # Bob 30
        assert fill(card) > 0                                # and now nothing is left
        t = 30
        while k.state.phase == "playing" and t < 200:        # passes to a zero-score run
            mover = k.state.clock.running
            k.press(("left", "right")[mover], at=t)
            k.key("Tab", at=t + 1).key("Tab").key("Enter")
            t += 5
        k.type("ab\n", at=t).type("z\n", at=t + 1)           # the racks
        k.press("left", at=t + 2).press("right", at=t + 3)   # both confirm: locked
        assert k.state.phase == "confirmed" and not isinstance(k.screen, FailsafeScreen)
        assert k.view.top.startswith(STORAGE_FULL)
        with Journal.open(store) as journal:                 # every event on the card
            journaled = journal.load(k.session.game_id)[1]
        assert journaled == k.journal.events and isinstance(journaled[-1], ev.ResultLocked)
        (waiting,) = k.session.outbox.unacknowledged("result")
    finally:
        k.close()
    from tests.support.app_harness import KEY, TOURNAMENT_KEY
    director = Director(tmp_path / "director.sqlite",
                        settings={"tournament.key": TOURNAMENT_KEY.decode()}).start()
    try:
        answer = DirectorClient(director.url, "7", KEY).post("results", waiting.body)
        assert answer.kind == "delivered", answer
        assert [r["table_name"] for r in director.rows("results")] == ["7"]
    finally:
        director.stop()
