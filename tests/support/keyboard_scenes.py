"""Every screen that shows the on-screen keyboard, reached through one real game on a table kiosk
(tests.support.ui_harness): ``scenes(k)`` drives the kiosk from the first press to the
director's menu and yields each scene's name while the screen shows it; ``station_scenes(s)``
does the same on the judge station (tests.support.station_harness). ``painted(k)`` (and
``painted_station(s)``) draws the screen afresh while theme.recording notes what went where,
``layout_problems`` says what overflows or overlaps in it, ``small_keys`` which keys are
smaller than 9 mm, ``small_text`` which texts are under 3 mm capital height on the panel and
``small_clocks`` which clock faces are under 6 mm (or which names an ellipsis alone),
``score_problems`` which player's score is missing from a clock screen or under 6 mm and
``missing_glyph_texts`` which texts hold a letter the font has no glyph for.
"""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations

import pygame

from kiosk.ui.clock import flat
from kiosk.ui.widgets import keyboard as onscreen, panel, theme
from kiosk.ui import touch
from kiosk.ui.clock.view import ClockView
from tests.support.director_steps import PIN, PIN_HASH  # noqa: F401 - the scenes' director's PIN

#: The scenes, in the order a game reaches them, and what each shows.
SCENES = {
    "turn": "Ann enters her turn: the digits, BLANK TILE, PLAY/EXCH/PASS, ENTER; HOLD and TIMES on Bob's",
    "blank": "Ann typed ? for a blank: its letter",
    "hold": "Bob's clock runs after Ann's play: HOLD and TIMES on his half, TIMES on hers",
    "exchange": "Bob's turn as an exchange: how many tiles",
    "reasons": "a plain stop asks why: the preset's reasons and NO REASON below the banner",
    "stopped": "the clock stopped to check a score: FIX SCORE and TIMES on both halves",
    "judge": "Bob challenges two words of Ann's: the letters and NEXT WORD on Bob's half",
    "playout": "Bob went out: HOLD, FIX SCORE and TIMES on Ann's half, FIX SCORE and TIMES on his",
    "rack": "the game over, Ann enters the tiles left on her rack: the letters and ?; FIX SCORE on Bob's",
    "pin": "the director's PIN",
    "menu": "the director's menu: its choices as keys",
    "player": "a director's question: which player",
    "seconds": "a time for the director to give or take",
    "confirm": "the director confirms what will be recorded",
    "correct": "a score corrected on the director's authority",
    "selftest": "the hardware self-test: BACK",
}
#: Scenes of rules only some books have (``incident_scenes``: NZASP, then the school rules).
INCIDENT_SCENES = {
    "nzasp-turn": "NZASP: Ann enters her turn while Bob's clock runs: HOLD, DECLARE? and TIMES under his clock",
    "bonus": "NZASP 9.2: Ann's score with BONUS ON, a play of all seven tiles (a toggle key)",
    "send-back": "NZASP 6.2.2: Bob's clock runs after Ann's press: DECLARE?, HOLD and TIMES on his half",
    "declare": "Ann's play sent back: the letters for her blank, ENTER",
    "false-blank": "school 7: Team B's clock runs after Team A's play: FALSE ?, HOLD and TIMES",
}
#: The table's screens without a keyboard to type on (``other_scenes``), in the order a game reaches them.
OTHER_SCENES = {
    "enroll": "a fresh table: its number, the director's one-time code, or STICK",
    "setup": "before the game: both names, the rules, the word list; the player going second starts",
    "round-started": "the director started the round: both present, OPPONENT ABSENT on each half",
    "absent": "Ann said Bob is absent: his half says ABSENT, his clock counts from the round's start",
    "arrived": "Bob arrived: what his lateness cost, READY TO START",
    "playing": "Bob's clock runs: both halves, the running one framed",
    "menu-running": "the director's menu over Bob's running clock: his clock large, framed, with his name",
    "overtime": "Bob past zero: his digits in the overtime colour, OVER beside his name",
    "times": "both times large (no speech program)",
    "verdict": "the table's verdict: a cross, NOT ACCEPTABLE, the words and the word list",
    "correction": "a score corrected by both players (F9, FIX SCORE): the turns, the digits",
    "confirm": "the game over: who won, both scores and the margin, each player to confirm",
    "confirmed": "the result confirmed and locked",
    "void": "the director voided the game",
    "failsafe": "a screen failed: call the director",
}
#: The judge station's scenes (``station_scenes``): side by side only, as the station has no flat.
STATION_SCENES = {
    "station-table": "the judge station's table number: the digits, ENTER and LEAVE (PIN)",
    "station-words": "the words: the letters, DEL, NEXT WORD, VERDICT and START AGAIN across the screen",
    "station-verdict": "the one verdict for all the words, and NEXT CHALLENGE",
    "station-pin": "the PIN that leaves the station: the digits, ENTER and BACK",
}
STATION_PIN = "1357"


def scenes(k):
    """Drive kiosk ``k`` (a fresh game, Ann left, Bob right, ASPA, director PIN ``PIN``)
    through every scene; yield each name while its screen shows."""
    k.press("right", at=1)                          # Bob goes second: Ann's clock runs
    k.press("left", at=20)
    yield "turn"
    k.type("31?", at=21)
    yield "blank"
    k.type("e\n", at=22)
    yield "hold"
    k.press("right", at=40).key("Tab", at=41)
    yield "exchange"
    k.key("Tab").key("Tab").type("12\n", at=42)     # back round to a play: Bob scores 12
    k.press("left", at=60).type("40\n", at=61)      # Ann plays again ...
    k.press("centre", at=62).press("left", at=63)   # ... Bob's clock stops: just a stop, why?
    yield "reasons"
    k.type("1", at=64)                              # checking the score
    yield "stopped"
    k.press("centre", at=66)                        # Bob challenges Ann's play
    k.type("zax qxzt", at=67)
    yield "judge"
    k.press("left", at=70)                          # Ann, challenged, asks the verdict
    k.at(90).step()
    k.press("left", at=91)                          # Ann restarts Bob's clock
    k.press("centre", at=95).press("right", at=96)  # Bob went out
    k.type("16\n", at=97)
    yield "playout"
    k.press("left", at=98)                          # Ann accepts: she enters her rack
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


#: Names as a real table has them (25-30 characters, hyphens, diacritics, tsh's "Surname,
#: Given"), walked besides the short ones: a name shortened must keep a readable start.
LONG_NAMES = ("Zoë Ó Dálaigh-Featherstone", "Montgomery-Smith, Christopher")
SHORT_NAMES = ("Ann", "Bob")


def incident_scenes(make, names: tuple[str, str] = SHORT_NAMES):
    """Drive a fresh NZASP kiosk, then a school one (``make(preset=..., names=...)``, the left
    and right players ``names``; the school's teams ``Team A`` and ``Team B`` unless the names
    are long), through each of ``INCIDENT_SCENES``; yield (name, kiosk) while its screen shows."""
    k = make(preset="nzasp", names=names)
    k.press("right", at=1)                          # Bob goes second: Ann's clock runs
    k.press("left", at=20)
    yield "nzasp-turn", k
    k.type("31*", at=21)                            # BONUS: all seven tiles
    yield "bonus", k
    k.type("\n", at=21)
    yield "send-back", k
    k.key("SendBack", at=22)
    yield "declare", k
    school = make(preset="school", names=("Team A", "Team B") if names == SHORT_NAMES else names)
    school.press("right", at=1)
    school.press("left", at=20).type("30\n", at=21)
    yield "false-blank", school


def other_scenes(make):
    """Drive fresh kiosks (``make(**options)``: Ann left, Bob right, ASPA, director PIN ``PIN``)
    through each of ``OTHER_SCENES``; yield (name, kiosk) while its screen shows."""
    import tempfile
    from pathlib import Path
    from common.game import commands as cmd
    from kiosk.ui.clock import speech
    from tests.support.ui_harness import S, T0
    fresh = make(gpio=True, pin_hash=None, director_url="http://127.0.0.1:9",
                 enrollment=str(Path(tempfile.mkdtemp(prefix="enroll-")) / "enrollment.toml"))
    yield "enroll", fresh
    k = make(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    yield "setup", k
    k.table.submit(cmd.CallStart(), T0 + 5 * S)      # the director's page starts the round
    k.at(6).step()
    yield "round-started", k
    k.tap(touch.where(k.surface.get_size(), k.view, ("key", "AbsentRight"), sim=True,
                      orientation=k.config.orientation), at=10)
    k.at(65).step()
    yield "absent", k
    k.press("right", at=125)                         # Bob arrives, two minutes late
    yield "arrived", k
    k.press("left", at=130)                          # Ann goes second: Bob's clock runs
    k.at(140).step()
    yield "playing", k
    k.key("Director", at=141).type(PIN + "\n", at=142)
    yield "menu-running", k
    k.key("Escape", at=143)
    k.at(130 + 1380 + 61).step()                     # Bob (23:00 left after his lateness) 61 s over
    yield "overtime", k
    k.kiosk.machine.screen.speaker = speech.Speaker(program="tablekeeper-no-such-speaker")
    k.key("Speak", at=1580)
    yield "times", k
    v = make(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    v.press("right", at=1).press("left", at=20).type("11\n", at=21)
    v.press("centre", at=25).press("centre", at=26)   # Bob challenges QI ...
    v.type("qi", at=27).press("left", at=28)          # ... on the bundled ENABLE list: not in it
    yield "verdict", v
    c = make(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    c.press("right", at=1).press("left", at=20).type("30\n", at=21)
    c.press("centre", at=25).press("right", at=26).key("Enter", at=27)     # just a stop, no reason
    c.key("Correct", at=28)
    yield "correction", c
    e = make(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    e.press("right", at=2)
    e.press("left", at=30).type("24\n", at=31)
    e.press("right", at=60).type("40\n", at=61)
    e.press("centre", at=90).press("left", at=91).type("16\n", at=92)
    e.press("right", at=93).type("qu?\n", at=95)
    yield "confirm", e
    e.press("left", at=96).press("right", at=97)
    yield "confirmed", e
    d = make(names=("Ann", "Bob"), pin_hash=PIN_HASH)
    d.press("right", at=2)
    d.key("Director", at=10).type(PIN + "\n").type("9", at=11).key("Enter", at=12).key("Escape", at=13)
    yield "void", d
    d.kiosk.machine.fail(RuntimeError("a screen failed here"), d.now)
    d.step()
    yield "failsafe", d


def station_scenes(s):
    """Drive station ``s`` (PIN ``STATION_PIN``) through each scene; yield each name while its
    screen shows."""
    s.keys("12", at=1)
    yield "station-table"
    s.keys("\njinx cwm", at=2)
    yield "station-words"
    s.keys("\t", at=3)
    yield "station-verdict"
    s.keys("\n", at=5)                                 # the next challenge ...
    s.key(pygame.K_ESCAPE, at=6)                       # ... no: the director leaves
    s.keys("13", at=7)
    yield "station-pin"


def painted(k, size: tuple[int, int]) -> tuple[pygame.Surface, list[theme.Painted]]:
    """The screen of kiosk ``k`` drawn whole on a fresh surface of ``size`` (as the machine
    draws it, side or flat), and everything painted on the way."""
    surface = pygame.Surface(size)
    with theme.recording() as notes:
        k.kiosk.machine.draw(surface, k.view, whole=True)
    return surface, notes


def painted_station(s, size: tuple[int, int]) -> tuple[pygame.Surface, list[theme.Painted]]:
    """The judge station's screen drawn on a fresh surface of ``size``, and what was painted."""
    surface = pygame.Surface(size)
    with theme.recording() as notes:
        s.loop.machine.draw(surface, s.view)
    return surface, notes


def key_mm(size: tuple[int, int], view, orientation: str = "side") -> list[tuple[str, float, float]]:
    """(label, width, height) of each key on a screen of ``size`` showing ``view``, in millimetres
    on its panel: side by side as drawn; flat on each upright half, whose keys' width lies along
    the panel's height."""
    if touch.drawn(view, orientation) == "side":
        least = onscreen.key_min(size)
        placed = touch.keys_on(size, view)
    else:
        upright = flat.portrait_size(size)
        least = onscreen.key_min(upright, upright=True)
        placed = [key for p in (0, 1) for key in touch.keys_on(upright, view, p)]
    return [(key.label, rect.width / least.width * onscreen.MIN_KEY_MM,
             rect.height / least.height * onscreen.MIN_KEY_MM) for rect, key in placed]


def small_keys(size: tuple[int, int], view, orientation: str = "side") -> list[str]:
    """The keys less than 9 mm wide or tall on the panel of ``size`` (kiosk.ui.widgets.panel)."""
    least = onscreen.MIN_KEY_MM - 0.01
    return [f"{label} {w:.1f} x {h:.1f} mm" for label, w, h in key_mm(size, view, orientation)
            if w < least or h < least]


def small_text(notes: list[theme.Painted], size: tuple[int, int], orientation: str = "side") -> list[str]:
    """The texts painted under 3 mm capital height on the panel of ``size`` (side, or on a flat
    screen's upright halves, whose down is the panel's across), or cut short for want of room;
    and the clock faces under it."""
    problems = []
    for note in notes:
        down = panel.px_per_mm(size)[0 if orientation == "flat" and note.surface.get_size() != size else 1]
        least = panel.MIN_CAP_MM * down - 0.01
        if note.kind == "text" and theme.cap_height(note.size) < least:
            problems.append(f"text {note.text!r}: capitals {theme.cap_height(note.size) / down:.1f} mm tall")
        if note.kind == "text" and note.cut:
            problems.append(f"text {note.text!r} cut short: no room for it at the smallest size")
        if note.kind == "clock" and note.ink.height < least:
            problems.append(f"clock {note.text!r}: {note.ink.height / down:.1f} mm tall")
    return problems


def small_clocks(notes: list[theme.Painted], size: tuple[int, int], orientation: str = "side") -> list[str]:
    """What a player could not read of the clocks among ``notes`` on the panel of ``size`` (side,
    or flat: on the upright halves the panel's across is their down): each clock face whose
    digits are under ``panel.MIN_CLOCK_MM`` tall, and each text that is an ellipsis alone or
    keeps under three characters before it (a name replaced by "…")."""
    problems = []
    for note in notes:
        down = panel.px_per_mm(size)[0 if orientation == "flat" and note.surface.get_size() != size else 1]
        if note.kind == "clock" and note.ink.height < panel.MIN_CLOCK_MM * down - 0.01:
            problems.append(f"clock {note.text!r}: {note.ink.height / down:.1f} mm tall")
        if note.kind == "text" and "…" in note.text and len(note.text.split("…")[0].strip()) < 3:
            problems.append(f"text {note.text!r}: a name replaced by its ellipsis")
    return problems


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


def down_of(note: theme.Painted, size: tuple[int, int], orientation: str) -> float:
    """Pixels a millimetre down the surface ``note`` went on (a flat screen's upright halves:
    the panel's across)."""
    return panel.px_per_mm(size)[0 if orientation == "flat" and note.surface.get_size() != size else 1]


def score_problems(notes: list[theme.Painted], view, size: tuple[int, int], orientation: str = "side") -> list[str]:
    """What a player could not read of the scores on a clock screen (``view`` a ClockView):
    either player's score not drawn (``theme.SCORE``), or drawn with digits under
    ``panel.MIN_SCORE_MM`` tall on the panel."""
    scores = [n for n in notes if n.kind == "text" and n.role == theme.SCORE]
    problems = []
    drawn = [n.text for n in scores]
    for p, half in enumerate(view.halves):
        if half.score in drawn:
            drawn.remove(half.score)
        else:
            problems.append(f"player {p}'s score {half.score!r} not shown")
    for note in scores:
        down = down_of(note, size, orientation)
        if note.ink.height < panel.MIN_SCORE_MM * down - 0.01:
            problems.append(f"score {note.text!r}: digits {note.ink.height / down:.1f} mm tall")
    return problems


def missing_glyph_texts(notes: list[theme.Painted]) -> list[str]:
    """The texts painted with a letter the screens' font has no glyph for (an empty box)."""
    return [f"text {n.text!r}: no glyph for {theme.missing_glyphs(n.text)!r}" for n in notes
            if n.kind == "text" and theme.missing_glyphs(n.text)]
