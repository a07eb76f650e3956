"""Correcting a score (ASPA 3.2, ABSP 4.9.2): F9 while the clock is neutral or after the game,
pick the turn, type the score, both players press; the core's Correct records it, and what it
refuses is shown with the core's own reason, nothing written."""
import pytest

from tests.support.ui_harness import S, T0
from common.game import events as ev
from common.game.commands import Correct
from common.game.errors import GameError
from common.game.game import decide
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.correct import CorrectionScreen, correction_layout
from tests.support.ui_pixels import bar_shows, reads


def three_turns(kiosk, **options):
    """Bob 35, Ann exchanges 3, Bob 12; then the clock stopped (no reason) at 60 s."""
    k = kiosk(**options)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    k.press("left", at=30).key("Tab").type("3\n", at=31)
    k.press("right", at=40).type("12\n", at=41)
    k.press("centre", at=60).press("right", at=61).key("Enter", at=62)
    assert k.state.clock.running is None
    return k


def core_reason(k, turn, score=0):
    """What the core itself says when asked for this correction now."""
    with pytest.raises(GameError) as refused:
        decide(k.state, Correct(turn, score), k.now)
    return str(refused.value)


def on_screen(k, part, text, colour):
    return reads(k, text, colour, within=correction_layout(k.surface.get_size(), k.view)[part])


def test_both_players_agree_and_the_core_corrects_the_score(kiosk):
    k = three_turns(kiosk)
    k.key("Correct", at=70)
    assert isinstance(k.screen, CorrectionScreen)
    k.shot("correct-pick")
    assert k.view.turns == ("1    Bob    +35", "2    Ann    exchanged 3", "3    Bob    +12")
    rows = correction_layout(k.surface.get_size(), k.view)["rows"]
    assert reads(k, k.view.turns[0], theme.FG, within=rows[0])
    assert on_screen(k, "heading", "CORRECT A SCORE  (both players must agree)", theme.PROMPT)
    k.type("1\n", at=71)
    k.type("30\n", at=72)
    k.shot("correct-agree")
    assert k.view.entry == "TURN 1: 35 BECOMES 30"
    assert on_screen(k, "entry_text", "TURN 1: 35 BECOMES 30", theme.WHITE)
    assert k.view.prompt.startswith("Ann and Bob: press your own button to agree")
    k.press("left", at=75)                          # Ann agrees: not enough on its own
    assert k.events(ev.ScoreCorrected) == []
    assert k.view.prompt.startswith("Bob: press your own button to agree  ·  agreed: Ann")
    k.press("right", at=76)                         # Bob agrees: the core records it
    assert k.events(ev.ScoreCorrected) == [ev.ScoreCorrected(T0 + 76 * S, 0, 30)]
    assert isinstance(k.screen, ClockScreen) and k.state.clock.running is None
    k.shot("corrected")
    assert k.view.halves[1].score == "42" and k.state.scores() == (0, 42)
    assert k.view.bottom.startswith("turn 1 corrected: 35 is now 30")
    k.press("right", at=81)                         # the game goes on: Bob, waiting, restarts
    assert k.state.clock.running == 0


def test_the_core_refuses_a_turn_without_a_score_with_its_reason(kiosk):
    k = three_turns(kiosk)
    before = list(k.journal.lines)
    k.key("Correct", at=70).type("2\n", at=71)      # turn 2 is Ann's exchange
    k.shot("correct-refused")
    reason = core_reason(k, 2)
    assert k.view.error == reason and reason.startswith("turn 2 is a")
    assert bar_shows(k, correction_layout(k.surface.get_size(), k.view)["bottom"], reason, theme.ERROR)
    assert k.view.entry == "TURN 2"                 # still picking: fix the number
    k.key("Backspace").type("9\n", at=72)
    assert k.view.error == core_reason(k, 9) == "there is no turn 9 (turns 1 to 3)"
    assert k.journal.lines == before and isinstance(k.screen, CorrectionScreen)


def test_escape_steps_back_and_the_centre_cancels_without_recording(kiosk):
    k = three_turns(kiosk)
    before = list(k.journal.lines)
    k.key("Correct", at=70).type("3\n", at=71).type("15\n", at=72)
    k.key("Escape", at=73)                          # back to the score
    assert k.view.entry == "TURN 3: NEW SCORE 15"
    k.key("Escape").key("Escape")                   # back to the turn, then out
    assert isinstance(k.screen, ClockScreen)
    k.key("Correct", at=74).type("3\n15\n", at=75)
    k.press("left", at=76).press("centre", at=77)   # one agreed, then the centre: cancelled
    assert isinstance(k.screen, ClockScreen) and k.journal.lines == before
    assert k.state.turns[2].score == 12


def test_the_same_score_or_no_score_is_not_a_correction(kiosk):
    k = three_turns(kiosk)
    k.key("Correct", at=70).type("3\n", at=71)
    k.key("Enter", at=72)
    assert k.view.error == "type the new score"
    k.type("12\n", at=73)
    assert k.view.error == "turn 3 already scores 12" and k.view.entry == "TURN 3: NEW SCORE 12"


def test_not_while_the_clock_runs(kiosk):
    k = kiosk()
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    k.key("Correct", at=22)
    assert isinstance(k.screen, ClockScreen)
    assert k.view.error == "stop the clock first (centre button), then F9 to correct a score"


def test_after_the_game_a_correction_needs_a_turn_with_a_score(kiosk):
    k = kiosk()
    k.press("left", at=1)
    for i, side in enumerate(["right", "left"] * 3):    # six passes end the game
        k.press(side, at=10 + 10 * i).key("Tab").key("Tab").key("Enter")
    k.type("ab\n", at=80).type("z\n", at=81)           # both racks
    k.key("Correct", at=83).type("1\n", at=84)         # every turn was a pass: the core says so
    assert k.view.error == core_reason(k, 1) and "pass" in k.view.error


def test_school_refuses_corrections_once_the_game_is_over_with_the_cores_reason(kiosk):
    k = kiosk(preset="school")
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    limit = k.state.rules.clock.round_limit_s
    k.at(limit + 10).step()                            # the round's time is up
    assert k.state.phase == "ended"
    k.key("Correct", at=limit + 11).type("1\n")
    assert k.view.error == core_reason(k, 1, 30) and "before the game ends" in k.view.error
    assert k.events(ev.ScoreCorrected) == []


def test_a_refusal_after_both_agreed_shows_the_reason_and_writes_nothing(kiosk):
    k = kiosk(preset="school")
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    limit = k.state.rules.clock.round_limit_s
    k.press("centre", at=limit - 30).press("right", at=limit - 29).key("Enter")
    k.key("Correct", at=limit - 20).type("1\n").type("30\n")
    k.press("left", at=limit - 10)
    k.at(limit + 5).step()                             # the round ends while they agree
    assert k.state.phase == "ended"
    k.press("right", at=limit + 6)
    assert k.view.error == core_reason(k, 1, 30) and "before the game ends" in k.view.error
    assert k.events(ev.ScoreCorrected) == []
    assert k.state.turns[0].score == 35


def test_after_the_game_a_correction_undoes_a_confirmation_and_after_locking_none(kiosk):
    k = kiosk()
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    for i, side in enumerate(["left", "right"] * 3):   # six passes end the game
        k.press(side, at=30 + 10 * i).key("Tab").key("Tab").key("Enter")
    k.type("ab\n", at=100).type("z\n", at=101)
    k.press("left", at=102)                            # Ann confirms ...
    assert k.state.confirmed == (True, False) and k.view.halves[0].note == "CONFIRMED"
    k.key("Correct", at=103).type("1\n").type("30\n")   # ... then they find a wrong score
    k.press("left", at=104).press("right", at=105)
    assert k.events(ev.ScoreCorrected) == [ev.ScoreCorrected(T0 + 105 * S, 0, 30)]
    k.shot("corrected-after-the-game")
    assert k.view.halves[1].score == str(30 - 10)      # Bob's Z (10) comes off
    assert k.state.confirmed == (False, False)         # the core asks for both again
    assert [h.note for h in k.view.halves] == ["press your button to confirm"] * 2
    k.press("left", at=106).press("right", at=107)     # both confirm: locked
    assert k.state.phase == "confirmed"
    k.key("Correct", at=108)
    assert isinstance(k.screen, ClockScreen) and k.view.error == "the result is confirmed and locked"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_with_long_names_each_listed_turn_shows_its_score_whole(kiosk, size):
    """Issue 38 item 10: with a long name the recorded score (the very number being corrected)
    was cut at 720x1280, and 800x480 listed only the last 4-5 turns: now each row keeps its
    score whole (the name shortened to its start) and six turns at least are listed."""
    from tests.support.keyboard_scenes import layout_problems, painted, small_text
    names = ("Featherstonehaugh-Wright, Annabel", "Wiremu Te Rangi-Hēnare Walker")
    k = kiosk(size=size, names=names)
    k.press("left", at=1)
    for i, score in enumerate((35, 12, 40, 18, 27, 9, 31)):       # seven turns, each side in turn
        k.press("right" if i % 2 == 0 else "left", at=10 + 10 * i).type(f"{score}\n", at=11 + 10 * i)
    k.press("centre", at=90).press("right", at=91).key("Enter", at=92)
    k.key("Correct", at=93)
    assert isinstance(k.screen, CorrectionScreen)
    _, notes = painted(k, size)
    assert layout_problems(notes) == [] and small_text(notes, size) == []
    rows = correction_layout(size, k.view)["rows"]
    assert len(rows) >= 6
    drawn = [n.text for n in notes if n.kind == "text" and any(r.contains(n.ink) for r in rows)]
    for number, score in zip(range(7, 7 - len(rows), -1), (31, 9, 27, 18, 40, 12)):
        assert any(text.startswith(f"{number} ") and text.endswith(f"+{score}") for text in drawn), (number, drawn)
