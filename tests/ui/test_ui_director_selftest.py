"""The hardware self-test from the director's menu (item 8), on the kiosk's own GPIO buttons
(MockFactory) and player displays (luma's dummy device): each button's arrival, a button never
pressed reported MISSING, the displays' test patterns, and the game shown again on leaving."""
from drivers.buttons import DEFAULT_PINS
from drivers.sevenseg import SevenSegmentDisplay
from kiosk.hardware.player_displays import PlayerOutputs
from kiosk.ui.menu.screen import DirectorScreen
from kiosk.ui.menu.selftest import SelfTestScreen
from tests.support.luma_dummy import digits, segment_bytes, seven_segment_device


def test_the_director_runs_the_self_test_at_the_table(kiosk):
    k = kiosk(gpio=True)
    module = SevenSegmentDisplay(seven_segment_device())
    k.kiosk.outputs.close()
    k.kiosk.outputs = k.table.outputs = PlayerOutputs({"left": module})
    k.press("right", at=1.0)                        # Ann's clock runs
    k.key("Director", at=2.0).type("0000\n").type("8", at=3.0)
    assert isinstance(k.screen, SelfTestScreen)
    assert k.view.entry == "press the LEFT player's button"
    for side, t in (("left", 4.0), ("right", 5.0)):
        k.at(t)
        pin = k.factory.pin(DEFAULT_PINS[side])
        pin.drive_low()
        pin.drive_high()
        k.at(t + 0.25).step()
    assert k.view.rows == ("left button: OK, latency 250.0 ms", "right button: OK, latency 250.0 ms")
    k.at(15.25).step()                              # 10 s without the centre button
    assert k.view.rows[-1] == "centre button: MISSING (not pressed within 10 s)"
    k.at(15.5).step()
    assert k.view.rows[-1] == "left display (max7219): all segments lit"
    assert segment_bytes(module.device) == [0xFF] * 8
    k.at(16.0).step()                               # the game does not overwrite the pattern
    assert segment_bytes(module.device) == [0xFF] * 8
    assert k.state.clock.running == 0 and len(k.journal.events) == 1    # nothing recorded
    k.key("Escape", at=17.0)
    assert isinstance(k.screen, DirectorScreen) and k.view.entry == "self-test: stopped before the end"
    k.key("Escape", at=18.0)
    assert segment_bytes(module.device) == digits("≡   24.43")     # the game again: 25:00 - 17 s
