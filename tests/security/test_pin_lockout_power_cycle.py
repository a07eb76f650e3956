"""Attack: the director's PIN guessed three at a time with a power cycle between. Three wrong
PINs lock the menu for a minute, but the lock and the count lived in the kiosk's memory: pulling
the plug gave three more guesses every few seconds. Each try is journaled (a use of the
director's menu, with the wall-clock time) and the kiosk reads the last ones back at start: the
lock goes on after a power cycle, two wrong PINs before it and one after lock the menu, and the
right PIN is refused until the minute is over. The whole kiosk on its real SQLite file, the
crash as the harness's (nothing closed); the game's journal is untouched."""
import pytest

from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.menu.screen import DirectorScreen
from tests.support.director_steps import PIN_HASH, open_menu
from tests.support.dummy_display import display  # noqa: F401 - the session's display


@pytest.fixture
def kiosks(tmp_path):
    """``make(**options)``: a kiosk on ``tmp_path/kiosk.sqlite`` (tests/support/app_harness.py)."""
    from tests.support.app_harness import StoreHarness
    made = []

    def make(**options):
        harness = StoreHarness(tmp_path / f"shots-{len(made)}", store=tmp_path / "kiosk.sqlite", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        if harness.crashed:
            harness.session.close()
        else:
            harness.close()

LOCKED = "the director's menu is locked for"


def playing(kiosks, **options):
    k = kiosks(pin_hash=PIN_HASH, boot_id="boot-A", **options)
    k.press("left", at=1)
    return k


def test_the_lock_goes_on_after_a_power_cycle(kiosks):
    k = playing(kiosks)
    k.key("Director", at=10).type("1111\n2222\n3333\n", at=11)
    assert isinstance(k.screen, ClockScreen) and k.view.error.startswith(LOCKED)
    events = k.journal.events
    k.crash()
    again = kiosks(pin_hash=PIN_HASH, boot_id="boot-B", start=2)               # the power back, a few seconds on
    open_menu(again, at=5)                                   # even the right PIN, for now
    assert isinstance(again.screen, ClockScreen) and again.view.error.startswith(LOCKED)
    assert again.journal.events[:len(events)] == events
    open_menu(again, at=75)                                  # past the minute
    assert isinstance(again.screen, DirectorScreen) and again.screen.step == "menu"


def test_wrong_pins_before_a_power_cycle_still_count(kiosks):
    k = playing(kiosks)
    k.key("Director", at=10).type("1111\n2222\n", at=11)
    assert k.view.error == "wrong PIN (1 attempt left)"
    k.crash()
    again = kiosks(pin_hash=PIN_HASH, boot_id="boot-B", start=2)
    again.key("Director", at=5).type("3333\n", at=6)
    assert isinstance(again.screen, ClockScreen) and again.view.error.startswith(LOCKED)
    open_menu(again, at=7)
    assert again.view.error.startswith(LOCKED)
