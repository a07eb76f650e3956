"""Time charged at the edge, through the real kiosk: MockFactory pins whose edge is stamped
20 ms before its callback runs (as lgpio stamps the kernel's time of the edge while the callback
waits for the GIL), the real button driver, loop, core and SQLite journal. The player's clock is
charged to the edge, not to the callback."""
from common.game import events as ev
from common.game.clock import used
from tests.support.app_harness import S, T0

MS = S // 1000


def test_a_late_callback_charges_the_press_at_its_edge(kiosks):
    k = kiosks(names=("Ann", "Bob"))
    k.press("right", at=2)                                  # Bob goes second: Ann's clock runs from 2 s
    assert k.state.clock.running == 0 and k.state.clock.since_ns == T0 + 2 * S

    k.press("left", at=30, edge=29.98)                      # Ann's edge at 29.98 s, its callback at 30 s

    (ended,) = k.events(ev.TurnEnded)
    assert ended.player == 0 and ended.at_ns == T0 + 29 * S + 980 * MS
    assert used(k.state.clock, 0, k.now) == 27 * S + 980 * MS  # Ann: 27.98 s, not 28 s
    assert k.state.clock.running == 1 and k.state.clock.since_ns == T0 + 29 * S + 980 * MS
    k.at(40).step()
    assert used(k.state.clock, 1, k.now) == 10 * S + 20 * MS  # Bob's time runs from the edge


def test_a_press_without_a_late_callback_is_charged_when_it_came(kiosks):
    """The same press with its callback at the edge (lgpio on an idle kiosk) is charged at 30 s."""
    k = kiosks(names=("Ann", "Bob"))
    k.press("right", at=2)
    k.press("left", at=30)
    (ended,) = k.events(ev.TurnEnded)
    assert ended.at_ns == T0 + 30 * S
    assert used(k.state.clock, 0, k.now) == 28 * S
