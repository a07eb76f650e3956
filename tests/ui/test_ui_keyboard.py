"""The on-screen keyboard on the real kiosk (SDL's dummy driver, a real SQLite journal): its keys
at least 9 mm wide and tall on its panel, never over either clock, letters only where
letters are allowed, on the half of the player who types (turned to face them on a flat
screen), typing what a USB keyboard types (which still works beside it), the judge's one
verdict unchanged, the director's PIN and menu by touch alone, and a touch-only table that
refuses a key event loudly."""
from tests.support.ui_harness import ENABLE_LABEL
import pygame
import pytest

from common.game import events as ev
from kiosk.ui.clock import flat
from kiosk.ui.widgets import keyboard as onscreen, panel, theme
from kiosk.ui import touch
from kiosk.ui.widgets.base import UiSettings
from kiosk.ui.widgets.frame import layout, upright_layout
from kiosk.ui.clock.view import ClockView
from kiosk.ui.menu.screen import DirectorScreen
from kiosk.ui.widgets.entry import RackEntry, TurnEntry, WordsEntry
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.judge.verdict import VerdictView
from tests.support.director_steps import centre_down, centre_up
from tests.support.keyboard_scenes import (PIN, PIN_HASH, SCENES, STATION_PIN, STATION_SCENES, key_mm,
                                           painted, scenes, station_scenes)
from tests.support.ui_pixels import count

LETTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
DIGITS = set("0123456789")


def offered(view) -> set[str]:
    """What the keys on screen type, on either half."""
    size = (1280, 720)
    return {key.key for _, key in touch.keys_on(size, view)}


def keys_and_clocks(k, size, orientation) -> list[tuple[list, list]]:
    """Per surface the screen is drawn on (the screen; or each upright half, flat): the keys'
    rectangles and the clock faces' ink, as painted (theme.recording)."""
    _, notes = painted(k, size)
    surfaces = list(dict.fromkeys(id(n.surface) for n in notes))
    if orientation == "side":
        keyed = [[rect for rect, _ in touch.keys_on(size, k.view)]]
    else:
        upright = flat.portrait_size(size)
        keyed = [[rect for rect, _ in touch.keys_on(upright, k.view, p)] for p in (0, 1)]
    return [(keys, [n.ink for n in notes if n.kind == "clock" and id(n.surface) == surface])
            for keys, surface in zip(keyed, surfaces)]


def tap_key(k, key: str, at: float | None = None):
    point = touch.where(k.surface.get_size(), k.view, ("key", key), sim=k.config.sim,
                        orientation=k.config.orientation)
    assert point is not None, f"no {key!r} key on screen"
    return k.tap(point, at=at)


def test_the_7_inch_panel_has_5_19_pixels_a_millimetre_across_and_5_59_down():
    assert panel.px_per_mm((800, 480)) == pytest.approx((800 / 154.08, 480 / 85.92))
    assert panel.px_per_mm(flat.portrait_size((800, 480)), upright=True) == pytest.approx((480 / 85.92, 800 / 154.08))
    assert onscreen.key_min((800, 480)).width == pytest.approx(9 * 5.192, abs=0.01)
    assert onscreen.key_min(flat.portrait_size((800, 480)), upright=True).width == pytest.approx(9 * 5.587, abs=0.01)
    assert panel.px_per_mm((720, 1280)) == pytest.approx((720 / 88, 1280 / 155))     # Touch Display 2


@pytest.mark.parametrize("orientation", ["side", "flat"])
def test_every_key_is_at_least_9_mm_wide_and_tall_on_the_7_inch_800x480_panel(kiosk, orientation):
    """Every key of every scene (the typing keys, the director's menu, HOLD, FIX SCORE, TIMES, a
    stop's reasons...) is 9 mm by 9 mm at least: the keys a player types with take the whole
    width below both clocks, which show small meanwhile."""
    k = kiosk(size=(800, 480), orientation=orientation, pin_hash=PIN_HASH)
    narrowest, shortest = {}, {}
    for scene in scenes(k):
        sizes = key_mm((800, 480), k.view, orientation)
        assert sizes, scene
        narrowest[scene] = min(w for _, w, _ in sizes)
        shortest[scene] = min(h for _, _, h in sizes)
    assert set(narrowest) == set(SCENES)
    assert all(mm >= 9.0 for mm in narrowest.values()), narrowest
    assert all(mm >= 9.0 for mm in shortest.values()), shortest


def test_every_key_of_the_judge_station_is_at_least_9_mm_wide_and_tall_at_800x480(station):
    s = station(size=(800, 480), pin=STATION_PIN)
    sizes = {scene: key_mm((800, 480), s.view) for scene in station_scenes(s)}
    assert set(sizes) == set(STATION_SCENES) and all(sizes.values())
    assert min(min(w, h) for keys in sizes.values() for _, w, h in keys) >= 9.0, sizes


@pytest.mark.parametrize("orientation", ["side", "flat"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keyboard_never_covers_either_clock(kiosk, size, orientation):
    k = kiosk(size=size, orientation=orientation, pin_hash=PIN_HASH)
    checked = []
    for scene in scenes(k):
        if not isinstance(k.view, ClockView):
            continue
        drawn = keys_and_clocks(k, size, orientation)
        assert sum(len(keys) for keys, _ in drawn) and sum(len(clocks) for _, clocks in drawn) == 2
        assert [(key, clock) for keys, clocks in drawn for key in keys for clock in clocks
                if key.colliderect(clock)] == [], scene
        checked.append(scene)
    assert checked == ["turn", "blank", "hold", "word", "exchange", "reasons", "stopped", "playout", "rack"]


def test_letters_only_where_letters_are_allowed():
    turn = TurnEntry()
    keys = {k.key for k in turn.keyboard().grid}
    assert DIGITS <= keys and not keys & LETTERS and "?" in keys          # a score; ? a blank
    turn.key("3")
    turn.key("?")
    keys = {k.key for k in turn.keyboard().grid}
    assert keys == LETTERS | {"Backspace"} and turn.text() == "SCORE 3  blank ?"
    turn.key("e")
    assert turn.text() == "SCORE 3  blank E" and turn.blank_next is False
    turn.key("?")
    turn.key("s")
    assert "?" not in {k.key for k in turn.keyboard().grid}               # two blanks at most
    turn.key("Tab")                                                       # an exchange: 1 to 7 tiles
    assert {k.key for k in turn.keyboard().grid} == set("1234567") | {"Backspace"}
    turn.key("Tab")                                                       # a pass: nothing to type
    assert turn.keyboard().grid == () and {k.key for k in turn.keyboard().actions} == {"Tab", "Enter"}
    assert {k.key for k in TurnEntry(play_only=True).keyboard().actions} == {"Enter"}
    rack = {k.key for k in RackEntry().keyboard().grid}
    assert rack == LETTERS | {"?", "Backspace"}                           # ? where a blank is
    words = WordsEntry(8).keyboard()
    assert {k.key for k in words.grid} == LETTERS | {"Backspace"}
    assert [(k.key, k.label) for k in words.actions] == [(" ", "NEXT WORD")]


def test_a_blank_typed_after_its_score_by_touch_alone(kiosk):
    k = kiosk(gpio=True)                           # taps are keys only: the buttons are GPIO
    k.press("left", at=1).press("right", at=20)
    assert k.view.halves[1].keyboard is not None and k.view.halves[0].keyboard is None
    tap_key(k, "3", at=21)
    tap_key(k, "1")
    tap_key(k, "?")
    assert k.view.halves[1].entry == "SCORE 31  blank ?"
    assert LETTERS <= offered(k.view) and not DIGITS & offered(k.view)
    k.key("Enter", at=22)                          # not yet: the blank's letter first
    assert k.events(ev.TurnRecorded) == [] and k.view.error == "type the letter the blank stands for"
    tap_key(k, "E", at=23)
    assert DIGITS <= offered(k.view)               # back to the score's keys
    tap_key(k, "Enter", at=24)
    (turn,) = k.events(ev.TurnRecorded)
    assert (turn.score, turn.blanks) == (31, "E")


def test_a_usb_keyboard_still_works_beside_it_and_the_judge_gives_one_verdict(kiosk):
    k = kiosk(names=("Ann", "Bob"))
    k.press("right", at=1).press("left", at=20)
    k.type("4", at=21)                             # the keyboard ...
    tap_key(k, "2")                                # ... and a tap, in one score
    k.type("\n", at=22)
    assert k.events(ev.TurnRecorded)[-1].score == 42
    k.press("centre", at=30).press("centre", at=31)    # Bob challenges Ann's play
    assert isinstance(k.screen, JudgeScreen)
    lay = layout(k.surface.get_size())
    keys = touch.keys_on(k.surface.get_size(), k.view)
    assert keys and all(lay.body.contains(rect) for rect, _ in keys)   # across, below the words
    tap_key(k, "Z", at=32)
    k.type("a", at=32)
    tap_key(k, "X")
    tap_key(k, " ")                                # NEXT WORD
    k.type("qxz", at=33)
    tap_key(k, "T")
    assert k.view.words == ("ZAX",) and k.view.typing == "QXZT"
    k.press("left", at=34)                         # Ann, challenged, asks the verdict
    assert k.view == VerdictView(False, ("ZAX", "QXZT"), ENABLE_LABEL)        # one verdict, no word's own
    (ruling,) = k.events(ev.ChallengeRuled)
    assert ruling.words == ("ZAX", "QXZT") and ruling.valid is False


def test_on_a_flat_screen_the_challengers_keyboard_faces_the_challenger_alone(kiosk):
    k = kiosk(names=("Ann", "Bob"), orientation="flat")
    k.press("right", at=1).press("left", at=20).type("42\n", at=21)
    k.press("centre", at=30).press("centre", at=31)    # Bob challenges
    size = k.surface.get_size()
    upright = flat.portrait_size(size)
    assert touch.keys_on(upright, k.view, 1) and touch.keys_on(upright, k.view, 0) == []
    w, h = size
    ann, bob = pygame.Rect(0, 0, w // 2, h), pygame.Rect(w // 2, 0, w - w // 2, h)
    assert count(k.surface, bob, theme.KEY_BG, tolerance=4) > 1000      # keys drawn on Bob's half ...
    assert count(k.surface, ann, theme.KEY_BG, tolerance=4) == 0        # ... and none on Ann's
    for letter in "QI":
        tap_key(k, letter, at=32)                  # where Bob's turned half shows the key
    assert k.view.typing == "QI"


def test_the_director_by_touch_alone(kiosk):
    k = kiosk(gpio=True, pin_hash=PIN_HASH, orientation="flat")
    k.press("right", at=1)                         # Ann's clock runs
    centre_down(k, at=10)
    k.at(13).step()                                # held 3 s: the PIN prompt
    centre_up(k, at=13.5)
    assert isinstance(k.screen, DirectorScreen) and offered(k.view) == DIGITS | {"Backspace", "Enter", "Escape"}
    for digit in "2460":
        tap_key(k, digit, at=14)
    tap_key(k, "Enter")
    assert k.screen.step == "pin" and k.view.error == "wrong PIN (2 attempts left)"   # the door's own check
    for digit in PIN:
        tap_key(k, digit, at=15)
    tap_key(k, "Enter")
    assert k.screen.step == "menu" and offered(k.view) == set("1234567890E") | {"Escape"}  # E: enroll
    tap_key(k, "3", at=16)                         # adjust a player's time ...
    tap_key(k, "1")                                # ... Ann's
    for key in "+30":
        tap_key(k, key, at=17)
    tap_key(k, "Enter")
    assert k.screen.step == "confirm"
    tap_key(k, "Enter", at=18)                     # RECORD
    (adjusted,) = k.events(ev.TimeAdjusted)
    assert adjusted.player == 0 and adjusted.delta_ns == -30 * 1_000_000_000   # 30 s more on her clock
    tap_key(k, "Escape", at=19)                    # BACK: out of the menu
    assert not isinstance(k.screen, DirectorScreen)


def test_without_display_keypad_no_keyboard_shows(kiosk):
    k = kiosk(settings=UiSettings(keypad=False), pin_hash=PIN_HASH)
    for scene in scenes(k):
        assert touch.keys_on(k.surface.get_size(), k.view) == [], scene


@pytest.mark.parametrize("orientation", ["side", "flat"])
def test_a_tap_where_each_key_is_drawn_types_that_key(kiosk, orientation):
    k = kiosk(orientation=orientation, pin_hash=PIN_HASH, size=(800, 480))
    size = k.surface.get_size()
    for scene in scenes(k):
        keys = {key.key for rect, key in touch.keys_on(size, k.view)} if orientation == "side" else \
            {key.key for p in (0, 1) for rect, key in touch.keys_on(flat.portrait_size(size), k.view, p)}
        assert keys, scene
        for key in keys:
            point = touch.where(size, k.view, ("key", key), sim=True, orientation=orientation)
            assert touch.meaning(size, k.view, point, sim=True, orientation=orientation) == ("key", key)


def test_a_touch_only_table_takes_taps_and_refuses_a_key_event_loudly(kiosk):
    k = kiosk(taps_only=True)
    w, h = k.surface.get_size()
    k.tap((3 * w // 4, h // 2), at=1)              # Bob's half: Bob goes second
    assert k.state.clock.running == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0))
    k.loop.pump()
    with pytest.raises(touch.NotATap, match=r"takes taps alone \(--touch-only\), and a key \(a, at"):
        k.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    k.loop.pump()
    with pytest.raises(touch.NotATap, match=r"a button press \(left, at"):     # F1, the button's key twin
        k.step()
    assert k.events(ev.TurnEnded) == []                            # neither did anything
