"""Attack: a USB keyboard's ``²`` or ``⁹`` typed into a score. ``str.isdigit`` takes them and
``int`` refuses them: the ValueError showed the failsafe screen (the journal survived). Only the
digits 0 to 9 are digits now (kiosk.ui.widgets.keys.DIGIT_KEYS): a superscript typed into a
score, the director's time adjustment or a stop's reason is refused on screen like any other
key that means nothing there, and the game goes on; nothing is journaled for it."""
import pytest

from common.game import events as ev
from kiosk.ui.clock.screen import ClockScreen, stop_reasons
from kiosk.ui.widgets.failsafe import FailsafeScreen
from tests.support.dummy_display import display  # noqa: F401 - the session's display
from tests.support.director_steps import PIN_HASH, open_menu

SUPERSCRIPTS = "²⁹³¹⁰"


@pytest.fixture
def kiosk(tmp_path):
    from tests.support.ui_harness import Harness
    made = []

    def make(**options):
        harness = Harness(tmp_path / "shots", store=tmp_path / f"kiosk-{len(made)}.sqlite", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()


def test_a_superscript_in_a_score_is_no_digit_and_the_game_goes_on(kiosk):
    k = kiosk()
    k.press("left", at=1)                                    # Bob's clock runs
    k.press("right", at=20).type("3" + SUPERSCRIPTS + "5\n", at=21)
    assert isinstance(k.screen, ClockScreen) and not isinstance(k.screen, FailsafeScreen)
    (turn,) = [e for e in k.journal.events if isinstance(e, ev.TurnRecorded)]
    assert turn.score == 35 and k.loop.machine.failures == 0


def test_a_superscript_as_a_stops_reason_or_a_time_adjustment_is_refused_on_screen(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)              # Ann's clock runs
    k.press("centre", at=30).press("right", at=31)           # a stop: its reasons asked
    k.type("²", at=32)                                       # no reason: the question stays
    assert k.state.neutral_reason != "director" and not isinstance(k.screen, FailsafeScreen)
    k.type(str(1 + stop_reasons(k.state).index("director")), at=32)
    assert k.state.neutral_reason == "director"
    open_menu(k, at=40)
    before = list(k.journal.events)
    for key in SUPERSCRIPTS:                                 # typed wherever the menu is
        k.type(key, at=41)
    assert not isinstance(k.screen, FailsafeScreen) and k.loop.machine.failures == 0
    assert k.journal.events == before
