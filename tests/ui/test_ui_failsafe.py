"""The failsafe screen: a screen that fails (in handle, view or draw) never ends the program;
the screen says to call the director and that the game is saved, in words for players (the
error, with its traceback, goes to the log only); the game and its journal are untouched; the
director restarts the screens and the game goes on from where it was."""
import logging

import pygame
import pytest

from kiosk.ui.widgets import theme
from kiosk.ui.widgets.base import Screen
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.widgets.failsafe import FAIL_BG, SAVED, TITLE, FailsafeScreen, failsafe_layout
from kiosk.ui.judge.screen import JudgeScreen
from tests.support.ui_pixels import count, shows


class Broken(Screen):
    """A screen that fails in one of its steps, as a screen with a bug would."""

    def __init__(self, table, where):
        super().__init__(table)
        self.where = where

    def _maybe_fail(self, where):
        if self.where == where:
            raise RuntimeError(f"the broken screen failed in {where}\nsecond line of the message")

    def handle(self, item, now_ns):
        self._maybe_fail("handle")

    def next(self):
        return self                                 # it stays on screen until it fails

    def view(self, now_ns):
        self._maybe_fail("view")
        return ("broken", now_ns // 1_000_000_000)

    def draw(self, surface, view):
        self._maybe_fail("draw")
        surface.fill((0, 0, 0))


def shows_failsafe(k, detail):
    parts = failsafe_layout(k.surface.get_size())
    return (shows(k.surface, parts["title"], TITLE, theme.WHITE, bg=FAIL_BG, wrapped=True,
                  max_size=parts["title"].height // 2)
            and shows(k.surface, parts["detail"], detail, theme.WHITE, bg=FAIL_BG, wrapped=True))


def running_game(kiosk):
    k = kiosk()
    k.press("left", at=1)                           # Bob's clock runs
    k.press("right", at=20).type("35\n", at=21)     # Ann's clock runs
    return k


def painted_texts(k) -> list[str]:
    """Every text the screen paints, drawn afresh."""
    with theme.recording() as notes:
        k.screen.draw(pygame.Surface(k.surface.get_size()), k.screen.view(k.now))
    return [n.text for n in notes if n.kind == "text"]


@pytest.mark.parametrize("where", ["handle", "view", "draw"])
def test_a_failing_screen_shows_the_failsafe_and_the_game_is_untouched(kiosk, where, caplog):
    k = running_game(kiosk)
    journal, state = list(k.journal.lines), k.state
    k.kiosk.machine.screen = Broken(k.table, where)     # the injected failure
    with caplog.at_level(logging.ERROR):
        k.press("left", at=30)                          # Ann's press meets the broken screen
    k.shot(f"failsafe-{where}")
    assert isinstance(k.screen, FailsafeScreen)
    assert k.screen.detail == SAVED and shows_failsafe(k, SAVED)
    shown = " ".join(painted_texts(k))                  # words for players: no error's name ...
    assert "RuntimeError" not in shown and "broken screen" not in shown and "Error" not in shown
    assert "press the centre button" in shown or "centre button" in shown
    failed = [r for r in caplog.records if r.levelno == logging.ERROR and r.exc_info]
    assert failed and failed[0].exc_info[0] is RuntimeError     # ... the log has it, traceback and all
    assert f"failed in {where}" in str(failed[0].exc_info[1])
    assert count(k.surface, k.surface.get_rect(), FAIL_BG) > k.surface.get_width() * k.surface.get_height() // 2
    assert k.journal.lines == journal and k.state is state     # nothing recorded, nothing lost
    assert k.kiosk.machine.failures == 1 and k.loop.running
    k.at(40).step()                                     # the loop goes on
    assert isinstance(k.screen, FailsafeScreen)


def test_the_director_restarts_and_the_game_goes_on(kiosk):
    k = running_game(kiosk)
    k.kiosk.machine.screen = Broken(k.table, "handle")
    k.press("left", at=30)
    k.key("Enter", at=30.5)                             # a press at the moment of failure: ignored
    k.press("left", at=30.6)                            # a player's button never restarts
    assert isinstance(k.screen, FailsafeScreen)
    k.key("Enter", at=45)                               # the director
    assert isinstance(k.screen, ClockScreen)
    assert k.state.clock.running == 0                   # Ann's clock ran all along, as a clock does
    k.press("left", at=50).type("20\n", at=51)          # and the game goes on
    assert [t.score for t in k.state.turns] == [35, 20]
    assert k.state.clock.used_ns[0] == 30 * 1_000_000_000


def test_the_centre_button_restarts_into_the_screen_the_phase_calls_for(kiosk):
    k = running_game(kiosk)
    k.press("centre", at=25).press("centre", at=26)     # Ann challenges Bob's play
    assert isinstance(k.screen, JudgeScreen)
    k.kiosk.machine.screen = Broken(k.table, "draw")
    k.at(27).step()
    assert isinstance(k.screen, FailsafeScreen)
    k.press("centre", at=35)
    assert isinstance(k.screen, JudgeScreen) and k.state.phase == "challenge"


def test_a_failure_when_recording_goes_to_the_failsafe_and_writes_nothing(kiosk):
    k = running_game(kiosk)
    journal, state = list(k.journal.lines), k.state
    real = k.table.session

    class BrokenDisk:                                   # fault injection: the disk fails
        storage_full = False                            # (a full one: tests/app/test_app_storage_full.py)

        def append(self, events, *, adjudication=None):
            raise OSError(5, "Input/output error")

    k.table.session = BrokenDisk()
    k.press("left", at=30)
    assert isinstance(k.screen, FailsafeScreen)
    assert k.view.detail == SAVED and "OSError" not in " ".join(painted_texts(k))
    assert k.table.state is state and k.journal.lines == journal
    k.at(31).step()                                     # the tick fails too: still the failsafe,
    assert isinstance(k.screen, FailsafeScreen)         # showing the first failure
    k.table.session = real                              # the director frees the disk ...
    k.key("Enter", at=40)                               # ... and restarts
    k.press("left", at=41)
    assert isinstance(k.screen, ClockScreen) and len(k.journal.lines) == len(journal) + 1


def test_a_table_without_a_keyboard_is_told_of_the_centre_button_only(kiosk):
    k = kiosk(gpio=True)                                # the table's own buttons, no keyboard
    k.kiosk.machine.screen = Broken(k.table, "view")
    k.at(1).step()
    assert isinstance(k.screen, FailsafeScreen)
    assert k.view.action == ("Director: press the centre button to restart the screens "
                             "(the game is kept as it was)")
    assert "Enter" not in " ".join(painted_texts(k))
