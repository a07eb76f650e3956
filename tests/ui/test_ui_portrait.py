"""Portrait as a layout of its own (issue 22 item 4): a screen taller than wide (the Touch Display 2
standing, 720x1280; or 1080x1920) is found from its size and stacks the two halves, the left
player's on top; the keyboard's labels are all one size (the letters no longer drawn each as large
as its own key allows); ``flat`` on a portrait screen stacks them too."""
import pygame
import pytest

from kiosk.ui.widgets import panel
from kiosk.ui.widgets.frame import layout
from tests.support.keyboard_scenes import painted


@pytest.mark.parametrize("size", [(720, 1280), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_portrait_screen_stacks_the_halves_the_left_player_on_top(kiosk, size):
    lay = layout(size)
    assert lay.portrait and lay.halves[0].bottom <= lay.banner.top < lay.banner.bottom <= lay.halves[1].top
    assert lay.halves[0].width == lay.halves[1].width == size[0]
    k = kiosk(names=("Ann", "Bob"), size=size)
    k.press("left", at=1).at(2.5).step()                    # Bob's clock runs
    _, notes = painted(k, size)
    ann, bob = [n for n in notes if n.kind == "clock"]
    assert (ann.text, bob.text) == (k.view.halves[0].time, k.view.halves[1].time) and bob.text != "25:00"
    assert ann.ink.bottom <= bob.ink.top                    # Ann's face above Bob's
    assert lay.halves[0].contains(ann.ink) and lay.halves[1].contains(bob.ink)


def test_a_portrait_clock_stands_clear_of_its_score_and_a_line_divides_the_halves(kiosk):
    """Issue 26: the score no longer sits 1 mm under the colon (it read as part of the clock):
    3 mm of clear space at least; and a line across the screen between the halves while no
    banner shows there."""
    from kiosk.ui.widgets import theme
    from tests.support.ui_pixels import count
    size = (720, 1280)
    k = kiosk(names=("Ann", "Bob"), size=size)
    k.press("left", at=1).at(2.5).step()                    # Bob's clock runs
    surface, notes = painted(k, size)
    down = panel.px_per_mm(size)[1]
    for slot, clock in enumerate(n for n in notes if n.kind == "clock"):
        score = next(n for n in notes if n.kind == "text" and n.text == k.view.halves[slot].score
                     and n.ink.top > clock.ink.bottom)
        assert (score.ink.top - clock.ink.bottom) / down >= 3, slot
    lay = layout(size)
    assert not k.view.banner
    between = lay.halves[0].bottom, lay.halves[1].top
    rows = [y for y in range(*between) if count(surface, pygame.Rect(0, y, size[0], 1), theme.BAR_FG) >= size[0] * 0.9]
    assert rows and len(rows) / down >= 0.5                 # a line across, half a millimetre thick


def test_the_touch_display_2_is_known_by_its_size():
    assert panel.panel((720, 1280)) == panel.TOUCH_DISPLAY_2
    assert panel.px_per_mm((720, 1280)) == pytest.approx((720 / 88, 1280 / 155))
    assert panel.panel((800, 480)) == panel.TOUCH_DISPLAY


def test_the_portrait_keyboards_labels_are_all_one_size(kiosk):
    """The tiles left at 720x1280: every letter, ? and DEL at one font size (I is no bar, M and
    O no smaller than A), the keys 9 mm at least."""
    k = kiosk(names=("Ann", "Bob"), size=(720, 1280))
    k.press("right", at=2).press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    k.press("centre", at=90).press("left", at=91).type("16\n", at=92).press("right", at=93)
    k.type("q", at=94)                                      # Bob's rack: the letters
    surface, notes = painted(k, (720, 1280))
    k.shot("portrait-rack")
    keys = [n for n in notes if n.kind == "key"]
    labels = [n for n in notes if n.kind == "text" and any(n.text == key.text and key.ink.contains(n.ink)
                                                            for key in keys)]
    rack = [n for n in labels if n.text in set("ABCDEFGHIJKLMNOPQRSTUVWXYZ?") | {"DEL", "ENTER"}]
    assert {n.text for n in rack} >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ?")
    assert len({n.size for n in rack}) == 1
    across, down = panel.px_per_mm((720, 1280))
    assert min(key.ink.width / across for key in keys) >= 9 and min(key.ink.height / down for key in keys) >= 9


def test_flat_on_a_portrait_screen_stacks_the_halves(kiosk):
    k = kiosk(names=("Ann", "Bob"), size=(720, 1280), orientation="flat")
    assert k.kiosk.machine.orientation == "side"
    k.press("left", at=1)
    _, notes = painted(k, (720, 1280))
    assert {id(n.surface) for n in notes} == {id(notes[0].surface)}     # one surface: not turned halves


def test_in_simulation_a_tap_on_the_upper_half_is_the_left_players_button(kiosk):
    """The rehearsal's and the demo's fingers find the buttons by kiosk.ui.touch.where."""
    from kiosk.ui import touch
    k = kiosk(names=("Ann", "Bob"), size=(720, 1280))
    k.tap((600, 300), at=1)                                # Ann's half, on top: Ann goes second
    assert k.state.clock.running == 1
    point = touch.where((720, 1280), k.view, ("button", "right"), sim=True)
    assert point[1] > layout((720, 1280)).banner.centery    # Bob's half, below
    k.tap(point, at=5)
    assert k.state.clock.running == 0 and k.view.halves[1].keyboard is not None
