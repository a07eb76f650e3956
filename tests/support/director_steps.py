"""Steps shared by the director's menu tests: opening it (F10 or a long press of the centre
button on MockFactory pins, each edge at an explicit time), and reading what the journal got."""
from __future__ import annotations

from drivers.buttons import DEFAULT_PINS
from tests.support.quick_hash import quick_hash
from kiosk.ui.widgets import keyboard as onscreen, theme
from kiosk.ui.menu.paint import director_layout
from tests.support.ui_pixels import bar_shows, reads, shows

PIN = "2468"
PIN_HASH = quick_hash(PIN)            # what the table's config holds (director.pin_hash)


def centre_down(k, at: float):
    """The centre button pushed down (GPIO) at ``at``, and one pass of the loop."""
    k.at(at)
    k.factory.pin(DEFAULT_PINS["centre"]).drive_low()
    k.step()
    return k


def centre_up(k, at: float):
    k.at(at)
    k.factory.pin(DEFAULT_PINS["centre"]).drive_high()
    k.step()
    return k


def open_menu(k, at: float, pin: str = PIN):
    """F10 and the PIN: the director's menu."""
    return k.key("Director", at=at).type(pin + "\n")


def recorded(k, since: int = 0) -> list:
    """The events journaled since line ``since``."""
    return k.events(since=since)


def menu_shows(k, part: str, text: str, colour) -> bool:
    """Whether a part of the director's screen (heading, status, entry_text) reads ``text``."""
    return reads(k, text, colour, within=director_layout(k.surface.get_size(), k.view)[part])


def row_shows(k, index: int, text: str) -> bool:
    """Whether row ``index`` of the listing reads ``text``: a line, or a key of the on-screen
    keyboard where the choices are keys."""
    parts = director_layout(k.surface.get_size(), k.view)
    keyboard = k.view.keyboard
    if keyboard is not None and keyboard.choices:
        face = onscreen.faces(keyboard, parts["keys"], parts["key_min"])[index]
        return shows(k.surface, face.label_box, text, theme.WHITE, bg=face.colour, align=face.align,
                     max_size=face.label_size)
    return reads(k, text, theme.FG, within=parts["rows"][index])


def error_shows(k, text: str) -> bool:
    return bar_shows(k, director_layout(k.surface.get_size(), k.view)["bottom"], text, theme.ERROR)
