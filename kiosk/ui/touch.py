"""Touch and mouse on the screen: the twins of the buttons and of the keys.

A tap (a finger, or a mouse click that SDL did not make up from a finger) goes on the kiosk's
input queue as ``Tapped`` at the tap's time; when the loop handles it, it becomes the same input a
button or a key would, ``ButtonPressed`` or ``KeyTyped``, by what the screen shows:

- the on-screen keyboard (kiosk.ui.widgets.keys), wherever something is typed: on the half of the
  player typing a turn, a blank's letter or the tiles left, on the challenger's half of the
  judge screen, for the director (the PIN, the menu's choices, a time), and on the judge
  station (kiosk.ui.judge.station); the clock screen's controls (HOLD, FIX SCORE, TIMES, a stop's
  reasons: kiosk.ui.clock.controls) are keys too; ``keyboards()`` says where each screen puts its keys;
- with simulated hardware (``--sim``), anywhere else on a player's half is that player's
  button (the left or right half; on a portrait screen the upper or lower) and the bottom line
  is the centre button, on every screen;
- on both times shown large (kiosk.ui.clock.speech), a tap anywhere goes back to the clock
  (Escape: the clock screen takes any input there as going back, and nothing else).

With GPIO buttons only the keys answer a tap: the buttons are the buttons. In the ``flat``
orientation the point is first turned back onto the upright half it fell on (kiosk.ui.clock.flat),
but on the director's screens (``reads_across``), which are drawn across the whole screen.

``where`` is the other way round: a point of the screen where a tap means a given press or
key (the touch-only demo's players tap there). A table run ``taps_only`` (the demo's
``--touch-only``) takes taps alone: any other input on its queue is refused (``NotATap``).
"""
from __future__ import annotations

import queue
from functools import cache

import pygame

from table_input import PLAYER_SIDES, Action, ButtonPressed, KeyTyped, Side, Tapped
from kiosk.ui.clock import paint as clockdraw, flat
from kiosk.ui.clock.speech import BigTimesView
from kiosk.ui.clock.view import ClockView
from kiosk.ui.widgets import frame


@cache
def keyboards() -> dict:
    """Each view that may show the on-screen keyboard, and where its keys are:
    ``keys(size, view, facing)``: on the whole screen of ``size`` (facing None), or on the
    upright half of player ``facing`` (flat). The other screens' modules load here, at the first
    tap, not before the table's first frame."""
    from kiosk.ui.clock.correct import CorrectionView, keyboard_keys as correction_keys
    from kiosk.ui.judge import paint as judge_draw, verdict
    from kiosk.ui.menu import paint as director_draw
    from kiosk.ui.setup.enroll import EnrollView, keyboard_keys as enroll_keys
    return {ClockView: clockdraw.keyboard_keys, judge_draw.JudgeView: judge_draw.keyboard_keys,
            director_draw.DirectorView: director_draw.keyboard_keys, CorrectionView: correction_keys,
            verdict.VerdictView: verdict.keyboard_keys, EnrollView: enroll_keys}
#: How finely ``where`` looks for a place to tap: a grid of this many points across and down.
SEARCH = (24, 16)


class NotATap(RuntimeError):
    """An input that is not a tap reached a table that takes taps alone (``--touch-only``)."""

    def __init__(self, item):
        if isinstance(item, KeyTyped):
            what = f"a key ({item.key!s}, at {item.t_ns} ns)"
        elif isinstance(item, ButtonPressed):
            what = f"a button press ({item.side!s}, at {item.t_ns} ns: the button's key twin)"
        else:
            what = repr(item)
        super().__init__(f"this table takes taps alone (--touch-only), and {what} is not a tap")
        self.item = item


def reads_across(view) -> bool:
    """Whether ``view`` is the director's (the menu, its questions, the self-test, a correction
    on the director's authority): on a ``flat`` screen it is drawn across the whole screen, read
    from the table's end where the director stands, not turned to either player."""
    from kiosk.ui.clock.correct import CorrectionView
    from kiosk.ui.menu import paint as director_draw
    return isinstance(view, director_draw.DirectorView) or (isinstance(view, CorrectionView) and view.director)


def drawn(view, orientation: str) -> str:
    """How ``view`` is drawn on a screen set to ``orientation``: flat, or side by side."""
    return "side" if orientation == "flat" and reads_across(view) else orientation


def keys_on(size: tuple[int, int], view, facing: int | None = None) -> list:
    """(rect, Key) of every key a surface of ``size`` shows for ``view`` (see ``keyboards``)."""
    keys = keyboards().get(type(view))
    return keys(size, view, facing) if keys is not None else []


def meaning(size: tuple[int, int], view, pos: tuple[int, int], *, sim: bool,
            orientation: str = "side") -> tuple[str, str] | None:
    """What a tap at ``pos`` on a screen of ``size`` showing ``view`` means: ("button", side),
    ("key", key) or None."""
    if isinstance(view, BigTimesView):          # anywhere: back to the clock, nothing more
        return ("key", Action.ESCAPE)
    orientation = drawn(view, orientation)
    if orientation == "flat":
        facing, point = flat.to_portrait(size, pos)
        surface = flat.portrait_size(size)
        bottom = frame.upright_layout(surface).bottom
        sim_side = PLAYER_SIDES[facing]
    else:
        facing, point, surface = None, pos, size
        lay = frame.layout(size)
        bottom = lay.bottom
        if lay.portrait:            # the halves stacked: the left player's on top
            split = lay.banner.centery
            if isinstance(view, ClockView) and clockdraw.mode(view) == "over":
                split = lay.over.rows[1]["name"].top        # the game over: its halves are lower
            sim_side = PLAYER_SIDES[0] if pos[1] < split else PLAYER_SIDES[1]
        else:
            sim_side = PLAYER_SIDES[0] if pos[0] < size[0] // 2 else PLAYER_SIDES[1]
    for rect, key in keys_on(surface, view, facing):
        if rect.collidepoint(point):
            return ("key", key.key)
    if not sim:
        return None
    if bottom.collidepoint(point):
        return ("button", Side.CENTRE)
    return ("button", sim_side)


def where(size: tuple[int, int], view, wanted: tuple[str, str], *, sim: bool,
          orientation: str = "side") -> tuple[int, int] | None:
    """A point of the screen where a tap means ``wanted`` (as ``meaning`` gives it): the
    middle of the key, or the first such point of a grid over the screen; None if nowhere."""
    orientation = drawn(view, orientation)
    if wanted[0] == "key":
        for facing in ((0, 1) if orientation == "flat" else (None,)):
            surface = flat.portrait_size(size) if facing is not None else size
            for rect, key in keys_on(surface, view, facing):
                if key.key == wanted[1]:
                    centre = flat.on_screen(size, facing, rect).center if facing is not None else rect.center
                    return centre
        return None
    w, h = size
    for fine in (1, 4):                    # a thin bar may fall between the coarse grid's points
        across, down = SEARCH[0] * fine, SEARCH[1] * fine
        for j in range(down):
            for i in range(across):
                point = ((2 * i + 1) * w // (2 * across), (2 * j + 1) * h // (2 * down))
                if meaning(size, view, point, sim=sim, orientation=orientation) == wanted:
                    return point
    return None


class Touch:
    """Taps on the screen: pygame's finger and mouse events become ``Tapped`` inputs on
    ``events`` (the queue the buttons and keys use), and the loop ``resolve``s each against the
    view on screen when it handles it."""

    def __init__(self, events: queue.Queue, *, sim: bool, orientation: str = "side"):
        self.events, self.sim, self.orientation = events, sim, orientation

    def feed(self, event, t_ns: int, size: tuple[int, int]) -> bool:
        """Enqueue a tap; True if the pygame event was one. A click SDL made up from a finger
        (``touch`` set) is not a second tap."""
        if event.type == pygame.FINGERDOWN:
            pos = (int(event.x * size[0]), int(event.y * size[1]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not event.dict.get("touch"):
            pos = event.pos
        else:
            return False
        self.events.put(Tapped(pos[0], pos[1], t_ns))
        return True

    def resolve(self, tap: Tapped, size: tuple[int, int], view) -> ButtonPressed | KeyTyped | None:
        """What ``tap`` means on a screen of ``size`` showing ``view``: a press, a key, or
        nothing."""
        what = meaning(size, view, (tap.x, tap.y), sim=self.sim, orientation=self.orientation)
        if what is None:
            return None
        kind, name = what
        return ButtonPressed(name, tap.t_ns) if kind == "button" else KeyTyped(name, tap.t_ns)


def station_touch(inputs: queue.Queue) -> Touch:
    """Taps on the station's screen onto its ``inputs``: its keys alone answer (no half of the
    screen is anybody's button here)."""
    return Touch(inputs, sim=False)
