"""Late arrivals through the director's menu: the start call with a player absent (CallStart),
the absent half of the clock screen (ABSENT, the clock counting what the core will charge:
common.game.late.absence_charge), the arrival (Arrive: by the player's button or the menu), then
the normal start. ASPA charges the clock; school charges 10 points per completed 3 minutes."""
from tests.support.ui_harness import S, T0
from tests.support.director_steps import PIN, PIN_HASH, open_menu, recorded
from common.game import clock as clk
from common.game import events as ev
from common.game.late import absence_charge
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.paint import drawn_layout
from kiosk.ui.setup.screen import SetupScreen
from tests.support.ui_pixels import banner_shows, count, said_shows, shows


def call_start(k, at: float, digit: str):
    """The director's menu: 1 (late start), who is absent, Enter; then Esc back to the game."""
    open_menu(k, at=at).type("1" + digit, at=at)
    k.key("Enter", at=at)
    return k.key("Escape", at=at)


def test_aspa_the_absent_clock_counts_down_and_the_late_player_starts_with_20_minutes(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    assert isinstance(k.screen, SetupScreen)
    open_menu(k, at=10).type("1", at=11)
    assert k.view.rows == ("1   Ann (left)", "2   Bob (right)", "3   both")
    k.type("2", at=12)                                  # Bob is absent
    k.shot("director-late-start-confirm")
    assert k.view.rows == ("call the start now: Bob absent",
                           "the lateness comes off their clock; forfeit after 25:00")
    assert k.journal.lines == []                        # nothing until the director confirms
    k.key("Enter", at=15)
    assert recorded(k) == [ev.StartCalled(T0 + 15 * S, (1,))]
    assert k.view.entry == "recorded: call the start now: Bob absent"
    k.key("Escape", at=16)
    assert isinstance(k.screen, ClockScreen) and k.state.phase == "waiting"

    k.at(15 + 150).step()                               # Bob is 2:30 late
    k.shot("director-absent-half")
    ann, bob = k.view.halves
    shown = clk.display(clk.remaining(k.state.clock, 1, k.now) - absence_charge(k.state, 1, k.now))
    assert bob.time == shown == "22:30" and bob.last == "ABSENT" and bob.absent and not bob.dimmed
    assert ann.time == "25:00" and ann.last == "" and ann.dimmed and not ann.absent
    rows = drawn_layout(k.surface.get_size(), k.view).rows
    assert shows(k.surface, rows[1]["last"], "ABSENT", theme.ABSENT_TEXT)
    assert count(k.surface, rows[0]["last"], theme.ABSENT_TEXT) == 0
    assert count(k.surface, rows[1]["time"], theme.FG) > 1000      # bright: it counts
    halves = drawn_layout(k.surface.get_size(), k.view).halves      # framed like any running clock
    assert bob.running and not ann.running
    assert count(k.surface, halves[1], theme.RUNNING) > 1000 and count(k.surface, halves[0], theme.RUNNING) == 0
    assert k.view.banner == ("WAITING FOR BOB",) and banner_shows(k, 0)
    assert bob.said == "On arriving, press your button. Your clock counts the lateness." and said_shows(k, 1)
    assert ann.said == ""
    k.at(15 + 151).step()
    assert k.view.halves[1].time == "22:29"

    k.press("left", at=200)                             # Ann is not awaited: the core says so
    assert k.view.error == "Ann is not awaited" and len(k.journal.lines) == 1
    k.press("right", at=15 + 300)                       # Bob arrives, 5 minutes late
    assert recorded(k, 1) == [ev.Arrived(T0 + 315 * S, 1, 300 * S, 0)]
    assert k.state.phase == "setup" and isinstance(k.screen, ClockScreen)
    k.shot("director-late-arrived")
    ann, bob = k.view.halves
    assert bob.time == "20:00" and bob.last == "arrived 5:00 late" and ann.time == "25:00"
    assert k.view.banner == ("READY TO START",
                             "The player going second presses their button to start the first player's clock.")
    k.press("right", at=330)                            # Bob goes second: Ann's clock starts
    assert recorded(k, 2) == [ev.GameStarted(T0 + 330 * S, 0)]
    k.at(340).step()
    assert [h.time for h in k.view.halves] == ["24:50", "20:00"] and k.view.halves[0].running


def test_the_menu_records_an_arrival_with_what_it_costs(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    call_start(k, at=10, digit="2")
    open_menu(k, at=10 + 300).type("2", at=311).type("2", at=312)
    assert k.view.rows == ("Bob arrives 5:02 late", "5:02 off their clock (19:58 left)")
    k.key("Enter", at=313)
    assert recorded(k, 1) == [ev.Arrived(T0 + 313 * S, 1, 303 * S, 0)]
    k.key("Escape", at=314)
    assert k.view.halves[1].time == "19:57" and k.state.phase == "setup"


def test_an_arrival_the_core_refuses_shows_its_reason_and_records_nothing(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    open_menu(k, at=10).type("22", at=11)               # an arrival before any start call
    assert k.view.error == "the game has not started: the player going second presses to start"
    assert k.journal.lines == [] and k.screen.step == "ask"
    k.key("Escape", at=12).key("Escape", at=13)         # back to the menu, then to the game
    call_start(k, at=20, digit="2")
    open_menu(k, at=30).type("21", at=31)               # Ann was never awaited
    assert k.view.error == "Ann is not awaited" and len(k.journal.lines) == 1


def test_school_charges_no_clock_but_10_points_per_completed_3_minutes(kiosk):
    k = kiosk(preset="school", pin_hash=PIN_HASH)
    call_start(k, at=10, digit="1")                     # Ann is absent
    k.at(10 + 7 * 60).step()
    ann = k.view.halves[0]
    assert ann.time == "22:00" and ann.last == "ABSENT"           # school: the clock is not charged
    open_menu(k, at=10 + 7 * 60 + 30).type("21", at=10 + 7 * 60 + 30)
    assert k.view.rows == ("Ann arrives 7:30 late", "-20 points")  # two completed 3 minutes
    k.key("Enter")
    assert recorded(k, 1) == [ev.Arrived(T0 + (10 + 450) * S, 0, 0, 20)]
    k.key("Escape")
    assert k.view.halves[0].last == "arrived 7:30 late  -20 points"
    assert k.view.halves[0].time == "22:00"


def test_aspa_both_absent_each_clock_shows_half_until_one_arrives(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    call_start(k, at=10, digit="3")
    assert recorded(k) == [ev.StartCalled(T0 + 10 * S, (0, 1))]
    k.at(10 + 60).step()                                # split_half: 30 s each so far
    assert [h.time for h in k.view.halves] == ["24:30", "24:30"]
    assert all(h.last == "ABSENT" for h in k.view.halves)
    assert k.view.banner[0] == "WAITING FOR BOTH PLAYERS"
    assert all(h.said.startswith("On arriving, press your button.") for h in k.view.halves)
    k.press("left", at=70)                              # Ann first: charged half
    k.at(70 + 60).step()                                # then Bob's own minute on top
    assert [h.time for h in k.view.halves] == ["24:30", "23:30"]
    assert k.view.halves[1].time == clk.display(25 * 60 * S - absence_charge(k.state, 1, k.now))


def test_a_late_forfeit_on_the_directors_decision(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    call_start(k, at=10, digit="2")
    open_menu(k, at=600).type("4", at=601).type("2", at=602)
    assert k.view.rows == ("1   the director's decision", "2   late arrival")
    k.type("2", at=603)
    assert k.view.rows[0] == "Bob forfeits (late arrival): the game ends now"
    k.key("Enter", at=604)
    assert recorded(k, 1) == [ev.Forfeited(T0 + 604 * S, 1, "late"), ev.GameEnded(T0 + 604 * S, "forfeit")]
    k.key("Escape", at=605)
    assert k.view.banner[0] == "GAME OVER: Bob forfeits (late)"


def test_after_the_rounds_start_the_player_who_is_there_declares_the_opponent_absent(kiosk, shots):
    """NZASP 4.2 (the late player's clock runs from the call to start), ASPA 2.3, ABSP 3.1.3,
    school 25: only the player not there is late. The director's start (the page's button: the
    table link submits ``CallStart()``) leaves both present; Ann, seated, taps OPPONENT ABSENT
    on her half 40 s later: Bob is absent since the round's start, Ann is charged nothing."""
    from common.game import commands as cmd
    from kiosk.ui import touch
    k = kiosk(size=(800, 480))
    assert k.table.submit(cmd.CallStart(), T0 + 10 * S)
    k.at(20).step()
    assert k.view.banner == ("ROUND STARTED", "The player going second presses their button to start.",
                             "Opponent not here? Tap OPPONENT ABSENT.")
    assert [h.controls.grid[0].label for h in k.view.halves] == ["OPPONENT ABSENT"] * 2
    assert [h.last for h in k.view.halves] == ["", ""] and [h.time for h in k.view.halves] == ["25:00"] * 2
    k.shot("round-started")
    k.tap(touch.where((800, 480), k.view, ("key", "AbsentRight"), sim=True), at=50)
    assert recorded(k, 1) == [ev.AbsentDeclared(T0 + 50 * S, (1,))]
    k.at(70).step()
    ann, bob = k.view.halves
    assert bob.last == "ABSENT" and bob.time == "24:00" and ann.time == "25:00"   # 60 s since the start
    k.press("right", at=130)                            # Bob arrives 2:00 after the round's start
    assert recorded(k, 2) == [ev.Arrived(T0 + 130 * S, 1, 120 * S, 0)]
    assert k.view.halves[1].last == "arrived 2:00 late" and k.view.halves[0].time == "25:00"


def test_after_the_rounds_start_the_directors_late_start_declares_the_player_absent(kiosk):
    from common.game import commands as cmd
    k = kiosk(pin_hash=PIN_HASH)
    assert k.table.submit(cmd.CallStart(), T0 + 10 * S)
    open_menu(k, at=70).type("11", at=71)               # late start: Ann absent
    assert k.view.rows[0] == "Ann absent since the round's start (1:01 ago)"
    k.key("Enter", at=72).key("Escape", at=72)
    assert recorded(k, 1) == [ev.AbsentDeclared(T0 + 72 * S, (0,))]
    assert k.view.halves[0].last == "ABSENT" and k.view.halves[0].time == "23:58"
