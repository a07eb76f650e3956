"""Painting a ClockView: two halves (left player, right player) between a thin top line and a
thin bottom line. The layout is fixed by the surface size alone, so nothing moves when a
prompt appears; the running half gets a thick amber frame, overtime digits are red, and a late
player's half says ABSENT in red. The on-screen keyboard of the player typing (a turn, a
blank's letter, the tiles left) takes their half below the clock, with what they type on top
of it: the digits never move, and the banner, if any, goes over the other half meanwhile.
A player's touch controls (HOLD, CORRECT, TIMES: kiosk.ui.clock.controls) take the outer end of
the last two rows of their half, the note beside them; keys for either player (a stop's
reasons) take the rows below the banner, across both halves. ``draw_changes`` paints only the
rows that changed (a running clock: one row a second).

The frame (the two lines, the halves and their rows) is the screens' shared one
(kiosk.ui.widgets.frame); on one player's upright half (``upright_layout``) it serves the ``flat``
orientation (kiosk.ui.clock.flat turns it to face them).
"""
from __future__ import annotations

from operator import attrgetter

import pygame

from kiosk.ui.widgets import keyboard as onscreen, theme
from kiosk.ui.widgets.frame import Layout, bar, bottom_bar, layout, upright_layout
from kiosk.ui.clock.view import ClockView, HalfView
from kiosk.ui.widgets.keys import Key, Keyboard

#: A control key's width, in the narrowest key's widths.
CONTROL_WIDTH = 2


def draw(surface: pygame.Surface, view: ClockView) -> Layout:
    lay = layout(surface.get_size())
    paint(surface, lay, view)
    return lay


def paint(surface: pygame.Surface, lay: Layout, view: ClockView, players=(0, 1)) -> None:
    """The whole screen on ``lay``: ``players``' halves in its half slots (both, side by side;
    or one player's alone, for the flat orientation), the banner and both bars."""
    surface.fill(theme.BG)
    for slot, p in enumerate(players):
        _draw_half(surface, lay, slot, view.halves[p], view.template, view.shared is not None)
    if view.shared is not None:
        onscreen.paint(surface, view.shared, band(lay, players), lay.key_min)
    box = banner_box(lay, view, players)
    if view.banner and box is not None:
        _draw_banner(surface, box, view.banner)
    bar(surface, lay.top, view.top, theme.BAR_FG)
    bottom_bar(surface, lay.bottom, view.bottom, view.error)


def banner_box(lay: Layout, view: ClockView, players=(0, 1)) -> pygame.Rect | None:
    """Where the banner goes: across both halves; over the other half while a player's
    keyboard takes theirs; nowhere on a flat half whose player is typing."""
    free = [slot for slot, p in enumerate(players) if view.halves[p].keyboard is None]
    if len(free) == len(players):
        return lay.banner
    return lay.rows[free[0]]["banner"] if free else None


def keyboard_area(lay: Layout, slot: int) -> tuple[pygame.Rect, pygame.Rect]:
    """(the line showing what is typed, as tall as the last turn's row; the keys) on the half
    in ``slot``: all of it below the clock face."""
    rows = lay.rows[slot]
    area = rows["banner"].union(rows["note"])
    entry = pygame.Rect(area.left, area.top, area.width, rows["last"].height)
    gap = onscreen.gap_for(lay.key_min)
    return entry, pygame.Rect(area.left, entry.bottom + gap, area.width, area.bottom - entry.bottom - gap)


def controls_area(lay: Layout, slot: int, controls: Keyboard) -> tuple[pygame.Rect, pygame.Rect]:
    """(the controls' keys, what is left for the note) on the half in ``slot``: the keys at the
    outer end of its last two rows (the left half's left, the right half's right)."""
    rows = lay.rows[slot]
    strip = rows["entry"].union(rows["note"])
    gap = onscreen.gap_for(lay.key_min)
    count = len(controls.grid)
    width = min(strip.width, round(count * CONTROL_WIDTH * lay.key_min.width + (count - 1) * gap))
    keys = pygame.Rect(strip.left if slot == 0 else strip.right - width, strip.top, width, strip.height)
    note = rows["note"].copy()
    note.width -= width + gap
    if slot == 0:
        note.left = keys.right + gap
    return keys, note


def band(lay: Layout, players=(0, 1)) -> pygame.Rect:
    """Where keys for either player go: the rows below the banner, across both halves (or the
    one half, flat)."""
    first, last = lay.rows[0], lay.rows[len(players) - 1]
    return first["score"].union(last["note"])


def keyboard_keys(size: tuple[int, int], view: ClockView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on a clock screen of ``size`` (side), or on the upright half of ``facing``
    (flat): the typing player's keyboard, each player's controls, the keys for either."""
    lay = layout(size) if facing is None else upright_layout(size)
    players = (0, 1) if facing is None else (facing,)
    keys = []
    for slot, p in enumerate(players):
        half = view.halves[p]
        if half.keyboard is not None:
            keys += onscreen.place(half.keyboard, keyboard_area(lay, slot)[1], lay.key_min)
        if half.controls is not None and view.shared is None:
            keys += onscreen.place(half.controls, controls_area(lay, slot, half.controls)[0], lay.key_min)
    if view.shared is not None:
        keys += onscreen.place(view.shared, band(lay, players), lay.key_min)
    return keys


def shown_rows(half: HalfView, shared: bool) -> tuple[str, ...]:
    """The rows of ``half`` drawn as rows: the keyboard of its typing player takes all but the
    name and the time, the keys for either player all below the banner, the player's controls
    the entry row (the note goes beside them)."""
    if half.keyboard is not None:
        return ABOVE_KEYBOARD
    if shared:
        return ABOVE_BAND
    return tuple(name for name in ROW_FIELDS if half.controls is None or name != "entry")


def row_box(lay: Layout, slot: int, name: str, half: HalfView) -> pygame.Rect:
    """Where row ``name`` of ``half`` is drawn: its row, but the note beside the controls."""
    if name == "note" and half.controls is not None:
        return controls_area(lay, slot, half.controls)[1]
    return lay.rows[slot][name]


def _draw_half(surface, lay: Layout, p: int, half: HalfView, template: str, shared: bool = False) -> None:
    if half.running:
        pygame.draw.rect(surface, theme.RUNNING, lay.halves[p], width=lay.frame)
    for name in shown_rows(half, shared):
        _draw_row(surface, name, row_box(lay, p, name, half), half, template)
    if half.keyboard is not None:
        entry, keys = keyboard_area(lay, p)
        _draw_entry(surface, entry, half.entry)
        onscreen.paint(surface, half.keyboard, keys, lay.key_min)
    elif half.controls is not None and not shared:
        onscreen.paint(surface, half.controls, controls_area(lay, p, half.controls)[0], lay.key_min)


def _draw_entry(surface, rect: pygame.Rect, text: str) -> None:
    pygame.draw.rect(surface, theme.PROMPT, rect, width=2)
    theme.blit_line(surface, text, theme.WHITE, rect.inflate(-8, -6))


def _draw_row(surface, name: str, rect: pygame.Rect, half: HalfView, template: str) -> None:
    """One row of a half (on a background already painted)."""
    fg = theme.DIM if half.dimmed else theme.FG
    if name == "name":
        theme.blit_line(surface, half.name, fg, rect)
    elif name == "time":
        cells = face_cells(half, rect, template)
        for cell, glyph in cells:
            surface.blit(glyph, cell)
        theme.note(surface, "clock", rect, cells[0][0].unionall([c for c, _ in cells]), half.time)
    elif name == "score" and half.penalty:
        left, right = rect.inflate(-rect.width // 3, 0), rect.copy()
        right.width = rect.width // 4
        right.right = rect.right
        theme.blit_line(surface, half.score, fg, left)
        theme.blit_line(surface, f"-{half.penalty}", theme.OVERTIME, right, align="right")
    elif name == "score":
        theme.blit_line(surface, half.score, fg, rect)
    elif name == "last":
        theme.blit_line(surface, half.last, theme.OVERTIME if half.absent else fg, rect)
    elif name == "entry" and half.entry:
        _draw_entry(surface, rect, half.entry)
    elif name == "note" and half.note:
        theme.blit_line(surface, half.note, theme.PROMPT, rect)


def face_cells(half: HalfView, rect: pygame.Rect, template: str):
    """Where each character of ``half``'s clock face goes in its time row, and its glyph."""
    scale = min(theme.clock_scale(template, rect.width, rect.height),     # the usual size ...
                theme.clock_scale(half.time, rect.width, rect.height),    # ... unless it cannot fit
                key=lambda xy: (xy[1], xy[0]))
    colour = theme.OVERTIME if half.overtime else (theme.DIM if half.dimmed else theme.FG)
    return theme.face_cells(half.time, colour, scale, rect)


def _changed_characters(surface, rect: pygame.Rect, half: HalfView, before: HalfView, template: str):
    """Repaint only the characters of the clock face that changed, when the others stay where
    they were (same length, same places); the rectangles painted, or None if it cannot."""
    if len(half.time) != len(before.time) or half.overtime != before.overtime:
        return None
    cells, old = face_cells(half, rect, template), face_cells(before, rect, template)
    if [c.topleft for c, _ in cells] != [c.topleft for c, _ in old] or \
            [c.size for c, _ in cells] != [c.size for c, _ in old]:
        return None
    dirty = []
    for (cell, glyph), new, was in zip(cells, half.time, before.time):
        if new != was:
            surface.blit(glyph, cell)
            dirty.append(cell)
    return dirty


#: What each row of a half shows, by HalfView field (besides ``dimmed``, which redraws it all).
ROW_FIELDS = {"name": ("name",), "time": ("time", "overtime"), "banner": (),
              "score": ("score", "penalty"), "last": ("last", "absent"), "entry": ("entry",),
              "note": ("note",)}
#: The rows of a half drawn while its keyboard shows (it takes the rest).
ABOVE_KEYBOARD = ("name", "time")
#: The rows of a half drawn while keys for either player show below the banner.
ABOVE_BAND = ("name", "time", "banner")


def draw_changes(surface: pygame.Surface, view: ClockView, previous: ClockView | None) -> list | None:
    """Paint ``view`` over ``previous`` (what the surface shows now) touching only what changed:
    the rows of a half whose text changed, a whole half if it started or stopped running or
    was dimmed, a bar whose text changed. The rectangles painted, for
    ``pygame.display.update``; None if it had to paint everything (``draw``)."""
    if (previous is None or not isinstance(previous, ClockView) or previous.banner != view.banner
            or previous.template != view.template or previous.shared != view.shared
            or [(h.keyboard, h.controls) for h in previous.halves] != [(h.keyboard, h.controls) for h in view.halves]
            or (view.shared is not None and [(h.running, h.dimmed) for h in previous.halves]
                != [(h.running, h.dimmed) for h in view.halves])):
        draw(surface, view)
        return None
    lay, dirty = layout(surface.get_size()), []
    for p, (half, before) in enumerate(zip(view.halves, previous.halves)):
        if (half.running, half.dimmed) != (before.running, before.dimmed):
            surface.fill(theme.BG, lay.halves[p])
            _draw_half(surface, lay, p, half, view.template)
            dirty.append(lay.halves[p])
            continue
        for name in shown_rows(half, view.shared is not None):
            fields = ROW_FIELDS[name]
            if fields and attrgetter(*fields)(half) != attrgetter(*fields)(before):
                rect = row_box(lay, p, name, half)
                if name == "time":
                    cells = _changed_characters(surface, rect, half, before, view.template)
                    if cells is not None:
                        dirty += cells
                        continue
                surface.fill(theme.BG, rect)
                _draw_row(surface, name, rect, half, view.template)
                dirty.append(rect)
        if half.keyboard is not None and half.entry != before.entry:
            entry, _ = keyboard_area(lay, p)
            surface.fill(theme.BG, entry)
            _draw_entry(surface, entry, half.entry)
            dirty.append(entry)
    box = banner_box(lay, view)
    if view.banner and box is not None and any(rect in lay.halves for rect in dirty):
        _draw_banner(surface, box, view.banner)       # a half was repainted under it
        dirty.append(box)
    if view.top != previous.top:
        bar(surface, lay.top, view.top, theme.BAR_FG)
        dirty.append(lay.top)
    if (view.bottom, view.error) != (previous.bottom, previous.error):
        bottom_bar(surface, lay.bottom, view.bottom, view.error)
        dirty.append(lay.bottom)
    return dirty


def banner_rows(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each of ``count`` banner lines goes: the first as large as fits, the rest smaller."""
    inner = rect.inflate(-rect.height // 2, -rect.height // 8)
    line_h = inner.height // max(1, count)
    return [pygame.Rect(inner.left, inner.top + i * line_h, inner.width, line_h) for i in range(count)]


def banner_size(index: int, row: pygame.Rect) -> int | None:
    """The font limit of banner line ``index`` (None: as large as fits)."""
    return None if index == 0 else int(row.height * 1.0)


def _draw_banner(surface, rect: pygame.Rect, lines: tuple[str, ...]) -> None:
    surface.fill(theme.BANNER_BG, rect)
    for i, (line, row) in enumerate(zip(lines, banner_rows(rect, len(lines)))):
        theme.blit_line(surface, line, theme.WHITE, row, max_size=banner_size(i, row))
