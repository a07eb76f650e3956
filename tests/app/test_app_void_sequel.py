"""The director's void confirmation says what will actually happen after it at this table: a new
game after ``kiosk.new_game_after_s`` if set; else GAME VOID stays until the kiosk restarts (or,
with a director link, until the director pairs the table anew). Each promise is then kept."""
import pytest

from kiosk.config import DEFAULT_DIRECTOR_PIN
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.menu.actions import after_void
from kiosk.ui.setup.screen import SetupScreen
from tests.support.app_harness import S


def void(k, at: float) -> tuple[str, ...]:
    """Ann's clock running, the director voids the game through the menu (F10, PIN, 9, Enter):
    the confirmation's rows, as shown before Enter."""
    k.press("right", at=at)
    k.key("Director", at=at + 5).type(DEFAULT_DIRECTOR_PIN + "\n", at=at + 6).type("9", at=at + 7)
    rows = k.view.rows
    k.key("Enter", at=at + 8).key("Escape", at=at + 9)
    assert k.state.phase == "void" and isinstance(k.screen, ClockScreen)
    return rows


def test_with_new_game_after_s_the_void_promises_the_new_game_and_it_opens(kiosks):
    k = kiosks(new_game_after_s=30)
    game = k.session.game_id
    rows = void(k, at=1)
    assert rows == ("VOID the game: it is set aside and has no result",
                    "journaled; nothing is sent to the director's results",
                    "a new game with the same players opens on the setup screen 0:30 after")
    k.at(1 + 8 + 29).step()
    assert k.view.banner[0] == "GAME VOID"
    k.at(1 + 8 + 30).step()
    assert isinstance(k.screen, SetupScreen) and k.session.game_id != game


def test_without_it_the_void_stays_until_the_kiosk_restarts_as_it_says(kiosks):
    k = kiosks(boot_id="boot-A")
    game = k.session.game_id
    rows = void(k, at=1)
    assert rows[2] == "GAME VOID stays on screen until the kiosk restarts, which opens a new game"
    k.at(3600).step()                                  # an hour later: no new game by itself
    assert k.view.banner[0] == "GAME VOID" and k.session.game_id == game
    k.crash()
    again = kiosks(boot_id="boot-A", start=3700)
    assert isinstance(again.screen, SetupScreen) and again.session.game_id != game


@pytest.mark.parametrize("after, linked, said", [
    (0, True, "GAME VOID stays on screen until the director pairs this table anew or the kiosk restarts"),
    (90, True, "a new game with the same players opens on the setup screen 1:30 after"),
])
def test_a_linked_table_waits_for_the_directors_new_pairing(after, linked, said):
    assert after_void(after, linked) == said
