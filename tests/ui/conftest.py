"""Screen tests on pygame's dummy video driver (dummy_display): real surfaces, no window; each
kiosk on a real SQLite file in the test's tmp dir. Screenshots go to a tmp dir (``--basetemp``
to keep them) and, with TABLEKEEPER_SHOTS set, to that folder too."""
import os
from pathlib import Path


import pytest

from tests.support.dummy_display import display  # noqa: F401 - the session's display, for every test here


@pytest.fixture
def shots(tmp_path, request):
    folder = os.environ.get("TABLEKEEPER_SHOTS")
    if folder:
        path = os.path.join(folder, request.node.name)
        os.makedirs(path, exist_ok=True)
        return Path(path)
    return tmp_path / "shots"


@pytest.fixture
def kiosk(shots, tmp_path):
    """``make(**options)``: a table kiosk (ui_harness.Harness) on its own SQLite file in
    ``tmp_path``, closed at the end."""
    from tests.support.ui_harness import Harness
    made = []

    def make(**options):
        options.setdefault("store", tmp_path / f"kiosk-{len(made)}.sqlite")
        harness = Harness(shots, **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()


@pytest.fixture
def station(tmp_path):
    """``make(**options)``: the shared judge station (station_harness), closed at the end."""
    from tests.support.station_harness import StationHarness
    made = []

    def make(**options):
        harness = StationHarness(tmp_path / f"station-{len(made)}", **options)
        made.append(harness)
        return harness
    yield make
    for harness in made:
        harness.close()
