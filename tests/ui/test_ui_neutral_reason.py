"""Why the clock was stopped: the stop is journaled at the centre press; after a plain stop the
players pick one of the preset's reasons (a digit, recorded as the stop's reason), or none, and
the banner says the reason."""
import pytest

from kiosk.ui.widgets.base import UiSettings

from tests.support.ui_harness import S, T0
from common.game import events as ev
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.paint import drawn_layout, layout
from tests.support.ui_pixels import banner_shows, count


def neutrals(k):
    return k.events(ev.ClockNeutralised)


def stopped(kiosk, **options):
    """Bob (right) played; Ann's clock runs; at 25 s the centre, at 26 s Bob's button: just stop."""
    k = kiosk(**options)
    k.press("left", at=1)
    k.press("right", at=20).type("20\n", at=21)
    k.press("centre", at=25).press("right", at=26)
    return k


@pytest.mark.parametrize("preset, offered, keys", [
    ("aspa", "1 score  ·  2 tiles  ·  3 blank  ·  4 director  ·  5 end  ·  6 observers",
     ["SCORE", "TILES", "BLANK", "DIRECTOR", "GAME END", "OBSERVERS"]),
    ("absp", "1 score  ·  2 tiles  ·  3 director  ·  4 end  ·  5 bag_count",
     ["SCORE", "TILES", "DIRECTOR", "GAME END", "BAG COUNT"]),
    ("school", "1 score  ·  2 director  ·  3 end", ["SCORE", "DIRECTOR", "GAME END"]),
], ids=["aspa", "absp", "school"])
def test_a_plain_stop_offers_the_presets_reasons(kiosk, preset, offered, keys):
    """With the on-screen keyboard the reasons are its keys; with a USB keyboard alone the
    banner lists them by number."""
    k = stopped(kiosk, preset=preset)
    k.shot(f"why-{preset}")
    assert k.view.banner == ("CLOCK STOPPED: why?", "Tap the reason.",
                             "No reason: Enter or a button.")
    assert [key.label for key in k.view.shared.grid] == keys
    assert banner_shows(k, 0) and banner_shows(k, 1) and banner_shows(k, 2)
    assert all(h.dimmed for h in k.view.halves)
    assert neutrals(k) == [ev.ClockNeutralised(T0 + 25 * S, "unspecified")]   # the stop itself
    usb = stopped(kiosk, preset=preset, settings=UiSettings(keypad=False))
    assert usb.view.banner == ("CLOCK STOPPED: why? type its number", "The reasons are on the bottom line.",
                               "No reason: Enter or a button.")
    assert usb.view.bottom == offered and banner_shows(usb, 0) and banner_shows(usb, 1)


def test_the_reason_picked_is_recorded_and_shown(kiosk):
    k = stopped(kiosk)
    k.type("2", at=30)                              # ASPA's second reason: tiles
    assert neutrals(k) == [ev.ClockNeutralised(T0 + 25 * S, "unspecified"),
                           ev.ClockNeutralised(T0 + 30 * S, "tiles")]
    assert k.state.clock.used_ns == (5 * S, 19 * S)  # Ann ran from 20 s to the centre at 25 s
    k.shot("neutral-tiles")
    assert k.view.banner[0] == "CLOCK STOPPED: counting tiles"
    assert banner_shows(k, 0)
    k.press("left", at=40)                          # Bob waits for Ann: he restarts
    assert "Bob" in k.view.error and k.state.clock.running is None
    k.press("right", at=41)
    assert k.state.clock.running == 0 and k.state.neutral_reason is None


def test_nobody_picks_and_it_stays_unspecified(kiosk):
    k = stopped(kiosk)
    k.at(35.9).step()                               # the question stays open for 10 s ...
    assert k.view.banner[0] == "CLOCK STOPPED: why?"
    k.at(36).step()                                 # ... then it is a stop without a reason
    assert neutrals(k) == [ev.ClockNeutralised(T0 + 25 * S, "unspecified")]
    assert k.view.banner[0] == "CLOCK STOPPED"
    assert banner_shows(k, 0)


@pytest.mark.parametrize("answer", ["Enter", "Escape", "left", "right", "centre"])
def test_enter_escape_or_a_button_gives_no_reason(kiosk, answer):
    k = stopped(kiosk)
    if answer in ("left", "right", "centre"):
        k.press(answer, at=27)
    else:
        k.key(answer, at=27)
    assert neutrals(k) == [ev.ClockNeutralised(T0 + 25 * S, "unspecified")]
    assert k.state.clock.running is None            # the answering press restarted nothing


def test_a_digit_without_a_reason_and_letters_are_ignored(kiosk):
    k = stopped(kiosk, preset="school")             # three reasons
    k.type("9x0", at=27)
    assert len(neutrals(k)) == 1 and k.view.banner[0] == "CLOCK STOPPED: why?"
    k.type("2", at=28)
    assert neutrals(k)[-1] == ev.ClockNeutralised(T0 + 28 * S, "director")
    assert k.view.banner[0] == "CLOCK STOPPED: director called"


def test_the_digit_goes_to_the_reason_not_to_a_turn_waiting_to_be_entered(kiosk):
    k = kiosk()
    k.press("left", at=1)
    k.press("right", at=20)                         # Bob pressed; his score is still to type
    k.press("centre", at=25).press("right", at=26)  # Ann's clock stopped: just stop
    k.type("1", at=27)
    assert neutrals(k)[-1] == ev.ClockNeutralised(T0 + 27 * S, "score")
    assert k.view.halves[1].entry == "SCORE _"
    k.type("17\n", at=28)
    assert k.state.turns[0].score == 17


def test_the_neutral_screen_is_dimmed_with_the_reason_in_its_banner(kiosk):
    k = stopped(kiosk, preset="absp")
    k.type("5", at=27)                              # ABSP 7.1: waiting for the bag count
    k.shot("neutral-bag-count")
    assert k.view.banner[0] == "CLOCK STOPPED: counting the bag"
    lay = drawn_layout(k.surface.get_size(), k.view)            # the banner as tall as it needs
    assert count(k.surface, lay.rows[0]["time"], theme.DIM) > 1000
    assert count(k.surface, lay.rows[0]["time"], theme.FG) == 0
    assert isinstance(k.screen, ClockScreen)
