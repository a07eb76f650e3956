"""Reading an organiser's word list: which lines are words, which are bad, and the fingerprint.

The format is forgiving about layout and strict about words:
- one entry per line; the first whitespace-separated field is the word, anything after it
  (a definition, a hook, a probability) is ignored;
- blank lines and lines whose first non-blank character is ``#`` are skipped;
- plain text or gzip (recognised by its magic bytes, whatever the file is called); UTF-8 with or
  without a BOM, or UTF-16 with a BOM; LF or CRLF line ends; any letter case;
- a word is made of the letters A-Z only (in any case). Any other first field (``CAT-O``,
  ``CAFÉ``, ``R2D2``) makes the line *bad*: bad lines are counted and their line numbers kept,
  never silently dropped. Whether a file with bad lines is accepted is the importer's decision.

The fingerprint of a list is the SHA-256 of its distinct words, upper case, sorted, each followed
by a newline (``"AA\\nAAH\\n..."`` in ASCII): the same words give the same fingerprint whatever the
file's layout, case, comments or order.
"""
from __future__ import annotations

import codecs
import gzip
import hashlib
from typing import Iterable

from common.game.frozen import value

#: How many bad lines a WordList keeps for reporting (all of them are counted).
KEEP_BAD = 20

_GZIP_MAGIC = b"\x1f\x8b"


@value
class BadLine:
    """A line whose first field is not a word of the letters A-Z."""
    number: int  # 1-based
    text: str    # the line as read, without its line end

    def describe(self, width: int = 40) -> str:
        text = self.text if len(self.text) <= width else self.text[:width - 3] + "..."
        return f"line {self.number}: {text!r}"


@value
class WordList:
    """The outcome of reading a list: its distinct words (sorted) and what was wrong with it."""
    words: tuple[str, ...]
    entries: int                    # lines holding a word or a bad field (not blank, not comment)
    bad_count: int
    bad: tuple[BadLine, ...]        # the first KEEP_BAD bad lines
    duplicates: int                 # word lines repeating an earlier word (counted once)

    @property
    def bad_share(self) -> float:
        return self.bad_count / self.entries if self.entries else 0.0


def fingerprint(sorted_words: Iterable[str]) -> str:
    """SHA-256 (hex) of the words, each followed by a newline, in the order given (sorted)."""
    digest = hashlib.sha256()
    for word in sorted_words:
        digest.update(word.encode("ascii") + b"\n")
    return digest.hexdigest()


def word_of(field: str) -> str | None:
    """The normalised word for a line's first field, or None if it is not letters A-Z.

    Checked before upper-casing: ``"ß".upper()`` is ``"SS"`` and ``"ﬁ".upper()`` is ``"FI"``,
    which must not sneak in as words.
    """
    if field.isascii() and field.isalpha():
        return field.upper()
    return None


def parse_lines(lines: Iterable[str]) -> WordList:
    """Read the lines of a decoded list (line ends already removed or not; numbering from 1)."""
    words: set[str] = set()
    entries = bad_count = duplicates = 0
    bad: list[BadLine] = []
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix("\ufeff")
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        entries += 1
        word = word_of(fields[0])
        if word is None:
            bad_count += 1
            if len(bad) < KEEP_BAD:
                bad.append(BadLine(number, line))
        elif word in words:
            duplicates += 1
        else:
            words.add(word)
    return WordList(words=tuple(sorted(words)), entries=entries, bad_count=bad_count,
                    bad=tuple(bad), duplicates=duplicates)


def decode(raw: bytes) -> str:
    """Bytes of a list (maybe gzip) as text. Undecodable bytes survive as lone surrogates, so
    they make their own line bad (not the whole file) and never pass as letters."""
    if raw.startswith(_GZIP_MAGIC):
        raw = gzip.decompress(raw)
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors="surrogateescape")
    return raw.decode("utf-8-sig", errors="surrogateescape")


def split_lines(text: str) -> list[str]:
    """Lines by LF (CRLF and a lone CR at a line's end are handled by parse_lines). Not
    ``str.splitlines``: it also splits on form feeds and Unicode separators, which would shift
    the line numbers we report."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines
