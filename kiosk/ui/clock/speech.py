"""Both times for a player who cannot read the clock (ABSP Appendix 1): spoken through
espeak-ng when it is installed, and shown large on the screen whether or not they are spoken.

``spoken_times`` builds the sentence from the same clock faces the screen's halves show
(kiosk.ui.clock.view.face: "Ann twelve minutes four seconds, Bob over time by one minute five
seconds", a late player's clock counting their absence); it is pure. ``Speaker``
starts espeak-ng (looked up on PATH at each request) and never waits for it: the clock loop
goes on while it speaks. Without espeak-ng, or if it cannot be started, ``speak`` returns
False; it never raises. The screen shows the times large either way (``BigTimesView``). A tap
anywhere on them, or any button, only goes back to the clock (``BACK`` says so): the turn goes on.
"""
from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pygame

from common.game.frozen import value
from common.game.state import GameState
from kiosk.ui.widgets import frame, theme
from kiosk.ui.widgets.words import face

if TYPE_CHECKING:
    import subprocess

PROGRAM = "espeak-ng"

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    """0 to 999 in words, as spoken: ``twenty five``, ``one hundred and five``."""
    if not 0 <= n <= 999:
        raise ValueError(f"a number from 0 to 999, not {n}")
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f" {_ONES[ones]}" if ones else "")
    hundreds, rest = divmod(n, 100)
    return f"{_ONES[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")


def _unit(n: int, name: str) -> str:
    return f"{number_words(n)} {name}{'' if n == 1 else 's'}"


def face_words(face: str) -> str:
    """A clock face (``12:04``, ``0:00``, ``-1:05``, as ``clock.display`` draws it) in words."""
    over = face.startswith("-")
    minutes, seconds = (int(part) for part in face.lstrip("-").split(":"))
    parts = ([_unit(minutes, "minute")] if minutes else []) + ([_unit(seconds, "second")] if seconds else [])
    said = " ".join(parts) or "no time left"
    return f"over time by {said}" if over else said


def spoken_times(state: GameState, now_ns: int) -> str:
    """What is said: each player's name and time as their half shows it, left player first."""
    faces = [face(state, p, now_ns) for p in (0, 1)]
    return ", ".join(f"{state.players[p]} {face_words(faces[p])}" for p in (0, 1))


class Speaker:
    """Says a sentence with espeak-ng, in the background. ``program`` is looked up on PATH
    each time, so installing it (or a test's stand-in) needs no restart."""

    def __init__(self, program: str = PROGRAM, options: tuple[str, ...] = ()):
        self.program, self.options = program, tuple(options)
        self.process: subprocess.Popen | None = None
        self._ending: list[subprocess.Popen] = []      # cut short, not yet reaped

    def speak(self, text: str) -> bool:
        """Start saying ``text`` (cutting short what is still being said); False if it cannot."""
        path = shutil.which(self.program)
        if path is None:
            return False
        import subprocess           # loaded with the first sentence said, not before the first frame
        self.stop()
        try:
            self.process = subprocess.Popen(
                [path, *self.options, text.lstrip("-")], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            return False
        return True

    def stop(self) -> None:
        """Cut short what is still being said; never waits (ended processes are reaped later)."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.terminate()
                self._ending.append(self.process)
            self.process = None
        self._ending = [p for p in self._ending if p.poll() is None]


#: The large times' bottom line (one line even on a flat half): how to go back, and that going back
#: is all a press does there.
BACK = "a tap or a button goes back: no turn ends"


@value
class BigTimesView:
    """Both times filling the screen, one player a row, for a player who asked for them."""
    names: tuple[str, str]
    times: tuple[str, str]
    overtime: tuple[bool, bool]
    top: str
    bottom: str


def big_times(state: GameState, now_ns: int, top: str = "", bottom: str = "") -> BigTimesView:
    faces = tuple(face(state, p, now_ns) for p in (0, 1))
    return BigTimesView(tuple(state.players), faces, tuple(f.startswith("-") for f in faces), top, bottom)


def big_times_layout(size: tuple[int, int], name_w: int = 0) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(name, time) boxes of each row: the left player's above, the right player's below; the
    name before the time (in ``name_w`` pixels, if wider than a fifth of the row: a long
    name's longest word, up to half the row), or above it on a portrait screen."""
    w, h = size
    lay = frame.layout(size)
    body = lay.body
    rows = []
    for p in (0, 1):
        row = pygame.Rect(0, body.top + p * body.height // 2, w, body.height // 2).inflate(-w // 40, -h // 60)
        if w >= h:
            name = pygame.Rect(row.left, row.top, min(row.width // 2, max(row.width * 22 // 100, name_w)),
                               row.height)
            rows.append((name, pygame.Rect(name.right, row.top, row.width - name.width, row.height)))
        else:
            name = pygame.Rect(row.left, row.top, row.width, round(lay.line * 1.5))
            rows.append((name, pygame.Rect(row.left, name.bottom, row.width, row.bottom - name.bottom)))
    return rows


def draw_big_times(surface: pygame.Surface, view: BigTimesView) -> None:
    w, h = surface.get_size()
    lay = frame.layout((w, h))
    surface.fill(theme.BG)
    template = max(view.times, key=len).replace("1", "8")
    least = theme.least_for(surface)
    longest = max(theme.text_size(word, least)[0] for name in view.names
                  for word in theme.wrap(name, 1, least))      # each word (or hyphen's piece) alone
    for p, (name, box) in enumerate(big_times_layout((w, h), longest + lay.line)):
        room = name if w < h else name.inflate(-lay.line // 2, -name.height // 4)
        theme.blit_lines(surface, [view.names[p]], theme.FG, room, max_size=round(lay.line * 1.2),
                         align="left")      # wrapped onto lines as it must be, never cut
        scale = theme.clock_scale(template, box.width, box.height)
        colour = theme.OVERTIME if view.overtime[p] else theme.WHITE
        theme.blit_centred(surface, theme.clock_digits(view.times[p], colour, scale), box)
    middle = lay.top.bottom + (lay.bottom.top - lay.top.bottom) // 2
    pygame.draw.line(surface, theme.DIM, (0, middle), (w - 1, middle), 3)
    frame.bar(surface, lay.top, view.top, theme.BAR_FG)
    frame.bar(surface, lay.bottom, view.bottom, theme.BAR_FG)
