"""Link tests: the kiosk's stores on real SQLite files and a director on a real HTTP port."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # helpers (import-mode=importlib)

import pytest  # noqa: E402

from protocol_director import ProtocolDirector  # noqa: E402
from sync_kiosks import KEY  # noqa: E402


@pytest.fixture
def director():
    server = ProtocolDirector(KEY).up()
    yield server
    server.down()
