"""Reading a rendered screen: where a colour appears, and the layout the screens are drawn on."""
from __future__ import annotations

import pygame

from kiosk.ui.widgets import theme
from kiosk.ui.clock.paint import layout


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
    y = lay.rows[half]["time"].centery            # beside the clock (the banner may cross the middle)
    points = [(r.left + f, y), (r.right - 1 - f, y),
              (r.centerx, r.top + f), (r.centerx, r.bottom - 1 - f)]
    return [tuple(surface.get_at(p))[:3] for p in points]


RUNNING, BG = theme.RUNNING, theme.BG


def shows(surface: pygame.Surface, rect: pygame.Rect, text: str, colour, *, bg=theme.BG,
          align: str = "centre", max_size: int | None = None, wrapped: bool = False,
          density: float | None = None) -> bool:
    """Whether ``rect`` of the screen holds exactly ``text`` as the screens draw a line there
    (``theme.blit_line``: as large as fits, in ``colour`` on ``bg``): pixel for pixel, so a
    different text, colour or size in that place fails. ``wrapped``: drawn as ``theme.blit_lines``
    draws it, broken onto the lines it needs. ``density``: the pixels a millimetre down the
    surface, when it is a flat screen's upright half (kiosk.ui.clock.flat.down_density)."""
    expected = pygame.Surface(rect.size)
    expected.fill(bg)
    with theme.at_density(density or theme.density(surface)):      # the screen's panel, not the piece's
        if wrapped:
            theme.blit_lines(expected, [text], colour, pygame.Rect((0, 0), rect.size), max_size=max_size,
                             align=align)
        else:
            theme.blit_line(expected, text, colour, pygame.Rect((0, 0), rect.size), align=align, max_size=max_size)
    actual = surface.subsurface(rect).copy()
    return pygame.image.tobytes(expected, "RGB") == pygame.image.tobytes(actual, "RGB")


def _plain(text: str) -> str:
    """A text without its spaces and separators (a wrapped line drops the separator it broke at)."""
    return "".join(text.replace("·", " ").split())


def reads(k, text: str, colour, within: pygame.Rect | None = None) -> bool:
    """Whether the screen of kiosk ``k`` reads ``text`` in ``colour`` (within ``within``), on
    one line or wrapped onto several: the screen drawn afresh while theme.recording notes each
    line, and what ``k``'s own surface shows there the same pixels."""
    fresh = pygame.Surface(k.surface.get_size())
    with theme.recording() as notes:
        k.kiosk.machine.draw(fresh, k.view, whole=True)
    lines = [n for n in notes if n.kind == "text" and n.colour == tuple(colour)[:3]
             and (within is None or within.contains(n.ink))]
    wanted = _plain(text)
    for first in range(len(lines)):
        joined = ""
        for line in lines[first:]:
            joined += _plain(line.text)
            if joined == wanted:
                area = lines[first].ink.unionall([n.ink for n in lines[first:]])
                return (pygame.image.tobytes(fresh.subsurface(area).copy(), "RGB")
                        == pygame.image.tobytes(k.surface.subsurface(area).copy(), "RGB"))
            if not wanted.startswith(joined):
                break
    return False


def banner_shows(k, index: int) -> bool:
    """Whether line ``index`` of the banner the view has is drawn on the screen as it reads."""
    return reads(k, k.view.banner[index], theme.WHITE)


def said_shows(k, player: int) -> bool:
    """Whether the banner's sentence for ``player`` (``HalfView.said``) is drawn as it reads,
    after the player's name or without it (kiosk.ui.clock.banner)."""
    half = k.view.halves[player]
    named = f"{half.name}: {half.said[:1].lower()}{half.said[1:]}"
    return bool(half.said) and (reads(k, half.said, theme.WHITE) or reads(k, named, theme.WHITE))


def bar_shows(k, rect: pygame.Rect, text: str, colour) -> bool:
    """Whether a top or bottom bar (``frame.bar``) at ``rect`` reads ``text`` in ``colour``."""
    return reads(k, text, colour, within=rect)
