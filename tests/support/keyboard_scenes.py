"""Every screen that shows the on-screen keyboard, reached through one real game on a table kiosk
(tests.support.ui_harness): ``scenes(k)`` drives the kiosk from the first press to the
director's menu and yields each scene's name while the screen shows it. ``painted(k)`` draws
the screen afresh while theme.recording notes what went where, and ``layout_problems`` says
what overflows or overlaps in it.
"""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations

import pygame

from kiosk.ui import theme
from tests.support.director_steps import PIN, PIN_HASH  # noqa: F401 - the scenes' director's PIN

#: The scenes, in the order a game reaches them, and what each shows.
SCENES = {
    "turn": "Ann enters her turn: the digits, ? BLANK, PLAY/EXCH/PASS, ENTER",
    "blank": "Ann typed ? for a blank: its letter",
    "exchange": "Bob's turn as an exchange: how many tiles",
    "judge": "Bob challenges two words of Ann's: the letters and NEXT WORD on Bob's half",
    "rack": "the game over, Ann enters the tiles left on her rack: the letters and ?",
    "pin": "the director's PIN",
    "menu": "the director's menu: its choices as keys",
    "player": "a director's question: which player",
    "seconds": "a time for the director to give or take",
    "confirm": "the director confirms what will be recorded",
    "correct": "a score corrected on the director's authority",
    "selftest": "the hardware self-test: BACK",
}


def scenes(k):
    """Drive kiosk ``k`` (a fresh game, Ann left, Bob right, ASPA, director PIN ``PIN``)
    through every scene; yield each name while its screen shows."""
    k.press("right", at=1)                          # Bob goes second: Ann's clock runs
    k.press("left", at=20)
    yield "turn"
    k.type("31?", at=21)
    yield "blank"
    k.type("e\n", at=22)
    k.press("right", at=40).key("Tab", at=41)
    yield "exchange"
    k.key("Tab").key("Tab").type("12\n", at=42)     # back round to a play: Bob scores 12
    k.press("left", at=60).type("40\n", at=61)      # Ann plays again ...
    k.press("centre", at=65).press("centre", at=66)  # ... and Bob challenges
    k.type("zax qxzt", at=67)
    yield "judge"
    k.press("left", at=70)                          # Ann, challenged, asks the verdict
    k.at(90).step()
    k.press("left", at=91)                          # Ann restarts Bob's clock
    k.press("centre", at=95).press("right", at=96)  # Bob went out
    k.type("16\n", at=97).press("left", at=98)      # Ann accepts: she enters her rack
    k.type("q", at=99)
    yield "rack"
    k.key("Director", at=100)
    yield "pin"
    k.type(PIN + "\n", at=101)
    yield "menu"
    k.type("3", at=102)
    yield "player"
    k.type("1", at=103)
    yield "seconds"
    k.type("+30\n", at=104)
    yield "confirm"
    k.key("Escape", at=105).key("Escape").key("Escape")
    k.type("7", at=106)
    yield "correct"
    k.key("Escape", at=107).type("8", at=108)
    yield "selftest"


def painted(k, size: tuple[int, int]) -> tuple[pygame.Surface, list[theme.Painted]]:
    """The screen of kiosk ``k`` drawn whole on a fresh surface of ``size`` (as the machine
    draws it, side or flat), and everything painted on the way."""
    surface = pygame.Surface(size)
    with theme.recording() as notes:
        k.kiosk.machine.draw(surface, k.view, whole=True)
    return surface, notes


def layout_problems(notes: list[theme.Painted]) -> list[str]:
    """What overflows or overlaps among ``notes``, per surface they went on: a text whose ink
    leaves its box, anything outside its surface, two things that overlap (but for a key's
    label inside its key)."""
    problems = []
    by_surface = defaultdict(list)
    for note in notes:
        by_surface[id(note.surface)].append(note)
    for group in by_surface.values():
        bounds = group[0].surface.get_rect()
        for note in group:
            if not bounds.contains(note.ink):
                problems.append(f"{note.kind} {note.text!r} at {note.ink} leaves the surface {bounds}")
            if note.kind == "text" and not note.box.contains(note.ink):
                problems.append(f"text {note.text!r} overflows its box: ink {note.ink}, box {note.box}")
        for a, b in combinations(group, 2):
            if not a.ink.colliderect(b.ink):
                continue
            key, label = (a, b) if a.kind == "key" else (b, a)
            if key.kind == "key" and label.kind == "text" and key.ink.contains(label.ink) \
                    and key.text == label.text:
                continue
            problems.append(f"{a.kind} {a.text!r} at {a.ink} overlaps {b.kind} {b.text!r} at {b.ink}")
    return problems
