"""The clock screen once the game is over (kiosk.ui.clock.paint's ``over`` way), with real names:
nothing cut, nothing over anything else.

- The result (``result``): who won and by how much, as large as fits but wrapped before it
  shrinks (between the winner's name and the margin first, then between words, then after a
  hyphen: theme.wrap) and never smaller than the names under it; both final scores on one
  line where they fit, else each name beside its own score on a line of its own (wrapped the
  same way, never cut); then the status at the smallest size.
- Each half (``frame.Over``): the name (wrapped onto two lines if it must), the clock small
  with the player's controls at the row's outer end (the key that fixes a score, far from the
  prompt: confirming is the one obvious thing to do), the final score large, what went into it,
  and the prompt to confirm, last, nearest the player's own button. A flat half has no name
  of its own (no room for it): its result says each name beside its score, and its player's
  final score is large under the result (before the clock, in its row), as on the screen both
  sign at the side.

``regions`` gives (key, rect, data, paint) for each part; kiosk.ui.clock.paint makes them its
regions and where the keys are.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import pygame

from kiosk.ui.clock.view import ClockView, HalfView
from kiosk.ui.widgets import theme
from kiosk.ui.widgets.frame import Layout


class Painters(Protocol):
    """What the over screen borrows from the clock's painting (kiosk.ui.clock.paint)."""

    def strip(self, surface, lay: Layout, slot: int, rect: pygame.Rect, half: HalfView) -> None:
        """A half's controls and note in ``rect``."""

    def small_face(self, surface, rect: pygame.Rect, half: HalfView, template: str) -> None:
        """A clock face, small, in ``rect``."""

    def controls_area(self, lay: Layout, slot: int, controls, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """(the controls' keys, what is left) in ``rect``."""


def regions(lay: Layout, view: ClockView, players, painters: Painters) -> list[tuple]:
    """Each part of the over screen: (key, rect, data, paint(surface)). ``painters``: kiosk.ui.clock.paint's
    (``strip(surface, lay, slot, rect, half)``: a half's controls and note; ``small_face(surface,
    rect, half, template)``: a clock face small; ``controls_area``: where the controls go)."""
    over = lay.over
    out = [(("result",), over.result, (view.result, view.headline, view.finals),
            lambda s: draw_result(s, over.result, view, names_size(s, lay, view, players)))]
    for slot, p in enumerate(players):
        half, rows = view.halves[p], over.rows[slot]
        if "name" in rows:
            out.append((("name", slot), rows["name"], half.name,
                        lambda s, h=half, r=rows["name"]: wrapped(s, h.name, theme.FG, r, over.name_size)))
        bar = rows["bar"]
        out.append((("bar", slot), bar, (half.time, half.overtime, half.controls, view.template),
                    lambda s, h=half, sl=slot, r=bar: _bar(s, lay, sl, r, h, view.template, painters)))
        if "score" in rows:
            out.append((("score", slot), rows["score"], half.score,
                        lambda s, h=half, r=rows["score"]: theme.blit_figure(s, h.score, theme.WHITE, r)))
        out.append((("last", slot), rows["last"], half.last,
                    lambda s, h=half, r=rows["last"]: theme.blit_lines(s, [h.last], theme.FG, r, max_size=lay.line)))
        out.append((("note", slot), rows["note"], half.note,
                    lambda s, h=half, r=rows["note"]: theme.blit_lines(s, [h.note], theme.PROMPT, r,
                                                                        max_size=lay.line)))
    return out


def _bar(surface, lay: Layout, slot: int, rect: pygame.Rect, half: HalfView, template: str, painters) -> None:
    """The clock small, and the player's controls at the row's outer end."""
    face = rect
    if half.controls is not None:
        _, face = painters.controls_area(lay, slot, half.controls, rect)
        painters.strip(surface, lay, slot, rect, replace(half, note="", dimmed=False))
    painters.small_face(surface, face.inflate(0, -max(4, rect.height // 4)), half, template)


def fitted(surface, text: str, rect: pygame.Rect, most: int) -> tuple[list[str], int]:
    """``text`` wrapped in ``rect`` at the largest size up to ``most`` at which its lines fit
    (never under the smallest text): (lines, font size)."""
    least = theme.least_for(surface)
    for size in _sizes(max(most, least), least):
        lines = theme.wrap(text, rect.width, size)
        if height(lines, size) <= rect.height and _fits(lines, rect.width, size):
            return lines, size
    return theme.wrap(text, rect.width, least), least


def wrapped(surface, text: str, colour, rect: pygame.Rect, most: int) -> None:
    """``text`` as ``fitted`` says, its lines centred down ``rect``."""
    lines, size = fitted(surface, text, rect, most)
    _paint_lines(surface, [(line, size, colour) for line in lines], rect)


def _paint_lines(surface, lines: list[tuple[str, int, tuple]], rect: pygame.Rect) -> None:
    """(text, font size, colour) one under the other, centred down ``rect``."""
    y = rect.top + max(0, (rect.height - sum(_step(text, size) for text, size, _ in lines)) // 2)
    for text, size, colour in lines:
        row = pygame.Rect(rect.left, y, rect.width, _step(text, size))
        theme.blit_line(surface, text, colour, row, max_size=size)
        y += row.height


def names_size(surface, lay: Layout, view: ClockView, players) -> int:
    """The largest font the names under the result are drawn in (the smallest text on a flat
    half, whose result alone names the players)."""
    rows = lay.over.rows
    return max((fitted(surface, view.halves[p].name, rows[slot]["name"], lay.over.name_size)[1]
                for slot, p in enumerate(players) if "name" in rows[slot]), default=theme.least_for(surface))


# --- the result --------------------------------------------------------------------------------

def _step(text: str, size: int) -> int:
    """A line's height at ``size``: room for the marks over a capital (Ó) too."""
    return max(theme.line_step(size), theme.text_size(text, size)[1])


def height(lines: list[str], size: int) -> int:
    return sum(_step(line, size) for line in lines)


def phrase_lines(phrases: tuple[str, ...], width: int, size: int) -> list[str]:
    """``phrases`` in lines no wider than ``width`` at ``size``: all on one line if they fit,
    else a phrase a line, each wrapped on its own where it must be (theme.wrap; or after each
    hyphen, where that takes fewer lines: "ZOË Ó DÁLAIGH-" "FEATHERSTONEHAUGH WINS BY 9")."""
    joined = " ".join(phrases)
    if theme.text_size(joined, size)[0] <= width:
        return [joined]
    return min((_phrase_wrap(phrases, width, size, hyphens) for hyphens in (False, True)), key=len)


#: Marks a break after a hyphen while a line is wrapped (taken out again).
_BREAK = "\u2060"


def _phrase_wrap(phrases: tuple[str, ...], width: int, size: int, hyphens: bool) -> list[str]:
    measure = theme.measurer(size)
    lines: list[str] = []
    for phrase in phrases:
        if hyphens:
            wrapped_phrase = [line.replace(_BREAK + " ", "").replace(_BREAK, "") for line in
                              theme.wrap(phrase.replace("-", "-" + _BREAK + " "), width, size)]
        else:
            wrapped_phrase = theme.wrap(phrase, width, size)
        for line in wrapped_phrase:
            if lines and line == phrase and measure(f"{lines[-1]} {line}")[0] <= width:
                lines[-1] = f"{lines[-1]} {line}"        # a short margin after the name's last line
            else:
                lines.append(line)
    return lines


def _fits(lines: list[str], width: int, size: int) -> bool:
    return all(theme.text_size(line, size)[0] <= width for line in lines)


def _sizes(top: int, floor: int):
    """Font sizes from ``top`` down to ``floor`` (inclusive), about 6 % apart."""
    size = max(top, floor)
    while size > floor:
        yield size
        size = max(floor, min(size - 1, int(size * 0.94)))
    yield floor


def scores_block(view: ClockView, width: int, room: int, least: int, most: int) -> tuple[list[str], int]:
    """Both scores as large as fits ``width`` x ``room`` (up to ``most``): on one line, or a
    line per player; a name too long even for a line of its own wrapped, never cut; (lines,
    font size)."""
    one = view.result[1] if len(view.result) > 1 else ""
    if not one:
        return [], least
    two = list(view.finals) or [one]
    for size in _sizes(most, least):
        for lines in ([one], two):
            if height(lines, size) <= room and _fits(lines, width, size):
                return lines, size
    for size in _sizes(most, least):
        lines = [line for text in two for line in theme.wrap(text, width, size)]
        if height(lines, size) <= room and _fits(lines, width, size):
            return lines, size
    return [line for text in two for line in theme.wrap(text, width, least)], least


def plan(view: ClockView, inner: pygame.Rect, least: int, floor: int) -> tuple[list[tuple[str, int]], int]:
    """The result's lines in ``inner``: ([(text, font size)], how many of them are the status).
    The headline as large as fits in about two thirds of the room (wrapped, never under
    ``floor`` nor under the scores), the scores in the rest, the status at ``least``. Where all
    of it cannot fit, the status keeps its first part (why the game ended): each half's prompt
    says who is to confirm."""
    said = view.result[2] if len(view.result) > 2 else ""
    for status_text in dict.fromkeys((said, said.split(theme.SEPARATOR)[0])):
        status = theme.wrap(status_text, inner.width, least) if status_text else []
        lines = _plan(view, inner, least, floor, status)
        if sum(_step(text, size) for text, size in lines) <= inner.height:
            break
    return lines, len(status)


def _plan(view: ClockView, inner: pygame.Rect, least: int, floor: int, status: list[str]):
    room = inner.height - height(status, least)
    phrases = tuple(view.headline) or view.result[:1]
    floor = max(floor, least)
    fitting = []                    # (head, size, scores, score size) where all of it fits
    last = None
    for size in _sizes(theme.fit_size(" ".join(phrases), 10 ** 6, room * 2 // 3), floor):
        head = phrase_lines(phrases, inner.width, size)
        used = height(head, size)
        if size > floor and (not _fits(head, inner.width, size) or used > room * 2 // 3):
            continue
        scores, score_size = scores_block(view, inner.width, room - used, least, max(least, size * 3 // 4))
        last = (head, size, scores, score_size)
        if used + height(scores, score_size) <= room:
            fitting.append(last)
    # the fewest lines at a size well above the names' (wrapped only where it must be), else
    # the largest that fits
    ample = [plan for plan in fitting if plan[1] >= floor * 5 // 4]
    head, size, scores, score_size = (min(ample, key=lambda plan: (len(plan[0]), -plan[1])) if ample
                                      else fitting[0] if fitting else last)
    return ([(line, size) for line in head] + [(line, score_size) for line in scores]
            + [(line, least) for line in status])


def draw_result(surface, rect: pygame.Rect, view: ClockView, floor: int) -> None:
    """The result in full contrast: white on the screen's black, framed in the banner's blue;
    the headline and the scores white, the status in the text colour, centred down the frame."""
    pygame.draw.rect(surface, theme.BANNER_BG, rect, width=max(3, rect.height // 30))
    inner = rect.inflate(-max(12, rect.height // 6), -max(8, rect.height // 12))
    lines, status = plan(view, inner, theme.least_for(surface), floor)
    _paint_lines(surface, [(text, size, theme.FG if i >= len(lines) - status else theme.WHITE)
                           for i, (text, size) in enumerate(lines)], inner)
