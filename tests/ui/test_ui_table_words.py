"""Issue 38 item 17 at the table, read off real surfaces: the portrait setup says whose button
each name is (the names stand one above the other there, so the side a name is on no longer
says it), and BACK never looks like ENTER on any screen with keys (green says what goes on:
ENTER, RECORD; BACK only goes back). At 800x480, 1280x720, 720x1280 and flat."""
from __future__ import annotations

import pygame
import pytest

from kiosk.ui.setup.screen import SetupScreen
from kiosk.ui.widgets import theme
from tests.support.keyboard_scenes import PIN_HASH, layout_problems, painted, scenes, small_text
from tests.support.names import PAIRS

SCREENS = [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"), ((800, 480), "flat")]
IDS = ["800x480", "1280x720", "720x1280", "flat"]
NAMES = PAIRS["aspa"]           # a long "Surname, Given" on the left, diacritics on the right


def name_ink(notes, name: str) -> pygame.Rect:
    """Where the screen painted ``name`` (one text, or the lines it was wrapped onto)."""
    words = set(name.replace("-", "- ").split())
    parts = [n.ink for n in notes if n.kind == "text" and n.text and set(n.text.replace("-", "- ").split()) <= words]
    assert parts, name
    return parts[0].unionall(parts[1:])


def texts(notes) -> list[theme.Painted]:
    return [n for n in notes if n.kind == "text"]


def test_the_portrait_setup_says_whose_button_each_name_is(kiosk):
    k = kiosk(names=NAMES, size=(720, 1280))
    assert isinstance(k.screen, SetupScreen)
    surface, notes = painted(k, (720, 1280))
    left, right = name_ink(notes, NAMES[0]), name_ink(notes, NAMES[1])
    said = {n.text: n for n in texts(notes) if n.text in ("the left button", "the right button")}
    assert set(said) == {"the left button", "the right button"}
    under_left, under_right = said["the left button"].ink, said["the right button"].ink
    assert left.bottom <= under_left.top < right.top          # just under the left player's name ...
    assert right.bottom <= under_right.top                   # ... and the right player's under theirs
    assert under_left.top - left.bottom < left.height and under_right.top - right.bottom < right.height
    assert layout_problems(notes) == [] and small_text(notes, (720, 1280)) == []
    assert "lexicon: " in " ".join(n.text for n in texts(notes))      # the word list's line still shown
    k.shot("setup-buttons-720x1280")
    k.press("right", at=1)                  # the right button (the lower name's) starts the left clock
    assert k.state.clock.running == 0


@pytest.mark.parametrize("size, orientation", [s for s in SCREENS if s[0] != (720, 1280)],
                         ids=[i for i in IDS if i != "720x1280"])
def test_side_by_side_the_setup_needs_no_button_words(kiosk, size, orientation):
    """Where each name stands on its own button's side (or faces its own player, flat), the
    names say it themselves: no line of button words takes their room."""
    k = kiosk(names=NAMES, size=size, orientation=orientation)
    _, notes = painted(k, size)
    assert not [n for n in texts(notes) if "button" in n.text and n.text.startswith("the ")]
    if orientation == "side":
        assert name_ink(notes, NAMES[0]).right <= name_ink(notes, NAMES[1]).left
    assert layout_problems(notes) == [] and small_text(notes, size, orientation) == []


def key_colour(note: theme.Painted, notes) -> tuple:
    """The colour the key ``note`` is filled with, read off its surface just inside its top
    edge, clear of its label."""
    x, y = note.ink.centerx, note.ink.top + 3
    assert not any(t.ink.collidepoint(x, y) for t in texts(notes) if t.surface is note.surface)
    return tuple(note.surface.get_at((x, y)))[:3]


@pytest.mark.parametrize("size, orientation", SCREENS, ids=IDS)
def test_back_never_looks_like_enter_on_any_screen_with_keys(kiosk, size, orientation):
    k = kiosk(size=size, orientation=orientation, pin_hash=PIN_HASH)
    seen = set()
    for scene in scenes(k):
        _, notes = painted(k, size)
        keys = [n for n in notes if n.kind == "key"]
        backs = [key_colour(n, notes) for n in keys if n.text == "BACK"]
        goes_on = [key_colour(n, notes) for n in keys if n.text in ("ENTER", "RECORD")]
        assert all(colour == theme.KEY_BG for colour in backs), scene
        assert all(colour == theme.KEY_ACTION_BG for colour in goes_on), scene
        assert not set(backs) & set(goes_on), scene
        if backs:
            seen.add(scene)
        if backs and goes_on:
            seen.add(f"{scene}: beside ENTER")
    assert {"word", "pin", "selftest", "word: beside ENTER", "pin: beside ENTER"} <= seen, seen
