"""Issue 26's words for players: on a touch table with no keyboard the hints name the
on-screen keys (ENTER, PLAY/EXCH/PASS, BACK, NO REASON), never a keyboard's (Enter, Tab,
Esc, F9); an entry's error ("type the score first") leaves the bottom line once the entry it was
about is no longer what is asked; overtime's penalty is said as points beside the clock, the
name cut short before the words are."""
import re

import pygame

from common.game import events as ev
from kiosk.ui.clock.overtime import over_line
from kiosk.ui.clock.correct import CorrectionScreen
from kiosk.ui.widgets import theme
from tests.support.keyboard_scenes import painted
from tests.ui.test_ui_touch_controls import ann_played, button, keys, tap

KEYBOARD_WORDS = re.compile(r"\b(Enter|Esc|Escape|Tab|Backspace|F\d{1,2})\b")


def keyboard_words(k) -> list[str]:
    """The texts on screen that name a keyboard's keys."""
    _, notes = painted(k, k.surface.get_size())
    return [n.text for n in notes if n.kind == "text" and KEYBOARD_WORDS.search(n.text)]


def test_a_touch_table_without_a_keyboard_names_the_on_screen_keys(kiosk):
    k = ann_played(kiosk)                           # taps only: no keyboard at this table
    assert not k.table.settings.keyboard
    button(k, "right", at=30)                       # Bob's turn to enter
    assert k.view.halves[1].note == "ENTER records  ·  PLAY/EXCH/PASS for an exchange or a pass"
    assert keyboard_words(k) == []
    keys(k, "30\n", at=31)
    button(k, "centre", at=40)                      # Ann's clock stopped: what for?
    assert keyboard_words(k) == []
    button(k, "right", at=41)                       # Bob: just a stop; why?
    assert k.view.banner == ("CLOCK STOPPED: why?", "Tap the reason.",
                             "No reason? Tap NO REASON or press a button.")
    assert keyboard_words(k) == []
    tap(k, ("key", "Enter"), at=42)                 # NO REASON
    assert keyboard_words(k) == []
    tap(k, ("key", "Correct"), at=43)               # a score to correct, by taps
    assert isinstance(k.screen, CorrectionScreen)
    assert k.view.prompt == "type the number of the turn to correct, then ENTER  ·  BACK: cancel"
    assert keyboard_words(k) == []


def test_with_a_keyboard_the_hints_name_its_keys(kiosk):
    k = kiosk(names=("Ann", "Bob"))                 # simulation: the keyboard is the buttons' twin
    assert k.table.settings.keyboard
    k.press("right", at=1).press("left", at=20)
    assert k.view.halves[0].note == "Enter records  ·  Tab: play / exchange / pass"


def test_a_stale_entry_error_leaves_when_another_entry_is_asked_for(kiosk):
    k = kiosk(taps_only=True, preset="nzasp")
    button(k, "right", at=1)                        # Bob goes second: Ann's clock runs
    button(k, "left", at=20)                        # Ann's turn, to enter
    tap(k, ("key", "Enter"), at=21)                 # nothing typed yet
    assert k.view.error == "type the score first"
    tap(k, ("key", "SendBack"), at=22)              # Bob: declare your blank first
    assert k.events(ev.TurnSentBack) and k.view.halves[0].entry == "BLANK _"
    assert k.view.error == ""                       # not under the blank's prompt
    keys(k, "E", at=23)
    button(k, "left", at=24)                        # declared: the score is asked for again,
    assert k.view.error == "" and k.view.halves[0].entry == "SCORE _  blank E"   # with the blank


def test_an_entry_error_leaves_once_the_entry_changes_and_other_messages_stay(kiosk):
    k = kiosk(taps_only=True)
    button(k, "right", at=1)
    button(k, "left", at=20)
    tap(k, ("key", "Enter"), at=21)
    assert k.view.error == "type the score first"
    keys(k, "2", at=22)                             # typing the score: the error is answered
    assert k.view.error == ""
    button(k, "left", at=23)                        # Bob's clock runs: Ann's press is refused ...
    said = k.view.error
    assert said and said != "type the score first"
    keys(k, "4", at=24)                             # ... and that stays while she types
    assert k.view.error == said


def test_overtime_says_points_and_a_long_name_gives_way(kiosk):
    surface = pygame.Surface((800, 480))
    row = pygame.Rect(0, 0, 380, 32)
    assert over_line(surface, row, "Bob", 20) == "Bob  ·  OVER  ·  -20 points"
    assert over_line(surface, row, "Bob", 0) == "Bob  ·  OVER"
    long = over_line(surface, row, "Zoë Ó Dálaigh-Featherstonehaugh", 30)
    assert long.endswith("… OVER -30 points") and long.startswith("Zoë Ó")     # closed up, then cut
    assert theme.font(theme.least_for(surface)).size(long)[0] <= row.width


def test_the_directors_screens_at_a_touch_table_name_the_keys_shown(kiosk):
    """Issue 38 item 17: the director at a table with no keyboard reads "tap" and the keys
    on the screen (RECORD, ENTER, BACK), never "type the number", Enter or Esc."""
    from tests.support.director_steps import PIN, PIN_HASH, centre_down, centre_up
    k = kiosk(gpio=True, names=("Ann", "Bob"), pin_hash=PIN_HASH)     # GPIO buttons, no keyboard
    assert not k.table.settings.keyboard
    centre_down(k, at=10)                           # the director's long press
    centre_up(k, at=14)
    assert keyboard_words(k) == []                  # the PIN: ENTER, BACK
    k.type(PIN + "\n", at=15)
    assert k.view.prompt == "tap what to do  ·  BACK: back to the game"
    assert keyboard_words(k) == []
    k.type("3", at=16)                              # adjust a time: whose?
    assert k.view.prompt == "whose time? tap one  ·  BACK: back"
    assert keyboard_words(k) == []
    k.type("1", at=17)
    assert keyboard_words(k) == []                  # the seconds: then ENTER
    k.type("+30\n", at=18)
    assert k.view.prompt == "RECORD records it  ·  BACK: back"
    assert keyboard_words(k) == [] and "type the number" not in k.view.prompt
