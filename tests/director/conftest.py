"""Director tests: a real server (uvicorn on a free 127.0.0.1 port, tests/director/
director_harness.py) with its SQLite file in tmp_path; real signed documents from the replay core."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # director_harness (import-mode=importlib)

import pytest  # noqa: E402

from director_harness import Director  # noqa: E402


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite").start()
    yield running
    running.stop()
