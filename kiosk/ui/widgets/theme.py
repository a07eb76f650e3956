"""Colours, fonts and text drawing shared by the screens.

Text is drawn with pygame's bundled default font (present on every install, no font files to
ship). ``blit_line`` renders a line as large as fits a box; ``clock_digits`` renders a clock face as
large as fits, condensing it a little before shrinking it, with a scale fixed by a template
(the widest time the game can show) so the digits keep their size as the time runs. A face is
composed of cached glyphs, so a new second is a few blits, not a render and a rescale.

``recording()`` notes what is painted while it is open (each line of text: the box it was
given, where its ink went and its font size; each key; each clock face), for the checks that
nothing overflows or overlaps (tests/ui/test_ui_keyboard_screens.py).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

BG = (12, 14, 18)
FG = (236, 236, 236)
DIM = (92, 96, 104)
BAR_BG = (32, 35, 42)
BAR_FG = (200, 204, 212)
RUNNING = (255, 196, 0)          # the running half's frame: amber, seen from across the room
OVERTIME = (235, 40, 40)
ERROR = (255, 96, 96)
PROMPT = (120, 200, 255)
BANNER_BG = (40, 70, 130)
ACCEPT_BG = (0, 128, 56)
REJECT_BG = (176, 18, 28)
WHITE = (255, 255, 255)
KEY_BG = (52, 74, 110)           # a key of the touch keypad

KEY_ACTION_BG = (24, 112, 84)    # a key of the on-screen keyboard's action row (ENTER, NEXT WORD)

#: The clock face may be narrowed to this share of its width before it is made smaller.
MIN_CONDENSE = 0.7


@dataclass(frozen=True)
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


_painted: ContextVar[list | None] = ContextVar("painted", default=None)


@contextmanager
def recording():
    """``with recording() as painted:`` every ``Painted`` thing while it is open."""
    painted: list[Painted] = []
    token = _painted.set(painted)
    try:
        yield painted
    finally:
        _painted.reset(token)


def note(surface, kind: str, box: pygame.Rect, ink: pygame.Rect, text: str = "", size: int = 0) -> None:
    """Note a thing painted, if ``recording``."""
    painted = _painted.get()
    if painted is not None:
        painted.append(Painted(surface, kind, pygame.Rect(box), pygame.Rect(ink), text, size))


#: ``Font(None, size)`` is pygame's default font at this share of ``size`` (pygame-ce scales it).
DEFAULT_FONT_SCALE = 0.6875


@lru_cache(maxsize=1)
def default_font_file() -> str | None:
    """pygame's bundled default font by its path: ``Font(None)`` finds the same file through
    importlib.resources each time (4 ms of a table's start); None if it is not beside pygame."""
    path = Path(pygame.__file__).parent / pygame.font.get_default_font()
    return str(path) if path.is_file() else None


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """pygame's default font, as ``Font(None, size)`` gives it (a test checks they agree)."""
    if not pygame.font.get_init():
        pygame.font.init()
    size, path = max(6, int(size)), default_font_file()
    if path is None:
        return pygame.font.Font(None, size)
    return pygame.font.Font(path, max(1, int(size * DEFAULT_FONT_SCALE)))


def render(text: str, size: int, colour) -> pygame.Surface:
    return font(size).render(text, True, colour)


def fit_size(text: str, width: int, height: int, max_size: int | None = None) -> int:
    """The largest font size whose line of ``text`` fits ``width`` x ``height`` (6 at least)."""
    size = max_size or int(height * 1.4)
    while size > 6:
        w, h = font(size).size(text or " ")
        if w <= width and h <= height:
            break
        size = int(size * min(0.95, width / max(w, 1), height / max(h, 1)) or size - 1)
    return max(size, 6)


def wrap(text: str, width: int, size: int) -> list[str]:
    """``text`` in lines no wider than ``width`` at font ``size``, broken between words (a word
    longer than the line stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font(size).size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def blit_lines(surface, paragraphs, colour, rect: pygame.Rect, max_size: int) -> None:
    """``paragraphs`` in ``rect``, each broken into lines (``wrap``), in the largest font up to
    ``max_size`` at which all of them fit, from the top."""
    size = max_size
    while True:
        lines = [line for text in paragraphs for line in wrap(text, rect.width, size)]
        step = font(size).get_linesize()
        if size <= 8 or len(lines) * step <= rect.height:
            break
        size = max(8, int(size * 0.92))
    for i, line in enumerate(lines):
        blit_line(surface, line, colour, pygame.Rect(rect.left, rect.top + i * step, rect.width, step),
                  max_size=size)


def blit_centred(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(image, image.get_rect(center=rect.center))


def blit_line(surface, text, colour, rect: pygame.Rect, align="centre", max_size=None) -> None:
    """One line of text, as large as fits ``rect``, aligned left, centre or right."""
    size = fit_size(text, rect.width, rect.height, max_size)
    image = render(text, size, colour)
    place = image.get_rect(centery=rect.centery)
    if align == "left":
        place.left = rect.left
    elif align == "right":
        place.right = rect.right
    else:
        place.centerx = rect.centerx
    surface.blit(image, place)
    if text and _painted.get() is not None:       # the pixels the glyphs took
        note(surface, "text", rect, image.get_bounding_rect().move(place.topleft), text, size)


_REF_SIZE = 400


@lru_cache(maxsize=8)
def _digit_rows() -> tuple[int, int]:
    """Top and bottom pixel rows of the digits at the reference size (the face's height)."""
    box = render("0123456789", _REF_SIZE, WHITE).get_bounding_rect()
    return box.top, box.bottom


def clock_scale(template: str, width: int, height: int) -> tuple[float, float]:
    """(x, y) scale from the reference rendering so ``template`` fits ``width`` x ``height``."""
    top, bottom = _digit_rows()
    y = height / (bottom - top)
    advance = sum(font(_REF_SIZE).size(char)[0] for char in template)   # as the glyphs compose
    natural = advance * y
    if natural <= width:
        return y, y
    x = width / advance
    if x / y >= MIN_CONDENSE:
        return x, y
    shrink = (x / y) / MIN_CONDENSE
    return x, y * shrink


@lru_cache(maxsize=256)
def _glyph(char: str, colour, scale: tuple[float, float], bg=None) -> pygame.Surface:
    """One character of a clock face at ``scale``, cropped to the digits' rows, with its
    advance as its width (the faces are composed from these: a new second costs a few blits).
    On ``bg`` it is opaque (copied, not blended, onto the screen)."""
    top, bottom = _digit_rows()
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
