"""Verdicts by shape and word, not colour alone (issue 22 item 2): a tick with ACCEPTABLE, a cross
with NOT ACCEPTABLE (as the guides and the books say it), and two backgrounds that stay apart
for the three common colour-vision deficiencies, simulated on the rendered PNG with Machado et
al. (2009) (tests.support.colour_vision); the clock's overtime digits, which the half also says
in words (OVER), no dimmer than a stopped clock's; and the running half's frame. The deuteranope's view of each
verdict is saved beside the screenshots."""
import pygame
import pytest

from kiosk.ui.judge.verdict import VerdictView, draw_verdict
from kiosk.ui.widgets import theme
from tests.support.colour_vision import DEFICIENCIES, dominant, seen_contrast, simulate_png
from tests.support.keyboard_scenes import painted

SIZE = (800, 480)


def verdict_png(shots, valid: bool):
    surface = pygame.Surface(SIZE)
    with theme.recording() as notes:
        draw_verdict(surface, VerdictView(valid, ("QI",), "enable2k \u2014 not the official CSW"))
    path = shots / f"verdict-{'acceptable' if valid else 'not-acceptable'}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path, notes


def test_each_verdict_has_its_mark_and_its_word(shots):
    for valid, mark, word in ((True, "tick", "ACCEPTABLE"), (False, "cross", "NOT ACCEPTABLE")):
        _, notes = verdict_png(shots, valid)
        assert [n.text for n in notes if n.kind == "mark"] == [mark]
        assert word in [n.text for n in notes if n.kind == "text"]
        assert "UNACCEPTABLE" not in [n.text for n in notes]


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_the_two_verdicts_stay_apart_for_every_colour_vision(shots, deficiency):
    """Between the two backgrounds as the PNGs hold them: 4.5:1 at least (the old green and red
    were 1.12:1 for a deuteranope); each verdict's ink on its background 7:1 at least."""
    (yes, yes_notes), (no, no_notes) = verdict_png(shots, True), verdict_png(shots, False)
    yes_bg, no_bg = dominant(yes), dominant(no)
    assert (yes_bg, no_bg) == (theme.ACCEPT_BG, theme.REJECT_BG)
    assert seen_contrast(yes_bg, no_bg, deficiency) >= 4.5
    assert seen_contrast(theme.ACCEPT_INK, yes_bg, deficiency) >= 7
    assert seen_contrast(theme.REJECT_INK, no_bg, deficiency) >= 7
    if deficiency == "deuteranopia":
        for path in (yes, no):
            simulate_png(path, path.with_name(path.stem + "-deuteranopia.png"), deficiency)


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_overtime_digits_stay_apart_from_the_others_and_legible(deficiency):
    """Large digits: 2:1 from the white digits and 3:1 from the black, for every colour vision
    (3:1 from the white too is more than a colour no dimmer than a stopped clock's can be: the
    next test)."""
    assert seen_contrast(theme.OVERTIME, theme.FG, deficiency) >= 2
    assert seen_contrast(theme.OVERTIME, theme.BG, deficiency) >= 3
    assert seen_contrast(theme.OVERTIME_TEXT, theme.BG, deficiency) >= 4.5     # OVER, the penalty
    assert seen_contrast(theme.RUNNING, theme.BG, deficiency) >= 3             # the running frame


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_overtime_digits_are_no_dimmer_than_a_stopped_clocks(deficiency):
    """Issue 26: a clock past zero still runs, and must not look the stopped one. The old red
    was 3.4:1 on the black for a protanope, a stopped clock's grey 5.9:1."""
    assert seen_contrast(theme.OVERTIME, theme.BG, deficiency) >= seen_contrast(theme.DIM, theme.BG, deficiency)


def test_overtime_is_said_on_the_half_not_only_shown_red(kiosk, shots):
    k = kiosk(names=("Ann", "Bob"), size=SIZE)
    k.press("left", at=1)                       # Bob's clock runs from 1 s
    k.at(1 + 1500 + 61).step()                  # ... 61 s over
    surface, notes = painted(k, SIZE)
    path = shots / "overtime.png"
    pygame.image.save(surface, str(path))
    simulate_png(path, shots / "overtime-deuteranopia.png", "deuteranopia")
    said = [n for n in notes if n.kind == "text" and "OVER" in n.text]
    assert [n.text for n in said] == ["Bob  ·  OVER  -20"] and said[0].colour == theme.OVERTIME_TEXT
    assert [n.text for n in notes if n.kind == "clock"] == ["25:00", "-1:01"]   # and the minus sign
