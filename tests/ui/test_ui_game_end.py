"""A whole game to its confirmed result, pressed on gpiozero MockFactory pins (the real button
driver and queue) with the keyboard for what is typed."""
from tests.support.ui_harness import S, T0
from common.game import events as ev
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.judge.verdict import VerdictScreen


def opening(k):
    k.press("right", at=2)                      # Bob goes second: Ann's (left) clock runs
    k.press("left", at=30).type("24\n", at=31)  # Ann: 24
    k.press("right", at=60).type("40\n", at=61) # Bob: 40


def test_play_out_accepted_rack_entered_both_confirm(kiosk):
    k = kiosk(gpio=True, names=("Ann", "Bob"))
    opening(k)
    k.press("centre", at=90)                    # Ann plays out: centre ...
    k.press("left", at=91)                      # ... her own button: "went out", at 90 s
    k.shot("went-out")
    assert k.state.phase == "out" and k.view.halves[0].entry == "SCORE _"
    assert k.view.halves[0].note == "the play's score, then ENTER"    # the table's buttons: the on-screen key
    k.type("16\n", at=92)                       # Ann enters the play-out's score
    k.press("right", at=93)                     # Bob accepts
    assert k.events(ev.PlayOutAccepted) == [ev.PlayOutAccepted(T0 + 93 * S, 1)]
    assert k.state.phase == "ended" and k.view.halves[1].entry == "TILES LEFT _"
    k.press("left", at=94)                      # Ann confirms too early: the rack is missing
    assert k.view.error == "enter the unplayed tiles of Bob first"
    k.type("qu?\n", at=95)                      # Bob's rack: Q U blank = 11
    k.shot("rack-entered")
    assert k.view.halves[0].score == "51" and k.view.halves[0].last == "rack +11"
    assert k.view.halves[1].score == "29" and k.view.halves[1].last == "rack -11"
    assert k.view.halves[0].note == "press your button to confirm"
    k.press("left", at=96)
    assert k.view.halves[0].note == "CONFIRMED"
    k.press("right", at=97)
    k.shot("confirmed")
    assert k.state.phase == "confirmed" and k.view.banner == ("RESULT CONFIRMED", "the result is locked")
    assert k.events(ev.ResultLocked) == [ev.ResultLocked(T0 + 97 * S)]
    k.press("left", at=98)
    assert k.view.error == "the result is confirmed and locked"


def test_a_challenged_play_out_found_acceptable_ends_the_game(kiosk):
    k = kiosk(gpio=True)
    opening(k)
    k.press("centre", at=90).press("left", at=91).type("16\n", at=92)
    k.press("centre", at=93)                    # Bob challenges the play-out
    k.type("jinx", at=94).press("left", at=95)  # Ann, challenged, judges (ASPA)
    assert isinstance(k.screen, VerdictScreen) and k.view.valid
    k.at(106).step()
    assert isinstance(k.screen, ClockScreen) and k.state.phase == "ended" and k.state.end == "out"


def test_the_player_who_went_out_restarts_the_clock_after_the_accept_window(kiosk):
    k = kiosk(gpio=True)
    opening(k)
    k.press("centre", at=90).press("left", at=91).type("16\n", at=92)
    k.press("left", at=93)                      # within ASPA's 5 s: refused
    assert "5 s to accept" in k.view.error and k.state.clock.running is None
    k.press("left", at=96)                      # after it: Bob's clock runs again
    assert k.state.clock.running == 1 and k.state.phase == "out"


def test_six_zero_turns_end_the_game_and_both_racks_are_entered(kiosk):
    k = kiosk(gpio=True)
    k.press("right", at=2)
    for i, side in enumerate(["left", "right"] * 3):
        k.press(side, at=10 + 10 * i)
        k.key("Tab", at=11 + 10 * i).key("Tab").key("Enter")       # a pass
    assert k.state.phase == "ended" and k.state.end == "zeros"
    assert k.view.banner[0] == "GAME OVER: six scoreless turns"
    k.type("ab\n", at=80)                       # Ann's rack first, then Bob's
    k.type("z\n", at=81)
    assert k.state.racks == ("AB", "Z")
    assert (k.view.halves[0].score, k.view.halves[1].score) == ("-4", "-10")
