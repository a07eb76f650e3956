"""Reading a rendered screen: where a colour appears, and the layout the screens are drawn on."""
from __future__ import annotations

import pygame

from kiosk.ui.widgets import theme
from kiosk.ui.clock.draw import layout


def colour_box(surface: pygame.Surface, rect: pygame.Rect, colour, tolerance: int = 24):
    """Bounding box (in screen coordinates) of the pixels of ``colour`` within ``rect``."""
    sub = surface.subsurface(rect)
    mask = pygame.mask.from_threshold(sub, colour, (tolerance, tolerance, tolerance, 255))
    boxes = mask.get_bounding_rects()
    if not boxes:
        return None
    box = boxes[0].unionall(boxes[1:])
    return box.move(rect.topleft)


def count(surface: pygame.Surface, rect: pygame.Rect, colour, tolerance: int = 24) -> int:
    sub = surface.subsurface(rect)
    return pygame.mask.from_threshold(sub, colour, (tolerance, tolerance, tolerance, 255)).count()


def frame_pixels(surface: pygame.Surface, half: int) -> list:
    """The colour at the middle of each of a half's four edges (where the running frame is)."""
    lay = layout(surface.get_size())
    r, f = lay.halves[half], lay.frame // 2
    points = [(r.left + f, r.centery), (r.right - 1 - f, r.centery),
              (r.centerx, r.top + f), (r.centerx, r.bottom - 1 - f)]
    return [tuple(surface.get_at(p))[:3] for p in points]


RUNNING, BG = theme.RUNNING, theme.BG


def shows(surface: pygame.Surface, rect: pygame.Rect, text: str, colour, *, bg=theme.BG,
          align: str = "centre", max_size: int | None = None) -> bool:
    """Whether ``rect`` of the screen holds exactly ``text`` as the screens draw a line there
    (``theme.blit_line``: as large as fits, in ``colour`` on ``bg``): pixel for pixel, so a
    different text, colour or size in that place fails."""
    expected = pygame.Surface(rect.size)
    expected.fill(bg)
    theme.blit_line(expected, text, colour, pygame.Rect((0, 0), rect.size), align=align, max_size=max_size)
    actual = surface.subsurface(rect).copy()
    return pygame.image.tobytes(expected, "RGB") == pygame.image.tobytes(actual, "RGB")


def banner_shows(surface: pygame.Surface, banner: tuple[str, ...], index: int) -> bool:
    """Whether line ``index`` of the banner ``banner`` is drawn on the screen as it reads."""
    from kiosk.ui.clock.draw import banner_rows, banner_size
    rows = banner_rows(layout(surface.get_size()).banner, len(banner))
    return shows(surface, rows[index], banner[index], theme.WHITE, bg=theme.BANNER_BG,
                 max_size=banner_size(index, rows[index]))


def bar_shows(surface: pygame.Surface, rect: pygame.Rect, text: str, colour) -> bool:
    """Whether a top or bottom bar (``clockdraw.bar``) reads ``text`` in ``colour``."""
    inner = rect.inflate(-rect.height, -rect.height // 4)
    return shows(surface, inner, text, colour, bg=theme.BAR_BG)
