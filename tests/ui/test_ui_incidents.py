"""Issue 19's events at the table, through the real loop: the players' ways on the clock screen
(DECLARE? for an undeclared blank, NZASP 6.2.2; FALSE ?, a false blank, school 7: touch controls on the
half of the player who may, and F2 / F3) and the director's (a clock brought in, ASPA 2.2; tiles
found, ASPA 11.4-11.5 and NZASP 6.10-6.11; a verdict rechecked, ABSP 4.10.7 and NZASP 6.15.3).
Each records exactly the core's events."""
from common.game import clock as clk
from common.game import events as ev
from kiosk.ui.clock.screen import ClockScreen
from tests.support.director_steps import PIN_HASH, open_menu, recorded
from tests.support.ui_harness import S, T0
from tests.ui.test_ui_touch_controls import button, controls, keys, tap


def test_nzasp_6_2_2_bob_sends_anns_play_back_and_she_declares_her_blank_by_taps(kiosk):
    k = kiosk(taps_only=True, preset="nzasp")
    button(k, "right", at=1)                           # Bob goes second: Ann's clock runs
    button(k, "left", at=20)                           # Ann ends her turn: no blank declared
    assert "DECLARE?" in controls(k)[1] and "DECLARE?" not in controls(k)[0]
    tap(k, ("key", "SendBack"), at=22)                 # at once: Ann's clock runs again
    assert k.events(ev.TurnSentBack) == [ev.TurnSentBack(T0 + 22 * S, 1, 0)]
    assert k.state.clock.running == 0 and k.view.banner[0] == "DECLARE THE BLANK"
    assert k.view.halves[0].entry == "BLANK _"
    button(k, "left", at=25)                           # no letter yet: refused, said why
    assert k.view.error == "type the letter the blank stands for, or NO BLANK if the play has none"
    assert not k.events(ev.BlankDeclared)
    keys(k, "E", at=26)
    button(k, "left", at=27)                           # declared: Bob's clock runs again
    assert k.events(ev.BlankDeclared) == [ev.BlankDeclared(T0 + 27 * S, 0, "E")]
    assert k.state.clock.running == 1
    keys(k, "24\n", at=28)                             # then her play's score, the blank kept
    assert k.state.turns[0].score == 24 and k.state.turns[0].blanks == "E"
    assert len(k.state.turns) == 1                     # not a passed turn
    assert clk.used(k.state.clock, 0, k.now) == 24 * S  # 19 s, then 5 s to declare


def control_keys(k) -> list[list[str]]:
    """What each player's controls type (their actions: F2 is "SendBack"), whatever they say."""
    return [[key.key for key in half.controls.grid] if half.controls else [] for half in k.view.halves]


def test_nzasp_6_2_2_bob_sends_anns_play_out_back_before_accepting_it(kiosk):
    k = kiosk(taps_only=True, preset="nzasp")
    button(k, "right", at=1)                           # Bob goes second: Ann's clock runs
    tap(k, ("button", "centre"), at=20)                # Ann stops the clock...
    button(k, "left", at=21)                           # ...and went out: no blank declared
    assert k.state.phase == "out" and k.state.clock.running is None
    assert "SendBack" in control_keys(k)[1] and "SendBack" not in control_keys(k)[0]
    tap(k, ("key", "SendBack"), at=23)                 # before accepting: Ann's clock runs again
    assert k.events(ev.TurnSentBack) == [ev.TurnSentBack(T0 + 23 * S, 1, 0)]
    assert k.state.clock.running == 0 and k.view.banner[0] == "DECLARE THE BLANK"
    assert k.view.halves[0].entry == "BLANK _"
    button(k, "right", at=24)                          # Bob cannot accept it yet
    assert "Ann declares the blank first (NZASP 6.2.2)" in k.view.error
    assert not k.events(ev.PlayOutAccepted)
    keys(k, "E", at=26)
    button(k, "left", at=27)                           # declared: the clock stops again
    assert k.events(ev.BlankDeclared) == [ev.BlankDeclared(T0 + 27 * S, 0, "E")]
    assert k.state.phase == "out" and k.state.clock.running is None
    assert "SendBack" not in control_keys(k)[1]        # declared: not sent back a second time
    keys(k, "24\n", at=28)                            # then her play-out's score, the blank kept
    assert k.state.turns[0].score == 24 and k.state.turns[0].blanks == "E"
    assert k.view.banner[0] == "Ann WENT OUT"
    button(k, "right", at=30)                          # Bob accepts: the game is over
    assert k.state.end == "out" and len(k.state.turns) == 1
    assert clk.used(k.state.clock, 0, k.now) == 23 * S  # 19 s, then 4 s to declare


def test_no_send_back_where_the_book_has_none(kiosk):
    k = kiosk(preset="aspa")
    k.press("right", at=1).press("left", at=20)
    assert "DECLARE?" not in controls(k)[1]
    k.key("SendBack", at=21)                           # F2: the core's own reason
    assert "no sending a play back" in k.view.error and not k.events(ev.TurnSentBack)


def test_school_7_a_false_blank_comes_off_by_f3_once_the_other_team_agrees(kiosk):
    k = kiosk(preset="school", names=("Team A", "Team B"))
    k.press("right", at=1)                             # B goes second: A's clock runs
    k.press("left", at=20).type("30\n", at=21)
    assert "FALSE ?" in controls(k)[1]
    k.key("FalseBlank", at=24)                         # B: a false blank? (issue 38: it only asks)
    assert not k.events(ev.FalseBlankFound) and k.view.banner[0] == "FALSE BLANK? Turn the tile over."
    k.press("left", at=25)                             # A turns the tile over: no blank, agreed
    assert k.events(ev.FalseBlankFound) == [ev.FalseBlankFound(T0 + 25 * S, 1, 0)]
    assert k.state.clock.running is None
    assert k.view.banner[0] == "CLOCK STOPPED: a false blank: the play came off the board"
    k.press("left", at=30)                             # A, who lost the turn, restarts B's clock
    assert k.state.clock.running == 1 and k.state.scores() == (0, 0)


def stopped(kiosk, preset="aspa"):
    """Bob's clock runs from 1 s, Bob plays 35 at 20 s, Ann's clock runs to 30 s and is stopped."""
    k = kiosk(pin_hash=PIN_HASH, preset=preset)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=30).press("right", at=31).key("Enter", at=32)
    return k


def test_aspa_2_2_the_director_brings_a_clock_in(kiosk):
    k = stopped(kiosk)                                 # Ann used 10 s, Bob 19 s
    before = len(k.journal.lines)
    open_menu(k, at=40).type("3", at=41).type("3", at=42)
    assert k.view.rows == ("a clock brought in: the time left is divided equally",
                           "each clock shows 24:45")
    k.key("Enter", at=43)
    assert recorded(k, before) == [ev.TimeDivided(T0 + 43 * S, 14_500_000_000)]
    k.key("Escape", at=44)
    assert [h.time for h in k.view.halves] == ["24:45", "24:45"]
    before = len(k.journal.lines)
    open_menu(k, at=50).type("3", at=51).type("3", at=52)  # asked again: the clock is in
    assert k.view.error == ("a clock was brought in already and the time left divided then "
                            "(ASPA 2.2): to change one side's time, adjust that player's time")
    k.key("Enter", at=53)
    assert recorded(k, before) == []
    k.key("Escape", at=54).key("Escape", at=55)
    assert [h.time for h in k.view.halves] == ["24:45", "24:45"]


def test_tiles_found_during_play_and_after_a_play_out(kiosk):
    k = stopped(kiosk)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("6", at=41)               # during play: nobody takes them
    assert k.view.rows[0] == "tiles found during play: back into the bag"
    k.key("Enter", at=42)
    assert recorded(k, before) == [ev.TilesFound(T0 + 42 * S, 1, -1)]
    k.key("Escape", at=43)
    k.press("right", at=44)                            # Bob, waiting, restarts Ann's clock
    k.press("centre", at=50).press("left", at=51).type("12\n", at=52)   # Ann went out
    k.press("right", at=55).type("QU\n", at=56)        # Bob accepts; his tiles left
    assert k.state.end == "out"
    before = len(k.journal.lines)
    open_menu(k, at=60).type("6", at=61).type("2", at=62)   # Bob should have drawn them
    assert k.view.rows[1].startswith("only Bob has tiles: the game stays over")
    k.key("Enter", at=63)
    assert recorded(k, before) == [ev.TilesFound(T0 + 63 * S, 1, 1)]
    k.key("Escape", at=64)
    assert k.state.phase == "ended" and k.view.banner[1] == "enter the tiles left on Bob's rack"


def test_the_referee_rechecks_a_verdict_from_the_menu(kiosk):
    k = kiosk(pin_hash=PIN_HASH, preset="nzasp")
    k.press("left", at=1)                              # Bob's clock runs
    k.press("right", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26)    # Ann challenges
    k.type("cat\n", at=30).press("left", at=31)        # NZASP 6.14.3: the challenger presses
    assert k.state.turns[0].bonus == 5
    k.press("left", at=33)                             # the verdict screen goes
    assert isinstance(k.screen, ClockScreen)
    before = len(k.journal.lines)
    open_menu(k, at=40).type("0", at=41).type("2", at=42).type("2", at=43)
    assert k.view.rows[0] == "Bob asked for a recheck: the verdict is NOT ACCEPTABLE"
    k.key("Enter", at=44)
    assert recorded(k, before) == [ev.ChallengeRechecked(T0 + 44 * S, 1, 0, False),
                                   ev.PhonyWithdrawn(T0 + 44 * S, 0)]
    assert k.state.scores() == (0, 0)
    k.type("0", at=51).type("1", at=52).type("1", at=53)   # NZASP 6.15.3: once only
    assert "the verdict was checked again already: it is final (NZASP 6.15.3)" in k.view.error
