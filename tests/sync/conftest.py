"""Link tests: the kiosk's stores on real SQLite files; the real director's service on a free
127.0.0.1 port (in this process, tests/support/fixtures.py; ``python -m director`` itself where
a test needs the process: killed mid-traffic, a serial line) or, for the answers a real director
never gives (a 503, an assignment for another table), a small protocol server on a real port."""
from __future__ import annotations

import pytest

from tests.support.protocol_director import ProtocolDirector
from bench.rigs.sync_kiosks import KEY, TOURNAMENT


@pytest.fixture
def director():
    """The protocol server (tests/support/protocol_director.py)."""
    server = ProtocolDirector(KEY).up()
    yield server
    server.down()


@pytest.fixture
def real_director(make_director):
    """``make(pairings=None, key=KEY, preset="aspa", config=None, started=True)``: the
    director's service running on its own database, seeded with players and ``pairings``
    ({round: {table: (left, right, first)}}), each round started unless ``started`` is False,
    with the config file ``config`` if any (tests/support/director_harness.py: ``kill()`` and
    ``start()`` again as a process's restart)."""
    def make(pairings=None, key: bytes = KEY, preset: str = "aspa", config=None,
             started: bool = True):
        return make_director(key=key, tournament=TOURNAMENT, preset=preset, config=config,
                             pairings=pairings, started=started)
    return make
