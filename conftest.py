"""The development files beside the repository, for the tests that read them: the rule books, the
real tsh and TOU files, the ENABLE word list as published (../shared, which CI clones beside the
repository). The product never reads them: a table's default lexicon is the ENABLE list bundled in
kiosk/lexicon/data. The ``shared`` fixture names them, and fails loudly when they are missing.

And what every run shares: where the tests' temporary folders are (in memory,
``_temporary_folders_in_memory``), the slow tests first, the director's fixtures
(tests/support/fixtures.py)."""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest_plugins = ["tests.support.fixtures"]      # the director's harnesses, for every test folder

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
