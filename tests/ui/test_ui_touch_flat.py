"""Touch and the two orientations, on the real kiosk: taps (mouse clicks and fingers posted to
pygame) are the twins of the buttons in simulation and type on the on-screen keyboard, which
shows while a player enters a turn across the whole width, both clocks small above it; in
the ``flat`` orientation each half is the upright half turned to face its player, and a tap is
turned back with it. Screenshots of both orientations are checked pixel for pixel."""
import pygame

from common.game import events as ev
from kiosk.ui.clock import flat
from kiosk.ui.widgets import theme
from kiosk.ui.clock.paint import keyboard_keys
from kiosk.ui.widgets.frame import layout, upright_layout
from tests.support.ui_pixels import colour_box, shows


def key_centre(k, key, facing=None, size=None):
    """The middle of ``key`` on the screen as drawn (side), or on the upright half of ``facing``."""
    size = size or k.surface.get_size()
    return next(rect.center for rect, name in keyboard_keys(size, k.view, facing) if name.key == key)


def test_in_simulation_a_tap_on_a_half_is_its_button_and_the_keypad_types(kiosk):
    k = kiosk(names=("Ann", "Bob"))
    w, h = k.surface.get_size()
    lay = layout((w, h))
    k.tap((w // 4, h // 2), at=1)                            # Ann's half: Ann goes second
    assert k.state.clock.running == 1
    k.tap((3 * w // 4, h // 3), at=20, finger=True)         # Bob's half, a finger: Bob's turn ends
    assert k.state.clock.running == 0 and k.view.halves[1].keyboard and not k.view.halves[0].keyboard
    k.shot("touch-keypad")
    keys = keyboard_keys((w, h), k.view)
    typing = k.view.halves[1].keyboard
    assert keys and all(lay.typing.keys.contains(rect) for rect, key in keys
                        if key in typing.grid + typing.actions)          # across, below the clocks
    clocks = colour_box(k.surface, lay.typing.clocks[0], theme.RUNNING)   # Ann's runs: framed amber
    assert clocks is not None and lay.typing.clocks[0].contains(clocks)
    ann = [(rect, key.label) for rect, key in keys if key not in typing.grid + typing.actions]
    assert [label for _, label in ann] == ["HOLD", "TIMES"]         # Ann's controls: in a row of
    row = lay.typing.arranged(0)[1]                                 # their own under her clock,
    assert all(row.contains(rect) and rect.top >= lay.typing.clocks[0].bottom  # at her end, never
               and rect.right <= w // 2 for rect, _ in ann)                   # in the clock's row
    for key in "35":
        k.tap(key_centre(k, key), at=21)
    assert k.view.halves[1].entry == "SCORE 35"
    k.tap(key_centre(k, "Enter"), at=22)
    assert k.events(ev.TurnRecorded)[-1].score == 35 and not k.view.halves[1].keyboard
    k.tap((w // 2, lay.bottom.centery), at=30)              # the bottom line: the centre button
    assert k.state.clock.running is None


def test_with_gpio_buttons_only_the_keypad_answers_a_tap(kiosk):
    k = kiosk(gpio=True)
    w, h = k.surface.get_size()
    k.tap((w // 4, h // 2), at=1)
    assert k.state.phase == "setup"                         # not a button: nothing happened
    k.press("left", at=2).press("right", at=20)
    k.tap(key_centre(k, "Tab"), at=21).tap(key_centre(k, "Tab"))
    k.tap(key_centre(k, "Enter"), at=22)                    # PASS, entered by touch
    assert k.events(ev.TurnRecorded)[-1].kind == "pass"


def upright(surface, player):
    """A half of the flat screen turned back upright, as its player reads it."""
    w, h = surface.get_size()
    half = surface.subsurface(pygame.Rect(0 if player == 0 else w // 2, 0, w // 2, h))
    return pygame.transform.rotate(half, 90 if player == 0 else -90)


def test_side_and_flat_orientations_show_each_half_to_its_player(kiosk, shots):
    side = kiosk(names=("Ann", "Bob"))
    side.press("left", at=1)                                # Bob's clock runs
    side.shot("orientation-side")
    lay = layout(side.surface.get_size())
    for p, name in enumerate(("Ann", "Bob")):
        assert shows(side.surface, lay.rows[p]["name"], name, theme.FG if p == 0 else theme.DIM) or \
            shows(side.surface, lay.rows[p]["name"], name, theme.FG)
    face = colour_box(side.surface, lay.rows[0]["time"], theme.FG)
    assert face.height >= side.surface.get_height() // 4     # legible from 3 m: a quarter of the height

    k = kiosk(names=("Ann", "Bob"), orientation="flat")
    k.press("left", at=1)
    k.shot("orientation-flat")
    assert k.view == side.view                              # the same view, drawn another way
    size = flat.portrait_size(k.surface.get_size())
    half_lay = upright_layout(size)
    for p, name in enumerate(("Ann", "Bob")):
        page = upright(k.surface, p)
        assert page.get_size() == size
        half = k.view.halves[p]
        assert shows(page, half_lay.rows[0]["name"], name, theme.DIM if half.dimmed else theme.FG,
                     density=flat.down_density(k.surface.get_size()))
    side.press("right", at=20)
    k.press("right", at=20)
    # the keyboard is on Bob's half, turned with it: a tap on a key there types
    w, h = k.surface.get_size()
    pw, ph = size
    assert [key.label for _, key in keyboard_keys(size, k.view, 0)] == ["HOLD", "TIMES"]  # Ann's controls
    assert k.view.halves[1].keyboard and keyboard_keys(size, k.view, 1)
    for key in "27":
        u, v = key_centre(k, key, facing=1, size=size)
        k.tap((w // 2 + v, pw - 1 - u), at=21)              # where the turned half shows it
    assert k.view.halves[1].entry == "SCORE 27"
    assert flat.to_portrait((w, h), (w // 2 + 10, 5)) == (1, (pw - 1 - 5, 10))
    assert flat.to_portrait((w, h), (5, 10)) == (0, (10, ph - 1 - 5))
