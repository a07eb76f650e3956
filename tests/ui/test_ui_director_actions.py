"""The director's actions during and after a game: adjust a player's time, forfeit, end, reopen,
correct a score on the director's authority. Each records exactly the core's events, with the
right numbers, only once the director confirms; what the core refuses shows its own reason and
records nothing."""
import pytest

from tests.support.ui_harness import S, T0
from tests.support.director_steps import PIN, PIN_HASH, error_shows, open_menu, recorded, row_shows
from common.game import events as ev
from common.game.commands import End, Reopen
from common.game.errors import GameError
from common.game.game import decide
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.correct import CorrectionScreen
from kiosk.ui.menu.screen import DirectorScreen


def stopped(kiosk, **options):
    """Bob's clock runs from 1 s, Bob plays 35 at 20 s, Ann's clock runs to 30 s and is stopped
    (Ann 24:50, Bob 24:41)."""
    k = kiosk(pin_hash=PIN_HASH, **options)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=30).press("right", at=31).key("Enter", at=32)
    assert k.state.clock.running is None
    return k


def zeros(kiosk):
    """Six passes from the start end the game by the zero-score run (ASPA)."""
    k = kiosk(pin_hash=PIN_HASH)
    k.press("left", at=1)
    for i, side in enumerate(["right", "left"] * 3):
        k.press(side, at=10 + 10 * i).key("Tab").key("Tab").key("Enter")
    assert k.state.phase == "ended" and k.state.end == "zeros"
    return k


def core_reason(k, command):
    with pytest.raises(GameError) as refused:
        decide(k.state, command, k.now)
    return str(refused.value)


def test_adjust_a_players_time(kiosk):
    k = stopped(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("3", at=41)
    assert k.view.rows == ("1   Ann (left)", "2   Bob (right)", "3   both (a clock brought in)")
    k.type("1", at=42)                                  # Ann
    assert k.view.rows == ("Ann's clock now shows 24:50",) and k.view.entry == "SECONDS _"
    k.type("30", at=43).key("Enter", at=44)             # no sign: which way?
    assert k.view.error == "type + (more time) or - (less time), then the seconds"
    k.type("+", at=45)
    assert k.view.entry == "SECONDS +30"
    k.key("Enter", at=46)
    k.shot("director-adjust-confirm")
    assert k.view.rows == ("Ann's clock: 24:50 becomes 25:20", "+0:30 on the clock")
    assert row_shows(k, 0, "Ann's clock: 24:50 becomes 25:20")
    assert len(k.journal.lines) == before               # not before the director confirms
    k.key("Enter", at=47)
    assert recorded(k, before) == [ev.TimeAdjusted(T0 + 47 * S, 0, -30 * S)]
    assert k.view.entry == "recorded: Ann's clock: 24:50 becomes 25:20" and k.screen.step == "menu"
    k.type("32", at=50).type("-1:30\n", at=51)          # Bob: a minute and a half off
    assert k.view.rows[0] == "Bob's clock: 24:41 becomes 23:11"
    k.key("Enter", at=52)
    assert recorded(k, before + 1) == [ev.TimeAdjusted(T0 + 52 * S, 1, 90 * S)]
    k.key("Escape", at=53)
    assert isinstance(k.screen, ClockScreen)
    assert [h.time for h in k.view.halves] == ["25:20", "23:11"]


def test_escape_steps_back_and_nothing_is_recorded_without_enter(kiosk):
    k = stopped(kiosk)
    journal = list(k.journal.lines)
    open_menu(k, at=40).type("31+15\n", at=41)
    assert k.screen.step == "confirm"
    k.key("Escape", at=42)                              # back to the seconds
    assert k.screen.step == "ask" and k.view.entry == "SECONDS +15"
    k.key("Escape", at=43)                              # back to the player
    assert k.view.rows == ("1   Ann (left)", "2   Bob (right)", "3   both (a clock brought in)")
    k.key("Escape", at=44).key("Escape", at=45)         # the menu, then the game
    assert isinstance(k.screen, ClockScreen) and k.journal.lines == journal


def test_forfeit_a_player_on_the_directors_decision(kiosk):
    k = stopped(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("4", at=41).type("2", at=42).type("1", at=43)
    assert k.view.rows == ("Bob forfeits (the director's decision): the game ends now",
                           "result: Ann 85, Bob 35")   # ASPA: won by the forfeit spread, 50
    k.key("Enter", at=44)
    assert recorded(k, before) == [ev.Forfeited(T0 + 44 * S, 1, "director"),
                                   ev.GameEnded(T0 + 44 * S, "forfeit")]
    k.key("Escape", at=45)
    assert k.view.banner[0] == "GAME OVER: Bob forfeits (director)"


def test_end_the_game_now_and_a_reopen_the_core_refuses(kiosk):
    k = stopped(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("5", at=41)
    assert k.view.rows == ("end the game now (ended by the director)",
                           "then the tiles left on the racks, and the players confirm the result")
    k.key("Enter", at=42)
    assert recorded(k, before) == [ev.GameEnded(T0 + 42 * S, "director")]
    journal = list(k.journal.lines)
    k.type("6", at=43)                                  # tiles found? not after the director's end
    k.shot("director-reopen-refused")
    reason = core_reason(k, Reopen())
    assert reason == "a game that ended by director is not reopened by tiles found later"
    assert k.view.error == reason and error_shows(k, reason)
    assert k.screen.step == "menu" and k.journal.lines == journal
    k.type("5", at=44)                                  # ended already: 5 locks the result now,
    assert k.view.error == "enter the unplayed tiles of Ann and Bob first"   # once it is complete
    assert k.journal.lines == journal
    k.key("Escape", at=45)
    assert k.view.banner[0] == "GAME OVER: ended by the director"


def test_end_is_refused_before_the_game_with_the_cores_reason(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    open_menu(k, at=5).type("5", at=6)
    assert k.view.error == core_reason(k, End())
    assert k.view.error.startswith("the game has not started") and k.journal.lines == []


def test_reopen_a_game_ended_by_a_zero_score_run(kiosk):
    k = zeros(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=80).type("6", at=81)               # after a zero-score run: nobody asked
    assert k.view.rows == ("tiles found after the end",
                           "both players have tiles: play resumes with the clock stopped; the moves stay")
    k.key("Enter", at=82)
    assert recorded(k, before) == [ev.GameReopened(T0 + 82 * S)]
    k.key("Escape", at=83)
    assert k.state.phase == "playing" and k.state.clock.running is None
    assert k.view.banner[0] == "CLOCK STOPPED: tiles found after the end: play resumes"


def test_correct_a_score_without_the_players_agreement(kiosk):
    k = stopped(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("7", at=41)
    assert isinstance(k.screen, CorrectionScreen) and k.screen.director
    assert k.view.heading == "CORRECT A SCORE  (the director's decision)"
    k.type("1\n", at=42).type("30\n", at=43)
    k.shot("director-correct")
    assert k.view.entry == "TURN 1: 35 BECOMES 30"
    assert k.view.prompt == "Enter records it (the director's decision)  ·  Esc: back"
    k.press("left", at=44).press("right", at=45)        # the players' buttons do nothing here
    assert len(k.journal.lines) == before
    assert k.view.error == "the director records the correction with Enter  ·  Esc: back"
    k.key("Enter", at=46)
    assert recorded(k, before) == [ev.ScoreCorrected(T0 + 46 * S, 0, 30)]
    assert isinstance(k.screen, DirectorScreen) and k.screen.step == "menu"
    assert k.view.entry == "turn 1 corrected: 35 is now 30"
    k.key("Escape", at=47)
    assert k.view.halves[1].score == "30"


def test_a_correction_the_core_refuses_shows_its_reason(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    open_menu(k, at=5).type("7", at=6)                  # before the game
    assert isinstance(k.screen, DirectorScreen)
    assert k.view.error.startswith("the game has not started") and k.journal.lines == []
    k = zeros(kiosk)
    journal = list(k.journal.lines)
    open_menu(k, at=80).type("7", at=81).type("1\n", at=82)     # turn 1 was a pass
    assert k.view.error == "turn 1 is a pass, which has no score to correct"
    assert k.journal.lines == journal
