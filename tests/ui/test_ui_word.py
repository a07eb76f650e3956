"""Issue 37's high word at the table (kiosk.ui.clock.word): a play's word noted with one tap of
WORD and its letters, optional under every preset, played through the real kiosk by taps alone
(a table that takes taps alone refuses any key: ``taps_only``; in simulation a tap on a player's
half is their button) and each screen checked as drawn (nothing cut, overlapping or too small:
tests.support.keyboard_scenes) on the Touch Display (800x480), an HDMI panel (1280x720), the
Touch Display 2 standing (720x1280) and lying flat.

- WORD on the player's half once their play is recorded (their last play, while nobody types),
  or among a play's keys while its score is typed: the letters as the judge screen's, ``?``
  before a blank's (kept in lower case, as the result writes it), ENTER notes it (``NoteWord``),
  BACK leaves without. The word shows beside the turn's score (``+74  QUaRTZ``).
- Never a clock press, never a trap: no clock stops or starts for it, a button does what it
  always does meanwhile, the opponent's turn takes the keyboard (what was typed kept), and BACK
  is always there.
- The result with the word reaches a real director (tests.support.director_harness) and is the
  division's high word on its prize table (director.event.prizes).
"""
from __future__ import annotations

import time

import pytest

from common.game import clock as clk
from common.game import events as ev
from common.wire.signing import table_key
from director.event.rounds import start_round
from director.files.imports import Upload, import_files
from director.rehearsal import event as rehearsal_event
from kiosk.ui.widgets.base import UiSettings
from tests.director.test_end_of_day_pages import Tables
from tests.support.director_harness import KEY, TOURNAMENT, Director
from tests.support.keyboard_scenes import layout_problems, painted, small_keys, small_text
from tests.support.names import PAIRS
from tests.support.ui_harness import S, T0
from tests.ui.test_ui_touch_controls import button, controls, keys, tap

SCREENS = [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"), ((800, 480), "flat")]
PRESETS = ("aspa", "absp", "nzasp", "school")
#: What the clocks do: the events that start, stop or charge one.
CLOCK_EVENTS = (ev.ClockNeutralised, ev.ClockResumed, ev.TurnEnded, ev.GameStarted)


def readable(k) -> list[str]:
    """What a player could not read on the screen as drawn."""
    size, orientation = k.surface.get_size(), k.config.orientation
    _, notes = painted(k, size)
    return layout_problems(notes) + small_text(notes, size, orientation) + small_keys(size, k.view, orientation)


def key_labels(k, player: int) -> list[str]:
    board = k.view.halves[player].keyboard
    return [key.label for key in board.grid + board.actions] if board else []


def played_74(kiosk, preset="aspa", **options):
    """The left player plays 74, entered by taps; the right player's clock runs."""
    k = kiosk(taps_only=True, preset=preset, names=PAIRS[preset], **options)
    button(k, "right", at=1)                      # the right player goes second
    button(k, "left", at=20)
    keys(k, "74\n", at=21)
    assert [(t.player, t.score) for t in k.state.turns] == [(0, 74)] and k.state.clock.running == 1
    return k


@pytest.mark.parametrize("preset", PRESETS)
def test_a_word_is_one_tap_and_its_letters_on_the_players_own_last_play_under_every_preset(kiosk, preset):
    k = played_74(kiosk, preset)
    assert "WORD" in controls(k)[0] and "WORD" not in controls(k)[1]    # the right player has no play
    before = len(k.events())
    tap(k, ("key", "WordLeft"), at=25)
    assert k.view.halves[0].entry == "WORD _" and key_labels(k, 0)[-4:] == ["?", "DEL", "ENTER", "BACK"]
    assert k.view.halves[0].note == "the word of your 74  ·  ? before a blank  ·  ENTER notes it"
    keys(k, "QU?ARTZ", at=26)                     # the A is a blank's
    assert k.view.halves[0].entry == "WORD QUaRTZ"
    assert readable(k) == []
    keys(k, "\n", at=30)
    assert k.events(since=before) == [ev.WordNoted(T0 + 30 * S, 0, 0, "QUaRTZ")]   # and nothing else
    assert k.state.clock.running == 1 and clk.used(k.state.clock, 1, k.now) == 10 * S   # since 20 s
    assert k.view.halves[0].last == "+74  QUaRTZ" and k.view.halves[0].keyboard is None
    assert "WORD" in controls(k)[0]               # again: the word replaced


@pytest.mark.parametrize("size, orientation", SCREENS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_back_leaves_without_a_word_and_the_opponents_turn_takes_the_keys_what_was_typed_kept(
        kiosk, size, orientation):
    k = played_74(kiosk, size=size, orientation=orientation)
    tap(k, ("key", "WordLeft"), at=25)
    keys(k, "QI", at=26)
    assert readable(k) == []
    tap(k, ("key", "Escape"), at=27)              # BACK: nothing noted, the clock screen as it was
    assert not k.events(ev.WordNoted) and k.view.halves[0].keyboard is None and k.state.clock.running == 1
    assert k.view.halves[0].last == "+74"
    tap(k, ("key", "WordLeft"), at=28)
    assert k.view.halves[0].entry == "WORD _"     # BACK kept nothing
    keys(k, "ZAX", at=29)
    button(k, "right", at=40)                     # meanwhile the opponent's turn ends, as ever ...
    assert k.state.clock.running == 0 and k.view.halves[1].keyboard is not None   # ... his keys
    assert k.view.halves[0].keyboard is None and not k.events(ev.WordNoted)
    assert readable(k) == []
    keys(k, "12\n", at=41)
    assert "WORD" in controls(k)[0] and "WORD" in controls(k)[1]
    tap(k, ("key", "WordLeft"), at=42)
    assert k.view.halves[0].entry == "WORD ZAX"   # what she had typed
    keys(k, "\n", at=43)
    assert k.events(ev.WordNoted) == [ev.WordNoted(T0 + 43 * S, 0, 0, "ZAX")]
    assert k.view.halves[0].last == "+74  ZAX" and k.view.halves[1].last == "+12"


@pytest.mark.parametrize("size, orientation", SCREENS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_word_typed_with_the_plays_score_is_noted_when_enter_records_the_play(kiosk, size, orientation):
    k = kiosk(taps_only=True, preset="nzasp", names=PAIRS["nzasp"], size=size, orientation=orientation)
    button(k, "right", at=1)
    button(k, "left", at=20)
    keys(k, "98", at=21)
    assert "WORD" in key_labels(k, 0)             # among the play's keys
    tap(k, ("key", "Word"), at=22)
    assert k.view.halves[0].note.startswith("this play's word")
    keys(k, "QUIXOTE\n", at=23)
    assert k.view.halves[0].entry == "SCORE 98  ·  WORD QUIXOTE"     # waiting with its score
    assert not k.events(ev.TurnRecorded) and not k.events(ev.WordNoted)
    assert readable(k) == []
    tap(k, ("key", "Word"), at=24)                # again: the E was a blank
    assert k.view.halves[0].entry == "WORD QUIXOTE"
    tap(k, ("key", "Backspace"), at=25)
    keys(k, "?E\n", at=25)
    assert k.view.halves[0].entry == "SCORE 98  ·  WORD QUIXOTe"
    keys(k, "\n", at=26)
    assert k.events(ev.TurnRecorded)[-1].score == 98
    assert k.events(ev.WordNoted) == [ev.WordNoted(T0 + 26 * S, 0, 0, "QUIXOTe")]
    assert k.view.halves[0].last == "+98  QUIXOTe" and k.state.clock.running == 1


def test_a_word_too_short_is_said_and_a_play_challenged_off_has_no_word(kiosk):
    k = played_74(kiosk)
    tap(k, ("key", "WordLeft"), at=25)
    keys(k, "Q\n", at=26)
    assert k.view.error == "a word is 2 to 15 letters" and k.view.halves[0].keyboard is not None
    keys(k, "UARTZQUARTZQUARTZ", at=27)           # sixteen letters and more: fifteen taken
    assert k.view.halves[0].entry == "WORD QUARTZQUARTZQUA"
    tap(k, ("key", "Escape"), at=28)
    button(k, "centre", at=30)                    # the opponent challenges ...
    button(k, "centre", at=31)
    keys(k, "QXZT", at=32)
    button(k, "left", at=33)                      # ... the challenged player asks the verdict
    k.at(50).step()
    assert k.state.turns[0].phony and "WORD" not in controls(k)[0]   # off the board: no word


def test_with_a_keyboard_alone_f8_opens_the_last_plays_word(kiosk):
    """A table typed on a USB keyboard (display.keypad off): F8, the letters, Enter; Esc leaves."""
    k = kiosk(names=("Ann", "Bob"), settings=UiSettings(keypad=False))
    k.press("right", at=1).press("left", at=20).type("74\n", at=21)
    k.key("Word", at=22)
    assert k.view.halves[0].entry == "WORD _" and k.view.halves[0].note == (
        "? before a blank  ·  Enter notes it  ·  Esc: none")
    k.type("quartz", at=23)
    assert k.view.halves[0].entry == "WORD QUARTZ"
    k.key("Escape", at=24)
    assert k.view.halves[0].entry == "" and not k.events(ev.WordNoted)
    k.key("Word", at=25).type("qi?x\n", at=26)
    assert k.events(ev.WordNoted) == [ev.WordNoted(T0 + 26 * S, 0, 0, "QIx")]
    assert k.view.halves[0].last == "+74  QIx"


# --- the word at the director ---------------------------------------------------------------

def until(k, done, what: str, timeout_s: float = 60.0):
    """Pass the kiosk's loop until ``done()`` (the link runs on its own thread)."""
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, f"{what}: {k.view.top}"
        k.step()
        time.sleep(0.05)


def test_a_word_noted_at_the_table_reaches_the_director_and_is_the_divisions_high_word(kiosk, tmp_path):
    people = rehearsal_event.players(2)
    paired = rehearsal_event.pairings(1, 1)
    director = Director(tmp_path / "director.sqlite", settings={"prizes.one_each": False}).start()
    try:
        import_files(director.db, [Upload("A.t", rehearsal_event.event_file(people, paired))], division="A")
        start_round(director.db, 1, time.time(), "A")
        names = tuple(p.name for p in people)
        k = kiosk(taps_only=True, names=names, table=paired[0].table, tournament=TOURNAMENT,
                  key=table_key(KEY.encode(), paired[0].table), director_url=director.url)
        until(k, lambda: k.state.start_called_ns is not None, "the round's start from the director")
        second = 1 - paired[0].first
        button(k, ("left", "right")[second], at=1)          # the player going second starts
        first = paired[0].first
        button(k, ("left", "right")[first], at=20)
        keys(k, "112\n", at=21)
        tap(k, ("key", ("WordLeft", "WordRight")[first]), at=22)
        keys(k, "JAC?UZZI\n", at=23)
        assert k.events(ev.WordNoted) == [ev.WordNoted(T0 + 23 * S, first, 0, "JACuZZI")]
        button(k, ("left", "right")[second], at=40)
        keys(k, "30\n", at=41)
        button(k, "centre", at=60)                          # the first player goes out
        button(k, ("left", "right")[first], at=61)
        keys(k, "9\n", at=62)
        button(k, ("left", "right")[second], at=63)         # accepted: the tiles left
        keys(k, "AE\n", at=64)
        button(k, "left", at=70)
        button(k, "right", at=71)
        assert k.state.phase == "confirmed"
        until(k, lambda: director.rows("results"), "no result reached the director")
        rows = Tables(director.download("/prizes")[0].decode()).tables["prizes"]
        [high] = [row for row in rows if row[0].startswith("High word")]
        assert high[1:4] == [names[first], "112", f"JACuZZI: round 1 table {paired[0].table}, "
                                                   f"against {names[second]}"]
    finally:
        director.stop()
