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
