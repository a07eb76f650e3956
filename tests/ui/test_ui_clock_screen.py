"""The clock screen, driven through the whole app loop: inputs on the real queue (pygame key
events through the keyboard driver), explicit timestamps, screenshots checked by pixel."""
import pytest

from tests.support.ui_harness import S, T0
from common.game import events as ev
from common.game.challenges import hold_status
from common.game.state import apply
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.paint import drawn_layout, layout
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.setup.screen import SetupScreen
from tests.support.ui_pixels import BG, RUNNING, colour_box, count, frame_pixels, said_shows


def started(kiosk, **options):
    """A game under way: the left player (Ann) went second, so Bob's (right) clock runs from 1 s."""
    k = kiosk(**options)
    assert isinstance(k.screen, SetupScreen)
    k.press("left", at=1)
    return k


def test_the_player_going_second_starts_the_first_players_clock(kiosk):
    k = kiosk()
    k.shot("setup")
    k.press("right", at=3)
    assert k.events() == [ev.GameStarted(T0 + 3 * S, first=0)]
    assert isinstance(k.screen, ClockScreen) and k.state.clock.running == 0


def test_the_running_half_has_a_thick_amber_frame(kiosk):
    k = started(kiosk)
    k.at(10).step()
    path = k.shot("bob-running")
    assert path.stat().st_size > 0
    assert frame_pixels(k.surface, 1) == [RUNNING] * 4
    assert frame_pixels(k.surface, 0) == [BG] * 4
    k.press("right", at=20)          # Bob ends his turn: Ann's clock runs ...
    k.type("20\n", at=21)            # ... and he enters it (meanwhile both clocks show small)
    k.shot("ann-running")
    assert frame_pixels(k.surface, 0) == [RUNNING] * 4
    assert frame_pixels(k.surface, 1) == [BG] * 4
    assert layout(k.surface.get_size()).frame >= 8


@pytest.mark.parametrize("size", [(1280, 720), (800, 480), (1024, 600)])
def test_the_time_is_at_least_a_quarter_of_the_screen_high(kiosk, size):
    k = started(kiosk, size=size)
    k.at(61).step()
    k.shot(f"time-{size[0]}x{size[1]}")
    lay = layout(size)
    for p in (0, 1):
        box = colour_box(k.surface, lay.rows[p]["time"], theme.FG)
        assert box is not None and box.height >= size[1] / 4, (p, box)
        assert lay.halves[p].contains(box)
    assert k.view.halves[1].time == "24:00" and k.view.halves[0].time == "25:00"


def test_overtime_is_red_with_a_minus_sign_and_the_penalty_so_far(kiosk):
    k = started(kiosk)
    k.at(1 + 1500 + 61).step()        # Bob is 61 s over: 20 points (ASPA: 10 per started minute)
    k.shot("overtime")
    bob = k.view.halves[1]
    assert bob.time == "-1:01" and bob.overtime and bob.penalty == 20
    rows = layout(k.surface.get_size()).rows[1]
    assert count(k.surface, rows["time"], theme.OVERTIME) > 1000
    assert count(k.surface, rows["time"], theme.FG) == 0
    assert count(k.surface, rows["name"], theme.OVERTIME_TEXT) > 50      # "Bob · OVER · -20 points": said
    assert count(k.surface, layout(k.surface.get_size()).rows[0]["time"], theme.OVERTIME) == 0


def test_half_a_second_over_is_not_yet_red(kiosk):
    k = started(kiosk)
    k.at(1 + 1500.5).step()
    assert k.view.halves[1].time == "0:00" and not k.view.halves[1].overtime


def test_neutral_dims_both_halves_and_shows_the_reason(kiosk):
    k = started(kiosk)
    k.press("right", at=20).type("20\n", at=21)
    k.press("centre", at=25)          # Ann stops the clock ...
    k.press("right", at=26)           # ... Bob's button: "just stop"
    k.key("Enter", at=27)             # no reason given
    k.shot("neutral")
    assert k.state.clock.running is None
    assert frame_pixels(k.surface, 0) == [BG] * 4 and frame_pixels(k.surface, 1) == [BG] * 4
    assert all(h.dimmed for h in k.view.halves)
    assert k.view.banner == ("CLOCK STOPPED",)      # no reason given: none said
    assert k.view.halves[1].said == "Press your button to restart Ann's clock."     # Bob waits: he restarts
    assert said_shows(k, 1)
    lay = drawn_layout(k.surface.get_size(), k.view)
    assert count(k.surface, lay.rows[0]["time"], theme.DIM) > 1000
    assert count(k.surface, lay.rows[0]["time"], theme.FG) == 0
    assert count(k.surface, lay.banner, theme.BANNER_BG) > 1000


def test_top_and_bottom_lines(kiosk):
    k = started(kiosk, preset="absp", table="12")
    assert k.view.top == "Table 12  ·  Round 1  ·  ABSP 2009  ·  enable2k \u2014 not the official CSW07"
    assert "Bob: your button ends your turn" in k.view.bottom and "F1" in k.view.legend


def test_redraw_only_when_something_changed(kiosk):
    k = started(kiosk)
    k.at(2.05).step()                 # Bob's face shows 24:58 from just after 2 s to 3 s
    frames = k.loop.frames
    for i in range(6, 100):           # 94 passes within that displayed second
        k.at(2 + i / 100)
        assert k.step() is False
    assert k.loop.frames == frames
    k.at(3.05)
    assert k.step() is True           # the running face changed
    assert k.loop.frames == frames + 1


def test_a_turn_entered_on_the_movers_half(kiosk):
    k = started(kiosk)
    k.press("right", at=30)
    k.type("35", at=31)
    assert k.view.halves[1].entry == "SCORE 35" and k.view.halves[0].entry == ""
    k.type("b")
    k.shot("entry")
    k.key("Enter", at=33)
    assert k.events(ev.TurnRecorded) == [ev.TurnRecorded(T0 + 33 * S, 0, "play", score=35, blanks="B")]
    assert k.view.halves[1].score == "35" and k.view.halves[1].last == "+35  blank B"
    k.press("left", at=40)
    k.key("Tab").type("4\n", at=41)
    k.press("right", at=50)
    k.key("Tab").key("Tab").key("Enter", at=51)
    turns = k.state.turns
    assert [(t.kind, t.score, t.tiles) for t in turns] == [("play", 35, 0), ("exchange", 0, 4), ("pass", 0, 0)]
    assert k.view.halves[0].last == "exchanged 4" and k.view.halves[1].last == "passed"


def test_enter_without_a_score_says_so_and_records_nothing(kiosk):
    k = started(kiosk)
    k.press("right", at=30)
    before = list(k.journal.lines)
    k.key("Enter", at=31)
    assert k.view.error == "type the score first" and k.journal.lines == before


def test_a_refused_command_shows_its_reason_and_writes_nothing(kiosk):
    k = started(kiosk)
    before = list(k.journal.lines)
    k.press("left", at=5)             # Ann's clock is not running: not her turn
    k.shot("refused")
    assert k.view.error == "Ann's clock is not running: it is not their turn"
    assert k.journal.lines == before and k.state.clock.running == 1
    assert count(k.surface, layout(k.surface.get_size()).bottom, theme.ERROR) > 100
    k.at(5 + 6).step()                # the message goes after a while
    assert k.view.error == ""


def test_time_is_charged_from_the_press_not_from_when_the_loop_ran(kiosk):
    k = started(kiosk, gpio=True)     # real gpiozero MockFactory pins feeding the queue
    k.at(10)
    k.factory.pin(27).drive_low()     # Bob presses at 10 s ...
    k.factory.pin(27).drive_high()
    k.at(12.5).step()                 # ... and the loop only gets to it at 12.5 s
    (press,) = k.events(ev.TurnEnded)
    assert press.at_ns == T0 + 10 * S
    assert k.state.clock.used_ns[1] == 9 * S


def test_inputs_are_taken_in_the_order_they_happened(kiosk):
    k = started(kiosk, gpio=True)
    k.at(10)
    k.factory.pin(27).drive_low()     # Bob ends his turn at 10 s
    k.at(11)
    k.factory.pin(17).drive_low()     # Ann ends hers at 11 s; one pass handles both
    k.at(12).step()
    assert [(e.player, e.at_ns) for e in k.events(ev.TurnEnded)] == [(1, T0 + 10 * S), (0, T0 + 11 * S)]


def test_typing_in_the_clock_screen_never_opens_the_judge(kiosk):
    k = started(kiosk)
    everything = "qi za qat\n\t?.xyz 123\n"
    for at in (5, 10):
        k.type(everything, at=at)
        k.key("Escape").key("Tab").key("Backspace")
        assert isinstance(k.screen, ClockScreen)
    k.press("right", at=20)           # a turn to enter: letters are blanks, never a lookup
    k.type("qi za\n", at=21)
    k.press("centre", at=30).press("right", at=31)   # neutral (just stop)
    k.type("words words\n\t", at=32)
    assert isinstance(k.screen, ClockScreen)
    assert k.state.phase == "playing" and not k.events(ev.ChallengeOpened)
    assert not isinstance(k.screen, JudgeScreen)


def test_a_hold_shows_its_timer(kiosk):
    k = started(kiosk)
    k.press("right", at=20).type("20\n", at=21)
    k.key("Hold", at=22)
    assert k.events(ev.HoldCalled) == [ev.HoldCalled(T0 + 22 * S, 0, 0)]
    k.at(47).step()
    k.shot("hold")
    assert k.view.bottom.startswith("HOLD 0:25  ·  Bob may draw in 0:35")
    k.at(83).step()
    assert k.view.bottom.startswith("HOLD 1:01  ·  Bob may draw now")


def test_a_hold_that_lapses_says_so_when_the_core_says_so(kiosk):
    k = started(kiosk, preset="school")     # school 11: draw after 20 s, the hold lapses at 60 s
    k.press("right", at=20).type("20\n", at=21)
    k.key("Hold", at=22)
    k.at(32.5).step()
    assert k.view.bottom.startswith("HOLD 0:10  ·  Bob may draw in 0:10  ·  lapses in 0:50")
    k.at(81.9).step()
    assert k.view.bottom.startswith("HOLD 0:59  ·  Bob may draw now  ·  lapses in 0:01")
    k.at(82).step()
    assert hold_status(k.state, k.now).lapsed
    assert k.view.bottom.startswith("HOLD 1:00  ·  lapsed: the play stands")


def test_centre_then_own_button_is_going_out_the_clock_stopped_at_the_centre(kiosk):
    k = started(kiosk)
    k.press("right", at=11).type("20\n")     # a turn each first (nobody goes out on move one:
    k.press("left", at=30).type("18\n")      # the core knows the bag is full then)
    k.press("centre", at=40)
    k.shot("centre-choice")
    assert k.view.banner == ("CLOCK STOPPED: what for?",)     # each player's answer under their half
    assert k.view.halves[1].said == "Went out? Press your button.\nChallenge Ann's play? Press centre."
    assert k.view.halves[0].said == "Just a stop? Press your button."
    assert said_shows(k, 0) and said_shows(k, 1)
    assert k.view.halves[1].time == "24:40" and all(h.dimmed for h in k.view.halves)
    assert k.events(ev.ClockNeutralised) == [ev.ClockNeutralised(T0 + 40 * S, "unspecified")]
    k.press("right", at=45)           # Bob: "I went out"
    out = k.events(ev.TurnEnded)[-1]
    assert out.at_ns == T0 + 45 * S and out.out and out.kind == "pending"
    assert k.state.phase == "out" and k.state.clock.used_ns[1] == 20 * S
    assert k.view.banner[0] == "Bob WENT OUT"


def test_the_centre_press_is_recorded_at_once_and_unanswered_it_stays_a_plain_stop(kiosk):
    k = started(kiosk)
    k.press("centre", at=40)          # journaled at the press: a power cut cannot lose it
    assert k.events(ev.ClockNeutralised) == [ev.ClockNeutralised(T0 + 40 * S, "unspecified")]
    assert k.state.clock.running is None and k.state.clock.used_ns[1] == 39 * S
    k.at(49.9).step()
    assert "Went out?" in k.view.halves[1].said     # the question is still open
    k.at(50).step()
    assert "Went out?" not in k.view.halves[1].said     # then it is a stop for no stated reason
    assert len(k.events(ev.ClockNeutralised)) == 1 and k.state.neutral_reason == "unspecified"


def test_centre_with_nothing_to_challenge_offers_no_challenge(kiosk):
    k = started(kiosk)                # Bob is on move and there is no play of Ann's yet
    k.press("centre", at=10)
    assert "Challenge" not in k.view.halves[1].said and "Just a stop? Press centre." in k.view.halves[1].said
    k.press("centre", at=11)          # a plain stop: the reasons are offered ...
    assert k.view.banner[0] == "CLOCK STOPPED: why?"
    k.key("Enter", at=12)             # ... and none is given
    assert k.events(ev.ClockNeutralised) == [ev.ClockNeutralised(T0 + 10 * S, "unspecified")]


def test_the_round_limit_falls_due_even_while_the_centre_choice_is_open(kiosk):
    k = started(kiosk, preset="school", names=("Ann", "Bob"))
    limit = k.state.rules.clock.round_limit_s
    k.press("centre", at=limit - 2)   # the clock stops here ...
    k.at(limit + 5).step()            # ... and the round still ends at 44 minutes (school 21)
    (ended,) = k.events(ev.GameEnded)
    assert ended.reason == "time" and ended.at_ns == k.state.clock.started_ns + limit * S
    stop = k.events(ev.ClockNeutralised)[0].at_ns
    assert stop == T0 + (limit - 2) * S and sum(k.state.clock.used_ns) == stop - k.state.clock.started_ns


def test_the_round_limit_ends_the_game_at_its_own_instant(kiosk):
    k = started(kiosk, preset="school")
    called = k.state.start_called_ns or k.state.clock.started_ns
    limit = k.state.rules.clock.round_limit_s * S
    k.at(4000).step()
    (ended,) = k.events(ev.GameEnded)
    assert ended.reason == "time" and ended.at_ns == called + limit
    k.shot("round-over")
    assert k.view.banner[0] == "GAME OVER: round time over"


def test_a_face_wider_than_usual_still_fits_its_half(kiosk):
    k = started(kiosk, preset="school")
    k.at(4000).step()                 # Bob's face is -22:00, wider than the usual 22:00
    k.shot("wide-face")               # the racks to enter: both clocks small, above the keys
    lay = layout(k.surface.get_size())
    red = colour_box(k.surface, k.surface.get_rect(), theme.OVERTIME)
    assert lay.typing.clocks[1].contains(red) and k.view.halves[1].time == "-22:00"


def test_after_a_restart_the_screen_says_what_happened(kiosk):
    k = started(kiosk)
    recovered = ev.Recovered(T0 + 100 * S, from_ns=T0 + 30 * S)   # as recovery journals it
    k.table.session.append([recovered])
    k.table.state = apply(k.state, recovered)
    k.at(101).step()
    assert k.view.banner[0].startswith("CLOCK STOPPED: the kiosk restarted")
    assert k.view.halves[1].time == "24:31"       # Bob's time as of the last known instant
    k.press("left", at=102)                       # Ann, waiting for Bob, restarts his clock
    assert k.state.clock.running == 1
