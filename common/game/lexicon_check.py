"""Is this the official word list? Compares a lexicon's fingerprint with the configured ones, and
its name with the one the preset's book names.

A tournament config may list the SHA-256 fingerprints of the official lexicons by name
(``{"CSW21": "3f2a..."}``). The screens then show the lexicon's name with "(official)" or "— NOT
the official list" (a fingerprint configured for that name: it matches, or not). Without one, a
list that is not the one the preset's book names (ASPA's CSW, NZASP's CSW19, ...: the preset's
``official_lexicon``) is "not the official CSW19"; one whose name is the book's is
"(official status unknown)": its name alone proves nothing. Names compare without regard to case
or punctuation, a year in full or short (CSW2019 is CSW19), and a book's list named without its
edition (CSW) is any edition of it; the hex digits compare without regard to case.

Pure: the lexicon arrives as anything with ``.name`` and ``.fingerprint`` (a compiled lexicon
from ``kiosk.lexicon``, a test double); the official fingerprints as a mapping.
"""
from __future__ import annotations

import re
from typing import Mapping

from .frozen import value

OFFICIAL, NOT_OFFICIAL, UNKNOWN = "official", "not official", "unknown"
NOT_THE_BOOKS = "not the book's"

_SHA256 = re.compile(r"[0-9a-f]{64}")


@value
class LexiconStatus:
    """The verdict on a lexicon's identity; ``label`` is what a screen shows. ``book`` is the
    list the preset's book names (``rules`` its preset, in capitals), if it names one."""
    name: str
    status: str  # OFFICIAL, NOT_OFFICIAL, NOT_THE_BOOKS or UNKNOWN
    book: str = ""
    rules: str = ""

    @property
    def label(self) -> str:
        if self.status == OFFICIAL:
            return f"{self.name} (official)"
        if self.status == NOT_OFFICIAL:
            return f"{self.name} \u2014 NOT the official list"
        if self.status == NOT_THE_BOOKS:
            return f"{self.name} \u2014 not the official {self.book}"
        return f"{self.name} (official status unknown)"

    @property
    def official(self) -> bool:
        return self.status == OFFICIAL


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


def _plain(name: str) -> str:
    """A list's name to compare: capitals and digits only, a year in full made short."""
    plain = re.sub(r"[^0-9A-Z]", "", str(name).upper())
    return re.sub(r"(19|20)(\d\d)$", r"\2", plain) if re.search(r"[A-Z](19|20)\d\d$", plain) else plain


def is_the_books(name: str, book: str) -> bool:
    """Whether a list called ``name`` is the list ``book`` (CSW19 is CSW2019; CSW names any CSW)."""
    ours, theirs = _plain(name), _plain(book)
    if not theirs:
        return True
    if theirs.isalpha():                        # the book names no edition
        return ours.startswith(theirs) and ours[len(theirs):].isdigit() or ours == theirs
    return ours == theirs


def check_official(lexicon, official: Mapping[str, str], book: str = "", rules: str = "") -> LexiconStatus:
    """Official or NOT (a fingerprint configured under the lexicon's name); else not the book's
    list (``book``, the preset ``rules``'s), or unknown."""
    expected = official_fingerprints(official).get(str(lexicon.name).strip().upper())
    if expected is None:
        if book and not is_the_books(lexicon.name, book):
            return LexiconStatus(lexicon.name, NOT_THE_BOOKS, book, rules)
        return LexiconStatus(lexicon.name, UNKNOWN, book, rules)
    matches = str(lexicon.fingerprint).strip().lower() == expected
    return LexiconStatus(lexicon.name, OFFICIAL if matches else NOT_OFFICIAL, book, rules)
