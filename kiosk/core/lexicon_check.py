"""Is this the official word list? Compares a lexicon's fingerprint with the configured ones.

A tournament config may list the SHA-256 fingerprints of the official lexicons by name
(``{"CSW21": "3f2a..."}``). The judge screen then shows the lexicon's name plainly with
"(official)", "— NOT the official list", or "(official status unknown)" when no fingerprint is
configured for that name. Names compare without regard to case; so do the hex digits.

Pure: the lexicon arrives as anything with ``.name`` and ``.fingerprint`` (a compiled lexicon
from ``kiosk.lexicon``, a test double); the official fingerprints as a mapping.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

OFFICIAL, NOT_OFFICIAL, UNKNOWN = "official", "not official", "unknown"

_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class LexiconStatus:
    """The verdict on a lexicon's identity; ``label`` is what a screen shows."""
    name: str
    status: str  # OFFICIAL, NOT_OFFICIAL or UNKNOWN

    @property
    def label(self) -> str:
        if self.status == OFFICIAL:
            return f"{self.name} (official)"
        if self.status == NOT_OFFICIAL:
            return f"{self.name} \u2014 NOT the official list"
        return f"{self.name} (official status unknown)"


def official_fingerprints(official: Mapping[str, str]) -> dict[str, str]:
    """Normalise a configured ``{name: sha256}`` table; a malformed entry is a ValueError
    naming the lexicon and saying what is expected."""
    table: dict[str, str] = {}
    for name, fingerprint in official.items():
        digest = str(fingerprint).strip().lower()
        if not _SHA256.fullmatch(digest):
            raise ValueError(f"official fingerprint of {name}: expected 64 hex digits "
                             f"(a SHA-256), not {fingerprint!r}")
        key = str(name).strip().upper()
        if key in table and table[key] != digest:
            raise ValueError(f"official fingerprint of {name}: listed twice with different values")
        table[key] = digest
    return table


def check_official(lexicon, official: Mapping[str, str]) -> LexiconStatus:
    """Official, NOT official, or unknown (no fingerprint configured under the lexicon's name)."""
    expected = official_fingerprints(official).get(str(lexicon.name).strip().upper())
    if expected is None:
        return LexiconStatus(lexicon.name, UNKNOWN)
    matches = str(lexicon.fingerprint).strip().lower() == expected
    return LexiconStatus(lexicon.name, OFFICIAL if matches else NOT_OFFICIAL)
