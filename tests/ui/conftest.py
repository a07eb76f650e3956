"""pygame on SDL's dummy video driver: real surfaces, no window. Screenshots go to a tmp dir
(``--basetemp`` to keep them) and, with TABLEKEEPER_SHOTS set, to that folder too."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))      # the harnesses, ui_pixels (import-mode=importlib)
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
def shots(tmp_path, request):
    folder = os.environ.get("TABLEKEEPER_SHOTS")
    if folder:
        path = os.path.join(folder, request.node.name)
        os.makedirs(path, exist_ok=True)
        return __import__("pathlib").Path(path)
    return tmp_path / "shots"


@pytest.fixture
def kiosk(shots):
    from ui_harness import Harness
    made = []

    def make(**options):
        harness = Harness(shots, **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()


@pytest.fixture
def station(tmp_path):
    """``make(**options)``: the shared judge station (station_harness), closed at the end."""
    from station_harness import StationHarness
    made = []

    def make(**options):
        harness = StationHarness(tmp_path / f"station-{len(made)}", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()
