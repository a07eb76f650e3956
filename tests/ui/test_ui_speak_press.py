"""Spoken times on a long press of a player's own GPIO button (ABSP Appendix 1): both times are
said through espeak-ng and the clock is untouched (nothing journaled, the same times at exact
instants); a short press still acts at the moment it went down; off by default. And the real
espeak-ng, rendering the sentence to a WAV file, makes speech of a plausible length."""
import os
import shutil
import wave

import pytest

from common.game import events as ev
from common.game.clock import remaining
from kiosk.ui.widgets.base import UiSettings
from kiosk.ui.clock.speech import Speaker, spoken_times
from tests.support.espeak import fake_espeak, wait_for
from drivers.buttons import DEFAULT_PINS
from tests.support.ui_harness import S, T0

WAIT_S = 60


def hold(k, side, down, up, passes=()):
    """Press ``side``'s pin at ``down`` seconds, run loop passes at ``passes``, release at ``up``."""
    pin = k.factory.pin(DEFAULT_PINS[side])
    k.at(down)
    pin.drive_low()
    k.step()
    for t in passes:
        k.at(t).step()
    k.at(up)
    pin.drive_high()
    k.step()


@pytest.fixture
def said(tmp_path, monkeypatch):
    """A stand-in espeak-ng on PATH that writes what it was asked to say to a file."""
    path = tmp_path / "said.txt"
    fake_espeak(tmp_path / "bin", f'printf "%s\\n" "$@" > "{path}.part" && mv "{path}.part" "{path}"\n')
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + "/usr/bin:/bin")
    return path


def under_way(kiosk, **settings):
    k = kiosk(gpio=True, settings=UiSettings(**settings))
    hold(k, "right", 1.0, 1.1)                  # Bob goes second: Ann's clock runs from 1 s
    assert k.state.clock.running == 0
    return k


@pytest.mark.parametrize("side", ["left", "right"])     # the mover's button, and the waiting player's
def test_a_long_press_says_both_times_and_changes_no_clock_time(kiosk, said, side):
    k = under_way(kiosk, speak_hold_s=2.0)
    journaled = len(k.journal.events)
    clock_before = k.state.clock
    hold(k, side, 10.0, 13.0, passes=(11.0, 12.0))      # held 2 s at the pass of 12.0 s: spoken
    assert wait_for(said), "espeak-ng was not started"
    assert said.read_text().splitlines() == ["Ann twenty four minutes forty nine seconds, "
                                             "Bob twenty five minutes"]    # as at 12.0 s
    assert k.journal.events[journaled:] == []          # nothing journaled: no clock press
    assert k.state.clock.running == 0 and k.state.clock.used_ns == clock_before.used_ns
    now = T0 + 13 * S
    assert (remaining(k.state.clock, 0, now), remaining(k.state.clock, 1, now)) == (1488 * S, 1500 * S)


def test_a_long_press_released_before_the_loop_looked_is_still_spoken(kiosk, said):
    k = under_way(kiosk, speak_hold_s=2.0)
    hold(k, "left", 10.0, 12.5)                     # no pass while it was held
    assert wait_for(said)
    assert k.state.clock.running == 0


def test_a_short_press_acts_at_the_moment_the_button_went_down(kiosk, said):
    k = under_way(kiosk, speak_hold_s=2.0)
    hold(k, "left", 10.0, 11.5, passes=(11.0,))     # Ann ends her turn at 10.0 s
    assert k.state.clock.running == 1 and not said.exists()
    ended = [e for e in k.journal.events if isinstance(e, ev.TurnEnded)]
    assert ended[-1].at_ns == T0 + 10 * S


def test_off_by_default_a_long_press_is_a_clock_press(kiosk, said):
    k = under_way(kiosk)
    hold(k, "left", 10.0, 13.0, passes=(12.0,))
    assert k.state.clock.running == 1 and not said.exists()


ESPEAK = shutil.which("espeak-ng") or "/usr/bin/espeak-ng"
needs_espeak = pytest.mark.skipif(not os.path.exists(ESPEAK) and os.environ.get("CI") is None,
                                  reason="espeak-ng is not installed (CI installs it)")


def wav_seconds(path) -> float:
    with wave.open(str(path)) as wav:
        return wav.getnframes() / wav.getframerate()


@needs_espeak
def test_espeak_renders_the_spoken_times_to_a_wav_of_the_right_length(tmp_path):
    short, longer = tmp_path / "short.wav", tmp_path / "long.wav"
    sentences = {short: "Ann twelve minutes four seconds, Bob twenty five minutes",
                 longer: "Ann over time by one minute five seconds, Bob twenty one minutes fifty nine seconds"}
    for path, text in sentences.items():
        speaker = Speaker(options=("-w", str(path)))
        assert speaker.speak(text)
        assert speaker.process.wait(timeout=WAIT_S) == 0
        words = len(text.split())
        seconds = wav_seconds(path)
        assert path.stat().st_size > 1000
        # espeak-ng speaks 175 words a minute by default: allow half to twice that pace
        assert words / 350 * 60 <= seconds <= words / 87.5 * 60, (words, seconds)
    assert wav_seconds(longer) > wav_seconds(short)


def test_the_sentence_is_what_the_clock_shows(kiosk, said):
    k = under_way(kiosk, speak_hold_s=2.0)
    hold(k, "left", 70.0, 73.0, passes=(72.4,))
    assert wait_for(said)
    assert said.read_text().strip() == spoken_times(k.state, T0 + round(72.4 * S))
