"""pygame on SDL's dummy video driver, for the tests that draw (tests/ui, tests/app): real
surfaces, no window. Importing this sets the driver before pygame starts; each of those
folders' conftest takes the ``display`` fixture from here."""
import os

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
