"""The banner across the clock screen (a stop, a question, the round's start) and the room it
takes: a headline, lines for both players (``ClockView.banner``) and a sentence for each player
under their own half (``HalfView.said``: side by side in two columns; on a portrait screen one
under the other, each after its player's name).

It always fits its box. ``fitted`` gives the screen's layout with the banner as tall as its
text needs: the usual box first, then the halves' strips when nothing is in them (no note, no
controls), then part of the clocks' rows (each face keeps ``KEPT`` of its height at the
least), the rows below moving down: the banner is never painted over a score or a last turn.
Each player's sentence begins with their name where it fits (on a portrait screen, where the
sentence is not under the name, before the box grows). Where even the largest box is too small
(a flat screen's half), the banner's last lines are left off, the least needed first: the
screen puts them last (the round's start: "Opponent not here? Tap OPPONENT ABSENT.", which the
key itself says). What is still too long is cut short with an ellipsis and noted as cut (a test
walks every banner with long names and finds none).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from common.game.frozen import value
from kiosk.ui.widgets import panel, theme
from kiosk.ui.widgets.frame import Layout, layout
from kiosk.ui.clock.view import ClockView

#: The share of its height a clock face keeps when the banner takes room from its row.
KEPT = 0.5


@value
class Block:
    """Lines of one font size in a box, one under the other from its top."""
    box: pygame.Rect
    lines: tuple[str, ...]
    size: int


@lru_cache(maxsize=32)
def line_step(size: int) -> int:
    """One line's height at font ``size``: room for accents above the capitals (Ó, Å) too,
    which make the rendered line taller than the font says."""
    font = theme.font(size)
    return max(font.get_linesize(), theme.render("ÓÅÉÇgjpqy", size, theme.WHITE).get_height())


def padding(lay: Layout) -> int:
    """The banner's margin left and right of its text."""
    return max(8, lay.line // 3)


def _columns(lay: Layout, rect: pygame.Rect, count: int) -> list[pygame.Rect] | None:
    """Each player's column in ``rect`` (side by side), or None: one under the other."""
    if count != 2 or lay.portrait or len(lay.halves) != 2:
        return None
    pad = padding(lay)
    middle = lay.halves[0].right
    return [pygame.Rect(rect.left, rect.top, middle - pad - rect.left, rect.height),
            pygame.Rect(middle + pad, rect.top, rect.right - middle - pad, rect.height)]


@value
class Wanted:
    """All the banner's room depends on: its lines (the headline first), each player's name
    and sentence on this surface (``players``: both, or one on a flat half), whether their
    strips are empty, and the clock faces' template."""
    lines: tuple[str, ...]
    players: tuple[tuple[str, str], ...]        # (name, sentence) per player shown
    free: bool
    template: str


def wanted(view: ClockView, players) -> Wanted:
    """What ``view``'s banner needs on the surface of ``players``."""
    free = view.shared is None and all(      # no note, controls or entry in a strip; no shared keys
        view.halves[p].controls is None and not view.halves[p].note and not view.halves[p].entry
        for p in players)
    return Wanted(tuple(line for line in view.banner if line),
                  tuple((view.halves[p].name, view.halves[p].said) for p in players), free, view.template)


def _said(want: Wanted, named: bool) -> list[str]:
    """Each player's sentence, after their name if ``named``."""
    return [f"{name}: {text[0].lower()}{text[1:]}" if text and named else text for name, text in want.players]


def arrange(lay: Layout, want: Wanted, named: bool, sizes: tuple[int, int], cut: bool = False
            ) -> list[Block] | None:
    """The banner's text in ``lay.banner`` (the headline at ``sizes[0]``, the rest at
    ``sizes[1]``) as blocks, or None if it does not fit (``cut``: fitted anyway, the lines that
    do not fit cut)."""
    said = _said(want, named)
    inner = lay.banner.inflate(-2 * padding(lay), -4)
    columns = lambda top: _columns(lay, pygame.Rect(inner.left, top, inner.width, inner.bottom - top), len(said))
    return _fill(inner, list(want.lines), said, columns, sizes, cut)


def lines_in(rect: pygame.Rect, lines: tuple[str, ...], least: int) -> list[Block]:
    """``lines`` (a headline, then the rest) in ``rect`` as large as they fit (the typing
    layout's banner, which cannot grow): the last lines left off where they do not fit, and
    cut only if the headline alone does not."""
    inner = rect.inflate(-max(8, rect.height // 8), -4)
    texts = [line for line in lines if line]
    for kept in range(len(texts), 0, -1):       # the last lines (the least needed) left off if need be
        for sizes in ((least * 5 // 4, least * 5 // 4), (least * 5 // 4, least), (least, least)):
            blocks = _fill(inner, texts[:kept], [], lambda top: None, sizes, False)
            if blocks is not None:
                return blocks
    return _fill(inner, texts, [], lambda top: None, (least, least), True)


def _fill(inner: pygame.Rect, lines: list[str], said: list[str], columns, sizes: tuple[int, int],
          cut: bool) -> list[Block] | None:
    """The headline (``lines[0]``) across ``inner``, the other lines under it, then each
    player's sentence in its column (``columns(top)``: None, one under the other)."""
    headline, *shared = lines or [""]
    big, small = sizes
    blocks: list[Block] = []

    def add(left: int, width: int, texts, size: int, top: int) -> int | None:
        wrapped = [line for text in texts if text for sentence in text.split("\n")
                   for line in theme.wrap(sentence, width, size)]
        if not wrapped:
            return top
        step = line_step(size)
        too_wide = any(theme.text_size(line, size)[0] > width for line in wrapped)
        room = max(0, (inner.bottom - top) // step)
        if (too_wide or len(wrapped) > room) and not cut:
            return None
        if len(wrapped) > room and room:    # the rest on the last line: too wide, cut short and noted
            wrapped = wrapped[:room - 1] + [" ".join(wrapped[room - 1:])]
        wrapped = wrapped[:room]
        if wrapped:
            blocks.append(Block(pygame.Rect(left, top, width, len(wrapped) * step), tuple(wrapped), size))
        return top + len(wrapped) * step

    y = add(inner.left, inner.width, [headline], big, inner.top)
    y = None if y is None else add(inner.left, inner.width, shared, small, y)
    if y is None:
        return None
    split = columns(y)
    if split is None:
        for text in said:
            y = add(inner.left, inner.width, [text], small, y)
            if y is None:
                return None
    else:
        for text, column in zip(said, split):
            if add(column.left, column.width, [text], small, y) is None:
                return None
    bottom = max((b.box.bottom for b in blocks), default=inner.top)
    shift = max(0, (inner.bottom - bottom) // 2)            # centred down the box
    return [Block(b.box.move(0, shift), b.lines, b.size) for b in blocks]


def face_scale(lay: Layout, template: str) -> float:
    """How large the clock faces are drawn on ``lay`` (the smaller's height scale)."""
    return min(theme.clock_scale(template, rows["time"].width, rows["time"].height)[1] for rows in lay.rows)


def _least_face(lay: Layout) -> float:
    """The smallest height scale of a clock face a banner may leave: its digits
    ``panel.MIN_CLOCK_MM`` tall."""
    top, bottom = theme.digit_rows()
    return panel.MIN_CLOCK_MM * lay.line_density / (bottom - top)


def candidates(lay: Layout, want: Wanted):
    """The layouts the banner may take, smallest first: the usual, the strips given up when
    they are empty, then a third of a line more at a time from the clocks' rows while the
    faces keep ``KEPT`` of their height, and ``panel.MIN_CLOCK_MM`` at the least."""
    upright = len(lay.halves) == 1
    yield lay
    if want.free:
        yield layout(lay.size, upright, strip=False)
    least_face = max(face_scale(lay, want.template) * KEPT, _least_face(lay))
    step = max(2, lay.line // 3)
    grow = step
    while grow < lay.size[1]:
        bigger = layout(lay.size, upright, grow=grow, strip=not want.free, strip_rows=lay.strip_rows)
        if min(rows["time"].height for rows in bigger.rows) <= 0 or face_scale(bigger, want.template) < least_face:
            return
        yield bigger
        grow += step


def _plans(lay: Layout, want: Wanted):
    """Each way to show the banner that fits, the best first: the smallest box, the players'
    names in it, the largest text. On a portrait screen, where a sentence is not under its
    player's half, the names come before the room (dropped only when nothing else fits)."""
    least = theme.least_size(lay.line_density)
    big = least * 5 // 4
    boxes = list(candidates(lay, want))
    if lay.portrait:
        tries = [(box, True) for box in boxes] + [(box, False) for box in boxes]
    else:
        tries = [(box, named) for box in boxes for named in (True, False)]
    for kept in range(len(want.lines), 0, -1):  # the last lines (the least needed) left off if need be
        shown = replace(want, lines=want.lines[:kept])
        for box, named in tries:
            for sizes in ((big, big), (big, least), (least, least)):
                blocks = arrange(box, shown, named, sizes)
                if blocks is not None:
                    yield box, blocks
    yield boxes[-1], arrange(boxes[-1], want, False, (least, least), cut=True)


def fitted(lay: Layout, view: ClockView, players=(0, 1)) -> tuple[Layout, list[Block]]:
    """The layout with room for ``view``'s banner and the banner's text in it (no banner: ``lay``):
    worked out once for what it depends on (``Wanted``), not at each second a clock shows."""
    if not view.banner:
        return lay, []
    return _fitted(lay.size, len(lay.halves) == 1, wanted(view, tuple(players)), lay.strip_rows)


@lru_cache(maxsize=32)
def _fitted(size: tuple[int, int], upright: bool, want: Wanted, strip_rows: int = 1) -> tuple[Layout, list[Block]]:
    return next(_plans(layout(size, upright, strip_rows=strip_rows), want))


def paint(surface, rect: pygame.Rect, blocks: list[Block]) -> None:
    """The banner's box and its text."""
    surface.fill(theme.BANNER_BG, rect)
    for block in blocks:
        step = line_step(block.size)
        for i, line in enumerate(block.lines):
            row = pygame.Rect(block.box.left, block.box.top + i * step, block.box.width, step)
            theme.blit_line(surface, line, theme.WHITE, row, max_size=block.size)
