"""The clock screen's touch controls played by taps alone, through the real loop (a table that
takes taps alone refuses any key: ``taps_only``; in simulation a tap on a player's half is their
button, on the bottom line the centre's): HOLD on the half of the player who may hold, and only
while they may; a plain stop's reasons; FIX SCORE, with both players agreeing by their buttons as
with F9; TIMES; WORD on the half of a player whose last turn is a play (kiosk.ui.clock.word,
tests/ui/test_ui_word.py); and after a play-out, what the opponent's half waits for."""
import pytest

from common.game import events as ev
from kiosk.ui.clock import flat
from kiosk.ui import touch
from kiosk.ui.clock.paint import layout
from kiosk.ui.clock.view import ClockView
from kiosk.ui.clock.correct import CorrectionScreen
from kiosk.ui.clock.speech import BigTimesView
from tests.support.ui_harness import S, T0

NAMED = {"\n": "Enter"}


def tap(k, wanted, at=None):
    """A tap where the screen shows ``wanted``: ("key", what it types) or ("button", side)."""
    point = touch.where(k.surface.get_size(), k.view, wanted, sim=True, orientation=k.config.orientation)
    assert point is not None, f"nothing on screen means {wanted}"
    return k.tap(point, at=at)


def button(k, side: str, at=None):
    return tap(k, ("button", side), at)


def keys(k, text: str, at=None):
    for ch in text:
        tap(k, ("key", NAMED.get(ch, ch)), at)
    return k


def controls(k) -> list[list[str]]:
    """The labels of each player's controls."""
    return [[key.label for key in half.controls.grid] if half.controls else [] for half in k.view.halves]


def half_keys(k, player: int) -> list[str]:
    """What the keys on ``player``'s half of the screen type, as the screen is drawn."""
    size = k.surface.get_size()
    if k.config.orientation == "flat":
        return [key.key for _, key in touch.keys_on(flat.portrait_size(size), k.view, player)]
    half = layout(size).halves[player]
    return [key.key for rect, key in touch.keys_on(size, k.view) if half.contains(rect)]


def ann_played(kiosk, **options):
    """Ann (left) has played 24, entered by taps; Bob's clock runs."""
    k = kiosk(taps_only=True, names=("Ann", "Bob"), **options)
    button(k, "right", at=1)                       # Bob goes second: Ann's clock runs
    assert controls(k) == [["TIMES"], ["TIMES"]]   # no play of Bob's yet: nothing to hold
    button(k, "left", at=20)
    keys(k, "24\n", at=21)
    assert k.events(ev.TurnRecorded)[-1].score == 24 and k.state.clock.running == 1
    return k


@pytest.mark.parametrize("orientation", ["side", "flat"])
def test_hold_by_a_tap_on_the_half_of_the_player_who_may_hold(kiosk, orientation):
    k = ann_played(kiosk, orientation=orientation)
    assert controls(k) == [["TIMES", "WORD"], ["HOLD", "TIMES"]]   # Bob may hold Ann's play ...
    assert "Hold" in half_keys(k, 1) and "Hold" not in half_keys(k, 0)   # ... on his half alone
    tap(k, ("key", "Hold"), at=25)
    assert k.events(ev.HoldCalled) == [ev.HoldCalled(T0 + 25 * S, 1, 0)]
    assert controls(k) == [["TIMES", "WORD"], ["TIMES"]]       # held: no second hold
    assert k.view.bottom.startswith("HOLD 0:00")
    k.at(40).step()
    assert k.view.bottom.startswith("HOLD 0:15")
    button(k, "centre", at=41)                                 # Bob challenges after all
    button(k, "centre", at=42)
    assert k.state.phase == "challenge" and k.state.challenge.player == 1


def test_after_a_play_out_the_opponent_holds_and_the_prompts_say_what_is_awaited(kiosk):
    k = ann_played(kiosk)
    button(k, "centre", at=40)                     # Bob stops his clock ...
    button(k, "right", at=41)                      # ... he went out
    keys(k, "30\n", at=42)
    assert k.state.phase == "out"
    assert controls(k) == [["HOLD", "FIX SCORE", "TIMES", "WORD"], ["FIX SCORE", "TIMES", "WORD"]]
    tap(k, ("key", "Hold"), at=43)                 # Ann holds the play-out
    assert k.events(ev.HoldCalled)[-1] == ev.HoldCalled(T0 + 43 * S, 0, 1)   # Bob's turn 2
    button(k, "left", at=50)                       # and accepts it: her rack is to enter
    assert k.state.phase == "ended" and k.view.halves[0].keyboard is not None
    assert k.view.halves[1].note == "waiting for Ann's tiles left"     # not "press to confirm"
    assert controls(k) == [[], ["FIX SCORE"]]        # Ann types; Bob may still ask for a correction
    keys(k, "QI\n", at=52)
    assert k.events(ev.RackEntered)[-1].tiles == "QI"
    assert [h.note for h in k.view.halves] == ["press your button to confirm"] * 2
    button(k, "left", at=53)
    button(k, "right", at=54)
    assert k.state.phase == "confirmed" and controls(k) == [[], []]


@pytest.mark.parametrize("orientation", ["side", "flat"])
def test_a_stops_reason_by_a_tap_and_no_reason_too(kiosk, orientation):
    k = ann_played(kiosk, orientation=orientation)
    button(k, "centre", at=30)                     # Bob's clock stops ...
    button(k, "left", at=31)                       # ... Ann's button: just a stop. Why?
    labels = [key.label for key in k.view.shared.grid + k.view.shared.actions]
    assert labels == ["SCORE", "TILES", "BLANK", "DIRECTOR", "GAME END", "OBSERVERS", "NO REASON"]
    assert controls(k) == [[], []] and all(h.keyboard is None for h in k.view.halves)
    if orientation == "flat":                      # either player answers: the keys face both
        assert set(half_keys(k, 0)) == set(half_keys(k, 1)) == {"1", "2", "3", "4", "5", "6", "Enter"}
    tap(k, ("key", "2"), at=32)                    # TILES
    assert k.events(ev.ClockNeutralised)[-1] == ev.ClockNeutralised(T0 + 32 * S, "tiles")
    assert k.view.banner[0] == "CLOCK STOPPED: counting tiles" and k.view.shared is None
    button(k, "left", at=40)                       # Ann, waiting for Bob, restarts his clock
    assert k.state.clock.running == 1
    button(k, "centre", at=41)
    button(k, "left", at=42)
    tap(k, ("key", "Enter"), at=43)                # NO REASON
    assert [e.reason for e in k.events(ev.ClockNeutralised)] == ["unspecified", "tiles", "unspecified"]
    assert k.view.shared is None and k.state.clock.running is None


def test_a_score_corrected_by_taps_alone_both_players_agreeing(kiosk):
    k = ann_played(kiosk)
    assert "FIX SCORE" not in sum(controls(k), [])   # the clock runs: no correction
    button(k, "centre", at=30)
    button(k, "left", at=31)
    tap(k, ("key", "1"), at=32)                    # stopped to check the score
    assert controls(k) == [["FIX SCORE", "TIMES", "WORD"], ["FIX SCORE", "TIMES"]]
    tap(k, ("key", "Correct"), at=33)              # either player may ask
    assert isinstance(k.screen, CorrectionScreen)
    keys(k, "1\n", at=34)                          # Ann's 24 ...
    keys(k, "42\n", at=35)                         # ... was 42
    button(k, "left", at=36)                       # both agree, each with their own button
    assert k.events(ev.ScoreCorrected) == []
    button(k, "right", at=37)
    assert k.events(ev.ScoreCorrected) == [ev.ScoreCorrected(T0 + 37 * S, 0, 42)]
    assert isinstance(k.view, ClockView) and k.view.halves[0].score == "42"


def test_times_by_a_tap_without_a_speech_program_fill_the_screen(kiosk, tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    k = ann_played(kiosk)
    tap(k, ("key", "Speak"), at=30)                # TIMES, on Ann's half (the first found)
    assert isinstance(k.view, BigTimesView) and k.view.times == ("24:41", "24:50")
    k.at(38).step()                                # a few seconds, then the clock again
    assert isinstance(k.view, ClockView) and controls(k) == [["TIMES", "WORD"], ["HOLD", "TIMES"]]


def test_without_display_keypad_no_control_shows(kiosk):
    from kiosk.ui.widgets.base import UiSettings
    k = kiosk(names=("Ann", "Bob"), settings=UiSettings(keypad=False))
    k.press("right", at=1).press("left", at=20).type("24\n", at=21)
    assert controls(k) == [[], []] and touch.keys_on(k.surface.get_size(), k.view) == []
    k.press("centre", at=30).press("left", at=31)
    assert k.view.shared is None and k.view.banner[0] == "CLOCK STOPPED: why? type its number"
