"""Colours, fonts and text drawing shared by the screens.

Text is drawn with pygame's bundled default font (present on every install, no font files to
ship). ``fit`` renders a line as large as fits a box; ``clock_digits`` renders a clock face as
large as fits, condensing it a little before shrinking it, with a scale fixed by a template
(the widest time the game can show) so the digits keep their size as the time runs. A face is
composed of cached glyphs, so a new second is a few blits, not a render and a rescale.
"""
from __future__ import annotations

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

#: The clock face may be narrowed to this share of its width before it is made smaller.
MIN_CONDENSE = 0.7


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


def fit(text: str, colour, width: int, height: int, max_size: int | None = None) -> pygame.Surface:
    """``text`` in the largest font whose line fits ``width`` x ``height``."""
    size = max_size or int(height * 1.4)
    while size > 6:
        w, h = font(size).size(text or " ")
        if w <= width and h <= height:
            break
        size = int(size * min(0.95, width / max(w, 1), height / max(h, 1)) or size - 1)
    return render(text, size, colour)


def blit_centred(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(image, image.get_rect(center=rect.center))


def blit_line(surface, text, colour, rect: pygame.Rect, align="centre", max_size=None) -> None:
    """One line of text, as large as fits ``rect``, aligned left, centre or right."""
    image = fit(text, colour, rect.width, rect.height, max_size)
    place = image.get_rect(centery=rect.centery)
    if align == "left":
        place.left = rect.left
    elif align == "right":
        place.right = rect.right
    else:
        place.centerx = rect.centerx
    surface.blit(image, place)


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
