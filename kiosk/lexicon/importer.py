"""Importing a word list: read it, refuse it if too many lines are not words, compile a ``.lex``.

``import_word_list(source, name)`` is what ``python -m kiosk lexicon import`` runs. A refused
list raises ``ImportRefused`` (a ``LexiconError``) with a message naming the file, how many lines
are bad and the first of them, and nothing is written. An accepted list with a few bad lines
(at most ``max_bad_share`` of its entries) is compiled; the report lists them so the organiser
sees what was left out. ``compile_list`` is the same reading and checking without the file:
``open_lexicon`` uses it for a plain word list.
"""
from __future__ import annotations

import gzip
import hashlib
import re
import zlib
from datetime import datetime, timezone
from pathlib import Path

from common.game.frozen import value
from kiosk.lexicon import compiled
from kiosk.lexicon.compiled import Lexicon, LexiconError
from kiosk.lexicon.wordlist import WordList, decode, parse_lines, split_lines

DEFAULT_DIR = Path("var") / "lexicons"
DEFAULT_MAX_BAD_SHARE = 0.001
SHOW_BAD = 10  # bad lines quoted in a report or a refusal

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")


class ImportRefused(LexiconError):
    """The word list was not accepted; nothing was written."""


@value
class ImportReport:
    lexicon: Lexicon
    path: Path
    word_list: WordList


def check_name(name: str) -> str:
    """A lexicon name is also a file name: letters, digits, ``_ . -``, at most 40 characters."""
    if not _NAME.fullmatch(name or ""):
        raise ValueError(f"lexicon name {name!r}: expected letters, digits, '_', '.' or '-' "
                         "(up to 40, starting with a letter or digit), e.g. CSW21")
    return name


def default_path(name: str) -> Path:
    """Where an import goes without ``--out``: ``var/lexicons/NAME.lex`` under the current directory."""
    return DEFAULT_DIR / f"{name}{compiled.SUFFIX}"


def percent(share: float) -> str:
    return f"{share * 100:.3g}%"


def bad_lines_text(word_list: WordList) -> list[str]:
    """The first bad lines, quoted, and how many more there are."""
    lines = [bad.describe() for bad in word_list.bad[:SHOW_BAD]]
    if word_list.bad_count > len(lines):
        lines.append(f"... and {word_list.bad_count - len(lines):,} more")
    return lines


def read_source(source: Path) -> tuple[WordList, str]:
    """The parsed list and the SHA-256 of the file's bytes; refuses what cannot be a word list."""
    raw = source.read_bytes()
    if raw.startswith(compiled.MAGIC_PREFIX):
        raise ImportRefused(f"{source}: this is already a compiled lexicon; import the word list")
    try:
        text = decode(raw)
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise ImportRefused(f"{source}: damaged gzip file ({exc})") from None
    return parse_lines(split_lines(text)), hashlib.sha256(raw).hexdigest()


def judge_list(source: Path, word_list: WordList, max_bad_share: float) -> None:
    """Refuse a list with no words or with more bad lines than allowed."""
    if not word_list.words:
        detail = f" ({word_list.bad_count:,} bad lines)" if word_list.bad_count else ""
        raise ImportRefused("\n  ".join([f"{source}: refused: no words found{detail}",
                                         *bad_lines_text(word_list)]))
    if word_list.bad_share > max_bad_share:
        head = (f"{source}: refused: {word_list.bad_count:,} of {word_list.entries:,} entries "
                f"({percent(word_list.bad_share)}) are not words of the letters A-Z; at most "
                f"{percent(max_bad_share)} may be (max bad share {max_bad_share:g})")
        raise ImportRefused("\n  ".join([head, *bad_lines_text(word_list)]))


def compile_list(source: Path, name: str, max_bad_share: float = DEFAULT_MAX_BAD_SHARE,
                 **metadata) -> tuple[Lexicon, WordList]:
    """Read and check ``source``; its words as a lexicon named ``name`` in memory (nothing
    written), with where they came from and any further ``metadata``, and the list as read."""
    word_list, source_sha256 = read_source(source)
    judge_list(source, word_list, max_bad_share)
    lexicon = compiled.build(word_list.words, {
        "name": name,
        "source": source.name,
        "source_sha256": source_sha256,
        **metadata,
        "entries": word_list.entries,
        "bad_lines": word_list.bad_count,
        "duplicates": word_list.duplicates,
    })
    return lexicon, word_list


def import_word_list(source: str | Path, name: str, out: str | Path | None = None,
                     max_bad_share: float = DEFAULT_MAX_BAD_SHARE, force: bool = False,
                     now: datetime | None = None) -> ImportReport:
    """Read, check and compile ``source`` into ``out`` (default ``var/lexicons/NAME.lex``).

    Raises ImportRefused for a list that is not accepted, ValueError for a bad name or share,
    FileExistsError if ``out`` exists and not ``force``, OSError if a file cannot be read or
    written. Nothing is written unless the whole import succeeds.
    """
    check_name(name)
    if not 0 <= max_bad_share < 1:
        raise ValueError(f"max bad share: expected a fraction from 0 up to 1, not {max_bad_share}")
    source = Path(source)
    path = Path(out) if out is not None else default_path(name)
    if path.exists() and not force:
        raise FileExistsError(f"{path} already exists (use --force to replace it)")
    now = now or datetime.now(timezone.utc)
    lexicon, word_list = compile_list(source, name, max_bad_share,
                                      imported_at=now.isoformat(timespec="seconds"))
    compiled.write(lexicon, path, overwrite=force)
    return ImportReport(lexicon=lexicon, path=path, word_list=word_list)
