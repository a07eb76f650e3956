"""Issue 26, nothing over the scores and words for players: every banner of the clock screen
(the round's start, a player absent, arrived, the centre button's question, a stop's reasons,
a plain stop, a play-out) fits its box with short and long names ("Surname, Given",
diacritics) at 800x480, 1280x720, 720x1280 and flat: its text lies inside the banner as drawn,
nothing of it cut, nothing of it over a score or a last turn; each player's sentence is drawn
(under their half, or on their own half flat), who restarts whose clock said with names."""
import pygame
import pytest

from common.game import commands as cmd
from kiosk.ui.clock import flat
from kiosk.ui.clock.paint import drawn_layout, mode
from kiosk.ui.widgets import theme
from tests.support.keyboard_scenes import layout_problems, painted
from tests.support.ui_harness import S, T0

LONG = ("Zoë Ó Dálaigh-Featherstonehaugh", "Montgomery-Smith, Christopher")      # tsh's "Surname, Given"
GIVEN_FIRST = ("Zoë Ó Dálaigh-Featherstonehaugh", "Christopher Montgomery-Smith")
SHORT = ("Ann", "Bob")
SCREENS = [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"),
           ((800, 480), "flat"), ((1280, 720), "flat")]


def banner_scenes(make):
    """(name, kiosk) at each banner: the kiosk as it stands, one game after another."""
    k = make(pin_hash="")
    k.table.submit(cmd.CallStart(), T0 + 5 * S)
    k.at(6).step()
    yield "round-started", k
    k.table.submit(cmd.DeclareAbsent((1,)), T0 + 7 * S)
    k.at(130).step()
    yield "absent", k
    k.press("right", at=131)
    yield "arrived", k
    k = make()
    k.press("right", at=2)
    k.press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    k.press("centre", at=90)
    yield "centre-choice", k
    k.press("right", at=91)
    yield "why", k
    k.press("left", at=92)
    yield "stopped", k
    k.press("right", at=100)                            # Bob restarts Ann's clock
    k.press("centre", at=110).press("left", at=111)     # Ann went out ...
    k.type("16\n", at=112)                              # ... for 16: Bob accepts or challenges
    yield "went-out", k


def drawn_banners(k, size, orientation):
    """Per surface painted (the screen; flat, each player's upright half): its notes, the
    banner as drawn (None: none) and the players on it."""
    surface, notes = painted(k, size)
    surfaces = []
    for note in notes:
        if all(note.surface is not s for s in surfaces):
            surfaces.append(note.surface)
    out = []
    for index, drawn in enumerate(surfaces):
        mine = [n for n in notes if n.surface is drawn]
        facing = None if orientation == "side" else index
        players = (0, 1) if facing is None else (facing,)
        shown = mode(k.view, players) in ("playing", "reasons") and k.view.banner
        lay = drawn_layout(drawn.get_size(), k.view, facing)
        if shown and mode(k.view, players) == "reasons" and lay.narrow:
            shown = False                               # the typing layout's banner: typing-row's
        out.append((mine, lay if shown else None, players))
    return out


def plain(text: str) -> str:
    return "".join(text.replace("·", " ").split())


@pytest.mark.parametrize("names", [SHORT, LONG, GIVEN_FIRST], ids=["short", "long", "given-first"])
@pytest.mark.parametrize("size,orientation", SCREENS, ids=[f"{w}x{h}-{o}" for (w, h), o in SCREENS])
def test_every_banner_fits_its_box_and_covers_no_score(kiosk, size, orientation, names):
    make = lambda **options: kiosk(size=size, orientation=orientation, names=names, **options)  # noqa: E731
    seen = []
    for scene, k in banner_scenes(make):
        for notes, lay, players in drawn_banners(k, size, orientation):
            if lay is None:
                continue
            seen.append(scene)
            box = lay.banner
            inside = [n for n in notes if n.kind == "text" and box.colliderect(n.box)]
            assert inside, scene
            for note in inside:                         # no line of it below or above the box
                assert box.contains(note.box) and box.contains(note.ink) and not note.cut, \
                    (scene, note.text, note.ink, box)
            rows = [lay.rows[slot][name] for slot in range(len(players)) for name in ("score", "last")]
            for row in rows:
                assert not row.colliderect(box), (scene, row, box)     # the box itself off the rows
            below = [n for n in notes if n.kind == "text" and any(row.contains(n.box) for row in rows)]
            for note in below:
                assert not note.ink.colliderect(box), (scene, note.text)
            problems = [p for p in layout_problems(notes) if any(repr(n.text) in p for n in inside)]
            assert problems == [], scene
            drawn = plain("".join(n.text for n in inside))
            assert plain(k.view.banner[0]) in drawn, scene             # the headline, whole
            for p in players:
                said = k.view.halves[p].said
                for sentence in said.split("\n") if said else ():
                    assert plain(sentence)[1:] in drawn, (scene, sentence)    # each sentence, whole
    assert {"round-started", "absent", "arrived", "centre-choice", "stopped", "went-out"} <= set(seen)


def test_800x480_the_centre_choice_is_said_to_each_player_under_their_half(kiosk, shots):
    k = kiosk(size=(800, 480), names=LONG)
    k.press("right", at=2).press("left", at=30).type("24\n", at=31)
    k.press("right", at=60).type("40\n", at=61)
    k.press("centre", at=90)                            # Zoë's clock stopped: what for?
    k.shot("banner-centre-choice-long-800x480")
    zoe, chris = k.view.halves
    assert k.view.banner == ("CLOCK STOPPED: what for?",)
    assert zoe.said == ("Went out? Press your button.\n"
                        "Challenge Montgomery-Smith, Christopher's play? Press centre.")
    assert chris.said == "Just a stop? Press your button."
    _, notes = painted(k, (800, 480))
    lay = drawn_layout((800, 480), k.view)
    for slot, half in enumerate(k.view.halves):     # each sentence in its own half's column
        column = pygame.Rect(lay.halves[slot].left, lay.banner.top, lay.halves[slot].width, lay.banner.height)
        mine = [n for n in notes if n.kind == "text" and column.contains(n.ink) and n.ink.top > lay.banner.top + 30]
        assert plain(half.said) in plain("".join(n.text for n in mine))


def test_who_restarts_whose_clock_is_said_with_names(kiosk):
    k = kiosk(names=SHORT)
    k.press("right", at=2).press("left", at=30).type("24\n", at=31)
    k.press("centre", at=40).press("left", at=41)       # Bob's clock stopped; Ann: just a stop
    k.key("Enter", at=42)                               # no reason
    ann, bob = k.view.halves
    assert k.view.banner == ("CLOCK STOPPED",)
    assert ann.said == "Press your button to restart Bob's clock."      # ASPA: the one waiting restarts
    assert bob.said == "Challenge Ann's play? Press centre."
    _, notes = painted(k, (1280, 720))
    drawn = plain(" ".join(n.text for n in notes if n.kind == "text"))
    assert plain("Ann: press your button to restart Bob's clock.") in drawn     # room for the names here


def test_the_round_start_is_a_sentence_and_its_last_line_gives_way_on_a_flat_half(kiosk):
    k = kiosk(size=(800, 480), orientation="flat", names=LONG, pin_hash="")
    k.table.submit(cmd.CallStart(), T0 + 5 * S)
    k.at(6).step()
    assert k.view.banner == ("ROUND STARTED", "The player going second presses their button to start.",
                             "Opponent not here? Tap OPPONENT ABSENT.")
    _, notes = painted(k, (800, 480))
    texts = [n.text for n in notes if n.kind == "text"]
    assert any("ROUND STARTED" == t for t in texts) and not any(n.cut for n in notes if "second" in n.text)
    half = flat.portrait_size((800, 480))
    assert drawn_layout(half, k.view, 0).banner.height >= drawn_layout(half, k.view, 0).line * 3
