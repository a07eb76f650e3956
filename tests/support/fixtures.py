"""The fixtures every test folder shares (a pytest plugin, named in the root conftest.py):

- ``make_director(...)``: a real director's service on 127.0.0.1, in this process
  (tests/support/director_harness.py), on a fresh SQLite file of the test's, seeded with players
  and pairings if asked; stopped when the test ends. ``director``: one with the harness's
  tournament and key. A module whose tests need another tournament, key or limits says so in a
  fixture of its own made from ``make_director``.
- ``director_process(...)``: the same service as ``python -m director``, a process of its own
  (bench/rigs/director_process.py), for what only a process shows: killed and started again,
  its serial lines, its command line.

Each test has its own database (what a test asserts is what is stored); a server costs a tenth
of a second to start in this process, so each has its own server too. A test's directors are
stopped in a thread when it ends (uvicorn's shutdown waits a tenth of a second or two: the next
test need not), each joined before the session ends."""
from __future__ import annotations

import itertools
import threading

import pytest

# The director's modules are imported by the fixtures that use them, not by every run of pytest.


#: The directors of ended tests, still stopping.
_STOPPING: list[threading.Thread] = []


@pytest.fixture
def make_director(tmp_path):
    """``make(key=KEY, tournament=TOURNAMENT, preset="aspa", settings=None, config=None,
    pairings=None, started=True, announcement=None)``: a started director on a new database in
    ``tmp_path``, with the config file ``config`` if any and ``settings`` over it; ``pairings``
    ({round: {table: (left, right, first)}}) seeded first, each round started unless
    ``started`` is False (bench.rigs.director_process.seed)."""
    from bench.rigs.director_process import seed
    from tests.support.director_harness import KEY, TOURNAMENT, Director
    made: list[Director] = []
    numbers = itertools.count()

    def make(*, key: str | bytes = KEY, tournament: str = TOURNAMENT, preset: str = "aspa",
             settings: dict | None = None, config=None, pairings: dict | None = None,
             started: bool = True, announcement=None) -> Director:
        number = next(numbers)
        db = tmp_path / ("director.sqlite" if number == 0 else f"director-{number}.sqlite")
        if pairings:
            seed(db, pairings, started=started)
        running = Director(db, preset, settings, announcement, key=key, tournament=tournament,
                           config=config)
        made.append(running.start())
        return running
    yield make
    for running in made:
        stopping = threading.Thread(target=running.stop, name="director-stopping", daemon=True)
        stopping.start()
        _STOPPING.append(stopping)


def pytest_sessionfinish(session):
    """Every director the tests made, stopped before the run ends."""
    for stopping in _STOPPING:
        stopping.join(timeout=60)


@pytest.fixture
def director(make_director):
    """A director with the harness's tournament (``TOURNAMENT``) and key (``KEY``)."""
    return make_director()


@pytest.fixture
def director_process(tmp_path):
    """``make(key=..., tournament=..., preset="aspa", args=(), pairings=None, started=True)``:
    ``python -m director`` started on a new database in ``tmp_path`` (seeded as
    ``make_director`` seeds it), stopped when the test ends."""
    from bench.rigs.director_process import DirectorProcess, seed
    from tests.support.director_harness import KEY, TOURNAMENT
    made: list[DirectorProcess] = []
    numbers = itertools.count()

    def make(*, key: str | bytes = KEY, tournament: str = TOURNAMENT, preset: str = "aspa",
             args: tuple[str, ...] = (), pairings: dict | None = None,
             started: bool = True) -> DirectorProcess:
        number = next(numbers)
        db = tmp_path / ("director-process.sqlite" if number == 0 else f"director-process-{number}.sqlite")
        if pairings:
            seed(db, pairings, started=started)
        key = key.encode() if isinstance(key, str) else key
        process = DirectorProcess(db, key, tournament=tournament, preset=preset, args=args)
        made.append(process)
        return process.start()
    yield make
    for process in made:
        process.stop()

