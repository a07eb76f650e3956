"""The end of a game says the result (issue 22 item 1): on the confirm screen (what both players
are asked to agree to) and on the confirmed screen, the winner's name, both final scores and the
margin, large and in full contrast (white on the screen's black), a tie said as one; the clocks
shrink out of the way once the game is over."""
import pytest

from kiosk.ui.widgets import panel, theme
from kiosk.ui.widgets.frame import layout
from tests.support.colour_vision import contrast
from tests.support.keyboard_scenes import painted
from tests.support.ui_pixels import reads


def played_out(k):
    """Ann goes out: 24 + 16 and Bob's rack (QU?: 11) to his 40 - 11: Ann wins 51 to 29."""
    k.press("right", at=2)
    k.press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    k.press("centre", at=90).press("left", at=91).type("16\n", at=92)
    k.press("right", at=93)
    k.type("qu?\n", at=95)


def texts(k, size):
    """Each line of text as painted, by its text."""
    _, notes = painted(k, size)
    return {n.text: n for n in notes if n.kind == "text"}, [n for n in notes if n.kind == "clock"]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_confirm_and_the_confirmed_screens_say_who_won_both_scores_and_the_margin(kiosk, size):
    k = kiosk(names=("Ann", "Bob"), size=size)
    played_out(k)
    k.shot(f"end-confirm-{size[0]}x{size[1]}")
    assert k.view.result == ("ANN WINS BY 22", "Ann: 51  –  Bob: 29", "played out  ·  both players confirm")
    assert reads(k, "ANN WINS BY 22", theme.WHITE) and reads(k, "Ann: 51  –  Bob: 29", theme.WHITE)
    lines, clocks = texts(k, size)
    down = panel.px_per_mm(size)[1]
    winner = lines["ANN WINS BY 22"]
    assert theme.cap_height(winner.size) / down >= 5          # well above the smallest text (3 mm)
    assert contrast(winner.colour, theme.BG) >= 15            # full contrast: white on black
    for score in ("51", "29"):                                # each half's final score, white and large
        assert lines[score].colour == theme.WHITE and theme.cap_height(lines[score].size) / down >= 5
    normal = layout(size).rows[0]["time"].height              # the clocks as they were ...
    assert clocks and all(c.ink.height < normal / 2 for c in clocks)          # ... now small
    assert all(c.ink.height < winner.ink.height * 1.5 for c in clocks)
    assert [h.note for h in k.view.halves] == ["press your button to confirm"] * 2
    k.press("left", at=96).press("right", at=97)
    k.shot(f"end-confirmed-{size[0]}x{size[1]}")
    assert k.state.phase == "confirmed"
    assert k.view.result == ("ANN WINS BY 22", "Ann: 51  –  Bob: 29", "RESULT CONFIRMED  ·  locked")
    assert reads(k, "ANN WINS BY 22", theme.WHITE)


def test_a_tie_says_so(kiosk):
    """Six passes end the game (ASPA 6.1.3: each loses their own rack): 10 - 2 each, 8 to 8."""
    k = kiosk(names=("Ann", "Bob"))
    k.press("right", at=2)
    k.press("left", at=5).type("10\n", at=6)
    k.press("right", at=8).type("10\n", at=9)
    for i, side in enumerate(["left", "right"] * 3):
        k.press(side, at=10 + 10 * i)
        k.key("Tab", at=11 + 10 * i).key("Tab").key("Enter")       # a pass
    assert k.state.phase == "ended" and k.state.end == "zeros"
    k.type("ab\n", at=80).type("ab\n", at=81)
    k.shot("end-tie")
    assert k.view.result[:2] == ("TIE AT 6", "Ann: 6  –  Bob: 6")
    assert reads(k, "TIE AT 6", theme.WHITE)


def test_a_void_game_says_it_has_no_result(kiosk):
    from tests.support.director_steps import PIN_HASH, open_menu
    k = kiosk(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    k.press("right", at=2)
    open_menu(k, at=10).type("9", at=11).key("Enter", at=12).key("Escape", at=13)
    assert k.state.phase == "void"
    assert k.view.result == ("GAME VOID", "no result", "the director voided this game")
    assert reads(k, "GAME VOID", theme.WHITE)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_name_ending_in_a_number_is_never_read_into_its_score(kiosk, size):
    """Issue 38 item 17: "Ridgeview MS Team 2 -18" read as Team 2-18; a colon stands between a
    name and its score on the result's line (and on each player's line where the names do not
    fit one)."""
    k = kiosk(preset="school", names=("Lakeside Academy: Priya & Tomás", "Ridgeview MS Team 2"), size=size)
    k.press("right", at=2)
    k.press("left", at=30).type("30\n", at=31)
    k.press("right", at=60).type("2\n", at=61)
    k.press("centre", at=90).press("left", at=91).type("15\n", at=92)
    k.press("right", at=93)
    k.type("qz\n", at=95)                          # 20 on Ridgeview's rack: 2 - 20
    assert k.view.result[1] == "Lakeside Academy: Priya & Tomás: 65  –  Ridgeview MS Team 2: -18"
    assert k.view.finals == ("Lakeside Academy: Priya & Tomás: 65", "Ridgeview MS Team 2: -18")
    lines, _ = texts(k, size)
    assert k.view.result[1] in lines or "Ridgeview MS Team 2: -18" in lines
    assert not [text for text in lines if text.endswith("Team 2 -18")]
