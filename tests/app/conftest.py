"""App tests: the whole kiosk (config -> buttons, store, screens, loop) on a real SQLite file,
a real pygame surface (SDL's dummy driver: tests/support/dummy_display.py), gpiozero MockFactory pins
and explicit times."""
import pytest

from tests.support.dummy_display import display  # noqa: F401 - the session's display, for every test here


@pytest.fixture
def kiosks(tmp_path):
    """``make(**options)``: a kiosk on ``tmp_path/kiosk.sqlite``. Kiosks not crashed on
    purpose are closed at the end."""
    from tests.support.app_harness import StoreHarness
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
