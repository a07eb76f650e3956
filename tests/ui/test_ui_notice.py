"""Issue 38 item 17: ordinary news on the bottom line is not an error. What the kiosk tells (the
recovery's notice after a restart; a screen's report once another hands back) is a notice: its
own kind from the table (``Table.tell``, ``told``) to the view (``notice``) to the bottom line,
drawn in the notice colour after the information mark (a ring around an i): the mark says it
whatever colours a player sees, where an error (a refusal) is red and unmarked. An error said
meanwhile shows over it; the next accepted command ends the recovery's notice. Drawn whole
(names shortened, nothing cut or overlapping) at every size, side by side and flat."""
from __future__ import annotations

import pygame
import pytest

from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.widgets import frame, theme
from tests.support.keyboard_scenes import layout_problems, painted, small_text
from tests.support.names import PAIRS

SCREENS = [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"), ((800, 480), "flat")]
NAMES = PAIRS["aspa"]


def restarted(kiosk, tmp_path, *, challenge: bool = False, **options):
    """A kiosk stopped (dropped, nothing closed) while the right player's clock ran (or with a
    challenge open), then started again on the same store on another boot."""
    store = tmp_path / "notice.sqlite"
    k = kiosk(store=store, names=NAMES, boot_id="boot-A", **options)
    k.press("right", at=1).press("left", at=20).type("74\n", at=21)
    if challenge:
        k.press("centre", at=30).press("centre", at=31)
    k.at(40).step()
    k.kiosk.close()
    return kiosk(store=store, names=NAMES, boot_id="boot-B", start=60, **options)


def drawn(k) -> list[theme.Painted]:
    """Everything the screen paints, drawn afresh."""
    return painted(k, k.surface.get_size())[1]


@pytest.mark.parametrize("size, orientation", SCREENS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_recovery_notice_is_news_in_its_own_colour_with_its_mark_never_the_errors(kiosk, tmp_path, size,
                                                                                        orientation):
    k = restarted(kiosk, tmp_path, size=size, orientation=orientation)
    assert k.view.notice.startswith("Power was lost at ") and k.view.error == ""
    notes = drawn(k)
    marks = [n for n in notes if n.kind == "mark" and n.text == "notice"]
    told = [n for n in notes if n.kind == "text" and n.colour == theme.NOTICE]
    assert marks and told and not [n for n in notes if n.kind == "text" and n.colour == theme.ERROR]
    assert "Power was lost at" in " ".join(n.text for n in told)
    assert all(m.ink.right <= min(t.ink.left for t in told) for m in marks)     # the mark before it
    assert layout_problems(notes) == [] and small_text(told, size, orientation) == []      # the notice whole
    if orientation == "flat":       # a flat half's two lines keep when and at what times it stopped; the
        said = " ".join(n.text for n in notes if n.kind == "text")    # banner on hers says who restarts
        assert "clock stopped at " in " ".join(n.text for n in told) and "Press your button to restart" in said
    k.shot(f"notice-{size[0]}x{size[1]}-{orientation}")
    k.press("right", at=61)                       # his own button: refused (she restarts his clock)
    assert k.view.error and k.view.notice         # the error said over the notice, meanwhile
    notes = drawn(k)
    assert [n for n in notes if n.kind == "text" and n.colour == theme.ERROR]
    assert not [n for n in notes if n.kind == "mark"]                         # an error: no mark
    k.press("left", at=62)                        # the waiting player restarts his clock
    assert k.state.clock.running == 1 and k.view.notice == "" and k.view.error == ""


def test_after_a_restart_with_a_challenge_open_the_judge_screen_tells_it_as_news(kiosk, tmp_path):
    k = restarted(kiosk, tmp_path, challenge=True, size=(800, 480))
    assert isinstance(k.screen, JudgeScreen)
    assert k.view.notice.endswith("the challenge is still open") and k.view.error == ""
    notes = drawn(k)
    assert [n for n in notes if n.kind == "mark" and n.text == "notice"]
    assert [n for n in notes if n.kind == "text" and n.colour == theme.NOTICE]
    assert layout_problems(notes) == []


def test_a_screens_report_is_told_not_said(kiosk):
    """``Screen.notify`` (a screen handing back with news) tells: the notice, never the error."""
    k = kiosk(names=("Ann", "Bob"))
    k.kiosk.machine.screen.notify("self-test: all OK", k.now)   # as a screen's report comes back
    k.step()
    assert k.view.notice == "self-test: all OK" and k.view.error == ""
    k.press("right", at=1)                          # an accepted command ends the news
    assert k.state.clock.running == 0 and k.view.notice == ""


def test_a_notice_and_an_error_differ_by_the_mark_not_by_colour_alone():
    """Drawn alike but for the mark: an error (red) has none, a notice has it before its text."""
    surface = pygame.Surface((800, 480))
    rect = pygame.Rect(0, 420, 800, 60)
    with theme.recording() as notes:
        frame.bottom_bar(surface, rect, "", "", notice="the kiosk restarted")
    assert [n.text for n in notes if n.kind == "mark"] == ["notice"]
    with theme.recording() as notes:
        frame.bottom_bar(surface, rect, "", "not your turn")
    assert [n for n in notes if n.kind == "mark"] == [] and [n.colour for n in notes] == [theme.ERROR]
