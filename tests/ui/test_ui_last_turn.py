"""Each half shows its player's last turn under the score, as the core recorded it: checked
as the pixels on the real surface and against what the core's result says about that turn."""
import pytest

from common.game.result import compute
from kiosk.ui.widgets import theme
from kiosk.ui.clock.paint import layout
from tests.support.ui_pixels import shows


def last_row(k, player):
    return layout(k.surface.get_size()).rows[player]["last"]


def colour(k, player):
    return theme.DIM if k.view.halves[player].dimmed else theme.FG


def sees(k, player, text):
    """The player's half shows ``text`` in its last-turn row (and the view says so too)."""
    return k.view.halves[player].last == text and shows(k.surface, last_row(k, player), text, colour(k, player))


def core_turns(k):
    return [(line.player, line.type, line.score) for line in compute(k.state, k.now).turns]


def opened(kiosk, **options):
    """Ann (left) goes second: Bob's (right) clock runs from 1 s."""
    k = kiosk(**options)
    k.press("left", at=1)
    return k


def test_a_play_an_exchange_and_a_pass_show_under_each_score(kiosk):
    k = opened(kiosk)
    assert sees(k, 0, "") and sees(k, 1, "")
    k.press("right", at=20).type("35\n", at=21)            # Bob plays for 35
    k.shot("last-play")
    assert sees(k, 1, "+35") and not shows(k.surface, last_row(k, 1), "+36", theme.FG)
    assert sees(k, 0, "")
    k.press("left", at=40).key("Tab").type("3\n", at=41)   # Ann exchanges three tiles
    k.press("right", at=50).key("Tab").key("Tab").key("Enter", at=51)   # Bob passes
    k.shot("last-exchange-pass")
    assert sees(k, 0, "exchanged 3") and sees(k, 1, "passed")
    assert core_turns(k) == [(1, "play", 35), (0, "exchange", 0), (1, "pass", 0)]


def test_a_blank_and_a_turn_still_to_enter(kiosk):
    """With a USB keyboard alone, what is typed takes the last turn's row meanwhile."""
    from kiosk.ui.widgets.base import UiSettings
    from tests.support.ui_pixels import reads
    k = opened(kiosk, settings=UiSettings(keypad=False))    # the touch keypad would cover the row
    k.press("right", at=20)
    assert k.view.halves[1].last == "turn to enter" and k.view.halves[1].entry == "SCORE _"
    assert reads(k, "SCORE _", theme.WHITE, within=last_row(k, 1))
    k.type("42s\n", at=21)
    assert sees(k, 1, "+42  blank S")


def test_a_phony_taken_off_shows_challenged_off(kiosk):
    k = opened(kiosk)
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=25).press("centre", at=26)         # Ann challenges
    k.type("zzz", at=27).press("right", at=28)             # Bob (challenged) gets the verdict
    k.at(40).step()                                        # the verdict has gone
    k.shot("last-phony")
    assert core_turns(k) == [(1, "phony", 0)]
    assert sees(k, 1, "challenged off  +0") and k.view.halves[1].score == "0"


def test_school_a_challenge_of_a_good_word_loses_the_challenger_a_turn(kiosk):
    k = opened(kiosk, preset="school")
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=25).press("centre", at=26)
    k.type("cat", at=27).press("right", at=28)
    k.at(40).step()
    k.shot("last-lost-turn")
    assert core_turns(k) == [(1, "play", 35), (0, "lost", 0)]
    assert sees(k, 0, "lost turn") and sees(k, 1, "+35")


@pytest.mark.parametrize("words, bonus", [("cat", 5), ("cat dogs", 10)])
def test_nzasp_points_for_a_failed_challenge_show_on_the_play(kiosk, words, bonus):
    k = opened(kiosk, preset="nzasp")
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=25).press("centre", at=26)        # Ann challenges and (NZASP 6.14)
    k.type(words, at=27).press("left", at=28)              # executes the adjudication herself
    k.at(40).step()
    k.shot(f"last-bonus-{bonus}")
    assert compute(k.state, k.now).challenge_points == (0, bonus)
    assert sees(k, 1, f"+35  +{bonus} challenge") and k.view.halves[1].score == str(35 + bonus)


def test_school_a_play_off_for_a_false_blank_says_so_in_words(kiosk):
    """School 7 (issue 38 item 17): the play taken off for a false blank read `false_blank`."""
    k = opened(kiosk, preset="school")
    k.press("right", at=20).type("35\n", at=21)
    k.key("FalseBlank", at=25).press("right", at=26)        # Ann calls it; Bob restarts her clock
    k.at(40).step()
    assert core_turns(k)[0][1] == "false_blank"
    assert sees(k, 1, "off for a false blank  +0")
