"""The shared judge station behind the table's failsafe screen: a failure shows "Something went
wrong — call the director" instead of ending the program, the verdicts already logged stay,
and the director restarts the station at the table number. GPIO button releases (MockFactory
pins) never dismiss a verdict."""
from tests.support.ui_harness import ENABLE, STATION_LABEL
from drivers.buttons import DEFAULT_PINS, pin_factory
from kiosk.opening import open_lexicon
from kiosk.ui.widgets import theme
from kiosk.ui.widgets.failsafe import FAIL_BG, TITLE, failsafe_layout
from kiosk.ui.judge.failsafe import SAVED
from kiosk.ui.judge.verdict import NEXT, VerdictView
from tests.support.ui_pixels import shows


class FailingLexicon:
    """The real ENABLE list, on a medium that fails from some moment (a USB stick pulled out)."""

    def __init__(self):
        self.words, _ = open_lexicon(ENABLE)
        self.name, self.fingerprint = self.words.name, self.words.fingerprint
        self.broken = False

    def __contains__(self, word):
        if self.broken:
            raise OSError(5, "Input/output error")
        return word in self.words


def shows_failsafe(surface, detail):
    parts = failsafe_layout(surface.get_size())
    return (shows(surface, parts["title"], TITLE, theme.WHITE, bg=FAIL_BG, wrapped=True,
                  max_size=parts["title"].height // 2)
            and shows(surface, parts["detail"], detail, theme.WHITE, bg=FAIL_BG, wrapped=True)
            and shows(surface, parts["action"], RESTART, theme.BAR_FG, bg=FAIL_BG, wrapped=True))


RESTART = ("Director: press Enter or the centre button to restart the judge "
           "(the verdicts given so far are kept)")


def test_a_failure_shows_the_failsafe_and_the_director_restarts_the_station(station, shots):
    lexicon = FailingLexicon()
    s = station(lexicon=(lexicon, "enable2k"))
    s.keys("4\ncat\t", at=1)                        # a verdict, logged
    assert s.view == VerdictView(True, ("CAT",), "enable2k", NEXT) and len(s.logged()) == 1
    lexicon.broken = True
    s.keys("x", at=3)                               # dismissed
    s.keys("5\ncat dog\t", at=4)                    # the lexicon fails under the judge
    shots.mkdir(parents=True, exist_ok=True)
    s.loop.save(shots / "station-failsafe.png")
    detail = SAVED                                  # no error's name on the screen: it is in the log
    assert s.view.title == TITLE and s.view.detail == detail and "OSError" not in s.view.action
    assert shows_failsafe(s.surface, detail)
    assert s.loop.running and not s.station.finished and len(s.logged()) == 1
    s.keys("\n", at=4.5)                            # too soon: the press that met the failure
    assert s.view.title == TITLE
    lexicon.broken = False                          # the director puts the stick back ...
    s.keys("\n", at=10)                             # ... and restarts
    assert s.view.heading == "Table number" and s.view.typing == ""
    s.keys("5\ncat dog\t", at=11)
    assert s.view == VerdictView(True, ("CAT", "DOG"), "enable2k", NEXT)
    assert [entry["words"] for entry in s.logged()] == [["CAT"], ["CAT", "DOG"]]


def test_a_button_release_does_not_dismiss_the_verdict(station):
    factory = pin_factory("mock")
    s = None
    try:
        s = station(factory=factory)
        s.keys("4\ncat", at=1)
        pin = factory.pin(DEFAULT_PINS["right"])
        s.at(2)
        pin.drive_low()                             # the opponent presses for the verdict ...
        s.loop.step()
        assert s.view == VerdictView(True, ("CAT",), STATION_LABEL, NEXT)
        s.at(3)
        pin.drive_high()                            # ... and lets go a second later
        s.loop.step()
        assert s.view == VerdictView(True, ("CAT",), STATION_LABEL, NEXT)
    finally:
        if s is not None:
            s.close()                               # the buttons, before their pins go
        factory.reset()
