"""The director's menu on the kiosk's real SQLite store and MockFactory pins: a late start, an
arrival and a time adjustment are journaled like any command, and a kiosk restarted on the
same file (after a crash) has them all."""
from tests.support.app_harness import S, T0, journal_events
from drivers.buttons import DEFAULT_PINS
from tests.support.director_steps import PIN, PIN_HASH
from common.game import events as ev
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.menu.screen import DirectorScreen


def long_press(k, at: float):
    """The centre button held 3.5 s from ``at`` (the default long press is 3 s)."""
    pin = k.factory.pin(DEFAULT_PINS["centre"])
    k.at(at)
    pin.drive_low()
    k.step()
    k.at(at + 3.5)
    pin.drive_high()
    k.step()
    return k


def test_director_actions_are_journaled_and_survive_a_crash(kiosks, tmp_path):
    store = tmp_path / "kiosk.sqlite"
    k = kiosks(boot_id="boot-A", pin_hash=PIN_HASH)
    long_press(k, at=5)                         # before the game: the setup screen
    assert isinstance(k.screen, DirectorScreen)
    k.type(PIN + "\n", at=9).type("12", at=10).key("Enter", at=11)   # Bob absent
    k.key("Escape", at=12)
    k.press("right", at=11 + 120)               # Bob arrives 2 minutes late
    k.press("right", at=140)                    # and goes second: Ann's clock runs
    k.press("centre", at=150).press("right", at=151).key("Enter", at=152)   # stopped
    long_press(k, at=160)
    k.type(PIN + "\n", at=164).type("32-15\n", at=165).key("Enter", at=166)
    assert [e for e in journal_events(store) if not isinstance(e, ev.ClockNeutralised)] == [
        ev.StartCalled(T0 + 11 * S, (1,)), ev.Arrived(T0 + 131 * S, 1, 120 * S, 0),
        ev.GameStarted(T0 + 140 * S, 0), ev.TimeAdjusted(T0 + 166 * S, 1, 15 * S)]
    k.key("Escape", at=167)
    assert [h.time for h in k.view.halves] == ["24:50", "22:45"]
    k.crash()

    again = kiosks(boot_id="boot-A", start=200, pin_hash=PIN_HASH)
    assert isinstance(again.screen, ClockScreen)
    assert [h.time for h in again.view.halves] == ["24:50", "22:45"]
    assert again.state.absent == (1,)
    assert again.state.clock.adjusted_ns == (0, (120 + 15) * S)     # lateness and the director's


def test_a_voided_game_is_journaled_set_aside_and_sends_no_result(kiosks, tmp_path):
    from kiosk.ui.setup.screen import SetupScreen
    store = tmp_path / "kiosk.sqlite"
    k = kiosks(boot_id="boot-A", pin_hash=PIN_HASH)
    k.press("right", at=2)                      # Ann's clock runs
    k.press("left", at=30).type("24\n", at=31)
    game = k.session.game_id
    long_press(k, at=40)                        # the long press stops Bob's clock, then the PIN
    k.type(PIN + "\n", at=44).type("9", at=45)
    assert k.view.rows[0] == "VOID the game: it is set aside and has no result"
    assert journal_events(store)[-1] != ev.GameVoided(T0 + 46 * S)     # not before Enter
    k.key("Enter", at=46).key("Escape", at=47)
    assert k.journal.events[-1] == ev.GameVoided(T0 + 46 * S)           # read back from the file
    assert k.state.phase == "void" and isinstance(k.screen, ClockScreen)
    assert k.view.banner[0] == "GAME VOID"
    assert k.session.journal.game(game).closed_reason == "voided by the director"
    assert k.session.journal.current_game() is None and k.session.outbox.pending() == 0
    k.press("left", at=50)
    assert k.view.error == "the director voided this game"
    k.crash()

    again = kiosks(boot_id="boot-A", start=100, pin_hash=PIN_HASH)  # the next start: a new game, nothing recovered
    assert again.session.game_id != game and isinstance(again.screen, SetupScreen)
    assert again.session.outbox.pending() == 0
