"""The ``flat`` orientation: a screen lying between the players, each half turned to face its
own player (the left player sits at the screen's left edge, the right player at its right).

Each half is drawn upright on a portrait surface (the screen's height wide, half its width
tall) and turned a quarter: the left half clockwise (its top toward the screen's middle, as
the left player reads it), the right half anticlockwise. The clock screen gives each player
their own half (name, time, score, last turn, what they type) with the shared lines (top line,
banner, bottom line) on both; every other screen (the judge, the verdict, the director's
menu...) is shown whole on both halves. ``to_portrait`` maps a touch on the screen back to the
half and the point of its upright surface.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame

from kiosk.ui import clockdraw
from kiosk.ui.clockview import ClockView


def portrait_size(size: tuple[int, int]) -> tuple[int, int]:
    """The upright size of one half: the screen's height wide, half its width tall."""
    w, h = size
    return h, w // 2


def half_layout(size: tuple[int, int]) -> clockdraw.Layout:
    """The clock layout for one player's half filling an upright surface of ``size``: the
    side layout of a surface twice as wide, cut to its left half."""
    w, h = size
    lay = clockdraw.layout((2 * w, h))
    banner = pygame.Rect(lay.banner.left, lay.banner.top, w - 2 * lay.banner.left, lay.banner.height)
    return replace(lay, size=size, top=pygame.Rect(0, 0, w, lay.top.height),
                   bottom=pygame.Rect(0, lay.bottom.top, w, lay.bottom.height), banner=banner)


def place(surface: pygame.Surface, halves: tuple[pygame.Surface, pygame.Surface]) -> None:
    """Turn each upright half to face its player and put it on the screen."""
    w, _ = surface.get_size()
    surface.blit(pygame.transform.rotate(halves[0], -90), (0, 0))
    surface.blit(pygame.transform.rotate(halves[1], 90), (w // 2, 0))


def draw_clock(surface: pygame.Surface, view: ClockView) -> None:
    """The clock screen, flat: each player's own half, with the shared lines on both."""
    upright = []
    for p in (0, 1):
        half = pygame.Surface(portrait_size(surface.get_size()))
        lay = half_layout(half.get_size())
        clockdraw.paint(half, lay, view, players=(p,))
        upright.append(half)
    place(surface, tuple(upright))


def draw_whole(surface: pygame.Surface, draw: Callable[[pygame.Surface], object]) -> None:
    """Any other screen, flat: drawn whole on an upright half, shown to both players."""
    half = pygame.Surface(portrait_size(surface.get_size()))
    draw(half)
    place(surface, (half, half))


def to_portrait(size: tuple[int, int], pos: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """(the half touched: 0 left, 1 right; the point on its upright surface) for a touch at
    ``pos`` on the flat screen."""
    w, h = size
    pw, ph = portrait_size(size)
    x, y = pos
    if x < w // 2:                 # turned clockwise: upright (u, v) is at (ph - 1 - v, u)
        return 0, (y, ph - 1 - x)
    x -= w // 2                    # turned anticlockwise: upright (u, v) is at (v, pw - 1 - u)
    return 1, (pw - 1 - y, x)
