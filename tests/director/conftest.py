"""Director tests: a real server (uvicorn on a free 127.0.0.1 port, tests/support/
director_harness.py) with its SQLite file in tmp_path; real signed documents from the replay core."""
import pytest

from tests.support.director_harness import Director


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite").start()
    yield running
    running.stop()
