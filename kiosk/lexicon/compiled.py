"""The compiled lexicon file (``.lex``) and the Lexicon object the judge asks ``word in lexicon``.

One file, so a director copies one thing to each table:

    line 1   ``tablekeeper lexicon 1``   (magic and format version, ASCII)
    line 2   metadata as one line of JSON (UTF-8): name, word_count, fingerprint, source,
             source_sha256, imported_at, bad_lines, duplicates, trie_sha256
    rest     the marisa-trie (``marisa_trie.Trie.tobytes()``) of the upper-case words

Loading reads the file, checks the magic, the trie's SHA-256 and its word count (a truncated or
damaged file is a loud ``LexiconError``, never a judge with missing words), and restores the trie:
a few milliseconds for a Collins-sized list. ``fingerprint`` is the SHA-256 of the normalised
sorted word list (see ``kiosk.lexicon.wordlist``); ``Lexicon.verify()`` recomputes it from the
trie itself.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Iterable

import marisa_trie

from kiosk.lexicon.wordlist import fingerprint as fingerprint_of

MAGIC_PREFIX = b"tablekeeper lexicon "
MAGIC = MAGIC_PREFIX + b"1\n"
_REQUIRED = {"name": str, "fingerprint": str, "word_count": int, "trie_sha256": str}
SUFFIX = ".lex"


class LexiconError(ValueError):
    """A lexicon file that cannot be used: says which file and why."""


class Lexicon:
    """A read-only set of upper-case words with its identity: ``word in lexicon``."""

    __slots__ = ("_trie", "name", "fingerprint", "word_count", "metadata", "path")

    def __init__(self, trie: marisa_trie.Trie, metadata: dict, path: Path | None = None):
        self._trie = trie
        self.metadata = metadata
        self.name: str = metadata["name"]
        self.fingerprint: str = metadata["fingerprint"]
        self.word_count: int = metadata["word_count"]
        self.path = path

    def __contains__(self, word) -> bool:
        return word in self._trie

    def __len__(self) -> int:
        return self.word_count

    def __repr__(self) -> str:
        return f"<Lexicon {self.name} {self.word_count} words {self.fingerprint[:12]}>"

    def words(self) -> list[str]:
        """Every word, sorted (slow-ish: for tools and checks, not for the judge)."""
        return sorted(self._trie.keys())

    def verify(self) -> bool:
        """Recompute the fingerprint from the words themselves."""
        return fingerprint_of(self.words()) == self.fingerprint


def build(words: Iterable[str], metadata: dict) -> Lexicon:
    """A lexicon in memory from normalised words (``name`` in metadata; the rest is filled in)."""
    words = sorted(set(words))
    meta = dict(metadata, word_count=len(words), fingerprint=fingerprint_of(words))
    return Lexicon(marisa_trie.Trie(words), meta)


def write(lexicon: Lexicon, path: str | Path, overwrite: bool = False) -> Path:
    """Write a ``.lex`` file atomically (a temporary file renamed into place): a reader never
    sees half a file, and a failure leaves nothing behind. Refuses to replace an existing file
    unless ``overwrite``."""
    path = Path(path)
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} already exists (use --force to replace it)")
    trie_bytes = lexicon._trie.tobytes()
    meta = dict(lexicon.metadata, trie_sha256=hashlib.sha256(trie_bytes).hexdigest())
    header = MAGIC + json.dumps(meta, sort_keys=True).encode("utf-8") + b"\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # beside it: same file system
    try:
        with open(tmp, "wb") as handle:
            handle.write(header)
            handle.write(trie_bytes)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    lexicon.metadata = meta
    lexicon.path = path
    return path


def is_compiled(path: str | Path) -> bool:
    """Does the file start like a compiled lexicon (of any format version)?"""
    with open(path, "rb") as handle:
        return handle.read(len(MAGIC_PREFIX)) == MAGIC_PREFIX


def load(path: str | Path) -> Lexicon:
    """Open a ``.lex`` file; a damaged or foreign file is a LexiconError naming it."""
    path = Path(path)
    data = path.read_bytes()
    if not data.startswith(MAGIC):
        if data.startswith(MAGIC_PREFIX):
            version = data[len(MAGIC_PREFIX):].split(b"\n", 1)[0][:20].decode("ascii", "replace")
            raise LexiconError(f"{path}: lexicon format {version!r}, this tablekeeper reads "
                               f"format 1 (a newer version made it?)")
        raise LexiconError(f"{path}: not a compiled lexicon (it does not start with {MAGIC!r})")
    end = data.find(b"\n", len(MAGIC))
    try:
        meta = json.loads(data[len(MAGIC):end])
        trie_bytes = data[end + 1:]
        intact = end > 0 and hashlib.sha256(trie_bytes).hexdigest() == meta["trie_sha256"]
        for key, kind in _REQUIRED.items():
            if not isinstance(meta[key], kind):
                raise TypeError(key)
    except (ValueError, TypeError, KeyError):
        raise LexiconError(f"{path}: damaged lexicon file (its metadata cannot be read)") from None
    if not intact:
        raise LexiconError(f"{path}: damaged lexicon file (its words do not match their checksum; "
                           "import the word list again)")
    trie = marisa_trie.Trie()
    trie.frombytes(trie_bytes)
    if len(trie) != meta["word_count"]:
        raise LexiconError(f"{path}: damaged lexicon file ({len(trie)} words, its metadata says "
                           f"{meta['word_count']})")
    return Lexicon(trie, meta, path)
