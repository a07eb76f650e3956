"""App tests: the whole kiosk (config -> buttons, store, screens, loop) on a real SQLite file,
a real pygame surface (SDL's dummy driver: tests/ui/dummy_display.py), gpiozero MockFactory pins
and explicit times."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))                        # app_harness (import-mode=importlib)
sys.path.insert(0, str(HERE.parent / "ui"))         # ui_harness, whose kiosk we reuse

import pytest  # noqa: E402

from dummy_display import display  # noqa: E402,F401 - the session's display, for every test here


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
