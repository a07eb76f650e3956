"""The frame every screen of the table shares, in millimetres of the panel it shows on
(kiosk.ui.widgets.panel): a top line and a bottom line (each room for two lines of the smallest
text, three on a narrow portrait screen) around two halves, the left player's and the right
player's, each half in rows. ``layout(size)`` fixes it by the surface size alone, so nothing moves
when a prompt appears:

- a landscape screen puts the halves side by side, the banner across both below the clocks;
- a portrait screen (taller than wide: the Touch Display 2 standing) stacks them, the left
  player's on top, the banner between them (a line divides them: kiosk.ui.clock.paint), each
  clock with clear space under it before the score;
- ``upright_layout`` is one player's half on its own, upright (the ``flat`` orientation turns it
  to face them).

Each layout also says where things go while a player types on the on-screen keyboard
(``Typing``: both clocks small at the top, the other player's controls in a row of their own,
the keyboard across the whole width below what is typed) and once the game is over (``Over``: the result large across the screen, each half's final
score large and its clock small). ``bar`` and ``bottom_bar`` paint the two lines (the bottom one
red with an error while there is one, a notice with its mark), wrapping their text onto their lines.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from common.game.frozen import value
from kiosk.ui.widgets import keyboard as onscreen, panel, theme
from kiosk.ui.widgets.keys import BLANK_TILE, DEL, ENTER, LETTERS, NEXT_WORD, Keyboard

#: The largest keyboard a player types on (the letters of a rack or a challenge): the typing
#: layout keeps room for it whatever is typed, so nothing moves from one keyboard to the next.
LARGEST = Keyboard(LETTERS + (BLANK_TILE, DEL), (NEXT_WORD, ENTER))
#: On a portrait screen, the clear space between a half's clock and its score.
CLOCK_SCORE_MM = 4.0
#: A small clock's digits (both clocks above a keyboard) this tall where the keys leave room:
#: ``panel.MIN_CLOCK_MM`` and a margin. The score beside it is as tall (``panel.MIN_SCORE_MM``).
SMALL_CLOCK_MM = 7.0
#: A score's row under its clock while the game is played: its digits this tall
#: (``panel.MIN_SCORE_MM`` and a margin); on a portrait screen, whose halves are wider than
#: their clocks need, ``PORTRAIT_SCORE_MM``, the last turn beside it.
SCORE_MM = 6.5
PORTRAIT_SCORE_MM = 9.0


@value
class Typing:
    """Where things go while a keyboard shows: each half's clock small (``clocks``, a row per
    slot: the name and the face, ``inset`` inside its edge, where the running one's frame goes),
    a row of keys' height for the controls of the player who is not typing (``arranged``: never
    in a clock's row, so a control never shrinks a clock), the banner (None: no room), what is
    typed (``entry``), the typing hint (None: no room) and the keys, across the whole width."""
    clocks: tuple[pygame.Rect, ...]
    banner: pygame.Rect | None
    entry: pygame.Rect
    note: pygame.Rect | None
    keys: pygame.Rect
    controls_h: int = 0                         # the controls' row (0: none, a flat half)
    gap: int = 0
    portrait: bool = False
    inset: int = 4

    def arranged(self, owner: int | None) -> tuple[tuple[pygame.Rect, ...], pygame.Rect | None]:
        """Each slot's clock row and the row of ``owner``'s controls, right under its clock:
        side by side, under both clocks across the width (the keys at the owner's end); stacked,
        between the two clocks when they are the top one's (the lower clock moves down), else
        under both. None: no row for controls (a flat half)."""
        if not self.controls_h:
            return self.clocks, None
        first, last = self.clocks[0], self.clocks[-1]
        if self.portrait and owner == 0:
            row = pygame.Rect(first.left, first.bottom + self.gap, first.width, self.controls_h)
            return (first, last.move(0, self.controls_h + self.gap)), row
        return self.clocks, pygame.Rect(first.left, last.bottom + self.gap, last.right - first.left,
                                        self.controls_h)


@value
class Over:
    """Where things go once the game is over: the result across the screen (``result``: who
    won, both scores and the margin, large), and per slot: the name (room for two lines), the
    clock small with the controls at the row's outer end (``bar``: the key that fixes a score,
    away from the prompt), the final score (large), what went into it (``last``) and the prompt
    to confirm (``note``, last, nearest the player's button). A flat half has no name row: its
    result names both players, each beside their score, and its own player's final score is
    large under it (``score``: at the start of the clock's row), as on a half side by side. ``name_size``: the largest font the
    names are drawn in (the result's first line is never smaller)."""
    result: pygame.Rect
    rows: tuple[dict, ...]
    name_size: int = 0


@value
class Layout:
    size: tuple[int, int]
    top: pygame.Rect
    bottom: pygame.Rect
    halves: tuple[pygame.Rect, ...]             # a slot per half: two, or one (upright)
    frame: int                                  # thickness of the running half's frame
    rows: tuple[dict, ...]                      # per half: row name -> rect
    banner: pygame.Rect                         # across both halves (between them, portrait)
    key_min: onscreen.KeyMin                    # the smallest key of the on-screen keyboard
    line: int                                   # one line of the smallest text, in pixels
    line_density: float                         # pixels per millimetre down the surface
    typing: Typing
    over: Over
    portrait: bool = False                      # the halves one above the other
    strip_rows: int = 1                         # rows of keys in each half's strip

    def text_height(self, paragraphs, width: int, extra: int = 2) -> int:
        """How tall ``paragraphs`` are wrapped in ``width`` at the smallest text size."""
        return theme.lines_needed(paragraphs, width, self.line_density) * \
            theme.text_line_height(self.line_density) + extra

    @property
    def narrow(self) -> bool:
        """A portrait screen, or a flat screen's upright half: a stop's reasons take the typing
        layout (both clocks small, the keys across) rather than the rows below the banner."""
        return self.portrait or len(self.halves) == 1

    @property
    def body(self) -> pygame.Rect:
        """Between the two lines."""
        return pygame.Rect(0, self.top.bottom, self.size[0], self.bottom.top - self.top.bottom)


def stack(rect: pygame.Rect, parts: list[tuple[str, int | None]], gap: int = 0) -> dict[str, pygame.Rect]:
    """``parts`` (name, height; None: a share of what is left) one under the other in ``rect``,
    ``gap`` apart."""
    fixed = sum(h for _, h in parts if h is not None) + gap * max(0, len(parts) - 1)
    rest = [name for name, h in parts if h is None]
    share = max(0, rect.height - fixed) // max(1, len(rest))
    y, out = rect.top, {}
    for name, height in parts:
        height = share if height is None else height
        out[name] = pygame.Rect(rect.left, y, rect.width, height)
        y += height + gap
    return out


def bar_lines(size: tuple[int, int], upright: bool = False) -> int:
    """Lines of text the top line holds: three on a screen under 100 mm across (a portrait
    panel, a flat screen's upright half), else two."""
    return 3 if upright or size[0] / panel.px_per_mm(size, upright)[0] < 100 else 2


def layout(size: tuple[int, int], upright: bool = False, *, grow: int = 0, strip: bool = True,
           strip_rows: int = 1) -> Layout:
    """The frame of a surface of ``size``: the screen, side by side or stacked by its shape; or
    one player's upright half (``upright``: flat). A banner too long for its box takes more
    room (kiosk.ui.clock.banner): ``grow`` pixels more from the clocks' rows, and with
    ``strip`` off the halves' strips too (no note, no controls there), the rows below it
    moving down; nothing is drawn over another row. ``strip_rows``: the rows of keys each
    half's strip holds (a half with more controls than one row takes: the clocks' rows give
    the room, every key stays 9 mm). Worked out once for its arguments (a screen asks on every
    frame, a banner's fit for each size it tries) and shared: read it, never change its rects."""
    return _layout(tuple(size), upright, grow, strip, strip_rows)


@lru_cache(maxsize=128)
def _layout(size: tuple[int, int], upright: bool, grow: int, strip: bool, strip_rows: int) -> Layout:
    w, h = size
    across, down = panel.px_per_mm(size, upright)
    line = theme.line_height(down)
    text_line = theme.text_line_height(down)      # a line of names: room for Ó and g
    bar = max(bar_lines(size, upright) * text_line + 2, bar_lines(size, upright) * line + round(down))
    # the bottom line's hints: one line more on a portrait screen, two on a flat half
    bottom_h = bar + (text_line if bar_lines(size, upright) > 2 and not upright else -text_line if upright else 0)
    frame = max(4, round(1.2 * down))
    pad = frame + max(2, round(0.6 * down))
    key_min = onscreen.key_min(size, upright)
    top, bottom = pygame.Rect(0, 0, w, bar), pygame.Rect(0, h - bottom_h, w, bottom_h)
    body = pygame.Rect(0, bar, w, h - bar - bottom_h)
    portrait = not upright and h > w
    # portrait: room to spare; a flat half whose controls take two rows: a line less (it grows)
    banner_lines = bar_lines(size, upright) + portrait - (upright and strip_rows > 1)
    base_banner_h = banner_lines * line + round(1.5 * down)
    strip_h = max(round(key_min.height) + 2, 2 * line + 2)
    # the strips given up go to the banner (both halves' strips, when they are stacked)
    banner_h = base_banner_h + grow + (0 if strip else strip_h * (2 if portrait else 1))
    rows_h = strip_rows * (round(key_min.height) + 2) + (strip_rows - 1) * onscreen.gap_for(key_min)
    strip = max(strip_h, rows_h) if strip else 0
    if upright:
        halves = (body,)
    elif portrait:
        top_half = pygame.Rect(0, body.top, w, (body.height - banner_h) // 2)
        halves = (top_half, pygame.Rect(0, top_half.bottom + banner_h, w, body.bottom - top_half.bottom - banner_h))
    else:
        halves = (pygame.Rect(0, body.top, w // 2, body.height),
                  pygame.Rect(w // 2, body.top, w - w // 2, body.height))
    rows = []
    score_h = math.ceil((PORTRAIT_SCORE_MM if portrait else SCORE_MM) * down) + 2
    for half in halves:
        inner = half.inflate(-2 * pad, -2 * pad)
        parts = [("name", round(line * 1.25)), ("time", None),
                 ("banner", 0 if portrait else banner_h),
                 ("score", score_h), ("last", line + 2), ("strip", strip)]
        if upright:                         # a flat half: the name and the score on one row
            parts = [("name", max(round(line * 1.5), score_h)), ("time", None), ("banner", banner_h),
                     ("last", line + 2), ("strip", strip)]
        if portrait:                        # clear space under the clock: the score is no part of it;
            parts.insert(2, ("space", round(CLOCK_SCORE_MM * down)))    # the last turn beside the score
            parts.remove(("last", line + 2))
        named = stack(inner, parts)
        if portrait:
            row = named["score"]
            named["score"] = pygame.Rect(row.left, row.top, row.width * 2 // 5, row.height)
            named["last"] = pygame.Rect(named["score"].right, row.centery - (line + 2) // 2,
                                        row.width - named["score"].width, line + 2)
        if upright:
            row = named["name"]
            named["name"] = pygame.Rect(row.left, row.top, row.width * 6 // 10, row.height)
            named["score"] = pygame.Rect(named["name"].right, row.top, row.width - named["name"].width, row.height)
        named["time"] = named["time"].inflate(-round(2 * across), 0)
        s = named["strip"]
        named["entry"] = pygame.Rect(s.left, s.top, s.width, max(0, s.height - line - 1))
        named["note"] = pygame.Rect(s.left, max(s.top, s.bottom - line - 1), s.width, min(s.height, line + 1))
        rows.append(named)
    if portrait:
        banner = pygame.Rect(pad, halves[0].bottom, w - 2 * pad, banner_h)
    else:
        b = rows[0]["banner"]
        banner = pygame.Rect(pad, b.top, w - 2 * pad, b.height)
    gap = onscreen.gap_for(key_min)
    return Layout(size, top, bottom, halves, frame, tuple(rows), banner, key_min, line, down,
                  _typing(pygame.Rect(0, 0, w, bottom.top) if upright else body, halves if not upright
                          else (pygame.Rect(0, 0, w, bottom.top),), line, base_banner_h, key_min, gap, frame,
                          portrait, strip_rows),
                  _over(body, halves, pad, line, strip_h, down, gap, portrait), portrait,
                  max(1, strip_rows) if strip else 1)


def _typing(body: pygame.Rect, halves, line: int, banner_h: int, key_min, gap: int, frame: int,
            portrait: bool, control_rows: int = 1) -> Typing:
    """Both clocks small at the top (side by side; one above the other on a portrait screen),
    each with digits ``SMALL_CLOCK_MM`` tall, and a row for the controls of the player who is
    not typing; then the banner (if the keys leave room for it), what is typed and the hint,
    then the keys across the whole width. On a flat half the typist's own clock alone, from
    the very top, as tall as the keys leave room for (never under ``panel.MIN_CLOCK_MM``): the
    top line and the other player's controls show on the other half meanwhile."""
    margin = max(4, gap)
    inner = body.inflate(-2 * margin, -2 * gap)
    down = key_min.height / onscreen.MIN_KEY_MM
    entry_h = round(line * 1.3)
    face_h = math.ceil(SMALL_CLOCK_MM * down)
    if len(halves) == 1:                # a flat half: the typist's own clock, no controls beside it
        inset = max(3, frame // 2) + 1
        room = inner.height - entry_h - onscreen.least_height(LARGEST, inner.width, key_min) - 2 * gap
        clock_h = max(math.ceil(panel.MIN_CLOCK_MM * down) + 2 * inset + 1, min(face_h + 2 * inset, room))
        controls_h = 0
    else:
        inset = max(4, frame)
        clock_h = max(round(line * 1.6), face_h + 2 * inset)
        controls_h = control_rows * (math.ceil(key_min.height) + 2) + (control_rows - 1) * gap
    if portrait:
        clocks = tuple(pygame.Rect(inner.left, inner.top + i * (clock_h + gap), inner.width, clock_h)
                       for i in range(2))
    else:
        clocks = tuple(pygame.Rect(half.left + margin, inner.top, half.width - 2 * margin, clock_h)
                       for half in halves)
    below_top = clocks[-1].bottom + gap + (controls_h + gap if controls_h else 0)
    below = pygame.Rect(inner.left, below_top, inner.width, inner.bottom - below_top)
    keys_h = onscreen.least_height(LARGEST, below.width, key_min)
    room = below.height - entry_h - keys_h - 2 * gap
    note_h = 2 * line + 2 if room >= 2 * line + 2 + banner_h else line + 2 if room >= line + 2 else 0
    banner = banner_h if room - note_h - gap >= banner_h else 0
    parts = [("banner", banner), ("entry", entry_h), ("note", note_h), ("keys", None)]
    named = stack(below, [(n, h) for n, h in parts if h or n == "keys"], gap)
    return Typing(clocks, named.get("banner"), named["entry"], named.get("note"), named["keys"],
                  controls_h, gap, portrait, inset)


def _over(body: pygame.Rect, halves, pad: int, line: int, strip: int, down: float, gap: int,
          portrait: bool) -> Over:
    """The result across the top of the body (about a third of it; more on a portrait screen,
    whose result wraps long names), the halves below it as before (side by side, stacked, or
    one), each: name, the clock small beside the controls, the final score large, what went
    into it, the prompt."""
    flat = len(halves) == 1
    result_h = max(4 * line + 2 * gap, round(body.height * (0.35 if portrait else 0.34)))
    if flat:            # a flat half: the result names both, each beside their score; the rest below
        result_h = body.height - 3 * gap - strip - 2 * (line + 2)
    result = pygame.Rect(pad, body.top + gap, body.width - 2 * pad, result_h)
    rest = pygame.Rect(body.left, result.bottom + gap, body.width, body.bottom - result.bottom - gap)
    if flat:
        areas = [rest]
    elif portrait:
        areas = [pygame.Rect(rest.left, rest.top, rest.width, rest.height // 2),
                 pygame.Rect(rest.left, rest.top + rest.height // 2, rest.width, rest.height - rest.height // 2)]
    else:
        areas = [pygame.Rect(half.left, rest.top, half.width, rest.height) for half in halves]
    parts = [("name", 2 * line + 2), ("bar", strip), ("score", None), ("last", line + 2), ("note", line + 2)]
    if flat:
        parts = [("bar", strip), ("last", line + 2), ("note", None)]
    rows = tuple(stack(area.inflate(-2 * pad, -gap), parts) for area in areas)
    if flat:            # the final score large at the start of the clock's row
        row = rows[0]["bar"]
        score = pygame.Rect(row.left, row.top, row.width // 4, row.height)
        rows = ({**rows[0], "score": score,
                 "bar": pygame.Rect(score.right + gap, row.top, row.right - score.right - gap, row.height)},)
    return Over(result, rows, theme.fit_size("Hg", 10 ** 6, round(line * 1.15)))


def upright_layout(size: tuple[int, int]) -> Layout:
    """The layout of one player's half filling an upright surface of ``size`` (flat)."""
    return layout(size, upright=True)


def bar(surface, rect: pygame.Rect, text: str, colour, aside: str = "", names=(), anywhere: bool = False) -> None:
    """A line of the screen: its text as large as fits (never under the smallest), wrapped onto
    the lines it has room for; ``aside`` after it (the simulated buttons' keys) where it fits.
    A text that begins with one of ``names`` and a colon ("Featherstonehaugh-Wright, Annabel:
    your button ends your turn") and is longer than its lines has that name shortened first
    (theme.shorten: its start kept; ``anywhere``: a name anywhere in it, a notice's). A text of several parts (``theme.SEPARATOR``: an alert
    before the top line's usual words, the table, the round...) longer than all its lines keeps
    its first parts whole and leaves the last off; a first part longer than all the lines even
    so keeps its beginning, its last line cut short: no line starts at the bar's foot, over the
    screen."""
    surface.fill(theme.BAR_BG, rect)
    inner = rect.inflate(-max(8, rect.height // 4), -2)
    least = theme.least_for(surface)
    text = _name_shortened(text, names, inner, least, anywhere)
    if aside:
        joined = f"{text}{theme.SEPARATOR}{aside}" if text else aside
        room = inner.height // theme.line_step(least)
        text = joined if not text or len(theme.wrap(joined, inner.width, least)) <= room else text
    step, tall = theme.line_step(least), theme.font(least).get_height()
    room = 1 + max(0, (inner.height - tall // 4) // step)   # lines a quarter on the bar at least
    lines = theme.wrap(text, inner.width, least) if text else []
    parts = text.split(theme.SEPARATOR)
    while len(lines) > room and len(parts) > 1:             # the last parts left off, the first whole
        parts.pop()
        text = theme.SEPARATOR.join(parts)
        lines = theme.wrap(text, inner.width, least)
    if len(lines) > room:
        for i, line in enumerate(lines[:room - 1] + [theme.SEPARATOR.join(lines[room - 1:])]):
            theme.blit_line(surface, line, colour, pygame.Rect(inner.left, inner.top + i * step,
                                                               inner.width, step), max_size=least)
    elif text:
        theme.blit_lines(surface, [text], colour, inner, max_size=least * 5 // 4)


def _fits(inner: pygame.Rect, least: int):
    """Whether a text fits ``inner``'s lines at ``least`` (as ``bar`` lays them: the last a
    quarter on the bar at least)."""
    step, tall = theme.line_step(least), theme.font(least).get_height()
    room = 1 + max(0, (inner.height - tall // 4) // step)
    return lambda text: len(theme.wrap(text, inner.width, least)) <= room


def _name_shortened(text: str, names, inner: pygame.Rect, least: int, anywhere: bool = False) -> str:
    """``text`` as it fits ``inner``'s lines at ``least``: whole, or with the name it begins
    with (one of ``names``, before a colon; ``anywhere``: any of them in it) shortened to its
    start until it fits."""
    leading = [name for name in names if name and (anywhere or text.startswith(f"{name}:"))]
    return theme.names_shortened(text, leading, _fits(inner, least), least)


def bottom_bar(surface, rect: pygame.Rect, text: str, error: str, legend: str = "", names=(),
               notice: str = "") -> None:
    """A screen's bottom line: ``error`` in red while there is one, else a ``notice`` (news: the
    information mark before it, in the notice colour), else ``text`` (and the ``legend`` where it
    fits); a name it begins with shortened where it is too long (``bar``)."""
    if error:
        bar(surface, rect, error, theme.ERROR, names=names)
    elif notice:
        notice_bar(surface, rect, notice, names)
    else:
        bar(surface, rect, text, theme.BAR_FG, legend, names=names)


def notice_bar(surface, rect: pygame.Rect, text: str, names=()) -> None:
    """A notice on the line ``rect``: the information mark (a ring around an i) and the text after
    it, both in the notice colour, a player's name in it (one of ``names``) shortened where the
    text would not fit whole. The mark tells a notice from an error (red, unmarked) to a player
    who does not see the colours apart."""
    surface.fill(theme.BAR_BG, rect)
    side = min(rect.height - 4, theme.line_step(theme.least_for(surface)))
    mark = pygame.Rect(rect.left + max(8, rect.height // 4), 0, side, side)
    mark.centery = rect.centery
    information_mark(surface, mark, theme.NOTICE)
    line = pygame.Rect(mark.right, rect.top, rect.right - mark.right, rect.height)
    bar(surface, line, _first_clauses(surface, line, text, names), theme.NOTICE, names=names, anywhere=True)


def _first_clauses(surface, rect: pygame.Rect, text: str, names) -> str:
    """``text`` whole where it fits the bar ``rect`` (its names shortened, ``bar``), else as many
    of its first clauses (parted by "; ") as fit: a recovery's notice on a flat half keeps when
    and at what times the clock stopped, the banner above saying who restarts it."""
    inner = rect.inflate(-max(8, rect.height // 4), -2)
    least = theme.least_for(surface)
    fits = _fits(inner, least)
    clauses = text.split("; ")
    while len(clauses) > 1 and not fits(_name_shortened("; ".join(clauses), names, inner, least, True)):
        clauses.pop()
    return "; ".join(clauses)


def information_mark(surface, rect: pygame.Rect, colour) -> None:
    """A ring around an i in ``rect``, drawn in strokes (noted as the mark ``notice``)."""
    stroke = max(2, rect.width // 9)
    radius = rect.width // 2
    x, y = rect.center
    pygame.draw.circle(surface, colour, (x, y), radius, stroke)
    pygame.draw.circle(surface, colour, (x, y - radius // 2), max(1, stroke * 2 // 3))
    pygame.draw.line(surface, colour, (x, y - radius // 6), (x, y + radius // 2), stroke)
    theme.note(surface, "mark", rect, rect, "notice")
