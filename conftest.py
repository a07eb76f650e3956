"""The development files beside the repository, for the tests that read them: the rule books, the
real tsh and TOU files, the ENABLE word list as published (../shared, which CI clones beside the
repository). The product never reads them: a table's default lexicon is the ENABLE list bundled in
kiosk/lexicon/data. The ``shared`` fixture names them, and fails loudly when they are missing."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent / "shared"


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
