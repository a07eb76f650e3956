"""Link tests: the kiosk's stores on real SQLite files; the real director (``python -m
director`` as a subprocess on a free port) or, for the answers a real director never gives
(a 503, an assignment for another table), a small protocol server on a real port."""
from __future__ import annotations



import pytest

from bench.rigs.director_process import DirectorProcess, seed
from tests.support.protocol_director import ProtocolDirector
from bench.rigs.sync_kiosks import KEY, TOURNAMENT


@pytest.fixture
def director():
    """The protocol server (tests/support/protocol_director.py)."""
    server = ProtocolDirector(KEY).up()
    yield server
    server.down()


@pytest.fixture
def real_director(tmp_path):
    """``make(pairings=None, key=KEY, preset="aspa", args=(), started=True)``: the director's
    service running on its own database, seeded with players and ``pairings`` ({round: {table:
    (left, right, first)}}), each round started unless ``started`` is False, with more
    command-line ``args`` (``--serial PORT --addresses 7``)."""
    made = []

    def make(pairings=None, key: bytes = KEY, preset: str = "aspa", args=(),
             started: bool = True) -> DirectorProcess:
        db = tmp_path / f"director-{len(made)}.sqlite"
        if pairings:
            seed(db, pairings, started=started)
        process = DirectorProcess(db, key, tournament=TOURNAMENT, preset=preset, args=args).start()
        made.append(process)
        return process
    yield make
    for process in made:
        process.stop()
