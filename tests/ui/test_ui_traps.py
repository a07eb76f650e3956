"""Issue 38: no one tap takes a play off or traps a clock, and each has a way back without the
director. Played through the real kiosk by taps alone (a table that takes taps alone refuses any
key: ``taps_only``; in simulation a tap on a player's half is their button), on the Touch Display
(800x480, where the typing layout has no banner) and the Touch Display 2 standing (720x1280),
each screen checked as drawn (nothing cut, overlapping or too small: tests.support.keyboard_scenes).

- NZASP 6.2.2 (item 1): DECLARE? tapped on a play with no blank. The mover's clock runs again and
  the screen says why; NO BLANK on the mover's keys, or TAKE BACK where DECLARE? was, undoes it:
  the opponent's clock runs again, charged the time since.
- NZASP (item 7): the score the mover typed before the send-back waits and is recorded as theirs,
  with the blank declared; the opponent's next score is the opponent's; a bonus word says BONUS.
- School 7 (item 2): FALSE ? only asks; the team whose play it is agrees with its button, else
  the caller takes it back (or plays on): the play comes off only with both teams' say.
- ABSP 4.10.2 (item 15): WITHDRAW stays while the challenger types; a press after it is agreement,
  never the verdict.
"""
from __future__ import annotations

import pytest

from common.game import clock as clk
from common.game import events as ev
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.widgets.base import UiSettings
from tests.support.keyboard_scenes import layout_problems, painted, small_keys, small_text
from tests.support.ui_harness import S, T0
from tests.ui.test_ui_incidents import control_keys
from tests.ui.test_ui_touch_controls import button, controls, keys, tap

SIZES = [(800, 480), (720, 1280)]
NAMES = ("Ngata, Aroha", "O'Sullivan, Seán")


def readable(k) -> list[str]:
    """What a player could not read on the screen as drawn."""
    size = k.surface.get_size()
    _, notes = painted(k, size)
    return layout_problems(notes) + small_text(notes, size) + small_keys(size, k.view)


def key_labels(k, player: int) -> list[str]:
    """The labels of the on-screen keyboard on ``player``'s half, if it is there."""
    board = k.view.halves[player].keyboard
    return [key.label for key in board.grid + board.actions] if board else []


def sent_back_by_mistake(kiosk, size, typed: str = "12"):
    """Aroha (left) plays, presses, types ``typed`` of her score; Seán taps DECLARE? at once."""
    k = kiosk(taps_only=True, preset="nzasp", names=NAMES, size=size)
    button(k, "right", at=1)                          # Seán goes second: Aroha's clock runs
    button(k, "left", at=20)                          # her play: no blank in it
    keys(k, typed, at=21)
    tap(k, ("key", "SendBack"), at=22)                # DECLARE?, a millimetre from HOLD
    assert k.events(ev.TurnSentBack) == [ev.TurnSentBack(T0 + 22 * S, 1, 0)]
    return k


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("by", ["NoBlank", "SendBack"], ids=["the mover's NO BLANK", "the sender's TAKE BACK"])
def test_nzasp_a_declare_tapped_on_a_play_with_no_blank_is_undone_by_either_player(kiosk, size, by):
    k = sent_back_by_mistake(kiosk, size)
    assert k.state.clock.running == 0                 # her clock again: the screen says why
    assert k.view.bottom == "Ngata, Aroha's clock runs: their play was sent back for its blank"
    assert k.view.halves[0].entry == "SCORE 12  ·  BLANK _"    # her score typed so far waits
    assert "NO BLANK" in key_labels(k, 0) and "TAKE BACK" in controls(k)[1]
    assert readable(k) == []
    k.shot(f"sent-back-{size[0]}x{size[1]}")
    button(k, "left", at=25)                          # her button with no letter: what to do
    assert k.view.error == "type the letter the blank stands for, or NO BLANK if the play has none"
    tap(k, ("key", by), at=31)                        # the way back, 9 s after the send-back
    who = 0 if by == "NoBlank" else 1
    assert k.events(ev.SendBackUndone) == [ev.SendBackUndone(T0 + 31 * S, who, 0, 9 * S)]
    assert k.state.clock.running == 1 and k.state.sent_back is None
    assert clk.used(k.state.clock, 0, k.now) == 19 * S     # the 9 s are Seán's, not hers
    assert "DECLARE?" not in controls(k)[1] and "TAKE BACK" not in controls(k)[1]
    assert k.view.halves[0].entry == "SCORE 12"
    keys(k, "\n", at=32)                              # her score, as she typed it
    assert [(t.player, t.score, t.blanks) for t in k.state.turns] == [(0, 12, "")]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nzasp_the_score_typed_before_a_send_back_is_kept_and_the_next_score_is_the_opponents(kiosk, size):
    k = sent_back_by_mistake(kiosk, size, typed="40")   # a blank in it this time, undeclared
    keys(k, "E", at=25)
    button(k, "left", at=27)                          # declared: Seán's clock runs again
    assert k.events(ev.BlankDeclared) == [ev.BlankDeclared(T0 + 27 * S, 0, "E")]
    assert k.view.halves[0].entry == "SCORE 40  blank E"    # her score waits, with the blank
    keys(k, "\n", at=28)
    assert [(t.player, t.score, t.blanks) for t in k.state.turns] == [(0, 40, "E")]
    assert k.view.halves[0].last == "+40  blank E"
    button(k, "right", at=60)                         # Seán's play of all seven tiles
    keys(k, "74*\n", at=61)
    assert [(t.player, t.score) for t in k.state.turns] == [(0, 40), (1, 74)]
    assert k.view.halves[1].last == "+74  BONUS"      # what the result counts, for both to check
    assert k.view.halves[0].score == "40" and k.view.halves[1].score == "74"


def test_nzasp_a_play_out_sent_back_by_mistake_waits_again_for_the_opponent(kiosk):
    k = kiosk(taps_only=True, preset="nzasp", names=NAMES)
    button(k, "right", at=1)
    tap(k, ("button", "centre"), at=20)               # Aroha stops the clock ...
    button(k, "left", at=21)                          # ... she went out
    keys(k, "30\n", at=22)
    tap(k, ("key", "SendBack"), at=23)                # Seán, by mistake: her clock runs
    assert k.state.clock.running == 0 and "SendBack" in control_keys(k)[1]
    tap(k, ("key", "SendBack"), at=26)                # TAKE BACK: the play-out waits again
    assert k.state.phase == "out" and k.state.clock.running is None
    assert clk.used(k.state.clock, 0, k.now) == 19 * S      # as at her play-out: the 3 s are nobody's
    button(k, "right", at=27)                         # Seán accepts
    assert k.state.end == "out"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_school_false_blank_asks_and_the_play_comes_off_only_when_the_other_team_agrees(kiosk, size):
    k = kiosk(taps_only=True, preset="school", names=("Team A", "Team B"), size=size)
    button(k, "right", at=1)                          # B goes second: A's clock runs
    button(k, "left", at=10)
    keys(k, "22\n", at=11)
    button(k, "right", at=15)
    keys(k, "18\n", at=16)
    button(k, "left", at=20)
    keys(k, "30\n", at=21)                            # A's play, recorded with no blank
    assert "FALSE ?" in controls(k)[1]
    tap(k, ("key", "FalseBlank"), at=25)              # B taps FALSE ? (between HOLD and TIMES)
    assert not k.events(ev.FalseBlankFound) and k.state.clock.running == 1   # nothing yet
    assert k.view.banner == ("FALSE BLANK? Turn the tile over.",) and "TAKE BACK" in controls(k)[1]
    assert k.view.halves[0].said == "Not a blank? Press your button: your play comes off."
    assert k.view.bottom == "Team A: your button agrees it comes off  ·  TAKE BACK keeps it"
    assert readable(k) == []
    k.shot(f"false-blank-asked-{size[0]}x{size[1]}")
    tap(k, ("key", "FalseBlank"), at=27)              # TAKE BACK: a tap by mistake, undone
    assert k.view.banner == () and "FALSE ?" in controls(k)[1]
    assert k.state.turns[2].points == 30 and k.state.clock.running == 1
    tap(k, ("key", "FalseBlank"), at=30)              # called again, and this time ...
    button(k, "left", at=32)                          # ... A turns the tile over and agrees
    assert k.events(ev.FalseBlankFound) == [ev.FalseBlankFound(T0 + 32 * S, 1, 2)]
    assert k.state.scores() == (22, 18) and k.view.halves[0].last == "off for a false blank  +0"
    assert "FIX SCORE" in controls(k)[0]              # the other scores may still be corrected
    assert readable(k) == []


def test_school_a_false_blank_call_lapses_once_the_caller_plays_on(kiosk):
    k = kiosk(taps_only=True, preset="school", names=("Team A", "Team B"))
    button(k, "right", at=1)
    button(k, "left", at=20)
    keys(k, "30\n", at=21)
    tap(k, ("key", "FalseBlank"), at=25)
    button(k, "right", at=40)                         # B plays on: its turn ends (school 7: too late)
    keys(k, "12\n", at=41)
    assert k.view.banner == () and not k.events(ev.FalseBlankFound)
    button(k, "left", at=45)                          # A's press is its own turn's, as ever
    assert [(t.player, t.points) for t in k.state.turns][:2] == [(0, 30), (1, 12)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_absp_withdraw_stays_while_the_challenger_types_and_a_press_after_it_is_agreement(kiosk, size):
    k = kiosk(taps_only=True, preset="absp", names=NAMES, size=size)
    button(k, "right", at=1)                          # Seán goes second: Aroha's clock runs
    button(k, "left", at=20)
    keys(k, "30\n", at=21)
    tap(k, ("button", "centre"), at=25)               # Seán challenges
    tap(k, ("button", "centre"), at=26)
    assert isinstance(k.screen, JudgeScreen)
    keys(k, "QI", at=30)                              # he starts on the words ...
    assert "WITHDRAW" in [key.label for key in k.view.keyboard.actions]   # ... and may still withdraw
    assert readable(k) == []
    tap(k, ("key", "Escape"), at=31)                  # WITHDRAW: both must agree
    assert k.view.lines[-1].startswith("WITHDRAW? both players press their buttons")
    button(k, "left", at=33)                          # Aroha, the challenged player: agreement,
    assert not k.events(ev.ChallengeRuled)            # not the verdict
    button(k, "right", at=34)
    assert k.events(ev.ChallengeWithdrawn) and not k.events(ev.ChallengeRuled)
    assert k.state.turns[0].points == 30


def test_without_the_on_screen_keys_the_ways_back_are_the_f_keys(kiosk):
    """A table typed on a USB keyboard alone (display.keypad off): the same ways, by F2 and F3."""
    k = kiosk(preset="school", names=("Team A", "Team B"), settings=UiSettings(keypad=False))
    k.press("right", at=1).press("left", at=20).type("30\n", at=21)
    k.key("FalseBlank", at=25)
    assert k.view.halves[1].said == "Called by mistake? F3."
    assert k.view.bottom == "Team A: your button agrees it comes off  ·  F3 keeps it"
    k.key("FalseBlank", at=26)                        # F3 again: taken back
    assert k.view.banner == () and k.state.turns[0].points == 30
    k = kiosk(preset="nzasp", names=NAMES, settings=UiSettings(keypad=False))
    k.press("right", at=1).press("left", at=20).key("SendBack", at=22)
    assert k.view.halves[1].said == "Sent back by mistake? F2."
    k.key("SendBack", at=24)                          # F2 again: undone
    assert k.events(ev.SendBackUndone) == [ev.SendBackUndone(T0 + 24 * S, 1, 0, 2 * S)]
