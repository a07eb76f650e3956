"""Painting a ClockView on the shared frame (kiosk.ui.widgets.frame), in one of four ways:

- playing: each player's half (side by side, or stacked on a portrait screen) with its name,
  clock face, score, last turn and a strip of the note and the player's touch controls (HOLD,
  FIX SCORE, TIMES: kiosk.ui.clock.controls) at the half's outer end; the banner across both below
  the clocks, as tall as its text needs (kiosk.ui.clock.banner: it takes empty strips, then
  part of the clocks' rows, and the rows below move down; portrait: between the stacked halves,
  else a line dividing them); the running half in a thick amber frame (a late player's counting
  clock too), overtime digits red and marked OVER (the penalty said as points), a late player's
  half saying ABSENT;
- a stop's reasons (the view's keys for either player): the keys for either player below the banner, across both halves;
- typing (a half has the on-screen keyboard: a turn, a blank's letter, the tiles left): both
  clocks small at the top (never under panel.MIN_CLOCK_MM), the other player's controls in a
  row of their own under their clock, what is typed, and the keys across the whole width;
- over (``result``: the game ended, its last turn and racks entered): who won, both scores and
  the margin large across the screen; each half's final score large and its clock small
  (kiosk.ui.clock.over: long names wrapped, never cut).

The screen is a list of regions (``regions``), each with the data it shows: ``draw`` paints
them all, ``draw_changes`` only those whose data changed (a running clock: the characters of its
face that changed). On one player's upright half (``upright_layout``) the same serves the ``flat``
orientation (kiosk.ui.clock.flat turns it to face them).
"""
from __future__ import annotations

from typing import Callable

import pygame

from common.game.frozen import value
from kiosk.ui.widgets import keyboard as onscreen, theme
from kiosk.ui.clock import banner as banners
from kiosk.ui.widgets.frame import Layout, bar, bottom_bar, layout, upright_layout
from kiosk.ui.clock import over
from kiosk.ui.clock.overtime import over_line
from kiosk.ui.clock.view import ClockView, HalfView
from kiosk.ui.widgets.keys import Key, Keyboard

__all__ = ["draw", "draw_changes", "paint", "keyboard_keys", "layout", "upright_layout", "mode",
           "controls_area", "drawn_layout"]

@value
class Region:
    key: tuple
    rect: pygame.Rect
    data: object
    paint: Callable[[pygame.Surface], None]


def mode(view: ClockView, players=(0, 1)) -> str:
    """How the screen (or, flat, the upright half of ``players``' one player) is painted."""
    if any(view.halves[p].keyboard is not None for p in players):
        return "typing"
    if view.result:
        return "over"
    return "reasons" if view.shared is not None else "playing"


def draw(surface: pygame.Surface, view: ClockView) -> Layout:
    """The whole screen; the layout it was drawn on (``drawn_layout``)."""
    paint(surface, layout(surface.get_size()), view)
    return drawn_layout(surface.get_size(), view)


def paint(surface: pygame.Surface, lay: Layout, view: ClockView, players=(0, 1)) -> None:
    """The whole screen on ``lay``: ``players``' halves in its slots (both; or one player's alone,
    flat), the banner and both bars."""
    surface.fill(theme.BG)
    for region in regions(surface, lay, view, players):
        region.paint(surface)


def draw_changes(surface: pygame.Surface, view: ClockView, previous: ClockView | None) -> list | None:
    """Paint ``view`` over ``previous`` (what the surface shows now) touching only the regions
    whose data changed; the rectangles painted, or None if it painted everything."""
    if previous is None or not isinstance(previous, ClockView) or mode(view) != mode(previous):
        draw(surface, view)
        return None
    lay = layout(surface.get_size())
    new, old = regions(surface, lay, view), regions(surface, lay, previous)
    if [r.key for r in new] != [r.key for r in old] or [r.rect for r in new] != [r.rect for r in old]:
        draw(surface, view)
        return None
    dirty = []
    for region, before in zip(new, old):
        if region.data == before.data:
            continue
        if region.key[0] == "frame":                # the frame alone: the rows are regions too
            region.paint(surface)
            dirty.append(region.rect)
            continue
        if region.key[0] == "time":
            cells = _changed_characters(surface, region, before)
            if cells is not None:
                dirty += cells
                continue
        surface.fill(theme.BG, region.rect)
        region.paint(surface)
        dirty.append(region.rect)
    return dirty


def regions(surface, lay: Layout, view: ClockView, players=(0, 1)) -> list[Region]:
    """Everything the screen shows, in painting order."""
    how = mode(view, players)
    out = []
    blocks = []
    if how in ("playing", "typing"):
        lay = with_controls(lay, view, players)
    if _grows(how, lay):
        lay, blocks = banners.fitted(lay, view, players)       # room for the banner's text
    if how == "typing" or (how == "reasons" and lay.narrow):
        out += _typing(lay, view, players)
    elif how == "over":
        out += _over(lay, view, players)
    else:
        if lay.portrait and not view.banner:        # the stacked halves divided by a line (or the banner)
            line = divider(lay)
            out.append(Region(("divider",), line, (), lambda s: s.fill(theme.BAR_FG, line)))
        for slot, p in enumerate(players):
            out += _half(lay, slot, view.halves[p], view.template, asking=how == "reasons",
                         names=tuple(h.name for h in view.halves))
        if view.shared is not None:
            area = band(lay, players)
            out.append(Region(("reasons",), area, view.shared,
                              lambda s, a=area: onscreen.paint(s, view.shared, a, lay.key_min)))
        if view.banner:
            said = tuple(view.halves[p].said for p in players)
            out.append(Region(("banner",), lay.banner, (view.banner, said),
                              lambda s: banners.paint(s, lay.banner, blocks)))
    compact = how == "typing" or (how == "reasons" and lay.narrow)
    if not (compact and len(lay.halves) == 1):      # a flat typist's half: its top line is the other's
        out.append(Region(("top",), lay.top, view.top, lambda s: bar(s, lay.top, view.top, theme.BAR_FG)))
    out.append(Region(("bottom",), lay.bottom, (view.bottom, view.error, view.legend, view.notice),
                      lambda s: bottom_bar(s, lay.bottom, view.bottom, view.error, view.legend,
                                           names=tuple(h.name for h in view.halves), notice=view.notice)))
    return out


# --- playing -------------------------------------------------------------------------------

def _half(lay: Layout, slot: int, half: HalfView, template: str, asking: bool, names=()) -> list[Region]:
    rows = lay.rows[slot]
    frame = lay.halves[slot]
    out = [Region(("frame", slot), frame, (half.running,),
                  lambda s: _frame(s, frame, lay.frame, half.running))]
    rects = dict(rows)
    if asking:                  # the reasons take the rows below the banner: the score beside the clock
        rects["time"], rects["score"] = beside_clock(lay, rows["time"])
    for name in ("name", "time", "score") + (() if asking else ("last", "strip")):
        rect = rects[name]
        if name == "strip":
            out.append(Region(("strip", slot), rect, (half.note, half.controls, half.dimmed),
                              lambda s, r=rect: _strip(s, lay, slot, r, half, names)))
        else:
            out.append(Region((name, slot), rect, _row_data(name, half, template),
                              lambda s, n=name, r=rect: _row(s, n, r, half, template)))
    return out


def beside_clock(lay: Layout, time: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """(the clock face, the score) in a clock's row shared with the score (while a stop's
    reasons take the rows below the banner): the score at the row's right, its digits as tall
    as a score's row makes them, the face in what is left."""
    high = min(time.height, lay.rows[0]["score"].height)
    width = theme.clock_width("888", high) + lay.frame
    score = pygame.Rect(time.right - width, time.centery - high // 2, width, high)
    return pygame.Rect(time.left, time.top, time.width - width - lay.frame, time.height), score


def divider(lay: Layout) -> pygame.Rect:
    """The line across a portrait screen between its two halves while no banner shows there:
    halfway down the room between them, 0.6 mm thick."""
    top, low = lay.halves
    thick = max(2, round(0.6 * lay.line_density))
    return pygame.Rect(0, (top.bottom + low.top - thick) // 2, lay.size[0], thick)


def _frame(surface, rect: pygame.Rect, width: int, running: bool) -> None:
    pygame.draw.rect(surface, theme.RUNNING if running else theme.BG, rect, width=width)


def _row_data(name: str, half: HalfView, template: str):
    if name == "time":
        return (half.time, half.overtime, half.dimmed, template)
    shown = {"name": half.name, "score": half.score, "last": half.last}[name]
    return (shown, half.dimmed, half.absent, half.penalty, half.overtime, name == "last" and half.entry,
            name == "last" and half.word)


def _row(surface, name: str, rect: pygame.Rect, half: HalfView, template: str) -> None:
    fg = theme.DIM if half.dimmed else theme.FG
    if name == "name" and half.overtime:             # said, not only shown red; the penalty so far
        theme.blit_line(surface, over_line(surface, rect, half.name, half.penalty), theme.OVERTIME_TEXT, rect)
    elif name == "name":
        _draw_name(surface, half.name, fg, rect)
    elif name == "time":
        cells = face_cells(half, rect, template)
        for cell, glyph in cells:
            surface.blit(glyph, cell)
        theme.note(surface, "clock", rect, cells[0][0].unionall([c for c, _ in cells]), half.time)
    elif name == "score":
        theme.blit_figure(surface, half.score, fg, rect)
    elif name == "last" and half.entry:             # typed on a keyboard of its own: in place of the last turn
        _draw_entry(surface, rect, half.entry)
    elif name == "last":                            # a long word noted gives way, never the score
        least = theme.least_for(surface)
        last = theme.names_shortened(half.last, (half.word,), lambda t: theme.text_size(t, least)[0] <= rect.width,
                                     least)
        theme.blit_line(surface, last, theme.ABSENT_TEXT if half.absent else fg, rect)


def controls_area(lay: Layout, slot: int, controls: Keyboard, rect: pygame.Rect | None = None
                  ) -> tuple[pygame.Rect, pygame.Rect]:
    """(the controls' keys, what is left for the note) in the strip of the half in ``slot``
    (or ``rect``): the keys at the outer end (the left half's left, the right half's right; on
    a stacked or upright half, the right), each as wide as its label needs and 9 mm at least."""
    strip = rect or lay.rows[slot]["strip"]
    gap = onscreen.gap_for(lay.key_min)
    width = min(strip.width, onscreen.row_width(controls, lay.key_min) + 2)
    left = slot == 0 and not lay.portrait and len(lay.halves) == 2
    keys = pygame.Rect(strip.left if left else strip.right - width, strip.top, width, strip.height)
    note = strip.copy()
    note.width -= width + gap
    if left:
        note.left = keys.right + gap
    return keys, note


def _strip(surface, lay: Layout, slot: int, rect: pygame.Rect, half: HalfView, names=()) -> None:
    """The note beside the player's controls (what is typed without the on-screen keyboard
    goes in the last turn's row); a player's name in it (one of ``names``) shortened where
    the note would not fit whole."""
    note = rect
    if half.controls is not None:
        keys, note = controls_area(lay, slot, half.controls, rect)
        onscreen.paint(surface, half.controls, keys, lay.key_min)
    if half.note:
        least = theme.least_for(surface)
        fits = lambda text: theme.lines_needed([text], note.width, theme.density(surface)) \
            * theme.line_step(least) <= note.height
        text = theme.names_shortened(half.note, names, fits, least)   # a long name gives way
        theme.blit_lines(surface, [text], theme.PROMPT, note, max_size=lay.line)


def band(lay: Layout, players=(0, 1)) -> pygame.Rect:
    """Where keys for either player go: the rows below the banner, across both halves (or the
    one half, flat)."""
    first, last = lay.rows[0], lay.rows[len(players) - 1]
    if lay.portrait:
        return first["score"].union(last["strip"]).clip(lay.body)
    return first["score"].union(last["strip"])


def _draw_entry(surface, rect: pygame.Rect, text: str, name: str = "") -> None:
    """What is typed, framed; after ``name`` (the typist's, on the typing layout), shortened
    first so that what is typed always shows whole."""
    pygame.draw.rect(surface, theme.PROMPT, rect, width=2)
    inner = rect.inflate(-8, -4)
    if name and text:
        least = theme.least_for(surface)
        room = inner.width - theme.text_size(f": {text}", least)[0]
        text = f"{theme.shorten(name, room, least)}: {text}"
    elif name:
        text = theme.shorten(name, inner.width, theme.least_for(surface))
    theme.blit_line(surface, text, theme.WHITE, inner)


def face_cells(half: HalfView, rect: pygame.Rect, template: str, dim: bool | None = None):
    """Where each character of ``half``'s clock face goes in ``rect``, and its glyph (overtime:
    red, with OVER beside it drawn by the caller)."""
    scale = min(theme.clock_scale(template, rect.width, rect.height),     # the usual size ...
                theme.clock_scale(half.time, rect.width, rect.height),    # ... unless it cannot fit
                key=lambda xy: (xy[1], xy[0]))
    dimmed = half.dimmed if dim is None else dim
    colour = theme.OVERTIME if half.overtime else (theme.DIM if dimmed else theme.FG)
    return theme.face_cells(half.time, colour, scale, rect)


def _changed_characters(surface, region: Region, before: Region):
    """Repaint only the characters of the clock face that changed, when the others stay where
    they were (same length, same places); the rectangles painted, or None if it cannot."""
    (time, overtime, dimmed, template), (was, was_over, was_dim, _) = region.data, before.data
    if len(time) != len(was) or (overtime, dimmed) != (was_over, was_dim):
        return None
    rect = region.rect
    half = HalfView("", time, "", "", False, overtime, 0, dimmed)
    old = HalfView("", was, "", "", False, was_over, 0, was_dim)
    cells, old_cells = face_cells(half, rect, template), face_cells(old, rect, template)
    if [c for c, _ in cells] != [c for c, _ in old_cells]:
        return None
    dirty = []
    for (cell, glyph), new, previous in zip(cells, time, was):
        if new != previous:
            surface.blit(glyph, cell)
            dirty.append(cell)
    return dirty


def _draw_banner(surface, rect: pygame.Rect, lines: tuple[str, ...]) -> None:
    """The banner's lines in a box that cannot grow (the typing layout's): as large as they
    fit, the smallest text at the least, cut short rather than drawn outside the box."""
    banners.paint(surface, rect, banners.lines_in(rect, lines, theme.least_for(surface)))


# --- typing ----------------------------------------------------------------------------------

def controls_owner(view: ClockView, players=(0, 1)) -> int | None:
    """The slot whose player's controls show in the typing layout's row of controls (the player
    who is not typing), if any."""
    return next((slot for slot, p in enumerate(players)
                 if view.halves[p].controls is not None and view.halves[p].keyboard is None), None)


def _typing(lay: Layout, view: ClockView, players) -> list[Region]:
    typing = lay.typing
    owner = controls_owner(view, players)
    clocks, row = typing.arranged(owner)
    out = []
    for slot, p in enumerate(players):
        half = view.halves[p]
        rect = clocks[slot]
        out.append(Region(("clock", slot), rect, (half.name, half.score, half.time, half.running,
                                                   half.overtime, half.dimmed),
                          lambda s, h=half, r=rect: _small_clock(s, lay, r, h, view.template)))
    if owner is not None and row is not None:
        controls = view.halves[players[owner]].controls
        keys = controls_area(lay, owner, controls, row)[0]
        out.append(Region(("controls", owner), row, controls,
                          lambda s: onscreen.paint(s, controls, keys, lay.key_min)))
    typist = next((p for p in players if view.halves[p].keyboard is not None), None)
    if typist is not None:
        half = view.halves[typist]
        out.append(Region(("entry",), typing.entry, (half.name, half.entry),
                          lambda s: _draw_entry(s, typing.entry, half.entry, half.name)))
        why = view.banner[0] if view.banner and typing.banner is None else ""   # no room for the banner
        if typing.note is not None and (half.note or why):
            out.append(Region(("note",), typing.note, (half.note, why),
                              lambda s: _typing_note(s, lay, typing.note, half.note, why,
                                                     tuple(h.name for h in view.halves))))
        out.append(Region(("keys",), typing.keys, half.keyboard,
                          lambda s: onscreen.paint(s, half.keyboard, typing.keys, lay.key_min)))
    if view.shared is not None and typist is None:     # a stop's reasons, portrait: across
        keys = typing.entry.unionall([r for r in (typing.note, typing.keys) if r is not None])
        out.append(Region(("reasons",), keys, view.shared,
                          lambda s: onscreen.paint(s, view.shared, keys, lay.key_min)))
    if view.banner and typing.banner is not None:
        out.append(Region(("banner",), typing.banner, view.banner,
                          lambda s: _draw_banner(s, typing.banner, view.banner)))
    return out


def _typing_note(surface, lay: Layout, rect: pygame.Rect, note: str, why: str, names=()) -> None:
    """The typing hint, after the banner's headline where the banner has no room (the game
    over: "GAME OVER: six scoreless turns" before "letters, ? for a blank"), the headline alone
    where both do not fit (a player's name in it shortened where it must be)."""
    least = theme.least_for(surface)
    room = max(1, rect.height // theme.line_step(least))
    fits = lambda text: theme.lines_needed([text], rect.width, theme.density(surface)) <= room
    text = theme.SEPARATOR.join(part for part in (why, note) if part)
    if why and not fits(text):
        text = theme.names_shortened(why, names, fits, least)
    theme.blit_lines(surface, [text], theme.WHITE if why else theme.PROMPT, rect, max_size=lay.line)


def _small_clock(surface, lay: Layout, rect: pygame.Rect, half: HalfView, template: str) -> None:
    """A player's name, score and clock face in one row (framed amber while it runs): the face
    and the score as tall as the row leaves inside the frame (the score never under
    ``panel.MIN_SCORE_MM``: it is what both read while a turn is typed), the name (shortened,
    never to nothing) before them."""
    if half.running:
        pygame.draw.rect(surface, theme.RUNNING, rect, width=max(3, lay.frame // 2))
    inner = rect.inflate(-2 * lay.typing.inset, -2 * lay.typing.inset)
    face_w = min(inner.width * 6 // 10, theme.clock_width(template, inner.height * 4 // 5))
    score_w = theme.clock_width("888", inner.height) + 2 * lay.frame
    time = pygame.Rect(inner.right - face_w, inner.top, face_w, inner.height)
    score = pygame.Rect(time.left - 2 * lay.frame - score_w, inner.top, score_w, inner.height)
    name = pygame.Rect(inner.left, inner.top, score.left - lay.frame - inner.left, inner.height)
    _draw_name(surface, half.name, theme.FG, name, align="left")
    theme.blit_figure(surface, half.score, theme.FG, score)
    cells = face_cells(half, time, template)
    for cell, glyph in cells:
        surface.blit(glyph, cell)
    theme.note(surface, "clock", time, cells[0][0].unionall([c for c, _ in cells]), half.time)


def _draw_name(surface, name: str, colour, rect: pygame.Rect, align: str = "centre") -> None:
    """A player's name as large as fits ``rect``; a name too long even at the smallest size
    shortened to its start and an ellipsis (``theme.shorten``), not cut as a text that did
    not fit."""
    theme.blit_line(surface, theme.shorten(name, rect.width, theme.least_for(surface)), colour, rect,
                    align=align)


# --- over ------------------------------------------------------------------------------------

def _over(lay: Layout, view: ClockView, players) -> list[Region]:
    """The game over (kiosk.ui.clock.over): the result, each half's name, clock and controls,
    final score, what went into it and the prompt."""
    return [Region(*part) for part in over.regions(lay, view, players, _OVER_PAINTERS)]


def _small_face(surface, rect: pygame.Rect, half: HalfView, template: str) -> None:
    cells = face_cells(half, rect, template, dim=True)
    for cell, glyph in cells:
        surface.blit(glyph, cell)
    theme.note(surface, "clock", rect, cells[0][0].unionall([c for c, _ in cells]), half.time)


class _OverPainters:
    """The clock's painting the over screen borrows (kiosk.ui.clock.over.Painters)."""

    def strip(self, surface, lay: Layout, slot: int, rect: pygame.Rect, half: HalfView) -> None:
        _strip(surface, lay, slot, rect, half)

    def small_face(self, surface, rect: pygame.Rect, half: HalfView, template: str) -> None:
        _small_face(surface, rect, half, template)

    def controls_area(self, lay: Layout, slot: int, controls: Keyboard, rect: pygame.Rect):
        return controls_area(lay, slot, controls, rect)


_OVER_PAINTERS: over.Painters = _OverPainters()


# --- where the keys are ------------------------------------------------------------------------

def drawn_layout(size: tuple[int, int], view: ClockView, facing: int | None = None) -> Layout:
    """The layout ``view`` is drawn on, on a screen of ``size`` (or the upright half of
    ``facing``, flat): with room for its banner (kiosk.ui.clock.banner)."""
    lay = layout(size) if facing is None else upright_layout(size)
    players = (0, 1) if facing is None else (facing,)
    if mode(view, players) in ("playing", "typing"):
        lay = with_controls(lay, view, players)
    if _grows(mode(view, players), lay):
        lay = banners.fitted(lay, view, players)[0]
    return lay


def with_controls(lay: Layout, view: ClockView, players=(0, 1)) -> Layout:
    """``lay``, or the layout whose strips (typing: the row of the other player's controls)
    hold the rows of keys the halves' controls take (NZASP's play-out awaiting its answer:
    HOLD, DECLARE?, FIX SCORE and TIMES): a row more from the clocks' rows (typing: from the
    keyboard's room), never a key under 9 mm."""
    rows, typing = 1, mode(view, players) == "typing"
    for slot, p in enumerate(players):
        controls = view.halves[p].controls
        if controls is None or view.halves[p].keyboard is not None:
            continue
        if typing:              # the other player's row of controls, under the clocks
            row = lay.typing.arranged(slot)[1]
            if row is None:
                continue
            width = row.width
        else:
            width = lay.rows[slot]["strip"].width
        rows = max(rows, onscreen.rows_count(controls, onscreen.columns(controls, width, lay.key_min),
                                             width, lay.key_min))
    if rows == lay.strip_rows:
        return lay
    return layout(lay.size, len(lay.halves) == 1, strip_rows=rows)


def _grows(how: str, lay: Layout) -> bool:
    """Whether the banner is drawn in the rows between the halves' (and may grow there)."""
    return how == "playing" or (how == "reasons" and not lay.narrow)


def keyboard_keys(size: tuple[int, int], view: ClockView, facing: int | None = None
                  ) -> list[tuple[pygame.Rect, Key]]:
    """The keys on a clock screen of ``size`` (side), or on the upright half of ``facing``
    (flat): the typing player's keyboard, each player's controls, the keys for either."""
    lay = drawn_layout(size, view, facing)
    players = (0, 1) if facing is None else (facing,)
    how, keys = mode(view, players), []
    for slot, p in enumerate(players):
        half = view.halves[p]
        if how == "typing" or (how == "reasons" and lay.narrow):
            row = lay.typing.arranged(controls_owner(view, players))[1]
            if half.keyboard is not None:
                keys += onscreen.place(half.keyboard, lay.typing.keys, lay.key_min)
            elif half.controls is not None and row is not None:
                keys += onscreen.place(half.controls, controls_area(lay, slot, half.controls, row)[0],
                                       lay.key_min)
        elif half.controls is not None and how != "reasons":
            strip = lay.over.rows[slot]["bar"] if how == "over" else lay.rows[slot]["strip"]
            keys += onscreen.place(half.controls, controls_area(lay, slot, half.controls, strip)[0], lay.key_min)
    if view.shared is not None and how == "reasons" and lay.narrow:
        typing = lay.typing
        area = typing.entry.unionall([r for r in (typing.note, typing.keys) if r is not None])
        keys += onscreen.place(view.shared, area, lay.key_min)
    elif view.shared is not None and how == "reasons":
        keys += onscreen.place(view.shared, band(lay, players), lay.key_min)
    return keys
