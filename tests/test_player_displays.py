"""Each player's own display and the status LEDs follow the game: the core driven at exact
times, the displays on luma's dummy device (the segment bytes a 7-segment module holds, the
OLED's pixels), the LEDs on gpiozero MockFactory pins."""
import pytest

from drivers.buttons import pin_factory
from drivers.leds import StatusLeds
from drivers.oled import OledDisplay, strip_words
from drivers.player_display import Shown
from drivers.sevenseg import SevenSegmentDisplay
from common.game import commands as c
from common.game.clock import NS_PER_S
from common.game.game import decide
from common.game.state import new_game, replay
from kiosk.hardware.player_displays import PlayerOutputs, SentWatch, player_view
from common.presets import load_rules
from kiosk.ui.widgets import words
from tests.support.luma_dummy import digits, oled_device, segment_bytes, seven_segment_device

LED_PINS = {"left_runs": 5, "right_runs": 6, "neutral": 13, "result_sent": 19}


class Game:
    """One game (a minute a side) driven at explicit seconds."""

    def __init__(self):
        self.state = new_game(load_rules("aspa", {"clock": {"time_per_side_s": 60}}), 1, ("Ann", "Bob"))

    def at(self, seconds: float, command) -> int:
        now = round(seconds * NS_PER_S)
        self.state = replay(self.state, decide(self.state, command, now))
        return now


@pytest.fixture
def factory():
    factory = pin_factory("mock")
    yield factory
    factory.reset()


def ns(seconds: float) -> int:
    return round(seconds * NS_PER_S)


#: (seconds, command or None, left module's digits, right module's digits, LEDs lit)
SEQUENCE = [
    (0.0, c.Start(first=0), "≡    1.00", "     1.00", {"left_runs"}),
    (1.2, None, "≡    0.58", "     1.00", {"left_runs"}),
    (10.0, c.Play(0, 24), "     0.50", "≡    1.00", {"right_runs"}),
    (12.5, None, "     0.50", "≡    0.57", {"right_runs"}),
    (15.0, c.Neutral(), " n   0.50", " n   0.55", {"neutral"}),
    (40.0, None, " n   0.50", " n   0.55", {"neutral"}),        # neutral time is no one's
    (41.0, c.Resume(0), "     0.50", "≡    0.55", {"right_runs"}),
    (103.5, None, "     0.50", "≡   -0.07", {"right_runs"}),    # overtime: the minus sign
    (104.0, c.Play(1, 10), "≡    0.50", "    -0.08", {"left_runs"}),
    (106.0, c.Neutral(), " n   0.48", " n  -0.08", {"neutral"}),
    (107.0, c.Challenge(0), " C   0.48", " C  -0.08", {"neutral"}),
]


def test_the_displays_and_leds_follow_a_game(factory):
    game = Game()
    left, right = SevenSegmentDisplay(seven_segment_device()), SevenSegmentDisplay(seven_segment_device())
    outputs = PlayerOutputs({"left": left, "right": right}, StatusLeds(factory, LED_PINS))
    for seconds, command, left_digits, right_digits, leds in SEQUENCE:
        now = game.at(seconds, command) if command else ns(seconds)
        outputs.push(game.state, now)
        assert segment_bytes(left.device) == digits(left_digits), seconds
        assert segment_bytes(right.device) == digits(right_digits), seconds
        assert {name for name, pin in LED_PINS.items() if factory.pin(pin).state} == leds, seconds
    outputs.close()


def test_each_display_shows_its_players_face_as_the_main_screen_does():
    game = Game()
    game.at(0, c.Start(first=1))
    for seconds in (0.5, 30.0, 59.99, 60.0, 60.99, 61.0, 125.0):
        now = ns(seconds)
        for player in (0, 1):
            assert player_view(game.state, player, now).text == words.face(game.state, player, now)
    assert player_view(game.state, 1, ns(61.0)).mode == "overtime"
    assert player_view(game.state, 1, ns(60.99)).mode == "normal"      # -0:00 is not shown as over


def test_a_display_writes_once_a_second_while_a_clock_runs():
    game = Game()
    game.at(0, c.Start(first=0))
    left, right = SevenSegmentDisplay(seven_segment_device()), OledDisplay(oled_device())
    outputs = PlayerOutputs({"left": left, "right": right})
    for tenth in range(1, 101):                 # ten seconds of loop passes, ten a second
        outputs.push(game.state, ns(tenth / 10))
    assert left.writes == 10                    # 0:59 (at 0.1 s) ... 0:50
    assert right.writes == 1                    # the right clock did not move
    assert left.shown.text == "0:50" and right.shown.text == "1:00"


def test_the_oled_facing_a_player_shows_neutral_and_challenge():
    game = Game()
    oled = OledDisplay(oled_device())
    outputs = PlayerOutputs({"left": oled})
    seen = []
    for seconds, command, *_ in SEQUENCE:
        now = game.at(seconds, command) if command else ns(seconds)
        outputs.push(game.state, now)
        seen.append((oled.shown.text, oled.shown.running, oled.shown.mode))
    assert ("0:50", False, "neutral") in seen and ("0:48", False, "challenge") in seen
    assert seen[0] == ("1:00", True, "normal") and oled.device.image.getbbox() is not None


def test_result_sent_asks_the_outbox_once_a_second_after_the_result_is_locked():
    asked = []
    waiting = [1]

    def sent():
        asked.append(True)
        return waiting[0] == 0
    game = Game()
    watch = SentWatch(sent)
    assert not watch(game.state, ns(1)) and not asked          # not locked: the outbox is not asked
    from dataclasses import replace
    locked = replace(game.state, phase="confirmed")
    assert not watch(locked, ns(2)) and len(asked) == 1
    waiting[0] = 0
    assert not watch(locked, ns(2.5)) and len(asked) == 1      # asked again only a second later
    assert watch(locked, ns(3)) and len(asked) == 2


def test_once_the_result_is_complete_each_display_shows_the_players_score_and_side_of_the_spread():
    """Issue 22 item 1: the players' own displays say the result too. Ann goes out with 40 to
    Bob's 30 and his rack (AE, 2 points): 42 to 28 under ASPA, Ann won by 14."""
    game = Game()
    game.at(0, c.Start(first=1))
    game.at(5, c.Play(1, 30))
    game.at(9, c.Out(0, 40))
    game.at(10, c.Accept(1))
    left, right = SevenSegmentDisplay(seven_segment_device()), OledDisplay(oled_device())
    outputs = PlayerOutputs({"left": left, "right": right})
    outputs.push(game.state, ns(11))
    assert left.shown.mode != "final"                       # Bob's rack is still to enter
    game.at(12, c.Rack(1, "AE"))
    outputs.push(game.state, ns(13))
    assert player_view(game.state, 0, ns(13)) == Shown("42", False, "final", "+14")
    assert player_view(game.state, 1, ns(13)) == Shown("28", False, "final", "-14")
    assert segment_bytes(left.device) == digits(" F   +14")
    assert right.shown == Shown("28", False, "final", "-14") and strip_words(right.shown) == "LOST BY 14"
    assert strip_words(Shown("350", False, "final", "0")) == "TIE"
