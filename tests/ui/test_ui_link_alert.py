"""A table that refused the director's last assignment says so first on its top line, on every
panel (issue 27 item 1): the alert's words whole, nothing spilling over the game below it; the
top line's usual words after it are cut short where the bar has no more room
(kiosk.ui.widgets.frame.bar). tests/security/test_honest_slip.py shows it end to end."""
import pygame
import pytest

from kiosk.link.news import DirectorNews
from kiosk.link.sender import assignment_alert
from kiosk.link.worker import LinkState
from kiosk.ui.widgets import frame
from tests.support.dummy_display import display  # noqa: F401 - the session's display
from tests.support.keyboard_scenes import layout_problems, painted

WHY = "assignment refused: players[1]: Expected `str` of length <= 100"
SIZES = [(800, 480), (1280, 720), (720, 1280), (1080, 1920)]


@pytest.fixture
def kiosk(tmp_path):
    from tests.support.ui_harness import Harness
    made = []

    def make(**options):
        harness = Harness(tmp_path / "shots", store=tmp_path / f"kiosk-{len(made)}.sqlite", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_refusal_is_the_top_lines_first_words_and_stays_on_the_bar(kiosk, tmp_path, size):
    alert = assignment_alert(LinkState(assignment_error=WHY))
    assert alert == ("call the director: this table refused the director's last assignment "
                     "(players[1]: Expected `str` of length <= 100)")
    k = kiosk(size=size)
    k.kiosk.table.hear(DirectorNews(words="director linked", alert=alert))     # as the link says it
    k.press("left", at=1)                                   # Bob's clock runs: the clock screen
    assert k.view.top.startswith(alert)
    surface, notes = painted(k, size)
    pygame.image.save(surface, str(tmp_path / f"alert-{size[0]}x{size[1]}.png"))
    assert layout_problems(notes) == []                     # nothing over the names and clocks
    bar = frame.layout(size).top
    on_bar = [n for n in notes if n.kind == "text" and bar.contains(n.box)]
    assert " ".join(n.text for n in on_bar).startswith(alert)   # the alert whole, first
    assert all(not n.cut for n in on_bar[:-1])


@pytest.mark.parametrize("size, orientation", [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"),
                                               ((800, 480), "flat")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_directors_correction_shows_whole_on_the_top_line(kiosk, tmp_path, size, orientation):
    """Issue 38 item 16: the director's correction ("the director corrected round 1: 244-…" once)
    shows whole, the score and the reason; the top line's usual words after it give way whole,
    nothing is cut short."""
    from kiosk.link.assignment import correction_words
    from tests.support.keyboard_scenes import small_text
    words = correction_words({"round": 1, "kind": "scores", "final": [244, 377],
                              "reason": "the sheet showed 244-367, both agreed"})
    k = kiosk(size=size, orientation=orientation, names=("Featherstonehaugh-Wright, Annabel", "Nguyễn Thị Minh Khai"))
    k.kiosk.table.hear(DirectorNews(words="director linked", alert=words))     # as the link says it
    k.press("left", at=1)
    surface, notes = painted(k, size)
    pygame.image.save(surface, str(tmp_path / f"correction-{size[0]}x{size[1]}-{orientation}.png"))
    assert layout_problems(notes) == [] and small_text(notes, size, orientation) == []
    shown = " ".join(n.text for n in notes if n.kind == "text")
    assert words in shown
