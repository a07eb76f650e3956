"""Lexicons: reading organisers' word lists and opening them for the judge.

``open_lexicon(path)`` gives an object that answers ``word in lexicon`` for upper-case words.
"""
from __future__ import annotations

from pathlib import Path


def open_lexicon(path: str | Path):
    """A plain word list (one word per line) as a set of upper-case words."""
    words = set()
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        for line in handle:
            parts = line.split()
            if parts and not parts[0].startswith("#"):
                words.add(parts[0].upper())
    return frozenset(words)
