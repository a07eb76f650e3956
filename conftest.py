"""The development files beside the repository, for the tests that read them: the rule books, the
real tsh and TOU files, the ENABLE word list as published (../shared, which CI clones beside the
repository). The product never reads them: a table's default lexicon is the ENABLE list bundled in
kiosk/lexicon/data. The ``shared`` fixture names them, and fails loudly when they are missing.

And what every run shares: where the tests' temporary folders are (in memory,
``_temporary_folders_in_memory``), the slow tests first, a test that starts a Python or a shell
marked slow (``STARTS_SLOW``), the director's fixtures (tests/support/fixtures.py)."""
from __future__ import annotations

import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

# the director's harnesses, for every test folder; pytester, for tests/test_slow_marks.py
pytest_plugins = ["tests.support.fixtures", "pytester"]

SHARED = Path(__file__).resolve().parent.parent / "shared"
MEMORY_TMP = Path("/dev/shm")


def _temporary_folders_in_memory() -> None:
    """The tests' temporary folders (tmp_path, and whatever the processes they start make) on
    the machine's tmpfs, /dev/shm, unless TMPDIR names another place: the SQLite files there are
    real files, but a commit's fsync costs nothing (on this machine's disk, 4.5 ms a commit, and
    the suite commits tens of thousands of times). The power-cut tests bring a disk of their own
    (tests/support/power_cut_disk.py: ext4 on a loop device)."""
    if "TMPDIR" in os.environ or not (MEMORY_TMP.is_dir() and os.access(MEMORY_TMP, os.W_OK)):
        return
    os.environ["TMPDIR"] = str(MEMORY_TMP)
    tempfile.tempdir = None             # gettempdir() reads TMPDIR again


_temporary_folders_in_memory()


#: The longest of the slow tests, by their files (make test on 2026-12-02, 2 to 5 minutes each
#: under load): first of all, so that none of them starts last.
LONGEST = ("tests/rehearsal/", "tests/app/test_app_demo_touch.py", "tests/install/test_wheelhouse.py",
           "tests/app/test_app_power_cut.py", "tests/director/test_draw.py",
           "tests/app/test_app_demo_kills.py", "tests/sync/test_serial_kiosk.py")


def pytest_collection_modifyitems(config, items):
    """The slow tests first, the longest of them before the others (the rehearsals, the demos,
    the killed processes: a minute or more each on a loaded machine): spread over workers (make
    test), they start at once rather than last, where the longest alone would end the run late.
    The rest keep their order."""
    def order(item) -> tuple[bool, bool]:
        path = item.nodeid.split("::")[0]
        return item.get_closest_marker("slow") is None, not path.startswith(LONGEST)
    items.sort(key=order)


#: The programs a test may start only when it is marked slow: a Python (the kiosk, the director,
#: a command, a child to kill: some half a second of CPU before its first line) or a shell (the
#: installers, which start their own). ``make check`` is the tests in pytest's own process and
#: what they drive there (the director's service in a thread, a kiosk on simulated time, a
#: pseudo-terminal, an espeak, a shellcheck); ``make test`` runs the processes too.
STARTS_SLOW = re.compile(r"(python[0-9.]*|bash|sh|dash)")

_started: list[str] | None = None       # the slow programs the running test started, if it checks


def _heard(event: str, args: tuple) -> None:
    """The audit hook: a Python or a shell started while a test not marked slow runs."""
    if event != "subprocess.Popen" or _started is None:
        return
    executable, argv = args[0], args[1]
    program = os.path.basename(os.fsdecode(executable or (argv[0] if argv else "")))
    if STARTS_SLOW.fullmatch(program):
        _started.append(" ".join(os.fsdecode(a) for a in argv)[:200])


sys.addaudithook(_heard)


def _checking_starts(item):
    """Around a test's set-up or call: unless it is marked slow, what it starts is heard, and
    a Python or a shell fails it, named."""
    global _started
    if item.get_closest_marker("slow") is not None:
        return (yield)
    _started = []
    try:
        outcome = yield
    finally:
        started, _started = _started, None
    if started:
        pytest.fail(f"it started {started[0]!r}{f' and {len(started) - 1} more' if len(started) > 1 else ''}: "
                    "a test that starts a Python or a shell is marked slow (conftest.STARTS_SLOW)",
                    pytrace=False)
    return outcome


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    return (yield from _checking_starts(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    return (yield from _checking_starts(item))


@dataclass(frozen=True)
class SharedFiles:
    """Paths into ../shared."""
    root: Path

    @property
    def enable(self) -> Path:
        """The ENABLE word list, as text (the bundled .lex is compiled from it)."""
        return self.root / "lexicons" / "enable2k.txt"

    @property
    def tsh(self) -> Path:
        """Real tsh files: two NASPA divisions (.t) and a tsh archive (.tsh)."""
        return self.root / "formats" / "tsh"

    @property
    def tou(self) -> Path:
        """Real .TOU files (AUPAIR's, and Woogles' export)."""
        return self.root / "formats" / "tou"


@pytest.fixture(scope="session")
def shared() -> SharedFiles:
    files = SharedFiles(SHARED)
    for folder in (files.enable, files.tsh, files.tou):
        if not folder.exists():
            pytest.fail(f"{folder} is missing: the tests expect the development files beside the "
                        f"repository ({SHARED}), as CI clones them")
    return files
