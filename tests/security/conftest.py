"""The attacks of docs/threat-model.md, one test each, against the real parts: the director's
service on 127.0.0.1 (in a thread, tests/support/director_harness.py). Each asserts the answer,
that nothing was stored, and that the service still serves."""
from __future__ import annotations

import pytest

from tests.support.director_harness import Director


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite").start()
    yield running
    running.stop()


@pytest.fixture
def limited(tmp_path, request):
    """A director with the limits the test names (``@pytest.mark.parametrize("limited",
    [{"limits.requests_per_s": 1}], indirect=True)``)."""
    running = Director(tmp_path / "limited.sqlite", settings=request.param).start()
    yield running
    running.stop()
