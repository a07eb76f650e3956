"""Into the director's menu: a long press of the centre button (GPIO, MockFactory pins) or F10,
then the PIN. A short press does what a centre press always does; a long press on a stopped
clock opens no challenge; wrong PINs are refused and three lock the menu for a minute; the
menu itself changes nothing, and closes by itself when left alone."""
from tests.support.ui_harness import S, T0
from tests.support.director_steps import (PIN, PIN_HASH, centre_down, centre_up, error_shows, menu_shows, open_menu,
                            recorded, row_shows)
from common.game import events as ev
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen, stop_reasons
from kiosk.ui.menu.screen import IDLE_S, DirectorScreen
from kiosk.ui.menu.actions import ACTIONS, ENROLL_AGAIN
from kiosk.ui.judge.screen import JudgeScreen


def running(kiosk, **options):
    """Ann goes second (Bob's clock runs from 1 s), Bob plays 35 at 20 s: Ann's clock runs."""
    k = kiosk(pin_hash=PIN_HASH, **options)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    assert k.state.clock.running == 0
    return k


def stopped(kiosk, **options):
    """As ``running``, then the clock stopped at 30 s for the director (Ann's centre press)."""
    k = running(kiosk, **options)
    k.press("centre", at=30).press("right", at=31)         # just a stop ...
    k.type(str(1 + stop_reasons(k.state).index("director")), at=32)  # ... for the director
    assert k.state.neutral_reason == "director" and k.state.clock.running is None
    return k


def test_a_long_press_of_the_centre_button_asks_for_the_pin(kiosk):
    k = running(kiosk, gpio=True)
    before = len(k.journal.lines)
    centre_down(k, at=30)                   # the press stops the clock at once, as always
    assert recorded(k, before) == [ev.ClockNeutralised(T0 + 30 * S, "unspecified")]
    k.at(32.9).step()                       # held 2.9 s: not yet
    assert isinstance(k.screen, ClockScreen)
    k.at(33).step()                         # held 3 s: the PIN prompt, the button still down
    assert isinstance(k.screen, DirectorScreen) and k.screen.step == "pin"
    centre_up(k, at=33.5)                   # the release changes nothing more
    k.shot("director-pin")
    assert k.view.heading == "DIRECTOR'S MENU: PIN" and k.view.entry == "PIN _"
    assert menu_shows(k, "heading", "DIRECTOR'S MENU: PIN", theme.RUNNING)
    k.type("24", at=34)
    assert k.view.entry == "PIN **_"        # the PIN never shows
    k.type("68\n", at=35)
    k.shot("director-menu")
    assert k.screen.step == "menu" and k.view.heading == "DIRECTOR'S MENU"
    assert k.view.rows == tuple(f"{a.digit}   {a.label}" for a in ACTIONS + (ENROLL_AGAIN,))
    assert row_shows(k, 0, "1   late start")          # the choices as keys, in columns
    assert row_shows(k, 6, "7   correct a score")
    assert k.view.status == "Ann 24:50  ·  Bob 24:41  ·  clock stopped"
    assert recorded(k, before) == [ev.ClockNeutralised(T0 + 30 * S, "unspecified")]


def test_a_long_press_is_known_at_its_release_when_no_pass_came_between(kiosk):
    k = running(kiosk, gpio=True)
    pin = k.factory.pin(22)
    k.at(30)
    pin.drive_low()                         # down at 30 s ...
    k.at(34)
    pin.drive_high()                        # ... up at 34 s, and only then a pass of the loop
    k.step()
    assert isinstance(k.screen, DirectorScreen) and k.screen.step == "pin"
    assert k.state.clock.running is None and k.state.clock.used_ns[0] == 10 * S


def test_a_short_press_does_what_the_centre_button_does(kiosk):
    k = running(kiosk, gpio=True)
    centre_down(k, at=30)
    centre_up(k, at=30.4)
    k.at(35).step()
    assert isinstance(k.screen, ClockScreen) and k.screen.choice is not None   # what for?
    k.press("right", at=36).key("Enter", at=37)            # just a stop
    assert k.state.clock.running is None
    centre_down(k, at=50)                   # on a stopped clock the centre challenges ...
    assert k.state.phase == "playing"       # ... once the button is up again
    centre_up(k, at=50.3)
    assert k.state.phase == "challenge" and isinstance(k.screen, JudgeScreen)
    assert recorded(k)[-1] == ev.ChallengeOpened(T0 + 50 * S, 0, 0)   # at the press's own time


def test_a_long_press_on_a_stopped_clock_opens_no_challenge(kiosk):
    k = stopped(kiosk, gpio=True)
    journal = list(k.journal.lines)
    centre_down(k, at=40)
    k.at(43).step()
    centre_up(k, at=43.2)
    assert isinstance(k.screen, DirectorScreen)
    k.key("Escape", at=44)                  # the PIN prompt left: the game as it was
    assert isinstance(k.screen, ClockScreen) and k.state.phase == "playing"
    assert k.journal.lines == journal and k.view.banner[0] == "CLOCK STOPPED: director called"


def test_the_keyboard_twin_never_makes_a_long_press_and_f10_opens_the_prompt(kiosk):
    k = running(kiosk)                      # sim: F6 is the centre button; no releases
    k.press("centre", at=30).press("right", at=31).key("Enter", at=32)
    k.at(60).step()
    assert isinstance(k.screen, ClockScreen)
    k.key("Director", at=61)
    assert isinstance(k.screen, DirectorScreen) and k.screen.step == "pin"


def test_a_wrong_pin_is_refused_and_three_lock_the_menu_for_a_minute(kiosk):
    k = stopped(kiosk)
    journal = list(k.journal.lines)
    k.key("Director", at=40).type("1111\n", at=41)
    k.shot("director-wrong-pin")
    assert k.view.error == "wrong PIN (2 attempts left)" and error_shows(k, "wrong PIN (2 attempts left)")
    assert k.screen.step == "pin" and k.view.entry == "PIN _"
    k.type("2222\n", at=42)
    assert k.view.error == "wrong PIN (1 attempt left)" and k.screen.step == "pin"
    k.type(PIN[:3] + "9\n", at=43)          # the third: locked, back to the game
    assert isinstance(k.screen, ClockScreen)
    assert k.view.error == "the director's menu is locked for 1:00 after 3 wrong PINs"
    k.key("Director", at=73)
    assert isinstance(k.screen, ClockScreen)
    assert k.view.error == "the director's menu is locked for 0:30 after 3 wrong PINs"
    k.key("Director", at=103)               # a minute after the third wrong PIN
    open_menu(k, at=104)
    assert isinstance(k.screen, DirectorScreen) and k.screen.step == "menu"
    assert k.journal.lines == journal       # none of it is a game event


def test_the_right_pin_resets_the_count_of_wrong_ones(kiosk):
    k = stopped(kiosk)
    k.key("Director", at=40).type("1111\n2222\n" + PIN + "\n", at=41)
    assert k.screen.step == "menu"
    k.key("Escape", at=42)
    k.key("Director", at=43).type("1111\n2222\n", at=44)
    assert k.screen.step == "pin" and k.view.error == "wrong PIN (1 attempt left)"


def test_any_button_leaves_the_pin_prompt(kiosk):
    k = stopped(kiosk)
    journal = list(k.journal.lines)
    k.key("Director", at=40).type("24", at=41)
    k.press("left", at=42)                  # a player's button: back to the game, no restart
    assert isinstance(k.screen, ClockScreen) and k.journal.lines == journal
    assert k.state.clock.running is None


def test_the_menu_changes_nothing_by_itself(kiosk):
    k = running(kiosk)                      # F10 while Ann's clock runs: it keeps running
    journal = list(k.journal.lines)
    open_menu(k, at=30)
    assert k.view.status == "Ann 24:50  RUNNING  ·  Bob 24:41  ·  clock running"
    k.press("left", at=31).press("right", at=32).press("centre", at=33)
    assert k.view.error == "the buttons do nothing in the director's menu  ·  Esc leaves it"
    k.type("x+", at=34).key("Director", at=35)             # no such choice; already open
    assert k.screen.step == "menu" and k.journal.lines == journal
    k.key("Escape", at=40)
    assert isinstance(k.screen, ClockScreen) and k.state.clock.running == 0
    assert k.view.halves[0].time == "24:40"                 # 20 s of Ann's, menu or not
    assert k.journal.lines == journal


def test_the_menu_closes_by_itself_when_left_alone(kiosk):
    k = stopped(kiosk)
    open_menu(k, at=40).type("3", at=41)    # asked whose time, and the director walks away
    k.at(41 + IDLE_S - 1).step()
    assert isinstance(k.screen, DirectorScreen)
    k.at(41 + IDLE_S).step()
    assert isinstance(k.screen, ClockScreen)
    k.key("Director", at=200)               # it starts again at the PIN
    assert k.screen.step == "pin"
