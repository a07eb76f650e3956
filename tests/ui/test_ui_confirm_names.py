"""The confirm screen with real names (issue 26): through the real kiosk, at every panel size the
guides name and flat, with short names, "Jonathan Smith", names of 25 to 30 characters with
hyphens and diacritics, and tsh's "Surname, Given": nothing cut or overlapping, the headline
wrapped before it shrinks and never smaller than the names under it, both final scores whole
(each name beside its own score where both do not fit one line); and the one obvious action is
confirming: the key that fixes a score is named so (not CORRECT) and sits away from the prompt
to confirm, never beside it."""
import pytest

from kiosk.ui.widgets import panel, theme
from kiosk.ui.widgets.frame import layout
from tests.support.keyboard_scenes import layout_problems, painted, small_keys, small_text

NAMES = {
    "short": ("Ann", "Bob"),
    "jonathan": ("Jonathan Smith", "Christopher Montgomery-Smith"),
    "diacritics": ("Zoë Ó Dálaigh-Featherstonehaugh", "Christopher Montgomery-Smith"),
    "thirty": ("Bartholomew Featherstonehaugh", "Alexandria Papadopoulou-Smythe"),
    "tsh": ("Evans, Elizabeth", "Montgomery-Smith, Christopher"),
}
SIDE = [(800, 480), (1280, 720), (720, 1280), (1920, 1080)]
SCREENS = [(size, "side") for size in SIDE] + [((800, 480), "flat"), ((1280, 720), "flat")]
IDS = [f"{w}x{h}-{orientation}" for (w, h), orientation in SCREENS]
FIX = "FIX SCORE"
PROMPT = "press your button to confirm"


def played_out(k, last=16, rack="qu?"):
    """The left player goes out: 24 + ``last`` and the right one's ``rack`` (QU?: 11) off his
    40: 51 to 29 (a tie at 39 with 14 and E)."""
    k.press("right", at=2)
    k.press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    k.press("centre", at=90).press("left", at=91).type(f"{last}\n", at=92)
    k.press("right", at=93)
    k.type(f"{rack}\n", at=95)


def words(name: str) -> set[str]:
    """A name's words of three letters or more (a line's: the colon before its score aside)."""
    return {w.strip(",:") for w in name.replace("-", " ").split() if len(w.strip(",:")) >= 3}


def checked(k, size, orientation, names):
    """Every check of the screen as drawn afresh; the notes of what was painted."""
    surface, notes = painted(k, size)
    assert layout_problems(notes) == []
    assert small_text(notes, size, orientation) == []            # nothing cut, nothing under 3 mm
    assert small_keys(size, k.view, orientation) == []
    texts = [n for n in notes if n.kind == "text"]
    headline = [n for n in texts if n.text.isupper() and n.text in k.view.result[0]]
    assert " ".join(n.text for n in headline[:len(headline) // (2 if orientation == "flat" else 1)]) \
        .replace("- ", "-") == k.view.result[0]                 # the headline whole (on each flat half)
    named = [n for n in texts if n not in headline and any(words(name) & words(n.text) for name in names)]
    assert named
    assert min(theme.cap_height(n.size) for n in headline) >= max(theme.cap_height(n.size) for n in named)
    shown = " ".join(n.text for n in texts).replace("- ", "-")
    assert k.view.result[1] in shown or all(line in shown for line in k.view.finals)   # both scores whole
    for name in names:
        assert name in shown, name
    return notes


@pytest.mark.parametrize("size, orientation", SCREENS, ids=IDS)
def test_the_confirm_screen_with_real_names(kiosk, size, orientation, shots):
    for case, names in NAMES.items():
        k = kiosk(names=names, size=size, orientation=orientation)
        played_out(k)
        assert k.view.result[0] == f"{names[0].upper()} WINS BY 22"
        notes = checked(k, size, orientation, names)
        scores = " ".join(n.text for n in notes if n.kind == "text")
        assert "51" in scores and "29" in scores
        k.shot(f"confirm-{case}-{size[0]}x{size[1]}-{orientation}")
        fixes = [n for n in notes if n.kind == "key" and n.text == FIX]
        prompts = [n for n in notes if n.kind == "text" and n.text == PROMPT]
        assert len(fixes) == 2 and len(prompts) == 2, case           # each player's, on their half
        assert not [n for n in notes if n.text == "CORRECT"]
        down = panel.px_per_mm(size)[0 if orientation == "flat" else 1]
        apart = (10 if orientation == "side" else 3) * down         # mm between them, at the least
        for key in fixes:                                        # away from the prompt: not beside it
            near = key.ink.inflate(0, round(2 * apart))
            assert not [p for p in prompts if p.surface is key.surface and near.colliderect(p.ink)], case


@pytest.mark.parametrize("size, orientation", SCREENS[:5], ids=IDS[:5])
def test_a_tie_and_a_forfeit_with_long_names(kiosk, size, orientation):
    from tests.support.director_steps import PIN_HASH, open_menu
    names = NAMES["diacritics"]
    k = kiosk(names=names, size=size, orientation=orientation)
    played_out(k, last=14, rack="e")
    assert k.view.result[0] == "TIE AT 39"
    checked(k, size, orientation, names)
    f = kiosk(names=names, size=size, orientation=orientation, pin_hash=PIN_HASH)
    f.press("left", at=1).press("right", at=20).type("35\n", at=21)
    f.press("centre", at=30).press("right", at=31).key("Enter", at=32)
    open_menu(f, at=40).type("4", at=41).type("2", at=42).type("1", at=43)
    f.key("Enter", at=44).key("Escape", at=45)
    assert f.view.result[0].endswith("WINS BY 50") and "forfeits" in f.view.result[2]
    checked(f, size, orientation, names)


def test_the_headline_wraps_before_it_shrinks_on_the_touch_display_2(kiosk):
    """Touch Display 2 standing: "Jonathan Smith" and a 31-character winner both keep a headline
    above the names (it shrank to 3.3 mm before, under the names' 4 mm; the longer one was cut)."""
    size = (720, 1280)
    down = panel.px_per_mm(size)[1]
    for names in (NAMES["jonathan"], NAMES["diacritics"]):
        k = kiosk(names=names, size=size)
        played_out(k)
        _, notes = painted(k, size)
        head = [n for n in notes if n.kind == "text" and n.text.isupper() and n.text in k.view.result[0]]
        drawn = [n for n in notes if n.kind == "text" and n.text in names]
        assert min(theme.cap_height(n.size) for n in head) / down >= 4.2
        assert min(theme.cap_height(n.size) for n in head) > max(theme.cap_height(n.size) for n in drawn)
        assert all(n.ink.width <= layout(size).over.result.width for n in head)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
def test_a_tap_on_the_prompt_confirms_and_fix_score_opens_the_correction(kiosk, size):
    """Where each half says "press your button to confirm", a tap is that player's button (a
    simulated table): it confirms. FIX SCORE, away from it, opens the correction, and confirms
    nothing."""
    from common.game import events as ev
    from kiosk.ui import touch
    from kiosk.ui.clock.correct import CorrectionScreen
    k = kiosk(names=NAMES["diacritics"], size=size)
    played_out(k)
    fix = touch.where(size, k.view, ("key", "Correct"), sim=True)
    assert fix is not None
    k.tap(fix, at=100)
    assert isinstance(k.screen, CorrectionScreen) and k.events(ev.ResultConfirmed) == []
    k.key("Escape", at=101).key("Escape", at=102).key("Escape", at=103)
    _, notes = painted(k, size)
    prompts = [n for n in notes if n.kind == "text" and n.text == PROMPT]
    assert len(prompts) == 2
    k.tap(prompts[0].ink.center, at=104)                         # the left player's prompt
    assert [e.player for e in k.events(ev.ResultConfirmed)] == [0]
