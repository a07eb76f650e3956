"""App tests: the whole kiosk (config -> buttons, store, screens, loop) on a real SQLite file,
a real pygame surface (SDL's dummy driver), gpiozero MockFactory pins and explicit times."""
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))                        # app_harness (import-mode=importlib)
sys.path.insert(0, str(HERE.parent / "ui"))         # ui_harness, whose input paths we reuse
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))     # the event queue needs the video system up
    yield


@pytest.fixture
def kiosks(tmp_path):
    """``make(**options)``: a kiosk on ``tmp_path/kiosk.sqlite``. Kiosks not crashed on
    purpose are closed at the end."""
    from app_harness import StoreHarness
    made = []

    def make(**options):
        options.setdefault("store", tmp_path / "kiosk.sqlite")
        harness = StoreHarness(tmp_path / f"shots-{len(made)}", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        if harness.crashed:
            harness.session.close()
        else:
            harness.close()
