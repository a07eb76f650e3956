"""A whole game under each of the four presets, played through the real kiosk (kiosk.scripted:
presses of its buttons and taps where its screen shows the keys) by players with real-shaped
names (tests.support.names: the longest, Vietnamese, Irish, Maori, a school's team), at 800x480
(the Touch Display), 1280x720, 720x1280 (the Touch Display 2 standing) and 800x480 lying flat.
On every frame of the game, the screen is drawn whole as the machine draws it and checked as a
player reads it: both clocks drawn with digits at least 6 mm tall on the panel and neither name
reduced to "…", on the clock screen both scores shown with digits at least 6 mm tall (while a
turn or the tiles left are typed, while a stop asks why, on the result both sign), the
challenged words 6 mm tall on the judge screen (the challenged player checks them), every key
9 mm wide and tall, no letter without its glyph, and nothing overlapping, leaving its box or cut
short (tests.support.keyboard_scenes). Each distinct frame is checked once."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kiosk.lexicon import compiled, open_lexicon
from common.game.vocabulary import Phase
from kiosk.ui.clock.view import ClockView
from kiosk.ui.judge.paint import JudgeView
from kiosk.ui.menu.paint import DirectorView
from kiosk.ui.judge.verdict import VerdictView
from kiosk.ui.widgets import panel, theme
from kiosk.ui.judge.verdict import word_lines
from tests.support.keyboard_scenes import (down_of, layout_problems, missing_glyph_texts, score_problems,
                                           small_clocks, small_keys, small_text)
from tests.support.names import PAIRS
from tests.support.scripted_table import played, scripted_kiosk, write_script

#: The phases of a game in play: both clocks are what the players read.
IN_PLAY = (Phase.WAITING, Phase.SETUP, Phase.PLAYING, Phase.CHALLENGE, Phase.OUT)
#: The challenged words' capitals at least this tall on the judge screen (issue 38: 3.8 mm once).
MIN_WORDS_MM = 6.0
#: The phases in which the clock screen shows both scores: in play, and over until confirmed
#: (the tiles left typed, the result both players sign).
SCORED = IN_PLAY + (Phase.ENDED,)

# A game each preset plays in full: turns, a hold (where the book has one), a challenge each way,
# an exchange, a pass, a stop for a reason, the book's own incident, a play-out and its
# acceptance, the rack, both confirmations.
COMMON_OPENING = [
    {"t": 0, "cmd": "start", "first": 0},
    {"t": 40, "cmd": "play", "player": 0, "score": 24},
]
GAMES = {
    "aspa": COMMON_OPENING + [
        {"t": 45, "cmd": "hold", "player": 1},
        {"t": 60, "cmd": "challenge", "player": 1, "words": ["QI", "ZAX"], "valid": True},
        {"t": 70, "cmd": "resume", "player": 0},
        {"t": 100, "cmd": "play", "player": 1, "score": 31, "blanks": "e"},
        {"t": 170, "cmd": "exchange", "player": 0, "tiles": 4},
        {"t": 200, "cmd": "pass", "player": 1},
        {"t": 230, "cmd": "neutral", "reason": "score"},
        {"t": 240, "cmd": "resume", "player": 1},
        {"t": 260, "cmd": "play", "player": 0, "score": 18},
        {"t": 1700, "cmd": "play", "player": 1, "score": 22},          # past zero: overtime
        {"t": 1720, "cmd": "out", "player": 0, "score": 15},
        {"t": 1723, "cmd": "accept", "player": 1},
        {"t": 1730, "cmd": "rack", "player": 1, "tiles": "QZ?"},
        {"t": 1740, "cmd": "confirm", "player": 0},
        {"t": 1741, "cmd": "confirm", "player": 1},
    ],
    "absp": COMMON_OPENING + [
        {"t": 45, "cmd": "hold", "player": 1},
        {"t": 60, "cmd": "challenge", "player": 1, "words": ["QI"], "valid": True},
        {"t": 70, "cmd": "resume", "player": 0},
        {"t": 100, "cmd": "play", "player": 1, "score": 31},
        {"t": 170, "cmd": "exchange", "player": 0, "tiles": 4},
        {"t": 200, "cmd": "play", "player": 1, "score": 12},
        {"t": 260, "cmd": "play", "player": 0, "score": 18},
        {"t": 290, "cmd": "out", "player": 1, "score": 15},
        {"t": 293, "cmd": "accept", "player": 0},
        {"t": 300, "cmd": "rack", "player": 0, "tiles": "QZ"},
        {"t": 310, "cmd": "confirm", "player": 0},     # ABSP: the rack's entry was the other's word
    ],
    "nzasp": [
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 40, "cmd": "play", "player": 0, "score": 40},
        {"t": 42, "cmd": "send_back", "player": 1},
        {"t": 50, "cmd": "declare", "player": 0, "blanks": "E"},
        {"t": 80, "cmd": "play", "player": 1, "score": 31},
        {"t": 81, "cmd": "send_back", "player": 0},                             # by mistake: no blank
        {"t": 85, "cmd": "no_blank", "player": 1},                              # (issue 38)
        {"t": 100, "cmd": "challenge", "player": 0, "words": ["QXZT"], "valid": False},
        {"t": 110, "cmd": "resume", "player": 1},
        {"t": 170, "cmd": "exchange", "player": 0, "tiles": 4},
        {"t": 200, "cmd": "pass", "player": 1},
        {"t": 260, "cmd": "play", "player": 0, "score": 74, "placed": 7},      # BONUS: all seven (9.2)
        {"t": 290, "cmd": "out", "player": 1, "score": 15},
        {"t": 293, "cmd": "accept", "player": 0},
        {"t": 300, "cmd": "rack", "player": 0, "tiles": "QZ"},
        {"t": 310, "cmd": "confirm", "player": 0},
        {"t": 311, "cmd": "confirm", "player": 1},
    ],
    "school": [
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 30},
        {"t": 20, "cmd": "play", "player": 1, "score": 22},
        {"t": 30, "cmd": "play", "player": 0, "score": 40},
        {"t": 35, "cmd": "false_blank", "player": 1},
        {"t": 40, "cmd": "resume", "player": 0},
        {"t": 60, "cmd": "play", "player": 1, "score": 18},
        {"t": 90, "cmd": "exchange", "player": 0, "tiles": 3},
        {"t": 120, "cmd": "play", "player": 1, "score": 27},
        {"t": 150, "cmd": "out", "player": 0, "score": 15},
        {"t": 153, "cmd": "accept", "player": 1},
        {"t": 160, "cmd": "rack", "player": 1, "tiles": "QZ"},
        {"t": 170, "cmd": "confirm", "player": 0},
        {"t": 171, "cmd": "confirm", "player": 1},
    ],
}
#: The screens the players read, side by side and (the Touch Display) lying flat between them.
# Two more endings (each preset's own are above): six scoreless turns in a row (ASPA 11.3e) with
# both racks to enter, and the director ending the game (round over, ABSP) before the racks.
GAMES["aspa-zero-score-run"] = [{"t": 0, "cmd": "start", "first": 0},
                                {"t": 10, "cmd": "play", "player": 0, "score": 30}] + [
    {"t": 20 + 10 * i, "cmd": "pass", "player": i % 2} for i in range(1, 7)] + [
    {"t": 100, "cmd": "rack", "player": 0, "tiles": "QZ"}, {"t": 110, "cmd": "rack", "player": 1, "tiles": "E"},
    {"t": 120, "cmd": "confirm", "player": 0}, {"t": 121, "cmd": "confirm", "player": 1}]
GAMES["absp-ended-by-the-director"] = [
    {"t": 0, "cmd": "start", "first": 0}, {"t": 10, "cmd": "play", "player": 0, "score": 30},
    {"t": 20, "cmd": "play", "player": 1, "score": 12}, {"t": 30, "cmd": "end"},
    {"t": 33, "cmd": "rack", "player": 0, "tiles": "QZ"}, {"t": 36, "cmd": "rack", "player": 1, "tiles": "E"},
    {"t": 40, "cmd": "confirm", "player": 0}]
SCREENS = [((800, 480), "side"), ((1280, 720), "side"), ((720, 1280), "side"), ((800, 480), "flat")]


def readability_problems(notes: list[theme.Painted], size: tuple[int, int], judging: bool = False,
                         orientation: str = "side") -> list[str]:
    """What a player could not read on a frame in play: fewer than two clock faces (but while
    both clocks stand for a challenge's adjudication or the director's menu, ``judging``: the
    words, the verdict or the director's choices take the screen), a face under panel.MIN_CLOCK_MM tall on the panel, or a text that is nothing but an
    ellipsis (a name gone)."""
    problems = []
    clocks = [n for n in notes if n.kind == "clock"]
    if len(clocks) < 2 and not judging:
        problems.append(f"{len(clocks)} clock faces drawn: {[c.text for c in clocks]}")
    problems += [p for p in small_clocks(notes, size, orientation) if p.startswith("clock")]
    problems += [f"text {n.text!r}: a name gone" for n in notes if n.kind == "text" and n.text.strip() == "…"]
    return problems


def frame_problems(kiosk, view, notes, size, orientation: str) -> list[str]:
    """Everything a player could not read on a frame of the game (``readability_problems`` in
    play; the scores on the clock screen until the result is confirmed; the keys, the glyphs
    and the layout on every frame)."""
    phase = kiosk.table.state.phase
    problems = layout_problems(notes) + small_text(notes, size, orientation) + missing_glyph_texts(notes) \
        + small_keys(size, view, orientation)
    if phase in IN_PLAY:
        judging = isinstance(view, (JudgeView, VerdictView, DirectorView)) and kiosk.table.state.clock.running is None
        problems += readability_problems(notes, size, judging, orientation)
    if phase in SCORED and isinstance(view, ClockView):
        problems += score_problems(notes, view, size, orientation)
    if isinstance(view, JudgeView):         # the words the challenged player checks: 6 mm at least
        rows = word_lines((*view.words, view.typing + "_"))
        problems += [f"challenged words {n.text!r}: {theme.cap_height(n.size) / down_of(n, size, orientation):.1f} mm"
                     for n in notes if n.kind == "text" and n.text in rows
                     and theme.cap_height(n.size) < MIN_WORDS_MM * down_of(n, size, orientation) - 0.01]
    return problems


def played_frames(kiosk, runner, clock):
    """The script played (tests.support.scripted_table.played), each distinct view once."""
    seen = set()
    for _ in played(kiosk, runner, clock):
        view = kiosk.loop.last_view
        if repr(view) not in seen:
            seen.add(repr(view))
            yield view


#: The guides' screens of a game with long names (``make screenshots``): (preset, size, what) ->
#: the file in $TABLEKEEPER_DOCS_IMAGES, the first frame showing it.
DOCS = {("nzasp", (800, 480), "entry"): "game-nzasp-entry-800x480.png",
        ("nzasp", (720, 1280), "entry"): "game-nzasp-entry-720x1280.png",
        ("aspa", (800, 480), "confirm"): "game-long-names-confirm-800x480.png",
        ("aspa", (720, 1280), "confirm"): "game-long-names-confirm-720x1280.png",
        ("aspa", (800, 480), "overtime"): "game-long-names-overtime-800x480.png"}


def save_for_docs(surface, preset: str, size, state, view) -> None:
    """With $TABLEKEEPER_DOCS_IMAGES: the first frame of each of ``DOCS`` goes to the guides."""
    import os
    folder = os.environ.get("TABLEKEEPER_DOCS_IMAGES")
    if not folder:
        return
    halves = view.halves if isinstance(view, ClockView) else ()
    shows = {"entry": state.phase == Phase.PLAYING and any(h.keyboard is not None for h in halves) \
        and len(state.turns) == 1,
             "confirm": isinstance(view, ClockView) and bool(view.result) and not any(state.confirmed),
             "overtime": state.phase == Phase.PLAYING and any(h.overtime for h in halves)}
    for what, shown in shows.items():
        name = DOCS.get((preset, tuple(size), what))
        path = Path(folder) / name if name else None
        if shown and path is not None and path not in _saved:
            _saved.add(path)
            pygame.image.save(surface, str(path))


_saved: set = set()


@pytest.fixture(scope="module")
def words(shared, tmp_path_factory) -> Path:
    """The ENABLE list with QI and ZAX, compiled once as the table's lexicon file."""
    folder = tmp_path_factory.mktemp("words")
    text = folder / "words.txt"
    text.write_text(shared.enable.read_text() + "QI\nZAX\n")
    return compiled.write(open_lexicon(text), folder / "words.lex")


@pytest.mark.slow
@pytest.mark.parametrize("size, orientation", SCREENS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_with_real_names_is_readable_on_every_frame(game, size, orientation, words, tmp_path, shots):
    preset = game.split("-")[0]
    script = write_script(tmp_path / f"{game}.jsonl",
                          [{"preset": preset, "players": list(PAIRS[preset])}] + GAMES[game])
    kiosk, runner, clock = scripted_kiosk(tmp_path / "kiosk.sqlite", script, lexicon=str(words), size=size,
                                          orientation=orientation)
    shots.mkdir(parents=True, exist_ok=True)
    frames, failures = 0, []
    try:
        for view in played_frames(kiosk, runner, clock):
            surface = pygame.Surface(size)
            with theme.recording() as notes:
                kiosk.machine.draw(surface, view, whole=True)
            if orientation == "side":
                save_for_docs(surface, game, size, kiosk.table.state, view)
            problems = frame_problems(kiosk, view, notes, size, orientation)
            if problems:
                path = shots / f"{game}-{size[0]}x{size[1]}-{orientation}-frame{frames:03}.png"
                pygame.image.save(surface, str(path))
                failures.append(f"frame {frames} ({kiosk.table.state.phase}, {path.name}): {problems[:3]}")
            frames += 1
    finally:
        kiosk.close()
    assert frames > 20                               # the game was played, frame by frame
    assert failures == [], "\n".join(failures[:12])


def test_the_readability_check_finds_a_small_clock_and_a_lost_name():
    """The check can fail: one face, under 6 mm, and a name drawn as "…" alone are each said."""
    surface = pygame.Surface((800, 480))
    with theme.recording() as notes:
        cells = theme.face_cells("24:41", theme.FG, theme.clock_scale("24:41", 40, 8), pygame.Rect(0, 0, 40, 8))
        for cell, glyph in cells:
            surface.blit(glyph, cell)
        theme.note(surface, "clock", pygame.Rect(0, 0, 40, 8), cells[0][0].unionall([c for c, _ in cells]), "24:41")
        theme.blit_line(surface, "…", theme.FG, pygame.Rect(100, 0, 30, 30))
    problems = readability_problems(notes, (800, 480))
    assert any(p.startswith("1 clock faces") for p in problems)
    assert any("mm tall" in p for p in problems)
    assert any("a name gone" in p for p in problems)


def test_the_score_and_glyph_checks_can_fail():
    """A score drawn 4 mm tall, the other player's not drawn at all, and a name with a letter the
    font lacks are each said; both scores in a score's row (6.5 mm) are not."""
    from kiosk.ui.clock.view import HalfView
    from kiosk.ui.widgets import frame
    size = (800, 480)
    down = panel.px_per_mm(size)[1]
    halves = tuple(HalfView(name, "25:00", score, "", False, False, 0, False)
                   for name, score in (("Wáng 王", "24"), ("Nguyễn Thị Minh Khai", "31")))
    view = ClockView("", halves, (), "", "", "25:00")
    surface = pygame.Surface(size)
    with theme.recording() as notes:
        theme.blit_figure(surface, "24", theme.FG, pygame.Rect(10, 10, 200, round(4 * down)))
        theme.blit_line(surface, "Wáng 王", theme.FG, pygame.Rect(10, 200, 300, 40))
    problems = score_problems(notes, view, size)
    assert any(p.startswith("score '24': digits 3.") for p in problems)      # 4 mm's box: 3.8 mm of ink
    assert "player 1's score '31' not shown" in problems
    assert missing_glyph_texts(notes) == ["text 'Wáng 王': no glyph for '王'"]
    with theme.recording() as notes:
        for i, score in enumerate(("24", "31")):
            theme.blit_figure(surface, score, theme.FG, pygame.Rect(10 + 300 * i, 100, 200, round(frame.SCORE_MM * down) + 2))
    assert score_problems(notes, view, size) == []
