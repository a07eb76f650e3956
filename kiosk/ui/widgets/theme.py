"""Colours, fonts and text drawing shared by the screens.

Text is drawn in the font shipped beside this module (``fonts/FreeSansBold.ttf``: GNU FreeFont's
FreeSans Bold, the design of pygame's own default font, with the letters of every script a
players' name table holds: Latin with Vietnamese, Maori, Polish, Turkish and Nordic letters,
Greek, Cyrillic; ``missing_glyphs`` says which letters of a text it lacks). ``blit_line`` renders a line as large as fits a box; ``clock_digits`` renders a clock face as
large as fits, condensing it a little before shrinking it, with a scale fixed by a template
(the widest time the game can show) so the digits keep their size as the time runs. A face is
composed of cached glyphs, so a new second is a few blits, not a render and a rescale.

No text is drawn smaller than ``panel.MIN_CAP_MM`` capital height on the panel it shows on
(``least_size``; the panel's density comes from the surface's size, or from ``at_density`` while a
flat screen draws its upright halves): a line too long for its box at that size is wrapped
(``blit_lines``) or, drawn as one line, cut short with an ellipsis and noted as cut.

``recording()`` notes what is painted while it is open (each line of text: the box it was
given, where its ink went, its font size and whether it was cut short; each key; each clock
face), for the checks that nothing overflows, overlaps or shrinks below the minimum
(tests/ui/test_ui_keyboard_screens.py).
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

import pygame

from common.game.frozen import value
from kiosk.ui.widgets import panel

BG = (12, 14, 18)
FG = (236, 236, 236)
DIM = (138, 142, 150)           # a stopped clock: dimmer, still 5.6:1 on BG
BAR_BG = (32, 35, 42)
BAR_FG = (200, 204, 212)
RUNNING = (255, 196, 0)          # the running half's frame: amber, seen from across the room
OVERTIME = (225, 130, 120)       # overtime digits: a warm red, for every colour vision no dimmer
                                 # on the black than a stopped clock's (a clock past zero still runs)
                                 # and 2:1 apart from the white ones (tests/ui/test_ui_colour_vision.py)
ERROR = (255, 96, 96)
OVERTIME_TEXT = ERROR            # words about overtime (OVER, the penalty) on the screen's black
ABSENT_TEXT = ERROR              # ABSENT on a late player's half
PROMPT = (120, 200, 255)
NOTICE = PROMPT                  # news on the bottom line (a recovery, a self-test done): the hints'
                                 # blue, after the information mark (told by a shape too: frame)
BANNER_BG = (40, 70, 130)
# The verdicts: light green with black ink, deep red with white ink. Their lightness keeps them
# apart where their hue does not (deuteranopia, protanopia, tritanopia); a tick or a cross and
# the word say it besides (kiosk.ui.judge.verdict).
ACCEPT_BG = (150, 235, 165)
ACCEPT_INK = (0, 0, 0)
REJECT_BG = (130, 0, 20)
REJECT_INK = (255, 255, 255)
WHITE = (255, 255, 255)
KEY_BG = (52, 74, 110)           # a key of the touch keypad

KEY_ACTION_BG = (24, 112, 84)    # a key of the on-screen keyboard's action row (ENTER, NEXT WORD)

#: The clock face may be narrowed to this share of its width before it is made smaller.
MIN_CONDENSE = 0.7


@value
class Painted:
    """One thing painted while ``recording``: ``kind`` text, key or clock; ``box`` the place it
    was given; ``ink`` the pixels it took (a text's glyphs, a key, a clock face's characters);
    ``surface`` the surface it went on."""
    surface: pygame.Surface
    kind: str
    box: pygame.Rect
    ink: pygame.Rect
    text: str = ""
    size: int = 0               # a text's font size
    cut: bool = False           # a text too long for its box at the smallest size: cut short
    colour: tuple = ()          # a text's colour
    role: str = ""              # what a text is, where a check needs to know: SCORE (a player's score)


_painted: ContextVar[list | None] = ContextVar("painted", default=None)
_density: ContextVar[float | None] = ContextVar("density", default=None)


@contextmanager
def at_density(px_per_mm: float):
    """Draw for a panel of ``px_per_mm`` down the surface while open (a flat screen's upright
    halves, whose down is the screen's across)."""
    token = _density.set(px_per_mm)
    try:
        yield
    finally:
        _density.reset(token)


def density(surface) -> float:
    """Pixels per millimetre down ``surface``, on the panel it shows on (text heights)."""
    given = _density.get()
    return given if given is not None else panel.px_per_mm(surface.get_size())[1]


@contextmanager
def recording():
    """``with recording() as painted:`` every ``Painted`` thing while it is open."""
    painted: list[Painted] = []
    token = _painted.set(painted)
    try:
        yield painted
    finally:
        _painted.reset(token)


#: The ``role`` of a player's score (``blit_figure``): the checks find every score by it.
SCORE = "score"


def note(surface, kind: str, box: pygame.Rect, ink: pygame.Rect, text: str = "", size: int = 0,
         cut: bool = False, colour=(), role: str = "") -> None:
    """Note a thing painted, if ``recording``."""
    painted = _painted.get()
    if painted is not None:
        painted.append(Painted(surface, kind, pygame.Rect(box), pygame.Rect(ink), text, size, cut,
                               tuple(colour)[:3], role))


#: The screens' font (fonts/README.txt: what it is, its licence, how the subset was made).
FONT_FILE = Path(__file__).parent / "fonts" / "FreeSansBold.ttf"
#: A font size is drawn at this share of itself, as pygame's ``Font(None, size)`` draws its
#: default font (the same design): every size the screens were laid out in keeps its height.
FONT_SCALE = 0.6875


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """The screens' font at ``size``."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_FILE), max(1, int(max(6, int(size)) * FONT_SCALE)))


@lru_cache(maxsize=8192)
def text_size(text: str, size: int) -> tuple[int, int]:
    """How wide and tall ``text`` is drawn at font ``size``: measured once (a layout asks the
    same labels' widths at the same sizes thousands of times while it fits its keys and lines)."""
    return font(size).size(text)


def measurer(size: int) -> Callable[[str], tuple[int, int]]:
    """``text_size`` at ``size``: for a fit that measures many lines at one size."""
    return lambda text: text_size(text, size)


def missing_glyphs(text: str) -> str:
    """The characters of ``text`` the screens' font has no glyph for (each once, in order):
    drawn, each would be an empty box."""
    import pygame.freetype                  # only for this question: a table's start never asks it
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = _freetype_face()
    missing = []
    for char, metrics in zip(text, face.get_metrics(text)):
        if metrics is None and not char.isspace() and char not in missing:
            missing.append(char)
    return "".join(missing)


@lru_cache(maxsize=1)
def _freetype_face():
    import pygame.freetype
    return pygame.freetype.Font(str(FONT_FILE), 12)


def render(text: str, size: int, colour) -> pygame.Surface:
    return font(size).render(text, True, colour)


@lru_cache(maxsize=256)
def cap_height(size: int) -> int:
    """The capital height, in pixels, of the font at ``size``."""
    return render("H", size, WHITE).get_bounding_rect().height


@lru_cache(maxsize=64)
def _least_size(px_per_mm: float) -> int:
    return size_for_cap(panel.MIN_CAP_MM * px_per_mm)


@lru_cache(maxsize=64)
def size_for_cap(wanted: float) -> int:
    """The smallest font size whose capitals are ``wanted`` pixels tall."""
    size = max(6, int(wanted * 1.6))
    size = max(6, round(size * wanted / max(cap_height(size), 1)))   # near it: each size tried costs
    while cap_height(size) < wanted:
        size += 1
    while size > 6 and cap_height(size - 1) >= wanted:
        size -= 1
    return size


def least_size(px_per_mm: float) -> int:
    """The smallest font size whose capitals are ``panel.MIN_CAP_MM`` tall at ``px_per_mm``."""
    return _least_size(round(px_per_mm, 3))


def least_for(surface) -> int:
    """The smallest font size on ``surface`` (its panel's density, ``density``)."""
    return least_size(density(surface))


#: The tallest a line of real names reaches: an accent over a capital above, a descender below.
TALLEST_LINE = "ÅÓÉÎgjpqy"


@lru_cache(maxsize=64)
def line_step(size: int) -> int:
    """Pixels one line of text at font ``size`` takes, one under the other: the font's line
    spacing, or more where accented capitals and descenders reach further ("Ó Dálaigh")."""
    return max(font(size).get_linesize(), render(TALLEST_LINE, size, WHITE).get_bounding_rect().height)


def line_height(px_per_mm: float, lines: int = 1) -> int:
    """Pixels ``lines`` lines of the smallest text take, one under the other."""
    return font(least_size(px_per_mm)).get_linesize() * lines


def text_line_height(px_per_mm: float, lines: int = 1) -> int:
    """Pixels ``lines`` lines of the smallest text take with room for every accent and
    descender of a real name (``line_step``): the top and bottom lines, the banner."""
    return line_step(least_size(px_per_mm)) * lines


def fit_size(text: str, width: int, height: int, max_size: int | None = None, least: int = 6) -> int:
    """The largest font size whose line of ``text`` fits ``width`` x ``height``, never under
    ``least`` (the text may then not fit)."""
    size = max(max_size or int(height * 1.4), least)
    while size > least:
        w, h = text_size(text or " ", size)
        if w <= width and h <= height:
            break
        size = max(least, int(size * min(0.95, width / max(w, 1), height / max(h, 1)) or size - 1))
    return size


SEPARATOR = "  ·  "


def wrap(text: str, width: int, size: int) -> list[str]:
    """``text`` in lines no wider than ``width`` at font ``size``: broken at its separators
    (``SEPARATOR``) where it can, else between words, and a word longer than the line after its
    hyphens ("Dálaigh-" "Featherstonehaugh": a real name is never cut); a word longer than the
    line with no hyphen to break at stays whole."""
    lines: list[str] = []
    measure = measurer(size)
    for part in text.split(SEPARATOR):
        if lines and measure(f"{lines[-1]}{SEPARATOR}{part}")[0] <= width:
            lines[-1] = f"{lines[-1]}{SEPARATOR}{part}"
            continue
        first = True
        for word in part.split():
            pieces = _hyphen_pieces(word) if measure(word)[0] > width else [word]
            for i, piece in enumerate(pieces):
                joined = f"{lines[-1]}{'' if i else ' '}{piece}" if lines else piece
                if lines and not first and measure(joined)[0] <= width:
                    lines[-1] = joined
                else:
                    lines.append(piece)
                first = False
    return lines or [""]


def _hyphen_pieces(word: str) -> list[str]:
    """``word`` in the pieces a line may break after: each up to and with its hyphen."""
    pieces, start = [], 0
    for i, char in enumerate(word):
        if char == "-" and 0 < i < len(word) - 1:
            pieces.append(word[start:i + 1])
            start = i + 1
    return pieces + [word[start:]]


def lines_needed(paragraphs, width: int, px_per_mm: float) -> int:
    """How many lines ``paragraphs`` take in ``width`` at the smallest text size (``wrap``)."""
    size = least_size(px_per_mm)
    return sum(len(wrap(text, width, size)) for text in paragraphs if text)


def blit_lines(surface, paragraphs, colour, rect: pygame.Rect, max_size: int | None = None,
               align: str = "centre", low: bool = False) -> int:
    """``paragraphs`` in ``rect``, each broken into lines (``wrap``), in the largest font up to
    ``max_size`` at which all of them fit (never under the smallest, ``least_for``), centred
    down ``rect`` (``low``: at its foot); the number of lines."""
    least = least_for(surface)
    size = max(max_size or rect.height, least)
    while True:
        lines = [line for text in paragraphs if text for line in wrap(text, rect.width, size)]
        step = line_step(size)
        widest = max((text_size(line, size)[0] for line in lines), default=0)
        if size <= least or (len(lines) * step <= rect.height and widest <= rect.width):
            break
        size = max(least, int(size * 0.92))
    top = rect.top + max(0, (rect.height - len(lines) * step) // (1 if low else 2))
    for i, line in enumerate(lines):
        blit_line(surface, line, colour, pygame.Rect(rect.left, top + i * step, rect.width, step),
                  align=align, max_size=size)
    return len(lines)


def shorten(text: str, width: int, size: int) -> str:
    """``text`` as it fits ``width`` at font ``size``: whole, or its start and an ellipsis (a
    name too long for its place: shortened on purpose, never to the ellipsis alone)."""
    measure = measurer(size)
    if measure(text)[0] <= width:
        return text
    start = text
    while len(start) > 1 and measure(start.rstrip(" -,") + "…")[0] > width:
        start = start[:-1]
    return start.rstrip(" -,") + "…"


def names_shortened(text: str, names, fits, size: int) -> str:
    """``text`` as ``fits(text)`` takes it: whole, or with a player's name in it (one of
    ``names``) shortened to its start and an ellipsis (``shorten``), a little more at a time,
    until it fits; where no one name shortened makes it fit, all of them at once; whole if
    nothing does."""
    if fits(text):
        return text
    measure = measurer(size)
    named = [name for name in dict.fromkeys(names) if name and name in text]
    for group in [[name] for name in named] + ([named] if len(named) > 1 else []):
        share = 1.0
        while share > 0.1:
            share *= 0.9
            shorter = text
            for name in group:
                width = max(measure(name[:4])[0], int(measure(name)[0] * share))
                shorter = shorter.replace(name, shorten(name, width, size))
            if fits(shorter):
                return shorter
    return text


def blit_centred(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(image, image.get_rect(center=rect.center))


def blit_line(surface, text, colour, rect: pygame.Rect, align="centre", max_size=None) -> None:
    """One line of text, as large as fits ``rect`` (never under ``least_for``: a line too long
    even so is cut short with an ellipsis), aligned left, centre or right."""
    least = least_for(surface)
    size = fit_size(text, rect.width, rect.height, max_size, least)
    cut = False
    while text and text_size(text, size)[0] > rect.width and len(text) > 1:
        text, cut = text[:-2].rstrip() + "…", True
    image = render(text, size, colour)
    place = image.get_rect(centery=rect.centery)
    if align == "left":
        place.left = rect.left
    elif align == "right":
        place.right = rect.right
    else:
        place.centerx = rect.centerx
    glyphs = image.get_bounding_rect()
    ink = glyphs.move(place.topleft)
    if glyphs.height <= rect.height:              # an accent above a capital (Ó) stays in the box
        place.y += max(0, rect.top - ink.top) - max(0, ink.bottom - rect.bottom)
    surface.blit(image, place)
    if text and _painted.get() is not None:       # the pixels the glyphs took
        note(surface, "text", rect, glyphs.move(place.topleft), text, size, cut, colour)


def blit_figure(surface, text: str, colour, rect: pygame.Rect, align: str = "centre",
                role: str = SCORE) -> None:
    """A number (a score) as large as its digits fit ``rect``: the ink of its digits, not the
    font's line (which keeps room for accents and descenders a number never has), fills the
    box's height where its width allows; never under the smallest text."""
    top, bottom = digit_rows()
    size = max(least_for(surface), int(rect.height * _REF_SIZE / max(1, bottom - top)) + 1)
    least = least_for(surface)
    fits = lambda at: _figure_ink(text, at).width <= rect.width and _figure_ink(text, at).height <= rect.height
    while size > least and not fits(size):
        size = max(least, int(size * 0.95) if size * 0.95 > least + 4 else size - 1)
    while fits(size + 1) and _figure_ink(text, size + 1).height <= rect.height:    # the last pixels
        size += 1
    glyphs = _figure_ink(text, size)
    ink = glyphs.copy()
    ink.centery = rect.centery
    if align == "left":
        ink.left = rect.left
    elif align == "right":
        ink.right = rect.right
    else:
        ink.centerx = rect.centerx
    surface.blit(render(text, size, colour), (ink.left - glyphs.left, ink.top - glyphs.top))
    note(surface, "text", rect, ink, text, size, False, colour, role)


@lru_cache(maxsize=128)
def _figure_ink(text: str, size: int) -> pygame.Rect:
    """Where the ink of ``text`` lies in its rendering at ``size``."""
    return render(text or " ", size, WHITE).get_bounding_rect()


_REF_SIZE = 400


@lru_cache(maxsize=8)
def digit_rows() -> tuple[int, int]:
    """Top and bottom pixel rows of the digits at the reference size (the face's height)."""
    box = render("0123456789", _REF_SIZE, WHITE).get_bounding_rect()
    return box.top, box.bottom


def clock_scale(template: str, width: int, height: int) -> tuple[float, float]:
    """(x, y) scale from the reference rendering so ``template`` fits ``width`` x ``height``."""
    top, bottom = digit_rows()
    y = height / (bottom - top)
    advance = sum(text_size(char, _REF_SIZE)[0] for char in template)   # as the glyphs compose
    natural = advance * y
    if natural <= width:
        return y, y
    x = width / advance
    if x / y >= MIN_CONDENSE:
        return x, y
    shrink = (x / y) / MIN_CONDENSE
    return x, y * shrink


def clock_width(template: str, height: int) -> int:
    """How wide the clock face ``template`` is at ``height`` (its natural width)."""
    top, bottom = digit_rows()
    return round(sum(text_size(char, _REF_SIZE)[0] for char in template) * height / (bottom - top))


@lru_cache(maxsize=256)
def _glyph(char: str, colour, scale: tuple[float, float], bg=None) -> pygame.Surface:
    """One character of a clock face at ``scale``, cropped to the digits' rows, with its
    advance as its width (the faces are composed from these: a new second costs a few blits).
    On ``bg`` it is opaque (copied, not blended, onto the screen)."""
    top, bottom = digit_rows()
    full = render(char, _REF_SIZE, colour)
    crop = full.subsurface(pygame.Rect(0, top, full.get_width(), bottom - top))
    size = (max(1, round(crop.get_width() * scale[0])), max(1, round(crop.get_height() * scale[1])))
    glyph = pygame.transform.smoothscale(crop, size)
    if bg is None:
        return glyph
    opaque = pygame.Surface(size, depth=32)
    opaque.fill(bg)
    opaque.blit(glyph, (0, 0))
    return opaque


@lru_cache(maxsize=32)
def clock_digits(text: str, colour, scale: tuple[float, float]) -> pygame.Surface:
    """The clock face ``text`` at ``scale`` (from ``clock_scale``), cropped to the digits."""
    glyphs = [_glyph(char, colour, scale) for char in text]
    face = pygame.Surface((sum(g.get_width() for g in glyphs), glyphs[0].get_height()), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        face.blit(glyph, (x, 0))
        x += glyph.get_width()
    return face


def face_cells(text: str, colour, scale: tuple[float, float], rect: pygame.Rect,
               bg=BG) -> list[tuple[pygame.Rect, pygame.Surface]]:
    """The clock face ``text`` centred in ``rect`` as (where, opaque glyph on ``bg``) per
    character: drawn by copying each, and a new second redraws only the characters that changed."""
    glyphs = [_glyph(char, colour, scale, bg) for char in text]
    width = sum(g.get_width() for g in glyphs)
    x, y = rect.centerx - width // 2, rect.centery - glyphs[0].get_height() // 2
    cells = []
    for glyph in glyphs:
        cells.append((glyph.get_rect(topleft=(x, y)), glyph))
        x += glyph.get_width()
    return cells
