"""The clock screen repaints only what changed (a running clock: the characters of its face
that changed), and what it leaves on the screen is always exactly what a full redraw of the same
view paints, pixel for pixel, through a game: running clocks, entries with the keypad, a stop
with its banner, overtime, corrections of the bottom line."""
import pygame

from kiosk.ui.clock import paint as clockdraw
from kiosk.ui.clock.view import ClockView


def full_redraw(k) -> bytes:
    fresh = pygame.Surface(k.surface.get_size())
    clockdraw.draw(fresh, k.view)
    return pygame.image.tobytes(fresh, "RGB")


def same_as_full(k) -> bool:
    assert isinstance(k.view, ClockView)
    return pygame.image.tobytes(k.surface, "RGB") == full_redraw(k)


def test_partial_repaints_leave_exactly_a_full_redraw(kiosk):
    k = kiosk(overrides={"clock": {"time_per_side_s": 60}})
    k.press("left", at=1)                                   # Bob's clock runs
    painted = []
    for second in range(2, 14):
        k.at(second + 0.5)
        assert k.step()                                     # a new second: redrawn ...
        painted.append(k.machine_dirty())
        assert same_as_full(k)
    areas = [sum(r.width * r.height for r in rects) / (1280 * 720) for rects in painted]
    assert all(0 < area < 0.15 for area in areas), painted  # 1:00 -> 0:59: three characters
    assert sum(area < 0.05 for area in areas) >= 10          # most seconds: one character
    k.press("right", at=20)                                 # Bob's turn ends: the keypad
    assert same_as_full(k)
    k.type("4", at=21)
    assert same_as_full(k)
    k.type("2\n", at=22)
    assert same_as_full(k)
    k.press("centre", at=30)                                # stopped: the banner
    assert same_as_full(k)
    k.press("right", at=31).key("Enter", at=32)
    assert same_as_full(k)
    k.press("right", at=40)                                 # Bob restarts Ann's clock
    for second in range(100, 104):                          # Ann in overtime
        k.at(second).step()
        assert same_as_full(k)
    assert k.view.halves[0].overtime


def test_the_touch_controls_repaint_to_exactly_a_full_redraw(kiosk):
    """HOLD, FIX SCORE and TIMES coming and going, a stop's reasons below the banner, the note
    beside the controls at the end: each frame the same pixels as a full redraw."""
    k = kiosk()
    k.press("right", at=1).press("left", at=20).type("24\n", at=21)     # Bob may hold
    for second in (22, 23):
        k.at(second).step()
        assert k.view.halves[1].controls is not None and same_as_full(k)
    k.key("Hold", at=24)
    assert same_as_full(k)
    k.at(25).step()
    assert same_as_full(k)
    k.press("centre", at=30).press("left", at=31)                       # why? the reasons
    assert k.view.shared is not None and same_as_full(k)
    k.type("1", at=32)                                                  # stopped: FIX SCORE
    assert same_as_full(k)
    k.press("left", at=40)                                              # Ann restarts Bob's
    k.press("centre", at=50).press("right", at=51).type("30\n", at=52)  # Bob went out
    assert same_as_full(k)
    k.press("left", at=60).type("q", at=61)                             # Ann's rack; Bob waits
    assert k.view.halves[1].note.startswith("waiting for") and same_as_full(k)
    k.type("i\n", at=62)
    assert same_as_full(k)
    k.press("left", at=63)                                              # a note changes beside FIX SCORE
    assert k.view.halves[0].note == "CONFIRMED" and same_as_full(k)
