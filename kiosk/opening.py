"""What both of the kiosk's programs open before their first frame: the screen
(``open_display``) and the word list with its label for the top line (``open_lexicon``).

Their composition roots are kiosk/app.py (``python -m kiosk run``, the table) and
kiosk/station_app.py (``python -m kiosk judge``, the shared judge station).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Container

from kiosk.display_error import display_error
from kiosk.lexicon import BUNDLED_LEXICON, LexiconError, status_of

#: The lexicon used when none is named: the public-domain ENABLE list shipped with the kiosk.
DEFAULT_LEXICON = BUNDLED_LEXICON


def open_lexicon(path: str | Path | None, official: dict | None = None, preset: str = ""
                 ) -> tuple[Container[str] | None, str]:
    """(lexicon, label for the screen: its name, and whether it is the official list of the
    ``preset``'s book, common.game.lexicon_check). Without a path: the default list if it exists."""
    explicit = path is not None
    path = Path(path) if explicit else DEFAULT_LEXICON
    if not path.exists():
        if explicit:
            raise LexiconError(f"lexicon {path}: no such file")
        return None, "no lexicon"
    from kiosk.lexicon import open_lexicon as open_file
    try:
        lexicon = open_file(path)
    except (OSError, ValueError) as exc:
        raise LexiconError(f"lexicon {path}: {exc}") from exc
    return lexicon, status_of(lexicon, official, preset).label


def open_display(size: tuple[int, int], *, fullscreen: bool, headless: bool, caption: str):
    """The screen: a window in simulation, fullscreen on the kiosk (KMSDRM), or off-screen;
    ``DisplayError`` saying what to check when there is none."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    try:
        pygame.display.init()
        if fullscreen and not headless:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surface = pygame.display.set_mode(size)
    except pygame.error as exc:     # no screen for SDL's driver: what to check (exit 2, cli.py)
        raise display_error(exc, os.environ.get("SDL_VIDEODRIVER")) from exc
    pygame.font.init()
    if fullscreen and not headless:
        pygame.mouse.set_visible(False)
    pygame.display.set_caption(caption)
    return surface
