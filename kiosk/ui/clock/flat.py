"""The ``flat`` orientation: a screen lying between the players, each half turned to face its
own player (the left player sits at the screen's left edge, the right player at its right).

Each half is drawn upright on a portrait surface (the screen's height wide, half its width
tall) and turned a quarter: the left half clockwise (its top toward the screen's middle, as
the left player reads it), the right half anticlockwise. The clock screen gives each player
their own half (name, time, score, last turn, what they type) with the shared lines (top line,
banner, bottom line) on both; every other screen (the judge, the verdict, the director's
menu...) is drawn upright for each half (``Screen.draw_upright``): the same on both, but the
on-screen keyboard only on the half of the player who types (the director's on both).
``to_portrait`` maps a touch on the screen back to the half and the point of its upright
surface; ``on_screen`` maps a rectangle of an upright half to where it shows.
"""
from __future__ import annotations

from typing import Callable

import pygame

from kiosk.ui.clock import paint as clockdraw
from kiosk.ui.clock.view import ClockView
from kiosk.ui.widgets import frame, panel, theme


def orientation_for(orientation: str, size: tuple[int, int]) -> str:
    """The orientation a screen of ``size`` is drawn in: ``flat`` turns the halves of a
    landscape screen; a portrait screen (taller than wide) stacks them side up instead."""
    return "side" if orientation == "flat" and size[1] > size[0] else orientation


def portrait_size(size: tuple[int, int]) -> tuple[int, int]:
    """The upright size of one half: the screen's height wide, half its width tall."""
    w, h = size
    return h, w // 2


def place(surface: pygame.Surface, halves: tuple[pygame.Surface, pygame.Surface]) -> None:
    """Turn each upright half to face its player and put it on the screen."""
    w, _ = surface.get_size()
    surface.blit(pygame.transform.rotate(halves[0], -90), (0, 0))
    surface.blit(pygame.transform.rotate(halves[1], 90), (w // 2, 0))


def down_density(size: tuple[int, int]) -> float:
    """Pixels per millimetre down an upright half of the screen of ``size`` (its text heights):
    the screen's across."""
    return panel.px_per_mm(size)[0]


def draw_clock(surface: pygame.Surface, view: ClockView) -> None:
    """The clock screen, flat: each player's own half, with the shared lines on both."""
    upright = []
    with theme.at_density(down_density(surface.get_size())):
        for p in (0, 1):
            half = pygame.Surface(portrait_size(surface.get_size()))
            lay = frame.upright_layout(half.get_size())
            clockdraw.paint(half, lay, view, players=(p,))
            upright.append(half)
    place(surface, tuple(upright))


def draw_whole(surface: pygame.Surface, draw: Callable[[pygame.Surface, int], object]) -> None:
    """Any other screen, flat: ``draw(upright, player)`` draws it whole on each player's upright
    half, which is turned to face them."""
    halves = []
    with theme.at_density(down_density(surface.get_size())):
        for p in (0, 1):
            half = pygame.Surface(portrait_size(surface.get_size()))
            draw(half, p)
            halves.append(half)
    place(surface, tuple(halves))


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


def on_screen(size: tuple[int, int], half: int, rect: pygame.Rect) -> pygame.Rect:
    """Where ``rect`` of ``half``'s upright surface shows on the flat screen of ``size``."""
    w, _ = size
    pw, ph = portrait_size(size)
    if half == 0:                  # (u, v) -> (ph - 1 - v, u)
        return pygame.Rect(ph - rect.bottom, rect.left, rect.height, rect.width)
    return pygame.Rect(w // 2 + rect.top, pw - rect.right, rect.height, rect.width)
