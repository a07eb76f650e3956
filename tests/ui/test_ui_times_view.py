"""Both times shown large (TIMES, F5, with no speech program) and one press, one meaning: while they
fill the screen, the mover's own button, the centre button, a tap anywhere or a key only goes back
to the clock. The turn goes on: nothing is journaled, the same clock runs. Through the real kiosk
(tests.support.ui_harness): the keyboard twins of the buttons, the GPIO pins, taps."""
import pytest

from common.game import events as ev
from kiosk.ui.clock import speech
from kiosk.ui.clock.view import ClockView
from kiosk.ui import touch
from tests.support.keyboard_scenes import layout_problems, painted, small_text


def times_shown(kiosk, **options):
    """Ann's clock runs (Bob played 35); Ann asks for the times, which show large."""
    options.setdefault("names", ("Ann", "Bob"))
    k = kiosk(**options)
    k.press("left", at=1)                           # Ann goes second: Bob's clock runs
    k.press("right", at=20).type("35\n", at=21)     # Bob ends his turn: Ann's clock runs
    k.kiosk.machine.screen.speaker = speech.Speaker(program="tablekeeper-no-such-speaker")  # the clock's
    assert k.state.clock.running == 0
    k.key("Speak", at=24)
    assert isinstance(k.view, speech.BigTimesView)
    return k


def went_back_and_nothing_else(k, journaled: int, at: float):
    assert isinstance(k.view, ClockView), "still the large times"
    assert len(k.journal.events) == journaled, k.events()[journaled:]
    assert k.state.clock.running == 0 and k.state.to_move == 0      # Ann's turn goes on
    before = k.view.halves[0].time
    k.at(at + 3).step()
    assert k.view.halves[0].time != before                          # her clock still runs


@pytest.mark.parametrize("gpio", [False, True], ids=["keyboard-twin", "gpio"])
def test_the_movers_own_button_only_goes_back_to_the_clock(kiosk, gpio):
    k = times_shown(kiosk, gpio=gpio)
    journaled = len(k.journal.events)
    k.press("left", at=25)                          # Ann, on move, presses her own button
    went_back_and_nothing_else(k, journaled, 25)
    k.press("left", at=30)                          # the clock again: now it ends her turn
    assert k.state.clock.running == 1 and len(k.events(ev.TurnEnded)) == 2


@pytest.mark.parametrize("side", ["right", "centre"])
def test_the_other_buttons_only_go_back_too(kiosk, side):
    k = times_shown(kiosk, gpio=True)
    journaled = len(k.journal.events)
    k.press(side, at=25)                            # no stop, no challenge, no restart
    went_back_and_nothing_else(k, journaled, 25)
    assert k.events(ev.ClockNeutralised) == []


@pytest.mark.parametrize("gpio", [False, True], ids=["sim", "gpio"])
def test_a_tap_anywhere_goes_back(kiosk, gpio):
    k = times_shown(kiosk, gpio=gpio)
    journaled = len(k.journal.events)
    w, h = k.surface.get_size()
    k.tap((w // 4, h // 2), at=25)                  # on Ann's big digits
    went_back_and_nothing_else(k, journaled, 25)
    k.key("Speak", at=30)
    k.tap((w - 5, h - 5), at=31)                    # on the bottom line (the centre's, in simulation)
    went_back_and_nothing_else(k, journaled, 31)


def test_a_key_only_goes_back_and_types_nothing(kiosk):
    k = times_shown(kiosk)
    journaled = len(k.journal.events)
    k.type("\n", at=25)
    went_back_and_nothing_else(k, journaled, 25)


def test_without_a_press_the_clock_comes_back_after_its_while(kiosk):
    k = times_shown(kiosk)
    k.at(31).step()                                 # 7 s of the 8
    assert isinstance(k.view, speech.BigTimesView)
    k.at(32).step()
    assert isinstance(k.view, ClockView)
    k.press("left", at=33)                          # the clock again: the press ends her turn
    assert k.state.clock.running == 1


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bottom_line_says_how_to_go_back_in_players_words(kiosk, size):
    """... and real names show whole beside (or above) the times: wrapped, never cut."""
    k = times_shown(kiosk, size=size, names=("Zoë Ó Dálaigh-Featherstonehaugh", "Alexandria Papadopoulou-Smythe"))
    assert k.view.bottom == speech.BACK
    assert "key" not in k.view.bottom and "tap" in k.view.bottom and "no turn ends" in k.view.bottom
    assert touch.meaning(size, k.view, (size[0] // 2, size[1] // 2), sim=False) == ("key", "Escape")
    surface, notes = painted(k, size)
    texts = [n.text for n in notes if n.kind == "text"]
    assert any("goes back" in t for t in texts), texts
    assert layout_problems(notes) == [] and small_text(notes, size) == []
