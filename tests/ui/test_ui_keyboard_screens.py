"""Every screen that shows the on-screen keyboard or a touch control (tests.support.keyboard_scenes),
at 800x480 (the official 7-inch touch display) and 1920x1080, side by side and flat (the judge
station: side by side, it has no flat): nothing painted overflows its box or the screen,
nothing overlaps anything else (a key's label lies inside its key), no key's label is shrunk
below a legible size, and every key is 9 mm wide and tall at the 7-inch panel's scale (but the
rows of the letters below a clock: tests/ui/test_ui_keyboard.py). A scene whose checks fail is
saved as a PNG beside the failure (the test's shots folder); with $TABLEKEEPER_SHOTS set
(``make screenshots``: var/screens) every scene is, and with $TABLEKEEPER_DOCS_IMAGES the
guides' own go there too."""
import contextlib
import os
from pathlib import Path

import pygame
import pytest

from tests.support.keyboard_scenes import (INCIDENT_SCENES, LONG_NAMES, OTHER_SCENES, PIN, PIN_HASH, SCENES,
                                           SHORT_NAMES, STATION_PIN, STATION_SCENES, incident_scenes,
                                           layout_problems, other_scenes, painted, painted_station, scenes,
                                           small_clocks, small_keys, small_text, station_scenes)

#: The panels the docs name: the 7-inch Touch Display, 1280x720 and 1920x1080 HDMI screens, the
#: Touch Display 2 standing (portrait), and a 1080x1920 portrait screen.
SIZES = [(800, 480), (1280, 720), (1920, 1080), (720, 1280), (1080, 1920)]
LANDSCAPE = [size for size in SIZES if size[0] > size[1]]
#: The scenes the guides show (docs/players.md, docs/director.md), side by side at each size.
DOCS = ("turn", "blank", "judge", "rack", "pin", "menu", "hold", "reasons", "stopped", "playout",
        "station-table", "station-words", "station-verdict")


@contextlib.contextmanager
def kept(surface, path: Path):
    """Around a scene's checks: its PNG written to ``path`` when they fail, to be looked at beside
    the failure, and with $TABLEKEEPER_SHOTS set whether they fail or not (the walk draws some
    300 screens: written each time, their PNGs were a third of its time)."""
    try:
        yield
    except BaseException:
        _save(surface, path)
        raise
    if os.environ.get("TABLEKEEPER_SHOTS"):
        _save(surface, path)


def _save(surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def checked(surface, notes, scene: str, size, orientation: str = "side") -> None:
    """The checks of every scene: each key drawn with its label, nothing overflowing or
    overlapping, no text under 3 mm capital height on the panel (nor cut short), every clock
    face 6 mm tall and no name an ellipsis alone (every scene: those of a game in play, and the
    end's and the director's too, whose clocks are no smaller by design)."""
    keys = [n for n in notes if n.kind == "key"]
    labels = [n for n in notes if n.kind == "text" and any(n.text == key.text and key.ink.contains(n.ink)
                                                            for key in keys)]
    assert len(labels) == len(keys), scene                   # every key drawn with its label
    assert layout_problems(notes) == [], scene
    assert small_text(notes, size, orientation) == [], scene
    assert small_clocks(notes, size, orientation) == [], scene


#: The Touch Display 2 standing: every screen of it goes to the guides.
PORTRAIT = (720, 1280)


def save_for_docs(surface, scene: str, size, orientation: str, prefix: str = "keyboard") -> None:
    """With $TABLEKEEPER_DOCS_IMAGES (``make screenshots``): the guides' keyboard scenes at
    800x480 and 1920x1080, every other screen at 800x480, every screen at 720x1280 (portrait),
    and the judge's keyboard flat."""
    folder = os.environ.get("TABLEKEEPER_DOCS_IMAGES")
    if not folder:
        return
    wanted = orientation == "side" and (
        size == PORTRAIT or (prefix == "keyboard" and scene in DOCS and size in ((800, 480), (1920, 1080)))
        or (prefix == "screen" and size == (800, 480)))
    if wanted:
        pygame.image.save(surface, str(Path(folder) / f"{prefix}-{scene}-{size[0]}x{size[1]}.png"))
    if orientation == "flat" and scene == "judge" and size == SIZES[0]:
        pygame.image.save(surface, str(Path(folder) / f"keyboard-judge-flat-{size[0]}x{size[1]}.png"))


#: Each size side by side, each landscape one flat too; the largest (1080x1920, 1920x1080 flat)
#: are slow to draw and checked by make test alone (their layouts are 720x1280's and 1280x720's).
ORIENTED = [pytest.param(size, orientation, marks=pytest.mark.slow) if size[0] * size[1] > 2e6 and (
    orientation == "flat" or size[1] > size[0]) else (size, orientation)
    for size, orientation in [(size, "side") for size in SIZES] + [(size, "flat") for size in LANDSCAPE]]


@pytest.mark.parametrize("size, orientation", ORIENTED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_no_text_or_key_overflows_or_overlaps_on_any_keyboard_screen(kiosk, shots, size, orientation):
    k = kiosk(size=size, orientation=orientation, pin_hash=PIN_HASH)
    seen = []
    for scene in scenes(k):
        surface, notes = painted(k, size)
        with kept(surface, shots / f"keyboard-{scene}-{size[0]}x{size[1]}-{orientation}.png"):
            checked(surface, notes, scene, size, orientation)
            assert small_keys(size, k.view, orientation) == [], scene
        save_for_docs(surface, scene, size, orientation)
        seen.append(scene)
    assert seen == list(SCENES)


@pytest.mark.parametrize("names", [SHORT_NAMES, LONG_NAMES], ids=["short", "long"])
@pytest.mark.parametrize("size, orientation", ORIENTED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_controls_of_rules_some_books_have_fit_too(kiosk, shots, size, orientation, names):
    """NZASP's DECLARE? and school's FALSE ? beside HOLD and TIMES, with short names and long
    ones: the same checks, and both clocks readable while the opponent types (the controls in
    a row of their own, never in the clock's)."""
    seen = []
    for scene, k in incident_scenes(lambda **options: kiosk(size=size, orientation=orientation, **options),
                                    names):
        surface, notes = painted(k, size)
        suffix = "" if names == SHORT_NAMES else "-long"
        with kept(surface, shots / f"keyboard-{scene}{suffix}-{size[0]}x{size[1]}-{orientation}.png"):
            checked(surface, notes, scene, size, orientation)
            assert small_keys(size, k.view, orientation) == [], scene
        if names == SHORT_NAMES:
            save_for_docs(surface, scene, size, orientation)
        seen.append(scene)
    assert seen == list(INCIDENT_SCENES)


@pytest.mark.parametrize("size, orientation", ORIENTED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_every_other_screen_fits_too(kiosk, shots, size, orientation):
    """The screens without a keyboard to type on (the setup, a late start, the clock running and
    past zero, both times large, the verdict, the end, a void game, the failsafe): the same
    checks, every text 3 mm and every key 9 mm."""
    seen = []
    for scene, k in other_scenes(lambda **options: kiosk(size=size, orientation=orientation, **options)):
        surface, notes = painted(k, size)
        with kept(surface, shots / f"screen-{scene}-{size[0]}x{size[1]}-{orientation}.png"):
            checked(surface, notes, scene, size, orientation)
            assert small_keys(size, k.view, orientation) == [], scene
        save_for_docs(surface, scene, size, orientation, prefix="screen")
        seen.append(scene)
    assert seen == list(OTHER_SCENES)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_or_key_overflows_or_overlaps_on_the_judge_station(station, shots, size):
    s = station(size=size, pin=STATION_PIN)
    seen = []
    for scene in station_scenes(s):
        surface, notes = painted_station(s, size)
        with kept(surface, shots / f"keyboard-{scene}-{size[0]}x{size[1]}-side.png"):
            checked(surface, notes, scene, size)
            assert small_keys(size, s.view) == [], scene
        save_for_docs(surface, scene, size, "side")
        seen.append(scene)
    assert seen == list(STATION_SCENES)


def test_the_check_finds_an_overflow_and_an_overlap(kiosk):
    """The check can fail: a text too long for its box at the smallest font (cut short), a box
    too low for it (overflowing), and two keys on top of each other are all reported."""
    from kiosk.ui.widgets import keyboard as onscreen, theme
    from kiosk.ui.widgets.keys import Key, Keyboard
    surface = pygame.Surface((200, 100))
    with theme.recording() as notes:
        theme.blit_line(surface, "a line far too long for a box twenty pixels wide", theme.FG,
                        pygame.Rect(0, 0, 20, 20))
        board = Keyboard((Key("A", "A"), Key("B", "B")))
        onscreen.paint(surface, board, pygame.Rect(0, 30, 120, 40), onscreen.KeyMin(50, 40))
        onscreen.paint(surface, board, pygame.Rect(30, 30, 120, 40), onscreen.KeyMin(50, 40))
    problems = layout_problems(notes) + small_text(notes, (200, 100))
    assert any("cut short" in p for p in problems)                 # never drawn under 3 mm
    assert any(p.startswith("key 'A'") and "overlaps key" in p for p in problems)
    with theme.recording() as notes:
        theme.blit_line(surface, "tall", theme.FG, pygame.Rect(0, 0, 100, 2))
    assert any("overflows its box" in p for p in layout_problems(notes))


def test_a_scene_failing_its_checks_is_saved_beside_the_failure(tmp_path, monkeypatch):
    """``kept``: the scene's PNG where its checks fail (the failure still raised), none where
    they pass unless $TABLEKEEPER_SHOTS asks for every one."""
    monkeypatch.delenv("TABLEKEEPER_SHOTS", raising=False)
    surface = pygame.Surface((80, 48))
    with kept(surface, tmp_path / "passes.png"):
        pass
    with pytest.raises(AssertionError), kept(surface, tmp_path / "fails.png"):
        assert False, "overflows"
    assert [p.name for p in tmp_path.iterdir()] == ["fails.png"]
    assert pygame.image.load(str(tmp_path / "fails.png")).get_size() == (80, 48)
    monkeypatch.setenv("TABLEKEEPER_SHOTS", str(tmp_path))
    with kept(surface, tmp_path / "asked.png"):
        pass
    assert (tmp_path / "asked.png").exists()


@pytest.mark.parametrize("size, orientation", ORIENTED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_withdrawing_a_challenge_by_touch_where_the_rules_allow_it(kiosk, shots, size, orientation):
    """ABSP 4.10.2: an idle judge screen's keys have WITHDRAW, then KEEP IT while both players
    are asked; both press (tap their halves, the buttons' twins in simulation): withdrawn. Each
    screen is checked like the others."""
    from common.game import events as ev
    from kiosk.ui import touch
    k = kiosk(preset="absp", size=size, orientation=orientation, names=("Ann", "Bob"))
    k.press("right", at=1).press("left", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26)          # Bob challenges Ann's play
    for label, tap in (("WITHDRAW", ("key", "Escape")), ("KEEP IT", ("button", "left")),
                       (None, ("button", "right"))):
        if label is not None:
            surface, notes = painted(k, size)
            assert label in {n.text for n in notes if n.kind == "key"}
            assert layout_problems(notes) == [], label
            pygame.image.save(surface, str(shots / f"keyboard-withdraw-{label}-{size[0]}x{size[1]}-{orientation}.png"))
        point = touch.where(size, k.view, tap, sim=True, orientation=orientation)
        k.tap(point, at=30)
    assert k.events(ev.ChallengeWithdrawn) and k.state.phase == "playing"


@pytest.mark.parametrize("size, orientation", [((800, 480), "side"), ((720, 1280), "side"), ((800, 480), "flat")],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_with_a_usb_keyboard_alone_every_screen_fits_too(kiosk, station, size, orientation):
    """``display.keypad = false``: what is typed shows in the last turn's row, the director's
    menu lists its choices (in two columns where one is too long), the station its steps."""
    from kiosk.ui.widgets.base import UiSettings
    k = kiosk(size=size, orientation=orientation, pin_hash=PIN_HASH, settings=UiSettings(keypad=False))
    for scene in scenes(k):
        surface, notes = painted(k, size)
        checked(surface, notes, scene, size, orientation)
    if orientation == "side":
        s = station(size=size, pin=STATION_PIN, ui=UiSettings(keypad=False))
        for scene in station_scenes(s):
            surface, notes = painted_station(s, size)
            checked(surface, notes, scene, size)


def test_the_clock_check_finds_a_squeezed_clock_and_a_name_gone_to_its_ellipsis():
    """The clock check can fail: a clock face squeezed into a row beside keys (1.3 mm, as
    NZASP's HOLD, DECLARE? (then BLANK?) and TIMES once made it) and a long name left as "…" are reported;
    a face 7 mm tall and a name shortened to its start are not."""
    from kiosk.ui.widgets import panel, theme
    size = (800, 480)
    surface = pygame.Surface(size)

    def face(rect):
        cells = theme.face_cells("25:00", theme.FG, theme.clock_scale("25:00", rect.width, rect.height), rect)
        for cell, glyph in cells:
            surface.blit(glyph, cell)
        theme.note(surface, "clock", rect, cells[0][0].unionall([c for c, _ in cells]), "25:00")

    down = panel.px_per_mm(size)[1]
    with theme.recording() as notes:
        face(pygame.Rect(10, 10, 60, round(1.3 * down)))
        theme.blit_line(surface, "Christopher Montgomery-Smith", theme.FG, pygame.Rect(80, 10, 20, 30))
    problems = small_clocks(notes, size)
    assert any(p.startswith("clock '25:00': 1.") for p in problems)
    assert any("replaced by its ellipsis" in p for p in problems)
    with theme.recording() as notes:
        face(pygame.Rect(10, 100, 200, round(7 * down)))
        theme.blit_line(surface, theme.shorten("Christopher Montgomery-Smith", 150, theme.least_for(surface)),
                        theme.FG, pygame.Rect(220, 100, 150, 30))
    assert small_clocks(notes, size) == []


@pytest.mark.parametrize("names", [SHORT_NAMES, LONG_NAMES], ids=["short", "long"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_directors_menu_after_a_forfeit_keeps_its_keys_9_mm(kiosk, shots, size, names):
    """Issue 26: once a forfeit ended the game, the status line says so on two lines and the
    menu's keys shrank to 8.6 mm: the prompt's words give way first. Over a running game the
    menu shows the running clock large with whose it is; RECORD is the one green key."""
    from kiosk.ui.widgets import theme
    k = kiosk(size=size, pin_hash=PIN_HASH, names=names)
    k.press("left", at=1)                                   # Bob's clock runs
    k.key("Director", at=10).type(PIN + "\n", at=11)
    surface, notes = painted(k, size)
    checked(surface, notes, "menu over a running game", size)
    (clock,) = [n for n in notes if n.kind == "clock"]
    assert clock.text == k.kiosk.machine.screen.view(k.now).clock[1]
    assert any(n.kind == "text" and n.text.endswith("'s clock runs") and n.text.startswith(names[1][:3])
               for n in notes)
    k.type("4", at=12).type("2", at=13).type("1", at=14)     # forfeit Bob, the director's decision
    surface, notes = painted(k, size)
    keys = {n.text: n for n in notes if n.kind == "key"}
    assert {"RECORD", "BACK"} <= set(keys)
    inside = {label: (key.ink.left + 3, key.ink.centery) for label, key in keys.items()}
    assert surface.get_at(inside["RECORD"])[:3] == theme.KEY_ACTION_BG
    assert surface.get_at(inside["BACK"])[:3] == theme.KEY_BG
    k.key("Enter", at=15)
    assert k.state.phase == "ended"
    surface, notes = painted(k, size)
    pygame.image.save(surface, str(shots / f"menu-after-forfeit-{size[0]}x{size[1]}.png"))
    checked(surface, notes, "menu after a forfeit", size)
    assert small_keys(size, k.view) == []


def test_back_is_never_green_beside_enter(kiosk):
    """Issue 38 item 17: green says what goes on (ENTER, RECORD, NEXT WORD); BACK, among the
    action keys of the PIN's keypad and a correction's digits, is a plain key."""
    from kiosk.ui.widgets import keyboard as onscreen, theme
    from kiosk.ui.widgets.keys import BACK, ENTER, digits
    faces = onscreen.faces(digits(actions=(ENTER, BACK)), pygame.Rect(0, 0, 800, 300), onscreen.key_min((800, 480)))
    colours = {face.key.label: face.colour for face in faces}
    assert colours["ENTER"] == theme.KEY_ACTION_BG and colours["BACK"] == colours["1"] == theme.KEY_BG


@pytest.mark.parametrize("size, orientation", [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"),
                                               ((800, 480), "flat")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_setup_and_the_large_times_show_real_names_whole(kiosk, shots, size, orientation):
    """Issue 38 item 12: long names were cut on the setup screen and beside the large times;
    now wrapped whole (every check of the other screens, and every letter with its glyph)."""
    from kiosk.ui.clock import speech
    from tests.support.keyboard_scenes import missing_glyph_texts
    from tests.support.names import PAIRS
    for preset in ("aspa", "school"):
        k = kiosk(size=size, orientation=orientation, names=PAIRS[preset], preset=preset)
        for scene in ("setup", "times"):
            if scene == "times":
                k.press("left", at=1)
                k.kiosk.machine.screen.speaker = speech.Speaker(program="tablekeeper-no-such-speaker")
                k.key("Speak", at=5)
            surface, notes = painted(k, size)
            pygame.image.save(surface, str(shots / f"names-{scene}-{preset}-{size[0]}x{size[1]}-{orientation}.png"))
            checked(surface, notes, f"{preset} {scene}", size, orientation)
            assert missing_glyph_texts(notes) == [], scene
            shown = " ".join(n.text for n in notes if n.kind == "text").replace("- ", "-")
            assert all(name in shown for name in PAIRS[preset]), (scene, shown)
