"""Adjudication: one verdict for all the words of a challenge, never per word at the table.

Pure: the lexicon arrives as anything with ``in`` (a set, a compiled trie). A challenged word
is letters only, as the judge screen's keyboard lets through: upper-cased, and a word with
anything else in it (a digit, a hyphen) is refused as input, never judged, on every path (the
judge screen, the station, a replay script, the core's ruling).
"""
from __future__ import annotations

from typing import Container, Iterable

from .frozen import value

MIN_LETTERS, MAX_LETTERS = 2, 15


def clean_word(text: str) -> str:
    """Upper-case and keep the letters A-Z: what the judge screen does as a word is typed."""
    return "".join(c for c in str(text).upper() if "A" <= c <= "Z")


def clean_words(words: Iterable[str], max_words: int) -> tuple[str, ...]:
    """The words of a challenge, upper-cased and checked: 1 to ``max_words`` different words of
    2-15 letters A-Z; a word named twice counts once (a play's words are judged as spellings:
    the verdict is the same, and NZASP 6.17's points per word challenged count it once); a word
    with anything but letters is refused (ValueError), not cleaned."""
    if isinstance(words, str):
        words = words.split()
    words = [str(w).strip() for w in words]
    cleaned = tuple(clean_word(w) for w in words)
    for word, given in zip(cleaned, words):
        if len(word) != len(given):
            raise ValueError(f"a challenged word is letters A-Z only: {given!r}")
    cleaned = tuple(dict.fromkeys(cleaned))         # a word named twice is one word challenged
    if not 1 <= len(cleaned) <= max_words:
        raise ValueError(f"a challenge names 1 to {max_words} words, not {len(cleaned)}")
    for word in cleaned:
        if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
            raise ValueError(f"a challenged word has {MIN_LETTERS} to {MAX_LETTERS} letters: {word!r}")
    return cleaned


@value
class Adjudication:
    """A verdict. ``valid`` is all the table may see; ``per_word`` is for the director only."""
    words: tuple[str, ...]
    valid: bool
    per_word: tuple[bool, ...]


def adjudicate(words: Iterable[str], lexicon: Container[str], max_words: int = 8) -> Adjudication:
    """Judge every word (always all of them: the time taken never depends on which fails)."""
    cleaned = clean_words(words, max_words)
    per_word = tuple(word in lexicon for word in cleaned)
    return Adjudication(words=cleaned, valid=all(per_word), per_word=per_word)
