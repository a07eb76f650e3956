"""The shared adjudication station (``python -m kiosk judge``): table number, words, Tab for
the verdict, the same verdict screen as at a table (with NEXT CHALLENGE under it for a touch
screen), a PIN to leave."""
from tests.support.ui_harness import STATION_LABEL
from dataclasses import replace

import pygame

from kiosk.store import Journal
from kiosk.store.adjudications import adjudications_for_director, adjudications_for_table

from tests.support.ui_harness import S, T0
from kiosk.ui.widgets import theme
from kiosk.ui.widgets.base import UiSettings
from kiosk.ui.judge.verdict import NEXT, VerdictView


def verdict(valid: bool, words: tuple[str, ...]) -> VerdictView:
    """The station's verdict on ``words``: as at a table, and its NEXT CHALLENGE key."""
    return VerdictView(valid, words, STATION_LABEL, NEXT)


def test_a_challenge_at_the_station(station, shots):
    s = station()
    assert s.view.heading == "Table number"
    s.keys("x12\n", at=1)                          # letters are not a table number
    assert s.view.heading == "Table 12"
    s.keys("jinx cwm", at=2)
    assert s.view.words == ("JINX",) and s.view.typing == "CWM"
    s.keys("\t", at=3)                             # the opponent presses Tab
    shots.mkdir(parents=True, exist_ok=True)
    assert s.loop.save(shots / "station-verdict.png").stat().st_size > 0
    assert s.view == verdict(True, ("JINX", "CWM"))
    assert tuple(s.surface.get_at((0, 0)))[:3] == theme.ACCEPT_BG
    (entry,) = s.logged()
    assert entry["table"] == "12" and entry["words"] == ["JINX", "CWM"] and entry["valid"] is True
    assert entry["lexicon"] == STATION_LABEL and entry["at_ns"] == T0 + 3 * S
    assert "per_word" not in entry
    s.keys("a", at=3.2)                            # ignored: too soon
    assert isinstance(s.view, VerdictView)
    s.keys("a", at=3.6)                            # next challenge
    assert s.view.heading == "Table number" and s.view.typing == ""


def test_the_station_verdict_leaves_by_itself(station):
    s = station(ui=UiSettings(verdict_s=4))
    s.keys("3\ncat zzz\t", at=1)
    assert s.view == verdict(False, ("CAT", "ZZZ"))
    assert tuple(s.surface.get_at((0, 0)))[:3] == theme.REJECT_BG
    s.at(4.9).loop.step()
    assert isinstance(s.view, VerdictView)
    s.at(5).loop.step()
    assert s.view.heading == "Table number"


def test_a_button_judges_too(station):
    s = station()
    s.keys("5\ncat", at=1).key(pygame.K_F12, at=2)
    assert s.view == verdict(True, ("CAT",))


def test_what_cannot_be_judged_is_said(station):
    s = station()
    s.keys("\n", at=1)
    assert s.view.error == "type the table number first"
    s.keys("4\n\t", at=2)
    assert s.view.error == "type the challenged words first"
    s.keys("a\t", at=3)
    assert "2 to 15 letters" in s.view.error and s.logged() == []
    s.key(pygame.K_ESCAPE, at=4)                   # start again
    assert s.view.heading == "Table number" and s.view.typing == ""


def test_the_pin_leaves_the_station(station):
    s = station(pin="4321")
    s.key(pygame.K_ESCAPE, at=1)
    assert s.view.heading == "PIN to leave the judge"
    s.keys("1234\n", at=2)
    assert s.view.error == "wrong PIN" and s.loop.running and not s.station.finished
    s.key(pygame.K_ESCAPE, at=3).keys("4321", at=4)
    assert s.view.typing == "****"
    s.keys("\n", at=5)
    assert s.station.finished and not s.loop.running


def test_the_station_shows_the_same_verdict_screen_as_a_table(station, kiosk):
    """Pixel for pixel without the on-screen keys; with them, the same verdict and its key."""
    plain = station(ui=UiSettings(keypad=False), preset="aspa")       # names the list as the table does
    plain.keys("7\ncat dogs\t", at=1)
    station_pixels = pygame.image.tobytes(plain.surface, "RGB")
    k = kiosk()
    k.press("left", at=1).press("right", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26).type("cat dogs", at=27).press("right", at=28)
    assert k.view == plain.view and k.view.keyboard is None
    assert pygame.image.tobytes(k.surface, "RGB") == station_pixels
    s = station(preset="aspa")
    s.keys("7\ncat dogs\t", at=1)
    assert s.view == replace(k.view, keyboard=NEXT)


def test_every_verdict_is_journaled_with_each_words_validity_for_the_director_only(station):
    s = station()
    s.keys("7\n", at=1).keys("jinx zzzq cwm", at=2).keys("\t", at=3)
    assert s.view == verdict(False, ("JINX", "ZZZQ", "CWM"))
    with Journal.open(s.store) as journal:
        (director,) = adjudications_for_director(journal, None)
        (table,) = adjudications_for_table(journal, None)
    assert director["words"] == [{"word": "JINX", "valid": True}, {"word": "ZZZQ", "valid": False},
                                 {"word": "CWM", "valid": True}]
    assert director["table"] == "7" and director["lexicon"] == STATION_LABEL
    assert len(director["lexicon_fingerprint"]) == 64
    assert table.valid is False and not hasattr(table, "per_word")
    (line,) = s.logged()                           # the readable log never says which word failed
    assert "per_word" not in line and line["valid"] is False


def test_a_challenge_and_leaving_the_station_by_taps_alone(station):
    """On the 7-inch panel with no keyboard: the table number, the words, VERDICT, NEXT
    CHALLENGE, START AGAIN, LEAVE and the PIN, each a tap on its key; one verdict for all."""
    s = station(size=(800, 480), pin="4321")
    s.taps("12\n", at=1)
    assert s.view.heading == "Table 12"
    s.taps("jinx zzzq", at=2)                      # a space: NEXT WORD
    assert s.view.words == ("JINX",) and s.view.typing == "ZZZQ"
    s.tap_key("Escape", at=3)                      # START AGAIN: the table number again
    assert s.view.heading == "Table number" and s.logged() == []
    s.taps("12\njinx zzzq cwm", at=4).tap_key("Tab", at=5)     # VERDICT
    assert s.view == verdict(False, ("JINX", "ZZZQ", "CWM"))   # one verdict, no word's own
    assert [entry["words"] for entry in s.logged()] == [["JINX", "ZZZQ", "CWM"]]
    s.tap_key("Enter", at=5.2)                     # too soon after the verdict: ignored
    assert isinstance(s.view, VerdictView)
    s.tap_key("Enter", at=6)                       # NEXT CHALLENGE
    assert s.view.heading == "Table number"
    s.tap_key("Escape", at=7)                      # LEAVE (PIN)
    assert s.view.heading == "PIN to leave the judge"
    s.taps("4321\n", at=8)
    assert s.station.finished and not s.loop.running


def test_without_display_keypad_the_station_shows_no_keys(station):
    s = station(ui=UiSettings(keypad=False))
    assert s.view.keyboard is None
    s.keys("3\ncat\t", at=1)
    assert s.view == VerdictView(True, ("CAT",), STATION_LABEL)
