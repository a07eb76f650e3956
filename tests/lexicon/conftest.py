"""Real word-list files for the lexicon tests, made from the ENABLE list as published (the root
conftest's ``shared`` fixture: a missing ../shared fails loudly, never a skip)."""
from __future__ import annotations

import gzip
import hashlib
import random
from pathlib import Path

import pytest

@pytest.fixture(scope="session")
def enable_words(shared) -> list[str]:
    """The ENABLE words, upper case, sorted, read independently of kiosk.lexicon."""
    words = sorted({line.strip().upper() for line in shared.enable.read_text(encoding="ascii").split("\n")
                    if line.strip()})
    assert len(words) > 170_000
    return words


@pytest.fixture(scope="session")
def enable_fingerprint(enable_words) -> str:
    """SHA-256 of the sorted words, each followed by a newline: computed here, by hand."""
    return hashlib.sha256("".join(w + "\n" for w in enable_words).encode("ascii")).hexdigest()


def _messy_text(words: list[str]) -> str:
    """The same words as an organiser might really send them: a BOM, CRLF, # comments, blank
    lines, mixed case, definitions and tabs after the word, repeats, shuffled."""
    rng = random.Random(7)
    shuffled = words[:]
    rng.shuffle(shuffled)
    lines = ["\ufeff# Word list for the club championship", "#", ""]
    for i, word in enumerate(shuffled):
        word = word.lower() if i % 3 == 0 else word.capitalize() if i % 3 == 1 else word
        if i % 5 == 0:
            word += " a definition, with (punctuation) [n -S] and café"
        elif i % 7 == 0:
            word = "  " + word + "\t12.5\t{hooks}"
        lines.append(word)
        if i % 1000 == 0:
            lines += ["", "   ", "# --- next page ---"]
        if i % 4999 == 0:
            lines.append(word.upper())  # a repeat: counted once
    return "\r\n".join(lines) + "\r\n"


@pytest.fixture(scope="session")
def messy_text():
    """A function: words -> the text of a messy list of them."""
    return _messy_text


@pytest.fixture
def write_list(tmp_path):
    """Write text to a file in tmp_path (gzip if the name ends .gz); returns the path."""
    def write(name: str, text: str, encoding: str = "utf-8") -> Path:
        path = tmp_path / name
        data = text.encode(encoding)
        path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
        return path
    return write


@pytest.fixture
def clean_list(write_list, enable_words) -> Path:
    return write_list("enable-clean.txt", "".join(w.lower() + "\n" for w in enable_words))


@pytest.fixture
def messy_list(write_list, enable_words) -> Path:
    return write_list("enable-messy.txt", _messy_text(enable_words))
