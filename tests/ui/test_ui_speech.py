"""Both times for a player who cannot read the clock (ABSP Appendix 1): F5 says them through
espeak-ng when it is on PATH (a real process: here a stand-in script the test writes), and
shows them large when it is not; never an error."""
import os

import pytest

from common.game import commands as c
from common.game.game import step
from common.game.state import new_game
from common.presets import load_rules
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.paint import layout
from kiosk.ui.clock.view import ClockView, build
from kiosk.ui.widgets.words import Info
from kiosk.ui.clock.speech import (BigTimesView, Speaker, big_times, big_times_layout, face_words,
                              number_words, spoken_times)
from tests.support.ui_pixels import colour_box
from tests.support.espeak import fake_espeak, wait_for

S = 1_000_000_000
WAIT_S = 60                 # generous: a real process on a busy machine


@pytest.mark.parametrize("n, words", [(0, "zero"), (4, "four"), (12, "twelve"), (20, "twenty"),
                                      (25, "twenty five"), (59, "fifty nine"), (100, "one hundred"),
                                      (105, "one hundred and five"), (999, "nine hundred and ninety nine")])
def test_number_words(n, words):
    assert number_words(n) == words


@pytest.mark.parametrize("face, words", [
    ("12:04", "twelve minutes four seconds"), ("25:00", "twenty five minutes"),
    ("1:01", "one minute one second"), ("0:07", "seven seconds"), ("0:00", "no time left"),
    ("-1:05", "over time by one minute five seconds"), ("-0:01", "over time by one second"),
    ("-10:00", "over time by ten minutes")])
def test_face_words(face, words):
    assert face_words(face) == words


def test_the_sentence_says_both_times_as_the_faces_show_them():
    state = new_game(load_rules("aspa"), 1, ("Ann", "Bob"))
    state, _ = step(state, c.Start(first=0), 0)
    state, _ = step(state, c.Play(0, 30), 775 * S + S // 2)      # Ann used 12:55.5
    assert spoken_times(state, 775 * S + S // 2) == "Ann twelve minutes four seconds, Bob twenty five minutes"
    later = 775 * S + S // 2 + (1500 + 65) * S                    # Bob is 1:05 over
    assert spoken_times(state, later) == ("Ann twelve minutes four seconds, "
                                          "Bob over time by one minute five seconds")


def test_a_late_players_time_is_said_and_shown_large_as_their_half_shows_it():
    state = new_game(load_rules("aspa"), 1, ("Ann", "Bob"))
    state, _ = step(state, c.CallStart(absent=(1,)), 0)          # Bob is absent ...
    later = 150 * S                                               # ... for 2:30 (ASPA: off his clock)
    halves = build(state, later, Info()).halves
    assert [h.time for h in halves] == ["25:00", "22:30"]
    assert spoken_times(state, later) == "Ann twenty five minutes, Bob twenty two minutes thirty seconds"
    assert big_times(state, later).times == ("25:00", "22:30")




def game_under_way(kiosk):
    k = kiosk()
    k.press("left", at=1)                           # Bob's clock runs from 1 s
    k.press("right", at=20).type("35\n", at=21)     # Ann's from 20 s
    return k


def test_f5_speaks_both_times_without_waiting_for_the_speech(kiosk, tmp_path, monkeypatch):
    said, release = tmp_path / "said.txt", tmp_path / "release"
    fake_espeak(tmp_path / "bin", f'printf "%s\\n" "$@" > "{said}.part" && mv "{said}.part" "{said}"\n'
                                  f'while [ ! -e "{release}" ]; do sleep 0.05; done\n')
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + "/usr/bin:/bin")
    k = game_under_way(kiosk)
    k.key("Speak", at=24)
    expected = "Ann twenty four minutes fifty six seconds, Bob twenty four minutes forty one seconds"
    assert spoken_times(k.state, k.now) == expected
    assert wait_for(said), "espeak-ng was not started"
    assert said.read_text().splitlines() == [expected]
    speaker = k.screen.speaker
    assert speaker.process.poll() is None           # still speaking: the loop did not wait
    k.at(25).step()
    assert isinstance(k.view, BigTimesView)         # spoken, and shown large too (issue 38 item 13:
    assert k.view.times == ("24:55", "24:41")       # a table without a speaker, a silent hall)
    release.touch()
    assert speaker.process.wait(timeout=WAIT_S) == 0


def test_a_second_request_cuts_the_first_short(tmp_path, monkeypatch):
    fake_espeak(tmp_path / "bin", "exec sleep 60\n")
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + "/usr/bin:/bin")
    speaker = Speaker()
    assert speaker.speak("Ann one minute")
    first = speaker.process
    assert speaker.speak("Ann one minute")           # the first cut short (it may be reaped at once)
    second = speaker.process
    assert first.wait(timeout=WAIT_S) != 0          # terminated
    speaker.stop()                                  # never waits: the second is ended ...
    assert speaker.process is None and second.wait(timeout=WAIT_S) != 0
    speaker.stop()                                  # ... and reaped on the next call
    assert speaker._ending == []


def test_without_espeak_the_times_fill_the_screen_and_nothing_fails(kiosk, tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    k = game_under_way(kiosk)
    k.key("Speak", at=24)
    k.shot("big-times")
    assert isinstance(k.view, BigTimesView) and k.view.times == ("24:56", "24:41")
    assert k.view.names == ("Ann", "Bob")
    w, h = k.surface.get_size()
    for p, (_, face) in enumerate(big_times_layout((w, h))):   # each time a row of the screen,
        box = colour_box(k.surface, face, theme.WHITE)          # far larger than on the clock
        assert box is not None and box.height >= h * 0.35 and box.width >= w * 0.5, box
        assert box.height > layout((w, h)).rows[p]["time"].height
    k.at(26).step()                                  # the running time goes on in it
    assert k.view.times == ("24:54", "24:41")
    k.at(32).step()                                  # after 8 s: the clock screen again
    assert isinstance(k.view, ClockView) and k.view.error == ""


def test_a_button_press_during_the_large_times_only_goes_back(kiosk, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    k = game_under_way(kiosk)
    k.key("Speak", at=24)
    k.press("left", at=25)                           # Bob, on move: back to the clock, no more
    assert isinstance(k.view, ClockView) and k.state.clock.running == 0
    assert isinstance(k.screen, ClockScreen)
    k.press("left", at=26)                           # the clock again: now it ends his turn
    assert k.state.clock.running == 1


def test_an_espeak_that_cannot_start_falls_back_to_the_large_times(kiosk, tmp_path, monkeypatch):
    path = fake_espeak(tmp_path / "bin", "")
    path.write_text("#!/no/such/interpreter\n")      # exists and is executable, but cannot run
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    k = game_under_way(kiosk)
    k.key("Speak", at=24)
    assert isinstance(k.view, BigTimesView)
